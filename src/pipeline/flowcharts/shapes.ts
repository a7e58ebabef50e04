// Finding the closed shapes of a figure and telling their kind from their outline.
//
// A shape is either an outlined region (a convex hole of background enclosed by a drawn curve,
// usually with text inside) or a filled blob (a coloured fill). Both become solid once holes are
// filled; a square opening then removes every thin stroke (connectors, text outside shapes),
// leaving the shapes. Loops of connectors also enclose background, but those regions are rarely
// convex and rarely hold centred text, which is what tells them apart.
import type { BBox } from '../types.js';
import { components, dilate, erode, filledLabel, hullArea, open, type Component, type ComponentStats, type FilledRegion } from './components.js';
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
}

export interface ShapeScale {
  /** Stroke thickness in pixels. */
  stroke: number;
  /** Typical glyph height in pixels. */
  glyph: number;
}

interface Hole {
  c: ComponentStats;
  hasText: boolean;
  region: FilledRegion;
}

/**
 * Drops enclosed regions that are loops of connectors: such a region borders the outlines of
 * several shapes (with text) across one thin stroke, while a shape borders few. The
 * region bordering the most others goes first, until none borders two.
 */
function withoutLoops(holes: Hole[], width: number, height: number, scale: ShapeScale): Hole[] {
  // Which hole's filled region each pixel lies in (the later one where they nest), -1 for none.
  const owner = new Int32Array(width * height).fill(-1);
  holes.forEach((h, k) => {
    const [x0, y0] = h.c.bbox;
    for (let y = 0; y < h.region.h; y++) {
      for (let x = 0; x < h.region.w; x++) if (h.region.mask[y * h.region.w + x]) owner[(y + y0) * width + x + x0] = k;
    }
  });
  const r = 2 * scale.stroke + 3;
  const neighbours = holes.map((h, k) => {
    const found = new Set<number>();
    const [x0, y0] = h.c.bbox;
    const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < h.region.w && y < h.region.h && h.region.mask[y * h.region.w + x] === 1;
    for (let y = 0; y < h.region.h; y++) {
      for (let x = 0; x < h.region.w; x++) {
        if (!inside(x, y) || (inside(x - 1, y) && inside(x + 1, y) && inside(x, y - 1) && inside(x, y + 1))) continue;
        for (let dy = -r; dy <= r; dy += 2) {
          for (let dx = -r; dx <= r; dx += 2) {
            const xx = x + x0 + dx;
            const yy = y + y0 + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            const o = owner[yy * width + xx]!;
            if (o >= 0 && o !== k && holes[o]!.hasText) found.add(o);
          }
        }
      }
    }
    return found;
  });
  const alive = new Set(holes.map((_, k) => k));
  for (;;) {
    let worst = -1;
    let worstCount = 1;
    for (const k of alive) {
      const count = [...neighbours[k]!].filter((o) => alive.has(o)).length;
      if (count > worstCount) {
        worst = k;
        worstCount = count;
      }
    }
    if (worst < 0) break;
    alive.delete(worst);
  }
  return holes.filter((_, k) => alive.has(k));
}

