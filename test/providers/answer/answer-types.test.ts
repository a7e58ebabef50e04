// Answer types: what each kind of question expects, and which spans of a sentence can be one.
import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { bareValueFits } from '../../../src/providers/answer/labelled-values.js';

const spans = (question: string, text: string): string[] => typedSpans(questionType(question), text).map((s) => s.text);

describe('answer types', () => {
  it.each([
    ['In what year was Pump F-29 put in?', 'year'],
    ['Since which year has the pump been in place?', 'year'],
    ['When was the boiler commissioned?', 'date'],
    ['On which day did it start operating?', 'date'],
    ['How often does Boiler A-19 have to be inspected?', 'duration'],
    ['What is the inspection interval of Boiler A-19?', 'duration'],
    ['For how many years should it remain in use?', 'duration'],
    ['How heavy is the crane?', 'quantity'],
    ['What is the mass of the crane?', 'quantity'],
    ['How many cubic metres per hour can the pump move?', 'rate'],
    ['What flow rate does the fan achieve?', 'rate'],
    ['How much did the turbine cost?', 'money'],
    ['What was the purchase price of the turbine?', 'money'],
    ['What percentage of the budget went to repairs?', 'percentage'],
    ['How efficient is the chiller?', 'percentage'],
    ['How many buildings does the campus have?', 'count'],
    ['Which engineer is responsible for the pump?', 'person'],
    ['Which company installed the pump?', 'organisation'],
    ['Who installed Pump F-29?', 'agent'],
    ['Where is the pump located?', 'place'],
    ['In which town is the pump?', 'place'],
    ['Does the pump have a standby unit?', 'yes/no'],
    ['What is the main product of Varnok Mining?', 'text'],
  ])('%s -> %s', (question, type) => {
    expect(questionType(question).type).toBe(type);
  });

  it.each([
    // Imperatives, possessives, a wh-phrase at the end, units counted, amounts per hour.
    ['Give the weight of Crane K-2.', 'quantity', 'mass'],
    ['Tell me the installation year of Crane K-2.', 'year', null],
    ['Name the installer of Crane K-2.', 'organisation', null],
    ['Tell me who installed Crane K-2.', 'agent', null],
    ['What is Crane K-2\'s mass?', 'quantity', 'mass'],
    ['Who is Crane K-2\'s engineer?', 'person', null],
    ['What is Crane K-2\'s efficiency rating?', 'percentage', null],
    ['Crane K-2 was installed by whom?', 'agent', null],
    ['Crane K-2 was installed in what year?', 'year', null],
    ['How many kW does Crane K-2 draw?', 'quantity', 'power'],
    ['How many kg does the crane lift?', 'quantity', 'mass'],
    ['How much can Pump P-4 pump per hour?', 'rate', null],
    ['At what rate does Pump P-4 deliver?', 'rate', null],
    ['What is the capacity of Pump P-4 in cubic metres per hour?', 'rate', null],
    ['How regularly must Pump P-4 be checked?', 'duration', 'time'],
    ['What is the interval between inspections of Pump P-4?', 'duration', 'time'],
    ['What was the installation year', 'year', null],
  ])('%s -> %s (%s)', (question, type, family) => {
    const t = questionType(question);
    expect(t.type).toBe(type);
    if (family) expect(t.family).toBe(family);
  });

  it('finds spans of the asked type only', () => {
    expect(spans('In which year was it installed?', 'Pump F-29 was installed by Norrland Mechanical in 2011.')).toEqual(['2011']);
    expect(spans('Who installed Pump F-29?', 'Pump F-29 was installed by Norrland Mechanical in 2011.')).toEqual(['Norrland Mechanical']);
    expect(spans('When was it commissioned?', 'It was commissioned on 14 March 2012 after tests.')).toEqual(['14 March 2012']);
    expect(spans('How often is it inspected?', 'The inspection interval of Boiler A-19 is 71 months.')).toEqual(['71 months']);
    expect(spans('How heavy is it?', 'The pump weighs 1,240 kg and draws 45 kW.')).toEqual(['1,240 kg']);
    expect(spans('How much power does it use?', 'The pump weighs 1,240 kg and draws 45 kW.')).toEqual(['45 kW']);
    expect(spans('What flow rate does it achieve?', 'It moves 45 m3/h, or 750 litres per minute.')).toEqual(['45 m3/h', '750 litres per minute']);
    expect(spans('How much did it cost?', 'It cost EUR 84,000 in 2011 and 3 million euros later.')).toEqual(['EUR 84,000', '3 million euros']);
    expect(spans('How efficient is it?', 'It reaches 87 % at 50 Hz.')).toEqual(['87 %']);
    expect(spans('Which engineer looks after it?', 'The engineer responsible for it is Greta Lindqvist.')).toEqual(['Greta Lindqvist']);
    expect(spans('Where is it?', 'Pump F-29 is located in Torsby.')).toEqual(['Torsby']);
    expect(spans('How many hours has it run?', 'It is inspected every 58 months and ran 1,200 hours.')).toEqual(['1,200 hours']);
  });

  it('never offers a span of the wrong type', () => {
    expect(spans('In which year was Pump F-29 installed?', 'Pump F-29 was installed by Norrland Mechanical.')).toEqual([]);
    expect(spans('How heavy is it?', 'It draws 45 kW.')).toEqual([]);
    expect(spans('How much did it cost?', 'It weighs 1,240 kg.')).toEqual([]);
    expect(spans('How efficient is it?', 'It weighs 1,240 kg.')).toEqual([]);
    expect(spans('Where is it?', 'Greta Lindqvist is in charge of it.')).toEqual([]);
  });

  it('answers "how often" from an interval column, not from a count of hours', () => {
    expect(bareValueFits(questionType('How often is Pump F-29 inspected?'), '28,092', 'Pump F-29, Run hours (h)')).toBe(false);
    expect(bareValueFits(questionType('How often is Pump F-29 inspected?'), '12', 'Pump F-29, Inspection interval (months)')).toBe(true);
  });

  it('lets a bare table value answer when its header has the right unit', () => {
    expect(bareValueFits(questionType('How loud is Pump F-29?'), '78', 'Pump F-29, Noise (dB)')).toBe(true);
    expect(bareValueFits(questionType('How heavy is Pump F-29?'), '78', 'Pump F-29, Noise (dB)')).toBe(false);
    expect(bareValueFits(questionType('How much was spent on spare parts?'), '3,200', 'Pump F-29, Spare parts (EUR)')).toBe(true);
    expect(bareValueFits(questionType('How many hours has it run?'), '13,281', 'Pump F-29, Operating hours')).toBe(true);
  });

  it('reads a unit named inside the asked noun phrase as the type (issue-15k)', () => {
    expect(questionType('What is the kW rating of Mill QA-1200?')).toMatchObject({ type: 'quantity', family: 'power' });
    expect(questionType('What is the name of Mill QA-1200?').type).toBe('text');
  });

  it('reads more head nouns: a fitter is a firm, a motor rating a power, a pumping rate a rate, years of ... a duration (issue-15k)', () => {
    expect(questionType('What is the fitter of Mill QA-1200?').type).toBe('organisation');
    expect(questionType('What is the motor rating of Mill QA-1200?')).toMatchObject({ type: 'quantity', family: 'power' });
    expect(questionType('What is the pumping rate of Mill QA-1200?').type).toBe('rate');
    expect(questionType('What is the years of service expected of Mill QA-1200?').type).toBe('duration');
    expect(questionType('What is the failure rate of Mill QA-1200?').type).toBe('text');
  });

  it('reads no unit in an abbreviation after a number ("34 C.F.R." is no temperature)', () => {
    expect(spans('How hot does the boiler get?', 'Records follow 34 C.F.R. 99.31; the boiler runs at 80 C.')).toEqual(['80 C']);
    expect(spans('How hot does the boiler get?', 'See 34 C.F.R. Part 99.')).toEqual([]);
    expect(spans('How heavy is it?', 'It weighs 12 t. The pump is new.')).toEqual(['12 t']);
  });

  it('reads no sum of money in the end of a year range ("Constant 2008–09 dollars", issue 15aj)', () => {
    expect(spans('What was the average teacher salary in 2012?', 'Projected, 2012–13, Constant 2008–09 dollars, Total: 548.7')).toEqual([]);
    expect(spans('What was the average teacher salary in 2012?', 'The salary was 54,000 dollars.')).toEqual(['54,000 dollars']);
  });
});
