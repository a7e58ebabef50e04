// A connector that passes over another node's corner on its way (a curved spline or a long
// diagonal drawn across a crowded layout) is cut in two where it runs through that node's
// outline, and each piece reads as an edge ending there: the node gains two edges and the real
// one is lost. Where a line truly ends at a node and another leaves it, the two contacts lie on
// opposite sides of the node (an extent of the node apart) or turn at an angle; a line over a
// corner enters and leaves a short chord apart and runs on in the same direction. Such pieces,
// bare at both contacts (no head there), are joined into one stroke between their outer ends.
import type { BBox } from '../types.js';
import type { Contact, Stroke } from './connectors.js';
import { mainAngle } from './head-profile.js';

interface Piece {
  s: number;
  c: Contact;
  /** Unit direction of the stroke at the contact, pointing away from the node. */
  ox: number;
  oy: number;
}

/** Direction of a stroke leaving a contact: its pixels within `reach`, towards their bulk. */
function leaving(pixels: number[], c: Contact, width: number, reach: number): [number, number] | undefined {
  const near: [number, number][] = [];
  let mx = 0;
  let my = 0;
  for (const p of pixels) {
    const dx = (p % width) - c.x;
    const dy = Math.floor(p / width) - c.y;
    if (dx * dx + dy * dy > reach * reach) continue;
    near.push([dx, dy]);
    mx += dx;
    my += dy;
  }
  if (near.length < 4) return undefined;
  const a = mainAngle(near);
  const sign = Math.cos(a) * mx + Math.sin(a) * my >= 0 ? 1 : -1;
  return [sign * Math.cos(a), sign * Math.sin(a)];
}

/** The node's centre lies off the line through `c` along (ux, uy) by over 0.3 of the node's extent across it. */
function offCentre(b: BBox, c: Contact, ux: number, uy: number): boolean {
  const miss = Math.abs(((b[0] + b[2]) / 2 - c.x) * uy - ((b[1] + b[3]) / 2 - c.y) * ux);
  return miss > 0.3 * (Math.abs(uy) * (b[2] - b[0]) + Math.abs(ux) * (b[3] - b[1]));
}

const bare = (c: Contact): boolean => c.density < 0.8 && (c.marginDensity ?? 0) < 1;

/**
 * Joins pairs of stroke pieces that pass over a node rather than end at it. A pair qualifies when
 * both contacts at the node read no head (density under a head's), they lie less than half the
 * node's extent along the line apart (and under four glyphs) or, a line across the node near its
 * side, up to 1.25 extents apart, well off the centre and bare in both readings; and the two
 * pieces and the chord between their contacts keep one direction (within 35 degrees: a gentle
 * curve over a corner).
 */
export function joinGrazes(strokes: Stroke[], boxes: BBox[], width: number, scale: { stroke: number; glyph: number }): Stroke[] {
  const reach = Math.max(3 * scale.stroke + 4, 1.5 * scale.glyph);
  const cos = Math.cos((35 * Math.PI) / 180);
  const byNode = new Map<number, Piece[]>();
  strokes.forEach((st, s) => {
    if (st.contacts.length < 2) return;
    for (const c of st.contacts) {
      if (c.density >= 1) continue;
      const o = leaving(st.pixels, c, width, reach);
      if (!o) continue;
      const list = byNode.get(c.node) ?? [];
      list.push({ s, c, ox: o[0], oy: o[1] });
      byNode.set(c.node, list);
    }
  });
  const pairs: { a: Piece; b: Piece; d: number }[] = [];
  for (const [node, pieces] of byNode) {
    const b = boxes[node]!;
    for (let i = 0; i < pieces.length; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const p = pieces[i]!;
        const q = pieces[j]!;
        if (p.s === q.s) continue;
        const dx = q.c.x - p.c.x;
        const dy = q.c.y - p.c.y;
        const d = Math.hypot(dx, dy);
        if (d === 0) continue;
        const ux = dx / d;
        const uy = dy / d;
        // The node's extent along the chord: a line through the node's middle crosses all of it.
        const extent = Math.abs(ux) * (b[2] - b[0]) + Math.abs(uy) * (b[3] - b[1]);
        const corner = d <= 0.5 * extent && d <= 4 * scale.glyph;
        // Or across the node near its side: far off its centre, and bare on both sides in the
        // margin's reading too (a head there, however faint, ends the line at the node).
        if (!corner && !(d <= 1.25 * extent && offCentre(b, p.c, ux, uy) && bare(p.c) && bare(q.c))) continue;
        // p's piece runs into the node along the chord, q's leaves it along the chord.
        if (-(p.ox * ux + p.oy * uy) < cos || q.ox * ux + q.oy * uy < cos || -(p.ox * q.ox + p.oy * q.oy) < cos) continue;
        pairs.push({ a: p, b: q, d });
      }
    }
  }
  if (pairs.length === 0) return strokes;
  pairs.sort((x, y) => x.d - y.d);
  // Union-find over strokes: a line over two corners joins three pieces.
  const parent = strokes.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const dropped = new Set<Contact>();
  for (const { a, b } of pairs) {
    if (dropped.has(a.c) || dropped.has(b.c)) continue;
    const ra = find(a.s);
    const rb = find(b.s);
    if (ra === rb) continue;
    parent[rb] = ra;
    dropped.add(a.c).add(b.c);
  }
  const groups = new Map<number, number[]>();
  strokes.forEach((_, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  return [...groups.values()].map((members) => {
    if (members.length === 1) return strokes[members[0]!]!;
    const pixels = members.flatMap((i) => strokes[i]!.pixels);
    const contacts = members.flatMap((i) => strokes[i]!.contacts).filter((c) => !dropped.has(c));
    return { pixels, contacts };
  });
}
