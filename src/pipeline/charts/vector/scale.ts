// A numeric axis of a vector chart: its tick labels (text layer) found as the raster reader finds
// them, then each label matched to the drawn tick or gridline level with it, so the scale is
// fitted to exact drawn positions rather than to text boxes. Values are then printed to the
// shortest decimal the drawing's precision supports (12.4999 is 12.5 where a pixel is 0.08 units).
import { findAxis, median, type Axis } from '../axes.js';
import { bh, cx, cy, type Phrase } from '../text.js';
import type { Item } from './primitives.js';

export interface VectorAxis {
  orientation: 'x' | 'y';
  scale: 'linear' | 'log';
  /** value (log10 value on a log axis) = a + b × pixel */
  a: number;
  b: number;
  labels: Phrase[];
  /** Fitted to drawn ticks (exact) rather than to the labels' text boxes. */
  ticked: boolean;
  /** Uncertainty of a position on the axis, in pixels. */
  slack: number;
  /**
   * The slope is exact (precise ticks, or an axis line through the end ticks) though the whole
   * scale may be shifted by up to `slack`: one exact position (the bars' base at zero) fixes it.
   */
  exactSlope: boolean;
}

/** Writers' coordinate precision: about a hundredth of a point, a thousandth of a text height. */
export const precisionOf = (th: number): number => 0.001 * th;

export const valueAt = (ax: VectorAxis, p: number): number => (ax.scale === 'log' ? Math.pow(10, ax.a + ax.b * p) : ax.a + ax.b * p);
export const pixelOf = (ax: VectorAxis, v: number): number => ((ax.scale === 'log' ? Math.log10(Math.max(v, 1e-300)) : v) - ax.a) / ax.b;

interface Line {
  a: number;
  b: number;
  worst: number;
  worstErr: number;
  rms: number;
}

function fitLine(ps: number[], vs: number[]): Line | undefined {
  const n = ps.length;
  if (n < 2) return undefined;
  const mp = ps.reduce((s, p) => s + p, 0) / n, mv = vs.reduce((s, v) => s + v, 0) / n;
  let sxx = 0, sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (ps[i]! - mp) ** 2;
    sxy += (ps[i]! - mp) * (vs[i]! - mv);
  }
  if (sxx === 0 || sxy === 0) return undefined;
  const b = sxy / sxx, a = mv - b * mp;
  let worst = 0, worstErr = -1, ss = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.abs((vs[i]! - a) / b - ps[i]!);
    ss += e * e;
    if (e > worstErr) [worst, worstErr] = [i, e];
  }
  return { a, b, worst, worstErr, rms: Math.sqrt(ss / n) };
}

/**
 * The drawn level of a tick label: the rule across its axis (a tick or gridline) nearest the
 * label's centre, within half a text height of it and starting or ending near the label.
 */
function tickOf(label: Phrase, rules: Item[], orientation: 'x' | 'y', th: number): number | undefined {
  // Along the axis the tick lies under the label: at its centre, or at an end of a label set
  // flush with the axis end; the one nearest the centre wins.
  const [lo, hi, mid] = orientation === 'y' ? [label.bbox[1], label.bbox[3], cy(label.bbox)] : [label.bbox[0], label.bbox[2], cx(label.bbox)];
  let best: number | undefined, bestD = Infinity;
  for (const r of rules) {
    const [x0, y0, x1, y1] = r.bbox;
    let at: number, gap: number;
    if (orientation === 'y') {
      if (y1 - y0 > 0.01) continue; // horizontal rules only
      [at, gap] = [y0, Math.max(0, x0 - label.bbox[2], label.bbox[0] - x1)];
    } else {
      if (x1 - x0 > 0.01) continue;
      [at, gap] = [x0, Math.max(0, y0 - label.bbox[3], label.bbox[1] - y1)];
    }
    const d = Math.abs(at - mid);
    if (gap <= 2 * th && at >= Math.min(lo, mid - 0.6 * th) - 0.5 && at <= Math.max(hi, mid + 0.6 * th) + 0.5 && d < bestD) [best, bestD] = [at, d];
  }
  return best;
}

/**
 * Ticks snapped to whole units leave the scale uncertain by a fraction of a unit; an axis line
 * (or frame edge) along the axis whose two ends fall where two tick values belong, within that
 * rounding, is drawn at the unrounded positions (axis lines span the ticked domain): the scale
 * goes through its ends (the longest such line).
 */
function anchor(f: Line, pairs: Array<{ p: number; v: number }>, rules: Item[], orientation: 'x' | 'y', within: number): { a: number; b: number } | undefined {
  // The value whose fitted position is within reach of a pixel, if any.
  const valueNear = (px: number): number | undefined => pairs.find((q) => Math.abs((q.v - f.a) / f.b - px) <= within)?.v;
  let best: { a: number; b: number; length: number } | undefined;
  for (const r of rules) {
    const [x0, y0, x1, y1] = r.bbox;
    const along = orientation === 'y' ? x1 - x0 <= 0.01 : y1 - y0 <= 0.01;
    if (!along) continue;
    const [e0, e1] = orientation === 'y' ? [y0, y1] : [x0, x1];
    const v0 = valueNear(e0), v1 = valueNear(e1);
    if (v0 === undefined || v1 === undefined || v0 === v1) continue;
    const b = (v1 - v0) / (e1 - e0);
    if (!best || e1 - e0 > best.length) best = { a: v0 - b * e0, b, length: e1 - e0 };
  }
  return best && { a: best.a, b: best.b };
}

