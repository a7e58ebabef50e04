// The size of a region's print, from its pixels: the heights of its lines of ink. A table block
// (rules painted out) is rows of text separated by paper, so the runs of rows that hold ink are
// its text lines, ascender to descender; their median is the print's height in pixels.
import type { GreyPixels } from '../tables/scan-background.js';
import { INK } from './plain-read.js';

/** A row holds a line's ink when this share of its pixels (or 3) is ink: specks and rule stubs do not count. */
const ROW_INK = 1 / 200;
/** Runs shorter than this are dots, dashes or leftovers of a rule, not a line of text. */
const MIN_RUN = 4;

/** Median height (pixels) of the runs of inked rows of `img`; undefined when it has none. */
export function lineHeight(img: GreyPixels): number | undefined {
  const need = Math.max(3, img.width * ROW_INK);
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y <= img.height; y++) {
    let n = 0;
    if (y < img.height) for (let i = y * img.width, e = i + img.width; i < e && n < need; i++) if (img.data[i]! < INK) n++;
    if (n >= need) run++;
    else {
      if (run >= MIN_RUN) runs.push(run);
      run = 0;
    }
  }
  if (!runs.length) return undefined;
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1];
}
