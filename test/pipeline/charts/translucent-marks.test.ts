// Translucent markers (0.7 opacity) over an axis line show a darker shade of their colour there;
// that shade belongs to the marker, so a hollow marker sitting on the axis stays one mark.
import { describe, expect, it } from 'vitest';
import { clusterColours, type Rgb } from '../../../src/pipeline/charts/raster.js';
import { seenThroughRule } from '../../../src/pipeline/charts/translucent.js';

const over = (c: Rgb, under: Rgb, a: number): Rgb => [a * c[0] + (1 - a) * under[0], a * c[1] + (1 - a) * under[1], a * c[2] + (1 - a) * under[2]].map(Math.round) as Rgb;

describe('a translucent mark over a rule', () => {
  const bg: Rgb = [247, 247, 247], axis: Rgb = [136, 136, 136], orange: Rgb = [255, 127, 0];

  it('takes the shade over the axis for the mark colour', () => {
    const centres = [axis, over(orange, bg, 0.7)];
    expect(seenThroughRule(over(orange, axis, 0.7), 100, centres, [4000, 3000], bg)).toBe(1);
  });

  it('takes no grey for a colour seen through a rule, nor a different hue', () => {
    const centres: Rgb[] = [axis, over(orange, bg, 0.7), [0, 0, 0]];
    expect(seenThroughRule([51, 51, 51], 100, centres, [4000, 3000, 4000], bg)).toBe(-1);
    expect(seenThroughRule([120, 150, 40], 100, centres, [4000, 3000, 4000], bg)).toBe(-1);
  });

  it('labels a ring crossing the axis line with its own colour', () => {
    const width = 200, height = 120;
    const rgb = new Uint8Array(width * height * 3).fill(247);
    const put = (x: number, y: number, c: Rgb): void => rgb.set(c, 3 * (y * width + x));
    for (let x = 0; x < width; x++) for (let y = 80; y < 82; y++) put(x, y, axis);
    // Rings of 7 px radius, 2 px stroke, some on the axis line.
    for (const [cx, cy] of [[20, 30], [50, 30], [80, 81], [110, 81], [140, 81], [170, 30], [20, 60], [80, 50]] as [number, number][])
      for (let y = cy - 8; y <= cy + 8; y++)
        for (let x = cx - 8; x <= cx + 8; x++) {
          const d = Math.hypot(x - cx, y - cy);
          if (d >= 5.5 && d <= 7.5) put(x, y, over(orange, y >= 80 && y < 82 ? axis : bg, 0.7));
        }
    const cl = clusterColours({ width, height, rgb });
    const ring = cl.label[30 * width + 20 - 6]!;
    expect(ring).toBeGreaterThanOrEqual(0);
    expect(cl.label[80 * width + 80 - 6]).toBe(ring);
    expect(cl.centres).toHaveLength(2);
  });
});
