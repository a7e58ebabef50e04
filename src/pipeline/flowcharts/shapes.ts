// Finding the closed shapes of a figure and telling their kind from their outline.
//
// A shape is either an outlined region (a convex hole of background enclosed by a drawn curve,
// usually with text inside) or a filled blob (a coloured fill). Both become solid once holes are
// filled; a square opening then removes every thin stroke (connectors, text outside shapes),
// leaving the shapes. Loops of connectors also enclose background, but those regions are rarely
// convex and rarely hold centred text, which is what tells them apart.
import type { BBox } from '../types.js';
import { components, dilate, erode, open, type Component } from './components.js';
import { shapeHoles, type ShapeScale } from './holes.js';
import { cornerPieces, isCorner } from './corners.js';
import { hullFill } from './text-notches.js';

export type { ShapeScale };
import type { Mask } from './raster.js';

export type ShapeKind = 'process' | 'decision' | 'terminator' | 'io' | 'connector' | 'subroutine';

export interface Region {
  bbox: BBox;
  /** Pixel indices of the solid region in the figure. */
  pixels: number[];
  kind: ShapeKind;
  /** True when the region came from an enclosed background (an outlined shape). */
  hollow: boolean;
  /** The region before attachments were trimmed: it still holds a flat diamond's sharp ends. */
  untrimmed: number[];
  /** True when its text runs across the outline (text-notches.ts). */
  notched?: boolean;
}

/** Shapes of the figure, unclassified pixel sets first, then each with its kind. */
/** `holes`: the masks holes are read on (holes.ts), when not `fg` itself. */
export function findShapes(fg: Mask, scale: ShapeScale, holes?: { ink: Mask; more: Mask[] }): Region[] {
  const { width, height } = fg;
  const { filled, hollow, notched } = shapeHoles(holes?.ink ?? fg, scale, holes?.more);
  const solid = new Uint8Array(fg.data.length);
  for (let i = 0; i < solid.length; i++) solid[i] = fg.data[i]! | filled[i]!;
  const opened = open({ width, height, data: solid }, scale.stroke);
  const big: Component[] = [];
  const small: Component[] = [];
  const hollowOf = new Map<Component, boolean>();
  for (const c of components(opened, 1).list) {
    const w = c.bbox[2] - c.bbox[0];
    const h = c.bbox[3] - c.bbox[1];
    if (Math.min(w, h) < Math.max(6, 0.9 * scale.glyph)) continue;
    const isHollow = c.pixels.some((p) => hollow[p]);
    hollowOf.set(c, isHollow);
    (isHollow || Math.max(w, h) >= 3 * scale.glyph ? big : small).push(c);
  }
  // A small solid blob touching a shape is an arrowhead (its tip meets the outline); one
  // standing free is a dot node (a start or junction mark).
  const bigMask = new Uint8Array(fg.data.length);
  for (const c of big) for (const p of c.pixels) bigMask[p] = 1;
  // The opening eats an arrowhead's thin tip, so its core stands a little off the outline.
  const nearBig = dilate({ width, height, data: bigMask }, Math.round(3 * scale.stroke + 0.5 * scale.glyph)).data;
  const kept = [...withoutHollowHeads(big, hollowOf, width, height, scale), ...small.filter((c) => !c.pixels.some((p) => nearBig[p]) && c.pixels.length / ((c.bbox[2] - c.bbox[0]) * (c.bbox[3] - c.bbox[1])) >= 0.6)];
  return kept.flatMap((c) => joinedShapes(c, width, scale)).map((c) => {
    if (!hollowOf.has(c)) hollowOf.set(c, c.pixels.some((p) => hollow[p]));
    const body = hollowOf.get(c) ? outlinedBody(c, filled, fg, scale.glyph) : undefined;
    const t = body ?? trimAttachments(c, width, scale);
    // The stronger opening squares off curves; when nothing stuck out of the outline (the box is
    // unchanged), the untrimmed outline tells the kind better.
    const same = t.bbox.every((v, i) => Math.abs(v - c.bbox[i]!) <= 1);
    const isNotched = c.pixels.some((p) => notched[p]);
    // Letters past a notched outline square off its ends: its kind is read on its inside's hull.
    const kind = classify(isNotched ? notchedInside(c, notched, width) : same ? c : t, width, fg, scale);
    const region: Region = { bbox: t.bbox, pixels: t.pixels, kind, hollow: hollowOf.get(c) ?? false, untrimmed: c.pixels };
    if (isNotched) region.notched = true;
    return region;
  });
}

