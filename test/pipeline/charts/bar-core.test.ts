// A bar with a neighbour's thin anti-aliased rim glued to it is judged on its body.
import { describe, expect, it } from 'vitest';
import { barCore, barCores } from '../../../src/pipeline/charts/bar-core.js';
import type { Component } from '../../../src/pipeline/charts/marks.js';
import { isBarLike } from '../../../src/pipeline/charts/scene.js';

const W = 100;

function component(points: [number, number][]): Component {
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return { cluster: 0, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1], area: points.length, pixels: Int32Array.from(points.map(([x, y]) => y * W + x)) };
}

function rect(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  const out: [number, number][] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out.push([x, y]);
  return out;
}

describe('bar cores', () => {
  it('drops a one-pixel rim running up from a bar segment', () => {
    // A segment 20 wide and 20 tall at y 60..80; a rim 1 px wide up the left side to y 10.
    const c = component([...rect(10, 60, 30, 80), ...rect(10, 10, 11, 60)]);
    expect(isBarLike(c)).toBe(false);
    const core = barCore(c, W);
    expect(isBarLike(core)).toBe(true);
    expect(core.bbox).toEqual([10, 60, 30, 80]);
    expect(core.area).toBe(400);
  });

  it('keeps a thin line as it is', () => {
    // A diagonal two-pixel line has no body: it stays the line.
    const pts: [number, number][] = [];
    for (let x = 0; x < 60; x++) pts.push([x, 10 + Math.floor(x / 2)], [x, 11 + Math.floor(x / 2)]);
    const c = component(pts);
    expect(barCore(c, W)).toBe(c);
  });

  it('keeps a shape whose body is not most of its ink', () => {
    // An L of two thick arms: its core is both arms, not a rectangle.
    const c = component([...rect(10, 10, 20, 60), ...rect(20, 50, 70, 60)]);
    expect(barCore(c, W)).toBe(c);
  });
});

describe('bars joined by a rim', () => {
  it('parts two bars that a one-pixel rim along their feet joins', () => {
    // Bars 20 wide at x 10..30 and 50..70 standing on y 80; a scan's blurred axis rim, one pixel
    // high at y 80, runs from one foot to the other in the bars' grey (under the feet it stays).
    const c = component([...rect(10, 20, 30, 80), ...rect(50, 40, 70, 80), ...rect(10, 80, 70, 81)]);
    expect(isBarLike(c)).toBe(false);
    const parts = barCores(c, W);
    expect(parts).toHaveLength(2);
    expect(parts.map((p) => p.bbox).sort((a, b) => a[0] - b[0])).toEqual([
      [10, 20, 30, 81],
      [50, 40, 70, 81],
    ]);
  });

  it('keeps an L of two thick arms whole', () => {
    const c = component([...rect(10, 10, 20, 60), ...rect(20, 50, 70, 60)]);
    expect(barCores(c, W)).toEqual([c]);
  });
});

describe('bar cores of markers', () => {
  it('leaves a round marker whole', () => {
    // A filled disc 9 px across: its one-pixel tips are no rim stretching the box.
    const pts: [number, number][] = [];
    for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if ((x - 4) ** 2 + (y - 4) ** 2 <= 16) pts.push([x + 20, y + 20]);
    const c = component(pts);
    expect(barCore(c, W)).toBe(c);
  });
});
