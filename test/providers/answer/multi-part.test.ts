// Multi-part questions that share one subject or one clause between their parts (issue 15, train4):
// each part is written out in full, so that it is typed and matched on its own.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { paraphrasesOf } from '../../../src/providers/answer/paraphrases.js';
import { terms } from '../../../src/providers/answer/text.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';
import { plainQuestion } from '../../../src/providers/answer/question-shape.js';

const parts = (q: string): string[] => questionParts(q).map((p) => p.text);

describe('multi-part questions', () => {
  it('gives each coordinated wh-phrase the clause they share', () => {
    expect(parts('When and by whom was Pump F-29 installed?')).toEqual(['When was Pump F-29 installed?', 'By whom was Pump F-29 installed?']);
    expect(parts('By whom and in what year was Pump F-29 installed?')).toEqual(['By whom was Pump F-29 installed?', 'In what year was Pump F-29 installed?']);
    expect(parts('How heavy and how efficient is Pump F-29?')).toEqual(['How heavy is Pump F-29?', 'How efficient is Pump F-29?']);
    expect(parts('When, where and by whom was Pump F-29 installed?')).toHaveLength(3);
  });

  it('reads a wh-phrase restated between commas as one ask, the later phrase kept', () => {
    expect(parts('How long ago, in what year, was Pump F-29 installed?')).toEqual(['In what year was Pump F-29 installed?']);
    expect(parts('How long ago, in what year, was Pump F-29 installed, and how heavy is it?')).toEqual(['In what year was Pump F-29 installed?', 'How heavy is it?']);
  });

  it('gives a bare trailing wh-word the first question\'s clause', () => {
    expect(parts('Which company installed Pump F-29 and when?')).toEqual(['Which company installed Pump F-29?', 'When installed Pump F-29?']);
    expect(parts('Who put Pump F-29 in, and when?')).toEqual(['Who put in Pump F-29?', 'When put in Pump F-29?']);
  });

  it('asks each property of a list about the one subject', () => {
    expect(parts('What are the location and commissioning date of Pump F-29?')).toEqual(['What is the location of Pump F-29?', 'What is the commissioning date of Pump F-29?']);
    expect(parts('Give me the price and the interval between inspections of Pump F-29.')).toEqual(['What is the price of Pump F-29?', 'What is the interval between inspections of Pump F-29?']);
    expect(parts('I need the installer of Pump F-29 as well as the date of commissioning.')).toEqual(['What is the installer of Pump F-29?', 'What is the date of commissioning of Pump F-29?']);
    expect(parts('rated power and flow rate of Pump F-29?')).toEqual(['What is the rated power of Pump F-29?', 'What is the flow rate of Pump F-29?']);
    expect(parts('Pump F-29: flow rate, engineer in charge, interval between inspections?')).toEqual([
      'What is the flow rate of Pump F-29?',
      'What is the engineer in charge of Pump F-29?',
      'What is the interval between inspections of Pump F-29?',
    ]);
    expect(parts('What are the purchase price, service life and power consumption of Pump F-29?')).toHaveLength(3);
  });

  it('keeps one noun phrase whole: "between A and B", names, clauses', () => {
    expect(parts('What is the difference between cost and price of Pump F-29?')).toHaveLength(1);
    expect(parts('What is the difference between A and B?')).toHaveLength(1);
    expect(parts('Who is Anna and what does she do?')).toEqual(['Who is Anna?', 'What does she do?']);
    expect(parts('What is the output of Smith and Sons Ltd?')).toHaveLength(1);
  });

  it('splits before "along with its ..." and "and its ..."', () => {
    expect(parts('How much power does Pump F-29 take, along with its installation year?')).toEqual(['How much power does Pump F-29 take?', 'What is its installation year?']);
    expect(parts('How heavy is Pump F-29 and its power rating?')).toEqual(['How heavy is Pump F-29?', 'What is its power rating?']);
  });
});

describe('part shapes met in multi-part questions', () => {
  it('reads the unit an answer is asked in as its type', () => {
    expect(questionType('What is Pump F-29 rated at in kW?')).toMatchObject({ type: 'quantity', family: 'power' });
    expect(questionType('What is Pump F-29 listed as in kilograms?')).toMatchObject({ type: 'quantity', family: 'mass' });
    expect(questionType('What is Pump F-29 known as in Norway?')).toMatchObject({ type: 'text' });
  });

  it('reads "what sum was spent", "what was X purchased for" as money', () => {
    expect(questionType('What sum was spent on Pump F-29?').type).toBe('money');
    expect(questionType('What was Pump F-29 purchased for?').type).toBe('money');
    expect(questionType('what it was purchased for').type).toBe('money');
    expect(questionType('What was Pump F-29 used for?').type).toBe('text');
  });

  it('reads a modifier before the kind of agent asked', () => {
    expect(questionType('Which installation company worked on Pump F-29?').type).toBe('organisation');
    expect(questionType('Which maintenance engineer looks after Pump F-29?').type).toBe('person');
  });

  it('reads "what X applies to Y" as "the X of Y"', () => {
    expect(plainQuestion('What inspection interval applies to Pump F-29?')).toBe('What is the inspection interval of Pump F-29?');
  });

  it('knows "taken into operation" as commissioned', () => {
    expect(paraphrasesOf('taken into operation')).toContain('commission');
  });
});

describe('second batch (train4b) shapes', () => {
  it('splits two questions in a row: "?", ";", " - also,"', () => {
    expect(parts('How heavy is Pump F-29; how often is it inspected?')).toEqual(['How heavy is Pump F-29?', 'How often is it inspected?']);
    expect(parts('How heavy is Pump F-29? And the year of its installation?')).toEqual(['How heavy is Pump F-29?', 'What is the year of its installation?']);
    expect(parts('What was the date Pump F-29 was commissioned and the year of its installation?')).toHaveLength(2);
    expect(parts('How heavy is Pump F-29 - also, where is it?')).toEqual(['How heavy is Pump F-29?', 'Where is it?']);
  });

  it('reads an inspection schedule or cycle as a recurring duration', () => {
    expect(questionType('What inspection schedule does it follow?')).toMatchObject({ type: 'duration', recurrence: true });
  });

  it('takes a unit for no name, and an insisting adverb for no content word', () => {
    expect(matchTerms('How many m3 per hour does it deliver?', []).filter((t) => t.key)).toEqual([]);
    expect(matchTerms('How many MW does Pump F-29 draw?', []).filter((t) => t.key).map((t) => t.stem)).toEqual(['pump', 'f29']);
    expect(terms('Where exactly is Pump F-29?')).toEqual(['pump', 'f29']);
  });

  it('knows irregular forms of the commissioning idioms', () => {
    expect(paraphrasesOf('brought into service')).toContain('commission');
  });
});
