// The offline engine end to end on passages: typed answers, multi-part answers with evidence per
// part, table cells from grounding lines boxed by the cell, and absent facts that never get a
// fragment of a sentence that merely shares words with the question.
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { FinalAnswer, Passage } from '../../../src/providers/answer/types.js';
import { tableLines } from '../../../src/qa/respond.js';

const box = (i: number): BBox => [72, 100 + i * 20, 500, 116 + i * 20];
const page = (sentences: string[]): Passage => {
  const lines = sentences.map((text, i) => ({ text, bbox: box(i) }));
  return { documentId: 'd', pageNumber: 2, kind: 'text', lines, pageLines: lines };
};
const FILE = page([
  'Pump F-29 was installed by Norrland Mechanical in 2011.',
  'The inspection interval of Boiler A-19 is 71 months.',
  'Pump F-29 weighs 1,240 kg.',
  'For comparison, Pump F-31 at the Kolby plant cost EUR 90,000.',
  'The engineer responsible for Pump F-29 is Greta Lindqvist.',
  'Boiler A-19 has no standby unit.',
]);

async function ask(question: string, passages: Passage[] = [FILE]): Promise<{ answer: FinalAnswer; evidence: Array<{ id: number; evidence: string; bboxes: BBox[] }> }> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = [];
  for (const p of passages) for (const e of (await engine.read(question, plan, p)).value) evidences.push({ ...e, id: evidences.length + 1 });
  return { answer: (await engine.answer(question, evidences, 'concise')).value, evidence: evidences };
}

describe('offline engine with answer types', () => {
  it.each([
    ['In what year was Pump F-29 put in?', '2011'],
    ['Which company put in Pump F-29?', 'Norrland Mechanical'],
    ['How often does Boiler A-19 have to be inspected?', '71 months'],
    ['How heavy is Pump F-29?', '1,240 kg'],
    ['What is the weight of Pump F-29?', '1,240 kg'],
    ['Which engineer is responsible for Pump F-29?', 'Greta Lindqvist'],
    ['Does Boiler A-19 have a standby unit?', 'No'],
  ])('%s -> %s', async (question, expected) => {
    const { answer } = await ask(question);
    expect(answer).toMatchObject({ text: expected, not_found: false });
    expect(answer.citations).toHaveLength(1);
  });

  it('answers both parts of a two-part question, each with its evidence', async () => {
    const { answer, evidence } = await ask('Who installed Pump F-29 and in which year?');
    expect(answer.text).toBe('Norrland Mechanical; 2011');
    expect(answer.not_found).toBe(false);
    const cited = evidence.filter((e) => answer.citations.includes(e.id));
    // One evidence per part (here the same sentence answers both).
    expect(cited.map((e) => e.evidence)).toEqual(['Pump F-29 was installed by Norrland Mechanical in 2011.', 'Pump F-29 was installed by Norrland Mechanical in 2011.']);
    const two = await ask('How heavy is Pump F-29, and how often is Boiler A-19 inspected?');
    expect(two.answer.text).toBe('1,240 kg; 71 months');
    expect(two.answer.citations).toHaveLength(2);
  });

  it.each([
    'How much did Pump F-29 cost?',
    'In which year was Boiler A-19 installed?',
    'How efficient is Pump F-29?',
    'Who is in charge of Boiler A-19?',
    'Where is Pump F-29 located?',
    'How heavy is Boiler B-19?',
    'What is the rated power of Pump F-29?',
  ])('says not found, never a fragment, for an absent fact: %s', async (question) => {
    const { answer } = await ask(question);
    expect(answer).toMatchObject({ text: NOT_FOUND_TEXT, not_found: true, citations: [] });
  });

  it('does not let a two-word WordNet phrase ("stock ticker") shrink the content a free-text answer needs', async () => {
    const report = page(['Varnok Mining was founded in 1950.', 'The main product of Varnok Mining is the Zelvar line.', 'Varnok Mining employs 412 people.']);
    expect((await ask('What is the stock ticker of Varnok Mining?', [report])).answer.not_found).toBe(true);
    expect((await ask('What is the main product of Varnok Mining?', [report])).answer.text).toBe('Zelvar line');
  });

  it('answers a table cell from its grounding, with the cell as the evidence box', async () => {
    const cell = (row: number, col: number, text: string, header = false) => ({ row, col, text, header, bbox: [100 + col * 80, 400 + row * 20, 170 + col * 80, 416 + row * 20] as BBox });
    const grid = [
      cell(0, 0, 'Asset', true), cell(0, 1, 'Operating hours', true), cell(0, 2, 'Noise (dB)', true),
      cell(1, 0, 'Pump F-29'), cell(1, 1, '13,281'), cell(1, 2, '78'),
      cell(2, 0, 'Fan B-36'), cell(2, 1, '2,400'), cell(2, 2, '91'),
    ];
    const lines = tableLines(grid, [90, 390, 400, 480]);
    const table: Passage = { documentId: 'd', pageNumber: 3, kind: 'table', lines, pageLines: lines };
    const loud = await ask('How loud is Fan B-36?', [table]);
    expect(loud.answer.text).toBe('91');
    expect(loud.evidence.find((e) => e.id === loud.answer.citations[0])?.bboxes).toEqual([[260, 440, 330, 456]]);
    const hours = await ask('For how many hours has Pump F-29 operated?', [table]);
    expect(hours.answer.text).toBe('13,281');
    expect((await ask('How heavy is Fan B-36?', [table])).answer.not_found).toBe(true);
  });
});
