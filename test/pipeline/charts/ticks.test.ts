// Category positions from the ticks on the bottom axis: a line chart whose category labels
// cannot be read (drawn at an angle, or missing) is still sampled at its categories.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractChart } from '../../../src/pipeline/charts/index.js';
import type { Rules } from '../../../src/pipeline/charts/marks.js';
import { bottomTicks, evenTicks, vertexSlots } from '../../../src/pipeline/charts/ticks.js';
import type { BBox, Word } from '../../../src/pipeline/types.js';

describe('ticks on the bottom axis', () => {
  it('finds short strokes standing on the axis line, not the frame sides', () => {
    const width = 200, height = 100;
    const mask = new Uint8Array(width * height);
    const set = (x: number, y: number): void => void (mask[y * width + x] = 1);
    for (let x = 10; x <= 190; x++) set(x, 80);
    for (let y = 10; y <= 80; y++) {
      set(10, y);
      set(190, y);
    }
    for (const x of [30, 70, 110, 150]) for (let y = 81; y <= 85; y++) set(x, y);
    // An inward tick, two pixels wide.
    for (let y = 75; y < 80; y++) {
      set(169, y);
      set(170, y);
    }
    const rules: Rules = { mask, horizontal: [{ y: 80, x0: 10, x1: 191 }], vertical: [{ x: 10, y0: 10, y1: 81 }, { x: 190, y0: 10, y1: 81 }] };
    expect(bottomTicks(rules, width, height, [10, 10, 190, 80])).toEqual([30, 70, 110, 150, 169.5]);
  });

  it('finds ticks hanging below a panel edge without an axis line, not letters under it', () => {
    const width = 200, height = 100;
    const mask = new Uint8Array(width * height);
    for (let x = 10; x <= 190; x++) mask[80 * width + x] = 1;
    const rgb = new Uint8Array(width * height * 3).fill(255);
    const ink = (x: number, y: number): void => void rgb.fill(100, 3 * (y * width + x), 3 * (y * width + x) + 3);
    // Ticks from a pixel below the edge, 4 pixels long; a letter's stem right under the edge, longer.
    for (const x of [30, 70, 110, 150]) for (let y = 82; y <= 85; y++) ink(x, y);
    for (let y = 81; y <= 88; y++) ink(90, y);
    const rules: Rules = { mask, horizontal: [{ y: 80, x0: 10, x1: 191 }], vertical: [] };
    expect(bottomTicks(rules, width, height, [10, 10, 190, 80], rgb)).toEqual([30, 70, 110, 150]);
    expect(bottomTicks(rules, width, height, [10, 10, 190, 80])).toEqual([]);
  });

  it('pools the series\' bends into categories at even steps, a stray bend skipped', () => {
    expect(vertexSlots([[100, 161, 220, 250, 340], [99, 160, 219, 280, 341]], 4)).toEqual([99.5, 160.5, 219.5, 280, 340.5]);
  });

  it('keeps the longest evenly spaced run', () => {
    expect(evenTicks([12, 30, 70, 110, 131, 150, 190])).toEqual([30, 70, 110, 150, 190]);
  });
});

type Colour = [number, number, number];

/**
 * A 400×300 line chart: axes (y at x = 60, x at y = 250), y ticks and labels 0..10 every 2 (20 px a
 * unit), x ticks below the axis where given, each series a polyline 3 px thick through its values at
 * `xs`, and the extra words; as extracted.
 */
async function lineChart(series: { xs: number[]; vals: number[]; colour: Colour }[], extra: Word[], xTicks: number[] = []): Promise<Awaited<ReturnType<typeof extractChart>>> {
  const width = 400, height = 300;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const dot = (x: number, y: number, c: Colour): void => {
    if (x >= 0 && y >= 0 && x < width && y < height) rgb.set(c, 3 * (y * width + x));
  };
  for (let y = 30; y <= 250; y++) dot(60, y, [0, 0, 0]);
  for (let x = 60; x <= 380; x++) dot(x, 250, [0, 0, 0]);
  for (const x of xTicks) for (let y = 251; y <= 256; y++) dot(x, y, [0, 0, 0]);
  for (let v = 0; v <= 10; v += 2) for (let x = 55; x < 60; x++) dot(x, 250 - 20 * v, [0, 0, 0]);
  for (const { xs, vals, colour } of series)
    for (let k = 0; k + 1 < xs.length; k++)
      for (let x = xs[k]!; x <= xs[k + 1]!; x++) {
        const t = (x - xs[k]!) / (xs[k + 1]! - xs[k]!);
        const y = Math.round(250 - 20 * (vals[k]! + t * (vals[k + 1]! - vals[k]!)));
        for (let d = -1; d <= 1; d++) dot(x, y + d, colour);
      }
  const words: Word[] = [0, 2, 4, 6, 8, 10].map((v) => ({ text: String(v), bbox: [35, 250 - 20 * v - 5, 50, 250 - 20 * v + 5], confidence: 0.95 }));
  const png = await sharp(Buffer.from(rgb), { raw: { width, height, channels: 3 } }).png().toBuffer();
  return extractChart({ png, width, height, words: [...words, ...extra] });
}

