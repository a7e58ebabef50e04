// Marks as pieces: a hollow marker cut by gridlines is one marker again, the specks of another
// series' rims do not count as markers (train3 seed 400118: pale rings read as a line chart).
import { describe, expect, it } from 'vitest';
import { withoutCrumbs } from '../../../src/pipeline/charts/lines.js';
import { joinAcrossRules } from '../../../src/pipeline/charts/cut-marks.js';
import type { Component } from '../../../src/pipeline/charts/marks.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 60, H = 40;

function piece(cluster: number, cells: [number, number][]): Component {
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  const bbox: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1];
  return { cluster, bbox, area: cells.length, pixels: Int32Array.from(cells.map(([x, y]) => y * W + x)) };
}

const box = (x0: number, y0: number, x1: number, y1: number): [number, number][] => {
  const out: [number, number][] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out.push([x, y]);
  return out;
};

describe('marks cut by rules', () => {
  it('joins the arcs of a ring a vertical gridline cut, and not bars beside a gridline in their gap', () => {
    const mask = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) mask[y * W + 20] = 1; // a vertical gridline at x = 20
    for (let x = 0; x < W; x++) mask[30 * W + x] = 1; // a horizontal one at y = 30
    // A ring of 10 × 10 round (15..25, 5..15) less the gridline's column.
    const ring = box(15, 5, 25, 15).filter(([x, y]) => (x === 15 || x === 24 || y === 5 || y === 14) && x !== 20);
    const left = piece(0, ring.filter(([x]) => x < 20)), right = piece(0, ring.filter(([x]) => x > 20));
    // Two bars 2 px apart standing on y = 38, the horizontal gridline showing in their gap.
    const barA = piece(1, box(30, 20, 40, 38)), barB = piece(1, box(42, 20, 52, 38));
    for (const x of [40, 41]) mask[30 * W + x] = 1;
    const out = joinAcrossRules([left, right, barA, barB], mask, W, H);
    expect(out).toHaveLength(3);
    const joined = out.find((c) => c.cluster === 0)!;
    expect(joined.bbox).toEqual([15, 5, 25, 15]);
    expect(joined.area).toBe(ring.length);
  });

  it('keeps a stacked segment apart from a rim column across its outline (train2 seed 200104)', () => {
    const mask = new Uint8Array(W * H);
    // The segment's outline: a row from x = 9 to 30, a pixel past the fill on each side.
    for (let x = 9; x <= 30; x++) mask[20 * W + x] = 1;
    const segment = piece(0, box(10, 21, 30, 38)), rim = piece(0, box(10, 5, 11, 20));
    expect(joinAcrossRules([segment, rim], mask, W, H)).toHaveLength(2);
  });

  it('keeps apart bars whose anti-aliased gap was masked as a rule (train3 seed 400144)', () => {
    const mask = new Uint8Array(W * H);
    for (let y = 10; y < 30; y++) for (const x of [20, 21]) mask[y * W + x] = 1;
    const out = joinAcrossRules([piece(0, box(5, 10, 20, 30)), piece(0, box(22, 12, 40, 30))], mask, W, H);
    expect(out).toHaveLength(2);
  });

  it('drops the specks beside a series’ markers however many there are', () => {
    const rings = Array.from({ length: 6 }, (_, i) => piece(0, box(4 * i, 0, 4 * i + 4, 40).slice(0, 150)));
    const specks = Array.from({ length: 12 }, (_, i) => piece(0, box(i, 0, i + 1, 4)));
    const kept = withoutCrumbs([...rings, ...specks]);
    expect(kept).toHaveLength(6);
  });
});
