// Scoring a detected schematic graph against a sheet's truth:
//   - symbols: precision and recall, a detection counting when its box overlaps a true symbol's
//     by IoU >= 0.5 and its class is the true one (matched one to one, best overlap first);
//   - tags: true tags read exactly (case and spaces aside) on the symbol matched to theirs;
//   - connections: edges whose two ends are matched nodes (symbols by IoU >= 0.5 whatever their
//     class, junctions by distance) and that the truth joins too, as precision and recall;
//     direction: of the true directed edges found, the share pointed the right way;
//   - legend entries: entries whose picture box overlaps a true entry's by IoU >= 0.5 and whose
//     label is the true label (case and spaces aside), over the larger of the two counts;
//   - crossings taken for junctions (a junction detected on a dotless crossing).
import type { Box, SchematicGraphV2, SchematicNode } from '../../src/schematics/graph.js';
import type { SheetTruth } from './render.js';

export interface SheetScore {
  symbolTruth: number;
  symbolPred: number;
  symbolHits: number;
  /** Symbols found where the truth has one, whatever the class. */
  located: number;
  tagTruth: number;
  tagHits: number;
  edgeTruth: number;
  edgePred: number;
  edgeHitsPred: number;
  edgeHitsTruth: number;
  directedTruth: number;
  directedHits: number;
  legendTruth: number;
  legendPred: number;
  legendHits: number;
  junctionTruth: number;
  junctionPred: number;
  junctionHits: number;
  crossings: number;
  crossingsAsJunctions: number;
}

export const iou = (a: Box, b: Box): number => {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
};

const norm = (s: string | null): string => (s ?? '').toUpperCase().replace(/\s+/g, '');
const normLabel = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
const centre = (b: Box): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/** One-to-one pairs, best score first, among pairs `ok` accepts. */
function pairUp<A, B>(as: A[], bs: B[], score: (a: A, b: B) => number, ok: (s: number, a: A, b: B) => boolean): Map<A, B> {
  const cands: Array<{ a: A; b: B; s: number }> = [];
  for (const a of as) for (const b of bs) {
    const s = score(a, b);
    if (ok(s, a, b)) cands.push({ a, b, s });
  }
  cands.sort((x, y) => y.s - x.s);
  const out = new Map<A, B>();
  const usedB = new Set<B>();
  for (const c of cands) {
    if (out.has(c.a) || usedB.has(c.b)) continue;
    out.set(c.a, c.b);
    usedB.add(c.b);
  }
  return out;
}

