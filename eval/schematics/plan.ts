// The drawing of one generated sheet, step by step: process rows, vertical links between rows
// (junctions, crossings, bends, valves on vertical pipes), instruments, flow arrows, tags.
import { between, chance, pick, type Random } from './draw.js';
import { dist, inflate, overlaps, pieces, type Box, type P, type Rotation } from './geometry.js';
import { Planner, type Edge, type Item, type Layout, type LayoutStyle } from './layout.js';
import type { SymbolClass } from './symbols.js';

const CHAR_W = 0.72;

interface Row {
  y: number;
  items: Item[];
  edges: Set<string>;
}

/** Items in a row (left to right), joined by pipes in the row's flow direction. */
function buildRow(pl: Planner, y: number, classes: SymbolClass[]): Row {
  const r = pl.r;
  const ltr = chance(r, 0.75);
  const ends = classes.filter((c) => (c.kind === 'equipment' && (ltr || c.label !== 'Centrifugal pump')) || c.kind === 'connector');
  const inline = classes.filter((c) => c.kind === 'valve' || c.kind === 'actuated' || c.kind === 'fitting' || c.label === 'Three-way valve');
  const row: Row = { y, items: [], edges: new Set() };
  let cursor = pl.area[0] + between(r, 2, 16);
  const count = 4 + Math.floor(between(r, 0, 6));
  /** Places one item of `cls` after the last one; false when it does not fit. */
  const place = (cls: SymbolClass): boolean => {
    const rot: Rotation = ltr || cls.kind === 'equipment' ? 0 : 180;
    let it = pl.makeItem(cls, rot, 0, 0);
    const left = pl.portOn(it, 'l');
    const right = pl.portOn(it, 'r');
    if (left < 0 || right < 0) return false;
    // The port the flow enters by lies on the row's line.
    const inPort = ltr ? left : right;
    const prev = row.items[row.items.length - 1];
    const lift = it.ports[left]!.y - it.ports[inPort]!.y;
    const prevOut = prev ? prev.ports[pl.portOn(prev, 'r')]! : undefined;
    const bends = prevOut !== undefined && Math.abs(prevOut.y - (y + lift)) > 0.01;
    const gap = prev ? between(r, bends ? 16 : 12, 30) : 0;
    const x = Math.round((cursor + gap) * 2) / 2;
    it = pl.moveTo(it, left, [x + (it.ports[left]!.x - it.box[0]), y + lift]);
    if (!pl.fits(inflate(it.box, 1))) return false;
    if (prev && prevOut) {
      const b = it.ports[left]!;
      const xm = Math.round(((prevOut.x + b.x) / 2) * 2) / 2;
      const path: P[] = Math.abs(prevOut.y - b.y) < 0.01 ? [[prevOut.x, prevOut.y], [b.x, b.y]] : [[prevOut.x, prevOut.y], [xm, prevOut.y], [xm, b.y], [b.x, b.y]];
      if (!pl.checkPath(path, [prev, it], new Set())) return false;
      pl.add(it);
      const e = ltr ? pl.addEdge(prev.id, it.id, path) : pl.addEdge(it.id, prev.id, [...path].reverse());
      prev.used.add(pl.portOn(prev, 'r'));
      it.used.add(left);
      row.edges.add(e.id);
    } else pl.add(it);
    row.items.push(it);
    cursor = it.box[2];
    return true;
  };
  for (let k = 0; k < count; k++) {
    const endpoint = k === 0 || k === count - 1 || chance(r, 0.1);
    const pool = endpoint && ends.length > 0 ? ends : inline;
    if (pool.length === 0) break;
    let placed = false;
    for (let attempt = 0; attempt < 5 && !placed; attempt++) placed = place(pick(r, attempt < 3 ? pool : [...pool, ...inline]));
    if (!placed) break;
  }
  return row;
}

/** Edges of a row now (junctions split them; the parts stay on the row's line). */
const rowEdges = (pl: Planner, row: Row): Edge[] => pl.edges.filter((e) => e.kind === 'pipe' && e.points.every((p) => Math.abs(p[1] - row.y) < 8) && e.points.some((p) => p[1] === row.y));

