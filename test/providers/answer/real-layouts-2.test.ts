// Real documents, second training split (issue 15, eval/qa-real/train2.ts): glossary keys and
// definitions tables, paragraphs that lost their full stops, table rows read with their caption,
// airline-table shorthand, and question openings that are no rate or unit.
import { describe, expect, it } from 'vitest';
import { expandAbbreviations } from '../../../src/providers/answer/abbreviations.js';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { glossaryAnswer, glossaryEntry, glossaryTerm } from '../../../src/providers/answer/glossary.js';
import { restoreStops } from '../../../src/providers/answer/lost-stops.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { captionOrder, captionRead } from '../../../src/providers/answer/table-captions.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';

const at = (text: string, y: number, x1 = 540, x0 = 72): PassageLine => ({ text, bbox: [x0, y, x1, y + 12] });
const passage = (lines: PassageLine[], kind = 'text'): Passage => ({ documentId: 'd', pageNumber: 1, kind, lines, pageLines: lines });

async function ask(question: string, p: Passage): Promise<string> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const read = await engine.read(question, plan, p);
  return (await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}

describe('glossary questions and definition lines', () => {
  it('finds the term a question asks the meaning of', () => {
    expect(glossaryTerm('What does RPK stand for?')).toBe('RPK');
    expect(glossaryTerm('What does ASK mean?')).toBe('ASK');
    expect(glossaryTerm('What is meant by load factor?')).toBe('load factor');
    expect(glossaryTerm('What is a Likert scale?')).toBe('Likert scale');
    expect(glossaryTerm('What is the definition of a checklist?')).toBe('checklist');
    // Questions about a property of something are not glossary questions.
    expect(glossaryTerm('What is the budget of Performance.gov?')).toBeNull();
    expect(glossaryTerm('What is a fair price for the pump in 2010?')).toBeNull();
  });

  it('reads keys, dashes, definitions columns, defining verbs and expansions before an abbreviation', () => {
    expect(glossaryEntry('RPK', 'RPK = revenue passenger kilometers')).toBe('revenue passenger kilometers');
    expect(glossaryEntry('L/F', 'L/F = load factor = RPK÷ASK')).toBe('load factor');
    expect(glossaryEntry('HMDA', 'HMDA — Home Mortgage Disclosure Act')).toBe('Home Mortgage Disclosure Act');
    expect(glossaryEntry('visual analog scale', 'Visual analog scale (VAS), Description: A line of fixed length')).toBe('A line of fixed length');
    expect(glossaryEntry('ASK', 'The airline sold more available seat kilometers (ASK) than before.')).toBe('available seat kilometers');
    expect(glossaryEntry('FY', 'FY means the financial year ending March 31.')).toBe('the financial year ending March 31');
    // Another column of the row, a mention, or words whose initials do not spell it: no definition.
    expect(glossaryEntry('Likert scale', 'Likert scale, Items: 12')).toBeNull();
    expect(glossaryEntry('RPK', 'RPK grew by 4 % in December.')).toBeNull();
    expect(glossaryEntry('ASK', 'It flew many more seats (ASK) than before.')).toBeNull();
    expect(glossaryAnswer('How many passengers flew?', 'RPK = revenue passenger kilometers')).toBeNull();
  });

  it('answers from the key under a table, and finds nothing when no line defines the term', async () => {
    const key = passage([at('Key', 100, 100), at('FY = Financial Year ending March 31', 114, 330), at('RPK = revenue passenger kilometers', 128, 310), at('ASK = available seat kilometers', 142, 290), at('The figures of the JAL Group airlines are combined in every table of this monthly report.', 170)]);
    expect(await ask('What does RPK stand for?', key)).toBe('revenue passenger kilometers');
    expect(await ask('What does ASK mean?', key)).toBe('available seat kilometers');
    expect(await ask('What does CASK stand for?', key)).toBe(NOT_FOUND_TEXT);
  });

  it('"What is a ...?" is no question about amperes', () => {
    expect(questionType('What is a Likert scale?').type).toBe('text');
    expect(questionType('What is the kW rating of Pump P-4?').type).toBe('quantity');
  });
});