export function scoreSheet(pred: SchematicGraphV2, truth: SheetTruth): SheetScore {
  const t = truth.graph;
  const isSym = (n: SchematicNode): boolean => n.class !== 'junction';
  const tSym = t.network.nodes.filter(isSym);
  const pSym = pred.network.nodes.filter(isSym);
  const tJ = t.network.nodes.filter((n) => !isSym(n));
  const pJ = pred.network.nodes.filter((n) => !isSym(n));
  const classed = pairUp(tSym, pSym, (a, b) => iou(a.bbox, b.bbox), (s, a, b) => s >= 0.5 && a.class === b.class);
  const located = pairUp(tSym, pSym, (a, b) => iou(a.bbox, b.bbox), (s) => s >= 0.5);
  const tol = Math.max(8, 3 * truth.pipeWidth + 4);
  const dist = (a: SchematicNode, b: SchematicNode): number => Math.hypot(centre(a.bbox)[0] - centre(b.bbox)[0], centre(a.bbox)[1] - centre(b.bbox)[1]);
  const junctions = pairUp(tJ, pJ, (a, b) => -dist(a, b), (s) => -s <= tol);
  // Predicted node id -> true node id.
  const toTruth = new Map<string, string>();
  for (const [a, b] of [...located, ...junctions]) toTruth.set(b.id, a.id);
  const key = (x: string, y: string): string => (x < y ? `${x}|${y}` : `${y}|${x}`);
  const trueEdges = new Map<string, Array<(typeof t.network.edges)[number]>>();
  for (const e of t.network.edges) trueEdges.set(key(e.source, e.target), [...(trueEdges.get(key(e.source, e.target)) ?? []), e]);
  const usedTrue = new Set<(typeof t.network.edges)[number]>();
  let edgeHitsPred = 0;
  let directedTruth = 0;
  let directedHits = 0;
  for (const e of pred.network.edges) {
    const s = toTruth.get(e.source);
    const d = toTruth.get(e.target);
    if (!s || !d) continue;
    const te = (trueEdges.get(key(s, d)) ?? []).find((x) => !usedTrue.has(x));
    if (!te) continue;
    usedTrue.add(te);
    edgeHitsPred++;
    if (te.directed) {
      directedTruth++;
      if (e.directed && te.source === s && te.target === d) directedHits++;
    }
  }
  let tagTruth = 0;
  let tagHits = 0;
  for (const n of tSym) {
    if (n.transcription === null) continue;
    tagTruth++;
    const p = located.get(n);
    if (p && norm(p.transcription) === norm(n.transcription)) tagHits++;
  }
  const legend = pairUp(t.legend, pred.legend, (a, b) => (a.bbox && b.bbox ? iou(a.bbox, b.bbox) : 0), (s, a, b) => s >= 0.5 && normLabel(a.label) === normLabel(b.label));
  const crossingsAsJunctions = truth.crossings.filter((c) => pJ.some((j) => Math.hypot(centre(j.bbox)[0] - c[0], centre(j.bbox)[1] - c[1]) <= tol)).length;
  return {
    symbolTruth: tSym.length,
    symbolPred: pSym.length,
    symbolHits: classed.size,
    located: located.size,
    tagTruth,
    tagHits,
    edgeTruth: t.network.edges.length,
    edgePred: pred.network.edges.length,
    edgeHitsPred,
    edgeHitsTruth: usedTrue.size,
    directedTruth,
    directedHits,
    legendTruth: t.legend.length,
    legendPred: pred.legend.length,
    legendHits: legend.size,
    junctionTruth: tJ.length,
    junctionPred: pJ.length,
    junctionHits: junctions.size,
    crossings: truth.crossings.length,
    crossingsAsJunctions,
  };
}

/** A sheet's misses, for looking at (training sheets only): symbols, tags and legend entries. */
export function missesOf(pred: SchematicGraphV2, truth: SheetTruth): Record<string, unknown> {
  const t = truth.graph;
  const isSym = (n: SchematicNode): boolean => n.class !== 'junction';
  const tSym = t.network.nodes.filter(isSym);
  const pSym = pred.network.nodes.filter(isSym);
  const classed = pairUp(tSym, pSym, (a, b) => iou(a.bbox, b.bbox), (s, a, b) => s >= 0.5 && a.class === b.class);
  const located = pairUp(tSym, pSym, (a, b) => iou(a.bbox, b.bbox), (s) => s >= 0.5);
  const hit = new Set(classed.values());
  const near = (b: Box): SchematicNode | undefined => pSym.map((p) => ({ p, s: iou(p.bbox, b) })).sort((x, y) => y.s - x.s).find((x) => x.s > 0)?.p;
  const legend = pairUp(t.legend, pred.legend, (a, b) => (a.bbox && b.bbox ? iou(a.bbox, b.bbox) : 0), (s) => s >= 0.3);
  return {
    missed: tSym.filter((n) => !classed.has(n)).map((n) => {
      const p = near(n.bbox);
      return { id: n.id, class: n.class, rot: n.rotation, bbox: n.bbox, near: p ? { class: p.class, bbox: p.bbox, iou: Number(iou(p.bbox, n.bbox).toFixed(2)) } : null, classFound: pSym.some((q) => q.class === n.class) };
    }),
    extra: pSym.filter((p) => !hit.has(p)).map((p) => ({ class: p.class, bbox: p.bbox, score: p.confidence })),
    tags: tSym.filter((n) => n.transcription !== null && norm(located.get(n)?.transcription ?? null) !== norm(n.transcription)).map((n) => ({ truth: n.transcription, read: located.get(n)?.transcription ?? null, found: located.has(n), bbox: n.bbox })),
    legend: t.legend.map((e) => ({ truth: e.label, read: legend.get(e)?.label ?? null, bbox: e.bbox })).filter((e) => normLabel(e.truth) !== normLabel(e.read ?? '')),
    ...edgeMisses(pred, truth, located),
  };
}