type End = { kind: 'junction'; edge: Edge; at: P } | { kind: 'port'; item: Item; port: number; at: P };

function linkEnd(pl: Planner, row: Row, side: 'b' | 't', alignX?: number): End | null {
  const r = pl.r;
  if (alignX !== undefined) {
    // Straight down: the piece of the row's pipe under the source, if any.
    for (const edge of rowEdges(pl, row)) {
      for (const [a, b] of pieces(edge.points)) {
        if (a[1] !== b[1] || alignX < Math.min(a[0], b[0]) + 7 || alignX > Math.max(a[0], b[0]) - 7) continue;
        const at: P = [alignX, a[1]];
        if ([...pl.junctions.map((j) => j.at), ...pl.crossings].every((f) => dist(f, at) >= 7)) return { kind: 'junction', edge, at };
      }
    }
    return null;
  }
  if (chance(r, 0.35)) {
    const options = row.items.flatMap((it) => {
      const i = pl.portOn(it, side);
      return i >= 0 ? [{ kind: 'port' as const, item: it, port: i, at: [it.ports[i]!.x, it.ports[i]!.y] as P }] : [];
    });
    if (options.length > 0) return pick(r, options);
  }
  const edges = rowEdges(pl, row);
  if (edges.length === 0) return null;
  for (let k = 0; k < 8; k++) {
    const edge = pick(r, edges);
    const at = pl.pointOnPipe(edge, true, 7);
    if (at) return { kind: 'junction', edge, at };
  }
  return null;
}

/** Of a few candidate ends, the one nearest to x. */
function nearEnd(pl: Planner, row: Row, side: 'b' | 't', x: number): End | null {
  let best: End | null = null;
  for (let k = 0; k < 5; k++) {
    const e = linkEnd(pl, row, side);
    if (e && (!best || Math.abs(e.at[0] - x) < Math.abs(best.at[0] - x))) best = e;
  }
  return best;
}

function commitEnd(pl: Planner, end: End): string {
  if (end.kind === 'port') {
    end.item.used.add(end.port);
    return end.item.id;
  }
  // The edge may have been split since it was picked: find the part holding the point.
  const holder = pl.edges.find((e) => pieces(e.points).some(([a, b]) => a[1] === b[1] && a[1] === end.at[1] && end.at[0] > Math.min(a[0], b[0]) && end.at[0] < Math.max(a[0], b[0])));
  return pl.splitEdge(holder ?? end.edge, end.at).id;
}

/** A pipe from a row down (or up) to a later row, with a jog when the ends are not aligned. */
function addLink(pl: Planner, rows: Row[]): boolean {
  const r = pl.r;
  const i = Math.floor(r() * (rows.length - 1));
  const j = Math.min(rows.length - 1, i + (chance(r, 0.45) ? 2 : 1));
  const s = linkEnd(pl, rows[i]!, 'b');
  if (!s) return false;
  const t = (chance(r, 0.45) ? linkEnd(pl, rows[j]!, 't', s.at[0]) : null) ?? nearEnd(pl, rows[j]!, 't', s.at[0]);
  if (!t || Math.abs(s.at[0] - t.at[0]) > 90) return false;
  // The jog runs between two rows, clear of the rows' own lines.
  const band = j - i > 1 && chance(r, 0.5) ? j - 1 : i;
  const ym = Math.round(((rows[band]!.y + rows[band + 1]!.y) / 2 + between(r, -6, 6)) * 2) / 2;
  const path: P[] = Math.abs(s.at[0] - t.at[0]) < 0.5 ? [s.at, [s.at[0], t.at[1]]] : [s.at, [s.at[0], ym], [t.at[0], ym], t.at];
  if (s.kind === 'junction' && t.kind === 'junction' && Math.abs(s.at[0] - t.at[0]) >= 0.5 && Math.abs(s.at[0] - t.at[0]) < 8) return false;
  const ends = [s, t].flatMap((e) => (e.kind === 'port' ? [e.item] : []));
  const skip = new Set([s, t].flatMap((e) => (e.kind === 'junction' ? [e.edge.id] : [])));
  const found = pl.checkPath(path, ends, skip);
  if (!found) return false;
  const a = commitEnd(pl, s);
  const b = commitEnd(pl, t);
  const down = chance(r, 0.7);
  const e = down ? pl.addEdge(a, b, path) : pl.addEdge(b, a, [...path].reverse());
  pl.crossings.push(...found);
  if (chance(r, 0.6)) valveOnLink(pl, e);
  return true;
}

