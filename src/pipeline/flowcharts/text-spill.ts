// Text wider than a small diamond or ellipse (a fixed-size diamond's "More items?") runs past its
// outline onto the paper. Where the shape is filled, the fill is ink like the letters, so no notch
// shows in an enclosed inside (text-notches.ts); where it is outlined, the inside may be too small
// or too cut up for the notch test. Either way the letters past the outline stand apart as free
// text (read as edge labels) and the node keeps the middle of its word. Read against the fill
// (the fill dropped from the ink), the same widening along the text's rows finds the whole line.
import { colourDistance, dominantColour, type Mask, type Rgb, type RgbImage } from './raster.js';
import type { Region } from './shapes.js';
import { notchedBlock } from './text-notches.js';
import type { TextBlock } from './text.js';
import type { BBox } from '../types.js';

/**
 * The ink without the fills of filled (not hollow) shapes: within each such shape's untrimmed
 * region, the pixels of its fill's colour are dropped (letters and outline stay).
 */
export function inkOverFills(img: RgbImage, fg: Mask, regions: Region[], threshold: number): Mask {
  const data = fg.data.slice();
  for (const r of regions) {
    if (r.hollow) continue;
    const fill = dominantColour(img, r.pixels);
    for (const p of r.untrimmed) if (data[p] && colourDistance(img.data, p * 3, fill) <= threshold) data[p] = 0;
  }
  return { width: fg.width, height: fg.height, data };
}

/**
 * True when the letters go on from the text read within the shape (`text`) to the inside's left
 * and right ends along its rows (`rows`: the inside's pixels in those rows) with no gap wider than
 * a letter space: text that runs on past the outline. Text set within the shape leaves clear
 * paper or fill between it and the ends, and then ink past the outline is something else (a head,
 * a label beside it, a sharp end's outline left by the shrinking).
 */
export function runsToEnds(letters: Mask, text: BBox, rows: number[], glyph: number): boolean {
  const { width } = letters;
  let ix0 = Infinity;
  let ix1 = -Infinity;
  for (const p of rows) {
    const x = p % width;
    ix0 = Math.min(ix0, x);
    ix1 = Math.max(ix1, x);
  }
  if (ix1 < ix0) return false;
  const inked = (x: number): boolean => {
    for (let y = text[1]; y < text[3]; y++) if (letters.data[y * width + x]) return true;
    return false;
  };
  const maxGap = 0.8 * glyph;
  const walk = (from: number, to: number, step: number): boolean => {
    let gap = 0;
    for (let x = from; step < 0 ? x >= to : x <= to; x += step) {
      gap = inked(x) ? 0 : gap + 1;
      if (gap > maxGap) return false;
    }
    return true;
  };
  return walk(text[0] - 1, ix0, -1) && walk(text[2], ix1, 1);
}

/** How far `c` lies off the blend from `paper` to `text` (anti-aliased letters lie on it), per channel at most. */
export function offBlend(c: ArrayLike<number>, text: Rgb, paper: Rgb): number {
  const d = [text[0] - paper[0], text[1] - paper[1], text[2] - paper[2]];
  const len = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!;
  const t = len === 0 ? 0 : Math.min(1, Math.max(0, ((c[0]! - paper[0]) * d[0]! + (c[1]! - paper[1]) * d[1]! + (c[2]! - paper[2]) * d[2]!) / len));
  return Math.max(...[0, 1, 2].map((k) => Math.abs(c[k]! - (paper[k]! + t * d[k]!))));
}

/**
 * True when the ink the widened text (`block`) takes past the shape's sides (outside `shape`'s
 * columns) is letters on both sides. Lines are left out first: thin runs longer than a glyph
 * (a line meeting the diamond's tip on the text's row, or coming down to it), and ink off the
 * blend from paper to the text's colour (lines, heads and labels of another colour). What stays
 * must be pieces no larger than a glyph's height and two glyphs' width, within the text's rows
 * (`text`, with room for descenders), and on each side some piece half a glyph tall; a label
 * above or below the text fails that. A line of the text's colour may join a piece only the way
 * an edge meets the text's first or last letter: along the text's rows, at the piece's outer
 * side. One come down or up onto a piece is a head's or a branch's; one met at the piece's inner
 * side runs through the letters (or into an open head's point). Such a line's pixels past the
 * outermost letter go into `drop` (left out of the text read); no pixel among the letters does.
 */