/** Connections found that the truth lacks, and true ones not found, each end named by class and box. */
function edgeMisses(pred: SchematicGraphV2, truth: SheetTruth, located: Map<SchematicNode, SchematicNode>): Record<string, unknown> {
  const t = truth.graph;
  const tol = Math.max(8, 3 * truth.pipeWidth + 4);
  const dist = (a: SchematicNode, b: SchematicNode): number => Math.hypot(centre(a.bbox)[0] - centre(b.bbox)[0], centre(a.bbox)[1] - centre(b.bbox)[1]);
  const junctions = pairUp(t.network.nodes.filter((n) => n.class === 'junction'), pred.network.nodes.filter((n) => n.class === 'junction'), (a, b) => -dist(a, b), (s) => -s <= tol);
  const toTruth = new Map<string, string>();
  for (const [a, b] of [...located, ...junctions]) toTruth.set(b.id, a.id);
  const key = (x: string, y: string): string => (x < y ? `${x}|${y}` : `${y}|${x}`);
  const trueKeys = new Map<string, number>();
  for (const e of t.network.edges) trueKeys.set(key(e.source, e.target), (trueKeys.get(key(e.source, e.target)) ?? 0) + 1);
  const predById = new Map(pred.network.nodes.map((n) => [n.id, n]));
  const truthById = new Map(t.network.nodes.map((n) => [n.id, n]));
  const end = (n: SchematicNode | undefined, mapped: boolean): unknown => (n ? { class: n.class, bbox: n.bbox.map(Math.round), mapped } : null);
  const falseEdges: unknown[] = [];
  const foundKeys = new Map<string, number>();
  for (const e of pred.network.edges) {
    const s = toTruth.get(e.source);
    const d = toTruth.get(e.target);
    const k = s && d ? key(s, d) : '';
    if (k && (foundKeys.get(k) ?? 0) < (trueKeys.get(k) ?? 0)) {
      foundKeys.set(k, (foundKeys.get(k) ?? 0) + 1);
      continue;
    }
    falseEdges.push({ class: e.class, a: end(predById.get(e.source), !!s), b: end(predById.get(e.target), !!d) });
  }
  const missedEdges: unknown[] = [];
  for (const e of t.network.edges) {
    const k = key(e.source, e.target);
    const n = foundKeys.get(k) ?? 0;
    if (n > 0) {
      foundKeys.set(k, n - 1);
      continue;
    }
    const mapped = new Set(toTruth.values());
    missedEdges.push({ class: e.class, a: end(truthById.get(e.source), mapped.has(e.source)), b: end(truthById.get(e.target), mapped.has(e.target)) });
  }
  return { falseEdges, missedEdges };
}

export interface Totals {
  sheets: number;
  symbolP: number;
  symbolR: number;
  tagAccuracy: number;
  connectionP: number;
  connectionR: number;
  direction: number;
  legendAccuracy: number;
  junctionP: number;
  junctionR: number;
  crossingErrors: string;
}

export function totals(scores: SheetScore[]): Totals {
  const sum = (f: (s: SheetScore) => number): number => scores.reduce((a, s) => a + f(s), 0);
  const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
  return {
    sheets: scores.length,
    symbolP: ratio(sum((s) => s.symbolHits), sum((s) => s.symbolPred)),
    symbolR: ratio(sum((s) => s.symbolHits), sum((s) => s.symbolTruth)),
    tagAccuracy: ratio(sum((s) => s.tagHits), sum((s) => s.tagTruth)),
    connectionP: ratio(sum((s) => s.edgeHitsPred), sum((s) => s.edgePred)),
    connectionR: ratio(sum((s) => s.edgeHitsTruth), sum((s) => s.edgeTruth)),
    direction: ratio(sum((s) => s.directedHits), sum((s) => s.directedTruth)),
    legendAccuracy: ratio(sum((s) => s.legendHits), sum((s) => Math.max(s.legendTruth, s.legendPred))),
    junctionP: ratio(sum((s) => s.junctionHits), sum((s) => s.junctionPred)),
    junctionR: ratio(sum((s) => s.junctionHits), sum((s) => s.junctionTruth)),
    crossingErrors: `${sum((s) => s.crossingsAsJunctions)}/${sum((s) => s.crossings)}`,
  };
}
