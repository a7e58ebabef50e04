// Bars, measured in a "view" where bars stand along the v axis and sit side by side along u
// (a vertical bar chart as drawn; a horizontal one transposed). A bar is a run of columns whose
// coloured extent keeps the same ends; its value is read at the end away from the common
// baseline, or as the difference of its two ends when it is a stacked segment.

export interface Bar {
  series: number;
  u0: number;
  u1: number;
  /** Ends along v: near (v0, smaller) and far (v1, larger). */
  v0: number;
  v1: number;
}

export interface BarView {
  /** Extent along u and v. */
  nu: number;
  nv: number;
  /** Cluster at (u, v), or -1. */
  at: (u: number, v: number) => number;
  /** Covered by text or a rule drawn over the bar (a run of the bar continues across it). */
  hidden: (u: number, v: number) => boolean;
  /**
   * Ink of no series (glyphs of a value label the OCR did not read, their blends with the bar): a
   * run continues across up to `bridge` such pixels when its colour resumes beyond them.
   */
  over?: (u: number, v: number) => boolean;
  bridge?: number;
  /** The colour cluster under a hidden pixel (a label's box masks a bar's end, whose colour shows between the glyphs). */
  under?: (u: number, v: number) => number;
  /** Whether the series has any pixel at position u (a run starts only on one: other positions are passed over). */
  present?: (u: number, series: number) => boolean;
}

/** `present` for a view: one pass over the cluster labels marks every (series, u) that has a pixel. */
export function presence(label: Int16Array, width: number, vertical: boolean, nu: number, series: number[]): (u: number, series: number) => boolean {
  const slot = new Int32Array(Math.max(0, ...series) + 1).fill(-1);
  series.forEach((k, s) => {
    if (k >= 0) slot[k] = s;
  });
  const seen = new Uint8Array(series.length * nu);
  for (let i = 0; i < label.length; i++) {
    const l = label[i]!;
    if (l < 0 || l >= slot.length || slot[l]! < 0) continue;
    seen[slot[l]! * nu + (vertical ? i % width : Math.floor(i / width))] = 1;
  }
  return (u, k) => k < 0 || k >= slot.length || slot[k]! < 0 || seen[slot[k]! * nu + u] === 1;
}

/** The bars of one series: columns with its colour, split where either end jumps. */
export function barsOf(view: BarView, series: number): Bar[] {
  const lo = new Int32Array(view.nu).fill(-1);
  const hi = new Int32Array(view.nu).fill(-1);
  const count = new Int32Array(view.nu);
  const bridge = view.bridge ?? 0;
  for (let u = 0; u < view.nu; u++) {
    // The longest run of the series in this column (stray pixels elsewhere do not stretch it).
    if (view.present && !view.present(u, series)) continue;
    let runStart = -1, runN = 0, lastHit = -1;
    for (let v = 0; v <= view.nv; v++) {
      const hit = v < view.nv && view.at(u, v) === series;
      if (hit) {
        if (runStart < 0) runStart = v;
        runN++;
        lastHit = v;
        continue;
      }
      if (runStart >= 0 && v < view.nv && view.hidden(u, v)) {
        if (view.under?.(u, v) === series) lastHit = v;
        continue;
      }
      if (runStart >= 0 && v < view.nv && v - lastHit <= bridge && view.over?.(u, v) === true) continue;
      if (runStart >= 0 && (v === view.nv || v - lastHit > 0)) {
        if (runN > count[u]!) {
          count[u] = runN;
          lo[u] = runStart;
          hi[u] = lastHit;
        }
        runStart = -1;
        runN = 0;
      }
    }
  }
  const bars: Bar[] = [];
  let u = 0;
  while (u < view.nu) {
    if (count[u]! < 2) {
      u++;
      continue;
    }
    let e = u + 1;
    while (e < view.nu && count[e]! >= 2 && Math.abs(lo[e]! - lo[e - 1]!) <= 2 && Math.abs(hi[e]! - hi[e - 1]!) <= 2) e++;
    // Anti-aliased first/last columns are partial; allow the run to absorb one such column each side.
    if (e - u >= 2) {
      const los: number[] = [], his: number[] = [];
      for (let k = u; k < e; k++) {
        los.push(lo[k]!);
        his.push(hi[k]!);
      }
      los.sort((a, b) => a - b);
      his.sort((a, b) => a - b);
      // Text masked inside a bar (a value label) cuts some columns short: trust the fuller ones.
      const v0 = los[Math.floor(0.15 * (los.length - 1))]!;
      const v1 = his[Math.ceil(0.85 * (his.length - 1))]! + 1;
      if (v1 - v0 >= 1) bars.push({ series, u0: u, u1: e, v0, v1 });
    }
    u = e;
  }
  return mergeSplitBars(bars);
}

