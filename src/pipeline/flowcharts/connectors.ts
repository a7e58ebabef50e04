// Connectors between shapes: the strokes left once the shapes are taken out, where each stroke
// touches which shape, and at which of those ends it carries an arrowhead.
//
// An arrowhead is told by ink density: near its tip a connector holds far more foreground than a
// bare line of the same stroke width (a filled triangle, a chevron or an open "V" alike). Elbows
// and curves do not matter, since only the contacts are read; strokes shared by several arrows
// (fan-in, fan-out, buses) are split by which ends carry heads.
import { components, dilate, type Component } from './components.js';
import type { Mask } from './raster.js';
import type { BBox } from '../types.js';
import { weakHead } from './weak-heads.js';
import { tailsOfHeads, type Contact } from './crossings.js';
import { headByTaper, headsByProfile, mainAngle, widestAtContact, type StrokeOptions } from './head-profile.js';

export type { Contact, StrokeOptions };
export { mainAngle, widestAtContact };

export interface Stroke {
  pixels: number[];
  contacts: Contact[];
}

export interface RawEdge {
  source: number;
  target: number;
  /** False when neither end has a head (an undirected line: org charts, mind maps). */
  directed: boolean;
  /** Pixels of the figure that draw this edge (for placing its label). */
  pixels: number[];
  /** Its direction was read on weak evidence (weak-heads.ts): structure may overrule it. */
  weak?: boolean;
  /** Heads read at both ends of a short link, neither ruled out: it runs with the figure's flow (flow-order.ts). */
  alongFlow?: boolean;
}

/** For every pixel within `reach` of a node, the index of the nearest node (breadth-first). */
export function nearestNode(width: number, height: number, nodePixels: number[][], reach: number): Int32Array {
  const owner = new Int32Array(width * height).fill(-1);
  const seen = new Uint8Array(width * height);
  // Breadth-first rings in typed queues: each pixel enters once.
  let frontier = new Int32Array(1024);
  let size = 0;
  const push = (q: number): void => {
    if (size === frontier.length) {
      const grown = new Int32Array(2 * size);
      grown.set(frontier);
      frontier = grown;
    }
    frontier[size++] = q;
  };
  nodePixels.forEach((pixels, i) => {
    for (const p of pixels) {
      owner[p] = i;
      if (!seen[p]) push(p);
      seen[p] = 1;
    }
  });
  let start = 0;
  for (let d = 1; d <= reach; d++) {
    const end = size;
    for (let k = start; k < end; k++) {
      const p = frontier[k]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (!seen[q]) {
            seen[q] = 1;
            owner[q] = owner[p]!;
            push(q);
          }
        }
      }
    }
    start = end;
  }
  return owner;
}


/** The connector strokes: foreground outside the (slightly grown) nodes, with their contacts. */
export function findStrokes(fg: Mask, nodePixels: number[][], opts: StrokeOptions): Stroke[] {
  const { width, height } = fg;
  const nodeMask = new Uint8Array(fg.data.length);
  for (const pixels of nodePixels) for (const p of pixels) nodeMask[p] = 1;
  const grown = dilate({ width, height, data: nodeMask }, opts.stroke + 1).data;
  const rest = new Uint8Array(fg.data.length);
  for (let i = 0; i < rest.length; i++) rest[i] = fg.data[i]! && !grown[i] ? 1 : 0;
  const near = nearestNode(width, height, nodePixels, opts.stroke + 3);
  const radius = Math.max(3 * opts.stroke + 4, 1.1 * opts.glyph);
  const strokes: Stroke[] = [];
  // A short connector between two close nodes keeps only a few pixels once the grown nodes are
  // taken out: small pieces stay when they touch two nodes (specks of noise touch at most one).
  const minSize = Math.max(4, opts.glyph);
  for (const comp of components({ width, height, data: rest }, 1, (s) => s.size >= 4).list) {
    let contacts = contactsOf(comp, near, width, radius, opts.stroke);
    if (comp.pixels.length < minSize && contacts.length < 2) continue;
    if (contacts.length >= 3) contacts = withoutGrazes(comp.pixels, contacts, width, radius);
    if (contacts.length > 0) strokes.push({ pixels: comp.pixels, contacts });
  }
  // The rim right next to the nodes (an outline's anti-aliased edge), shared by both readers below.
  const rim = dilate({ width, height, data: nodeMask }, 1).data;
  strokes.push(...shortBridges(fg, rim, near, strokes, opts));
  densitiesWithMargin(fg, rim, strokes, radius, opts.stroke);
  return strokes;
}