describe('paragraphs that lost their full stops', () => {
  it('puts the stop back before a sentence opener after a lower-case word or a number', () => {
    expect(restoreStops('had 574 arrests and 291 convictions In FY 2010, ICE HSI opened 1,033 investigations')).toBe('had 574 arrests and 291 convictions. In FY 2010, ICE HSI opened 1,033 investigations');
    expect(restoreStops('courts sentenced 208 defendants Of these, 102 received no prison term')).toBe('courts sentenced 208 defendants. Of these, 102 received no prison term');
    // Openers inside a sentence are written in lower case; after a capital (a name) nothing changes.
    expect(restoreStops('It was installed in 2010 in the plant.')).toBe('It was installed in 2010 in the plant.');
    expect(restoreStops('Made In Sweden')).toBe('Made In Sweden');
  });

  it('answers the year asked, not a figure of another year of the same run-on paragraph', async () => {
    const p = passage([
      at('ICE HSI: In FY 2011, ICE HSI opened 1,212 investigations and had 574 arrests and 291 convictions In FY 2010, ICE HSI opened 1,033', 100),
      at('investigations and had 365 arrests and 170 convictions In FY 2009, ICE HSI opened 730 investigations and had 164 convictions', 114),
    ]);
    expect(await ask('How many convictions did ICE HSI have in FY 2010?', p)).toBe('170');
  });
});

describe('table rows read with their caption', () => {
  const q = matchTerms('What was the own brand market share of Casino in 1996?', []);
  const caption = 'Table 8.12 - Own brand shares (food only) for leading retailers, 1996';

  it('reads a row with its caption when the row names what is asked; a row about another name does not borrow it', () => {
    expect(captionRead(q, { text: 'Casino, Own brands market share: 24.8', caption })).toBe(true);
    expect(captionRead(q, { text: 'Auchan, Own brands market share: 15.7', caption })).toBe(false);
    // A row that says none of the question's other words does not borrow them from the caption either.
    expect(captionRead(q, { text: 'Casino, Number of items: 1800', caption })).toBe(false);
  });

  it('orders a row that says the asked words itself before one that has them from the caption only', () => {
    const outlets = matchTerms('How many retail outlets did France have?', []);
    const tableCaption = 'Table 6.2: Numbers of Retail Food Outlets across the member states';
    const own = captionOrder(outlets, { text: 'France, Number of retail outlets (000): 343.4', caption: tableCaption }, { score: 0.9 });
    const borrowed = captionOrder(outlets, { text: 'France, inhabitants per outlet: 1667', caption: tableCaption }, { score: 0.9 });
    expect(own.score).toBeGreaterThan(borrowed.score);
  });

  it('answers the cell of the captioned year, not the same row of another year\'s table', async () => {
    const table = (label: string, row: string, value: string): Passage => ({
      documentId: 'd',
      pageNumber: 1,
      kind: 'table',
      lines: [{ text: label, bbox: null }, { text: row, bbox: [72, 100, 300, 112] }],
      pageLines: [{ text: label, bbox: null }, { text: row, bbox: [72, 100, 300, 112] }, { text: value, bbox: [320, 100, 360, 112] }],
    });
    const q1996 = 'What was the own brand market share of Casino in 1996?';
    const engine = new ExtractiveEngine();
    const plan = (await engine.plan(q1996)).value;
    const a = (await engine.read(q1996, plan, table(caption, 'Casino, Own brands market share: 24.8', '24.8'))).value;
    const b = (await engine.read(q1996, plan, table('Table 8.14 - Own brand shares for leading retailers, 1993', 'Casino, Own Brands Market Shares: 25%', '25%'))).value;
    const answer = (await engine.answer(q1996, [...a, ...b].map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
    expect(answer).toBe('24.8');
  });
});

describe('table shorthand and question openings', () => {
  it('reads "Pax" as passengers and "No." as number when the question says them', () => {
    expect(expandAbbreviations('Korea, Dec-2015, Pax: 47,126', 'How many passengers flew to Korea?')).toBe('Korea, Dec-2015, passengers: 47,126');
    expect(expandAbbreviations('No. of items: 12', 'What is the number of items?')).toBe('number. of items: 12');
    // "No" without its full stop is the word no.
    expect(expandAbbreviations('No prison term: 102', 'What number of defendants got no prison term?')).toBe('No prison term: 102');
  });

  it('"how many ... an intimate ..." or "... of a self-inflicted ..." is a count, not a rate', () => {
    expect(questionType('How many directed assaults were related to an intimate relationship?').type).toBe('count');
    expect(questionType('In how many incidents did the subject die of a self-inflicted injury?').type).toBe('count');
    expect(questionType('How many cubic metres an hour can the pump move?').type).toBe('rate');
    expect(questionType('How many litres per minute does it deliver?').type).toBe('rate');
  });
});
