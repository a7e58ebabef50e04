// Issue 15ab (eval/qa-real training splits): "Which table shows X?" is answered by the table's
// label, "What is the source of the X table?" by the "Source:" line printed under that table.
import { describe, expect, it } from 'vitest';
import { captionAbove, referenceAsked, referenceIn, sourceAsked, sourceOf } from '../../../src/providers/answer/table-references.js';
import { NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { askLines } from './ask-lines.js';

describe('which table or figure a question asks for', () => {
  it('reads the kind of display asked', () => {
    expect(referenceAsked('Which table shows Campylobacter in fresh bovine meat?')).toBe('table');
    expect(referenceAsked('In which figure are the CDS spreads plotted?')).toBe('figure');
    expect(referenceAsked('What chart shows sales?')).toBe('figure');
    expect(referenceAsked('Which retailer had the highest share?')).toBeNull();
    expect(referenceAsked('How many tables are there?')).toBeNull();
  });
  it('finds a label of the asked kind only', () => {
    expect(referenceIn('table', 'Data from 2007 show low occurrences at retail (Table CA8).')).toBe('Table CA8');
    expect(referenceIn('table', 'Table 8.12 - Own brand shares for leading retailers, 1996')).toBe('Table 8.12');
    expect(referenceIn('figure', 'Fig. 3b Monthly output')).toBe('Fig. 3b');
    expect(referenceIn('table', 'Figure 4. Diagram of the framework')).toBeNull();
    expect(referenceIn('table', 'The table below lists the reasons.')).toBeNull();
  });
});

describe('the source of a table', () => {
  it('reads source questions and source lines', () => {
    expect(sourceAsked('What is the source of the allocation table?')).toBe(true);
    expect(sourceAsked('Where do the CDS spread figures come from?')).toBe(true);
    expect(sourceAsked('What is the main source of income?')).toBe(false);
    expect(sourceOf('Source: Bloomberg (CESR computations); data from the beginning of the quarter')).toBe('Bloomberg (CESR computations)');
    expect(sourceOf('Sources: LSA, 1998.')).toBe('LSA, 1998');
    expect(sourceOf('The source of the river is in the hills.')).toBeNull();
  });
  it('a source line belongs to the caption above it that shares its column', () => {
    const page = [
      { text: 'Figure 1: Left chart', bbox: [0, 0, 100, 10] as [number, number, number, number] },
      { text: 'Figure 2: Right chart', bbox: [200, 0, 300, 10] as [number, number, number, number] },
      { text: 'Source: B', bbox: [200, 100, 260, 110] as [number, number, number, number] },
    ];
    expect(captionAbove([200, 100, 260, 110], page)).toBe('Figure 2: Right chart');
    expect(captionAbove([0, 5, 50, 8], [])).toBeNull();
  });
});

describe('the engine answers with the label or the source', () => {
  const page = [
    { text: 'Table 8.12 - Own brand shares (food only) for leading retailers, 1996', bbox: [0, 0, 400, 10] as [number, number, number, number] },
    { text: 'Franprix 28.0', bbox: [0, 20, 200, 30] as [number, number, number, number] },
    { text: 'Source: Secodip-linéaires, 1997', bbox: [0, 40, 200, 50] as [number, number, number, number] },
    { text: 'Table 8.13 - Low price items shares for supermarkets', bbox: [0, 80, 400, 90] as [number, number, number, number] },
    { text: 'Source: LSA, 1998', bbox: [0, 120, 200, 130] as [number, number, number, number] },
  ];
  it('which table', async () => {
    expect(await askLines('Which table shows the own brand shares for leading retailers?', page)).toBe('Table 8.12');
  });
  it('the source of the table the question describes', async () => {
    expect(await askLines('What is the source of the 1996 own brand shares table?', page)).toBe('Secodip-linéaires, 1997');
    expect(await askLines('What is the source of the low price items table?', page)).toBe('LSA, 1998');
  });
  it('no source line of a table the question describes: not found', async () => {
    expect(await askLines('What is the source of the employment figures?', page)).toBe(NOT_FOUND_TEXT);
  });
});
