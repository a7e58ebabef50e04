// Issue 13v: a line chart's category labels lie below the axis line and below the marks in their
// own columns; a line that dips to the axis at one category must not shut out the others' labels.
import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/pipeline/charts/marks.js';
import { belowMarks } from '../../../src/pipeline/charts/read-marks.js';
import type { BBox } from '../../../src/pipeline/types.js';

const width = 200;
/** A component of the pixels (x, y) listed. */
function piece(cluster: number, pts: [number, number][]): Component {
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  return { cluster, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1], area: pts.length, pixels: Int32Array.from(pts.map(([x, y]) => y * width + x)) };
}

describe('category labels under a line', () => {
  // A line near y = 50 that dips to y = 108 at x = 150, below the axis line at y = 100.
  const pts: [number, number][] = [];
  for (let x = 10; x < 190; x++) pts.push([x, x >= 145 && x <= 155 ? 108 : 50]);
  const marks = new Map([[0, [piece(0, pts)]]]);
  const ruled: BBox = [5, 10, 195, 100];
  const lowest = 109;

  it('takes a label below the axis where the line stays high, though the dip reaches lower', () => {
    expect(belowMarks({ marks, ruled, yAxis: undefined, width }, [20, 104, 40, 114], lowest)).toBe(true);
  });

  it('leaves out a label the dip reaches below in its own columns, and one above the axis line', () => {
    expect(belowMarks({ marks, ruled, yAxis: undefined, width }, [140, 104, 160, 114], lowest)).toBe(false);
    expect(belowMarks({ marks, ruled, yAxis: undefined, width }, [20, 80, 40, 90], lowest)).toBe(false);
  });

  it('without an axis line or a value axis, asks for a label below every mark', () => {
    expect(belowMarks({ marks, ruled: undefined, yAxis: undefined, width }, [20, 104, 40, 114], lowest)).toBe(false);
    expect(belowMarks({ marks, ruled: undefined, yAxis: undefined, width }, [20, 110, 40, 120], lowest)).toBe(true);
  });
});
