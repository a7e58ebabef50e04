// A legend table given as its own image: its rows found as on a sheet (legend.ts), each row's
// label read and its symbol cut out (upright, at the image's resolution) as a PNG.
import { sheetText, legendEntries } from './detect.js';
import { findLegend } from './legend.js';
import { prepareSheet } from './prepare.js';
import { encodePng, type GreyPixels } from './raster.js';
import type { LegendEntry, SchematicOcr } from './types.js';

/** Tallest text sought on a legend image, as a share of its shorter side (one row of text and its picture). */
const LEGEND_TEXT_SHARE = 0.3;

export async function extractLegend(image: GreyPixels, ocr: SchematicOcr): Promise<Array<{ entry: LegendEntry; crop: Buffer }>> {
  const sheet = await prepareSheet(image);
  const { frame } = sheet;
  // The image is the legend alone: its letters may be a large share of its height (a two-row
  // legend's are a tenth of it), far above a whole sheet's cap.
  const text = await sheetText(sheet, { ocr }, LEGEND_TEXT_SHARE);
  const found = findLegend(text.items, sheet.cc, text.th, 1);
  const entries = legendEntries(found.entries.map((e) => ({ label: e.label, bbox: frame.boxToOriginal(e.symbol) })));
  const out: Array<{ entry: LegendEntry; crop: Buffer }> = [];
  for (const [i, e] of found.entries.entries()) {
    const pad = Math.max(2, 0.2 * text.th);
    const box: [number, number, number, number] = [e.symbol[0] - pad, e.symbol[1] - pad, e.symbol[2] + pad, e.symbol[3] + pad];
    out.push({ entry: entries[i]!, crop: await encodePng(frame.crop(image, box, 1 / frame.scale)) });
  }
  return out;
}
