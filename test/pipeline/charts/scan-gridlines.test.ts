// Issue 13dd: pale gridlines of a grey scan, broken by grain into stretches tens of pixels apart
// (scan-like-4 5500023, 5500002: read as a phantom series), are found as straight runs; a slanted
// data line of the same grey, a bar and a strip along a panel's edge are not; and a quiet scan
// (grain smoothed away) is turned.
import { describe, expect, it } from 'vitest';
import { brokenRules } from '../../../src/pipeline/charts/broken-rules.js';
import type { ColourClusters } from '../../../src/pipeline/charts/raster.js';
import { decodeRgb } from '../../../src/pipeline/charts/raster.js';
import { prepareScan } from '../../../src/pipeline/charts/scan.js';
import { chartScan } from '../../fixtures/chart-scan.js';
import { generateChart } from '../../fixtures/chart-image.js';

const W = 400, H = 300;

function clusters(): ColourClusters {
  const label = new Int16Array(W * H).fill(-1);
  return { background: [235, 235, 235], centres: [[200, 200, 200], [120, 120, 120]], label, counts: [0, 0] };
}

describe('brokenRules', () => {
  it('finds a gridline broken into dashes far apart, and leaves a slanted line and a bar', () => {
    const cl = clusters();
    // A gridline 2 px thick at y 100: 12-px stretches every 50 px (gaps of 38).
    for (let x = 10; x < 390; x++) if ((x - 10) % 50 < 12) for (const y of [100, 101]) cl.label[y * W + x] = 0;
    // A slanted line of the same grey, 3 px thick, from (20, 280) to (380, 20).
    for (let x = 20; x < 380; x++) {
      const y = Math.round(280 - ((x - 20) * 260) / 360);
      for (let d = 0; d < 3; d++) cl.label[(y + d) * W + x] = 0;
    }
    // A wide dark bar, 40 px tall.
    for (let y = 200; y < 240; y++) for (let x = 50; x < 350; x++) cl.label[y * W + x] = 1;
    const mask = brokenRules(cl, W, H, 26);
    const on = (x: number, y: number): number => mask[y * W + x]!;
    expect(on(15, 100) + on(65, 101)).toBe(2);
    // The slanted line's pixels away from where it crosses the gridline.
    let slanted = 0;
    for (let x = 20; x < 380; x++) {
      const y = Math.round(280 - ((x - 20) * 260) / 360);
      if (Math.abs(y - 100) > 5) slanted += on(x, y) + on(x, y + 1) + on(x, y + 2);
    }
    expect(slanted).toBe(0);
    let bar = 0;
    for (let y = 200; y < 240; y++) for (let x = 50; x < 350; x++) bar += on(x, y);
    expect(bar).toBe(0);
  });

  it('leaves a thin strip along the edge of a bar or panel (scan-like-2 matplotlib 3500016)', () => {
    const cl = clusters();
    for (let y = 200; y < 240; y++) for (let x = 20; x < 380; x++) cl.label[y * W + x] = 1;
    for (let y = 240; y < 243; y++) for (let x = 20; x < 380; x++) cl.label[y * W + x] = 0;
    expect(brokenRules(cl, W, H, 26).some((v) => v === 1)).toBe(false);
  });

  it('takes no colour cluster', () => {
    const cl = clusters();
    cl.centres[0] = [200, 120, 60];
    for (let x = 10; x < 390; x++) cl.label[100 * W + x] = 0;
    expect(brokenRules(cl, W, H, 26).some((v) => v === 1)).toBe(false);
  });
});

describe('prepareScan on a quiet scan', () => {
  it('turns a scan whose paper shows no grain upright (scan-like-4 5500035, a stack read as a line)', async () => {
    const c = await generateChart(5_500_035);
    const look = { scale: 1.95, angle: -1.11, blur: 1.26, noise: 3.07, levels: [7, 250] as [number, number], quality: 50, grey: false };
    const scan = await chartScan(c.png, c.width, c.density, look, 5_500_035);
    const prepared = await prepareScan(await decodeRgb(scan.png), true);
    expect(prepared.skew).toBeCloseTo(-1.1, 0);
    // Read as a clean picture: no grain is claimed.
    expect(prepared.raster.grain ?? 0).toBeLessThan(2);
  }, 30_000);
});
