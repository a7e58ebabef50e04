// A line drawn to the plot's edge loses its last pixels under the frame (matplotlib's classic
// look, no margins: train-mpl seed 900001 lost its first and last values).
import { describe, expect, it } from 'vitest';
import { sampleNearEnd } from '../../../src/pipeline/charts/lines.js';

/** A trace of `n` columns traced from `from` to `to` (inclusive), rising 0.5 px a column from y = 100. */
function trace(n: number, from: number, to: number): Float64Array {
  const t = new Float64Array(n).fill(NaN);
  for (let x = from; x <= to; x++) t[x] = 100 + 0.5 * (x - from);
  return t;
}

describe('line ends under the frame', () => {
  it('carries the end segment on to a category a few columns past the end, on either side', () => {
    const t = trace(100, 10, 90);
    expect(sampleNearEnd(t, 6, 6)).toBeCloseTo(98, 5);
    expect(sampleNearEnd(t, 94, 6)).toBeCloseTo(142, 5);
  });

  it('gives nothing beyond its reach, or inside a gap with the line on both sides', () => {
    const t = trace(100, 10, 90);
    expect(sampleNearEnd(t, 2, 6)).toBeNull();
    const gap = trace(100, 10, 90);
    for (let x = 48; x <= 52; x++) gap[x] = NaN;
    expect(sampleNearEnd(gap, 50, 6)).toBeNull();
  });
});
