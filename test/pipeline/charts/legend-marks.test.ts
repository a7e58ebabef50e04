// Issue 13m: legend entries whose swatch merged with the data drawn under it (found from the
// layout of the legend column), marks that are not data (outside the plot frame, gridline stubs,
// anti-aliased crumbs), markers centred on the frame, and bar groups beside garbled labels.
import { describe, expect, it } from 'vitest';
import { completeLegendColumns, coveringColour } from '../../../src/pipeline/charts/legend-column.js';
import { closedFrame, crumbs, outsideFrame, thinStrokeShare } from '../../../src/pipeline/charts/mark-filters.js';
import type { Component, LegendEntry, Rules } from '../../../src/pipeline/charts/marks.js';
import { barsOf, type BarView } from '../../../src/pipeline/charts/bars.js';
import { joinSpacing } from '../../../src/pipeline/charts/read-bars.js';
import { inside } from '../../../src/pipeline/charts/scene.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox, value: number | null = null): Phrase => ({ text, bbox, words: [], value, percent: false });
const comp = (cluster: number, bbox: BBox, area = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1])): Component => ({ cluster, bbox, area, pixels: new Int32Array(0) });

function grid(width: number, height: number, paint: [number, BBox][]): { width: number; height: number; label: Int16Array } {
  const label = new Int16Array(width * height).fill(-1);
  for (const [k, b] of paint) for (let y = b[1]; y < b[3]; y++) for (let x = b[0]; x < b[2]; x++) label[y * width + x] = k;
  return { width, height, label };
}

describe('legend column completion', () => {
  // Entry "Budget" (cluster 0) found by its swatch; "Team C" one line below has its swatch drawn
  // over a bar of its own colour (cluster 1), so the two are one component.
  const budget = phrase('Budget', [116, 19, 160, 33]);
  const known: LegendEntry[] = [{ cluster: 0, name: 'Budget', phrase: budget, swatch: [100, 20, 112, 32] }];
  const g = grid(300, 120, [
    [0, [100, 20, 112, 32]],
    [1, [60, 36, 200, 80]],
  ]);

  it('names the colour under the swatch spot of an aligned word below', () => {
    const team = phrase('Team C', [116, 39, 165, 53]);
    const out = completeLegendColumns(known, [budget, team], 12, g, new Set([0, 1]), new Set());
    expect(out.map((e) => [e.cluster, e.name])).toEqual([
      [0, 'Budget'],
      [1, 'Team C'],
    ]);
    expect(out[1]!.swatch).toEqual([100, 40, 112, 52]);
  });

  it('takes numbers as names there (a legend of years)', () => {
    const out = completeLegendColumns(known, [budget, phrase('2023', [116, 39, 150, 53], 2023)], 12, g, new Set([0, 1]), new Set());
    expect(out.map((e) => e.name)).toEqual(['Budget', '2023']);
  });

  it('leaves words out of the column, axis labels, and spots without one series colour', () => {
    const misaligned = phrase('Team C', [140, 39, 190, 53]);
    const axis = phrase('Team C', [116, 39, 165, 53]);
    expect(completeLegendColumns(known, [budget, misaligned], 12, g, new Set([0, 1]), new Set())).toHaveLength(1);
    expect(completeLegendColumns(known, [budget, axis], 12, g, new Set([0, 1]), new Set([axis]))).toHaveLength(1);
    const far = phrase('Team C', [116, 90, 165, 104]);
    expect(completeLegendColumns(known, [budget, far], 12, g, new Set([0, 1]), new Set())).toHaveLength(1);
    // A grey that is no series colour covers the spot.
    expect(completeLegendColumns(known, [budget, phrase('Team C', [116, 39, 165, 53])], 12, g, new Set([0]), new Set())).toHaveLength(1);
  });

  it('reads the colour covering the spot: a fill, a ring, not a spot split between two colours', () => {
    expect(coveringColour(g, [100, 40, 112, 52], new Set([0, 1]))).toBe(1);
    expect(coveringColour(g, [250, 40, 262, 52], new Set([0, 1]))).toBeUndefined();
    const ring = grid(40, 40, [
      [2, [10, 10, 22, 12]],
      [2, [10, 20, 22, 22]],
      [2, [10, 10, 12, 22]],
      [2, [20, 10, 22, 22]],
    ]);
    expect(coveringColour(ring, [10, 10, 22, 22], new Set([2]))).toBe(2);
    const split = grid(40, 40, [
      [0, [10, 10, 16, 22]],
      [1, [16, 10, 22, 22]],
    ]);
    expect(coveringColour(split, [10, 10, 22, 22], new Set([0, 1]))).toBeUndefined();
  });
});