/** The convex hull of a component's notched inside (text-notches.ts), as a component. */
function notchedInside(c: Component, notched: Uint8Array, width: number): Component {
  const [x0, y0, x1, y1] = c.bbox;
  const w = x1 - x0;
  const h = y1 - y0;
  const local = new Uint8Array(w * h);
  for (const p of c.pixels) if (notched[p]) local[(Math.floor(p / width) - y0) * w + (p % width) - x0] = 1;
  const hull = hullFill(local, w, h);
  const pixels: number[] = [];
  let [bx0, by0, bx1, by1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let q = 0; q < hull.length; q++) {
    if (!hull[q]) continue;
    const x = (q % w) + x0;
    const y = Math.floor(q / w) + y0;
    pixels.push(y * width + x);
    bx0 = Math.min(bx0, x);
    by0 = Math.min(by0, y);
    bx1 = Math.max(bx1, x + 1);
    by1 = Math.max(by1, y + 1);
  }
  return pixels.length === 0 ? c : { id: c.id, pixels, bbox: [bx0, by0, bx1, by1], touchesBorder: c.touchesBorder };
}

/**
 * Hollow arrowheads ("empty" and open-triangle styles) enclose background too, so they come out
 * as small outlined shapes. A small hollow solid (no side over two glyphs) whose outline runs
 * within two strokes of a larger shape is such a head: its tip meets that shape. A node as small
 * (an on-page connector, a merge diamond) is reached by lines, never drawn against another node.
 */
export function withoutHollowHeads(big: Component[], hollowOf: Map<Component, boolean>, width: number, height: number, scale: ShapeScale): Component[] {
  const small = (c: Component): boolean => hollowOf.get(c) === true && Math.max(c.bbox[2] - c.bbox[0], c.bbox[3] - c.bbox[1]) <= 2 * scale.glyph;
  const large = new Uint8Array(width * height);
  for (const c of big) if (!small(c)) for (const p of c.pixels) large[p] = 1;
  const near = dilate({ width, height, data: large }, 2 * scale.stroke + 2).data;
  return big.filter((c) => !small(c) || !c.pixels.some((p) => near[p]));
}

/**
 * An outlined shape is its enclosed interior plus the outline around it: the region's pixels
 * within the outline's thickness of the interior. Arrowheads and line ends stuck to the outline
 * lie beyond it, whatever the angle they meet the outline at (an opening keeps a head that lies
 * flat against a slanted side). The thickness is the median run of foreground met
 * stepping out of the interior along rows and columns (lines meeting the outline lengthen a few
 * runs only).
 */
