// A pale fill whose tint lies just under the foreground threshold is thrown over it here and
// there by a scan's grain: the fill comes out as a scatter of specks, which cut the shape's inside
// into many small pieces of background (no hole is left to find) and spoil its text block.
// Such specks are told apart from ink by three things at once: they are small (under half a
// glyph across), weak (their strongest pixel barely passes the threshold, where letters and
// lines reach far past it) and they sit on a tint (the area around them is far from the paper on
// average, where a faint line's dash has plain paper beside it).
import { components } from './components.js';
import { colourDistance, type Mask, type Rgb, type RgbImage } from './raster.js';

/** `fg` less the weak specks of a grainy fill. */
export function withoutFillSpecks(img: RgbImage, bg: Rgb, fg: Mask, threshold: number, glyph: number): Mask {
  const { width, height } = fg;
  const maxSide = Math.max(3, 0.5 * glyph);
  const weak = threshold + 12;
  const specks = components(fg, 1, (s) => s.size <= maxSide * maxSide && Math.max(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) <= maxSide).list;
  if (specks.length === 0) return fg;
  const dist = (p: number): number => colourDistance(img.data, p * 3, bg);
  const candidates = specks.filter((c) => c.pixels.every((p) => dist(p) <= weak));
  if (candidates.length === 0) return fg;
  // Summed-area table of the distance from the paper (one row and column of zeros in front).
  const w1 = width + 1;
  const sat = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += dist(y * width + x);
      sat[(y + 1) * w1 + x + 1] = sat[y * w1 + x + 1]! + row;
    }
  }
  const r = Math.max(3, Math.round(0.5 * glyph));
  const data = fg.data.slice();
  for (const c of candidates) {
    const x0 = Math.max(0, c.bbox[0] - r);
    const y0 = Math.max(0, c.bbox[1] - r);
    const x1 = Math.min(width, c.bbox[2] + r);
    const y1 = Math.min(height, c.bbox[3] + r);
    const sum = sat[y1 * w1 + x1]! - sat[y0 * w1 + x1]! - sat[y1 * w1 + x0]! + sat[y0 * w1 + x0]!;
    if (sum / ((x1 - x0) * (y1 - y0)) < 0.5 * threshold) continue;
    for (const p of c.pixels) data[p] = 0;
  }
  return { width, height, data };
}
