// Segments into a network: where a horizontal and a vertical segment meet end to end the pipe
// bends; where one ends on the other's side it is a junction (a tee, dot or not); where they
// cross in both middles it is a crossing, not a junction, unless a dot is drawn there. Pieces
// between junctions, followed through bends, join symbols and junctions as edges.
import type { BBox } from '../types.js';
import { inkDiscRadius, type Segment } from './lines.js';
import type { Mask } from './raster.js';

export type Pt = [number, number];

export interface Wire {
  /** Node keys: 's<index>' for symbols, 'j<index>' for junctions. */
  from: string;
  to: string;
  points: Pt[];
  dashed: boolean;
  /** Segment pieces the wire runs along, in order (for arrows). */
  pieces: Piece[];
}

export interface Piece {
  seg: Segment;
  a: number;
  b: number;
}

export interface NetworkJunction {
  at: Pt;
  radius: number;
  /** A drawn dot (an all-ink disc wider than the lines meeting there) marks the joint. */
  dotted?: boolean;
}

export interface NetworkResult {
  junctions: NetworkJunction[];
  wires: Wire[];
  /** Crossings without a dot (for inspection and tests). */
  crossings: Pt[];
}

type End = { kind: 'junction'; j: number } | { kind: 'bend'; id: number; at: Pt } | { kind: 'symbol'; s: number; at: Pt } | { kind: 'free' };

const gapTo = (p: Pt, b: BBox): number => Math.hypot(Math.max(b[0] - p[0], 0, p[0] - b[2]), Math.max(b[1] - p[1], 0, p[1] - b[3]));

/**
 * Segments without the slivers lying along a wider one: an arrowhead on a line leaves thin runs
 * beside it, and one ending where the line bends took the bend from it (the pipe's walk then
 * stopped there and the whole branch was lost).
 */
export function withoutSlivers(segs: Segment[]): Segment[] {
  return segs.filter((s) => !segs.some((o) => o !== s && o.dir === s.dir && o.width > s.width && Math.abs(o.pos - s.pos) <= (o.width + s.width) / 2 + 1 && o.start <= s.start + o.width && o.end >= s.end - o.width && o.end - o.start > s.end - s.start));
}

/**
 * The symbol straight ahead of a dashed line's free end, `reach` at most beyond it (and no more
 * than `side` off its axis), or -1. A dashed line stops where its pattern does, up to a gap short
 * of the symbol it signals; its last dash, cut by the symbol's clearing, may be too short to be a
 * stroke at all. So such a line reaches one gap of its own further, straight on only.
 */
export function symbolAhead(p: Pt, s: Segment, forward: boolean, symbols: BBox[], side: number, reach: number): number {
  let best = -1;
  let d = reach;
  symbols.forEach((b, i) => {
    const [lo, hi, a0, a1] = s.dir === 'h' ? [b[1], b[3], b[0], b[2]] : [b[0], b[2], b[1], b[3]];
    if (s.pos < lo - side || s.pos > hi + side) return;
    const t = s.dir === 'h' ? p[0] : p[1];
    const g = forward ? a0 - t : t - a1;
    if (g >= 0 && g <= d) {
      d = g;
      best = i;
    }
  });
  return best;
}

