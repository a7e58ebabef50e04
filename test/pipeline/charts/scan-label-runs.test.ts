// Issue 13cw: on a scan OCR reads a whole row of category labels as one phrase, and a row of tick
// marks under the axis as glyphs ("I", "1") that then outnumber it; a scan's one-pixel crumb
// beside that phrase passed for its legend swatch.
import { describe, expect, it } from 'vitest';
import { splitEvenRun } from '../../../src/pipeline/charts/joined-labels.js';
import { findLegend, type Component } from '../../../src/pipeline/charts/marks.js';
import { phraseOf, type Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox, Word } from '../../../src/pipeline/types.js';

const word = (text: string, x0: number, x1: number, y0 = 852, y1 = 888): Word => ({ text, bbox: [x0, y0, x1, y1], confidence: 0.9 });
const same = (b: BBox): BBox => b;

describe('a row of labels read as one phrase (scan-like-2 matplotlib 3500011)', () => {
  // The word boxes OCR gave: within a label 17-19 px apart, between labels 27-28 px ("Q420" ran together).
  const row = phraseOf([
    word('Q1', 193, 247), word('20', 264, 312), word('Q2', 339, 392), word('20', 411, 458), word('Q3', 486, 539), word('20', 557, 605), word('Q420', 632, 751),
    word('Q1', 778, 831), word('21', 850, 896), word('Q2', 925, 978), word('21', 996, 1042), word('Q3', 1071, 1125), word('21', 1142, 1189), word('Q421', 1219, 1337),
    word('Ql', 1366, 1419), word('22', 1437, 1483), word('Q2', 1512, 1565), word('22', 1584, 1630), word('Q3', 1658, 1712), word('22', 1730, 1776),
  ]);

  it('cuts it into its eleven labels at the wider gaps, where the parts stand at even steps', () => {
    expect(splitEvenRun(row, same).map((p) => p.text)).toEqual(['Q1 20', 'Q2 20', 'Q3 20', 'Q420', 'Q1 21', 'Q2 21', 'Q3 21', 'Q421', 'Ql 22', 'Q2 22', 'Q3 22']);
  });

  it('leaves a title or a name whose parts would not stand at even steps', () => {
    const title = phraseOf([word('Revenue', 10, 120), word('by', 160, 190), word('region', 230, 330), word('and', 345, 390), word('year', 430, 500)]);
    expect(splitEvenRun(title, same)).toEqual([title]);
    const two = phraseOf([word('North', 10, 80), word('East', 110, 170)]);
    expect(splitEvenRun(two, same)).toEqual([two]);
  });
});

describe('legend swatches on a scan (scan-like-2 matplotlib 3500004)', () => {
  const comp = (cluster: number, bbox: BBox, area: number): Component => ({ cluster, bbox, area, pixels: new Int32Array(0) });
  const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: null, percent: false });
  // The joined label row under the plot and, 2 px beyond its end, an 8×1 crumb of the grey panel's edge.
  const labels = phrase('Ener gy Pears Media Travel Apples Online Metro Food Central East Legal West', [120, 854, 1434, 910]);
  const crumb = comp(0, [1436, 870, 1444, 871], 8);
  const women = [comp(3, [121, 137, 173, 143], 300), phrase('Women', [190, 131, 275, 150])] as const;

  it('takes no one-pixel stroke for a swatch on a scan', () => {
    const out = findLegend([crumb, women[0]], [labels, women[1]], 20, new Set([0, 3]), new Set(), undefined, 3);
    expect(out.map((e) => [e.cluster, e.name])).toEqual([[3, 'Women']]);
  });

  it('keeps the rendered rule (a one-pixel stroke may be a swatch there)', () => {
    const out = findLegend([crumb, women[0]], [labels, women[1]], 20, new Set([0, 3]), new Set());
    expect(out.map((e) => e.cluster).sort()).toEqual([0, 3]);
  });
});
