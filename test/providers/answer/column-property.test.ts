// A table column's property told from the unit it is measured in (issue 15 review: "Hours" and
// "Operating hours (h)" name hours counted; "Oil change (h)" names an interval measured in hours).
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { columnUnitFamily, propertyWords, unitIsProperty } from '../../../src/providers/answer/labelled-values.js';
import { paraphrasesOf } from '../../../src/providers/answer/paraphrases.js';
import type { PassageLine } from '../../../src/providers/answer/types.js';
import { askLines } from './ask-lines.js';

const at = (text: string, x: number, y: number): PassageLine => ({ text, bbox: [x, y, x + text.length * 5, y + 9] });


describe('column property and unit', () => {
  it('reads the property words of a header without its bracketed unit or the row asset', () => {
    expect(propertyWords('Pump P-102, Operating hours (h): 800')).toEqual([['operating', 'hours']]);
    expect(propertyWords('Oil change (h), Kiln RR-3981: 645')).toEqual([['oil', 'change']]);
    expect(propertyWords('Fan TE-6928, Noise level [dBA]: 80')).toEqual([['noise', 'level']]);
  });

  it('tells a column that is the unit itself from one measured in it', () => {
    const q = 'How many hours does pump P-102 have?';
    expect(unitIsProperty('hour', 'P-102, Hours: 800.5', q)).toBe(true);
    expect(unitIsProperty('hour', 'P-102, Hours (h): 800.5', q)).toBe(true);
    expect(unitIsProperty('hour', 'P-102, Operating hours (h): 800.5', 'How many operating hours does P-102 have?')).toBe(true);
    expect(unitIsProperty('hour', 'P-102, Operating hours (h): 800.5', 'After how many hours does P-102 get fresh oil?')).toBe(false);
    expect(unitIsProperty('hour', 'P-102, Oil change (h): 800', q)).toBe(false);
    expect(unitIsProperty('year', 'P-102, Hours: 800', 'For how many years is P-102 used?')).toBe(false);
  });

  it('reads a column\'s unit in brackets or as a comma piece of its own', () => {
    expect(columnUnitFamily('Press MY-1666, Sound level, dB: 80')).toBe('sound');
    expect(columnUnitFamily('Press MY-1666, Noise level [dBA]: 80')).toBe('sound');
    expect(columnUnitFamily('Press MY-1666, Noise (dB(A)): 80')).toBe('sound');
    expect(columnUnitFamily('Motor (kW), Pump P-1: 5')).toBe('power');
    expect(columnUnitFamily('Portugal, 1996: 56')).toBeNull();
  });

  it('answers a noise level from a sound-level column in decibels', async () => {
    const table = [at('Asset', 0, 100), at('Sound level, dB', 100, 100), at('Press MY-1666', 0, 120), at('80', 100, 120)];
    expect(await askLines('What noise level does Press MY-1666 produce?', table)).toBe('80');
  });

  it('relates a health score to a condition index', () => {
    expect(paraphrasesOf('health score')).toContain('condition');
  });

  it('answers "how many hours" from an hours column, not from an interval measured in hours', async () => {
    const table = [at('Pump', 0, 100), at('Hours', 100, 100), at('Oil change (h)', 200, 100), at('P-102', 0, 120), at('800.5', 100, 120), at('2,000', 200, 120)];
    expect(await askLines('How many hours does pump P-102 have?', table)).toBe('800.5');
    const interval = [at('Pump', 0, 100), at('Oil change (h)', 100, 100), at('P-102', 0, 120), at('2,000', 100, 120)];
    expect(await askLines('How many hours does pump P-102 have?', interval)).toBe(NOT_FOUND_TEXT);
  });
});