/**
 * Densities read again on the foreground up to the nodes' own edge rather than their grown
 * margin: a head whose tip meets a slanted outline loses much of its ink to the margin (its barbs
 * run close to the outline) and may fall apart into pieces; within the margin those pieces join
 * the line again. Ink of other connectors is not counted. Only consulted when the plain reading
 * finds no head at all (the margin also lengthens every tail, and a short link's tail then reads
 * as dense as its head).
 */
function densitiesWithMargin(fg: Mask, rim: Uint8Array, strokes: Stroke[], radius: number, stroke: number): void {
  const { width, height } = fg;
  const ext = new Uint8Array(fg.data.length);
  for (let i = 0; i < ext.length; i++) ext[i] = fg.data[i]! && !rim[i] ? 1 : 0;
  // Labels only: the ink is counted in a window around each contact.
  const { labels } = components({ width, height, data: ext }, 1, () => false);
  // Pixels of connectors (strokes with two ends or more), by stroke.
  const ownerOf = new Int32Array(fg.data.length).fill(-1);
  strokes.forEach((s, k) => {
    if (s.contacts.length >= 2) for (const p of s.pixels) ownerOf[p] = k;
  });
  const r = Math.ceil(radius);
  strokes.forEach((s, k) => {
    if (s.contacts.length < 2 || s.pixels.length === 0) return;
    const id = labels[s.pixels[0]!]!;
    for (const c of s.contacts) {
      let count = 0;
      const cx = Math.round(c.x);
      const cy = Math.round(c.y);
      for (let y = Math.max(0, cy - r); y <= Math.min(height - 1, cy + r); y++) {
        for (let x = Math.max(0, cx - r); x <= Math.min(width - 1, cx + r); x++) {
          const p = y * width + x;
          if (labels[p] !== id || (ownerOf[p]! >= 0 && ownerOf[p] !== k)) continue;
          if ((x - c.x) ** 2 + (y - c.y) ** 2 <= radius * radius) count++;
        }
      }
      c.marginDensity = count / (radius * (stroke + 1));
    }
  });
}

/**
 * Connectors shorter than the margin grown around the nodes: between two close nodes the margin
 * swallows the whole line. Inside the margin, less the rim right next to the nodes (an outline's
 * anti-aliased edge, which would join everything around a node), a piece of foreground that
 * touches exactly two nodes not yet linked is such a line.
 */
function shortBridges(fg: Mask, rim: Uint8Array, near: Int32Array, found: Stroke[], opts: StrokeOptions): Stroke[] {
  const { width, height } = fg;
  const linked = new Set<string>();
  for (const s of found) for (const a of s.contacts) for (const b of s.contacts) linked.add(`${a.node}:${b.node}`);
  const margin = new Uint8Array(fg.data.length);
  // The zone where contacts are read (near >= 0) holds the whole of a line shorter than the margin.
  for (let i = 0; i < margin.length; i++) margin[i] = fg.data[i]! && near[i]! >= 0 && !rim[i] ? 1 : 0;
  const radius = Math.max(3 * opts.stroke + 4, 1.1 * opts.glyph);
  const out: Stroke[] = [];
  for (const comp of components({ width, height, data: margin }, 1, (s) => s.size >= Math.max(4, 2 * opts.stroke)).list) {
    const contacts = contactsOf(comp, near, width, radius, opts.stroke);
    if (contacts.length !== 2 || linked.has(`${contacts[0]!.node}:${contacts[1]!.node}`)) continue;
    out.push({ pixels: comp.pixels, contacts });
  }
  return out;
}

function contactsOf(comp: Component, near: Int32Array, width: number, radius: number, stroke: number): Contact[] {
  const byNode = new Map<number, number[]>();
  for (const p of comp.pixels) {
    const node = near[p]!;
    if (node < 0) continue;
    const list = byNode.get(node);
    if (list) list.push(p);
    else byNode.set(node, [p]);
  }
  const contacts: Contact[] = [];
  for (const [node, pixels] of byNode) {
    for (const part of approaches(pixels, width, radius)) {
      if (part.length < 2) continue;
      let sx = 0;
      let sy = 0;
      for (const p of part) {
        const x = p % width;
        sx += x;
        sy += (p - x) / width;
      }
      const cx = sx / part.length;
      const cy = sy / part.length;
      let count = 0;
      for (const p of comp.pixels) {
        const x = p % width;
        const y = (p - x) / width;
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) count++;
      }
      // A bare line ending here holds about radius x stroke pixels (anti-aliasing adds one).
      const density = count / (radius * (stroke + 1));
      contacts.push({ node, x: cx, y: cy, density, head: false });
    }
  }
  return contacts;
}

