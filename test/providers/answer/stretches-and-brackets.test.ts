// Parts of two-part questions that failed on their own (issue 15, issue-15af): a count of years
// asked with nothing recurring, a time word in brackets.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';
import { plainQuestion } from '../../../src/providers/answer/question-shape.js';
import { askPassage as ask, pageOf as passageOf } from './ask-lines.js';


const PAGE = passageOf(['Boiler G-83 must be inspected every 24 months.', 'The expected service life of Boiler G-83 is 27 years.', 'Installation of Boiler G-83 was completed in 2001.']);

describe('a count of time units asked with nothing recurring', () => {
  it('is one stretch, as "how long" is', () => {
    expect(questionType('For how many years is Boiler G-83 designed?')).toMatchObject({ type: 'duration', recurrence: false });
    expect(questionType('How many years is it designed for?')).toMatchObject({ type: 'duration', recurrence: false });
  });
  it('stays a recurrence or open when the question says something recurs', () => {
    expect(questionType('How many months between inspections of Boiler G-83?')).toMatchObject({ type: 'duration', recurrence: true });
    expect(questionType('How many hours a day does Pump X-1 run?').recurrence).toBeUndefined();
  });
  it('is answered by the life, not by the inspection interval beside it', async () => {
    expect(await ask('For how many years is Boiler G-83 designed?', PAGE)).toBe('27 years');
    expect(await ask('How often is Boiler G-83 inspected, and how many years is it designed for?', PAGE)).toBe('24 months; 27 years');
  });
});

describe('a time word in brackets', () => {
  it('says which part of a date is asked', () => {
    expect(plainQuestion('What is the installation date (year) of Turbine I-34?')).toBe('What is the installation year of Turbine I-34?');
    expect(plainQuestion('Installation (year) of Turbine I-34?')).toBe('What is the installation year of Turbine I-34?');
    expect(questionType(questionParts("Turbine I-34's installation date (year) and design lifetime?")[0]!.text).type).toBe('year');
  });
  it('answers the year of a framed list', async () => {
    expect(await ask('For Boiler G-83: installation date (year) and service life, please.', PAGE)).toBe('2001; 27 years');
  });
});
