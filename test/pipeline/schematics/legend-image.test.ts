// Legend extraction from an image of the legend alone (what POST legend/extract-from-image
// receives): small tables drawn in the test, and a legend cut out of a generated sheet, read with
// native tesseract. A small image's letters are a large share of its height; they must still be
// found as text (a whole sheet's 3 per cent cap once left such an image with no rows at all).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLegend } from '../../../src/pipeline/schematics/index.js';
import type { GreyPixels } from '../../../src/pipeline/schematics/raster.js';
import { NativeTesseractEngine } from '../../../src/providers/ocr/index.js';
import { generateSheet } from '../../../eval/schematics/index.js';
import { iou } from '../../../eval/schematics/metrics.js';
import { legendTable, SYMBOLS } from '../../schematics/legend-drawings.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();
let engine: NativeTesseractEngine;

beforeAll(async () => {
  if (nativeAvailable) engine = await NativeTesseractEngine.create({ workers: 1 });
});
afterAll(async () => {
  await engine?.close();
});

async function grey(png: Buffer): Promise<GreyPixels> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function cut(img: GreyPixels, b: [number, number, number, number]): GreyPixels {
  const [x0, y0, x1, y1] = [Math.max(0, Math.floor(b[0])), Math.max(0, Math.floor(b[1])), Math.min(img.width, Math.ceil(b[2])), Math.min(img.height, Math.ceil(b[3]))];
  const out = new Uint8Array((x1 - x0) * (y1 - y0));
  for (let y = y0; y < y1; y++) out.set(img.data.subarray(y * img.width + x0, y * img.width + x1), (y - y0) * (x1 - x0));
  return { data: out, width: x1 - x0, height: y1 - y0 };
}

describe.skipIf(!nativeAvailable)('legend extraction from a legend image', () => {
  it('reads a two-row table whose letters are a tenth of its height', async () => {
    const img = await grey(await legendTable(SYMBOLS.slice(0, 2), { rules: true }));
    expect(img.height).toBeLessThan(200);
    const rows = await extractLegend(img, engine);
    expect(rows.map((r) => r.entry.label)).toEqual(['Gate valve', 'Centrifugal pump']);
    expect(rows.map((r) => r.entry.class)).toEqual(['gate_valve', 'centrifugal_pump']);
    // Each crop is the row's symbol (drawn 60 x 40 at x 30), not its label.
    for (const r of rows) {
      const b = r.entry.bbox!;
      expect(b[0]).toBeGreaterThan(20);
      expect(b[2]).toBeLessThan(100);
      const meta = await sharp(r.crop).metadata();
      expect(meta.width).toBeLessThan(100);
    }
  });

  it('reads a titled table without rules, every row in order', async () => {
    const rows = await extractLegend(await grey(await legendTable(SYMBOLS, { rules: false, title: 'LEGEND' })), engine);
    expect(rows.map((r) => r.entry.label)).toEqual(SYMBOLS.map((s) => s.label));
  });

  it('reads the legend cut from a generated sheet: labels and picture boxes', async () => {
    const s = await generateSheet(3, { dpi: 150, paper: 'A4', scan: false });
    const L = s.truth.regions.legend;
    const box: [number, number, number, number] = [L[0] - 10, L[1] - 10, L[2] + 10, L[3] + 10];
    const img = cut(s.grey, box);
    const rows = await extractLegend(img, engine);
    const truth = s.truth.graph.legend.map((e) => ({ label: e.label.toLowerCase(), bbox: [e.bbox![0] - Math.floor(box[0]), e.bbox![1] - Math.floor(box[1]), e.bbox![2] - Math.floor(box[0]), e.bbox![3] - Math.floor(box[1])] as [number, number, number, number] }));
    const right = truth.filter((t) => rows.some((r) => r.entry.label.toLowerCase() === t.label && iou(r.entry.bbox!, t.bbox) >= 0.5)).length;
    expect(truth.length).toBeGreaterThanOrEqual(10);
    expect(right / Math.max(truth.length, rows.length)).toBeGreaterThanOrEqual(0.9);
  });
});
