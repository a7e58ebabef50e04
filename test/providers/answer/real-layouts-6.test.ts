// Issue 15ai (eval/qa-real train4): thousands grouped by spaces ("EUR 8 467"), a number joined to a
// word by a hyphen counts nothing ("four-year"), questions that ask for items or a named kind
// rather than a sum, a "when" inside a wh-question, a sum said with its period answers a rate, the
// plural of an abbreviation, a leaflet's heading question read with the sentence after it, the items
// after "include", names of the asked kind, the subject said to have the asked role, a relative clause.
import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { copularSubject, exampleIn, itemsAfterVerb, namesOfKind } from '../../../src/providers/answer/asked-kind.js';
import { glossaryAnswer } from '../../../src/providers/answer/glossary.js';
import { headingQuestion, units } from '../../../src/providers/answer/passage-units.js';
import { askPassage, pageOf } from './ask-lines.js';

const spans = (question: string, text: string): string[] => typedSpans(questionType(question), text).map((s) => s.text);

describe('numbers as European documents write them', () => {
  it('thousands grouped by spaces are one number', () => {
    const text = 'In 2004, total operating costs amounted to EUR 1 107 million: the average unit cost per student was EUR 8 467.';
    expect(spans('What was the average unit cost per student in 2004?', text)).toEqual(['EUR 1 107 million', 'EUR 8 467']);
    expect(spans('How many people completed labour market training in 2004?', 'In 2004, 54 200 people completed a labour market training.')).toEqual(['54 200', '2004']);
  });
  it('numbers of a table line set side by side stay apart', () => {
    expect(spans('How many robberies were reported?', '2005 28 33 3,583 55 5,432')).toEqual(['28', '33', '3,583', '55', '5,432', '2005']);
  });
});

describe('a number joined to a word by a hyphen counts nothing', () => {
  it('"four-year colleges", "3-year-old children"', () => {
    expect(spans('How many two-year colleges were there?', '2,629 were four-year colleges, and 1,685 were two-year colleges.')).toEqual(['2,629', '1,685']);
    expect(spans('How many children took part?', 'The 3-year-old children were tested.')).toEqual([]);
  });
});

describe('questions that ask for items or a named kind, not a sum', () => {
  it('"what do X include", "what other X", "which brand ... sell"', () => {
    expect(questionType('What do fees include?').type).toBe('text');
    expect(questionType('Besides travel, what other expenses can there be?').type).toBe('text');
    expect(questionType('Which brand does Procter & Gamble sell in the down-market segment?').type).toBe('text');
  });
  it('a sum is still asked by "which price", "what does it cost", "what are the fees"', () => {
    expect(questionType('Which price was paid for the pump?').type).toBe('money');
    expect(questionType('What did they pay for the pump?').type).toBe('money');
    expect(questionType('What are the fees of the course?').type).toBe('money');
  });
});

describe('a "when" inside a wh-question is a conjunction', () => {
  it('asks no date', () => {
    expect(questionType('What does the 2008 amendment require colleges to do when an emergency is confirmed?').type).toBe('text');
  });
  it('after a comma it is still a second question', () => {
    expect(questionType('The boiler was inspected, when?').type).toBe('date');
  });
  it('"when" with an auxiliary after it asks', () => {
    expect(questionType('What is the roughly when was Mixer L-39 installed?').type).toBe('date');
  });
});

describe('a sum said with its period answers a rate', () => {
  it('"every year ... $150 billion"', () => {
    const q = 'How much federal student aid do students and parents receive every year?';
    expect(questionType(q).type).toBe('rate');
    expect(spans(q, 'Every year, students and parents receive more than $150 billion in federal student aid.')).toEqual(['$150 billion']);
    expect(spans(q, 'Students and parents received $150 billion in federal student aid.')).toEqual([]);
  });
});

describe('the plural of an abbreviation', () => {
  it('"(NATAs)" spells NATA', () => {
    const text = 'EPA provides estimates of risks from air toxics through its National-Scale Air Toxics Assessments (NATAs).';
    expect(glossaryAnswer('What does NATA stand for?', text)).toBe('National-Scale Air Toxics Assessments');
    expect(glossaryAnswer('What does NATO stand for?', text)).toBeNull();
  });
});

