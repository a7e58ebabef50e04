// Issue 15ak (eval/qa-real train5): table-row lines read whole (no caption run into the first cell,
// no cut at "Sept."), a header line's colon, headers centred each over its value, columns told apart
// by a negative, the clause saying the most of the question, a display label's number, fractions
// under "Proportion".
import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { negationsAgree } from '../../../src/providers/answer/extractive.js';
import { headerOver } from '../../../src/providers/answer/header-cut.js';
import { bareValueFits } from '../../../src/providers/answer/labelled-values.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { units } from '../../../src/providers/answer/passage-units.js';
import { inAskedClauses } from '../../../src/providers/answer/span-choice.js';
import { tableRowLines } from '../../../src/qa/answering.js';

describe('table-row chunks', () => {
  it('reads each cell line whole: a caption cut after a comma, a date with "Sept."', () => {
    const lines = tableRowLines('Exhibit 2.2. Number of Children Assigned to Head Start and Control Groups,\n4-year-olds: Head Start Group: 1,253; FY 2010 Sept. 30, 2011: 855', [])!;
    const read = units({ documentId: 'd', pageNumber: 1, kind: 'table', lines, pageLines: lines, carriedSubject: null }).filter((u) => u.kind === 'cell').map((u) => u.text);
    expect(read).toEqual(['4-year-olds, Head Start Group: 1,253', '4-year-olds, FY 2010 Sept. 30, 2011: 855']);
  });
  it('drops the colon of a header line ("Launch:" over its date)', () => {
    expect(tableRowLines('Total data sets available: Launch: May 21, 2009: 47', [])!.map((l) => l.text)).toEqual(['Total data sets available, Launch May 21, 2009: 47']);
  });
});

describe('headers centred each over its own value', () => {
  // "Never  Sometimes  Often" over three percentages, read as one line (about 5.86 pt a character).
  const header = { text: 'Never Sometimes Often', bbox: [230, 208, 353, 218] as [number, number, number, number] };
  const values: Array<[number, number, number, number]> = [
    [229, 220, 255, 230],
    [280, 220, 305, 230],
    [329, 220, 355, 230],
  ];
  it('gives each value its own word', () => {
    expect(values.map((v) => headerOver(header, v, values))).toEqual(['Never', 'Sometimes', 'Often']);
  });
  it('keeps a band centred over two values whole', () => {
    const band = { text: 'Net revenue', bbox: [130, 100, 185, 109] as [number, number, number, number] };
    expect(headerOver(band, [120, 120, 140, 129], [[120, 120, 140, 129], [170, 120, 190, 129]])).toBe('Net revenue');
  });
});

describe('columns that differ by a negative', () => {
  const c = { score: 0.9, span: '33%', matched: [], missingKey: false };
  const ask = 'What share of schools not identified under NCLB had no special designation?';
  it('the value whose labels say as many negatives as the question goes first', () => {
    expect(negationsAgree(ask, { kind: 'cell', text: 'No special designation, Schools Not Identified Under NCLB (n = 918): 33%' }, c).score).toBe(0.9);
    expect(negationsAgree(ask, { kind: 'cell', text: 'No special designation, Schools Identified Under NCLB (n = 469): 11%' }, c).score).toBeCloseTo(0.89);
    expect(negationsAgree('What share took part in year 1?', { kind: 'cell', text: 'Control Group, No Year 1 Participation: 86.1%' }, c).score).toBeCloseTo(0.89);
  });
  it('a bracketed note and "No." for number are no negatives', () => {
    expect(negationsAgree('What share often feel exhausted?', { kind: 'cell', text: 'Exhausted (not from physical activity), Often: 58.5%' }, c).score).toBe(0.9);
    expect(negationsAgree('How many units were sold?', { kind: 'cell', text: 'No. of units sold: 12' }, c).score).toBe(0.9);
  });
});

describe('numbers that are no answers, fractions that are', () => {
  it('the clause saying the most of the question holds its value', () => {
    const q = 'What share of students often feel left out?';
    const text = 'Almost 20% of the students feel often left out of things, 24% often feel helpless or hopeless.';
    const type = questionType(q);
    expect(inAskedClauses(typedSpans(type, text), text, matchTerms(q, type.cue)).map((s) => s.text)).toEqual(['20%']);
  });
  it("a display label's number is no count", () => {
    expect(typedSpans(questionType('How many children were assigned?'), 'Exhibit 2.2. Number of Children Assigned, 4,667 in all').map((s) => s.text)).toEqual(['4,667']);
  });
  it('figures run together in one cell are no one value; thousands grouped by spaces are', () => {
    expect(bareValueFits(questionType('How many people were aged 30 to 39?'), '0.1392 0.2046', 'Proportion (total) (20+ years)')).toBe(false);
    expect(bareValueFits(questionType('How many people took part?'), '54 200', 'Participants')).toBe(true);
  });
  it('a "Proportion" column answers a share', () => {
    expect(bareValueFits(questionType('What proportion of the population was aged 12-19?'), '0.1418', 'U.S. population, Proportion (total)')).toBe(true);
  });
});
