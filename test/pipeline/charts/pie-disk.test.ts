// A pie whose slices are parted by white strokes: the top slices touch the bottom one's box only
// through the slices at its sides (train4 seed 600053 was read as a line chart when they came first).
import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/pipeline/charts/marks.js';
import { findDisk } from '../../../src/pipeline/charts/pie.js';

const W = 200, R = 80, C = 100;

/** Slices of a disk by share (clockwise from 12 o'clock), a `stroke` wide gap along each border. */
function pie(shares: number[], stroke: number): Component[] {
  const ends = shares.map((_, i) => shares.slice(0, i + 1).reduce((s, v) => s + v, 0) * 2 * Math.PI);
  const cells: number[][] = shares.map(() => []);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const dx = x - C, dy = y - C;
      if (Math.hypot(dx, dy) > R) continue;
      const a = (Math.atan2(dx, -dy) + 2 * Math.PI) % (2 * Math.PI);
      // Distance from every border ray (clockwise angle `e`), away from the centre.
      if (ends.some((e) => dx * Math.sin(e) - dy * Math.cos(e) > 0 && Math.abs(dx * Math.cos(e) + dy * Math.sin(e)) < stroke)) continue;
      const k = ends.findIndex((e) => a < e);
      cells[k < 0 ? shares.length - 1 : k]!.push(y * W + x);
    }
  return cells.map((px, k) => {
    const xs = px.map((i) => i % W), ys = px.map((i) => Math.floor(i / W));
    return { cluster: k, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1], area: px.length, pixels: Int32Array.from(px) };
  });
}

describe('findDisk', () => {
  it('takes in every slice whatever order the slices come in', () => {
    const comps = pie([0.1, 0.05, 0.12, 0.06, 0.18, 0.2, 0.15, 0.14], 3);
    const largest = comps.reduce((a, b) => (b.area > a.area ? b : a));
    // The largest first, then the slices from the top down: the top ones reach its box only later.
    const ordered = [largest, ...comps.filter((c) => c !== largest).sort((a, b) => a.bbox[1] - b.bbox[1])];
    const disk = findDisk(ordered, W, W);
    expect(disk).toBeDefined();
    expect(Math.abs(disk!.cx - C)).toBeLessThan(3);
    expect(Math.abs(disk!.r - R)).toBeLessThan(3);
  });

  it('takes no square of touching bars for a pie (scan-like train seeds 500041, 500047, 500054)', () => {
    const bar = (x0: number, h: number, k: number): Component => {
      const px: number[] = [];
      for (let y = 100 - h; y < 100; y++) for (let x = x0; x < x0 + 18; x++) px.push(y * W + x);
      return { cluster: k, bbox: [x0, 100 - h, x0 + 18, 100], area: px.length, pixels: Int32Array.from(px) };
    };
    const bars = [bar(0, 100, 0), bar(20, 70, 1), bar(40, 100, 2), bar(60, 60, 3), bar(80, 80, 4)];
    // The middle bar first, then the outer ones: a first pass takes only the middle three.
    expect(findDisk([bars[2]!, bars[0]!, bars[4]!, bars[1]!, bars[3]!], W, W)).toBeUndefined();
  });
});

describe('fitDisk', () => {
  it('fits the rim where the box of the marks fell short (train-mpl4 3900049: a slice read 17 % for 20)', async () => {
    const { fitDisk } = await import('../../../src/pipeline/charts/pie.js');
    // A disk at (100, 100), radius 80, white strokes between slices at 0, 90 and 200 degrees;
    // the guess from a trimmed box sits 12 px low and 8 px small.
    const strokes = [0, 90, 200].map((d) => (d * Math.PI) / 180);
    const at = (x: number, y: number): number => {
      const dx = x - C, dy = y - C;
      if (Math.hypot(dx, dy) > R) return -1;
      return strokes.some((e) => dx * Math.sin(e) - dy * Math.cos(e) > 0 && Math.abs(dx * Math.cos(e) + dy * Math.sin(e)) < 1.5) ? -1 : 1;
    };
    const fit = fitDisk({ cx: C, cy: C + 12, r: R - 8 }, at);
    expect(Math.abs(fit.cx - C)).toBeLessThan(1);
    expect(Math.abs(fit.cy - C)).toBeLessThan(1);
    expect(Math.abs(fit.r - R)).toBeLessThan(1.5);
  });

  it('takes no square of touching bars among many other bars for a pie (train-mpl6 5900008: a legend veil glued two bars)', () => {
    const bar = (x0: number, y0: number, x1: number, y1: number, cluster: number): Component => {
      const px: number[] = [];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) px.push(y * W + x);
      return { cluster, bbox: [x0, y0, x1, y1], area: px.length, pixels: Int32Array.from(px) };
    };
    // Two touching bars and a block over them (the veiled shade) fill a square box; eight more bars stand beside them.
    const square = [bar(120, 60, 165, 90, 2), bar(120, 90, 150, 120, 0), bar(150, 100, 180, 120, 1)];
    const others = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => bar(2 + 14 * k, 40, 12 + 14 * k, 140, k % 2));
    expect(findDisk([...square, ...others], W, W)).toBeUndefined();
  });
});
