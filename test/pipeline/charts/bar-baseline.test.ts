// The baseline of stacked bars: where two segments meet, two ends coincide, and such junctions can
// outnumber the bars' common start (seed 400179 of train3: three stacks, two of their junctions
// a pixel apart, the axis's zero a few pixels off the start).
import { describe, expect, it } from 'vitest';
import { baseline, type Bar } from '../../../src/pipeline/charts/bars.js';

const seg = (series: number, u0: number, v0: number, v1: number): Bar => ({ series, u0, u1: u0 + 150, v0, v1 });

describe('bar baseline', () => {
  it('is the stacks’ free start, not the junctions of their segments', () => {
    const bars = [seg(1, 42, 116, 278), seg(1, 217, 116, 260), seg(1, 392, 116, 262), seg(0, 42, 278, 506), seg(0, 217, 261, 326), seg(0, 392, 263, 495)];
    expect(baseline(bars, undefined)).toBe(116);
    // An axis zero a few pixels off (a label taken at its centre) does not change it.
    expect(baseline(bars, 119.7)).toBe(116);
  });

  it('is still the common end of side-by-side bars', () => {
    const bars = [seg(0, 0, 40, 300), seg(0, 200, 120, 300), seg(0, 400, 10, 301)];
    expect(baseline(bars, undefined)).toBe(300);
  });
});