export function letterLikeSpill(img: RgbImage, letters: Mask, block: TextBlock, shape: BBox, text: BBox, textColour: Rgb, scale: { glyph: number; stroke: number }, threshold: number, drop?: Set<number>): boolean {
  const { width, height } = letters;
  const { glyph, stroke } = scale;
  const [sx0, , sx1] = shape;
  const outside = (x: number): boolean => x < sx0 || x >= sx1;
  const ink = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && letters.data[y * width + x] === 1;
  const run = (x: number, y: number, dx: number, dy: number, cap: number, ok: (x: number, y: number) => boolean): number => {
    let n = 1;
    for (let k = 1; n <= cap && ok(x + k * dx, y + k * dy); k++) n++;
    for (let k = 1; n <= cap && ok(x - k * dx, y - k * dy); k++) n++;
    return n;
  };
  const thinV = (x: number, y: number): boolean => ink(x, y) && run(x, y, 0, 1, stroke + 2, ink) <= stroke + 1;
  const thinH = (x: number, y: number): boolean => ink(x, y) && run(x, y, 1, 0, stroke + 2, ink) <= stroke + 1;
  // Paper: the commonest colour of the empty pixels in the block's box past the sides.
  const empty: number[] = [];
  for (let y = block.bbox[1]; y < block.bbox[3]; y++) {
    for (let x = block.bbox[0]; x < block.bbox[2]; x++) if (outside(x) && !ink(x, y)) empty.push(y * width + x);
  }
  const paper = dominantColour(img, empty);
  const colour = [0, 0, 0];
  // Each pixel: 'letter', 'line' (a thin run of the text's colour) or 'other' (paper, ink of
  // another colour, or a line of another colour where a letter darkens it).
  const kinds = new Map<number, 'letter' | 'line' | 'other'>();
  const kindOf = (p: number): 'letter' | 'line' | 'other' => {
    let v = kinds.get(p);
    if (v !== undefined) return v;
    const x = p % width;
    const y = (p - x) / width;
    colour[0] = img.data[p * 3]!;
    colour[1] = img.data[p * 3 + 1]!;
    colour[2] = img.data[p * 3 + 2]!;
    const off = offBlend(colour, textColour, paper);
    if (!ink(x, y) || off > threshold) v = 'other';
    else if ((thinV(x, y) && run(x, y, 1, 0, glyph + 1, thinV) > glyph) || (thinH(x, y) && run(x, y, 0, 1, 1.6 * glyph + 1, thinH) > 1.6 * glyph)) {
      // A line of the text's own colour, or one of another colour darkened where it crosses a letter.
      v = off <= threshold / 2 ? 'line' : 'other';
    }
    else v = 'letter';
    kinds.set(p, v);
    return v;
  };
  const keep = (p: number): boolean => kindOf(p) === 'letter';
  // A line along the text's rows: thin across, longer than a glyph along them.
  const alongRows = (x: number, y: number): boolean => y >= text[1] && y < text[3] && thinV(x, y) && run(x, y, 1, 0, glyph + 1, thinV) > glyph;
  const top = text[1] - 0.4 * glyph;
  const bottom = text[3] + 0.4 * glyph;
  const seen = new Set<number>();
  const sides = [false, false];
  // The outermost letter columns on either side, and whether a line meets the letters there.
  const outer = [Infinity, -Infinity];
  const met = [false, false];
  for (const start of block.pixels) {
    const sx = start % width;
    if (!outside(sx) || seen.has(start) || !keep(start)) continue;
    const piece: number[] = [start];
    seen.add(start);
    let [bx0, by0, bx1, by1] = [sx, Math.floor(start / width), sx, Math.floor(start / width)];
    // Columns where a line along the rows touches the piece.
    const contacts: number[] = [];
    for (let k = 0; k < piece.length; k++) {
      const p = piece[k]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height || !outside(nx)) continue;
          const q = ny * width + nx;
          if (kindOf(q) === 'line') {
            // Come down or up onto the piece: a head's line, or a branch leaving past the letters.
            if (!alongRows(nx, ny)) return false;
            contacts.push(nx);
            continue;
          }
          if (seen.has(q) || !keep(q)) continue;
          seen.add(q);
          piece.push(q);
          bx0 = Math.min(bx0, nx);
          bx1 = Math.max(bx1, nx);
          by0 = Math.min(by0, ny);
          by1 = Math.max(by1, ny);
          if (bx1 - bx0 + 1 > 2 * glyph || by1 - by0 + 1 > 1.6 * glyph) return false;
        }
      }
    }
    if (by0 < top || by1 > bottom) return false;
    const left = sx < sx0;
    // Met within a quarter glyph of the piece's inner side, the line runs through it.
    const near = Math.max(stroke + 1, 0.25 * glyph);
    if (contacts.some((x) => (left ? x > bx1 - near && x > bx0 : x < bx0 + near && x < bx1))) return false;
    if (contacts.length > 0) met[left ? 0 : 1] = true;
    outer[0] = Math.min(outer[0]!, bx0);
    outer[1] = Math.max(outer[1]!, bx1);
    if (by1 - by0 + 1 >= 0.5 * glyph) sides[left ? 0 : 1] = true;
  }
  // A side the block passes by under half a glyph holds the letters' last columns blended into
  // the outline: nothing there to judge, and nothing there to take in by mistake. Bits of the
  // outline itself are left out of that reach (ink of another colour than the text, joined to
  // the shape's side): where a letter lies over a thick outline near a diamond's tip, the block
  // takes in the outline's band, which runs farther out than the letter.
  const inBlock = new Set(block.pixels);
  const outlineBits = new Set<number>();
  const stack: number[] = [];
  const isBit = (p: number): boolean => inBlock.has(p) && !outlineBits.has(p) && letters.data[p] === 1 && kindOf(p) === 'other';
  for (const p of block.pixels) {
    const x = p % width;
    if ((x === sx0 - 1 || x === sx1) && isBit(p)) {
      outlineBits.add(p);
      stack.push(p);
    }
  }
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const q = p + dy * width + dx;
        if (nx < 0 || nx >= width || !outside(nx) || !isBit(q)) continue;
        outlineBits.add(q);
        stack.push(q);
      }
    }
  }
  let bx0 = Infinity;
  let bx1 = -Infinity;
  for (const p of block.pixels) {
    if (outlineBits.has(p)) continue;
    const x = p % width;
    bx0 = Math.min(bx0, x);
    bx1 = Math.max(bx1, x);
  }
  if (bx0 > sx0 - 0.5 * glyph) sides[0] = true;
  if (bx1 < sx1 + 0.5 * glyph) sides[1] = true;
  if (!sides[0] || !sides[1]) return false;
  if (drop && (met[0] || met[1])) {
    for (const p of block.pixels) {
      const x = p % width;
      const beyond = (met[0] && x < outer[0]! && x < sx0) || (met[1] && x > outer[1]! && x >= sx1);
      if (beyond && kindOf(p) === 'line') drop.add(p);
    }
  }
  return true;
}

