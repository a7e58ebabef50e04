// Scores of one chart reading against its truth: the share of values within 2 % of the axis range
// (values matched through their category and series, found by name and order), and DePlot's
// relative mapping similarity (RMS) F1 over (row, column, value) triples.
import type { ChartExtraction } from '../../src/pipeline/charts/index.js';
import type { ChartTruth } from '../../test/fixtures/chart-image.js';

/** Minimum-cost assignment (Hungarian algorithm, square-padded); -1 where a row stays unmatched. */
export function assign(cost: number[][]): number[] {
  const n = cost.length, m = cost[0]?.length ?? 0;
  const size = Math.max(n, m);
  if (size === 0) return [];
  const big = 1e6;
  const a = Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => (i < n && j < m ? cost[i]![j]! : big)));
  const u = new Array<number>(size + 1).fill(0), v = new Array<number>(size + 1).fill(0), p = new Array<number>(size + 1).fill(0), way = new Array<number>(size + 1).fill(0);
  for (let i = 1; i <= size; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(size + 1).fill(Infinity);
    const used = new Array<boolean>(size + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity, j1 = 0;
      for (let j = 1; j <= size; j++) {
        if (used[j]) continue;
        const cur = a[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= size; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const out = new Array<number>(n).fill(-1);
  for (let j = 1; j <= size; j++) if (p[j]! - 1 < n && j - 1 < m && a[p[j]! - 1]![j - 1]! < big) out[p[j]! - 1] = j - 1;
  return out;
}

export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

const norm = (s: string | null): string => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
export const nameDistance = (a: string | null, b: string | null): number => {
  const x = norm(a), y = norm(b);
  return x.length + y.length === 0 ? 0 : editDistance(x, y) / Math.max(x.length, y.length);
};

/** Items matched by name, with their order breaking ties (and deciding where names are missing). */
function matchByName(truth: (string | null)[], pred: (string | null)[]): number[] {
  const cost = truth.map((t, i) => pred.map((p, j) => Math.min(1, nameDistance(t, p)) + 0.5 * Math.abs(i / Math.max(1, truth.length) - j / Math.max(1, pred.length))));
  return assign(cost);
}

export interface ChartScore {
  values: number;
  within: number;
  rmsF1: number | null;
  typeOk: boolean;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Truth as a category × series matrix (non-scatter). */
function truthTable(t: ChartTruth): { rows: string[]; cols: (string | null)[]; values: number[][] } {
  const rows = t.categories ?? [];
  return { rows, cols: t.series.map((s) => s.name), values: rows.map((_, i) => t.series.map((s) => s.values![i]!)) };
}

/** `tolerance`: the share of the axis range a value may be off and count as within (2 %). */
export function scoreChart(t: ChartTruth, ex: ChartExtraction, tolerance = 0.02): ChartScore {
  const typeOk = ex.chart_type === t.kind;
  if (t.kind === 'scatter') return scoreScatter(t, ex, typeOk, tolerance);
  const truth = truthTable(t);
  const [lo, hi] = t.valueDomain;
  const log = t.valueScale === 'log';
  const err = (p: number, v: number): number => (log ? (p > 0 && v > 0 ? Math.abs(Math.log10(p) - Math.log10(v)) / Math.abs(Math.log10(hi) - Math.log10(lo)) : Infinity) : Math.abs(p - v) / Math.abs(hi - lo));
  // Prediction as a matrix: first column names the row, the rest are series.
  const predRows = ex.chart_type === 'scatter' ? [] : ex.table.rows;
  const predCols = ex.table.columns.slice(1);
  const rowMatch = matchByName(truth.rows, predRows.map((r) => String(r[0] ?? '')));
  const colMatch = truth.cols.length === 1 && predCols.length >= 1 ? [0] : matchByName(truth.cols, predCols);
  let within = 0, values = 0;
  truth.values.forEach((row, i) =>
    row.forEach((v, j) => {
      values++;
      const pi = rowMatch[i]!, pj = colMatch[j] ?? -1;
      if (pi < 0 || pj < 0) return;
      const p = num(predRows[pi]?.[pj + 1]);
      if (p !== null && err(p, v) <= tolerance) within++;
    }),
  );
  const truthTriples = truth.values.flatMap((row, i) => row.map((v, j) => ({ key: `${truth.rows[i]} ${truth.cols[j] ?? 'value'}`, value: v })));
  const predTriples = predRows.flatMap((r) => predCols.map((c, j) => ({ key: `${String(r[0] ?? '')} ${truth.cols.length === 1 && predCols.length === 1 ? 'value' : c}`, value: num(r[j + 1]) })));
  return { values, within, rmsF1: rmsF1(truthTriples, predTriples), typeOk };
}

/**
 * DePlot's RMS F1 (Liu et al. 2023): every predicted entry is paired with a target entry to
 * maximise similarity (1 − NL_τ(keys)) × (1 − D_θ(values)), τ = 0.5 on the normalised
 * Levenshtein distance of "row column" keys, θ = 0.1 on the relative distance of values;
 * precision and recall divide the summed similarity by the predicted and target counts.
 */
export function rmsF1(target: { key: string; value: number }[], pred: { key: string; value: number | null }[], tau = 0.5, theta = 0.1): number {
  if (target.length === 0 && pred.length === 0) return 1;
  if (target.length === 0 || pred.length === 0) return 0;
  const nl = (a: string, b: string): number => {
    const d = nameDistance(a, b);
    return d >= tau ? 1 : d;
  };
  const rel = (p: number | null, t: number): number => {
    if (p === null) return 1;
    const d = Math.min(1, Math.abs(p - t) / Math.max(Math.abs(t), 1e-9));
    return d >= theta ? 1 : d;
  };
  const sim = pred.map((p) => target.map((t) => (1 - nl(p.key, t.key)) * (1 - rel(p.value, t.value))));
  const m = assign(sim.map((r) => r.map((s) => 1 - s)));
  let total = 0;
  m.forEach((j, i) => {
    if (j >= 0) total += sim[i]![j]!;
  });
  const precision = total / pred.length, recall = total / target.length;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function scoreScatter(t: ChartTruth, ex: ChartExtraction, typeOk: boolean, tolerance: number): ChartScore {
  const [ylo, yhi] = t.valueDomain;
  const [xlo, xhi] = t.xDomain ?? [0, 1];
  const multi = ex.table.columns.length > 2;
  const pred = ex.chart_type !== 'scatter' ? [] : ex.table.rows.map((r) => ({ series: multi ? String(r[0]) : null, x: num(r[multi ? 1 : 0]), y: num(r[multi ? 2 : 1]) }));
  const predSeries = [...new Set(pred.map((p) => p.series))];
  const colMatch = t.series.length === 1 ? [predSeries.length ? 0 : -1] : matchByName(t.series.map((s) => s.name), predSeries);
  let values = 0, within = 0;
  t.series.forEach((s, j) => {
    const pts = s.points!;
    values += pts.length;
    const ps = colMatch[j]! >= 0 ? pred.filter((p) => (t.series.length === 1 && predSeries.length === 1) || p.series === predSeries[colMatch[j]!]) : [];
    if (ps.length === 0) return;
    const e = (p: { x: number | null; y: number | null }, q: [number, number]): number => (p.x === null || p.y === null ? Infinity : Math.max(Math.abs(p.x - q[0]) / Math.abs(xhi - xlo), Math.abs(p.y - q[1]) / Math.abs(yhi - ylo)));
    const m = assign(pts.map((q) => ps.map((p) => Math.min(10, e(p, q)))));
    m.forEach((pi, qi) => {
      if (pi >= 0 && e(ps[pi]!, pts[qi]!) <= tolerance) within++;
    });
  });
  return { values, within, rmsF1: null, typeOk };
}
