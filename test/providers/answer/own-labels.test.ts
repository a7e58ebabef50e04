// Table values that tie on support (their caption says every asked word for each) are told apart
// by their own row and column labels. Made-up tables, not from the evaluation sets.
import { describe, expect, it } from 'vitest';
import { passageOf } from '../../../src/qa/answering.js';
import { ExtractiveEngine } from '../../../src/providers/answer/extractive.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { byOwnLabels, ownLabelWords, tieByOwnLabels } from '../../../src/providers/answer/own-labels.js';
import { TABLE_CHUNK_KIND } from '../../../src/search/component-chunks.js';

async function askTable(question: string, chunks: string[]): Promise<string> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = [];
  for (const text of chunks) {
    const passage = passageOf({ documentId: 'd', pageNumber: 1, kind: TABLE_CHUNK_KIND, text, bboxes: [] }, new Map());
    evidences.push(...(await engine.read(question, plan, passage)).value);
  }
  return (await engine.answer(question, evidences.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}

describe('own labels', () => {
  it('counts the question words each label of a value says, each label once, none for a run-together reading', () => {
    const terms = matchTerms('What share did national brands have in 1991?', []);
    expect(ownLabelWords(terms, 'National Brands, National Brands, 1991: 80.6')).toBe(ownLabelWords(terms, 'National Brands, 1991: 80.6'));
    expect(ownLabelWords(terms, 'Own Brands, National Brands: 75.3, 1991: 14.7')).toBeUndefined();
    expect(ownLabelWords(terms, 'Retail shares of national brands and own brands, National Brands, 1991: 80.6')).toBeGreaterThan(ownLabelWords(terms, 'Retail shares of national brands and own brands, Own Brands, 1991: 14.7')!);
    expect(ownLabelWords(matchTerms('How many m3/h can Mill K-4 handle?', []), 'Installation year, 462 m3/h: 2010')).toBeUndefined();
  });

  it('breaks a tie between table values by own labels, never a sentence\'s place', () => {
    expect(byOwnLabels([{ score: 0.8, ownLabels: 2, span: '14.7' }, { score: 0.8, ownLabels: 3, span: '80.6' }])!.span).toBe('80.6');
    expect(byOwnLabels([{ score: 0.9, ownLabels: 1, span: '80.6' }, { score: 0.8, ownLabels: 3, span: '14.7' }])!.span).toBe('80.6');
    // A sentence at the top keeps its place.
    expect(byOwnLabels([{ score: 0.8, span: 'EUR 50m' }, { score: 0.8, ownLabels: 3, span: '18' }])!.span).toBe('EUR 50m');
    // Equal labels: the ranking's first; a tie among typed fallbacks stays no answer.
    expect(byOwnLabels([{ score: 0.8, ownLabels: 3, span: '14.7' }, { score: 0.8, ownLabels: 3, span: '80.6' }])!.span).toBe('14.7');
    expect(tieByOwnLabels([{ score: 0.8, ownLabels: 3, typedSpan: '14.7' }, { score: 0.8, ownLabels: 3, typedSpan: '80.6' }])).toBeUndefined();
    expect(tieByOwnLabels([{ score: 0.8, ownLabels: 2, typedSpan: '14.7' }, { score: 0.8, ownLabels: 3, typedSpan: '80.6' }])!.typedSpan).toBe('80.6');
  });

  it('answers with the value whose own row names the asked thing when the caption names both', async () => {
    // The stacked header names both brands in each row's path, so both values say every asked word.
    const chunks = ['Table 8: Shares\nShares of national brands and own brands > National Brands: 1991: 80.6; 1995: 75.3', 'Table 8: Shares\nShares of national brands and own brands > Own Brands: 1991: 14.7; 1995: 19.9'];
    expect(await askTable('What share did national brands have in 1991?', chunks)).toBe('80.6');
    expect(await askTable('What share did national brands have in 1991?', [...chunks].reverse())).toBe('80.6');
  });
});