/** A valve on a long vertical piece of a link, turned to stand in the pipe. */
function valveOnLink(pl: Planner, e: Edge): void {
  const r = pl.r;
  const k = pieces(e.points).findIndex(([a, b]) => a[0] === b[0] && dist(a, b) >= 34);
  if (k < 0) return;
  const cls = pick(r, pl.style.valveClasses);
  if (!cls) return;
  const a = e.points[k]!;
  const b = e.points[k + 1]!;
  const down = b[1] > a[1];
  let it = pl.makeItem(cls, down ? 90 : 270, 0, 0);
  const inPort = pl.portOn(it, down ? 't' : 'b');
  const outPort = pl.portOn(it, down ? 'b' : 't');
  if (inPort < 0 || outPort < 0) return;
  const len = Math.abs(it.ports[outPort]!.y - it.ports[inPort]!.y);
  const y = Math.round((a[1] + (down ? 1 : -1) * (dist(a, b) - len) / 2) * 2) / 2;
  it = pl.moveTo(it, inPort, [a[0], y]);
  if (Math.abs(it.ports[outPort]!.x - a[0]) > 0.01 || !pl.fits(inflate(it.box, 1), undefined, new Set([e.id]))) return;
  const near = [...pl.crossings, ...pl.junctions.map((j) => j.at)].some((c) => overlaps(inflate(it.box, 4), [c[0], c[1], c[0], c[1]]));
  if (near) return;
  pl.add(it);
  it.used.add(inPort).add(outPort);
  const p = it.ports[inPort]!;
  const q = it.ports[outPort]!;
  pl.edges.splice(pl.edges.indexOf(e), 1);
  pl.addEdge(e.source, it.id, [...e.points.slice(0, k + 1), [p.x, p.y]]);
  pl.addEdge(it.id, e.target, [[q.x, q.y], ...e.points.slice(k + 1)]);
}

/** An instrument bubble with its text; port facing the given side. */
function bubble(pl: Planner, instruments: SymbolClass[]): Item | null {
  if (instruments.length === 0) return null;
  const cls = pick(pl.r, instruments);
  const it = pl.makeItem(cls, 0, 0, 0);
  const letters = pick(pl.r, cls.tags);
  const number = pl.tagNumber(letters).split('-')[1]!;
  it.inner = [letters, number];
  it.tag = `${letters} ${number}`;
  return it;
}

/** Controllers above (or below) actuated valves, joined by a dashed signal line. */
function addControllers(pl: Planner, instruments: SymbolClass[]): void {
  for (const v of [...pl.items]) {
    const sig = v.ports.findIndex((p) => p.signal);
    if (sig < 0 || !chance(pl.r, 0.85)) continue;
    const sp = v.ports[sig]!;
    let b = bubble(pl, instruments);
    if (!b) return;
    const facing = sp.side === 't' ? 'b' : 't';
    const bp = pl.portOn(b, facing);
    const d = between(pl.r, 7, 13);
    b = pl.moveTo(b, bp, [sp.x, sp.side === 't' ? sp.y - d : sp.y + d]);
    const path: P[] = [[b.ports[bp]!.x, b.ports[bp]!.y], [sp.x, sp.y]];
    if (!pl.fits(inflate(b.box, 1.5)) || !pl.checkPath(path, [b, v], new Set())) continue;
    pl.add(b);
    b.used.add(bp);
    v.used.add(sig);
    pl.addEdge(b.id, v.id, path, 'signal');
  }
}