/** Holes of the foreground worth filling: convex, big enough, with centred text or small. */
function shapeHoles(fg: Mask, scale: ShapeScale): { filled: Uint8Array; hollow: Uint8Array } {
  const { width } = fg;
  // Holes big enough to matter: shapes, and the narrow side cells of a subroutine box
  // (letter counters and specks are skipped). Known by label and box: listing the pixels of every
  // shape's inside costs more than finding them.
  const minLong = Math.min(Math.max(6, 0.9 * scale.glyph), 1.5 * scale.glyph);
  const holes: ComponentStats[] = [];
  const { labels } = components(fg, 0, (s) => {
    if (!s.touchesBorder && Math.min(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) >= 3 && Math.max(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) >= minLong) holes.push(s);
    return false;
  });
  const filled = new Uint8Array(fg.data.length);
  const hollow = new Uint8Array(fg.data.length);
  const minSide = Math.max(6, 0.9 * scale.glyph);
  const paint = (c: ComponentStats, region: FilledRegion): void => {
    const [x0, y0] = c.bbox;
    for (let y = 0; y < region.h; y++) {
      for (let x = 0; x < region.w; x++) {
        const p = (y + y0) * width + x + x0;
        if (region.mask[y * region.w + x]) filled[p] = 1;
        if (labels[p] === c.id) hollow[p] = 1;
      }
    }
  };
  const small: ComponentStats[] = [];
  const accepted: Hole[] = [];
  for (const c of holes) {
    const w = c.bbox[2] - c.bbox[0];
    const h = c.bbox[3] - c.bbox[1];
    if (Math.min(w, h) < 3) continue;
    const region = filledLabel(labels, c.id, c.bbox, width);
    const solidity = region.area / Math.max(1, hullArea(region.mask, region.w, region.h));
    if (solidity < 0.86) continue;
    if (Math.min(w, h) < minSide) {
      small.push(c);
      continue;
    }
    // Text inside: enclosed foreground (islands) forming one compact block in the middle. A loop
    // of connectors can enclose labels too, but those sit scattered along its sides.
    const islands = region.area - c.size;
    let hasText = false;
    if (islands > 4) {
      let bx0 = Infinity;
      let by0 = Infinity;
      let bx1 = -Infinity;
      let by1 = -Infinity;
      for (let y = 0; y < region.h; y++) {
        for (let x = 0; x < region.w; x++) {
          const p = (y + c.bbox[1]) * width + x + c.bbox[0];
          if (region.mask[y * region.w + x] && labels[p] !== c.id) {
            bx0 = Math.min(bx0, x);
            by0 = Math.min(by0, y);
            bx1 = Math.max(bx1, x + 1);
            by1 = Math.max(by1, y + 1);
          }
        }
      }
      const centred = Math.abs((bx0 + bx1) / 2 - region.w / 2) < 0.15 * region.w && Math.abs((by0 + by1) / 2 - region.h / 2) < 0.2 * region.h;
      const compact = islands / ((bx1 - bx0) * (by1 - by0)) >= 0.08;
      hasText = centred && compact;
    }
    if (hasText || Math.max(w, h) <= 4 * scale.glyph) accepted.push({ c, region, hasText });
    else if (Math.min(w, h) < 0.5 * Math.max(w, h) && region.area >= 0.9 * w * h) small.push(c);
  }
  for (const a of withoutLoops(accepted, width, fg.height, scale)) paint(a.c, a.region);
  // Narrow convex holes beside an accepted one (the side cells of a subroutine box, the gap of a
  // double border) belong to the same shape.
  const near = dilate({ width, height: fg.height, data: filled }, 2 * scale.stroke + 2).data;
  const touches = (c: ComponentStats, mask: Uint8Array): boolean => {
    for (let y = c.bbox[1]; y < c.bbox[3]; y++) {
      for (let p = y * width + c.bbox[0], end = y * width + c.bbox[2]; p < end; p++) if (labels[p] === c.id && mask[p]) return true;
    }
    return false;
  };
  for (const c of small) {
    const long = Math.max(c.bbox[2] - c.bbox[0], c.bbox[3] - c.bbox[1]);
    if (long >= 1.5 * scale.glyph && touches(c, near)) paint(c, filledLabel(labels, c.id, c.bbox, width));
  }
  return { filled, hollow };
}

/** Shapes of the figure, unclassified pixel sets first, then each with its kind. */
export function findShapes(fg: Mask, scale: ShapeScale): Region[] {
  const { width, height } = fg;
  const { filled, hollow } = shapeHoles(fg, scale);
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
    return { bbox: t.bbox, pixels: t.pixels, kind: classify(same ? c : t, width, fg, scale), hollow: hollowOf.get(c) ?? false, untrimmed: c.pixels };
  });
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
  for (const piece of components({ width: w, height: h, data: beyond }, 1).list) {
    const long = Math.max(piece.bbox[2] - piece.bbox[0], piece.bbox[3] - piece.bbox[1]);
    if (long <= 2 * glyph) continue;
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
    if (!grown[q] && !keep[q]) continue;
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
  if (cores.length < 2) return [c];
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
  const pixels: number[] = [];
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (let q = 0; q < local.length; q++) {
    if (!local[q] || !back[q]) continue;
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
  return (reach + reachB) / 2 >= 0.23 * h ? 'terminator' : 'process';
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