/** A bar cut in two along v (by a label or a gridline over it) is one bar. */
function mergeSplitBars(bars: Bar[]): Bar[] {
  const out: Bar[] = [];
  for (const b of bars) {
    const prev = out[out.length - 1];
    if (prev && b.u0 - prev.u1 <= 1 && Math.abs(b.u1 - prev.u1) > 0 && Math.abs(b.v0 - prev.v0) <= 2 && Math.abs(b.v1 - prev.v1) <= 2) {
      prev.u1 = b.u1;
      continue;
    }
    out.push({ ...b });
  }
  // Drop slivers: a bar is at least a third as wide as the typical bar of its series, the width
  // that covers half the series' columns (value labels printed in the series' grey leave many
  // slivers, which would pull a plain median down).
  const w = columnMedian(out.map((b) => b.u1 - b.u0));
  return out.filter((b) => b.u1 - b.u0 >= Math.max(2, 0.35 * w));
}

/** The width at which the bars no wider hold half of all the columns (a median weighted by width). */
export function columnMedian(widths: number[]): number {
  const s = [...widths].sort((a, b) => a - b);
  const half = s.reduce((t, w) => t + w, 0) / 2;
  let acc = 0;
  for (const w of s) if ((acc += w) >= half) return w;
  return 0;
}

/** The v position most bar ends share (the zero line, or the axis floor for log scales). */
export function baseline(bars: Bar[], zero: number | undefined): number {
  const ends = bars.flatMap((b) => [b.v0, b.v1]);
  // The axis's zero, where bars end on it, is the baseline (stacked segments share many other ends).
  if (zero !== undefined && ends.filter((e) => Math.abs(e - zero) <= 3).length >= Math.min(2, bars.length)) return zero;
  // Where one stacked segment ends the next begins: such junctions can outnumber the baseline's
  // ends (two segments meet at each), so only free ends, with nothing stacked on them, vote.
  const overlap = (a: Bar, b: Bar): boolean => Math.min(a.u1, b.u1) - Math.max(a.u0, b.u0) > 0.5 * Math.min(a.u1 - a.u0, b.u1 - b.u0);
  const free = bars.flatMap((b) =>
    [b.v0, b.v1].filter((e) => !bars.some((o) => o !== b && overlap(o, b) && (e === b.v0 ? Math.abs(o.v1 - e) <= 2 : Math.abs(o.v0 - e) <= 2))),
  );
  const voters = free.length > 0 ? free : ends;
  let best = voters[0] ?? 0, bestN = 0;
  for (const e of voters) {
    const n = voters.filter((x) => Math.abs(x - e) <= 2).length;
    if (n > bestN || (n === bestN && zero !== undefined && Math.abs(e - zero) < Math.abs(best - zero))) {
      best = e;
      bestN = n;
    }
  }
  // A lone bar gives no consensus: the axis's zero decides when it is drawn.
  if (bestN <= 1 && zero !== undefined) return zero;
  return best;
}

/** Bars whose u-spans overlap (stacked segments) form one slot; slots close together form a group. */
export function groupBars(bars: Bar[], nSeries: number): { stacked: boolean; groups: Bar[][] } {
  const sorted = [...bars].sort((a, b) => a.u0 + a.u1 - (b.u0 + b.u1));
  const slots: Bar[][] = [];
  for (const b of sorted) {
    const slot = slots.find((s) => s.some((o) => Math.min(o.u1, b.u1) - Math.max(o.u0, b.u0) > 0.5 * Math.min(o.u1 - o.u0, b.u1 - b.u0)));
    if (slot) slot.push(b);
    else slots.push([b]);
  }
  const stacked = nSeries > 1 && slots.filter((s) => new Set(s.map((b) => b.series)).size > 1).length >= slots.length / 2;
  if (stacked || nSeries <= 1) return { stacked, groups: slots };
  // Grouped: gaps within a group are small, between groups large.
  const span = (s: Bar[]): [number, number] => [Math.min(...s.map((b) => b.u0)), Math.max(...s.map((b) => b.u1))];
  const gaps: number[] = [];
  for (let i = 1; i < slots.length; i++) gaps.push(span(slots[i]!)[0] - span(slots[i - 1]!)[1]);
  if (gaps.length === 0) return { stacked, groups: slots };
  const gmin = Math.min(...gaps), gmax = Math.max(...gaps);
  const cut = gmax > 2 * gmin + 3 ? (gmin + gmax) / 2 : -Infinity;
  const groups: Bar[][] = [[...slots[0]!]];
  for (let i = 1; i < slots.length; i++) {
    const g = groups[groups.length - 1]!;
    const repeats = slots[i]!.some((b) => g.some((o) => o.series === b.series));
    if (gaps[i - 1]! <= cut && !repeats) g.push(...slots[i]!);
    else groups.push([...slots[i]!]);
  }
  return { stacked, groups };
}