/**
 * The text of a decision (a diamond) when it runs past the outline on both sides, stays centred
 * on the shape (a label beside a node lies on one side only) and takes only letters past the
 * sides, widened from `usual` (its text read within the inside); undefined otherwise (the usual
 * reading stands).
 */
export function spilledBlock(img: RgbImage, letters: Mask, inner: number[], region: Region, usual: TextBlock | undefined, scale: { glyph: number; stroke: number }, threshold: number): TextBlock | undefined {
  // Only a diamond narrows to sharp ends at its text's rows, so that a line of text outruns it.
  // Tools size boxes (rounded ones, terminators and ellipses among them) to their text: text read
  // past their sides takes the heads and labels that meet them. A diamond under three glyphs
  // across holds a letter or two, and the heads at its sides would pass for letters run past it.
  if (!usual || !(region.kind === 'decision' || cutDiamond(region, img.width)) || region.bbox[2] - region.bbox[0] < 3 * scale.glyph) return undefined;
  // The inside along the rows of the text read there (that reading leaves out letters that touch
  // the outline, since the fill does not enclose them).
  const { width } = img;
  const rows = inner.filter((p) => {
    const y = Math.floor(p / width);
    return y >= usual.bbox[1] && y < usual.bbox[3];
  });
  if (!runsToEnds(letters, usual.bbox, rows, scale.glyph)) return undefined;
  const block = notchedBlock(img, letters, rows, region.untrimmed, usual.shape, scale, threshold);
  if (!block) return undefined;
  const [x0, , x1] = region.bbox;
  const [left, , right] = block.bbox;
  if (left >= x0 || right <= x1) return undefined;
  const off = Math.abs((left + right) / 2 - (x0 + x1) / 2);
  if (off > Math.max(scale.glyph, 0.1 * (right - left))) return undefined;
  // The text's colour from the letters read within the inside: their cores, the pixels farthest
  // from the ground (their edges blend into the fill).
  const far = usual.pixels.map((p) => colourDistance(img.data, p * 3, usual.ground));
  const cut = 0.7 * Math.max(0, ...far);
  const textColour = dominantColour(img, usual.pixels.filter((_, k) => far[k]! >= cut));
  const drop = new Set<number>();
  if (!letterLikeSpill(img, letters, block, region.bbox, usual.bbox, textColour, scale, threshold, drop)) return undefined;
  if (drop.size === 0) return { ...block, ground: usual.ground };
  const pixels = block.pixels.filter((p) => !drop.has(p));
  let bx0 = Infinity;
  let bx1 = -Infinity;
  for (const p of pixels) {
    bx0 = Math.min(bx0, p % width);
    bx1 = Math.max(bx1, p % width);
  }
  return { ...block, pixels, bbox: [bx0, block.bbox[1], bx1 + 1, block.bbox[3]], ground: usual.ground };
}

