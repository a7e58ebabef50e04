// Answering by answer type alone (issue 15): a question that names an asset and asks for a type
// of answer is answered by the one span of exactly that type about the asset, even when none of
// its other words match; ties, types that spans cannot tell apart, and absent facts stay "not
// found". Also: the paraphrase lexicon, the recurring/one-stretch duration split, a head noun that
// names a measured property, the names-only retrieval query. The assets, names and wordings here
// are made up for the tests and differ from eval/qa-hard-set.ts's.
import { describe, expect, it } from 'vitest';
import { questionType, strictSpans, statesRecurrence } from '../../../src/providers/answer/answer-types.js';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { relatedWords } from '../../../src/providers/answer/lexicon.js';
import { paraphrasesOf } from '../../../src/providers/answer/paraphrases.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { FinalAnswer, Passage } from '../../../src/providers/answer/types.js';
import { namesQuery } from '../../../src/qa/names-query.js';

const box = (i: number): BBox => [72, 100 + i * 20, 500, 116 + i * 20];
const page = (sentences: string[]): Passage => {
  const lines = sentences.map((text, i) => ({ text, bbox: box(i) }));
  return { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
};

async function ask(question: string, p: Passage): Promise<FinalAnswer> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = (await engine.read(question, plan, p)).value.map((e, i) => ({ ...e, id: i + 1 }));
  return (await engine.answer(question, evidences, 'concise')).value;
}

// One asset with one fact of each kind, a similar asset of another site with the same kinds.
const FILE = page([
  'Agitator Q-7',
  'Agitator Q-7 went into the hall in 2011.',
  'Its first run under load: Agitator Q-7 was handed over on 4 March 2012.',
  'Agitator Q-7 is serviced every 18 months.',
  'Agitator Q-7 should keep running for 30 years.',
  'Agitator Q-7 has a mass of 2,450 kg.',
  'Agitator Q-7 takes 75 kW.',
  'The supplier of Agitator Q-7 was Brandt Anlagenbau GmbH.',
  'Ove Lindqvist signs the permits for Agitator Q-7.',
  'Agitator Q-7 sits in Kiruna.',
  'Agitator Q-7 reaches 81% in normal duty.',
  'Agitator Q-7 was acquired for EUR 64,000.',
  'For comparison, Agitator Q-9 at the Lulea plant went into the hall in 1999 and takes 40 kW.',
]);

describe('answer by type alone', () => {
  it.each([
    ['Since what year has Agitator Q-7 stood there?', '2011'],
    ['On what date did Agitator Q-7 begin work?', '4 March 2012'],
    ['At what interval does Agitator Q-7 get its overhaul?', '18 months'],
    ['For how long will Agitator Q-7 be usable?', '30 years'],
    ['How heavy is Agitator Q-7 when empty?', '2,450 kg'],
    ['What is the rated output of Agitator Q-7?', '75 kW'],
    ['Which company delivered Agitator Q-7?', 'Brandt Anlagenbau GmbH'],
    ['Which person handles the paperwork of Agitator Q-7?', 'Ove Lindqvist'],
    ['Where does Agitator Q-7 operate?', 'Kiruna'],
    ['With what efficiency does Agitator Q-7 work?', '81%'],
    ['What was the price tag of Agitator Q-7?', 'EUR 64,000'],
  ])('%s -> %s', async (question, answer) => {
    expect(await ask(question, FILE)).toMatchObject({ text: answer, not_found: false });
  });

  it('never answers about another asset', async () => {
    expect(await ask('Since what year has Agitator Q-5 stood there?', FILE)).toMatchObject({ text: NOT_FOUND_TEXT, not_found: true });
  });

  it('says not found when the asset has no fact of exactly the asked type', async () => {
    const lean = page(['Agitator Q-7 was handed over on 4 March 2012.', 'Agitator Q-7 should keep running for 30 years.', 'Ove Lindqvist signs the permits for Agitator Q-7.']);
    // A year inside a date is not a year on its own; a one-stretch duration is no interval; a person is no company.
    expect(await ask('Since what year has Agitator Q-7 stood there?', lean)).toMatchObject({ not_found: true });
    expect(await ask('At what interval does Agitator Q-7 get its overhaul?', lean)).toMatchObject({ not_found: true });
    expect(await ask('Which company delivered Agitator Q-7?', lean)).toMatchObject({ not_found: true });
  });

  it('says not found when two statements about the asset offer different spans of the type', async () => {
    const two = page(['Agitator Q-7 went into the hall in 2011.', 'Agitator Q-7 got a new gearbox in 2017.']);
    expect(await ask('Since what year has Agitator Q-7 stood there?', two)).toMatchObject({ not_found: true });
  });

  it('does not guess for vague types: "who" (person or company), "when" (year or day)', async () => {
    expect(await ask('Who handles the paperwork of Agitator Q-7?', FILE)).toMatchObject({ not_found: true });
    const dated = page(['Agitator Q-7 was handed over on 4 March 2012.']);
    expect(await ask('When was Agitator Q-7 repainted?', dated)).toMatchObject({ not_found: true });
  });
});

