// A table column's property told from the unit it is measured in (issue 15 review: "Hours" and
// "Operating hours (h)" name hours counted; "Oil change (h)" names an interval measured in hours).
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { propertyWords, unitIsProperty } from '../../../src/providers/answer/labelled-values.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';

const at = (text: string, x: number, y: number): PassageLine => ({ text, bbox: [x, y, x + text.length * 5, y + 9] });

async function ask(question: string, lines: PassageLine[]): Promise<string> {
  const passage: Passage = { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const read = await engine.read(question, plan, passage);
  return (await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}

describe('column property and unit', () => {
  it('reads the property words of a header without its bracketed unit or the row asset', () => {
    expect(propertyWords('Pump P-102, Operating hours (h): 800')).toEqual([['operating', 'hours']]);
    expect(propertyWords('Oil change (h), Kiln RR-3981: 645')).toEqual([['oil', 'change']]);
    expect(propertyWords('Fan TE-6928, Noise level [dBA]: 80')).toEqual([['noise', 'level']]);
  });

  it('tells a column that is the unit itself from one measured in it', () => {
    expect(unitIsProperty('hour', 'P-102, Hours: 800.5')).toBe(true);
    expect(unitIsProperty('hour', 'P-102, Service hours (h): 800.5')).toBe(true);
    expect(unitIsProperty('hour', 'P-102, Oil change (h): 800')).toBe(false);
    expect(unitIsProperty('year', 'P-102, Hours: 800')).toBe(false);
  });

  it('answers "how many hours" from an hours column, not from an interval measured in hours', async () => {
    const table = [at('Pump', 0, 100), at('Hours', 100, 100), at('Oil change (h)', 200, 100), at('P-102', 0, 120), at('800.5', 100, 120), at('2,000', 200, 120)];
    expect(await ask('How many hours does pump P-102 have?', table)).toBe('800.5');
    const interval = [at('Pump', 0, 100), at('Oil change (h)', 100, 100), at('P-102', 0, 120), at('2,000', 100, 120)];
    expect(await ask('How many hours does pump P-102 have?', interval)).toBe(NOT_FOUND_TEXT);
  });
});
