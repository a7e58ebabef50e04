// Single questions in the many words people use (issue 15, train5): the type a wording asks
// for, money asked without a money word in the opening ("What did they pay for X?", "How much was
// X?", "X cost how much?"), and answers that never repeat the question or come from a table
// column the question does not name.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { FinalAnswer, Passage, PassageLine } from '../../../src/providers/answer/types.js';

const typeOf = (q: string) => questionType(questionParts(q)[0]!.text);

const box = (x: number, y: number, w = 100): BBox => [x, y, x + w, y + 10];
const FILE: Passage = (() => {
  const sentences = [
    'Pump B-92',
    'Pump B-92 was bought for EUR 730,000.',
    'Pump B-92 was installed by Dalhav Mechanical in 2011.',
    'The engineer responsible for Pump B-92 is Karl Falfal.',
    'Pump B-92 reaches an efficiency of 81% in normal operation.',
    'Pump B-92 is designed for a lifetime of 26 years.',
    'Pump B-92 moves 497 m3/h at its design point.',
    'The inspection interval of Pump B-92 is 60 months.',
  ];
  const lines: PassageLine[] = sentences.map((text, i) => ({ text, bbox: box(72, 100 + i * 20, 400) }));
  // A table: caption, headers, one row.
  lines.push({ text: 'Table 1: Maintenance figures of the Kel plant', bbox: box(72, 300, 300) });
  for (const [x, h] of [[190, 'Vibration (mm/s)'], [290, 'Noise (dB)'], [390, 'Spare parts (EUR)']] as const) lines.push({ text: h, bbox: box(x, 320, 90) });
  lines.push({ text: 'Pump B-92', bbox: box(72, 340, 90) });
  for (const [x, v] of [[190, '11.7'], [290, '84'], [390, '36,503']] as const) lines.push({ text: v, bbox: box(x, 340, 40) });
  return { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
})();

async function ask(question: string): Promise<FinalAnswer> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = (await engine.read(question, plan, FILE)).value.map((e, i) => ({ ...e, id: i + 1 }));
  return (await engine.answer(question, evidences, 'concise')).value;
}

describe('wordings of single questions', () => {
  it.each([
    ['How much was Pump B-92?', 'money'],
    ['What did they pay for Pump B-92?', 'money'],
    ['Pump B-92 cost how much?', 'money'],
    ['What is Pump B-92 worth?', 'money'],
    ['What was the outlay for Pump B-92?', 'money'],
    ['How costly was Pump B-92 to buy?', 'money'],
    ['How many percent efficiency does Pump B-92 achieve?', 'percentage'],
    ['How high is the efficiency of Pump B-92?', 'percentage'],
    ['What is the time between two inspections of Pump B-92?', 'duration'],
    ['What lifetime can Pump B-92 be expected to reach?', 'duration'],
    ['Year in which Pump B-92 was installed?', 'year'],
    ['What volume of fluid does Pump B-92 move each hour?', 'rate'],
    ["What is Pump B-92's flow at the design point?", 'rate'],
    ['Name the contractor that installed Pump B-92.', 'organisation'],
    // Unchanged: a pump that pumps, and a real height.
    ['How much does Pump B-3 pump per hour?', 'rate'],
    ['How high is the tower?', 'quantity'],
  ])('%s -> %s', (question, type) => {
    expect(typeOf(question).type).toBe(type);
  });

  it('takes a name that opens the question for a name, not a content word', () => {
    expect(matchTerms('Turbine E-55 cost how much?', ['how', 'much']).filter((t) => t.key).map((t) => t.stem)).toEqual(['turbin', 'e55']);
    expect(matchTerms('Where is Pump B-92?', []).filter((t) => t.key).map((t) => t.stem)).toEqual(['pump', 'b92']);
  });

  it.each([
    ['How much was Pump B-92?', 'EUR 730,000'],
    ['What did they pay for Pump B-92?', 'EUR 730,000'],
    ['Pump B-92 cost how much?', 'EUR 730,000'],
    ['What was the outlay for Pump B-92?', 'EUR 730,000'],
    ['How high is the efficiency of Pump B-92?', '81%'],
    ['What is the time between two inspections of Pump B-92?', '60 months'],
    ['What volume of fluid does Pump B-92 move each hour?', '497 m3/h'],
    ['Who was responsible for installing Pump B-92?', 'Dalhav Mechanical'],
  ])('answers %s with %s (not a table value of another column)', async (question, expected) => {
    expect(await ask(question)).toMatchObject({ text: expected, not_found: false });
  });

  it('never answers with the question\'s own name (a heading that is the asset)', async () => {
    const answer = await ask('What was the colour of Pump B-92?');
    expect(answer).toMatchObject({ text: NOT_FOUND_TEXT, not_found: true });
  });
});

describe('who did an act, and who looks after', () => {
  it('reads "responsible for installing" as the installer, "in charge of looking after" as the one responsible', () => {
    expect(questionParts('Who was responsible for installing Pump B-92?')[0]!.text).toBe('Who did the installing of Pump B-92?');
    expect(questionParts('Who is in charge of looking after Pump B-92?')[0]!.text).toBe('Who is in charge of looking after Pump B-92?');
    expect(questionParts('Who is responsible for maintaining Pump B-92?')[0]!.text).toBe('Who is responsible for maintaining Pump B-92?');
  });
});

describe('a second part as a noun phrase with a clause about "it"', () => {
  it('splits "... and the year it was installed" without a comma', () => {
    expect(questionParts('When was the commissioning of Pump B-92 and the year it was installed?').map((p) => p.text)).toEqual(['When was the commissioning of Pump B-92?', 'What is the year it was installed?']);
    // A name after "and" is one subject, not a second part.
    expect(questionParts('What is the distance between Pump B-92 and Tank T-1?')).toHaveLength(1);
  });
});
