// Where a page's text can be sampled cheaply: the band of the page where a reading found the
// most words. A question about the whole page's text (does it read better mirrored?) is asked
// of this band first, a quarter of the page, and of the whole page only when the band says yes.
import type { BBox, TextLine } from '../types.js';
import type { GreyPixels } from '../tables/scan-background.js';

/** The band is at most this share of the page's height. */
const SAMPLE_SHARE = 0.25;
/** Paper kept around the band's lines, as a share of the page's height (whole glyphs, some margin). */
const MARGIN_SHARE = 0.01;

/**
 * The full-width band of `img`, at most SAMPLE_SHARE of its height, that holds the most words of
 * `lines` (lines wholly inside it), grown by a margin; undefined without words.
 */
export function densestBand(lines: TextLine[], img: GreyPixels): BBox | undefined {
  const sorted = lines.filter((l) => l.words.length).sort((a, b) => a.bbox[1] - b.bbox[1]);
  const limit = SAMPLE_SHARE * img.height;
  let best: { top: number; bottom: number; words: number } | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const top = sorted[i]!.bbox[1];
    let bottom = sorted[i]!.bbox[3];
    let words = 0;
    // (lines sorted by top: every later line starts lower, so the first that ends past the band ends the scan for most pages)
    for (let j = i; j < sorted.length && sorted[j]!.bbox[1] - top <= limit; j++) {
      if (sorted[j]!.bbox[3] - top > limit) continue;
      words += sorted[j]!.words.length;
      bottom = Math.max(bottom, sorted[j]!.bbox[3]);
    }
    if (!best || words > best.words) best = { top, bottom, words };
  }
  if (!best) return undefined;
  const m = MARGIN_SHARE * img.height;
  return [0, Math.max(0, Math.floor(best.top - m)), img.width, Math.min(img.height, Math.ceil(best.bottom + m))];
}
