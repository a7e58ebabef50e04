// Two category labels read as one phrase (train4 seeds 600084 "Gamma Export", 600086 "Gamma Omega").
import { describe, expect, it } from 'vitest';
import { splitJoinedLabels } from '../../../src/pipeline/charts/joined-labels.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

function phrase(...words: [string, number, number][]): Phrase {
  const ws = words.map(([text, x0, x1]) => ({ text, bbox: [x0, 100, x1, 112] as BBox, confidence: 0.9 }));
  return { text: words.map((w) => w[0]).join(' '), bbox: [ws[0]!.bbox[0], 100, ws[ws.length - 1]!.bbox[2], 112], words: ws, value: null, percent: false };
}
const same = (b: BBox): BBox => b;

describe('splitJoinedLabels', () => {
  it('cuts a phrase whose words sit a step apart', () => {
    const row = [phrase(['Travel', 10, 40]), phrase(['Ops', 70, 90]), phrase(['Gamma', 115, 145], ['Export', 163, 197]), phrase(['Media', 215, 245])];
    expect(splitJoinedLabels(row, same).map((p) => p.text)).toEqual(['Travel', 'Ops', 'Gamma', 'Export', 'Media']);
  });

  it('cuts three labels run together into three', () => {
    const row = [phrase(['South', 10, 40]), phrase(['Apples', 55, 95], ['Gamma', 107, 143], ['Central', 155, 195]), phrase(['Media', 210, 240]), phrase(['Legal', 262, 288]), phrase(['Health', 305, 345])];
    expect(splitJoinedLabels(row, same).map((p) => p.text)).toEqual(['South', 'Apples', 'Gamma', 'Central', 'Media', 'Legal', 'Health']);
  });

  it('keeps the words of one label together', () => {
    const row = [phrase(['Q1', 10, 24], ['20', 28, 40]), phrase(['Q2', 70, 84], ['20', 88, 100]), phrase(['Q3', 130, 144], ['20', 148, 160])];
    expect(splitJoinedLabels(row, same).map((p) => p.text)).toEqual(['Q1 20', 'Q2 20', 'Q3 20']);
  });
});
