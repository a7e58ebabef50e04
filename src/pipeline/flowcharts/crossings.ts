// Lines that cross join into one stroke with two heads and two tails (or more). Which tail feeds
// which head: a straight line keeps its direction through the crossing, so the tail whose straight
// path to a head runs on the stroke's own pixels all the way is that head's. Nearness alone pairs
// a head with the end of the other line whenever that end lies closer.

/** Where a stroke touches a node (found in connectors.ts). */
export interface Contact {
  /** Index of the touched node (shape or text node). */
  node: number;
  x: number;
  y: number;
  /** Foreground near the contact over what a bare line would hold there. */
  density: number;
  head: boolean;
  /** The density read on the foreground up to the node's own edge (see densitiesWithMargin). */
  marginDensity?: number;
}

/** Share of points along the segment from `a` to `b` that lie within `r` of a stroke pixel. */
export function onStroke(a: Contact, b: Contact, has: (x: number, y: number) => boolean, r: number): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const steps = Math.max(1, Math.ceil(len));
  let hits = 0;
  for (let k = 0; k <= steps; k++) {
    const x = Math.round(a.x + ((b.x - a.x) * k) / steps);
    const y = Math.round(a.y + ((b.y - a.y) * k) / steps);
    let near = false;
    for (let dy = -r; dy <= r && !near; dy++) for (let dx = -r; dx <= r && !near; dx++) near = has(x + dx, y + dy);
    if (near) hits++;
  }
  return hits / (steps + 1);
}

/**
 * The tail of each head: pairs taken best first, by how much of the straight path between them
 * the stroke covers (nearness breaks ties), each tail once while tails remain; a head left over
 * takes its best tail.
 */
export function tailsOfHeads(pixels: number[], heads: Contact[], tails: Contact[], width: number, stroke: number): Contact[] {
  const set = new Set(pixels);
  const has = (x: number, y: number): boolean => x >= 0 && x < width && set.has(y * width + x);
  const r = stroke + 1;
  const scored: { h: number; t: number; cover: number; d: number }[] = [];
  heads.forEach((h, i) => tails.forEach((t, j) => scored.push({ h: i, t: j, cover: onStroke(t, h, has, r), d: Math.hypot(h.x - t.x, h.y - t.y) })));
  // Coverage in steps of 5 %: a pixel or two of anti-aliasing does not outweigh nearness.
  const key = (s: { cover: number }): number => Math.round(s.cover * 20);
  scored.sort((p, q) => key(q) - key(p) || p.d - q.d);
  const out: (Contact | undefined)[] = heads.map(() => undefined);
  const usedT = new Set<number>();
  for (const s of scored) {
    if (out[s.h] || usedT.has(s.t)) continue;
    out[s.h] = tails[s.t];
    usedT.add(s.t);
  }
  return heads.map((_, i) => out[i] ?? tails[scored.find((s) => s.h === i)!.t]!);
}
