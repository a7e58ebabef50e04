// A legend swatch that OCR read into the name beside it ("fj Budget"): the swatch is named by the
// words clear of it, not handed to the next swatch along the row.
import { describe, expect, it } from 'vitest';
import { findLegend, swatchRun, type Component } from '../../../src/pipeline/charts/marks.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox, Word } from '../../../src/pipeline/types.js';

const comp = (cluster: number, bbox: BBox): Component => ({ cluster, bbox, area: (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), pixels: new Int32Array(0) });
const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9 });
const phraseOf = (ws: Word[]): Phrase => ({
  text: ws.map((w) => w.text).join(' '),
  bbox: [Math.min(...ws.map((w) => w.bbox[0])), Math.min(...ws.map((w) => w.bbox[1])), Math.max(...ws.map((w) => w.bbox[2])), Math.max(...ws.map((w) => w.bbox[3]))],
  words: ws,
  value: null,
  percent: false,
});

describe('legend row', () => {
  it('names a swatch read into its word by the rest of the phrase', () => {
    const comps = [comp(0, [100, 20, 112, 32]), comp(1, [185, 20, 197, 32]), comp(2, [260, 20, 272, 32])];
    const ps = [phraseOf([word('fj', [100, 19, 112, 33]), word('Budget', [116, 19, 160, 33])]), phraseOf([word('Men', [200, 19, 225, 33])]), phraseOf([word('Team', [275, 19, 305, 33]), word('C', [309, 19, 318, 33])])];
    const legend = findLegend(comps, ps, 12, new Set([0, 1, 2]), new Set(), [0, 60, 400, 300]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, 'Budget'], [1, 'Men'], [2, 'Team C']]);
  });
});

describe('numbers as series names', () => {
  it('does not name a series by a tick label beside a point cut by the frame', () => {
    // Plot frame [76, 74, 972, 544]; an orange point at the bottom limit pokes out below it beside the
    // y axis's "0"; the legend above the plot reads "2023" [swatch] "2024" [swatch].
    const comps = [comp(0, [79, 545, 86, 548]), comp(0, [490, 12, 497, 19]), comp(1, [587, 12, 594, 19])];
    const label = (text: string, bbox: BBox): Phrase => ({ ...phraseOf([word(text, bbox)]), value: Number(text) });
    const ps = [label('0', [59, 539, 67, 550]), label('2023', [428, 10, 463, 22]), label('2024', [525, 10, 560, 22])];
    const legend = findLegend(comps, ps, 11.5, new Set([0, 1]), new Set(), [76, 74, 972, 544]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, '2023'], [1, '2024']]);
  });
});

describe('swatch rims', () => {
  it("does not take a dark swatch's rim, fallen into the light colour of its pair, for the light swatch", () => {
    // Legend row: light green swatch "Men", dark green swatch "Online"; the dark swatch's top edge
    // (1 px) was labelled light green.
    const comps = [comp(3, [386, 804, 404, 823]), comp(3, [488, 804, 506, 805]), comp(0, [488, 805, 506, 822])];
    const ps = [phraseOf([word('Men', [412, 806, 446, 821])]), phraseOf([word('Online', [512, 806, 570, 821])])];
    const legend = findLegend(comps, ps, 15, new Set([0, 3]), new Set(), [80, 20, 1500, 760]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, 'Online'], [3, 'Men']]);
  });
});

