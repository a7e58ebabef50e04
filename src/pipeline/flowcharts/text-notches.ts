// Text wider than its shape (a small diamond's "In stock?") runs across the outline: its letters
// join the outline's ink and cut notches into the enclosed inside, so the inside is far from
// convex although the outline is. Counted together with the ink that lies within its hull, such
// an inside fills its hull again; a loop of connectors bent round a corner leaves background
// (the paper outside the bend) within its hull, and an outlined node in the bend leaves its own
// inside.
import { boxOfPixels, convexHull, type FilledRegion } from './components.js';
import { colourDistance, dominantColour, type Mask, type Rgb, type RgbImage } from './raster.js';
import type { TextBlock } from './text.js';

/** The pixels of a w x h grid whose centres lie within the convex hull of a mask's set pixels. */
export function hullFill(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const hull = convexHull(mask, w, h);
  if (hull.length < 3) return out;
  // The hull runs one way round; a pixel centre is inside when no edge has it on the other side.
  let orient = 0;
  for (let i = 0; i < hull.length && orient === 0; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    const [cx, cy] = hull[(i + 2) % hull.length]!;
    orient = Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      let ok = true;
      for (let i = 0; i < hull.length && ok; i++) {
        const [ax, ay] = hull[i]!;
        const [bx, by] = hull[(i + 1) % hull.length]!;
        if (orient * ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) < 0) ok = false;
      }
      if (ok) out[y * w + x] = 1;
    }
  }
  return out;
}

/**
 * Share of the pixels within the hull of `region` (placed at `x0`, `y0` in the figure) that are
 * the region's own or ink of `ink`.
 */
export function inkSolidity(region: FilledRegion, x0: number, y0: number, ink: Mask): number {
  const inHull = hullFill(region.mask, region.w, region.h);
  let inside = 0;
  let covered = 0;
  for (let q = 0; q < inHull.length; q++) {
    if (!inHull[q]) continue;
    inside++;
    const x = q % region.w;
    const y = (q - x) / region.w;
    if (region.mask[q] || ink.data[(y + y0) * ink.width + x + x0]) covered++;
  }
  return inside === 0 ? 0 : covered / inside;
}

/**
 * The text of a shape whose text runs across its outline: the ink of its inside (`inner`, the
 * shape shrunk past its outline) widened along the text's rows while ink goes on past the
 * outline, letter by letter (a gap of a word space or more ends it, as does a straight thin run
 * as long as a glyph: a line leaving the shape). Where the outline has a colour of its own, its
 * pixels are left out; letters of the outline's colour cannot be told from it and stay.
 */
export function notchedBlock(img: RgbImage, fg: Mask, inner: number[], region: number[], shape: number, scale: { glyph: number; stroke: number }, threshold: number): TextBlock | undefined {
  const { width, height } = img;
  const seed = inner.filter((p) => fg.data[p]);
  if (seed.length < 6) return undefined;
  const box = boxOfPixels(seed, width)!;
  // Inclusive bounds from here on.
  const [x0, x1] = [box[0], box[2] - 1];
  let [y0, y1] = [box[1], box[3] - 1];
  // Ink rows of a column within the text's rows: none, a thin single run (a line), several thin
  // runs ('thin': a letter's bowl or bars, or lines side by side) or letters.
  const column = (x: number): 'none' | 'line' | 'thin' | 'ink' => {
    let runs = 0;
    let len = 0;
    let run = 0;
    let thick = false;
    for (let y = y0; y <= y1; y++) {
      if (fg.data[y * width + x]) {
        len++;
        if (run === 0) runs++;
        run++;
        if (run > scale.stroke + 1) thick = true;
      } else run = 0;
    }
    if (len === 0) return 'none';
    if (runs === 1 && len <= scale.stroke + 1) return 'line';
    return thick ? 'ink' : 'thin';
  };
  // Lines much thinner than the type: a letter's stem or a bowl's side (a run half a glyph
  // long) comes within every 0.8 glyph of text, so that far with thin runs only is lines (two
  // branches leaving a diamond's corner side by side, one slanting off), not letters.
  const thinLines = scale.stroke + 1 < 0.4 * scale.glyph;
  const reach = (from: number, step: number): number => {
    let last = from;
    let gap = 0;
    // Columns of thin runs since the last thick one, and the reach before they began.
    let line = 0;
    let thin = false;
    let before = from;
    for (let x = from + step; x >= 0 && x < width && Math.abs(x - from) <= 4 * scale.glyph; x += step) {
      const seen = column(x);
      const c = seen === 'thin' && !thinLines ? 'ink' : seen;
      if (c === 'ink') {
        last = x;
        gap = 0;
        line = 0;
        thin = false;
      } else if (c === 'line' || c === 'thin') {
        if (line === 0) before = last;
        // Letters' last columns (a slanted stem's foot, a bowl) may start the run: a quarter glyph kept.
        if (++line > 0.8 * scale.glyph) return thin || c === 'thin' ? before + step * Math.min(Math.abs(last - before), Math.round(0.25 * scale.glyph)) : last;
        if (c === 'thin') {
          thin = true;
          last = x;
          gap = 0;
        }
      } else if (++gap > 0.8 * scale.glyph) break;
    }
    return last;
  };

  // The inside was shrunk past the outline: the text's first and last rows may lie beyond it.
  y0 = Math.max(0, y0 - scale.stroke - 2);
  y1 = Math.min(height - 1, y1 + scale.stroke + 2);
  const left = reach(x0, -1);
  const right = reach(x1, 1);
  const ground = dominantColour(img, inner);
  const inside = new Set(inner);
  // The text's colour from its middle (away from the outline); the outline's (and a shadow's)
  // from the rest of the shape's rim.
  const mx0 = x0 + (x1 - x0) / 3;
  const mx1 = x1 - (x1 - x0) / 3;
  const middle = seed.filter((p) => (p % width) >= mx0 && (p % width) <= mx1);
  const textColour = dominantColour(img, middle.length >= 6 ? middle : seed);
  const rim = region.filter((p) => fg.data[p] && !inside.has(p));
  const rimColours: Rgb[] = [];
  for (let k = 0; k < 2; k++) {
    const other = rim.filter((p) => colourDistance(img.data, p * 3, textColour) > threshold && rimColours.every((c) => colourDistance(img.data, p * 3, c) > threshold));
    if (other.length < 6) break;
    rimColours.push(dominantColour(img, other));
  }
  const rimInk = (p: number): boolean => {
    const d = colourDistance(img.data, p * 3, textColour);
    return rimColours.some((c) => colourDistance(img.data, p * 3, c) < d);
  };
  const pixels: number[] = [];
  for (let y = Math.max(0, y0); y <= Math.min(height - 1, y1); y++) {
    for (let x = left; x <= right; x++) {
      const p = y * width + x;
      if (!fg.data[p]) continue;
      if (!inside.has(p) && rimInk(p)) continue;
      pixels.push(p);
    }
  }
  if (pixels.length < 6) return undefined;
  return { bbox: [left, y0, right + 1, y1 + 1], pixels, ground, shape, words: [], text: '' };
}
