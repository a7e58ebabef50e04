// Rules added for paraphrase and table rows (issue 15): a typed span that is the one best such
// span answers where the wording matched too little; a table value whose row and header name
// nothing asked never answers; a rate column in another unit does not fit; table-row chunks are
// read one cell per line with the cell's box.
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { bareValueFits } from '../../../src/providers/answer/labelled-values.js';
import { relatedWords } from '../../../src/providers/answer/lexicon.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { FinalAnswer, Passage, PassageLine } from '../../../src/providers/answer/types.js';
import { tableRowLines } from '../../../src/qa/answering.js';

const box = (i: number): BBox => [72, 100 + i * 20, 500, 116 + i * 20];
const passage = (lines: PassageLine[]): Passage => ({ documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines });
const page = (sentences: string[]): Passage => passage(sentences.map((text, i) => ({ text, bbox: box(i) })));

async function ask(question: string, p: Passage): Promise<FinalAnswer> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = (await engine.read(question, plan, p)).value.map((e, i) => ({ ...e, id: i + 1 }));
  return (await engine.answer(question, evidences, 'concise')).value;
}

describe('typed fallback', () => {
  const FILE = page(['The inspection interval of Crane B-12 is 9 months.', 'The expected service life of Crane B-12 is 25 years.', 'Crane B-12 weighs 3,100 kg.']);

  it('answers with the one typed span whose statement shares some of the question', async () => {
    expect(await ask('How often are the inspections of Crane B-12 spaced apart in practice?', FILE)).toMatchObject({ text: '9 months', not_found: false });
  });

  it('gives no answer when two typed spans are equally supported', async () => {
    const tie = page(['One inspection of Crane B-12 took 9 months.', 'Another inspection of Crane B-12 took 25 months.']);
    expect(await ask('How often are the inspections of Crane B-12 spaced apart in practice?', tie)).toMatchObject({ text: NOT_FOUND_TEXT, not_found: true });
  });

  it('relates a verb to its broader concept (inspect ~ examine)', () => {
    expect(relatedWords('inspect')).toContain('examine');
  });
});

describe('table values', () => {
  const rows = tableRowLines('Table 1: Maintenance figures\nCrane B-12: Operating hours: 13,281; Spare parts (EUR): 30,605', [box(1), box(2)]);

  it('reads a table-row chunk as one line per cell, each with its box', () => {
    expect(rows).toEqual([
      { text: 'Table 1: Maintenance figures', bbox: null },
      { text: 'Crane B-12, Operating hours: 13,281', bbox: box(1) },
      { text: 'Crane B-12, Spare parts (EUR): 30,605', bbox: box(2) },
    ]);
  });

  it('answers from the cell its header names', async () => {
    const answer = await ask('What did the spare parts for Crane B-12 cost?', passage(rows!));
    expect(answer).toMatchObject({ text: '30,605', not_found: false });
  });

  it('never answers from a cell whose header names nothing asked, only its unit fitting', async () => {
    expect(await ask('How much did Crane B-12 cost?', passage(rows!))).toMatchObject({ text: NOT_FOUND_TEXT, not_found: true });
  });

  it('does not take a rate column in another unit', () => {
    const q = questionType('How many cubic metres per hour can Crane B-12 move?');
    expect(bareValueFits(q, '8.1', 'Crane B-12, Vibration (mm/s)')).toBe(false);
    expect(bareValueFits(q, '310', 'Crane B-12, Flow (m3/h)')).toBe(true);
  });
});