describe('a column of hollow swatches', () => {
  it('names the column swatch before a data point on the other side of the name', () => {
    // Rings (hollow markers) in a legend column at x 123..147; a light-blue data point sits just
    // right of "Online", nearer the text than the dark-blue swatch on its left.
    const ring = (cluster: number, bbox: BBox): Component => ({ ...comp(cluster, bbox), area: 186 });
    const comps = [ring(4, [123, 93, 147, 117]), ring(2, [123, 135, 147, 159]), ring(3, [123, 177, 147, 201]), { ...comp(2, [233, 104, 248, 119]), area: 129 }];
    const ps = [phraseOf([word('Online', [156, 96, 220, 112])]), phraseOf([word('Forecast', [156, 138, 240, 154])]), phraseOf([word('Budget', [156, 180, 215, 196])])];
    const legend = findLegend(comps, ps, 14, new Set([2, 3, 4]), new Set(), [85, 55, 605, 575]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[2, 'Forecast'], [3, 'Budget'], [4, 'Online']]);
  });

  it('names a swatch read into a number beside it outside the plot ("B 2023")', () => {
    const comps = [comp(0, [94, 40, 105, 51]), comp(1, [193, 40, 204, 51]), comp(2, [263, 40, 274, 51])];
    const ps = [phraseOf([word('B', [91, 37, 106, 53]), word('2023', [112, 37, 156, 53])]), phraseOf([word('Q1', [212, 37, 234, 53])]), phraseOf([word('Budget', [285, 37, 347, 55])])];
    const legend = findLegend(comps, ps, 14, new Set([0, 1, 2]), new Set(), [90, 80, 830, 640]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, '2023'], [1, 'Q1'], [2, 'Budget']]);
  });
});

describe('a see-through legend over a line', () => {
  it('names the swatches of the legend column before a line piece showing through beside a name', () => {
    // Line swatches at x 120..180 beside names at x 200; the green series (1) passes behind the box
    // beside "Stores" (a short piece at x 186..194), nearer the name than the blue swatch.
    const comps = [comp(0, [120, 64, 180, 67]), comp(1, [186, 60, 194, 70]), comp(1, [120, 104, 180, 107]), comp(2, [120, 144, 180, 148])];
    const ps = [phraseOf([word('Stores', [200, 56, 294, 76])]), phraseOf([word('Online', [200, 96, 294, 116])]), phraseOf([word('Q2', [200, 136, 228, 159])])];
    const legend = findLegend(comps, ps, 20, new Set([0, 1, 2]), new Set(), [100, 30, 1100, 540]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, 'Stores'], [1, 'Online'], [2, 'Q2']]);
  });
});

describe('scan crumbs', () => {
  it('names no series by a value label beside a speck, even where specks of three colours line up', () => {
    // th 26: specks 3×8 px of clusters 1, 2, 3 at one left edge, each beside a number, inside the plot.
    const comps = [comp(1, [563, 300, 566, 308]), comp(2, [563, 400, 566, 408]), comp(3, [563, 500, 566, 508])];
    const num = (text: string, y: number): Phrase => ({ ...phraseOf([word(text, [580, y - 4, 610, y + 12])]), value: Number(text) });
    const legend = findLegend(comps, [num('41', 304), num('13', 404), num('7', 504)], 26, new Set([1, 2, 3]), new Set(), [100, 50, 1500, 800], 3);
    expect(legend).toEqual([]);
  });
});

describe('a swatch of three markers', () => {
  it('widens the swatch over the markers in line with it, so that none reads as a data point', () => {
    // matplotlib's classic scatter legend: three markers (18 px) at slightly different heights left of "Team A";
    // a data point of the same colour farther off stays data.
    const m = (bbox: BBox): Component => ({ ...comp(3, bbox), area: 250 });
    const comps = [m([210, 132, 227, 150]), m([235, 129, 253, 146]), m([260, 133, 278, 151]), m([330, 300, 348, 318])];
    const legend = findLegend(comps, [phraseOf([word('Team', [310, 125, 394, 152]), word('A', [418, 125, 440, 152])])], 31, new Set([3]), new Set(), [174, 90, 1324, 775]);
    expect(legend).toHaveLength(1);
    expect(legend[0]!.swatch).toEqual([210, 129, 278, 151]);
    expect(swatchRun(comps[3]!, comps, true)).toEqual([330, 300, 348, 318]);
  });
});
