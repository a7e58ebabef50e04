// Numeric axes from their tick labels: labels aligned in a column (a vertical axis) or a row (a
// horizontal axis) whose values fall on a straight line against their pixel position, either
// linearly or in log10. The fit maps any pixel to a value in data units.
import type { BBox } from '../types.js';
import { isPowerLabel } from './power-labels.js';
import { bh, bw, cx, cy, parseNumber, type Phrase } from './text.js';

export interface Axis {
  orientation: 'x' | 'y';
  scale: 'linear' | 'log';
  /** value (or log10 value) = a + b × pixel */
  a: number;
  b: number;
  labels: Phrase[];
  /** The value each label was read at (another reading than its printed one where a decimal point was lost). */
  values: number[];
  /** Root-mean-square residual of the fit, in pixels. */
  residual: number;
}

export const toValue = (ax: Axis, p: number): number => (ax.scale === 'log' ? Math.pow(10, ax.a + ax.b * p) : ax.a + ax.b * p);
export const toPixel = (ax: Axis, v: number): number => ((ax.scale === 'log' ? Math.log10(Math.max(v, 1e-300)) : v) - ax.a) / ax.b;

interface Fit {
  a: number;
  b: number;
  residual: number;
  worst: number;
  worstErr: number;
}

function fit(ps: number[], vs: number[]): Fit | undefined {
  const n = ps.length;
  const mp = ps.reduce((s, p) => s + p, 0) / n;
  const mv = vs.reduce((s, v) => s + v, 0) / n;
  let sxx = 0, sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (ps[i]! - mp) ** 2;
    sxy += (ps[i]! - mp) * (vs[i]! - mv);
  }
  if (sxx === 0 || sxy === 0) return undefined;
  const b = sxy / sxx;
  const a = mv - b * mp;
  // Residuals in pixels: how far each label sits from where its value belongs.
  let ss = 0, worst = 0, worstErr = -1;
  for (let i = 0; i < n; i++) {
    const e = Math.abs((vs[i]! - a) / b - ps[i]!);
    ss += e * e;
    if (e > worstErr) {
      worstErr = e;
      worst = i;
    }
  }
  return { a, b, residual: Math.sqrt(ss / n), worst, worstErr };
}

/**
 * Readings of a tick label: the number it states first, then the numbers it states if OCR lost
 * its decimal point ("08" or "0 8" for "0.8", "10" for "1.0"): small digits are easily dropped
 * or read as a space. Only a bare string of two to four digits has such readings.
 */
export function readings(p: Phrase, scan = false): number[] {
  if (p.value === null) return [];
  // A tick mark touching the label reads as a trailing dash ("2 5-").
  const m = /^([-\u2212\u2013\u2014]?)(\d)([ ,]?)(\d{1,3})[-\u2013\u2014_|~]*$/u.exec(p.text.trim());
  // A space or comma before three digits groups thousands ("1,000").
  if (!m || (m[3] && m[4]!.length === 3)) {
    // A dotted or slashed zero before the point (a scan, small type) reads as a 6, 8 or 9 ("6.20"
    // for "0.20"); the consensus takes the zero only where it puts more labels on one scale.
    const z = /^([-\u2212\u2013\u2014]?)[689](\.\d+)$/u.exec(p.text.trim());
    return z ? [p.value, (z[1] ? -1 : 1) * Number(`0.${z[2]!.slice(1)}`)] : [p.value];
  }
  const digits = m[2]! + m[4]!, sign = m[1] ? -1 : 1;
  // No number is printed with a leading zero ("065", "0 45"): only the readings with the point
  // after that zero are possible.
  const possible = (k: number): boolean => k === 1 || digits[0] !== '0';
  const out = possible(digits.length) ? [p.value] : [];
  for (let k = 1; k < digits.length; k++) {
    const v = sign * Number(`${digits.slice(0, k)}.${digits.slice(k)}`);
    if (possible(k) && !out.includes(v)) out.push(v);
  }
  // On a scan the point of "0.8" merges into the 0's foot, which then reads as a 6, 8 or 9 ("6 8",
  // "68"). The consensus takes this reading only where it puts more labels on one scale.
  if (scan && m[4]!.length === 1 && '689'.includes(m[2]!)) out.push(sign * Number(`0.${m[4]}`));
  return out.length ? out : [p.value];
}

/** Digits that small or serif type lets OCR read as one another (a closed 8's loops as a 6 or a 3). */
const LOOKALIKE_DIGITS: Record<string, string> = { '6': '85', '8': '63', '3': '8', '5': '6' };

