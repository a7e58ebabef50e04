// Chart extraction on small charts drawn from known data (by the extractor's own Vega-Lite
// renderer and by the evaluation's generator), read back with native tesseract as the OCR port.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartTableHtml, extractChart, renderChartPng, type ChartExtraction, type ChartTable, type ChartType } from '../../../src/pipeline/charts/index.js';
import { NativeTesseractEngine } from '../../../src/providers/ocr/index.js';
import { editDistance as nameDistance } from '../../../eval/charts/metrics.js';
import { sparseTextOcr } from '../../../eval/charts/ocr.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();
let engine: NativeTesseractEngine;

beforeAll(async () => {
  if (nativeAvailable) engine = await NativeTesseractEngine.create({ workers: 1 });
});
afterAll(async () => {
  await engine?.close();
});

async function roundTrip(chart_type: ChartType, table: ChartTable, extra: { log?: boolean } = {}): Promise<ChartExtraction> {
  const png = await renderChartPng({ chart_type, table, axes: extra.log ? { x: null, y: { label: null, scale: 'log', min: null, max: null } } : undefined }, { width: 560, height: 360, scale: 1.5 });
  const meta = await sharp(png).metadata();
  return extractChart({ png, width: meta.width, height: meta.height, ocr: sparseTextOcr(engine) });
}

/** Every value of the truth table read back within `tol` of the value range, by row and series name. */
function expectValues(got: ChartExtraction, truth: ChartTable, tol: number): void {
  expect(got.table.columns.length).toBe(truth.columns.length);
  expect(got.table.rows.length).toBe(truth.rows.length);
  const values = truth.rows.flatMap((r) => r.slice(1) as number[]);
  const range = Math.max(...values, 0) - Math.min(...values, 0);
  truth.rows.forEach((row, i) => {
    const g = got.table.rows[i]!;
    // Category names as OCR reads them: one character may differ ("Ql" for "Q1").
    expect(nameDistance(String(g[0]), String(row[0])), String(g[0])).toBeLessThanOrEqual(1);
    for (let j = 1; j < row.length; j++) {
      const col = got.table.columns.indexOf(truth.columns[j]!);
      const k = col > 0 ? col : j;
      expect(Math.abs(Number(g[k]) - Number(row[j])) / range, `${String(row[0])} / ${truth.columns[j]}`).toBeLessThanOrEqual(tol);
    }
  });
}

describe.skipIf(!nativeAvailable)('chart extraction (native tesseract)', () => {
  it('reads a bar chart', async () => {
    const truth = { columns: ['category', 'value'], rows: [['North', 12], ['South', 30], ['East', 22.5], ['West', 41]] };
    const got = await roundTrip('bar', truth);
    expect(got.chart_type).toBe('bar');
    expectValues(got, truth, 0.02);
    expect(got.axes.y?.scale).toBe('linear');
  });

  it('reads grouped bars and their legend', async () => {
    const truth = { columns: ['category', 'Online', 'Stores'], rows: [['2021', 40, 25], ['2022', 55, 31], ['2023', 62, 48]] };
    const got = await roundTrip('grouped_bar', truth);
    expect(got.chart_type).toBe('grouped_bar');
    expectValues(got, truth, 0.02);
    expect(got.series.map((s) => s.name)).toEqual(['Online', 'Stores']);
  });

  it('reads stacked bars as segment heights', async () => {
    const truth = { columns: ['category', 'Men', 'Women'], rows: [['Q1', 20, 35], ['Q2', 42, 18], ['Q3', 30, 30], ['Q4', 12, 50]] };
    const got = await roundTrip('stacked_bar', truth);
    expect(got.chart_type).toBe('stacked_bar');
    expectValues(got, truth, 0.02);
  });

  it('reads horizontal bars with negative values', async () => {
    const truth = { columns: ['category', 'value'], rows: [['Alpha', 320], ['Beta', -140], ['Gamma', 510], ['Delta', 75], ['Omega', -60]] };
    const got = await roundTrip('horizontal_bar', truth);
    expect(got.chart_type).toBe('horizontal_bar');
    expectValues(got, truth, 0.02);
  });

  it('reads lines at their categories', async () => {
    const truth = { columns: ['category', 'Actual', 'Budget'], rows: [['Jan', 12, 20], ['Feb', 18, 21], ['Mar', 9, 23], ['Apr', 25, 24], ['May', 31, 26], ['Jun', 22, 27]] };
    const got = await roundTrip('line', truth);
    expect(got.chart_type).toBe('line');
    expectValues(got, truth, 0.02);
  });

  it('reads a log axis', async () => {
    const truth = { columns: ['category', 'value'], rows: [['Mon', 3], ['Tue', 40], ['Wed', 900], ['Thu', 12], ['Fri', 250]] };
    const got = await roundTrip('bar', truth, { log: true });
    expect(got.axes.y?.scale).toBe('log');
    truth.rows.forEach((row, i) => expect(Math.abs(Math.log10(Number(got.table.rows[i]![1])) - Math.log10(row[1] as number)) / 3).toBeLessThanOrEqual(0.02));
  });

  it('reads scatter points in data units', async () => {
    const pts: [number, number][] = [[1, 10], [2.5, 42], [4, 25], [5.5, 61], [7, 48], [8.5, 80]];
    const got = await roundTrip('scatter', { columns: ['x', 'y'], rows: pts });
    expect(got.chart_type).toBe('scatter');
    expect(got.table.rows).toHaveLength(pts.length);
    const read = [...got.table.rows].sort((a, b) => Number(a[0]) - Number(b[0]));
    pts.forEach(([x, y], i) => {
      expect(Math.abs(Number(read[i]![0]) - x) / 8.5).toBeLessThanOrEqual(0.03);
      expect(Math.abs(Number(read[i]![1]) - y) / 80).toBeLessThanOrEqual(0.03);
    });
  });

  it('reads pie shares', async () => {
    const truth = { columns: ['label', 'share'], rows: [['Rent', 40], ['Food', 25], ['Travel', 20], ['Other', 15]] };
    const got = await roundTrip('pie', truth);
    expect(got.chart_type).toBe('pie');
    expect(got.table.rows).toHaveLength(4);
    for (const [name, share] of truth.rows) {
      const row = got.table.rows.find((r) => r[0] === name);
      expect(row, String(name)).toBeDefined();
      expect(Math.abs(Number(row![1]) - Number(share))).toBeLessThanOrEqual(2);
    }
  });
});

describe('chart grounding', () => {
  it('escapes the data table as HTML', () => {
    const html = chartTableHtml({ columns: ['category', 'A&B <x>'], rows: [['"Q1" <b>', 5], ["it's", null]] });
    expect(html).toContain('<th>A&amp;B &lt;x&gt;</th>');
    expect(html).toContain('&quot;Q1&quot; &lt;b&gt;');
    expect(html).toContain('it&#39;s');
    expect(html).not.toContain('<b>');
    expect(html).toMatch(/^<table><thead>.*<\/tbody><\/table>$/);
  });

  it('re-renders a PNG of the size asked for', async () => {
    const png = await renderChartPng({ chart_type: 'grouped_bar', table: { columns: ['category', 'a', 'b'], rows: [['x', 1, 2], ['y', 3, 4]] } }, { width: 300, height: 200, scale: 2 });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 400]);
    // Not blank: the bars are drawn in colour.
    const stats = await sharp(png).stats();
    expect(stats.channels.some((c) => c.min < 200)).toBe(true);
  });
});
