// Telling a shape's kind from its outline (src/pipeline/flowcharts/shapes.ts `classify`) on solid
// regions drawn on a mask: a small diamond whose text runs past its side points, and round ends.
import { describe, expect, it } from 'vitest';
import { classify } from '../../../src/pipeline/flowcharts/shapes.js';
import type { Component } from '../../../src/pipeline/flowcharts/components.js';
import type { Mask } from '../../../src/pipeline/flowcharts/raster.js';

const width = 120;
const height = 80;

/** A solid region from each row's half-width about a centre column (row 0 at y = 10). */
function region(halfWidth: (y: number) => number, h: number): { c: Component; fg: Mask } {
  const data = new Uint8Array(width * height);
  const pixels: number[] = [];
  for (let y = 0; y < h; y++) {
    const half = Math.round(halfWidth(y));
    for (let x = 60 - half; x <= 60 + half; x++) {
      const p = (y + 10) * width + x;
      data[p] = 1;
      pixels.push(p);
    }
  }
  const xs = pixels.map((p) => p % width);
  return { c: { id: 1, pixels, bbox: [Math.min(...xs), 10, Math.max(...xs) + 1, 10 + h], touchesBorder: false }, fg: { width, height, data } };
}

const scale = { stroke: 2, glyph: 10 };

describe('classify', () => {
  it('a small diamond whose text fills its middle out to a band is a decision, not a terminator', () => {
    // 36 rows: the points run in straight lines for 11 rows from each end; the text's band
    // (28 pixels each side of the centre) hides the side points.
    const { c, fg } = region((y) => Math.min(28, 6 + 2 * Math.min(y, 35 - y)), 36);
    expect(classify(c, width, fg, scale)).toBe('decision');
  });

  it('round ends stay a terminator: an ellipse and a stadium', () => {
    const ellipse = region((y) => 40 * Math.sqrt(1 - ((y + 0.5 - 18) / 18) ** 2), 36);
    expect(classify(ellipse.c, width, ellipse.fg, scale)).toBe('terminator');
    const r = 15;
    const stadium = region((y) => 20 + Math.sqrt(Math.max(0, r * r - (y + 0.5 - r) ** 2)), 2 * r);
    expect(classify(stadium.c, width, stadium.fg, scale)).toBe('terminator');
  });
});
