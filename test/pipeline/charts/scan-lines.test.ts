// Scanned line charts: a data point is where the straight segments on either side meet (not the
// trace's centre at the category's column), category steps OCR missed are put back, and a dark
// line's blurred rim is no part of a paler series of its hue.
import { describe, expect, it } from 'vitest';
import { fitSide, vertexAt } from '../../../src/pipeline/charts/line-vertex.js';
import { fillCategoryGaps } from '../../../src/pipeline/charts/category-gaps.js';
import { detachTintRims } from '../../../src/pipeline/charts/settle.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';
import { withoutSlivers } from '../../../src/pipeline/charts/read-bars.js';
import type { Bar } from '../../../src/pipeline/charts/bars.js';

/** A polyline through `pts` traced per column, with the column centre pulled `bias` px towards the peak's inside near each vertex. */
function trace(pts: [number, number][], width: number, bias = 0): Float64Array {
  const line = new Float64Array(width).fill(NaN);
  for (let i = 0; i + 1 < pts.length; i++) {
    const [x0, y0] = pts[i]!, [x1, y1] = pts[i + 1]!;
    for (let x = Math.ceil(x0); x <= x1; x++) line[x] = y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  for (const [x] of pts) for (let d = -6; d <= 6; d++) if (!Number.isNaN(line[x + d]!)) line[x + d] = line[x + d]! + bias;
  return line;
}

describe('vertexAt', () => {
  const pts: [number, number][] = [[20, 300], [120, 40], [220, 260], [320, 250]];

  it('finds a sharp peak where its sides meet, although the trace there is pulled down', () => {
    const t = trace(pts, 400, 12);
    expect(t[120]).toBeCloseTo(52, 5);
    expect(vertexAt(t, 120, 100)).toBeCloseTo(40, 5);
  });

  it('reads the peak from a category position some pixels off', () => {
    const t = trace(pts, 400);
    expect(vertexAt(t, 126, 100)).toBeCloseTo(40, 5);
  });

  it('gives no reading at an end of the line or where a side bends', () => {
    expect(vertexAt(trace(pts, 400), 20, 100)).toBeUndefined();
    const curve = new Float64Array(400).fill(NaN);
    for (let x = 0; x < 400; x++) curve[x] = 200 + 0.02 * (x - 200) ** 2;
    expect(vertexAt(curve, 200, 100)).toBeUndefined();
  });

  it('fits past a crossing line\'s stray pixels', () => {
    const t = trace(pts, 400);
    t[170] = t[170]! + 60;
    const fit = fitSide(t, 140, 200, 120, 10);
    expect(fit?.y0).toBeCloseTo(40, 5);
    expect(fit?.rms).toBeLessThan(0.01);
  });
});

describe('fillCategoryGaps', () => {
  it('puts back missed months at the axis step', () => {
    const got = fillCategoryGaps([{ name: 'Jan', x: 100 }, { name: 'Apr', x: 400 }, { name: 'Jun', x: 601 }, { name: 'Jul', x: 700 }]);
    expect(got.map((c) => c.name)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul']);
    expect(got[1]!.x).toBeCloseTo(200, 0);
  });

  it('counts years up and leaves unknown names empty', () => {
    expect(fillCategoryGaps([{ name: '2010', x: 10 }, { name: '2011', x: 60 }, { name: '2013', x: 160 }]).map((c) => c.name)).toEqual(['2010', '2011', '2012', '2013']);
    expect(fillCategoryGaps([{ name: 'North', x: 10 }, { name: 'East', x: 60 }, { name: 'West', x: 160 }]).map((c) => c.name)).toEqual(['North', 'East', '', 'West']);
  });

  it('leaves uneven or complete rows alone', () => {
    const even = [{ name: 'a', x: 0 }, { name: 'b', x: 50 }, { name: 'c', x: 100 }];
    expect(fillCategoryGaps(even)).toEqual(even);
    const uneven = [{ name: 'a', x: 0 }, { name: 'b', x: 50 }, { name: 'c', x: 125 }];
    expect(fillCategoryGaps(uneven)).toEqual(uneven);
  });
});

describe('detachTintRims', () => {
  it('takes a dark blue line\'s rim out of the pale blue series and leaves the pale line', () => {
    const W = 80, H = 40;
    const background: Rgb = [252, 252, 252];
    const centres: Rgb[] = [[58, 125, 172], [179, 209, 225], [228, 120, 40]];
    const label = new Int16Array(W * H).fill(-1);
    // Dark line rows 10-13 with a pale rim band (rows 8-9, 14-15); a pale line at rows 28-31; an orange line rimmed by nothing of its hue.
    for (let x = 0; x < W; x++) {
      for (let y = 10; y < 14; y++) label[y * W + x] = 0;
      for (const y of [8, 9, 14, 15]) label[y * W + x] = 1;
      for (let y = 28; y < 32; y++) label[y * W + x] = 1;
      label[36 * W + x] = 2;
    }
    expect(detachTintRims(label, W, H, centres, background)).toBe(true);
    expect(label[8 * W + 40]).toBe(-2);
    expect(label[15 * W + 40]).toBe(-2);
    expect(label[29 * W + 40]).toBe(1);
    expect(label[11 * W + 40]).toBe(0);
    expect(label[36 * W + 40]).toBe(2);
  });
});

describe('withoutSlivers', () => {
  it('drops a series that is only slivers along the baseline and keeps a short real one', () => {
    const bar = (series: number, u0: number, len: number): Bar => ({ series, u0, u1: u0 + 20, v0: 400 - len, v1: 400 });
    const series = [3, 0, 1, 2];
    const bars = [bar(0, 0, 300), bar(1, 20, 250), bar(2, 40, 30), bar(3, 0, 2), bar(3, 20, 3), bar(0, 100, 200), bar(3, 100, 2)];
    const kept = withoutSlivers(bars, series);
    expect(series).toEqual([0, 1, 2]);
    expect(kept.map((b) => b.series)).toEqual([0, 1, 2, 0]);
  });
});
