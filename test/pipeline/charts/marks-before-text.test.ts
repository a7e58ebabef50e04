// On a scan the marks' colours are clustered while the text is read, the text's pixels not left
// out: dark text adds to the greys' centres, never a series colour (chart 500025 of the scan-like
// training split: three series, their colours the same with or without the text left out).
import { describe, expect, it } from 'vitest';
import { chroma, clusterColours, copyLabelled, type ColourClusters, decodeRgb, finishClusters, inkBins, labelColours } from '../../../src/pipeline/charts/raster.js';
import { prepareScan } from '../../../src/pipeline/charts/scan.js';
import { generateChart } from '../../fixtures/chart-image.js';
import { chartScan, chartScanLook } from '../../fixtures/chart-scan.js';

describe('the marks clustered before the text is read', () => {
  it('finds a scan\'s series colours as the clustering with the text left out does', async () => {
    const seed = 500_025;
    const g = await generateChart(seed);
    const scan = await chartScan(g.png, g.width, g.density, chartScanLook(seed), seed);
    const { raster } = await prepareScan(await decodeRgb(scan.png), true);
    const bins = inkBins(raster);
    const early = clusterColours(raster, undefined, true, bins);
    // Stand-in for the text: dark, colourless pixels.
    const text = new Uint8Array(raster.width * raster.height);
    for (let i = 0; i < text.length; i++) {
      const r = raster.rgb[3 * i]!, gr = raster.rgb[3 * i + 1]!, b = raster.rgb[3 * i + 2]!;
      text[i] = Math.max(r, gr, b) < 110 && Math.max(r, gr, b) - Math.min(r, gr, b) < 30 ? 1 : 0;
    }
    const late = clusterColours(raster, text, true, bins);
    const colours = (cs: { centres: [number, number, number][] }): [number, number, number][] => cs.centres.filter((c) => chroma(c) >= 36);
    const a = colours(early), b = colours(late);
    expect(a.length).toBe(b.length);
    for (const c of b) expect(Math.min(...a.map((e) => Math.hypot(e[0] - c[0], e[1] - c[1], e[2] - c[2])))).toBeLessThan(20);
  }, 30_000);

  it('shares one labelling between the rules\' clustering and the marks\' on a scan', async () => {
    const seed = 500_005;
    const g = await generateChart(seed);
    const scan = await chartScan(g.png, g.width, g.density, chartScanLook(seed), seed);
    const { raster } = await prepareScan(await decodeRgb(scan.png), true);
    const bins = inkBins(raster);
    const labelled = labelColours(raster, undefined, bins);
    const rules = finishClusters(raster, copyLabelled(labelled), false);
    const marks = finishClusters(raster, labelled, true);
    // Deep equality over a million labels is slow: the labels are compared as bytes.
    const same = (a: ColourClusters, b: ColourClusters): void => {
      expect([a.background, a.centres, a.counts]).toEqual([b.background, b.centres, b.counts]);
      expect(Buffer.compare(Buffer.from(a.label.buffer), Buffer.from(b.label.buffer))).toBe(0);
    };
    same(rules, clusterColours(raster, undefined, false, bins));
    same(marks, clusterColours(raster, undefined, true, bins));
    expect(marks.centres.length).toBeGreaterThan(rules.centres.length); // the shades of this grey-printed chart split
  }, 30_000);
});
