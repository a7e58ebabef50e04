// A legend table given as its own image: its rows found as on a sheet (legend.ts), each row's
// label read and its symbol cut out (upright, at the image's resolution) as a PNG.
import { sheetText, legendEntries } from './detect.js';
import { findLegend } from './legend.js';
import { prepareSheet } from './prepare.js';
import { encodePng, type GreyPixels } from './raster.js';
import type { LegendEntry, SchematicOcr } from './types.js';

export async function extractLegend(image: GreyPixels, ocr: SchematicOcr): Promise<Array<{ entry: LegendEntry; crop: Buffer }>> {
  const sheet = await prepareSheet(image);
  const { frame } = sheet;
  const text = await sheetText(sheet, { ocr });
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
