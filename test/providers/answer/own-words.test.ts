// The question's own words against related ones (issue 15v): a header that says the asked
// property itself outranks one that only shares WordNet synonyms with the question, and a
// free-text span made only of the question's words (or their relatives) is no answer.
import { describe, expect, it } from 'vitest';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { echoesQuestion, ownWordsFirst } from '../../../src/providers/answer/own-words.js';
import { tokenize } from '../../../src/providers/answer/text.js';
import type { PassageLine } from '../../../src/providers/answer/types.js';
import { askLines } from './ask-lines.js';

/** A line at (x, y) from the top of the page, about 4.7 pt a character at 9 pt. */
const at = (text: string, x: number, y: number): PassageLine => ({ text, bbox: [x, y, x + text.length * 4.7, y + 9] });

/** Rows of cells, each column as wide as its longest text plus a gutter. */
function table(top: number, rows: string[][]): PassageLine[] {
  const xs = [72];
  for (let k = 1; k < rows[0]!.length; k++) xs.push(xs[k - 1]! + Math.max(...rows.map((r) => r[k - 1]!.length)) * 4.7 + 18);
  return rows.flatMap((r, i) => r.map((v, k) => at(v, Math.round(xs[k]!), top + (i === 0 ? 0 : 18 + (i - 1) * 16))));
}


describe('own words before related ones', () => {
  it('answers "rated for condition" from the condition column, not from "Work orders" under a "status" caption', async () => {
    const lines = [
      at('Table 3: Equipment status', 72, 128),
      ...table(144, [
        ['Area', 'Bearing temp. (C)', 'Tag', 'Condition index', 'Work orders open'],
        ['East wing', '95', 'Crusher MX-5073', '3.1', '14'],
        ['Boiler house', '47', 'Conveyor GQ-1660', '4.3', '13'],
      ]),
    ];
    expect(await askLines('How was Crusher MX-5073 rated for condition?', lines)).toBe('3.1');
    expect(await askLines('How many work orders are still open on Crusher MX-5073?', lines)).toBe('14');
  });

  it('lowers only table values, and keeps them above the answer threshold', () => {
    expect(ownWordsFirst('sentence', 0.93, 0.3, 0.75)).toBe(0.93);
    expect(ownWordsFirst('cell', 0.93, 0, 0.75)).toBe(0.93);
    expect(ownWordsFirst('cell', 0.93, 1 / 3, 0.75)).toBeCloseTo(0.763, 3);
    expect(ownWordsFirst('cell', 0.8, 0.5, 0.75)).toBeCloseTo(0.76, 3);
    expect(ownWordsFirst('cell', 0.7, 0.5, 0.75)).toBe(0.7);
  });

  it('tells a span that repeats the question (by relatives too) from one that adds something', () => {
    const q = 'What is the health score of Separator RP-3767?';
    const terms = matchTerms(q, []);
    const qTokens = new Set(tokenize(q));
    expect(echoesQuestion('Condition (1-5', terms, qTokens)).toBe(true);
    expect(echoesQuestion('Separator RP-3767', terms, qTokens)).toBe(true);
    expect(echoesQuestion('Condition 1.5', terms, qTokens)).toBe(false);
    expect(echoesQuestion('poor, needs overhaul', terms, qTokens)).toBe(false);
    expect(echoesQuestion('Health score (tonnes)', terms, qTokens)).toBe(false);
  });
});