/** Readings of a label with one digit taken as its look-alike ("6" for a misread 8), the likelier look-alike first. */
export function glyphSwaps(p: Phrase): { v: number; rank: number }[] {
  const t = p.text.trim(), out: { v: number; rank: number }[] = [];
  for (let i = 0; i < t.length; i++)
    [...(LOOKALIKE_DIGITS[t[i]!] ?? '')].forEach((d, rank) => {
      const v = parseNumber(`${t.slice(0, i)}${d}${t.slice(i + 1)}`)?.value;
      if (v !== undefined && v !== p.value && !out.some((o) => o.v === v)) out.push({ v, rank });
    });
  return out;
}

/**
 * 1, 10, 100, 0.1 …: two such labels alone (a short log axis, 10¹ and 10²) fit both scales, but a
 * linear axis steps evenly from a round start and is not labelled 10 and 100 with nothing between.
 */
export function powerOfTen(v: number): boolean {
  const e = Math.log10(v);
  return v > 0 && Math.abs(e - Math.round(e)) < 1e-9;
}

function oneDigit(v: number): boolean {
  const m = v / Math.pow(10, Math.floor(Math.log10(v)));
  return Math.abs(m - Math.round(m)) < 1e-6;
}

const GAP = /^[-\u2212\u2013\u2014]?\d \d[-\u2013\u2014_|~]*$/u;

interface Reading {
  p: Phrase;
  v: number;
  /** Where the label marks its value: its centre, or an edge for a label flush with the axis end. */
  at?: number;
}

/** The best fit of a group of labels, dropping misread labels one at a time. */
function fitGroup(group: Phrase[], orientation: 'x' | 'y', tol: number, minLabels: number, scan: boolean): Axis | undefined {
  let labels = consensus(group, orientation, tol, scan) ?? group.map((p): Reading => ({ p, v: readings(p)[0]! }));
  while (labels.length >= minLabels) {
    const ps = labels.map((l) => l.at ?? (orientation === 'y' ? cy(l.p.bbox) : cx(l.p.bbox)));
    const vs = labels.map((l) => l.v);
    // Two distinct values are needed; equal values cannot be two ticks.
    if (new Set(vs).size < labels.length) {
      labels = dedupe(labels);
      continue;
    }
    const lin = fit(ps, vs);
    const positive = vs.every((v) => v > 0);
    // Two labels fix a log scale where both are powers of ten, or were printed in power notation (2×10⁰).
    const decades = labels.length === 2 && positive && (vs.every(powerOfTen) || labels.every((l) => l.p.words.some(isPowerLabel)));
    const log = positive && (labels.length >= 3 || decades) ? fit(ps, vs.map(Math.log10)) : undefined;
    let best: { f: Fit; scale: 'linear' | 'log' } | undefined = lin ? { f: lin, scale: 'linear' } : undefined;
    if (log && (!best || decades || log.residual < best.f.residual * 0.5)) best = { f: log, scale: 'log' };
    if (!best) return undefined;
    const direction = orientation === 'y' ? best.f.b < 0 : best.f.b > 0;
    // Every label must sit where its value belongs: one misread digit ("258" for "250") is dropped, not averaged in.
    if (best.f.worstErr <= tol && direction) return { orientation, scale: best.scale, a: best.f.a, b: best.f.b, labels: labels.map((l) => l.p), values: vs, residual: best.f.residual };
    if (labels.length <= minLabels) return undefined;
    labels = labels.filter((_, i) => i !== best.f.worst);
  }
  return undefined;
}

/**
 * The largest set of labels that one straight scale (linear or log) puts where they stand, from
 * every pair of labels: dropping the worst label one at a time can go astray when two labels are
 * off (the first and last tick labels flush with the axis ends, a misread digit), keeping the two
 * wrong ones and dropping right ones. A label may be taken at another of its readings (a lost
 * decimal point) when that puts more labels in place; ties keep the labels as printed.
 */