describe('a line chart without readable category labels', () => {
  it('is sampled at the ticks, straight runs included', async () => {
    // Ticks every 70 px from x = 100 below the x axis. Values 2, 4, 6, 3: the first three in one
    // straight run (no vertex at the second).
    const ticks = [100, 170, 240, 310];
    const vals = [2, 4, 6, 3];
    const ex = await lineChart([{ xs: ticks, vals, colour: [31, 119, 180] }], [], ticks);
    expect(ex.chart_type).toBe('line');
    expect(ex.table.rows).toHaveLength(4);
    ex.table.rows.forEach((r, i) => expect(Math.abs(Number(r[1]) - vals[i]!)).toBeLessThan(0.2));
  });
});

describe('a line chart without ticks whose labels run together', () => {
  it('is cut into its categories at the series\' bends', async () => {
    // Axes without ticks on x; categories every 60 px from x = 100.
    const at = [100, 160, 220, 280, 340];
    const series: [number[], Colour][] = [[[2, 6, 3, 7, 4], [31, 119, 180]], [[8, 4, 9, 5, 8], [214, 39, 40]]];
    // The first two labels set edge to edge and read as one word.
    const words: Word[] = [{ text: 'NorthSouth', bbox: [76, 258, 184, 270], confidence: 0.9 }];
    for (const [i, name] of [[2, 'East'], [3, 'West'], [4, 'Core']] as const) words.push({ text: name, bbox: [at[i]! - 16, 258, at[i]! + 16, 270], confidence: 0.95 });
    const ex = await lineChart(series.map(([vals, colour]) => ({ xs: at, vals, colour })), words);
    expect(ex.chart_type).toBe('line');
    expect(ex.table.rows).toHaveLength(5);
    expect(ex.table.rows.map((r) => r[0])).toEqual(['North', 'South', 'East', 'West', 'Core']);
    // The series' order is the reader's own: each row's values are compared as a set.
    ex.table.rows.forEach((r, i) => {
      const got = r.slice(1).map(Number).sort((a, b) => a - b), want = series.map(([vals]) => vals[i]!).sort((a, b) => a - b);
      got.forEach((g, s) => expect(Math.abs(g - want[s]!)).toBeLessThan(0.3));
    });
  });
});

describe('a line chart without ticks whose labels stand apart', () => {
  /** Axes without x ticks, one series bending at every 30 px from x = 100, labels as given. */
  function chart(labels: [string, BBox][]): Promise<Awaited<ReturnType<typeof extractChart>>> {
    const vals = [2, 6, 3, 7, 4, 8, 3, 6, 2];
    return lineChart([{ xs: vals.map((_, k) => 100 + 30 * k), vals, colour: [31, 119, 180] }], labels.map(([text, bbox]) => ({ text, bbox, confidence: 0.95 })));
  }

  it('keeps a label every other bend as read (bends without labels are no categories of their own)', async () => {
    const ex = await chart(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((name, i): [string, BBox] => [name, [100 + 60 * i - 12, 258, 100 + 60 * i + 12, 270]]));
    expect(ex.table.rows.map((r) => r[0])).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  });

  it('takes a label whose box OCR stretched up over a gridline end for a category label (train-mpl6 5900031)', async () => {
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
    const ex = await chart(names.map((name, i): [string, BBox] => [name, [100 + 60 * i - 12, i % 2 ? 240 : 258, 100 + 60 * i + 12, 270]]));
    expect(ex.table.rows.map((r) => r[0])).toEqual(names);
  });
});
