// Frames drawn heavier than the letters' pen (matplotlib at 200 dpi: a 0.8 pt spine is 2 dark
// pixels with a light edge each side, 4 in all) are rules, and so are their ticks; a tinted plot
// panel (ggplot-like themes) is read as paper with a frame (train-mpl seeds 900008, 900005).
import { describe, expect, it } from 'vitest';
import { findRules, longRuleWidth } from '../../../src/pipeline/charts/marks.js';
import { findPanel, flattenPanel } from '../../../src/pipeline/charts/panel.js';
import { clusterColours, type Raster } from '../../../src/pipeline/charts/raster.js';

function picture(width: number, height: number, paint: (x: number, y: number) => [number, number, number] | undefined): Raster {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = paint(x, y);
      if (c) rgb.set(c, 3 * (y * width + x));
    }
  return { width, height, rgb };
}

const BLACK: [number, number, number] = [0, 0, 0], EDGE: [number, number, number] = [227, 227, 227];

describe('thick frames', () => {
  // A 4-px frame (edge, 2 black, edge) at x = 40..43 and y = 156..159, ticks 10 px long and 4 thick left of it at y = 50, 100.
  const frame = (x: number, y: number): [number, number, number] | undefined => {
    const band = (v: number, at: number): boolean => v >= at && v < at + 4;
    const shade = (v: number, at: number): [number, number, number] => (v === at || v === at + 3 ? EDGE : BLACK);
    if (band(x, 40) && y >= 10 && y < 160) return shade(x, 40);
    if (band(y, 156) && x >= 40 && x < 290) return shade(y, 156);
    for (const t of [50, 100]) if (band(y, t) && x >= 30 && x < 40) return shade(y, t);
    // Letters drawn with a 2-px pen: short strokes left of the ticks.
    if (x >= 10 && x < 24 && (y === 48 || y === 49 || y === 53 || y === 54)) return BLACK;
    if ((x === 10 || x === 11) && y >= 48 && y < 55) return BLACK;
    // A line of small letters under the frame (2-px strokes, the common pen width).
    if (y >= 166 && x >= 20 && x < 290 && x % 6 < 4 && [166, 167, 171, 172, 176, 177].includes(y)) return BLACK;
    return undefined;
  };
  const r = picture(300, 180, frame);

  it('measures the thickness of the long straight strokes', () => {
    const grey = new Uint8Array(r.width * r.height);
    const thick = new Uint16Array(r.width * r.height);
    for (let x = 0; x < r.width; x++) {
      let y = 0;
      while (y < r.height) {
        if (r.rgb[3 * (y * r.width + x)] === 255) {
          y++;
          continue;
        }
        let e = y;
        while (e < r.height && r.rgb[3 * (e * r.width + x)] !== 255) e++;
        for (let k = y; k < e; k++) {
          grey[k * r.width + x] = 1;
          thick[k * r.width + x] = e - y;
        }
        y = e;
      }
    }
    expect(longRuleWidth(thick, grey, r.width, r.height, 1, r.width)).toBe(4);
  });

  it('takes a frame thicker than the pen, and its ticks, as rules', () => {
    const rules = findRules(clusterColours(r), r.width, r.height, r.rgb);
    expect(rules.vertical.some((v) => v.x >= 40 && v.x <= 43)).toBe(true);
    expect(rules.horizontal.some((h) => h.y >= 156 && h.y <= 159)).toBe(true);
    // The ticks are taken out with the rules (OCR would read them as a last digit).
    expect(rules.mask[51 * r.width + 33]).toBe(1);
    expect(rules.mask[101 * r.width + 35]).toBe(1);
  });
});

describe('tinted plot panels', () => {
  const TINT: [number, number, number] = [234, 234, 242], BAR: [number, number, number] = [31, 119, 180];
  // A grey-blue panel (50..250 × 20..150) with white gridlines every 30 px and a bar standing on its bottom edge.
  const tinted = picture(300, 180, (x, y) => {
    if (x < 50 || x > 250 || y < 20 || y > 150) return undefined;
    if (x >= 100 && x < 130 && y >= 60) return BAR;
    if ((y - 20) % 30 === 15) return undefined;
    return TINT;
  });

  it('finds the panel and paints it as paper with a frame just outside', () => {
    const panel = findPanel(tinted)!;
    expect(panel.box).toEqual([50, 20, 250, 150]);
    const flat = flattenPanel(tinted);
    const at = (x: number, y: number): number[] => [...flat.rgb.subarray(3 * (y * flat.width + x), 3 * (y * flat.width + x) + 3)];
    expect(at(70, 40)).toEqual([255, 255, 255]);
    expect(at(110, 100)).toEqual(BAR);
    expect(at(49, 80)).toEqual([128, 128, 128]);
    expect(at(70, 151)).toEqual([128, 128, 128]);
    // Under the bar the frame is drawn only where paper shows.
    expect(at(110, 151)).toEqual([128, 128, 128]);
  });

  it('reads a white panel on grey paper in the lighter colour', () => {
    const classic = picture(300, 180, (x, y) => (x < 50 || x > 250 || y < 20 || y > 150 ? [191, 191, 191] : x >= 100 && x < 130 && y >= 60 ? BAR : undefined));
    const flat = flattenPanel(classic);
    expect([...flat.rgb.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('finds a white panel on grey paper with a white legend box just beyond its frame (train-mpl6 5900036 read as a line chart)', () => {
    // The classic look: black frame round the panel (50..250), a white legend 4 px to its right.
    const classic = picture(300, 180, (x, y) => {
      if (x >= 255 && x <= 290 && y >= 24 && y <= 50) return x === 255 || x === 290 || y === 24 || y === 50 ? [0, 0, 0] : undefined;
      if (x < 50 || x > 250 || y < 20 || y > 150) return [191, 191, 191];
      if (x === 50 || x === 250 || y === 20 || y === 150) return [0, 0, 0];
      // Bars standing on the bottom edge hide most of it.
      return x >= 61 && (x - 61) % 40 < 26 && y >= 60 ? BAR : undefined;
    });
    expect(findPanel(classic)).toBeDefined();
    expect([...flattenPanel(classic).rgb.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('leaves plain charts and pictures without a large tint alone', () => {
    const plain = picture(300, 180, (x, y) => (x >= 100 && x < 130 && y >= 60 && y < 150 ? BAR : undefined));
    expect(findPanel(plain)).toBeUndefined();
    expect(flattenPanel(plain)).toBe(plain);
    // A dark or vivid large area (a big bar) is a mark, not a panel.
    const big = picture(300, 180, (x, y) => (x >= 40 && x < 260 && y >= 20 && y < 160 ? BAR : undefined));
    expect(findPanel(big)).toBeUndefined();
    // Light grey stacked segments of different heights: pale, large, but touching their box's top and sides only here and there.
    const pale = picture(300, 180, (x, y) => (x >= 40 && x < 260 && (x - 40) % 40 < 30 && y >= 40 + ((x - 40) % 80 < 40 ? 0 : 50) && y < 160 ? TINT : undefined));
    expect(findPanel(pale)).toBeUndefined();
  });
});
