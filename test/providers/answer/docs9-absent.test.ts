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
  it('keeps a lower-case kind word in the name, and reads kind and period words of docs9', async () => {
    expect(await askPassage("What's the date of the latest overhaul carried out on Dust collector 7R63?", pageOf(['Dust collector 7R63', 'Dust collector 7R63 is due for replacement in 2043.']))).toBe(NOT_FOUND_TEXT);
    expect(await askPassage('Could you tell me both the owner and the build year of Cooling tower 1O67?', pageOf(['Cooling tower 1O67 (summary)', 'Owned by ........ Cenottdrav Systems', 'Built ........ 1990', 'Planned replacement ........ 2045']))).toBe('Cenottdrav Systems; 1990');
    expect(await askPassage('What percentage of the time was Dust collector 6Q57 available?', pageOf(['Dust collector 6Q57 (key figures)', '- Made by: Dravariwon Systems', '- Uptime: 76%']))).toBe('76%');
    expect(await askPassage("What's the rotational speed of Heat exchanger 7T80?", pageOf(['Heat exchanger 7T80: budget EUR 152,000 a year; 1,170 rpm; replacement 2035.']))).toBe('1,170 rpm');
    expect(await askPassage('How many bar can Winch 8K82 withstand, as well as its energy consumption?', pageOf(['Winch 8K82: 4,134 MWh per year; 93% available; 38 bar design pressure.']))).toBe('38 bar; 4,134 MWh per year');
    expect(await askPassage("What are Cooling tower 6H93's annual upkeep budget and hall?", pageOf(['Cooling tower 6H93', 'Cooling tower 6H93 stands in the Balqudrav hall.', 'Its annual upkeep budget is EUR 28,500.']))).toBe('EUR 28,500; Balqudrav');
  });
});

describe('everyday verbs of the role classes ask no role of other kinds (issue 15ao)', () => {
  const pump = (texts: string[]) => pageOf(['Pump C-41', ...texts]);
  it('reads "replaced" and "operated" in a duration question as no other role than the life', async () => {
    expect(await askPassage('How long before Pump C-41 must be replaced?', pump(['The expected service life of Pump C-41 is 22 years.']))).toBe('22 years');
    expect(await askPassage('How many years can Pump C-41 be operated?', pump(['Pump C-41 is designed for a lifetime of 34 years.']))).toBe('34 years');
  });
  it('reads "become operational" as commissioning, and "operation" in a statement as no operator', async () => {
    expect(await askPassage('When did Pump C-41 become operational?', pump(['Pump C-41 was commissioned on 27 May 2017.']))).toBe('27 May 2017');
    expect(await askPassage('How efficient is Pump C-41?', pump(['Pump C-41 reaches an efficiency of 73% in normal operation.']))).toBe('73%');
  });
});
