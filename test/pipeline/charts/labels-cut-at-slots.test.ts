// Category labels set edge to edge read as one word (matplotlib years "201020112012…", train-mpl3
// seed 2900030): cut at the categories' slots where those stand at even steps.
import { describe, expect, it } from 'vitest';
import { cutAtSlots } from '../../../src/pipeline/charts/joined-labels.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

function phrase(...words: [string, number, number][]): Phrase {
  const ws = words.map(([text, x0, x1]) => ({ text, bbox: [x0, 100, x1, 112] as BBox, confidence: 0.9 }));
  return { text: words.map((w) => w[0]).join(' '), bbox: [ws[0]!.bbox[0], 100, ws[ws.length - 1]!.bbox[2], 112], words: ws, value: null, percent: false };
}
const same = (b: BBox): BBox => b;
const turned = (b: BBox): BBox => [b[1], b[0], b[3], b[2]];

describe('cutAtSlots', () => {
  it('cuts one word over three slots into three labels', () => {
    // Three four-digit years, 40 px each, centred on slots 20, 60, 100.
    const cut = cutAtSlots([phrase(['201020112012', 0, 120])], [20, 60, 100], same);
    expect(cut.map((p) => p.text)).toEqual(['2010', '2011', '2012']);
    expect(cut[1]!.bbox[0]).toBeCloseTo(40, 5);
    expect(cut[1]!.bbox[2]).toBeCloseTo(80, 5);
  });

  it('keeps words whole where they fall to one slot', () => {
    const cut = cutAtSlots([phrase(['Alpha', 0, 38], ['Food', 44, 76]), phrase(['Ops', 90, 110])], [20, 60, 100], same);
    expect(cut.map((p) => p.text)).toEqual(['Alpha', 'Food', 'Ops']);
  });

  it('leaves a label over bars of one group (uneven slots) alone', () => {
    // Two bars per category, 10 px apart inside a group, 40 px between groups.
    const row = [phrase(['Pears', 0, 30]), phrase(['Media', 50, 80])];
    expect(cutAtSlots(row, [10, 20, 60, 70], same).map((p) => p.text)).toEqual(['Pears', 'Media']);
  });

  it('cuts along a turned row (horizontal bars) and gives boxes back in picture coordinates', () => {
    // The row runs down y; toView swaps the axes.
    const ws = [{ text: 'JanFeb', bbox: [5, 0, 25, 60] as BBox, confidence: 0.9 }];
    const p: Phrase = { text: 'JanFeb', bbox: [5, 0, 25, 60], words: ws, value: null, percent: false };
    const cut = cutAtSlots([p], [15, 45], turned);
    expect(cut.map((c) => c.text)).toEqual(['Jan', 'Feb']);
    expect(cut[1]!.bbox).toEqual([5, 30, 25, 60]);
  });
});
