// A scan is read at a reduced size chosen from its strokes; masks and boxes move between the sizes.
import { describe, expect, it } from 'vitest';
import { enlargeMask, strokeWidth, toFullSize, toWorkingSize, workingFactor } from '../../../src/pipeline/charts/working-size.js';
import { decodeRgb } from '../../../src/pipeline/charts/raster.js';
import { prepareScan } from '../../../src/pipeline/charts/scan.js';
import { generateChart } from '../../fixtures/chart-image.js';
import { chartScan, chartScanLook } from '../../fixtures/chart-scan.js';

/** A picture of vertical strokes `pen` pixels wide and 20 tall, 10 apart. */
function strokes(pen: number, width = 200, height = 40): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (let y = 10; y < 30; y++) for (let x0 = 5; x0 + pen < width; x0 += pen + 10) for (let x = x0; x < x0 + pen; x++) ink[y * width + x] = 1;
  return ink;
}

describe('working size of a scan', () => {
  it('measures strokes by their runs across, leaving filled areas out', () => {
    expect(strokeWidth(strokes(2), 200, 40)).toBe(2);
    expect(strokeWidth(strokes(4), 200, 40)).toBe(4);
    const filled = strokes(4);
    for (let y = 0; y < 40; y++) for (let x = 0; x < 100; x++) filled[y * 200 + x] = 1; // a block 100 wide: its runs are no strokes
    expect(strokeWidth(filled, 200, 40)).toBe(4);
    expect(strokeWidth(new Uint8Array(100), 10, 10)).toBe(0);
  });

  it('halves a 200-dpi scan, leaves rendered strokes and small pictures at full size', () => {
    expect(workingFactor(4, 1800, 1000)).toBe(2);
    expect(workingFactor(8, 1800, 1000)).toBe(2); // never below half
    expect(workingFactor(3, 1800, 1000)).toBe(1.5);
    expect(workingFactor(2, 1800, 1000)).toBe(1);
    expect(workingFactor(4, 600, 500)).toBe(1); // 300 000 pixels: reduced it would fall under 250 000
  });

  it('maps masks up and boxes and words between the sizes', () => {
    const mask = Uint8Array.from([1, 0, 0, 1]); // 2 × 2
    expect([...enlargeMask(mask, 2, 2, 4, 3)]).toEqual([1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1]);
    expect(toFullSize([10, 20, 30, 40], 2, 1.5, 55, 100)).toEqual([20, 30, 55, 60]);
    expect(toWorkingSize([{ text: '10', bbox: [20, 30, 40, 60], confidence: 0.9 }], 2, 1.5)[0]!.bbox).toEqual([10, 20, 20, 40]);
  });

  it('reads a scan-like chart reduced and keeps the full-size picture for OCR', async () => {
    const seed = 500_001;
    const g = await generateChart(seed);
    const scan = await chartScan(g.png, g.width, g.density, chartScanLook(seed), seed);
    const prepared = await prepareScan(await decodeRgb(scan.png), true);
    expect(prepared.fullRaster?.width).toBe(prepared.full.width);
    expect(prepared.raster.width).toBeLessThan(0.6 * prepared.full.width);
    expect(prepared.raster.grain).toBeGreaterThanOrEqual(2);
    // Given words (in the original's pixels) keep the picture at full size.
    const kept = await prepareScan(await decodeRgb(scan.png), false);
    expect(kept.raster.width).toBe(scan.width);
    expect(kept.fullRaster).toBeUndefined();
  }, 30_000);
});
