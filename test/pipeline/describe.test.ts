// Extractive descriptions and chunks: only the page's own words, headings by size, linear time.
import { describe, expect, it } from 'vitest';
import { chunkLines } from '../../src/pipeline/chunk.js';
import { describePage, findHeadings, summarizeDocument } from '../../src/pipeline/describe.js';
import type { TextLine } from '../../src/pipeline/types.js';

const line = (text: string, y: number, height: number): TextLine => ({ text, bbox: [100, y, 100 + text.length * 8, y + height], words: [] });

describe('describePage', () => {
  it('finds headings set larger than the body text and leads with the first sentences', () => {
    const lines = [
      line('Annual Safety Report', 100, 40),
      line('Incidents fell by a third this year. Training hours doubled.', 160, 18),
      line('Every site passed its audit. The details follow below.', 190, 18),
    ];
    expect(findHeadings(lines)).toEqual(['Annual Safety Report']);
    const d = describePage(4, lines, [{ type: 'chart', label: 'Figure 2: incidents per month' }]);
    expect(d.description).toBe(
      'Page 4: Annual Safety Report. Incidents fell by a third this year. Training hours doubled. Every site passed its audit. ' +
        'The details follow below. Visual components: chart "Figure 2: incidents per month".',
    );
  });

  it('cuts long text at a sentence end, and stays fast on text without any', () => {
    const long = Array.from({ length: 40 }, (_, i) => line(`Sentence number ${i} talks about valves and pumps.`, i * 20, 12));
    const d = describePage(1, long);
    expect(d.description.length).toBeLessThanOrEqual(400);
    expect(d.description.endsWith('.')).toBe(true);
    const noStops = Array.from({ length: 5000 }, (_, i) => line(`word${i} `.repeat(20), i * 20, 12));
    // Without a sentence end the cut falls back to a word boundary; a quadratic search here hung
    // (the test's timeout is the bound: speed itself is not asserted in tests).
    expect(describePage(1, noStops).description.length).toBeLessThanOrEqual(400);
  });

  it('says so when a page has no text, and summarises a document from its pages', () => {
    expect(describePage(2, []).description).toBe('Page 2 has no readable text.');
    expect(
      summarizeDocument([
        { headings: [], description: 'Page 1 has no readable text.' },
        { headings: ['Scope', 'Results'], description: 'Page 2: Scope / Results. The plant runs two lines.' },
      ]),
    ).toBe('Covers: Scope; Results. Page 2: Scope / Results. The plant runs two lines.');
  });
});

describe('chunkLines', () => {
  it('keeps lines whole, with their boxes, near the target size', () => {
    const lines = Array.from({ length: 30 }, (_, i) => line(`Line ${i} `.padEnd(60, 'x'), i * 20, 12));
    const chunks = chunkLines(lines, 200);
    expect(chunks.every((c) => c.text.length <= 200)).toBe(true);
    expect(chunks.map((c) => c.bboxes.length).reduce((a, b) => a + b, 0)).toBe(30);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    expect(chunkLines([])).toEqual([]);
  });
});
