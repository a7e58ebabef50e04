// The shapes people type questions in (requests, contractions, noun phrases, a subject before a
// colon, separated phrasal verbs) rewritten as the plain question, and typed and split as such.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';
import { plainQuestion, unwrapRequest } from '../../../src/providers/answer/question-shape.js';

const parts = (q: string): string[] => questionParts(q).map((p) => p.text);

describe('question shapes', () => {
  it('drops the request around a question and expands contractions', () => {
    expect(unwrapRequest('Could you tell me who installed Pump F-29?')).toBe('Who installed Pump F-29?');
    expect(unwrapRequest('I need to know how heavy Pump F-29 is.')).toBe('How heavy Pump F-29 is.');
    expect(unwrapRequest("What's the mass of Pump F-29?")).toBe('What is the mass of Pump F-29?');
    expect(unwrapRequest('Please, do you know where Pump F-29 is?')).toBe('Where Pump F-29 is?');
    expect(unwrapRequest('Could you tell me whether Pump F-29 has a standby unit?')).toBe('Is Pump F-29 has a standby unit?');
  });

  it('asks a noun phrase as "What is ..." and keeps the names capitalised', () => {
    expect(plainQuestion('weight of Pump F-29')).toBe('What is the weight of Pump F-29?');
    expect(plainQuestion('I need the design flow for Pump F-29.')).toBe('What is the design flow for Pump F-29.');
    expect(plainQuestion('Pump F-29: weight?')).toBe('What is the weight of Pump F-29?');
    expect(plainQuestion('Pump F-29: how often inspected?')).toBe('How often inspected Pump F-29?');
    expect(plainQuestion('Regarding Pump F-29: when was it installed?')).toBe('When was it installed Pump F-29?');
  });

  it('leaves questions worded as statements and clock times alone', () => {
    expect(plainQuestion('Pump F-29 was installed by whom?')).toBe('Pump F-29 was installed by whom?');
    expect(plainQuestion('What happened at 10:30?')).toBe('What happened at 10:30?');
    expect(plainQuestion('Who built Pump F-29?')).toBe('Who built Pump F-29?');
  });

  it('joins a phrasal verb its object split and reads "whom should I ask" as the person responsible', () => {
    expect(plainQuestion('Which contractor put Pump F-29 in?')).toBe('Which contractor put in Pump F-29?');
    expect(plainQuestion('Who should I ask about Pump F-29?')).toBe('Who is responsible for Pump F-29?');
    expect(questionType('Who should I ask about Pump F-29?').type).toBe('agent');
  });

  it('types the rewritten shapes', () => {
    expect(questionType(plainQuestion('installation year Pump F-29'))).toMatchObject({ type: 'year' });
    expect(questionType(plainQuestion('Pump F-29: design life?'))).toMatchObject({ type: 'duration', recurrence: false });
    expect(questionType(plainQuestion('responsible engineer Pump F-29'))).toMatchObject({ type: 'person' });
    expect(questionType(plainQuestion('Pump F-29: capacity per hour?'))).toMatchObject({ type: 'rate' });
    expect(questionType("Who's the engineer for Pump F-29?")).toMatchObject({ type: 'person' });
    expect(questionType('Who is the installer of Pump F-29?')).toMatchObject({ type: 'organisation' });
    expect(questionType('How much was Pump F-29 bought for?')).toMatchObject({ type: 'money' });
    expect(questionType('Could you tell me what Pump F-29 cost?')).toMatchObject({ type: 'money' });
    expect(questionType('How much does Pump F-29 move at its design point?')).toMatchObject({ type: 'rate' });
  });

  it('splits two-part questions joined by "and also", "plus" or a bare noun phrase', () => {
    expect(parts('Could you tell me the power of Pump F-29 in kW, and also which firm installed it?')).toEqual(['What is the power of Pump F-29 in kW?', 'Which firm installed it?']);
    expect(parts('Pump F-29: weight, and also its efficiency?')).toEqual(['What is the weight of Pump F-29?', 'What is the efficiency of Pump F-29?']);
    expect(parts("Where's Pump F-29, plus the commissioning date?")).toEqual(['Where is Pump F-29?', 'What is the commissioning date?']);
    expect(questionParts('How heavy is Pump F-29, and also its efficiency?')[1]!.context).toBe('How heavy is Pump F-29?');
  });
});
