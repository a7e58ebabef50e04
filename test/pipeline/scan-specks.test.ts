// Short words the recogniser is unsure of (specks, hatching, chart strokes read as "ee", "oe")
// are left out of a scan's reading (issue 22f); longer unsure words and sure short ones stay.
import { describe, expect, it } from 'vitest';
import { readScannedPage, specklike, withoutSpecks, type PageRecognizer } from '../../src/pipeline/scan/read-scan.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import type { BBox, TextLine, Word } from '../../src/pipeline/types.js';

const word = (text: string, x: number, confidence: number): Word => ({ text, bbox: [x, 100, x + 40, 120] as BBox, confidence });
const line = (...words: Word[]): TextLine => ({
  text: words.map((w) => w.text).join(' '),
  bbox: [words[0]!.bbox[0], 100, words[words.length - 1]!.bbox[2], 120],
  words,
});

describe('specklike words', () => {
  it('are short and unsure: letters and digits counted, punctuation not', () => {
    expect(specklike(word('ee', 0, 0.2))).toBe(true);
    expect(specklike(word('o-e.', 0, 0.1))).toBe(true);
    expect(specklike(word('ee', 0, 0.35))).toBe(false);
    expect(specklike(word('Segundo', 0, 0.1))).toBe(false);
    expect(specklike(word('72', 0, 0.9))).toBe(false);
  });

  it('leave their lines; a line of nothing else goes, other lines stay as they were', () => {
    const kept = line(word('Pump', 0, 0.9), word('P-101', 50, 0.9));
    const mixed = line(word('Valve', 0, 0.9), word('oe', 50, 0.1), word('V-7', 100, 0.95));
    const out = withoutSpecks([kept, mixed, line(word('ee', 0, 0.2), word('ss', 50, 0.1))]);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(kept);
    expect(out[1]!.text).toBe('Valve V-7');
    expect(out[1]!.bbox).toEqual([0, 100, 140, 120]);
  });

  it('are dropped from a scanned page read end to end', async () => {
    const img: GreyPixels = { data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 };
    const reader: PageRecognizer = {
      readPage: () => Promise.resolve([line(word('Inspection', 0, 0.93), word('ae', 60, 0.15), word('passed', 120, 0.9))]),
      readBlock: () => Promise.resolve([]),
    };
    const read = await readScannedPage(img, reader, 150);
    expect(read.lines.map((l) => l.text)).toEqual(['Inspection passed']);
  });
});