describe('marks that are not data', () => {
  it('drops pieces wholly outside the plot frame, keeps pieces touching it', () => {
    const frame: BBox = [50, 20, 400, 300];
    expect(outsideFrame(comp(0, [60, 310, 80, 330]), frame)).toBe(true);
    expect(outsideFrame(comp(0, [10, 100, 30, 120]), frame)).toBe(true);
    expect(outsideFrame(comp(0, [60, 290, 80, 330]), frame)).toBe(false);
    expect(outsideFrame(comp(0, [100, 15, 110, 25]), frame)).toBe(false);
  });

  it('trusts a frame of a box or grid, not two axes alone', () => {
    const rules = (hy: number[], vx: number[]): Rules => ({ mask: new Uint8Array(0), horizontal: hy.map((y) => ({ y, x0: 50, x1: 400 })), vertical: vx.map((x) => ({ x, y0: 20, y1: 300 })) });
    expect(closedFrame(rules([20, 300], [50, 400]))).toBe(true);
    expect(closedFrame(rules([20, 100, 200, 300], [50, 51]))).toBe(false);
    expect(closedFrame(rules([299, 300, 301], [50, 150, 250]))).toBe(false);
  });

  it('sees gridline stubs as thin strokes, grey data as not', () => {
    expect(thinStrokeShare([comp(0, [100, 50, 140, 51]), comp(0, [100, 80, 101, 120]), comp(0, [200, 50, 230, 52])])).toBe(1);
    expect(thinStrokeShare([comp(0, [100, 50, 110, 60]), comp(0, [150, 70, 160, 80])])).toBe(0);
    // A slanted 2-pixel line: its box is wide and tall but mostly empty.
    expect(thinStrokeShare([comp(0, [100, 50, 200, 150], 200)])).toBe(0);
  });

  it('sees crumbs of a few pixels as no data, markers as data', () => {
    expect(crumbs([comp(0, [0, 0, 3, 1]), comp(0, [5, 5, 8, 6]), comp(0, [9, 9, 11, 11]), comp(0, [20, 20, 30, 30])], 12)).toBe(true);
    expect(crumbs([comp(0, [0, 0, 5, 5]), comp(0, [10, 10, 15, 15]), comp(0, [20, 20, 25, 25])], 12)).toBe(false);
    expect(crumbs([comp(0, [0, 0, 2, 2]), comp(0, [5, 5, 7, 7])], 12)).toBe(false);
    // A grey slice with crumbs of anti-aliased rim round it.
    expect(crumbs([comp(0, [0, 0, 100, 100], 5000), ...Array.from({ length: 20 }, (_, i) => comp(0, [i * 5, 120, i * 5 + 2, 121]))], 12)).toBe(false);
  });

  it('counts a marker centred on the frame as inside with a margin', () => {
    expect(inside([95, 45, 105, 55], [100, 51, 400, 300])).toBe(false);
    expect(inside([95, 45, 105, 55], [100, 51, 400, 300], 3)).toBe(true);
  });
});

describe('bar groups beside labels', () => {
  it('joins a group to a label no further than the groups are apart', () => {
    // Eight groups 88 px apart, two garbled labels read 600 px apart.
    const groups = Array.from({ length: 8 }, (_, i) => 100 + 88 * i);
    expect(joinSpacing([300, 900], groups)).toBe(88);
    expect(joinSpacing([100, 150, 200], [100, 200])).toBe(50);
    expect(joinSpacing([100], [100])).toBe(Infinity);
  });
});

describe('bar slivers', () => {
  it('drops the slivers value labels in the series colour leave, however many', () => {
    // Two bars 36 wide (u 10..46, 100..136) and six 2-wide slivers of label glyphs.
    const cols = new Map<number, [number, number]>();
    for (let u = 10; u < 46; u++) cols.set(u, [50, 200]);
    for (let u = 100; u < 136; u++) cols.set(u, [120, 200]);
    for (const u0 of [60, 64, 68, 150, 154, 158]) for (let u = u0; u < u0 + 2; u++) cols.set(u, [30, 34]);
    const view: BarView = { nu: 200, nv: 220, at: (u, v) => (cols.has(u) && v >= cols.get(u)![0] && v < cols.get(u)![1] ? 0 : -1), hidden: () => false };
    expect(barsOf(view, 0).map((b) => [b.u0, b.u1])).toEqual([
      [10, 46],
      [100, 136],
    ]);
  });
});