function consensus(group: Phrase[], orientation: 'x' | 'y', tol: number, scan: boolean): Reading[] | undefined {
  // Three labels seldom outvote a misreading, but two stating one value show that one is misread.
  if (group.length < 4 && !(group.length === 3 && new Set(group.map((p) => p.value)).size < 3)) return undefined;
  const ps = group.map((l) => (orientation === 'y' ? cy(l.bbox) : cx(l.bbox)));
  // Only the first and last labels can be flush, each at its outer edge (the label runs inward).
  const first = ps.indexOf(Math.min(...ps)), last = ps.indexOf(Math.max(...ps));
  const lo = orientation === 'y' ? 1 : 0, hi = orientation === 'y' ? 3 : 2;
  const outerEdge = (k: number): number | undefined => (k === first ? group[k]!.bbox[lo] : k === last ? group[k]!.bbox[hi] : undefined);
  // A look-alike digit is one more reading, costing as much as a lost point but no part of the format mix below.
  const swaps = group.map((p) => glyphSwaps(p).filter((o) => !readings(p, scan).includes(o.v)));
  const alts = group.map((p, k) => [...readings(p, scan), ...swaps[k]!.map((o) => o.v)]);
  // On a scan, a gap between two single digits ("3 0") is where a point was lost (OCR seldom splits
  // a number's digits there): its point reading is no change, and reading it whole costs a bit more
  // than a change elsewhere (a scale and its tenfold, otherwise tied, go to the gaps' word).
  const gapped = group.map((p) => scan && GAP.test(p.text.trim()));
  const positive = group.every((l) => l.value! > 0);
  let best: Reading[] | undefined, bestScore = -Infinity;
  for (const log of positive ? [false, true] : [false]) {
    // Log ticks have one significant digit (10, 200, 0.05): "608" or "6.4" is no log tick, and
    // misread labels 10× apart would otherwise make a log scale of their own.
    const tr = (v: number): number => (log ? (v > 0 && oneDigit(v) ? Math.log10(v) : NaN) : v);
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++)
        for (const vi of alts[i]!)
          for (const vj of alts[j]!) {
            const ti = tr(vi), tj = tr(vj);
            if (Number.isNaN(ti) || Number.isNaN(tj) || ti === tj || ps[i] === ps[j]) continue;
            const b = (tj - ti) / (ps[j]! - ps[i]!);
            const a = ti - b * ps[i]!;
            const inliers: Reading[] = [];
            let altered = 0, flush = 0, ignored = 0, pointZero = 0, bare = 0;
            group.forEach((p, k) => {
              const v = alts[k]!.find((x) => Math.abs((tr(x) - a) / b - ps[k]!) <= tol);
              if (v !== undefined) {
                inliers.push({ p, v });
                if (gapped[k] && v === p.value) ignored++;
                else if (v !== p.value && !gapped[k]) altered++;
                const swap = swaps[k]!.find((o) => o.v === v);
                if (swap) {
                  altered += 0.5 * swap.rank;
                  return;
                }
                if (v !== p.value && Number.isInteger(v)) pointZero++;
                else if (v === p.value && Number.isInteger(v) && !/[.,]/.test(p.text)) bare++;
                return;
              }
              // The end labels are often drawn flush with the axis ends (Vega's labelFlush): an edge,
              // not the centre, stands at the tick. Taken at that edge, they no longer bend the scale.
              const edge = outerEdge(k);
              if (edge === undefined || !(Math.abs((tr(p.value!) - a) / b - edge) <= tol)) return;
              inliers.push({ p, v: p.value!, at: edge });
              flush++;
            });
            // One axis prints its labels in one format: "80" read as 8.0 (a lost point) beside a
            // bare "6" read as 6 mixes "8.0" and "6"; the smaller side of such a mix is misread
            // (a "60" whose 0 was lost), so it counts for nothing.
            const mixed = Math.min(pointZero, bare);
            const sc = inliers.length - 0.1 * altered - 0.05 * flush - 0.12 * ignored - mixed;
            if (sc > bestScore) {
              bestScore = sc;
              best = inliers;
            }
          }
  }
  return best && best.length >= 3 ? best : undefined;
}

function dedupe(labels: Reading[]): Reading[] {
  const seen = new Set<number>();
  return labels.filter((l) => (seen.has(l.v) ? false : (seen.add(l.v), true)));
}

/**
 * The numeric axis of this orientation that explains the most labels. `exclude` keeps labels of
 * another role (an axis already found) out.
 */
