// Pieces the trimming cuts off a shape: its own sharp corners (given back) against arrowheads
// and thick line ends (left to the connector), told by their taper (issue 13ae).
import { describe, expect, it } from 'vitest';
import { cornerPieces, isCorner } from '../../../src/pipeline/flowcharts/corners.js';

const W = 60;
const H = 40;

/** A mask over W x H from a predicate; body pixels are those with x < 20. */
function mask(f: (x: number, y: number) => boolean): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (f(x, y)) m[y * W + x] = 1;
  return m;
}
const body = mask((x, y) => x < 20 && y >= 5 && y < 35);
const pixelsOf = (m: Uint8Array): number[] => [...m.keys()].filter((q) => m[q]);

describe('corner pieces', () => {
  it('a wedge meeting the body along its base and narrowing to a point is a corner', () => {
    // Base 20 px tall at x = 20, tip at x = 40.
    const wedge = mask((x, y) => x >= 20 && x < 40 && Math.abs(y - 20) <= 10 * (1 - (x - 20) / 20));
    expect(isCorner(pixelsOf(wedge), body, W, H)).toBe(true);
    expect(pixelsOf(cornerPieces(wedge, body, W, H)).length).toBe(pixelsOf(wedge).length);
  });

  it('an arrowhead meeting the body at its tip and widening away is no corner', () => {
    const head = mask((x, y) => x >= 20 && x < 40 && Math.abs(y - 20) <= 10 * ((x - 20) / 20) + 0.5);
    expect(isCorner(pixelsOf(head), body, W, H)).toBe(false);
    expect(pixelsOf(cornerPieces(head, body, W, H)).length).toBe(0);
  });

  it('a short wide head, its far barbs the farthest pixels, is no corner', () => {
    // Tip at the side (x = 20), back edge 7 px out, 13 px wide: read across the outward
    // direction (the body's centre through the tip), not towards a barb.
    const head = mask((x, y) => x >= 20 && x <= 27 && Math.abs(y - 20) <= (x - 20) * (6 / 7) + 0.5);
    expect(isCorner(pixelsOf(head), body, W, H)).toBe(false);
  });

  it('a sliver of the back edge of a head, wide and two pixels long, is no corner', () => {
    const sliver = mask((x, y) => x >= 20 && x <= 22 && Math.abs(y - 20) <= 7 - 2 * (x - 20));
    expect(isCorner(pixelsOf(sliver), body, W, H)).toBe(false);
  });

  it('a thick line end that keeps its width is no corner', () => {
    const stub = mask((x, y) => x >= 20 && x < 45 && y >= 17 && y < 24);
    expect(isCorner(pixelsOf(stub), body, W, H)).toBe(false);
  });

  it('a corner with a head on its point (narrowing, then widening again) is no corner', () => {
    const both = mask((x, y) => (x >= 20 && x < 34 && Math.abs(y - 20) <= 10 * (1 - (x - 20) / 20)) || (x >= 34 && x < 50 && Math.abs(y - 20) <= (x - 34) * 0.6 + 1));
    expect(isCorner(pixelsOf(both), body, W, H)).toBe(false);
  });
});