function outlinedBody(c: Component, interior: Uint8Array, fg: Mask, glyph: number): Component | undefined {
  const { width } = fg;
  const [x0, y0, x1, y1] = c.bbox;
  const w = x1 - x0;
  const h = y1 - y0;
  const inner = new Uint8Array(w * h);
  let count = 0;
  for (const p of c.pixels) {
    if (!interior[p]) continue;
    inner[(Math.floor(p / width) - y0) * w + (p % width) - x0] = 1;
    count++;
  }
  if (count === 0) return undefined;
  const runs: number[] = [];
  const run = (x: number, y: number, dx: number, dy: number): void => {
    let n = 0;
    for (let xx = x + dx, yy = y + dy; xx >= x0 && yy >= y0 && xx < x1 && yy < y1 && fg.data[yy * width + xx]; xx += dx, yy += dy) n++;
    if (n > 0) runs.push(n);
  };
  for (let y = 0; y < h; y++) {
    let lo = -1;
    let hi = -1;
    for (let x = 0; x < w; x++) {
      if (!inner[y * w + x]) continue;
      if (lo < 0) lo = x;
      hi = x;
    }
    if (lo >= 0) {
      run(lo + x0, y + y0, -1, 0);
      run(hi + x0, y + y0, 1, 0);
    }
  }
  for (let x = 0; x < w; x++) {
    let lo = -1;
    let hi = -1;
    for (let y = 0; y < h; y++) {
      if (!inner[y * w + x]) continue;
      if (lo < 0) lo = y;
      hi = y;
    }
    if (lo >= 0) {
      run(x + x0, lo + y0, 0, -1);
      run(x + x0, hi + y0, 0, 1);
    }
  }
  if (runs.length === 0) return undefined;
  runs.sort((a, b) => a - b);
  const thickness = runs[Math.floor(runs.length / 2)]!;
  const grown = dilate({ width: w, height: h, data: inner }, thickness + 1).data;
  // What lies beyond: compact pieces are attachments (heads, line ends); a piece running along a
  // side for more than a couple of glyphs is the shape's own (a drop shadow, an outer border).
  const beyond = new Uint8Array(w * h);
  for (const p of c.pixels) {
    const q = (Math.floor(p / width) - y0) * w + (p % width) - x0;
    if (!grown[q]) beyond[q] = 1;
  }
  const keep = new Uint8Array(w * h);
  // A shadow is a band about as thick as its area over its length; a head that meets it sticks
  // out much further, so only a band that deep beyond the outline is kept (the head's far part
  // stays with its line, where the head is read).
  let band = 0;
  // The outline's own sharp corners reach past its thickness too: kept, whole (corners.ts).
  const corner = new Uint8Array(w * h);
  const body = new Uint8Array(w * h);
  for (const p of c.pixels) {
    const q = (Math.floor(p / width) - y0) * w + (p % width) - x0;
    if (grown[q]) body[q] = 1;
  }
  for (const piece of components({ width: w, height: h, data: beyond }, 1).list) {
    const long = Math.max(piece.bbox[2] - piece.bbox[0], piece.bbox[3] - piece.bbox[1]);
    if (long <= 2 * glyph) {
      if (isCorner(piece.pixels, body, w, h)) for (const q of piece.pixels) corner[q] = 1;
      continue;
    }
    for (const q of piece.pixels) keep[q] = 1;
    band = Math.max(band, Math.ceil((1.5 * piece.pixels.length) / long) + 1);
  }
  if (band > 0) {
    const near = dilate({ width: w, height: h, data: grown }, band).data;
    for (let q = 0; q < keep.length; q++) if (!near[q]) keep[q] = 0;
  }
  const pixels: number[] = [];
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (const p of c.pixels) {
    const x = p % width;
    const y = (p - x) / width;
    const q = (y - y0) * w + x - x0;
    if (!grown[q] && !keep[q] && !corner[q]) continue;
    pixels.push(p);
    bx0 = Math.min(bx0, x);
    by0 = Math.min(by0, y);
    bx1 = Math.max(bx1, x + 1);
    by1 = Math.max(by1, y + 1);
  }
  return { id: c.id, pixels, bbox: [bx0, by0, bx1, by1], touchesBorder: c.touchesBorder };
}

/**
 * Shapes joined by a line thicker than the opening took away (a mind map's bold branches) are one
 * solid; eroding it by half a glyph leaves a core per shape. Each core big enough to be a shape on
 * its own once grown back (as tall as a glyph, three glyphs long) becomes a shape of its own, its
 * pixels those nearest its core. A single core, or one shape and small solids (heads), is left
 * whole.
 */
