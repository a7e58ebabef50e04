// Issue 15 (branch issue-15am): docs9's absent questions answered with a neighbour fact's value,
// and the unlinked synonyms, property units and compact lines behind its misses.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { continuesLine } from '../../../src/providers/answer/passage-units.js';
import { askLines, askPassage, pageOf } from './ask-lines.js';

const kiln = (texts: string[]) => pageOf(['Kiln 4K17', ...texts]);

describe('neighbour facts are not answers (issue 15am)', () => {
  it('answers no replacement year with the build year, nor a build year with the replacement', async () => {
    expect(await askPassage('What is the planned replacement year of Kiln 4K17?', kiln(['Kiln 4K17 was manufactured in 1983.', 'Kiln 4K17 stands in the Torsby hall.']))).toBe(NOT_FOUND_TEXT);
    expect(await askPassage('When was Kiln 4K17 built?', kiln(['Kiln 4K17 is due for replacement in 2028.', 'Kiln 4K17 stands in the Torsby hall.']))).toBe(NOT_FOUND_TEXT);
  });
  it('answers no owner with the maker, and no person with a firm', async () => {
    expect(await askPassage('Who owns Kiln 4K17?', kiln(['Kiln 4K17 was made by Miququ Industries.']))).toBe(NOT_FOUND_TEXT);
    expect(await askPassage('Which person works Kiln 4K17?', kiln(['This kiln was manufactured by Ariloxqu Fabrication in 1982.']))).toBe(NOT_FOUND_TEXT);
  });
  it('answers no energy use with a sum per year, and a "which hall" with no "took place"', async () => {
    expect(await askPassage("What's the yearly energy consumption of Kiln 4K17?", kiln(['Kiln 4K17: budget EUR 161,000 a year; 1,540 rpm.']))).toBe(NOT_FOUND_TEXT);
    expect(await askPassage('Energy used by Kiln 4K17 per year?', kiln(['Kiln 4K17: budget EUR 161,000 a year; 1,540 rpm.']))).toBe(NOT_FOUND_TEXT);
    expect(await askPassage('Which hall is Kiln 4K17 located in?', kiln(['The most recent overhaul of Kiln 4K17 took place on 5 November 2009.']))).toBe(NOT_FOUND_TEXT);
  });
});

describe('synonyms and properties of docs9 (issue 15am)', () => {
  it('reads "run by" as operated, "belongs to" as owned, uptime as availability', async () => {
    expect(await askPassage('Who is Kiln 4K17 run by?', kiln(['Kiln 4K17 is operated by Wiebke Wonottpel.', 'Kiln 4K17 was made by Balmi Werke.']))).toBe('Wiebke Wonottpel');
    expect(await askPassage('Kiln 4K17 belongs to which company?', kiln(['Kiln 4K17 is owned by Steottmi Utilities.', 'Kiln 4K17 was made by Quarimi Werke.']))).toBe('Steottmi Utilities');
    expect(await askPassage('What uptime did Kiln 4K17 achieve?', kiln(['Kiln 4K17 reached an availability of 72%.', 'Kiln 4K17 turns at 1,540 rpm.']))).toBe('72%');
  });
  it('types energy asked per year, revolutions per minute, a hall and the person operating', async () => {
    expect(questionType('Energy used by Kiln 4K17 per year?')).toMatchObject({ type: 'rate', family: 'energy' });
    expect(questionType('At how many revolutions per minute does Kiln 4K17 turn?')).toMatchObject({ type: 'rate', family: 'speed' });
    expect(questionType('Which hall is Kiln 4K17 located in?').type).toBe('place');
    expect(questionType("What's the name of the person operating Kiln 4K17?").type).toBe('person');
    expect(await askPassage('At how many revolutions per minute does Kiln 4K17 turn?', kiln(['- Rotational speed: 1,690 rpm', '- Energy use: 2,803 MWh per year']))).toBe('1,690 rpm');
    expect(await askPassage('In which hall is Kiln 4K17 housed?', kiln(['- Hall: Pelquari', '- Operator: Fabian Loxloxmi']))).toBe('Pelquari');
  });
  it('reads a compact line on after a semicolon, and a unit proves its clause', async () => {
    expect(continuesLine('Kiln 4K17: overhauled 21 August 2012; owned by Ottwonste Holdings;', 'operator Wiebke Cenrhudrav; 37 bar design pressure;')).toBe(true);
    expect(continuesLine('It ends here;', 'b) the next item')).toBe(false);
    const lines = ['Kiln 4K17: overhauled 21 August 2012; 913 deg C max.; owned by Ottwonste Holdings;', 'operator Wiebke Cenrhudrav; 71% available; 37 bar design pressure;', 'budget EUR 149,500 a year.'];
    expect(await askLines('How many bar can Kiln 4K17 withstand?', lines.map((text, i) => ({ text, bbox: [40, 40 + 14 * i, 520, 50 + 14 * i] as [number, number, number, number] })))).toBe('37 bar');
    expect(await askPassage('What temperature does Kiln 4K17 reach when operating?', kiln(['Kiln 4K17: 2,018 MWh per year; 527 deg C max.; operator Wiebke Stecen; Rhuari hall.']))).toBe('527 deg C');
  });
});