/**
 * A stroke's pixels next to one node, split where it reaches the node at places far apart (two
 * lines of a crossing that both end at one node): one averaged contact would sit between them,
 * read neither head, and give the stroke's edges the wrong direction. Pieces of one end (a head's
 * barbs and its shaft meeting the outline apart) lie within `gap` of each other and stay one.
 */
function approaches(pixels: number[], width: number, gap: number): number[][] {
  // Occupied cells half a gap wide, joined with their occupied neighbours: points a gap and a
  // half apart or more are never joined, points under half a gap apart always are.
  const size = Math.max(1, gap / 2);
  const cellOf = (p: number): number => {
    const x = p % width;
    return Math.floor((p - x) / width / size) * 65536 + Math.floor(x / size);
  };
  const cells = new Map<number, number[]>();
  for (const p of pixels) {
    const k = cellOf(p);
    const list = cells.get(k);
    if (list) list.push(p);
    else cells.set(k, [p]);
  }
  const seen = new Set<number>();
  const parts: number[][] = [];
  for (const start of cells.keys()) {
    if (seen.has(start)) continue;
    seen.add(start);
    const part: number[] = [];
    const queue = [start];
    while (queue.length > 0) {
      const k = queue.pop()!;
      part.push(...cells.get(k)!);
      for (const d of [-65537, -65536, -65535, -1, 1, 65535, 65536, 65537]) {
        if (cells.has(k + d) && !seen.has(k + d)) {
          seen.add(k + d);
          queue.push(k + d);
        }
      }
    }
    parts.push(part);
  }
  return parts;
}

/**
 * Drops contacts where a stroke only grazes a node on its way elsewhere: around a real end the
 * stroke leaves the contact on one side only; around a graze it runs on to both sides.
 */
