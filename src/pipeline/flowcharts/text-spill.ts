// Text wider than a filled shape (a small filled diamond's "More items?") runs past its outline
// onto the paper. The fill is ink like the letters, so no notch shows in an enclosed inside
// (text-notches.ts): the letters past the outline stand apart as free text (read as edge labels)
// and the node keeps the middle of its word. Read against the fill instead, the fill drops out
// and the letters are the ink: the same widening along the text's rows then finds the whole line.
import { boxOfPixels } from './components.js';
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
 * True when a text box (`text`, read within the shape's inside) reaches the inside's left and
 * right edge along its rows (within `slack` pixels): text that runs on past the outline. Text set
 * within the shape leaves the padding clear, and then ink past the outline is something else (a
 * head, a label beside it).
 */
export function reachesBothSides(text: BBox, inner: number[], width: number, slack = 1): boolean {
  let ix0 = Infinity;
  let ix1 = -Infinity;
  for (const p of inner) {
    const x = p % width;
    const y = (p - x) / width;
    if (y < text[1] || y >= text[3]) continue;
    ix0 = Math.min(ix0, x);
    ix1 = Math.max(ix1, x);
  }
  return ix1 >= ix0 && text[0] <= ix0 + slack && text[2] - 1 >= ix1 - slack;
}

/**
 * The text of a filled shape when it runs past the outline on both sides and stays centred on the
 * shape (a label beside a node lies on one side only), widened from `usual` (its text read within
 * the inside); undefined otherwise (the usual reading stands).
 */
export function spilledBlock(img: RgbImage, letters: Mask, inner: number[], region: Region, usual: TextBlock | undefined, scale: { glyph: number; stroke: number }, threshold: number): TextBlock | undefined {
  // Only where the outline narrows (a diamond's, an ellipse's ends) does a line of text outrun
  // the shape; tools size boxes to their text, and a box's straight sides leave bands of outline
  // and shadow along its inside that would pass for letters reaching its edge. The letters meet
  // the inside's tip only between letters: a third of a glyph of slack.
  if (region.hollow || !usual || region.kind === 'process' || region.kind === 'subroutine') return undefined;
  // The letters of the inside along the rows of the text read there: the ground's own reading
  // leaves out letters that touch the outline, since they are not enclosed by the fill.
  const { width } = img;
  const rows = inner.filter((p) => {
    const y = Math.floor(p / width);
    return y >= usual.bbox[1] && y < usual.bbox[3];
  });
  const seed = rows.filter((p) => letters.data[p]);
  const box = boxOfPixels(seed, width);
  if (!box || !reachesBothSides(box, rows, width, Math.max(2, Math.round(0.3 * scale.glyph)))) return undefined;
  const block = notchedBlock(img, letters, rows, region.untrimmed, usual.shape, scale, threshold);
  if (!block) return undefined;
  const [x0, , x1] = region.bbox;
  const [left, , right] = block.bbox;
  if (left >= x0 || right <= x1) return undefined;
  const off = Math.abs((left + right) / 2 - (x0 + x1) / 2);
  return off <= Math.max(scale.glyph, 0.1 * (right - left)) ? { ...block, ground: usual.ground } : undefined;
}