export function joinedShapes(c: Component, width: number, scale: ShapeScale): Component[] {
  const r = Math.max(scale.stroke + 1, Math.round(0.55 * scale.glyph));
  const [x0, y0, x1, y1] = c.bbox;
  const w = x1 - x0;
  const h = y1 - y0;
  if (Math.max(w, h) < 6 * scale.glyph) return [c];
  const local = new Uint8Array(w * h);
  for (const p of c.pixels) local[(Math.floor(p / width) - y0) * w + (p % width) - x0] = 1;
  const minSide = Math.max(6, 0.9 * scale.glyph);
  const cores = components(erode({ width: w, height: h, data: local }, r), 1).list.filter((k) => {
    const kw = k.bbox[2] - k.bbox[0] + 2 * r;
    const kh = k.bbox[3] - k.bbox[1] + 2 * r;
    return Math.min(kw, kh) >= minSide && Math.max(kw, kh) >= 3 * scale.glyph;
  });
  // A drop shadow thick enough to leave a core of its own lies largely within a larger core's box
  // and reaches at most two glyphs past it (the shape it is cast by, shifted a little): it stays
  // with that shape (cores are shrunk by r where they border each other, not at the solid's edge).
  const g = 2 * scale.glyph + r;
  const within = (k: Component, o: Component): number => {
    const ix = Math.max(0, Math.min(k.bbox[2], o.bbox[2]) - Math.max(k.bbox[0], o.bbox[0]));
    const iy = Math.max(0, Math.min(k.bbox[3], o.bbox[3]) - Math.max(k.bbox[1], o.bbox[1]));
    return (ix * iy) / ((k.bbox[2] - k.bbox[0]) * (k.bbox[3] - k.bbox[1]));
  };
  const shadow = (k: Component): boolean =>
    cores.some(
      (o) =>
        o !== k &&
        o.pixels.length > k.pixels.length &&
        within(k, o) >= 0.4 &&
        k.bbox[0] >= o.bbox[0] - g &&
        k.bbox[1] >= o.bbox[1] - g &&
        k.bbox[2] <= o.bbox[2] + g &&
        k.bbox[3] <= o.bbox[3] + g,
    );
  const own = cores.filter((k) => !shadow(k));
  if (own.length < 2) return [c];
  cores.splice(0, cores.length, ...own);
  // Each pixel goes to the core it is nearest to, by a breadth-first walk through the solid.
  const owner = new Int32Array(w * h).fill(-1);
  let frontier: number[] = [];
  cores.forEach((k, i) => {
    for (const q of k.pixels) {
      owner[q] = i;
      frontier.push(q);
    }
  });
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const q of frontier) {
      const x = q % w;
      for (const n of [x > 0 ? q - 1 : -1, x < w - 1 ? q + 1 : -1, q - w, q + w]) {
        if (n < 0 || n >= local.length || !local[n] || owner[n]! >= 0) continue;
        owner[n] = owner[q]!;
        next.push(n);
      }
    }
    frontier = next;
  }
  // Pieces of the joining line beyond a core's reach (more than r + 1 from it) are dropped.
  return cores.map((k, i) => {
    const mine = new Uint8Array(w * h);
    for (const q of k.pixels) mine[q] = 1;
    const back = dilate({ width: w, height: h, data: mine }, r + 1).data;
    const pixels: number[] = [];
    let bx0 = Infinity;
    let by0 = Infinity;
    let bx1 = -Infinity;
    let by1 = -Infinity;
    for (let q = 0; q < local.length; q++) {
      if (owner[q] !== i || !back[q]) continue;
      const x = q % w;
      const y = (q - x) / w;
      pixels.push((y + y0) * width + x + x0);
      bx0 = Math.min(bx0, x + x0);
      by0 = Math.min(by0, y + y0);
      bx1 = Math.max(bx1, x + x0 + 1);
      by1 = Math.max(by1, y + y0 + 1);
    }
    return { id: c.id, pixels, bbox: [bx0, by0, bx1, by1], touchesBorder: c.touchesBorder };
  });
}

/**
 * Removes arrowheads and other small solids stuck to a shape's outline: a stronger opening of the
 * shape alone (its largest part survives), grown back by a stroke so the outline stays whole.
 */
function trimAttachments(c: Component, width: number, scale: ShapeScale): Component {
  const r = Math.max(scale.stroke + 1, Math.round(0.55 * scale.glyph));
  const [x0, y0, x1, y1] = c.bbox;
  const w = x1 - x0;
  const h = y1 - y0;
  if (Math.min(w, h) < 2 * r + 3) return c;
  const local = new Uint8Array(w * h);
  for (const p of c.pixels) local[(Math.floor(p / width) - y0) * w + (p % width) - x0] = 1;
  const core = components(erode({ width: w, height: h, data: local }, r), 1).list.sort((a, b) => b.pixels.length - a.pixels.length)[0];
  if (!core) return c;
  const coreMask = new Uint8Array(w * h);
  for (const q of core.pixels) coreMask[q] = 1;
  const back = dilate({ width: w, height: h, data: coreMask }, r + 1).data;
  // The shape's own sharp corners, cut off with the heads, are given back (corners.ts).
  const body = new Uint8Array(w * h);
  const cut = new Uint8Array(w * h);
  for (let q = 0; q < local.length; q++) {
    body[q] = local[q]! & back[q]!;
    cut[q] = local[q]! & (1 - back[q]!);
  }
  const corners = cornerPieces(cut, body, w, h);
  const pixels: number[] = [];
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (let q = 0; q < local.length; q++) {
    if (!body[q] && !corners[q]) continue;
    const x = q % w;
    const y = (q - x) / w;
    pixels.push((y + y0) * width + x + x0);
    bx0 = Math.min(bx0, x + x0);
    by0 = Math.min(by0, y + y0);
    bx1 = Math.max(bx1, x + x0 + 1);
    by1 = Math.max(by1, y + y0 + 1);
  }
  return { id: c.id, pixels, bbox: [bx0, by0, bx1, by1], touchesBorder: c.touchesBorder };
}