export function buildNetwork(drawn: Segment[], symbols: BBox[], mask: Mask, attach: number): NetworkResult {
  const segs = withoutSlivers(drawn);
  const H = segs.filter((s) => s.dir === 'h');
  const V = segs.filter((s) => s.dir === 'v');
  const junctions: NetworkJunction[] = [];
  const widths: number[] = [];
  const crossings: Pt[] = [];
  // Split points per segment (junctions on its middle) and what each segment end meets.
  const splits = new Map<Segment, Array<{ at: number; j: number }>>();
  const endAt = new Map<Segment, { start?: End; end?: End }>();
  const setEnd = (s: Segment, which: 'start' | 'end', e: End): void => {
    const cur = endAt.get(s) ?? {};
    if (!cur[which] || cur[which].kind !== 'junction') cur[which] = e;
    endAt.set(s, cur);
  };
  const junctionAt = (p: Pt, radius: number, near: number): number => {
    const k = junctions.findIndex((j) => Math.hypot(j.at[0] - p[0], j.at[1] - p[1]) <= near);
    if (k >= 0) return k;
    junctions.push({ at: p, radius });
    widths.push(0);
    return junctions.length - 1;
  };
  const split = (s: Segment, at: number, j: number): void => {
    splits.set(s, [...(splits.get(s) ?? []), { at, j }]);
  };
  let bends = 0;
  for (const h of H) {
    for (const v of V) {
      const w = Math.max(h.width, v.width);
      const tol = Math.max(3, 1.5 * w);
      const x = v.pos;
      const y = h.pos;
      if (x < h.start - tol || x > h.end + tol || y < v.start - tol || y > v.end + tol) continue;
      const hEnd = x - h.start <= tol ? 'start' : h.end - x <= tol ? 'end' : null;
      const vEnd = y - v.start <= tol ? 'start' : v.end - y <= tol ? 'end' : null;
      if (hEnd && vEnd) {
        const bend: End = { kind: 'bend', id: bends++, at: [x, y] };
        setEnd(h, hEnd, bend);
        setEnd(v, vEnd, bend);
      } else if (!hEnd && vEnd) {
        const j = junctionAt([x, y], w, 2 * tol);
        widths[j] = Math.max(widths[j]!, w);
        split(h, x, j);
        setEnd(v, vEnd, { kind: 'junction', j });
      } else if (hEnd && !vEnd) {
        const j = junctionAt([x, y], w, 2 * tol);
        widths[j] = Math.max(widths[j]!, w);
        split(v, y, j);
        setEnd(h, hEnd, { kind: 'junction', j });
      } else {
        const r = inkDiscRadius(mask, x, y, w, 4 * w);
        if (r >= w + 1) {
          const j = junctionAt([x, y], r, 2 * tol);
          widths[j] = Math.max(widths[j]!, w);
          split(h, x, j);
          split(v, y, j);
        } else crossings.push([x, y]);
      }
    }
  }
  // Pieces of each segment between its split points; ends meet junctions, bends, symbols or nothing.
  interface PieceEnds {
    piece: Piece;
    ends: [End, End];
    pts: [Pt, Pt];
  }
  const all: PieceEnds[] = [];
  const point = (s: Segment, t: number): Pt => (s.dir === 'h' ? [t, s.pos] : [s.pos, t]);
  const symbolEnd = (p: Pt, s: Segment, forward: boolean): End => {
    let best = -1;
    let d = attach;
    symbols.forEach((b, i) => {
      const g = gapTo(p, b);
      if (g <= d) {
        d = g;
        best = i;
      }
    });
    if (best < 0 && s.gap) {
      const ahead = symbolAhead(p, s, forward, symbols, attach / 2, attach + s.gap);
      if (ahead >= 0) best = ahead;
    }
    return best >= 0 ? { kind: 'symbol', s: best, at: p } : { kind: 'free' };
  };
  for (const s of segs) {
    const cuts = (splits.get(s) ?? []).sort((a, b) => a.at - b.at);
    const ends = endAt.get(s) ?? {};
    const first: End = ends.start ?? symbolEnd(point(s, s.start), s, false);
    const last: End = ends.end ?? symbolEnd(point(s, s.end), s, true);
    let from: End = first;
    let fromT = s.start;
    for (const c of cuts) {
      all.push({ piece: { seg: s, a: fromT, b: c.at }, ends: [from, { kind: 'junction', j: c.j }], pts: [point(s, fromT), point(s, c.at)] });
      from = { kind: 'junction', j: c.j };
      fromT = c.at;
    }
    all.push({ piece: { seg: s, a: fromT, b: s.end }, ends: [from, last], pts: [point(s, fromT), point(s, s.end)] });
  }
  // Walk from every terminal through bends to the next terminal.
  const key = (e: End): string | null => (e.kind === 'junction' ? `j${e.j}` : e.kind === 'symbol' ? `s${e.s}` : null);
  const atEnd = (e: End, p: Pt): Pt => (e.kind === 'junction' ? junctions[e.j]!.at : e.kind === 'bend' || e.kind === 'symbol' ? e.at : p);
  const byBend = new Map<number, PieceEnds[]>();
  for (const pe of all) for (const e of pe.ends) if (e.kind === 'bend') byBend.set(e.id, [...(byBend.get(e.id) ?? []), pe]);
  const wires: Wire[] = [];
  const used = new Set<PieceEnds>();
  for (const start of all) {
    for (const side of [0, 1] as const) {
      const first = start.ends[side];
      const from = key(first);
      if (!from || used.has(start)) continue;
      const points: Pt[] = [atEnd(first, start.pts[side])];
      const pieces: Piece[] = [];
      let dashed = 0;
      let cur: PieceEnds | undefined = start;
      let enter = side;
      let to: string | null = null;
      const seen = new Set<PieceEnds>();
      while (cur && !seen.has(cur)) {
        seen.add(cur);
        pieces.push(cur.piece);
        if (cur.piece.seg.dashed) dashed++;
        const out: End = cur.ends[1 - enter]!;
        points.push(atEnd(out, cur.pts[1 - enter]!));
        if (out.kind !== 'bend') {
          to = key(out);
          break;
        }
        const next: PieceEnds | undefined = byBend.get(out.id)?.find((p) => p !== cur);
        if (!next) break;
        enter = next.ends[0].kind === 'bend' && next.ends[0].id === out.id ? 0 : 1;
        cur = next;
      }
      for (const p of seen) used.add(p);
      if (to && to !== from) wires.push({ from, to, points: simplify(points), dashed: dashed * 2 > pieces.length, pieces });
    }
  }
  junctions.forEach((j, k) => {
    const w = widths[k]!;
    j.dotted = j.radius >= w + 1 || inkDiscRadius(mask, j.at[0], j.at[1], w, 4 * w) >= w + 1;
  });
  return { junctions, wires, crossings };
}

/** The polyline without repeated points. */
function simplify(points: Pt[]): Pt[] {
  const out: Pt[] = [];
  for (const p of points) {
    const q = out[out.length - 1];
    if (!q || Math.hypot(q[0] - p[0], q[1] - p[1]) > 0.5) out.push([Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10]);
  }
  return out;
}
