import { describe, expect, it } from 'vitest';
import { withoutRimTraces } from '../../../src/pipeline/charts/line-rims.js';

/** A trace over `width` columns from `f`, NaN outside [from, to). */
const trace = (width: number, f: (x: number) => number, from = 0, to = width): Float64Array => Float64Array.from({ length: width }, (_, x) => (x >= from && x < to ? f(x) : NaN));

describe('withoutRimTraces', () => {
  const zig = (x: number): number => 100 + ((x % 80) < 40 ? 3 * (x % 40) : 120 - 3 * (x % 40));
  const none = (): boolean => false;

  it('drops a trace that follows a fuller one everywhere (a line and its blurred rim)', () => {
    const traces = new Map([
      [0, trace(400, zig)],
      [1, trace(400, (x) => zig(x + 1) + 1)],
    ]);
    expect(withoutRimTraces([0, 1], traces, (k) => (k === 0 ? 900 : 300), none, 4)).toEqual([0]);
  });

  it('keeps two series that only cross', () => {
    const traces = new Map([
      [0, trace(400, (x) => 100 + 0.2 * x)],
      [1, trace(400, (x) => 180 - 0.2 * x)],
    ]);
    expect(withoutRimTraces([0, 1], traces, () => 500, none, 4)).toEqual([0, 1]);
  });

  it('keeps the series the legend names, whatever its size', () => {
    const traces = new Map([
      [0, trace(400, zig)],
      [1, trace(400, zig)],
    ]);
    expect(withoutRimTraces([0, 1], traces, (k) => (k === 0 ? 900 : 300), (k) => k === 1, 4)).toEqual([1]);
  });
});
