// Category positions from the ticks on the bottom axis: a line chart whose category labels
// cannot be read (drawn at an angle, or missing) is still sampled at its categories.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractChart } from '../../../src/pipeline/charts/index.js';
import type { Rules } from '../../../src/pipeline/charts/marks.js';
import { bottomTicks, evenTicks } from '../../../src/pipeline/charts/ticks.js';
import type { Word } from '../../../src/pipeline/types.js';

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

  it('keeps the longest evenly spaced run', () => {
    expect(evenTicks([12, 30, 70, 110, 131, 150, 190])).toEqual([30, 70, 110, 150, 190]);
  });
});

describe('a line chart without readable category labels', () => {
  it('is sampled at the ticks, straight runs included', async () => {
    const width = 400, height = 300;
    const rgb = new Uint8Array(width * height * 3).fill(255);
    const dot = (x: number, y: number, c: [number, number, number]): void => {
      if (x >= 0 && y >= 0 && x < width && y < height) rgb.set(c, 3 * (y * width + x));
    };
    // Axes: y at x = 60, x at y = 250; ticks every 70 px from x = 100 below the x axis.
    for (let y = 30; y <= 250; y++) dot(60, y, [0, 0, 0]);
    for (let x = 60; x <= 380; x++) dot(x, 250, [0, 0, 0]);
    const ticks = [100, 170, 240, 310];
    for (const x of ticks) for (let y = 251; y <= 256; y++) dot(x, y, [0, 0, 0]);
    for (let v = 0; v <= 10; v += 2) for (let x = 55; x < 60; x++) dot(x, 250 - 20 * v, [0, 0, 0]);
    // Values 2, 4, 6, 3: the first three in one straight run (no vertex at the second).
    const vals = [2, 4, 6, 3];
    for (let k = 0; k + 1 < ticks.length; k++)
      for (let x = ticks[k]!; x <= ticks[k + 1]!; x++) {
        const t = (x - ticks[k]!) / (ticks[k + 1]! - ticks[k]!);
        const y = Math.round(250 - 20 * (vals[k]! + t * (vals[k + 1]! - vals[k]!)));
        for (let d = -1; d <= 1; d++) dot(x, y + d, [31, 119, 180]);
      }
    const words: Word[] = [0, 2, 4, 6, 8, 10].map((v) => ({ text: String(v), bbox: [35, 250 - 20 * v - 5, 50, 250 - 20 * v + 5], confidence: 0.95 }));
    const png = await sharp(Buffer.from(rgb), { raw: { width, height, channels: 3 } }).png().toBuffer();
    const ex = await extractChart({ png, width, height, words });
    expect(ex.chart_type).toBe('line');
    expect(ex.table.rows).toHaveLength(4);
    ex.table.rows.forEach((r, i) => expect(Math.abs(Number(r[1]) - vals[i]!)).toBeLessThan(0.2));
  });
});
