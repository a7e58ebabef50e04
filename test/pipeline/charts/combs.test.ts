// Grey bars standing on an axis line of their own grey are one comb-shaped piece (train3 seed
// 400137: read as a line chart); cut at the line between them, they are bars again.
import { describe, expect, it } from 'vitest';
import { splitCombs } from '../../../src/pipeline/charts/combs.js';
import type { Component } from '../../../src/pipeline/charts/marks.js';
import { isBarLike } from '../../../src/pipeline/charts/scene.js';

const W = 100;

function piece(cells: [number, number][]): Component {
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  return { cluster: 0, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1], area: cells.length, pixels: Int32Array.from(cells.map(([x, y]) => y * W + x)) };
}

describe('combs', () => {
  it('cuts horizontal bars off the vertical axis line that joins them', () => {
    const cells: [number, number][] = [];
    for (let y = 0; y < 60; y++) cells.push([5, y]); // the axis line
    for (const [y0, len] of [[2, 60], [22, 30], [42, 80]] as const) for (let y = y0; y < y0 + 14; y++) for (let x = 6; x < 6 + len; x++) cells.push([x, y]);
    const comb = piece(cells);
    expect(isBarLike(comb)).toBe(false);
    const out = splitCombs([comb], W);
    expect(out.filter(isBarLike)).toHaveLength(3);
  });

  it('leaves a line as it is', () => {
    const cells: [number, number][] = [];
    for (let x = 0; x < 90; x++) for (const dy of [0, 1]) cells.push([x, 30 + Math.round(20 * Math.sin(x / 10)) + dy]);
    const line = piece(cells);
    expect(splitCombs([line], W)).toEqual([line]);
  });
});