/**
 * A diamond whose sharp side corners its text cut off: letters crossing both ends of a narrow
 * diamond join its outline and close its inside before the corners, so the region found is the
 * diamond's middle, read as a rounded shape. What is left of the diamond still narrows to a point
 * at the top and the bottom: 15 % of its height in from either end it is at most two thirds as
 * wide as at its widest (a rounded box keeps most of its width there, an ellipse about 0.7). Its
 * text then runs to the inside's ends (checked by the caller), which text sized within a box does not.
 */
export function cutDiamond(region: Region, width: number): boolean {
  if (region.kind !== 'terminator') return false;
  const [, y0, , y1] = region.bbox;
  const h = y1 - y0;
  if (h < 4) return false;
  const lo = new Float64Array(h).fill(Infinity);
  const hi = new Float64Array(h).fill(-Infinity);
  for (const p of region.untrimmed) {
    const x = p % width;
    const k = (p - x) / width - y0;
    if (k < 0 || k >= h) continue;
    lo[k] = Math.min(lo[k]!, x);
    hi[k] = Math.max(hi[k]!, x);
  }
  const w = (k: number): number => (hi[k]! >= lo[k]! ? hi[k]! - lo[k]! + 1 : 0);
  let widest = 0;
  for (let k = 0; k < h; k++) widest = Math.max(widest, w(k));
  const near = Math.floor(0.15 * (h - 1));
  return widest > 0 && w(near) <= (2 / 3) * widest && w(h - 1 - near) <= (2 / 3) * widest;
}