function withoutGrazes(pixels: number[], contacts: Contact[], width: number, radius: number): Contact[] {
  const reach = 2 * radius;
  return contacts.filter((c) => {
    const near: [number, number][] = [];
    for (const p of pixels) {
      const dx = (p % width) - c.x;
      const dy = Math.floor(p / width) - c.y;
      if (dx * dx + dy * dy <= reach * reach) near.push([dx, dy]);
    }
    if (near.length < 3) return true;
    const angle = mainAngle(near);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let lo = 0;
    let hi = 0;
    for (const [dx, dy] of near) {
      const t = dx * ux + dy * uy;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
    return Math.min(-lo, hi) < 0.6 * reach;
  });
}

/**
 * Heads: ends clearly denser than a bare line (0.5-0.7 with this normalisation) and than the
 * stroke's sparsest end. A head whose tip merges into a sharp outline (a diamond's corner) keeps
 * only part of its ink, about 1.2, hence the bound of 1. When every end is dense (thick strokes), only those well above the
 * sparsest count, unless there are just two (arrows both ways).
 */
function markHeads(contacts: Contact[]): void {
  const low = Math.min(...contacts.map((c) => c.density));
  for (const c of contacts) c.head = c.density >= 1 && c.density >= 1.5 * Math.max(low, 0.6);
  if (contacts.length >= 2 && contacts.every((c) => c.density >= 1.25) && !contacts.some((c) => c.head)) {
    for (const c of contacts) c.head = contacts.length === 2;
  }
  // A short thick arrow: its whole shaft lies within reach of both ends, so the tail reads about
  // 1 and the head only a quarter more; between two ends, that is still the head.
  if (contacts.length === 2 && !contacts.some((c) => c.head)) {
    const [a, b] = [...contacts].sort((p, q) => q.density - p.density) as [Contact, Contact];
    if (a.density >= 1 && a.density >= 1.25 * b.density) a.head = true;
  }
  // No head in the plain reading: a head cut up by the margin shows up again within it.
  if (!contacts.some((c) => c.head) && contacts.every((c) => c.marginDensity !== undefined)) {
    const m = (c: Contact): number => c.marginDensity!;
    const lowM = Math.min(...contacts.map(m));
    for (const c of contacts) c.head = m(c) >= 1 && m(c) >= 1.5 * Math.max(lowM, 0.6);
  }
}


/**
 * Straight lines that cross a node on their way between two others. A line drawn between node
 * centres and cut where it enters and leaves a node it crosses gives two pieces, each touching
 * that node; where a line really ends at a node it aims at the node's centre, while a crossing
 * line misses the centre and goes on, in the same direction, on the far side. Such pairs of
 * pieces are joined into one line between their outer ends.
 */
export function joinCrossings(strokes: Stroke[], boxes: BBox[], width: number, stroke: number): Stroke[] {
  interface End {
    s: number;
    c: Contact;
    other: Contact;
    ux: number;
    uy: number;
  }
  const passing: End[] = [];
  strokes.forEach((st, s) => {
    if (st.contacts.length !== 2 || !isStraight(st, width, stroke)) return;
    for (const [c, other] of [[st.contacts[0]!, st.contacts[1]!], [st.contacts[1]!, st.contacts[0]!]] as const) {
      const len = Math.hypot(c.x - other.x, c.y - other.y);
      if (len === 0) continue;
      const ux = (c.x - other.x) / len;
      const uy = (c.y - other.y) / len;
      const b = boxes[c.node]!;
      const miss = Math.abs(((b[0] + b[2]) / 2 - c.x) * uy - ((b[1] + b[3]) / 2 - c.y) * ux);
      if (miss > 0.3 * Math.min(b[2] - b[0], b[3] - b[1])) passing.push({ s, c, other, ux, uy });
    }
  });
  const used = new Set<number>();
  const joined: Stroke[] = [];
  const tol = 2 * stroke + 3;
  for (const a of passing) {
    if (used.has(a.s)) continue;
    // Along a's line past the node: how far on, and how far off the line.
    const along = (c: Contact): number => (c.x - a.c.x) * a.ux + (c.y - a.c.y) * a.uy;
    const off = (c: Contact): number => Math.abs((c.x - a.c.x) * a.uy - (c.y - a.c.y) * a.ux);
    let best = -1;
    let bestStart: Contact | undefined;
    let bestEnd: Contact | undefined;
    strokes.forEach((st, s) => {
      if (s === a.s || used.has(s) || st.contacts.length !== 2) return;
      const i = st.contacts.findIndex((c) => c.node === a.c.node);
      if (i < 0) return;
      const start = st.contacts[i]!;
      const end = st.contacts[1 - i]!;
      if (end.node === a.other.node || along(start) <= 0 || along(end) <= along(start) || off(start) > tol) return;
      // The far end may drift off the line a little more with distance (a 3-degree cone).
      if (off(end) > tol + 0.05 * along(end) || !isStraight(st, width, stroke)) return;
      if (best < 0 || along(start) < along(bestStart!)) {
        best = s;
        bestStart = start;
        bestEnd = end;
      }
    });
    if (best < 0 || !bestEnd) continue;
    used.add(a.s).add(best);
    joined.push({ pixels: [...strokes[a.s]!.pixels, ...strokes[best]!.pixels], contacts: [a.other, bestEnd] });
  }
  return [...strokes.filter((_, i) => !used.has(i)), ...joined];
}

/** Every pixel of the stroke within a few strokes' width of the line between its two ends. */
function isStraight(st: Stroke, width: number, stroke: number): boolean {
  const [a, b] = st.contacts as [Contact, Contact];
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 1) return false;
  const tol = 2 * stroke + 3;
  let off = 0;
  for (const p of st.pixels) {
    const dx = (p % width) - a.x;
    const dy = Math.floor(p / width) - a.y;
    if (Math.abs(dx * (b.y - a.y) - dy * (b.x - a.x)) / len > tol) off++;
  }
  return off <= 0.05 * st.pixels.length;
}