describe('a heading question and the sentence after it', () => {
  const page = pageOf(['Why should I consider a loan from the federal government?', 'Federal student loans usually offer borrowers lower interest rates and more flexible repayment options than loans from banks.', 'What factors triggered the attacks?', 'Generally, several categories were observed among the incidents.']);
  it('a short question standing as a sentence is a heading', () => {
    expect(headingQuestion('Why should I consider a loan from the federal government?')).toBe(true);
    expect(headingQuestion('The question is why anyone would borrow.')).toBe(false);
  });
  it('the sentence after it carries it', () => {
    const u = units(page);
    expect(u[1]?.asked).toBe('Why should I consider a loan from the federal government?');
    expect(u[0]?.asked).toBeUndefined();
  });
  it('answers a free-text question, but no count', async () => {
    expect(await askPassage('Why should I consider a loan from the federal government?', page)).toContain('lower interest rates');
    expect(await askPassage('How many of the attackers were women?', page)).toBe('The documents do not contain the answer to this question.');
  });
});

describe('items, names of the asked kind, the subject of a role', () => {
  it('"What do fees include?": the words after the verb', () => {
    expect(itemsAfterVerb('What do fees include?', 'Fees include activity fees, parking decal fees, etc.')).toBe('activity fees, parking decal fees');
    expect(itemsAfterVerb('What do fees include?', 'Fees will depend on the school.')).toBeNull();
    expect(itemsAfterVerb('How much are the fees?', 'Fees include activity fees.')).toBeNull();
  });
  it('"Which ministry ...?": capitalised names holding the noun', () => {
    const text = 'The training is provided by institutions supervised by the Ministry of Education but funded by the Ministry of Labour.';
    expect(namesOfKind('Which ministry funds the training of the unemployed?', text).map((n) => n.text)).toEqual(['Ministry of Education', 'Ministry of Labour']);
    expect(namesOfKind('Which pump was installed?', 'Pump F-29 was installed.')).toEqual([]);
  });
  it('"Who is the main provider ...?": the subject that is said to be it', () => {
    expect(copularSubject('Who is the main provider of financial aid for college?', 'The federal government is the main provider of financial aid for college.')?.text).toBe('federal government');
    expect(copularSubject('Who is the main provider of financial aid for college?', 'The federal government gives grants.')).toBeNull();
  });
  it('the engine answers with them', async () => {
    expect(await askPassage('Which ministry funds the training of the unemployed?', pageOf(['The training of the unemployed is mainly provided by institutions supervised by the Ministry of Education but funded by the Ministry of Labour.']))).toBe('Ministry of Labour');
    expect(await askPassage('What do fees include?', pageOf(['Fees will depend on the school you are attending.', 'Fees include activity fees, parking decal fees, etc.']))).toBe('activity fees, parking decal fees');
    expect(await askPassage('Who is the main provider of financial aid for college?', pageOf(['The federal government is the main provider of financial aid for college.']))).toContain('federal government');
  });
});

describe('a relative clause after an asked clause without a value', () => {
  it('"the programme, which has been granted EUR 30 million in 2006"', async () => {
    expect(await askPassage('How much money did the Noste programme get in 2006?', pageOf(['The prime aim of the Noste programme, which has been granted EUR 30 million in 2006, is to raise the educational level of adults.']))).toBe('EUR 30 million');
  });
});

describe('examples and keys printed as columns', () => {
  it('"an example of X": what "e.g." or "such as" gives', () => {
    expect(exampleIn('What is an example of a concept that a single item can measure?', 'It may be straightforward if a single item is a reliable measure of the concept of interest (e.g., pain intensity).')).toBe('pain intensity');
    expect(exampleIn('What are examples of area sources?', 'Area sources include small facilities such as dry cleaners and gas stations.')).toBe('dry cleaners and gas stations');
    expect(exampleIn('What is the concept of interest?', 'A measure of the concept (e.g., pain intensity).')).toBeNull();
  });
  it('"PBUK   UK Pocketbook" defines PBUK; a sentence opening with it does not', () => {
    expect(glossaryAnswer('What does PBUK stand for?', 'PBUK UK Pocketbook')).toBe('UK Pocketbook');
    expect(glossaryAnswer('What does PBUK stand for?', 'PBUK estimates were lower than ours in 1996.')).toBeNull();
    expect(glossaryAnswer('What does NA stand for?', 'NA NA NA')).toBeNull();
  });
});

describe('a table value named by a long row and column path (issue 15aj)', () => {
  it('reads a cell line whose group, row and column names run past 120 characters as a cell', () => {
    const name = 'Type of degree-granting institution, Private not-for-profit 4-year, Doctorate-granting, Average amount borrowed, (by borrowers), Both';
    expect(name.length).toBeGreaterThan(120);
    const lines = [{ text: `${name}: 55,500`, bbox: [40, 40, 400, 50] as [number, number, number, number] }];
    const u = units({ documentId: 'd', pageNumber: 1, kind: 'table', lines, pageLines: lines });
    expect(u[0]).toMatchObject({ kind: 'cell', span: '55,500' });
  });
});
