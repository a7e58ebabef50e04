// Chart extraction on charts of the evaluation's generator (training seeds) that the reader got
// wrong before: legend names and category labels sparse OCR skipped, a paired palette's light
// shade, hollow scatter markers; and a scan-like copy (grain, JPEG, turned) made upright and smooth.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractChart, type ChartExtraction } from '../../../src/pipeline/charts/index.js';
import { decodeRgb } from '../../../src/pipeline/charts/raster.js';
import { backgroundNoise, prepareScan } from '../../../src/pipeline/charts/scan.js';
import { NativeTesseractEngine } from '../../../src/providers/ocr/index.js';
import { sparseTextOcr } from '../../../eval/charts/ocr.js';
import { generateChart } from '../../fixtures/chart-image.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();
let engine: NativeTesseractEngine;

beforeAll(async () => {
  if (nativeAvailable) engine = await NativeTesseractEngine.create({ workers: 1 });
});
afterAll(async () => {
  await engine?.close();
});

async function read(png: Buffer): Promise<ChartExtraction> {
  const meta = await sharp(png).metadata();
  return extractChart({ png, width: meta.width, height: meta.height, ocr: sparseTextOcr(engine) });
}

describe.skipIf(!nativeAvailable)('generated charts (native tesseract)', () => {
  it('reads legend names and category labels the page-wide OCR skipped (seed 29)', async () => {
    const c = await generateChart(29);
    const got = await read(c.png);
    expect(got.chart_type).toBe('grouped_bar');
    expect(got.table.rows.map((r) => r[0])).toEqual(c.truth.categories);
    expect(got.series.map((s) => s.name)).toEqual(expect.arrayContaining(['Women', 'Online']));
  }, 30_000);

  it("keeps a paired palette's light shade as its own stacked series (seed 23)", async () => {
    const c = await generateChart(23);
    const got = await read(c.png);
    expect(got.chart_type).toBe('stacked_bar');
    expect(got.series).toHaveLength(4);
    const [lo, hi] = c.truth.valueDomain;
    const budget = c.truth.series.find((s) => s.name === 'Budget')!.values!;
    const col = got.table.columns.indexOf('Budget');
    expect(col).toBeGreaterThan(0);
    got.table.rows.forEach((row, i) => expect(Math.abs(Number(row[col]) - budget[i]!) / (hi - lo)).toBeLessThanOrEqual(0.02));
  }, 30_000);

  it('names series by their legend, not by the seam of two touching squares read from a crop as "i" (seed 68)', async () => {
    const c = await generateChart(68);
    const got = await read(c.png);
    expect(got.chart_type).toBe('scatter');
    expect(got.series.map((s) => s.name)).toEqual(expect.arrayContaining(['Forecast']));
    expect(got.series.map((s) => s.name)).not.toContain('i');
  }, 30_000);

  it('reads a value axis whose every label OCR split at its lost point ("0" "65") as decimals (train2 seed 200008)', async () => {
    const c = await generateChart(200008);
    const got = await read(c.png);
    expect(got.chart_type).toBe('line');
    const [lo, hi] = c.truth.valueDomain;
    const forecast = c.truth.series.find((s) => s.name === 'Forecast')!.values!;
    const col = got.table.columns.indexOf('Forecast');
    expect(col).toBeGreaterThan(0);
    got.table.rows.forEach((row, i) => expect(Math.abs(Number(row[col]) - forecast[i]!) / (hi - lo)).toBeLessThanOrEqual(0.02));
  }, 30_000);

  it('reads hollow square markers as points, not a line (seed 47)', async () => {
    const c = await generateChart(47);
    const got = await read(c.png);
    expect(got.chart_type).toBe('scatter');
    expect(got.table.rows.length).toBe(c.truth.series.reduce((s, x) => s + x.points!.length, 0));
  }, 30_000);

  it('turns a grainy scan-like copy upright and smooths its grain before reading (seed 14)', async () => {
    const c = await generateChart(14);
    const { data, info } = await sharp(c.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Paper a little darker than white, seeded grain of ±6 levels, a 1.5 degree clockwise turn, JPEG.
    let s = 12345;
    const noisy = Buffer.from(data);
    for (let i = 0; i < noisy.length; i++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      noisy[i] = Math.max(0, Math.min(255, noisy[i]! - 10 + ((s >> 16) % 13) - 6));
    }
    const jpeg = await sharp(noisy, { raw: { width: info.width, height: info.height, channels: 3 } })
      .rotate(1.5, { background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    const png = await sharp(jpeg).png().toBuffer();
    const raster = await decodeRgb(png);
    expect(backgroundNoise(raster)).toBeGreaterThanOrEqual(2);
    const prepared = await prepareScan(raster, true);
    expect(prepared.skew).toBeCloseTo(1.5, 0);
    expect(prepared.raster).not.toBe(raster);
    // A rendered chart is left as it is.
    const clean = await decodeRgb(c.png);
    expect(backgroundNoise(clean)).toBe(0);
    expect((await prepareScan(clean, true)).raster).toBe(clean);
  }, 30_000);
});
