// Durations asked and stated in more ways, data-sheet tables, flow columns and facts that only
// share a type with a stated one (issue 15, docs8/train8).
import { describe, expect, it } from 'vitest';
import { questionType, recurrenceAgrees, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { labelValueRows } from '../../../src/providers/answer/label-rows.js';
import { bareValueFits, flowColumnAsked, labelledName, listedValueSays } from '../../../src/providers/answer/labelled-values.js';
import { matchTerms, matchText } from '../../../src/providers/answer/matching.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';
import { askPassage as ask } from './ask-lines.js';

const at = (text: string, x: number, y: number, w = 120): PassageLine => ({ text, bbox: [x, y, x + w, y + 10] });
const passageOf = (lines: PassageLine[]): Passage => ({ documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines });

describe('duration questions', () => {
  it('reads counted hours, "how much time" and "how regularly" as durations', () => {
    expect(questionType('After how many operating hours is Dryer NC-344 serviced?')).toMatchObject({ type: 'duration', unitWord: 'hour' });
    expect(questionType('How many running hours pass between services of Feeder DE-746?')).toMatchObject({ type: 'duration', unitWord: 'hour', recurrence: true });
    expect(questionType('How much time passes between inspections of Hoist TV-830?')).toMatchObject({ type: 'duration', recurrence: true });
    expect(questionType('How regularly does Blower KY-790 need an inspection?')).toMatchObject({ type: 'duration', recurrence: true });
    expect(questionType('After how many months is Turbine C-15 inspected again?')).toMatchObject({ type: 'duration', recurrence: true });
    expect(questionType('How many apples are there?').type).toBe('count');
  });

  it('takes "tell me" off a part that opens with a preposition, and types a hyphenated noun', () => {
    expect(questionType('Tell me for how long is it guaranteed').type).toBe('duration');
    expect(questionType('What was the start-up date of Blower PM-943?').type).toBe('date');
  });

  it('finds a duration with a word between the number and its unit', () => {
    expect(typedSpans(questionType('How often is X serviced?'), 'X is serviced every 5,400 operating hours.').map((s) => s.text)).toEqual(['5,400 operating hours']);
    expect(typedSpans(questionType('How often is X serviced?'), 'X weighs 5,400 kg.')).toEqual([]);
  });

  it('does not count a year under "Year installed" as years', () => {
    const years = questionType('For how many years is Scrubber JS-841 covered by warranty?');
    expect(bareValueFits(years, '1991', 'Year installed: 1991')).toBe(false);
    expect(bareValueFits(years, '25', 'Service life (years): 25')).toBe(true);
  });
});

describe('flows', () => {
  it('answers a capacity question with a rate in its unit', () => {
    expect(typedSpans(questionType('What is the capacity of Condenser LU-222?'), 'The capacity of Condenser LU-222 is 392 m3/h.').map((s) => s.text)).toEqual(['392 m3/h']);
  });

  it('lets a flow column answer a question about what a unit moves per the same time', () => {
    expect(flowColumnAsked('How much can Hoist VO-435 deliver per hour?', 'Hoist VO-435, Capacity (m3/h): 502')).toBe(true);
    expect(flowColumnAsked('How much can Hoist VO-435 deliver per second?', 'Hoist VO-435, Capacity (m3/h): 502')).toBe(false);
    expect(flowColumnAsked('What flow rate does Fan B-3 reach?', 'Fan B-3, Vibration (mm/s): 4.2')).toBe(false);
  });
});

describe('data-sheet tables', () => {
  const page = [
    at('Table 3.1: Data sheet of Scrubber DJ-435', 72, 700, 300),
    at('Property', 72, 680, 50),
    at('Value', 181, 680, 40),
    at('Guarantee', 72, 664, 50),
    at('3 years', 181, 664, 40),
    at('Responsible engineer', 72, 648, 100),
    at('Henrik Garlim', 181, 648, 70),
    at('Weight', 72, 632, 40),
    at('25,196 kg', 181, 632, 50),
    at('Its sister unit Scrubber UH-853 at the Tunramgar plant is a separate machine.', 72, 610, 400),
    at('The warranty on Scrubber UH-853 runs for 5 years.', 72, 594, 300),
  ];

  it('reads each row of a two-column table as a "label: value" line', () => {
    const rows = labelValueRows(page, page).map((l) => l.text);
    expect(rows).toContain('Guarantee: 3 years');
    expect(rows).toContain('Weight: 25,196 kg');
    expect(rows).not.toContain('3 years');
    // Two columns of prose side by side are no table.
    const prose = [0, 1, 2].flatMap((i) => [at('The plant ran at reduced load during the audit week and', 72, 700 - 16 * i, 200), at('the figures were read from the maintenance system.', 300, 700 - 16 * i, 200)]);
    expect(labelValueRows(prose, prose)).toEqual(prose);
  });

  it('answers from the row with the asset named in the caption, and not for the sister unit', async () => {
    expect(await ask('How long is the warranty on Scrubber DJ-435?', passageOf(page))).toBe('3 years');
    expect(await ask('Which engineer looks after Scrubber DJ-435?', passageOf(page))).toBe('Henrik Garlim');
    expect(await ask('How heavy is Scrubber DJ-435?', passageOf(page))).toBe('25,196 kg');
  });
});

describe('facts that share only a type with a stated one', () => {
  it('does not give the design life for the warranty, nor the warranty for the life', async () => {
    const lines = [at('Hoist OU-884', 72, 700), at('Hoist OU-884 has a design life of 31 years.', 72, 684, 300)];
    expect(await ask('How long is the warranty on Hoist OU-884?', passageOf(lines))).toBe(NOT_FOUND_TEXT);
    expect(await ask('How long will Hoist OU-884 last?', passageOf(lines))).toBe('31 years');
    const warranty = [at('Hoist OU-885', 72, 700), at('Hoist OU-885 is under warranty for 4 years.', 72, 684, 300)];
    expect(await ask('What is the life expectancy of Hoist OU-885?', passageOf(warranty))).toBe(NOT_FOUND_TEXT);
  });
});

describe('two-part requests', () => {
  it('keeps an order after the first part a question of its own', () => {
    const parts = questionParts('Give me the expected lifetime of Dryer YX-959, and tell me which firm installed it.');
    expect(parts).toHaveLength(2);
    expect(parts[1]!.text).toMatch(/which firm installed/i);
  });
});

describe('more ways of asking', () => {
  it('reads "the length of the warranty" as a duration and "I\'d like" as a request', () => {
    expect(questionType('What is the length of the warranty of Hoist LG-498?')).toMatchObject({ type: 'duration', recurrence: false });
    expect(questionType('What is the length of Hoist LG-498?')).toMatchObject({ type: 'quantity', family: 'length' });
    const parts = questionParts("I'd like the efficiency of Mixer J-7 as well as its installing company.");
    expect(parts.map((p) => p.text)).toEqual(['What is the efficiency of Mixer J-7?', 'What is the installing company of Mixer J-7?']);
  });

  it('does not take a place label for a firm, and lets a label or unit say the asked kind', async () => {
    const which = questionType('Which firm fitted Feeder ER-562?');
    expect(labelledName(which.type, 'Installed at: Bovin', 'Bovin')).toBe(false);
    expect(labelledName(which.type, 'Installed by: Rogargar Service', 'Rogargar Service')).toBe(true);
    expect(labelledName('place', 'Installed at: Bovin', 'Bovin')).toBe(true);
    expect(listedValueSays(questionType('What is the capacity of Agitator GB-670 per hour?'), 'Throughput: 477 m3/h', '477 m3/h')).toBe(true);
    expect(listedValueSays(questionType('How heavy is Agitator GB-670?'), 'Throughput: 477 m3/h', '477 m3/h')).toBe(false);
    const lines = [at('Feeder ER-562 - key data', 72, 700), at('Installed at: Bovin', 72, 684), at('Installed by: Rogargar Service', 72, 668)];
    expect(await ask('Where does Feeder ER-562 operate?', passageOf(lines))).toBe('Bovin');
    expect(await ask('Which firm fitted Feeder ER-562?', passageOf(lines))).toBe('Rogargar Service');
    expect(await ask('Who is in charge of Feeder ER-562?', passageOf(lines))).toBe(NOT_FOUND_TEXT);
  });

  it('answers "how often" only from a statement of something recurring, and "how long will it last" only from one that is not', async () => {
    const dur = questionType('What is the service interval of Blower AP-163?');
    expect(recurrenceAgrees(dur, 'Blower AP-163 should remain serviceable for 12 years.')).toBe(false);
    expect(recurrenceAgrees(dur, 'Servicing of Blower AP-163 is due after every 3,500 operating hours.')).toBe(true);
    const lines = [at('Blower AP-163', 72, 700), at('Blower AP-163 should remain serviceable for 12 years.', 72, 684, 300), at('Servicing of Blower AP-163 is due after every 3,500 operating hours.', 72, 668, 300)];
    expect(await ask('What is the service interval of Blower AP-163?', passageOf(lines))).toBe('3,500 operating hours');
    expect(await ask('For how long should Blower AP-163 remain in service?', passageOf(lines.slice(0, 1).concat(lines.slice(2))))).toBe(NOT_FOUND_TEXT);
  });

  it('reads "carried out" and "need" as saying nothing, and a compound by its head', () => {
    const terms = matchTerms('Who carried out the installation of Grinder TW-731?', []).map((t) => t.stem);
    expect(terms).not.toContain('carri');
    expect(terms).not.toContain('out');
    expect(matchTerms('How much electrical power does Hoist OU-884 need?', []).map((t) => t.stem)).not.toContain('need');
    const price = matchTerms('What is the purchase price of Blower JD-288?', []);
    expect(matchText(price, 'Blower JD-288, Price (EUR): 628,000', null).contentShare).toBeGreaterThanOrEqual(0.5);
    expect(matchText(price, 'Blower JD-288, Spare parts (EUR): 628,000', null).contentShare).toBe(0);
  });
});
