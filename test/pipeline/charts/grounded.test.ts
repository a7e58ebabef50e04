// Bars stand on one baseline even where a tick mark or the axis line, drawn in the bars' own grey,
// joins some of them and moves their ends by a few pixels.
import { describe, expect, it } from 'vitest';
import { groundedShare } from '../../../src/pipeline/charts/extract.js';
import type { Component } from '../../../src/pipeline/charts/marks.js';
import type { BBox } from '../../../src/pipeline/types.js';

const comp = (bbox: BBox): Component => ({ cluster: 0, bbox, area: (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), pixels: new Int32Array(0) });

describe('bar baselines', () => {
  it('grounds horizontal bars whose left ends differ by a tick length', () => {
    const ends = [724, 267, 434, 160, 158, 688, 448, 679, 799];
    const bars = ends.map((x1, i) => comp([i % 2 ? 74 : 69, 35 + 54 * i, x1, 84 + 54 * i]));
    expect(groundedShare(bars, false)).toBeGreaterThanOrEqual(0.9);
  });

  it('does not ground small square markers scattered a few pixels apart', () => {
    const pts = [[10, 40], [14, 80], [30, 12], [55, 60], [70, 33], [90, 75]].map(([x, y]) => comp([x!, y!, x! + 6, y! + 6]));
    expect(groundedShare(pts, true)).toBeLessThan(0.6);
    expect(groundedShare(pts, false)).toBeLessThan(0.6);
  });

  it('chains stacked segments parted by their blurred outline strokes (scans)', () => {
    // Wide stacked bars: the lower segments stand on the baseline, the upper ones 5 px above them.
    const lower = [120, 80, 150, 60].map((h, i) => comp([20 + 140 * i, 300 - h, 142 + 140 * i, 300]));
    const upper = [90, 70, 40, 100].map((h, i) => comp([20 + 140 * i, 300 - [120, 80, 150, 60][i]! - 5 - h, 142 + 140 * i, 300 - [120, 80, 150, 60][i]! - 5]));
    expect(groundedShare([...lower, ...upper], true)).toBe(1);
  });

  it('keeps small markers 5 px apart unchained', () => {
    const lower = [0, 1, 2, 3].map((i) => comp([20 + 40 * i, 294, 26 + 40 * i, 300]));
    const upper = [0, 1].map((i) => comp([20 + 40 * i, 283, 26 + 40 * i, 289]));
    expect(groundedShare([...lower, ...upper], true)).toBeLessThan(0.7);
  });

  it('does not stack horizontal bars of different lengths lying a few pixels apart (scans)', () => {
    // Bars from one left axis, 5 px apart: each is its own bar, not one stacked column.
    const ends = [1166, 609, 1110, 746, 498, 724, 1314, 817, 1734, 2161, 694];
    const bars = ends.map((x1, i) => comp([330, 110 + 66 * i, x1, 171 + 66 * i]));
    expect(groundedShare(bars, true, true)).toBeLessThan(0.6);
    expect(groundedShare(bars, false, true)).toBe(1);
  });

  it('on a scan counts bars by area: small glyph fragments over them do not outvote them', () => {
    // Two stacked columns outlined (segments 4 px apart), and nine small unread-glyph pieces.
    const bars = [comp([20, 300, 220, 640]), comp([20, 644, 220, 1000]), comp([260, 400, 460, 700]), comp([260, 704, 460, 1000])];
    const glyphs = Array.from({ length: 9 }, (_, i) => comp([30 + 20 * i, 150 + 9 * (i % 3), 38 + 20 * i, 160 + 9 * (i % 3)]));
    expect(groundedShare([...bars, ...glyphs], true)).toBeLessThan(0.6);
    expect(groundedShare([...bars, ...glyphs], true, true)).toBeGreaterThan(0.95);
  });
});