/**
 * The numeric axis of an orientation: its labels as the raster reader groups them, refitted to
 * the ticks they label when at least two (and most) of them have one; else to the labels' centres.
 */
export function vectorAxis(phrases: Phrase[], rules: Item[], orientation: 'x' | 'y', exclude: Set<Phrase> = new Set()): VectorAxis | undefined {
  const found: Axis | undefined = findAxis(phrases, orientation, exclude) ?? findAxis(phrases, orientation, exclude, 2);
  if (!found) return undefined;
  const th = median(found.labels.map((l) => bh(l.bbox)));
  const log = found.scale === 'log';
  // Every number in the labels' row (or column): the end labels may be set flush with the axis
  // ends, off where their values belong, and the label fit then leaves them out.
  const along = (p: Phrase): number => (orientation === 'x' ? cx(p.bbox) : cy(p.bbox));
  const across = (p: Phrase): number => (orientation === 'x' ? cy(p.bbox) : p.bbox[2]);
  const at = found.labels.map(along);
  const step = (Math.max(...at) - Math.min(...at)) / Math.max(1, at.length - 1);
  const edge = median(found.labels.map(across));
  const rowOf = (p: Phrase): boolean =>
    Math.abs(across(p) - edge) <= (orientation === 'x' ? 0.5 * th : Math.max(...found.labels.map((l) => l.bbox[2] - l.bbox[0]))) && along(p) >= Math.min(...at) - step && along(p) <= Math.max(...at) + step;
  const row = phrases.filter((p) => p.value !== null && !exclude.has(p) && (found.labels.includes(p) || rowOf(p)) && (!log || p.value > 0));
  let pairs = row.flatMap((l) => {
    const t = tickOf(l, rules, orientation, th);
    return t === undefined ? [] : [{ p: t, v: log ? Math.log10(l.value!) : l.value!, label: l }];
  });
  // Ticks may be snapped to whole units by their writer (Vega rounds them to pixels): off the
  // line by up to half a unit, far less than a text height.
  const tolerance = 0.1 * th;
  const precise = Math.max(0.05, 0.002 * th);
  while (pairs.length >= 2 && pairs.length >= 0.6 * found.labels.length) {
    const f = fitLine(
      pairs.map((q) => q.p),
      pairs.map((q) => q.v),
    );
    if (!f) break;
    const direction = orientation === 'y' ? f.b < 0 : f.b > 0;
    if (f.worstErr <= tolerance && direction) {
      const labels = pairs.map((q) => q.label);
      const base = { orientation, scale: found.scale, labels, ticked: true };
      if (f.worstErr <= precise) return { ...base, a: f.a, b: f.b, slack: Math.max(3 * f.rms, precisionOf(th)), exactSlope: true };
      // The axis line and the ticks may both sit half a unit off the marks (crisp 1-unit lines).
      const anchored = anchor(f, pairs, rules, orientation, Math.max(f.worstErr, 2 * f.rms));
      return { ...base, ...(anchored ?? { a: f.a, b: f.b }), slack: Math.max(f.worstErr, precisionOf(th)), exactSlope: anchored !== undefined };
    }
    pairs = pairs.filter((_, i) => i !== f.worst);
  }
  // No drawn ticks: the labels' centres, good to a fraction of a text height.
  return { orientation, scale: found.scale, a: found.a, b: found.b, labels: found.labels, ticked: false, slack: Math.max(found.residual, 0.1 * th), exactSlope: false };
}

/** The shortest decimal within `slack` of `v`: the value as printed in the data. */
export function snap(v: number, slack: number): number {
  if (!Number.isFinite(v)) return v;
  for (let d = -6; d <= 12; d++) {
    const f = Math.pow(10, d);
    const r = Math.round(v * f) / f;
    if (Math.abs(r - v) <= slack) return Number(r.toFixed(Math.max(0, d)));
  }
  return v;
}

/** A position's value, printed to the precision the axis supports there. */
export function readValue(ax: VectorAxis, p: number): number {
  const v = valueAt(ax, p);
  const slack = ax.scale === 'log' ? Math.abs(v) * Math.LN10 * Math.abs(ax.b) * ax.slack : Math.abs(ax.b) * ax.slack;
  return snap(v, slack);
}

const decimals = (v: number): number => {
  const m = /\.(\d+)$/.exec(String(v));
  return m ? m[1]!.length : 0;
};

/** A difference of two positions' values (a stacked segment): both ends as printed, subtracted. */
export function readSpan(ax: VectorAxis, from: number, to: number): number {
  const a = readValue(ax, from), b = readValue(ax, to);
  return Number((b - a).toFixed(Math.min(12, Math.max(decimals(a), decimals(b)))));
}
