// Issue 13cw: a ggplot-like grey panel on a scan (scan-like-2 matplotlib 3500016) stays a pale
// grey colour cluster, which passed for a third series and made a stacked bar chart read as lines.
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/pipeline/charts/marks.js';
import type { ColourClusters, Rgb } from '../../../src/pipeline/charts/raster.js';
import { panelClusters } from '../../../src/pipeline/charts/scan-panel.js';

const W = 200, H = 150;
type Box = [number, number, number, number];

function scene(paint: (label: Int16Array) => void, centres: Rgb[]): ColourClusters {
  const label = new Int16Array(W * H).fill(-1);
  paint(label);
  const counts = centres.map((_, k) => label.filter((v) => v === k).length);
  return { background: [250, 250, 250], centres, label, counts };
}
const fill = (label: Int16Array, k: number, [x0, y0, x1, y1]: Box): void => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) label[y * W + x] = k;
};
const plot: Box = [20, 10, 190, 130];
const bars: Box[] = [[40, 60, 60, 130], [80, 30, 100, 130], [120, 80, 140, 130], [160, 50, 180, 130]];

describe('a grey plot panel on a scan', () => {
  it('is found under bars of another colour, cut by white gridlines', () => {
    const clusters = scene((label) => {
      fill(label, 0, plot);
      // White gridlines cut the panel into cells.
      for (const x of [50, 90, 130, 170]) fill(label, -1, [x, plot[1], x + 2, plot[3]]);
      for (const y of [40, 70, 100]) fill(label, -1, [plot[0], y, plot[2], y + 2]);
      for (const b of bars) fill(label, 1, b);
    }, [[224, 224, 224], [220, 74, 50]]);
    const comps = components(clusters, W, H, new Uint8Array(W * H));
    expect([...panelClusters(comps, clusters, W, plot, 26)]).toEqual([0]);
  });

  it('is not a series of pale grey bars, nor a saturated colour', () => {
    const clusters = scene((label) => {
      for (const b of bars) fill(label, 0, b);
      fill(label, 1, [22, 12, 188, 128]);
    }, [[224, 224, 224], [220, 74, 50]]);
    const comps = components(clusters, W, H, new Uint8Array(W * H));
    expect([...panelClusters(comps, clusters, W, plot, 26)]).toEqual([]);
  });
});
