// Yes/no, who and which-year questions in the wordings of train6 (issue 15): polarity of a negated
// question, checks of a stated value (No when the statement gives another), facts never stated
// (who made or supplied X) that stay "not found" instead of borrowing the installer, role nouns,
// light verbs, verbs of having, and the definition question "What is P-101?".
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { FinalAnswer, Passage } from '../../../src/providers/answer/types.js';

const box = (i: number): BBox => [72, 100 + i * 20, 500, 116 + i * 20];
const page = (sentences: string[]): Passage => {
  const lines = sentences.map((text, i) => ({ text, bbox: box(i) }));
  return { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
};
const FILE = page([
  'Pump F-29 was installed by Norrland Mechanical in 2011.',
  'Pump F-29 has a standby unit.',
  'The engineer responsible for Pump F-29 is Greta Lindqvist.',
  'Boiler A-19 has no standby unit.',
  'Sofia Berg is in charge of Boiler A-19.',
  'The installation contractor for Boiler A-19 was Vasbrek Montage.',
  'Boiler A-19 was commissioned on 3 May 2009.',
]);
const SCHEMATIC = page(['Cooling loop', 'P-101 is a Cooling water pump (centrifugal pump).', 'V-101 is a gate valve.', 'V-101 is connected to P-101 by a pipe.']);

async function ask(question: string, passage: Passage = FILE): Promise<FinalAnswer> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = (await engine.read(question, plan, passage)).value.map((e, i) => ({ ...e, id: i + 1 }));
  return (await engine.answer(question, evidences, 'concise')).value;
}

describe('yes/no questions', () => {
  it.each([
    // A negated question against the statement's polarity.
    ['Is there no standby unit for Pump F-29?', 'No'],
    ['Is there no standby unit for Boiler A-19?', 'Yes'],
    ['Does Pump F-29 lack a standby unit?', 'No'],
    ['Does Boiler A-19 have a standby unit or not?', 'No'],
    // A check of a value the statement states otherwise.
    ['Was Pump F-29 installed by Vasbrek Montage?', 'No'],
    ['Was Pump F-29 installed in 2003?', 'No'],
    ['Is Hanna Vik responsible for Pump F-29?', 'No'],
    ['Was Pump F-29 installed in 2011?', 'Yes'],
    // Light verbs and verbs of having carry no content; "any ...?" and "..., yes or no?" ask yes/no.
    ['Did the installation of Pump F-29 take place in 2011?', 'Yes'],
    ['Did Pump F-29 come with a standby?', 'Yes'],
    ['Any standby unit for Boiler A-19?', 'No'],
    ['Does Boiler A-19 have a standby unit, yes or no?', 'No'],
  ])('%s -> %s', async (question, expected) => {
    expect(await ask(question)).toMatchObject({ text: expected, not_found: false });
  });

  it('stays "not found" when no statement is about the asked asset or value', async () => {
    expect((await ask('Was Pump F-31 installed in 2003?')).not_found).toBe(true);
    expect((await ask('Was Pump F-29 commissioned in 2003?')).not_found).toBe(true);
  });
});

describe('who and which year', () => {
  it.each([
    ['Which member of staff is responsible for Pump F-29?', 'Greta Lindqvist'],
    ['Who handles Pump F-29?', 'Greta Lindqvist'],
    ['Name the person responsible for Pump F-29.', 'Greta Lindqvist'],
    ["What's the name of the company that installed Pump F-29?", 'Norrland Mechanical'],
    ['Which company was responsible for the installation of Boiler A-19?', 'Vasbrek Montage'],
    ['When was Pump F-29 put into place?', '2011'],
  ])('%s -> %s', async (question, expected) => {
    expect(await ask(question)).toMatchObject({ text: expected, not_found: false });
  });

  it.each(['Which company manufactured Pump F-29?', 'Who is the manufacturer of Pump F-29?', 'In which year was Pump F-29 manufactured?', 'Which firm delivered Boiler A-19?', 'What company built Boiler A-19?'])(
    '%s is not answered with the installer (the maker is not given)',
    async (question) => {
      expect(await ask(question)).toMatchObject({ text: NOT_FOUND_TEXT, not_found: true });
    },
  );
});

describe('definition questions', () => {
  it('answers "What is P-101?" from the sentence that defines it, not one that mentions it', async () => {
    expect(await ask('What is P-101?', SCHEMATIC)).toMatchObject({ text: 'Cooling water pump (centrifugal pump)', not_found: false });
    expect(await ask('What is V-101?', SCHEMATIC)).toMatchObject({ text: 'gate valve', not_found: false });
  });
});
