// The detected network as a v2 schematic graph: junctions that join fewer than three lines are
// folded away, pieces of the drawing that reach no symbol are dropped, arrows give their line a
// direction, and everything is moved back into the original image's pixels.
import type { BBox } from '../types.js';
import type { FoundArrow } from './arrows.js';
import type { Frame } from './frame.js';
import type { NetworkResult, Pt, Wire } from './network.js';
import type { SchematicArrow, SchematicEdge, SchematicNode } from './types.js';

export interface PlacedSymbol {
  box: BBox;
  cls: string;
  subtype: string | null;
  legendId: string | null;
  rotation: number;
  score: number;
  tag: string | null;
}

interface W {
  from: string;
  to: string;
  points: Pt[];
  dashed: boolean;
  arrows: FoundArrow[];
}

/** Where along the polyline a point lies: the piece index, or -1 when it is not on it. */
function pieceOf(points: Pt[], p: Pt, tol: number): number {
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const x0 = Math.min(a[0], b[0]) - tol;
    const x1 = Math.max(a[0], b[0]) + tol;
    const y0 = Math.min(a[1], b[1]) - tol;
    const y1 = Math.max(a[1], b[1]) + tol;
    if (p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1) return i;
  }
  return -1;
}

const directionOf = (a: Pt, b: Pt): number => (Math.abs(b[0] - a[0]) >= Math.abs(b[1] - a[1]) ? (b[0] >= a[0] ? 0 : 180) : b[1] >= a[1] ? 90 : 270);

/**
 * Junctions joined among themselves in a closed loop with no symbol on it: a drawing's inside
 * traced as lines (an unmatched exchanger's tubes, a title block's or a table's rules), not
 * pipes. Pipes between two tees run one way; a loop of them without a valve or a vessel on it
 * does nothing. The junctions left once junction-to-junction lines are stripped of their loose
 * ends (a junction with one such line, again and again) lie on loops (or between two). With
 * `dotted`, a loop (a connected group of them) whose junctions are at least half drawn dots is
 * not one: a tee marked with a dot is a joint the drawer meant, however the pipes run.
 */