describe('spans of exactly the asked type', () => {
  it('tells a year from a year inside a date', () => {
    const q = questionType('In which year was Agitator Q-7 moved?');
    expect(strictSpans(q, 'Agitator Q-7 was handed over on 4 March 2012.')).toEqual([]);
    expect(strictSpans(q, 'Agitator Q-7 was moved in 2012.').map((s) => s.text)).toEqual(['2012']);
  });

  it('tells a recurring duration from a single stretch', () => {
    expect(questionType('How frequently is Agitator Q-7 serviced?').recurrence).toBe(true);
    expect(questionType('How long will Agitator Q-7 be usable?').recurrence).toBe(false);
    expect(questionType('What is the lifetime of Agitator Q-7?').recurrence).toBe(false);
    expect(statesRecurrence('Agitator Q-7 is serviced every 18 months.')).toBe(true);
    expect(statesRecurrence('The overhaul interval of Agitator Q-7 is 18 months.')).toBe(true);
    expect(statesRecurrence('Agitator Q-7 should keep running for 30 years.')).toBe(false);
  });

  it('reads the type from a head noun that names a measured property', () => {
    expect(questionType('What is the rated output of Agitator Q-7?')).toMatchObject({ type: 'quantity', family: 'power' });
    expect(questionType('What is the peak consumption of Agitator Q-7?')).toMatchObject({ type: 'quantity', family: 'power' });
  });

  it('takes German and Scandinavian trade words as organisation names', () => {
    const q = questionType('Which firm serviced Agitator Q-7?');
    expect(strictSpans(q, 'Agitator Q-7 was serviced by Holm Teknik.').map((s) => s.text)).toEqual(['Holm Teknik']);
    expect(strictSpans(questionType('Which person serviced Agitator Q-7?'), 'Agitator Q-7 was serviced by Holm Teknik.')).toEqual([]);
  });
});

describe('paraphrase lexicon', () => {
  it('links plain-English predicates WordNet does not', () => {
    expect(relatedWords('commissioned')).toContain('enter service');
    expect(relatedWords('last')).toContain('lifetime');
    expect(paraphrasesOf('responsible_for')).toContain('in charge');
    expect(paraphrasesOf('fitted')).toContain('install');
  });

  it('answers through a lexicon phrase in either direction', async () => {
    const p = page(['Agitator Q-7 was commissioned on 4 March 2012.', 'Agitator Q-7 went into the hall in 2011.', 'Mona Berg is in charge of Agitator Q-7.', 'Agitator Q-7 was installed by Brandt Anlagenbau GmbH.']);
    expect(await ask('When did Agitator Q-7 enter service?', p)).toMatchObject({ text: '4 March 2012' });
    expect(await ask('Who is responsible for Agitator Q-7?', p)).toMatchObject({ text: 'Mona Berg' });
  });
});

describe('names-only retrieval query', () => {
  it('keeps the capitalised words and the words with digits', () => {
    expect(namesQuery('How long is Agitator Q-7 expected to last, and how heavy is it?')).toBe('Agitator Q-7');
    expect(namesQuery('how heavy is it?')).toBe('');
  });
});
