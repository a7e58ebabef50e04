// Axis lines and tick marks found from dark ink alone (issue 13af): on a 200 dpi scan a blurred
// grey axis falls outside the rules' grey clusters, and OCR read the tick beside "9" as "94".
// They are masked for OCR; the labels beside them, gridlines and bars are not.
import { describe, expect, it } from 'vitest';
import { axisTickMask, axisTicks } from '../../../src/pipeline/charts/axis-ticks.js';

const W = 300, H = 300, BG: [number, number, number] = [236, 234, 228];

function picture(): { rgb: Uint8Array; paint: (x0: number, y0: number, x1: number, y1: number, v: number) => void } {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(BG, 3 * i);
  const paint = (x0: number, y0: number, x1: number, y1: number, v: number): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set([v, v, v], 3 * (y * W + x));
  };
  return { rgb, paint };
}

describe('axis ticks masked for OCR', () => {
  it('masks a blurred grey axis line and the short thin ticks sticking out of it, not the labels beside them', () => {
    const { rgb, paint } = picture();
    // Axis line: three dark columns with lighter blurred edges.
    paint(59, 20, 60, 260, 200);
    paint(60, 20, 63, 260, 150);
    paint(63, 20, 64, 260, 200);
    const ticks = [40, 90, 140, 190, 240];
    for (const y of ticks) {
      paint(52, y - 1, 60, y + 2, 150); // a tick: 8 pixels out, 3 thick
      paint(32, y - 9, 46, y + 10, 120); // a label glyph a few pixels off the tick
    }
    // A bar on the plot side, touching the line: wider than a tick.
    paint(64, 160, 140, 180, 110);
    // A gridline running on from the line: longer than a tick.
    paint(64, 89, 290, 92, 150);
    const mask = axisTickMask(rgb, W, H, BG);
    const at = (x: number, y: number): number => mask[y * W + x]!;
    for (const y of ticks) {
      expect(at(61, y + 5)).toBe(1); // the line
      expect(at(55, y)).toBe(1); // the tick
      expect(at(51, y)).toBe(1); // its blurred rim
      expect(at(40, y)).toBe(0); // the glyph
    }
    expect(at(100, 170)).toBe(0); // the bar
    expect(at(70, 170)).toBe(0);
    expect(at(200, 90)).toBe(1); // the gridline is a line of its own, masked as rules are
  });

  it('does not take a line of text for a line', () => {
    const { rgb, paint } = picture();
    // Letters 12 px tall, 3 px apart, with thin crossbars: thin in places along the row, not for long.
    for (let x = 20; x < 280; x += 10) {
      paint(x, 100, x + 2, 112, 100);
      paint(x + 2, 105, x + 7, 107, 100);
    }
    const mask = axisTickMask(rgb, W, H, BG);
    expect(mask[106 * W + 100]).toBe(0);
    expect(mask[106 * W + 104]).toBe(0);
  });

  it('leaves a glyph touching the line: taller than a tick', () => {
    const { rgb, paint } = picture();
    paint(60, 20, 63, 260, 150);
    paint(46, 100, 60, 120, 120);
    const mask = axisTickMask(rgb, W, H, BG);
    expect(mask[110 * W + 52]).toBe(0);
    expect(mask[150 * W + 61]).toBe(1);
  });

  it('finds ticks below a horizontal axis line alike', () => {
    const { rgb, paint } = picture();
    paint(20, 250, 280, 253, 150);
    for (const x of [50, 120, 190]) {
      paint(x - 1, 253, x + 2, 262, 150);
      paint(x - 7, 266, x + 7, 285, 120);
    }
    const mask = axisTickMask(rgb, W, H, BG);
    for (const x of [50, 120, 190]) {
      expect(mask[258 * W + x]).toBe(1);
      expect(mask[275 * W + x]).toBe(0);
    }
  });

  it('gives the ticks alone for the marks to skip: not the line, not a bar standing on it', () => {
    const { rgb, paint } = picture();
    paint(20, 250, 280, 253, 150);
    for (const x of [50, 120, 190]) paint(x - 1, 253, x + 2, 262, 150);
    paint(220, 150, 250, 250, 110); // a bar standing on the axis
    const { ticks } = axisTicks(rgb, W, H, BG);
    for (const x of [50, 120, 190]) {
      expect(ticks[258 * W + x]).toBe(1);
      expect(ticks[251 * W + x]).toBe(0);
    }
    expect(ticks[251 * W + 100]).toBe(0);
    expect(ticks[200 * W + 235]).toBe(0);
  });
});
