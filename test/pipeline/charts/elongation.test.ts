// Dashes against markers (train4 seed 600003: hollow square markers touching in a row along the
// axis limit chained like dashes and the scatter plot was read as lines).
import { describe, expect, it } from 'vitest';
import { elongation } from '../../../src/pipeline/charts/elongation.js';
import type { Component } from '../../../src/pipeline/charts/marks.js';

const W = 100;

function piece(inside: (x: number, y: number) => boolean): Component {
  const px: number[] = [];
  for (let y = 0; y < W; y++) for (let x = 0; x < W; x++) if (inside(x, y)) px.push(y * W + x);
  const xs = px.map((i) => i % W), ys = px.map((i) => Math.floor(i / W));
  return { cluster: 0, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1], area: px.length, pixels: Int32Array.from(px) };
}

describe('elongation', () => {
  it('is about 1 for a filled disk and a hollow square', () => {
    expect(elongation(piece((x, y) => Math.hypot(x - 50, y - 50) <= 8), W)).toBeLessThan(1.1);
    const ring = piece((x, y) => Math.max(Math.abs(x - 50), Math.abs(y - 50)) <= 9 && Math.max(Math.abs(x - 50), Math.abs(y - 50)) >= 8);
    expect(elongation(ring, W)).toBeLessThan(1.1);
  });

  it('is large for a diagonal dash, although its box is square', () => {
    const dash = piece((x, y) => Math.abs(x - y) <= 1.5 && x + y >= 80 && x + y < 104);
    expect(dash.bbox[2] - dash.bbox[0]).toBe(dash.bbox[3] - dash.bbox[1]);
    expect(elongation(dash, W)).toBeGreaterThan(3);
  });
});
