// A mind map's branch lines where several meet in one stroke. Two lines that cross each other
// (an X between four nodes) or lines that leave one node side by side and merge before they
// part are one foreground piece with many ends; the flowchart rule for such a piece (the top end
// links to all the others) hangs leaves from the wrong node. Branch lines are mostly straight,
// so the piece is read as the fewest straight lines between its ends that draw it: a pairing of
// the ends (crossing lines), a star from one end (lines sharing a node), or a mix of both.
import type { Contact, Stroke } from '../flowcharts/connectors.js';
import type { BBox } from '../types.js';

type Pair = [Contact, Contact];

/** Pixels farther than `tol` from every segment of the set. */
function missed(pixels: number[], width: number, pairs: Pair[], tol: number): number {
  let off = 0;
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    if (!pairs.some(([a, b]) => segmentDistance(x, y, a, b) <= tol)) off++;
  }
  return off;
}

function segmentDistance(x: number, y: number, a: Contact, b: Contact): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2));
  return Math.hypot(x - a.x - t * dx, y - a.y - t * dy);
}

/** Sets of `k` of the given pairs that touch every end. */
function covers(pairs: Pair[], ends: Contact[], k: number): Pair[][] {
  const out: Pair[][] = [];
  const pick = (from: number, chosen: Pair[]): void => {
    if (chosen.length === k) {
      if (ends.every((e) => chosen.some(([a, b]) => a === e || b === e))) out.push([...chosen]);
      return;
    }
    for (let i = from; i < pairs.length; i++) pick(i + 1, [...chosen, pairs[i]!]);
  };
  pick(0, []);
  return out;
}

/**
 * Splits strokes with three or more ends (on different nodes) into straight lines: the fewest
 * straight lines between ends that each run along ink, touch every end and together cover all
 * but a few of the stroke's pixels (crossing lines pair the ends, lines sharing a node make a
 * star, both may mix). Strokes that no such set explains (curved branches) are left as they are.
 */
export function splitBranches(strokes: Stroke[], boxes: BBox[], width: number, stroke: number): Stroke[] {
  const tol = 2 * stroke + 3;
  return strokes.flatMap((st) => {
    if (st.contacts.length < 3 || new Set(st.contacts.map((c) => c.node)).size !== st.contacts.length) return [st];
    const ink = new Set(st.pixels);
    const ends = st.contacts.flatMap((c) => touches(c, st.pixels, ink, boxes[c.node]!, width, tol));
    if (ends.length > 6) return [st];
    const valid: Pair[] = [];
    ends.forEach((a, i) => ends.slice(i + 1).forEach((b) => a.node !== b.node && alongInk([a, b], ink, width, tol) && valid.push([a, b])));
    if (valid.length > 12) return [st];
    let best: Pair[] | undefined;
    for (let k = Math.ceil(ends.length / 2); k < ends.length && !best; k++) {
      let bestOff = 0.05 * st.pixels.length;
      for (const pairs of covers(valid, ends, k)) {
        const off = missed(st.pixels, width, pairs, tol);
        if (off <= bestOff) {
          bestOff = off;
          best = pairs;
        }
      }
    }
    if (!best) return [st];
    // Each pixel goes to the nearest line; the ends lose their head marks (branches are undirected).
    const parts: number[][] = best.map(() => []);
    for (const p of st.pixels) {
      const x = p % width;
      const y = (p - x) / width;
      let k = 0;
      let d = Infinity;
      best.forEach(([a, b], i) => {
        const di = segmentDistance(x, y, a, b);
        if (di < d) {
          d = di;
          k = i;
        }
      });
      parts[k]!.push(p);
    }
    return best.map(([a, b], i) => ({ pixels: parts[i]!, contacts: [{ ...a, head: false }, { ...b, head: false }] }));
  });
}

/**
 * Where the stroke touches a node: one end per separate group of its pixels next to the node's box
 * (a node that two lines of the stroke reach has two ends; its contact is their mean, which lies
 * on neither line).
 */
function touches(c: Contact, pixels: number[], ink: Set<number>, b: BBox, width: number, margin: number): Contact[] {
  const near = new Set<number>();
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    if (Math.max(b[0] - x, 0, x - b[2]) <= margin && Math.max(b[1] - y, 0, y - b[3]) <= margin) near.add(p);
  }
  const out: Contact[] = [];
  const seen = new Set<number>();
  for (const p of near) {
    if (seen.has(p)) continue;
    const group = [p];
    seen.add(p);
    for (let i = 0; i < group.length; i++) {
      const q = group[i]!;
      for (const n of [q - 1, q + 1, q - width, q + width, q - width - 1, q - width + 1, q + width - 1, q + width + 1]) {
        if (near.has(n) && !seen.has(n) && ink.has(n)) {
          seen.add(n);
          group.push(n);
        }
      }
    }
    if (group.length < 3) continue;
    const x = group.reduce((a, q) => a + (q % width), 0) / group.length;
    const y = group.reduce((a, q) => a + Math.floor(q / width), 0) / group.length;
    out.push({ ...c, x, y, head: false });
  }
  return out.length > 0 ? out : [c];
}

/** True when ink lies within `tol` of the segment all along it (sampled every pixel or so). */
function alongInk([a, b]: Pair, ink: Set<number>, width: number, tol: number): boolean {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const steps = Math.max(1, Math.ceil(len / 2));
  const r = Math.ceil(tol);
  let gaps = 0;
  for (let s = 0; s <= steps; s++) {
    const x = Math.round(a.x + ((b.x - a.x) * s) / steps);
    const y = Math.round(a.y + ((b.y - a.y) * s) / steps);
    let hit = false;
    for (let dy = -r; dy <= r && !hit; dy += 1) for (let dx = -r; dx <= r && !hit; dx += 1) if (dx * dx + dy * dy <= tol * tol && ink.has((y + dy) * width + x + dx)) hit = true;
    if (!hit) gaps++;
  }
  return gaps <= 0.1 * (steps + 1);
}
