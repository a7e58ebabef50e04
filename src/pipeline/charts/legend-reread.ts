// Legend names read again whole. The crop pass pastes only a line's dark glyph pixels: at low
// resolution (72 dpi) a thin grey name keeps its stems but loses the pale strokes between them
// ("Team B" pasted as "Tcan, B", read as nothing), and the page-wide reading of a small name can
// run glyphs together ("TeaniA" for "Team A"). Where a name beside a swatch came out so, its box
// is read once more with every grey pixel of the picture as drawn in it, enlarged: one OCR call, only then.
import type { BBox, PageText, Word } from '../types.js';
import { besideSwatch, layoutSheet, readCrops } from './crops.js';
import type { Rgb } from './raster.js';

/** A lower-case letter straight before a capital inside one word: glyphs run together ("TeaniA"). */
export const oddWord = (t: string): boolean => /\p{Ll}\p{Lu}/u.test(t);

/** Words whose centre lies in `b`. */
const within = (ws: Word[], b: BBox): Word[] =>
  ws.filter((w) => {
    const x = (w.bbox[0] + w.bbox[2]) / 2, y = (w.bbox[1] + w.bbox[3]) / 2;
    return x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
  });

/**
 * `words` with the legend names that read oddly, and the crops beside a swatch that read as
 * nothing (`unread`), read again from all their grey pixels. A new reading replaces the old one
 * only when it is a plain word; otherwise the words stay as they were.
 */
export async function rereadLegendNames(words: Word[], unread: BBox[], rgb: Uint8Array, width: number, height: number, bg: Rgb, th: number, ocr: (png: Buffer) => Promise<PageText>): Promise<Word[]> {
  const boxes: BBox[] = [];
  for (const w of words) if (oddWord(w.text) && besideSwatch(rgb, width, height, w.bbox, th)) boxes.push(w.bbox);
  for (const b of unread) if (within(words, b).length === 0 && besideSwatch(rgb, width, height, b, th)) boxes.push(b);
  if (boxes.length === 0) return words;
  // Grey pixels only: a coloured swatch or marker inside the box stays off the sheet (read as "@").
  const glyphs = new Uint8Array(width * height);
  const grown: BBox[] = boxes.map((b) => [Math.max(0, Math.floor(b[0]) - 1), Math.max(0, Math.floor(b[1]) - 1), Math.min(width, Math.ceil(b[2]) + 1), Math.min(height, Math.ceil(b[3]) + 1)]);
  for (const b of grown)
    for (let y = b[1]; y < b[3]; y++)
      for (let x = b[0]; x < b[2]; x++) {
        const i = y * width + x;
        if (Math.max(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) - Math.min(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) < 40) glyphs[i] = 1;
      }
  // From the picture as drawn: taking the rules out takes a stroke of a glyph a gridline crosses.
  const layout = layoutSheet(rgb, width, height, bg, grown, glyphs, th);
  const read = await readCrops(layout, ocr);
  let out = words;
  layout.boxes.forEach((p, k) => {
    const fresh = within(read, p);
    if (fresh.length === 0 || fresh.some((w) => oddWord(w.text) || !/\p{L}/u.test(w.text) || w.confidence < 0.75)) return;
    out = [...out.filter((w) => within([w], grown[k]!).length === 0), ...fresh];
  });
  return out;
}
