// Grouped bars are found by the gaps between them, but a group with bars missing (a zero, a
// negative bar's gap, a bar hidden under the legend) leaves gaps inside a group as wide as those
// between groups, and one category's bars split into two. Where the category labels are read at
// even steps, the labels themselves say where each category is: every bar whose centre lies
// within half a step of a label belongs to that label's category.
import { columnMedian } from './bars.js';

/** A category label's centre along the bars' axis. */
export interface LabelSlot {
  centre: number;
}

/** A bar's extent across its length (u0..u1) and its series. */
export interface BarSlot {
  u0: number;
  u1: number;
  series: number;
}

/**
 * For each bar the index of the label whose category holds it, or undefined when the labels do
 * not mark the categories: fewer than two, out of order, steps more than 15 % apart, a bar outside
 * every label's half step (garbled labels of a rotated row that name only some groups), or two
 * bars of one series at least 0.6 of the typical width (the width-weighted median) under one label
 * (labels printed at every other bar). Narrow
 * pieces (a bar cut into strips by a printed value, a legend swatch) are assigned but not counted
 * as a second bar.
 */
export function barsByLabel(labels: LabelSlot[], bars: BarSlot[]): number[] | undefined {
  if (labels.length < 2 || bars.length === 0) return undefined;
  const xs = labels.map((l) => l.centre);
  for (let i = 1; i < xs.length; i++) if (!(xs[i]! > xs[i - 1]!)) return undefined;
  const steps = xs.slice(1).map((x, i) => x - xs[i]!);
  const step = (xs[xs.length - 1]! - xs[0]!) / steps.length;
  if (steps.some((s) => Math.abs(s - step) > 0.15 * step)) return undefined;
  const full = 0.6 * columnMedian(bars.map((b) => b.u1 - b.u0));
  const out: number[] = [];
  const seen = new Set<string>();
  for (const b of bars) {
    const c = (b.u0 + b.u1) / 2;
    let best = 0;
    xs.forEach((x, i) => (Math.abs(x - c) < Math.abs(xs[best]! - c) ? (best = i) : 0));
    if (Math.abs(xs[best]! - c) > 0.55 * step) return undefined;
    if (b.u1 - b.u0 >= full) {
      const key = `${best}:${b.series}`;
      if (seen.has(key)) return undefined;
      seen.add(key);
    }
    out.push(best);
  }
  return out;
}
