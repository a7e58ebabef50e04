// Text wider than a small diamond or ellipse (a fixed-size diamond's "More items?") runs past its
// outline onto the paper. Where the shape is filled, the fill is ink like the letters, so no notch
// shows in an enclosed inside (text-notches.ts); where it is outlined, the inside may be too small
// or too cut up for the notch test. Either way the letters past the outline stand apart as free
// text (read as edge labels) and the node keeps the middle of its word. Read against the fill
// (the fill dropped from the ink), the same widening along the text's rows finds the whole line.
import { colourDistance, dominantColour, type Mask, type RgbImage } from './raster.js';
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

/**
 * The text of a shape when it runs past the outline on both sides and stays centred on the
 * shape (a label beside a node lies on one side only), widened from `usual` (its text read within
 * the inside); undefined otherwise (the usual reading stands).
 */
export function spilledBlock(img: RgbImage, letters: Mask, inner: number[], region: Region, usual: TextBlock | undefined, scale: { glyph: number; stroke: number }, threshold: number): TextBlock | undefined {
  // Only where the outline narrows (a diamond's, an ellipse's ends) does a line of text outrun
  // the shape; tools size boxes to their text, and a box's straight sides leave bands of outline
  // and shadow along its inside that would pass for letters reaching its ends.
  // A round shape under three glyphs across holds a letter or two (an on-page connector), and the
  // heads of its lines, right at its sides, would pass for letters run past it.
  if (!usual || region.kind === 'process' || region.kind === 'subroutine' || region.bbox[2] - region.bbox[0] < 3 * scale.glyph) return undefined;
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
  return off <= Math.max(scale.glyph, 0.1 * (right - left)) ? { ...block, ground: usual.ground } : undefined;
}