export function junctionLoops(wires: Array<{ from: string; to: string }>, dotted?: (junction: string) => boolean): Set<string> {
  let jj = wires.filter((w) => w.from.startsWith('j') && w.to.startsWith('j') && w.from !== w.to);
  for (let changed = true; changed; ) {
    const degree = new Map<string, number>();
    for (const w of jj) for (const n of [w.from, w.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
    const next = jj.filter((w) => degree.get(w.from)! > 1 && degree.get(w.to)! > 1);
    changed = next.length < jj.length;
    jj = next;
  }
  const onLoops = new Set(jj.flatMap((w) => [w.from, w.to]));
  if (!dotted) return onLoops;
  // Loops whose junctions are mostly drawn dots are pipes the drawer joined on purpose: kept.
  const parent = new Map<string, string>([...onLoops].map((n) => [n, n]));
  const find = (a: string): string => {
    while (parent.get(a) !== a) a = parent.get(a)!;
    return a;
  };
  for (const w of jj) parent.set(find(w.to), find(w.from));
  const count = new Map<string, { all: number; dots: number }>();
  for (const n of onLoops) {
    const c = count.get(find(n)) ?? { all: 0, dots: 0 };
    c.all++;
    if (dotted(n)) c.dots++;
    count.set(find(n), c);
  }
  return new Set([...onLoops].filter((n) => 2 * count.get(find(n))!.dots < count.get(find(n))!.all));
}

/** Folds junctions with fewer than three lines, drops junction loops (junctionLoops) and what reaches no symbol. */
function prune(wires: W[], dotted: (junction: string) => boolean): W[] {
  const folded = fold([...wires]);
  const loops = junctionLoops(folded, dotted);
  if (loops.size === 0) return withSymbols(folded);
  // A junction the loop's drawing ran into stays one: its other lines are still pipes (the
  // drawing is an unmatched symbol on a tee, whose line to it is lost either way).
  const pinned = new Set(folded.flatMap((w) => (loops.has(w.from) && !loops.has(w.to) ? [w.to] : loops.has(w.to) && !loops.has(w.from) ? [w.from] : [])));
  return withSymbols(fold(folded.filter((w) => !loops.has(w.from) && !loops.has(w.to)), pinned));
}

/** Junctions with fewer than three lines folded away (two lines joined into one), but the pinned ones. */
function fold(ws: W[], pinned: ReadonlySet<string> = new Set()): W[] {
  for (let changed = true; changed; ) {
    changed = false;
    const degree = new Map<string, number>();
    for (const w of ws) for (const n of [w.from, w.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
    const weak = [...degree].find(([n, d]) => n.startsWith('j') && d < 3 && !(pinned.has(n) && d === 2));
    if (!weak) break;
    const [j, d] = weak;
    changed = true;
    const mine = ws.filter((w) => w.from === j || w.to === j);
    ws = ws.filter((w) => !mine.includes(w));
    if (d === 2) {
      const [a, b] = mine as [W, W];
      // a runs ... -> j, b runs j -> ...
      const aIn = a.to === j ? a : { ...a, from: a.to, to: a.from, points: [...a.points].reverse() };
      const bOut = b.from === j ? b : { ...b, from: b.to, to: b.from, points: [...b.points].reverse() };
      if (aIn.from !== bOut.to) ws.push({ from: aIn.from, to: bOut.to, points: [...aIn.points, ...bOut.points.slice(1)], dashed: aIn.dashed || bOut.dashed, arrows: [...aIn.arrows, ...bOut.arrows] });
    }
  }
  return ws;
}

/** Parts of the drawing with no symbol (frames, title block rules) dropped. */
function withSymbols(ws: W[]): W[] {
  const parent = new Map<string, string>();
  const find = (a: string): string => {
    while (parent.has(a) && parent.get(a) !== a) a = parent.get(a)!;
    return a;
  };
  for (const w of ws) {
    const a = find(w.from);
    const b = find(w.to);
    if (!parent.has(a)) parent.set(a, a);
    if (a !== b) parent.set(b, a);
  }
  const withSymbol = new Set(ws.flatMap((w) => [w.from, w.to]).filter((n) => n.startsWith('s')).map(find));
  return ws.filter((w) => withSymbol.has(find(w.from)));
}

export interface GraphParts {
  nodes: SchematicNode[];
  edges: SchematicEdge[];
  arrows: SchematicArrow[];
}

export function assemble(frame: Frame, symbols: PlacedSymbol[], net: NetworkResult, arrows: FoundArrow[], tol: number): GraphParts {
  const wires: W[] = net.wires.map((w: Wire) => ({
    from: w.from,
    to: w.to,
    points: w.points,
    dashed: w.dashed,
    arrows: arrows.filter((a) => w.pieces.some((p) => p.seg === a.seg && a.at >= Math.min(p.a, p.b) - 1 && a.at <= Math.max(p.a, p.b) + 1)),
  }));
  const kept = prune(wires, (j) => net.junctions[Number(j.slice(1))]?.dotted === true);
  const ids = new Map<string, string>();
  const nodes: SchematicNode[] = [];
  symbols.forEach((s, i) => {
    const id = `n${nodes.length + 1}`;
    ids.set(`s${i}`, id);
    nodes.push({ id, class: s.cls, subtype: s.subtype, bbox: frame.boxToOriginal(s.box), rotation: s.rotation, transcription: s.tag, confidence: Math.round(s.score * 1000) / 1000, legend_id: s.legendId });
  });
  const usedJ = new Set(kept.flatMap((w) => [w.from, w.to]).filter((n) => n.startsWith('j')));
  net.junctions.forEach((j, k) => {
    if (!usedJ.has(`j${k}`)) return;
    const id = `n${nodes.length + 1}`;
    ids.set(`j${k}`, id);
    const r = Math.max(j.radius, 2);
    nodes.push({ id, class: 'junction', subtype: null, bbox: frame.boxToOriginal([j.at[0] - r, j.at[1] - r, j.at[0] + r, j.at[1] + r]), rotation: 0, transcription: null, confidence: 1, legend_id: null });
  });
  const edges: SchematicEdge[] = [];
  const outArrows: SchematicArrow[] = [];
  for (const w of kept) {
    // Arrows on the line vote for its direction.
    let votes = 0;
    for (const a of w.arrows) {
      const c: Pt = [(a.box[0] + a.box[2]) / 2, (a.box[1] + a.box[3]) / 2];
      const i = pieceOf(w.points, c, tol);
      if (i < 0) continue;
      const along = directionOf(w.points[i]!, w.points[i + 1]!);
      votes += along === a.direction ? 1 : (along + 180) % 360 === a.direction ? -1 : 0;
    }
    const forward = votes >= 0;
    const id = `e${edges.length + 1}`;
    const points = (forward ? w.points : [...w.points].reverse()).map((p) => frame.pointToOriginal(p));
    edges.push({ id, source: ids.get(forward ? w.from : w.to)!, target: ids.get(forward ? w.to : w.from)!, points, directed: votes !== 0, class: w.dashed ? 'signal' : 'pipe', label: null });
    for (const a of w.arrows) outArrows.push({ id: `a${outArrows.length + 1}`, bbox: frame.boxToOriginal(a.box), direction: a.direction, edge_id: id });
  }
  return { nodes, edges, arrows: outArrows };
}
