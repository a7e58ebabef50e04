// Plural questions ask for every name of a list ("Which countries ...?" -> "Greece, Spain, Italy"),
// a singular one for the name alone. Made-up sentences, not from the evaluation sets.
import { describe, expect, it } from 'vitest';
import { asksSeveral, nameLists, withListedNames } from '../../../src/providers/answer/plural-names.js';
import { askLines } from './ask-lines.js';

const lines = (texts: string[]) => texts.map((text, i) => ({ text, bbox: [72, 100 + i * 20, 500, 116 + i * 20] as [number, number, number, number] }));

describe('plural questions', () => {
  it('tells a plural question from a singular one', () => {
    expect(asksSeveral('Which countries have the lowest ratios?')).toBe(true);
    expect(asksSeveral('In which countries are the highest ratios found?')).toBe(true);
    expect(asksSeveral('What are the names of the contractors?')).toBe(true);
    expect(asksSeveral('Which country has the lowest ratio?')).toBe(false);
    expect(asksSeveral('What was the ratio of Greece?')).toBe(false);
    expect(asksSeveral('What does PBUK stand for?')).toBe(false);
    expect(asksSeveral('Which process is used?')).toBe(false);
    expect(asksSeveral('Which three regions were missing some grades?')).toBe(true);
    expect(asksSeveral('Which 1990 report is cited?')).toBe(false);
  });

  it('extends a name to the coordinated list it opens, and only to one joined by "and" / "or"', () => {
    const text = 'The lowest shares are found in Lorvania, Estmark and Dunhold.';
    expect(withListedNames({ text: 'Lorvania', start: text.indexOf('Lorvania') }, text)).toBe('Lorvania, Estmark, Dunhold');
    const firm = 'The crane was fitted by Halvor Lifting AB, Kungsbacka.';
    expect(withListedNames({ text: 'Halvor Lifting AB', start: firm.indexOf('Halvor') }, firm)).toBe('Halvor Lifting AB');
  });

  it('answers a plural question with every listed name', async () => {
    const page = lines(['Market report', 'The lowest concentration ratios are found in Lorvania, Estmark and Dunhold.']);
    expect(await askLines('Which countries have the lowest concentration ratios?', page)).toBe('Lorvania, Estmark, Dunhold');
  });

  it('finds coordinated lists of names in a sentence, not the question\'s own', () => {
    const text = 'By 2006 all regions, the Duchy of Orlen and Vessmark, had plans, although three (Aldmoor, Brisk, and New Tarn) lacked grades.';
    expect(nameLists(text, new Set()).map((l) => l.text)).toEqual(['Duchy of Orlen, Vessmark', 'Aldmoor, Brisk, New Tarn']);
    expect(nameLists(text, new Set(['duchy', 'of', 'orlen', 'vessmark'])).map((l) => l.text)).toEqual(['Aldmoor, Brisk, New Tarn']);
    expect(nameLists('A checklist offers Yes, No and Don’t know as answers.', new Set())).toEqual([]);
    expect(nameLists('The plan covers the Harbour Fund (HF), the Rail Fund (RF) and the Road Fund.', new Set()).map((l) => l.text)).toEqual(['Harbour Fund (HF), Rail Fund (RF), Road Fund']);
  });

  it('answers "which three ..." with the list nearest the asked words', async () => {
    const page = lines(['Regional plans', 'By 2006 all regions, the Duchy of Orlen and Vessmark, had plans, although three (Aldmoor, Brisk, and New Tarn) were missing some of the required grades.']);
    expect(await askLines('Which three regions were missing some of the required grades?', page)).toBe('Aldmoor, Brisk, New Tarn');
  });
});
