// A translucent legend box over the data (matplotlib's framealpha 0.8) shows the marks under it as
// a lighter shade of their colour; that shade is the same series, not a phantom one.
import { describe, expect, it } from 'vitest';
import { clusterColours, type Rgb } from '../../../src/pipeline/charts/raster.js';
import { foldVeils, veilShow } from '../../../src/pipeline/charts/veil.js';

const over = (c: Rgb, under: Rgb, a: number): Rgb => [a * c[0] + (1 - a) * under[0], a * c[1] + (1 - a) * under[1], a * c[2] + (1 - a) * under[2]].map(Math.round) as Rgb;

describe('a mark seen through a legend box', () => {
  const red: Rgb = [166, 6, 40], blue: Rgb = [52, 138, 189], box: Rgb = [238, 238, 238];

  it('finds how much of the colour shows through a light grey box', () => {
    expect(veilShow(over(red, box, 0.2), red)).toBeCloseTo(0.2, 1);
    expect(veilShow(over(blue, [255, 255, 255], 0.3), blue)).toBeCloseTo(0.3, 1);
  });

  it('takes no other hue, no grey, and no dark shade for a veil', () => {
    expect(veilShow(over(blue, box, 0.2), red)).toBe(-1);
    expect(veilShow([200, 200, 200], red)).toBe(-1);
    expect(veilShow(over(red, [60, 60, 60], 0.3), red)).toBe(-1);
    expect(veilShow(over(red, box, 0.2), [60, 60, 60])).toBe(-1);
  });

  /** Bars of two colours; the top of the last one under a legend box that lets 20 % through. */
  function chart(): { width: number; height: number; rgb: Uint8Array } {
    const width = 400, height = 400;
    const rgb = new Uint8Array(width * height * 3).fill(255);
    const put = (x: number, y: number, c: Rgb): void => rgb.set(c, 3 * (y * width + x));
    [20, 80, 140, 320].forEach((x0, i) => {
      const c = i % 2 === 0 ? red : blue;
      for (let y = 30; y < 390; y++) for (let x = x0; x < x0 + 30; x++) put(x, y, x >= 310 && y < 180 ? over(c, box, 0.2) : c);
    });
    return { width, height, rgb };
  }

  it('labels the veiled part of a bar with its own colour', () => {
    const cl = clusterColours(chart());
    expect(cl.centres).toHaveLength(2);
    expect(cl.label[100 * 400 + 330]).toBeGreaterThanOrEqual(0);
    expect(cl.label[100 * 400 + 330]).toBe(cl.label[300 * 400 + 330]);
    expect(cl.label[100 * 400 + 330]).toBe(cl.label[300 * 400 + 90]);
  });

  it('keeps a light series spread over the plot as a colour of its own', () => {
    // Every bar has a pale top, as a stacked bar of a paired palette would: no legend box.
    const width = 300, height = 200;
    const rgb = new Uint8Array(width * height * 3).fill(255);
    const put = (x: number, y: number, c: Rgb): void => rgb.set(c, 3 * (y * width + x));
    for (const x0 of [20, 80, 140, 200, 250])
      for (let y = 30; y < 190; y++) for (let x = x0; x < x0 + 30; x++) put(x, y, y < 100 ? over(blue, [255, 255, 255], 0.3) : blue);
    const cl = clusterColours({ width, height, rgb });
    expect(cl.centres).toHaveLength(2);
    expect(cl.label[50 * width + 30]).not.toBe(cl.label[150 * width + 30]);
  });

  it('leaves labels alone when no centre is a veil', () => {
    const label = Int16Array.from([0, 1, -1, 1]);
    const out = foldVeils(label, new Uint8Array(12), 2, 2, [red, blue], [1, 2]);
    expect(out.centres).toHaveLength(2);
    expect([...label]).toEqual([0, 1, -1, 1]);
  });

  it('leaves a grey edge out when it folds a veiled shade into its colour', () => {
    // The shade's cluster took in a light grey frame edge as well; joined to the colour it would
    // glue the bars to the frame (a bar chart read as a line).
    const width = 20, height = 20, veiled = over(red, box, 0.2), grey: Rgb = [227, 227, 227];
    const rgb = new Uint8Array(width * height * 3).fill(255);
    const label = new Int16Array(width * height).fill(-1);
    const put = (x: number, y: number, c: Rgb, l: number): void => {
      rgb.set(c, 3 * (y * width + x));
      label[y * width + x] = l;
    };
    for (let y = 0; y < height; y++) for (let x = 0; x < 4; x++) put(x, y, red, 0);
    for (let y = 3; y < 8; y++) for (let x = 10; x < 15; x++) put(x, y, veiled, 1);
    for (let x = 8; x < 17; x++) put(x, 1, grey, 1);
    const out = foldVeils(label, rgb, width, height, [red, veiled], [80, 34]);
    expect(out.centres).toHaveLength(1);
    expect(label[5 * width + 12]).toBe(0);
    expect(label[1 * width + 12]).toBe(-2);
  });
});