/** Geodesic owner of every stroke pixel among the given seed contacts (for splitting shared strokes). */
function splitPixels(stroke: Stroke, seeds: Contact[], width: number): number[][] {
  const index = new Map<number, number>();
  stroke.pixels.forEach((p, i) => index.set(p, i));
  const owner = new Int32Array(stroke.pixels.length).fill(-1);
  let frontier: number[] = [];
  seeds.forEach((c, k) => {
    let best = -1;
    let bestD = Infinity;
    stroke.pixels.forEach((p, i) => {
      const x = p % width;
      const y = (p - x) / width;
      const d = (x - c.x) ** 2 + (y - c.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    if (best >= 0 && owner[best] === -1) {
      owner[best] = k;
      frontier.push(best);
    }
  });
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const i of frontier) {
      const p = stroke.pixels[i]!;
      for (const q of [p - 1, p + 1, p - width, p + width, p - width - 1, p - width + 1, p + width - 1, p + width + 1]) {
        const j = index.get(q);
        if (j !== undefined && owner[j] === -1) {
          owner[j] = owner[i]!;
          next.push(j);
        }
      }
    }
    frontier = next;
  }
  const out: number[][] = seeds.map(() => []);
  owner.forEach((k, i) => {
    if (k >= 0) out[k]!.push(stroke.pixels[i]!);
  });
  return out;
}

/**
 * Edges of one stroke. Two ends: one edge, pointing at the head. More ends: every tail to every
 * head when one side is single (fan-out, fan-in); crossing strokes pair each head with the tail
 * whose direction it continues; without any head, the topmost end (a parent above its children in
 * org charts and trees) links to the others. `flow`: a flowchart's heads may read weakly (weak-heads.ts).
 */
export function strokeEdges(stroke: Stroke, width: number, nodeCentre: (i: number) => [number, number], scale?: StrokeOptions, flow = false): RawEdge[] {
  const contacts = stroke.contacts;
  if (contacts.length < 2) return [];
  // An outline's corner left at an end reads as dense (and as wide in the profile): no head there.
  const corners = scale ? contacts.filter((c) => widestAtContact(stroke.pixels, c, width, scale)) : [];
  for (const c of corners) c.density = Math.min(c.density, 0.6);
  markHeads(contacts);
  if (contacts.length === 2 && scale && corners.length === 0) headsByProfile(stroke.pixels, contacts as [Contact, Contact], width, scale);
  const weak = contacts.length === 2 && flow && weakHead(contacts[0]!, contacts[1]!);
  // Arrows both ways are rare in a flowchart: a head at each end is checked against the shape.
  if (contacts.length === 2 && flow && scale && contacts.every((c) => c.head)) headByTaper(stroke.pixels, contacts as [Contact, Contact], width, scale);
  const heads = contacts.filter((c) => c.head);
  const tails = contacts.filter((c) => !c.head);
  if (contacts.length === 2) {
    const [a, b] = contacts as [Contact, Contact];
    if (a.head && b.head) {
      // A flowchart's short link whose one head lies within the density window of both ends
      // reads as a head at each when its shape cannot tell (headByTaper): an arrow both ways is
      // rare there, one that short rarer still, so it is one edge, ordered with the flow.
      if (flow && scale && Math.hypot(a.x - b.x, a.y - b.y) < 2 * Math.max(3 * scale.stroke + 4, 1.1 * scale.glyph)) {
        const [first, second] = nodeCentre(a.node)[1] <= nodeCentre(b.node)[1] ? [a, b] : [b, a];
        return [{ source: first.node, target: second.node, directed: true, alongFlow: true, pixels: stroke.pixels }];
      }
      return [{ source: a.node, target: b.node, directed: true, pixels: stroke.pixels }, { source: b.node, target: a.node, directed: true, pixels: stroke.pixels }];
    }
    if (a.head) return [{ source: b.node, target: a.node, directed: true, pixels: stroke.pixels, ...(weak ? { weak } : {}) }];
    if (b.head) return [{ source: a.node, target: b.node, directed: true, pixels: stroke.pixels, ...(weak ? { weak } : {}) }];
    const [first, second] = nodeCentre(a.node)[1] <= nodeCentre(b.node)[1] ? [a, b] : [b, a];
    return [{ source: first.node, target: second.node, directed: false, pixels: stroke.pixels }];
  }
  if (heads.length === 0) {
    const order = [...contacts].sort((p, q) => nodeCentre(p.node)[1] - nodeCentre(q.node)[1]);
    const root = order[0]!;
    const parts = splitPixels(stroke, order.slice(1), width);
    return order.slice(1).map((c, k) => ({ source: root.node, target: c.node, directed: false, pixels: parts[k]! }));
  }
  if (tails.length === 0) return [];
  if (tails.length === 1) {
    const parts = splitPixels(stroke, heads, width);
    return heads.map((h, k) => ({ source: tails[0]!.node, target: h.node, directed: true, pixels: parts[k]! }));
  }
  if (heads.length === 1) {
    const parts = splitPixels(stroke, tails, width);
    return tails.map((t, k) => ({ source: t.node, target: heads[0]!.node, directed: true, pixels: parts[k]! }));
  }
  // Crossing: each head takes the tail whose line runs straight on to it (crossings.ts).
  const parts = splitPixels(stroke, heads, width);
  const from = tailsOfHeads(stroke.pixels, heads, tails, width, scale?.stroke ?? 1);
  return heads.map((h, k) => ({ source: from[k]!.node, target: h.node, directed: true, pixels: parts[k]! }));
}