export function findAxis(phrases: Phrase[], orientation: 'x' | 'y', exclude: Set<Phrase> = new Set(), minLabels = 3, scan = false): Axis | undefined {
  const nums = phrases.filter((p) => p.value !== null && !exclude.has(p));
  if (nums.length < minLabels) return undefined;
  const h = median(nums.map((p) => bh(p.bbox)));
  const tol = Math.max(1.5, 0.3 * h);
  const align = Math.max(2, 0.4 * h);
  // Column alignments (right, left or centre edges) for a vertical axis, rows for a horizontal one.
  const keys: ((p: Phrase) => number)[] =
    orientation === 'y' ? [(p) => p.bbox[2], (p) => p.bbox[0], (p) => cx(p.bbox)] : [(p) => cy(p.bbox), (p) => p.bbox[1], (p) => p.bbox[3]];
  let best: Axis | undefined;
  const tried = new Set<string>();
  for (const key of keys)
    for (const seed of nums) {
      const k = key(seed);
      let group = nums.filter((p) => Math.abs(key(p) - k) <= align);
      // Labels of one axis do not overlap along it.
      group = group.sort((a, b) => (orientation === 'y' ? cy(a.bbox) - cy(b.bbox) : cx(a.bbox) - cx(b.bbox)));
      const id = group.map((g) => nums.indexOf(g)).join(',');
      if (group.length < minLabels || tried.has(id)) continue;
      tried.add(id);
      const axis = fitGroup(group, orientation, tol, minLabels, scan);
      if (axis && (!best || score(axis) > score(best))) best = axis;
    }
  return best;
}

/**
 * A row axis whose labels lie level with the middle of a column axis's labels (a text height
 * inside its ends): no horizontal axis, whose labels lie beyond an end of the vertical axis's
 * column, but a row of value labels across a line chart that happens to fit a scale.
 */
export function levelWithColumn(row: Axis | undefined, column: Axis | undefined, th: number): boolean {
  if (!row || !column || column.labels.length < 3) return false;
  const ys = column.labels.map((l) => cy(l.bbox)), at = median(row.labels.map((l) => cy(l.bbox)));
  return at > Math.min(...ys) + th && at < Math.max(...ys) - th;
}

/** The labels of the axis chosen say what it read them as (value labels and axis ranges use them). */
export function applyReadings(axis: Axis | undefined): void {
  axis?.labels.forEach((l, i) => (l.value = axis.values[i]!));
}

/**
 * Numbers OCR read in two pieces on one line, a digit's width or so apart ("0" "8" for "0.8":
 * the decimal point lost, the space kept), joined into one phrase; the other phrases unchanged.
 * Where `point` sees the decimal point between the pieces, the phrase reads as the decimal only.
 */
export function joinSplitNumbers(ps: Phrase[], point?: (a: BBox, b: BBox) => boolean): Phrase[] {
  const out: Phrase[] = [];
  const used = new Set<Phrase>();
  const sorted = [...ps].sort((a, b) => a.bbox[0] - b.bbox[0]);
  for (const a of sorted) {
    if (used.has(a)) continue;
    const h = bh(a.bbox);
    const b = /^[-\u2212\u2013\u2014]?\d$/u.test(a.text.trim())
      ? sorted.find((o) => o !== a && !used.has(o) && /^\d{1,2}$/.test(o.text.trim()) && o.bbox[0] >= a.bbox[2] && o.bbox[0] - a.bbox[2] <= 1.6 * h && Math.abs(cy(o.bbox) - cy(a.bbox)) <= 0.3 * h && Math.abs(bh(o.bbox) - h) <= 0.3 * h)
      : undefined;
    if (!b) {
      out.push(a);
      continue;
    }
    used.add(b);
    const dot = point?.(a.bbox, b.bbox) ? '.' : '';
    const text = `${a.text.trim()}${dot || ' '}${b.text.trim()}`;
    const value = Number(`${a.text.trim()}${dot}${b.text.trim()}`.replace(/^[\u2212\u2013\u2014]/u, '-'));
    out.push({ text, bbox: [a.bbox[0], Math.min(a.bbox[1], b.bbox[1]), b.bbox[2], Math.max(a.bbox[3], b.bbox[3])], words: [...a.words, ...b.words], value, percent: false });
  }
  return out;
}

const score = (a: Axis): number => a.labels.length - a.residual * 0.01;

export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Width of the label column (to tell tick labels from the plot beside them). */
export const labelExtent = (ax: Axis): [number, number] =>
  ax.orientation === 'y' ? [Math.min(...ax.labels.map((l) => l.bbox[0])), Math.max(...ax.labels.map((l) => l.bbox[2]))] : [Math.min(...ax.labels.map((l) => l.bbox[1])), Math.max(...ax.labels.map((l) => l.bbox[3]))];

export const meanWidth = (ps: Phrase[]): number => ps.reduce((s, p) => s + bw(p.bbox), 0) / Math.max(1, ps.length);
