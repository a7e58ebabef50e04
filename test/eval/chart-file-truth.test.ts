import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawGgCharts, drawMplCharts, fileCases, fileTruth, GG_SCRIPT, ggplotAvailable, matplotlibAvailable, MPL_SCRIPT, type FileTruth } from '../../eval/charts/file-truth.js';

const bar = (extra: Partial<FileTruth>): FileTruth => ({ kind: 'bar', title: null, y_scale: 'linear', categories: ['A', 'B'], series: [{ name: null, values: [-5, 20] }], value_labels: false, ...extra });

describe('chart truth files', () => {
  it('takes the data range (with zero) where the file names no axis limits (figures-dev)', () => {
    expect(fileTruth(bar({})).valueDomain).toEqual([-5, 20]);
    expect(fileTruth(bar({ kind: 'hbar' })).kind).toBe('horizontal_bar');
  });

  it('takes the axis limits drawn where the file names them (matplotlib)', () => {
    const t = fileTruth(bar({ value_domain: [-6.25, 21.25] }));
    expect(t.valueDomain).toEqual([-6.25, 21.25]);
    const s = fileTruth({ kind: 'scatter', title: null, y_scale: 'linear', categories: null, series: [{ name: null, points: [[1, 2], [3, 8]] }], value_labels: false, value_domain: [1.7, 8.3], x_domain: [0.9, 3.1] });
    expect(s.valueDomain).toEqual([1.7, 8.3]);
    expect(s.xDomain).toEqual([0.9, 3.1]);
  });

  it('keeps 0-100 percent for pies whatever the file says', () => {
    expect(fileTruth(bar({ kind: 'pie', value_domain: [-1, 1] })).valueDomain).toEqual([0, 100]);
  });

  it('finds the generator scripts from the source tree', () => {
    expect(existsSync(MPL_SCRIPT)).toBe(true);
    expect(existsSync(GG_SCRIPT)).toBe(true);
  });

  it.skipIf(!matplotlibAvailable())('draws seeded matplotlib charts whose truth loads and repeats per seed', async () => {
    const dir = drawMplCharts(990_001, 2, new Set(['bar', 'horizontal_bar']))!;
    const cases = fileCases(dir);
    expect(cases.map((c) => c.id)).toEqual(['mpl-990003.png', 'mpl-990006.png']);
    expect(cases.map((c) => c.truth.kind)).toEqual(['bar', 'horizontal_bar']);
    for (const c of cases) {
      const [lo, hi] = c.truth.valueDomain;
      expect(hi).toBeGreaterThan(lo);
      const img = await c.load();
      expect(img.width).toBeGreaterThan(200);
    }
    const json = readFileSync(path.join(dir, 'mpl-990003.json'), 'utf8');
    // Same seed, same chart: a second folder drawn from scratch holds the same truth.
    const again = drawMplCharts(990_003, 1, new Set(['bar']))!;
    expect(readFileSync(path.join(again, 'mpl-990003.json'), 'utf8')).toBe(json);
  }, 60_000);

  it.skipIf(!ggplotAvailable())('draws seeded ggplot2 charts whose values lie inside the axis limits drawn', async () => {
    const dir = drawGgCharts(990_001, 3, new Set(['bar', 'horizontal_bar', 'scatter']))!;
    const cases = fileCases(dir);
    expect(cases.map((c) => c.id)).toEqual(['gg-990001.png', 'gg-990003.png', 'gg-990006.png']);
    expect(cases.map((c) => c.truth.kind)).toEqual(['scatter', 'bar', 'horizontal_bar']);
    for (const c of cases) {
      const [lo, hi] = c.truth.valueDomain;
      const values = c.truth.series.flatMap((s) => s.values ?? s.points?.map((p) => p[1]) ?? []);
      expect(values.length).toBeGreaterThan(1);
      for (const v of values) expect(v >= lo && v <= hi).toBe(true);
      const img = await c.load();
      expect(img.width).toBeGreaterThan(200);
    }
    const xs = cases[0]!.truth.series.flatMap((s) => s.points!.map((p) => p[0]));
    const [xlo, xhi] = cases[0]!.truth.xDomain!;
    for (const x of xs) expect(x >= xlo && x <= xhi).toBe(true);
  }, 60_000);
});
