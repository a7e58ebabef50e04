import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { leadersAsColons } from '../../../src/providers/answer/label-rows.js';
import { wrapsByLayout } from '../../../src/providers/answer/line-wrap.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';
import { namesIn } from '../../../src/providers/answer/subject.js';

const spans = (question: string, text: string): string[] => typedSpans(questionType(question), text).map((s) => s.text);
const parts = (question: string): string[] => questionParts(question).map((p) => p.text);

describe('shapes of docs9 (issue 15al)', () => {
  it('names equipment with digit-first tags and two-word kinds', () => {
    expect(namesIn('Kiln 4K17 (summary)')).toEqual(['Kiln 4K17']);
    expect(namesIn('Dust collector 6Q57 (key figures)')).toEqual(['Dust collector 6Q57']);
    expect(namesIn('in 3D and 2020')).toEqual([]);
  });
  it('reads dot leaders as a colon', () => {
    expect(leadersAsColons([{ text: 'Design pressure ........ 16 bar', bbox: null }])[0]!.text).toBe('Design pressure: 16 bar');
    expect(leadersAsColons([{ text: 'It ends here.', bbox: null }])[0]!.text).toBe('It ends here.');
  });
  it('types temperatures in deg C, energy per year, sums per year and owners', () => {
    expect(spans('How hot does Kiln 4K17 get?', 'Max. temperature: 245 deg C')).toEqual(['245 deg C']);
    expect(spans('How much energy does Kiln 4K17 consume annually?', 'budget EUR 9,000 a year; 429 MWh per year; 1,450 rpm')).toEqual(['429 MWh per year']);
    expect(spans('How much is budgeted each year to maintain Kiln 4K17?', 'budget EUR 9,000 a year')).toEqual(['EUR 9,000 a year']);
    expect(spans('How fast does Kiln 4K17 rotate?', '429 MWh per year; budget EUR 9,000 a year')).toEqual([]);
    expect(questionType('Who is the owner of Kiln 4K17?').type).toBe('agent');
    expect(questionType('What uptime did Kiln 4K17 achieve?').type).toBe('percentage');
    expect(spans('Where does Kiln 4K17 stand?', 'Kiln 4K17 stands in the Torsby hall.')).toEqual(['Torsby']);
    expect(spans('Where does Kiln 4K17 stand?', 'Location: Torsby')).toEqual(['Torsby']);
  });
  it('splits two-part questions joined by both/and, plus, a possessive list, "I also need"', () => {
    expect(parts('Could you tell me both the year of manufacture and the owner of Kiln 4K17?')).toEqual(['What is the year of manufacture of Kiln 4K17?', 'What is the owner of Kiln 4K17?']);
    expect(parts('Both the owner and the operator of Kiln 4K17, please.')).toEqual(['What is the owner of Kiln 4K17?', 'What is the operator of Kiln 4K17?']);
    expect(parts('The maker of Kiln 4K17 plus its date of the last overhaul?')).toEqual(['What is the maker of Kiln 4K17?', 'What is the date of the last overhaul of Kiln 4K17?']);
    expect(parts("What are Cooling tower 6H93's upkeep budget and hall?")).toEqual(['What is the upkeep budget of Cooling tower 6H93?', 'What is the hall of Cooling tower 6H93?']);
    expect(parts('Who operates Kiln 4K17? I also need its design pressure.')).toEqual(['Who operates Kiln 4K17?', 'What is its design pressure?']);
  });
  it('joins a ragged-right line the next word did not fit on', () => {
    const page = [
      { text: 'Kiln 4K17: 3 bar design pressure; Torsby hall; 569 MWh per year; operated by', bbox: [72, 100, 500, 110] as [number, number, number, number] },
      { text: 'Kiln 4K18: 3 bar design pressure; Torsby hall; 569 MWh per year; budget EUR 9,000; operator Wiebke', bbox: [72, 120, 540, 130] as [number, number, number, number] },
      { text: 'Qupelmiste; owned by Balott Holdings.', bbox: [72, 134, 250, 144] as [number, number, number, number] },
    ];
    expect(wrapsByLayout(page[1]!, page[2]!, page)).toBe(true);
  });
});