/** Transmitters and relief valves standing on a pipe, joined to it at a dotted junction. */
function addOnPipe(pl: Planner, rows: Row[], cls: SymbolClass, make: () => Item | null, count: number): void {
  for (let n = 0, tries = 0; n < count && tries < 12; tries++) {
    const row = pick(pl.r, rows);
    const edges = rowEdges(pl, row);
    if (edges.length === 0) continue;
    const edge = pick(pl.r, edges);
    const at = pl.pointOnPipe(edge, true, 9);
    let it = make();
    if (!at || !it) continue;
    const above = cls.kind !== 'instrument' || chance(pl.r, 0.7);
    const port = pl.portOn(it, above ? 'b' : 't');
    if (port < 0) continue;
    const d = between(pl.r, 8, 14);
    it = pl.moveTo(it, port, [at[0], above ? at[1] - d : at[1] + d]);
    const path: P[] = [[it.ports[port]!.x, it.ports[port]!.y], at];
    if (!pl.fits(inflate(it.box, 1.5), undefined) || !pl.checkPath(path, [it], new Set([edge.id]))) continue;
    pl.add(it);
    it.used.add(port);
    const j = pl.splitEdge(edge, at);
    if (cls.kind === 'instrument') pl.addEdge(it.id, j.id, path);
    else pl.addEdge(j.id, it.id, [...path].reverse());
    n++;
  }
}

/** Flow arrows on about half the pipes: mid-way along the longest straight piece, pointing downstream. */
function addArrows(pl: Planner): void {
  for (const e of pl.edges) {
    if (e.kind !== 'pipe' || !chance(pl.r, 0.55)) continue;
    const ps = pieces(e.points);
    const [a, b] = ps.reduce((best, p) => (dist(p[0], p[1]) > dist(best[0], best[1]) ? p : best));
    if (dist(a, b) < 16) continue;
    const at: P = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const features = [...pl.crossings, ...pl.junctions.map((j) => j.at)];
    if (features.some((f) => dist(f, at) < 7)) continue;
    const box: Box = [at[0] - 3, at[1] - 3, at[0] + 3, at[1] + 3];
    if (pl.items.some((it) => overlaps(inflate(it.box, 1), box))) continue;
    e.arrow = { at, dir: (Math.round((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI) + 360) % 360 };
    e.directed = true;
  }
}

export type PlanOptions = Omit<LayoutStyle, 'valveClasses'> & { classes: SymbolClass[] };

export function planDrawing(r: Random, area: Box, opts: PlanOptions): Layout {
  const instruments = opts.classes.filter((c) => c.kind === 'instrument');
  const valveClasses = opts.classes.filter((c) => c.kind === 'valve' && c.label !== 'Compressor' && c.label !== 'Heat exchanger');
  const pl = new Planner(r, area, { ...opts, valveClasses });
  const height = area[3] - area[1];
  const n = Math.max(2, Math.floor(height / between(r, 50, 64)));
  const pitch = height / n;
  const rows = Array.from({ length: n }, (_, i) => buildRow(pl, Math.round(area[1] + pitch * (i + 0.5) + between(r, -3, 3)), opts.classes)).filter((row) => row.items.length > 1);
  if (rows.length > 1) for (let k = 0, made = 0; k < 120 && made < 2 * rows.length; k++) if (addLink(pl, rows)) made++;
  addControllers(pl, instruments);
  if (rows.length > 0) {
    addOnPipe(pl, rows, instruments[0] ?? opts.classes[0]!, () => bubble(pl, instruments), instruments.length > 0 ? 1 + Math.floor(r() * 3) : 0);
    const psv = opts.classes.find((c) => c.label === 'Relief valve');
    if (psv) addOnPipe(pl, rows, psv, () => pl.makeItem(psv, 0, 0, 0), 1);
    const angle = opts.classes.find((c) => c.label === 'Angle valve');
    if (angle) addOnPipe(pl, rows, angle, () => pl.makeItem(angle, 0, 0, 0), 1);
  }
  addArrows(pl);
  for (const it of pl.items) {
    if (it.inner || it.cls.kind === 'connector') continue;
    const prefix = it.cls.tags.length > 0 ? pick(r, it.cls.tags) : '';
    if (prefix !== '') pl.placeTag(it, pl.tagNumber(prefix), CHAR_W, it.rot === 90 || it.rot === 270);
  }
  for (const it of pl.items) {
    if (it.cls.kind === 'connector') {
      const text = `PID-${Math.floor(between(r, 1000, 9999))}`;
      it.inner = [text];
      it.tag = text;
    }
  }
  return { items: pl.items, junctions: pl.junctions, edges: pl.edges, crossings: pl.crossings };
}