/** Left and right extent of each row of a region (NaN for empty rows). */
function rowExtents(c: Component, width: number): { left: Float64Array; right: Float64Array } {
  const h = c.bbox[3] - c.bbox[1];
  const left = new Float64Array(h).fill(Infinity);
  const right = new Float64Array(h).fill(-Infinity);
  for (const p of c.pixels) {
    const x = p % width;
    const y = (p - x) / width - c.bbox[1];
    if (x < left[y]!) left[y] = x;
    if (x > right[y]!) right[y] = x;
  }
  return { left, right };
}

/**
 * The kind from the outline alone: how far each side is set in at the top, a quarter down and in
 * the middle tells rectangles (no inset), rounded ends (inset only near the ends: stadium,
 * ellipse, rounded box by the radius), pointed ends (inset falling linearly: diamond, hexagon) and
 * slanted sides (parallelogram).
 */
export function classify(c: Component, width: number, fg: Mask, scale: ShapeScale): ShapeKind {
  const w = c.bbox[2] - c.bbox[0];
  const h = c.bbox[3] - c.bbox[1];
  const { left, right } = rowExtents(c, width);
  const rowAt = (f: number): number => Math.min(h - 1, Math.max(0, Math.round(f * (h - 1))));
  const minL = Math.min(...left);
  const maxR = Math.max(...right);
  const inset = (y: number): number => (left[y]! - minL + (maxR - right[y]!)) / 2;
  const o = Math.max(1, Math.round(0.04 * h));
  const top = rowAt(0) + o;
  const bottom = rowAt(1) - o;
  // Parallelogram: both sides slant the same way by a good share of the height.
  const skewL = left[top]! - left[bottom]!;
  const skewR = right[top]! - right[bottom]!;
  if (skewL * skewR > 0 && Math.min(Math.abs(skewL), Math.abs(skewR)) > 0.22 * h && Math.abs(skewL - skewR) < 0.5 * Math.max(Math.abs(skewL), Math.abs(skewR))) return 'io';
  const dEnd = (inset(top) + inset(bottom)) / 2;
  const dQuarter = (inset(rowAt(0.25)) + inset(rowAt(0.75))) / 2;
  const flat = Math.max(1.5, 0.03 * w);
  if (dEnd <= flat) return hasDoubleSides(c, width, fg, scale) ? 'subroutine' : 'process';
  if (dQuarter / dEnd > 0.38 && dQuarter > flat) return 'decision';
  // Rounded: how far down the curve of the ends reaches (the corner radius).
  let reach = 0;
  for (let y = 0; y < h / 2; y++) {
    if (inset(y) <= flat) break;
    reach = y + 1;
  }
  let reachB = 0;
  for (let y = h - 1; y >= h / 2; y--) {
    if (inset(y) <= flat) break;
    reachB = h - y;
  }
  if ((reach + reachB) / 2 < 0.23 * h) return 'process';
  // Text wider than a small diamond fills its middle rows out to a flat band, hiding the side
  // points: the ends still narrow along straight lines (halfway, the inset is the chord's), where a rounded
  // end narrows along an arc, well inside the chord.
  const straight = (from: number, to: number): boolean => {
    const chord = (inset(from) + inset(to)) / 2;
    return inset(from) > flat && inset(Math.round((from + to) / 2)) >= 0.9 * chord;
  };
  return straight(top, reach) && straight(bottom, h - 1 - reachB) ? 'decision' : 'terminator';
}

/**
 * A second vertical stroke running beside the left and the right side (inside or just outside),
 * over most of the height: the subroutine ("predefined process") box.
 */
function hasDoubleSides(c: Component, width: number, fg: Mask, scale: ShapeScale): boolean {
  const [x0, y0, x1, y1] = c.bbox;
  const h = y1 - y0;
  const reach = Math.max(4, Math.round(1.6 * scale.glyph));
  const columnFull = (x: number): boolean => {
    if (x < 0 || x >= width) return false;
    let n = 0;
    for (let y = y0 + Math.round(0.1 * h); y < y1 - Math.round(0.1 * h); y++) n += fg.data[y * width + x]!;
    return n >= 0.85 * (h - 2 * Math.round(0.1 * h));
  };
  const strokes = (from: number, step: number): number => {
    // Count separate full-height strokes met walking from the side (a stroke is a run of full columns).
    let count = 0;
    let inStroke = false;
    for (let k = 0; k < 2 * reach; k++) {
      const full = columnFull(from + k * step);
      if (full && !inStroke) count++;
      inStroke = full;
    }
    return count;
  };
  const leftCount = strokes(x0 - reach, 1);
  const rightCount = strokes(x1 - 1 + reach, -1);
  return leftCount >= 2 && rightCount >= 2;
}
