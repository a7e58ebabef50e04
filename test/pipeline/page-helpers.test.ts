// Pure parts of the page helpers: polygon rules and point tests, row order, and template
// matching's coarse-to-fine shortcut giving exactly the full-resolution search's matches.
import { describe, expect, it } from 'vitest';
import { containsPoint, polygonProblem, rowOrder, type Point } from '../../src/pipeline/page-helpers/polygon.js';
import { matchTemplate, suppress } from '../../src/pipeline/page-helpers/template-match.js';
import type { BBox } from '../../src/pipeline/types.js';
import { decodeGrey } from '../../src/providers/ocr/raster.js';
import { symbolPage } from '../fixtures/symbol-page.js';

describe('polygons', () => {
  it('accepts simple polygons and names what is wrong with the others', () => {
    expect(polygonProblem([[0, 0], [10, 0], [10, 10], [0, 10]])).toBeUndefined();
    expect(polygonProblem([[0, 0], [10, 0], [5, 3], [10, 10], [0, 10]])).toBeUndefined(); // concave
    expect(polygonProblem([[0, 0], [10, 10]])).toMatch(/at least 3/);
    expect(polygonProblem([[0, 0], [10, 10], [10, 0], [0, 10]])).toMatch(/intersects itself/);
    expect(polygonProblem([[0, 0], [5, 5], [10, 10]])).toMatch(/overlap|no area/);
    expect(polygonProblem([[0, 0], [0, 0], [10, 10]])).toMatch(/same point/);
    expect(polygonProblem([[0, 0], [10, 0], [10, 10], [5, 0], [0, 10]])).toMatch(/intersects itself/); // touches an edge
  });

  it('tests points inside, outside and on the boundary', () => {
    const l: Point[] = [[0, 0], [10, 0], [10, 4], [4, 4], [4, 10], [0, 10]];
    expect(containsPoint(l, [2, 8])).toBe(true);
    expect(containsPoint(l, [8, 8])).toBe(false);
    expect(containsPoint(l, [10, 2])).toBe(true);
    expect(containsPoint(l, [-1, 5])).toBe(false);
  });

  it('orders boxes top-to-bottom, then left-to-right within a row', () => {
    const boxes: BBox[] = [[300, 102, 400, 120], [10, 100, 100, 121], [10, 50, 90, 70], [150, 98, 250, 118]];
    expect(rowOrder(boxes)).toEqual([2, 1, 3, 0]);
  });
});

describe('template matching', () => {
  it('keeps the best of overlapping matches and reports truncation', () => {
    const m = (bbox: BBox, score: number) => ({ bbox, score, scale: 1, rotation: 0 as const });
    const out = suppress([m([0, 0, 10, 10], 0.9), m([1, 1, 11, 11], 0.95), m([50, 50, 60, 60], 0.85), m([80, 80, 90, 90], 0.8)], 0.3, 2);
    expect(out.matches.map((x) => x.score)).toEqual([0.95, 0.85]);
    expect(out.truncated).toBe(true);
  });

  it('finds the same matches coarse-to-fine as at full resolution', async () => {
    const page = await symbolPage(11);
    const img = await decodeGrey(page.png);
    for (const threshold of [0.8, 0.6]) {
      for (const s of [page.symbols[0]!, page.symbols[7]!, page.symbols[12]!]) {
        const opts = { threshold, maxResults: 100, scales: [1], rotations: [0 as const], nmsIou: 0.3 };
        const fast = await matchTemplate(img, s.bbox, opts);
        const full = await matchTemplate(img, s.bbox, { ...opts, exhaustive: true });
        // Equal scores (the exact copies) may come in another order: compare by place.
        const byPlace = (ms: typeof fast.matches) => [...ms].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
        expect(byPlace(fast.matches).map((x) => x.bbox)).toEqual(byPlace(full.matches).map((x) => x.bbox));
        byPlace(fast.matches).forEach((x, i) => expect(x.score).toBeCloseTo(byPlace(full.matches)[i]!.score, 4));
        expect(full.matches.filter((x) => x.score > 0.99)).toHaveLength(5);
      }
    }
  });
});
