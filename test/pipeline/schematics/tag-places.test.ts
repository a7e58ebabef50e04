// Tag characters set by where they stand (tags.ts): digits in the loop number, letters before it.
import { describe, expect, it } from 'vitest';
import { assignTags, sheetTagHabits, tagByPlaces } from '../../../src/pipeline/schematics/tags.js';
import type { TextItem } from '../../../src/pipeline/schematics/types.js';

describe('tag characters by place', () => {
  it('reads lookalike letters in the loop number as digits and lookalike digits in the letters as letters', () => {
    expect(tagByPlaces('FV-1O1', 3)).toBe('FV-101');
    expect(tagByPlaces('PT-2B4', 3)).toBe('PT-284');
    expect(tagByPlaces('P0T-204', 3)).toBe('PDT-204');
    expect(tagByPlaces('8V-310', 3)).toBe('BV-310');
    expect(tagByPlaces('TT 3D2', 3)).toBe('TT 302');
    expect(tagByPlaces('LIC-5S1', null)).toBe('LIC-551');
  });

  it('keeps a suffix letter unless the number is a digit short of the sheet usual length', () => {
    expect(tagByPlaces('HV-153A', 3)).toBe('HV-153A');
    expect(tagByPlaces('HV-153B', 3)).toBe('HV-153B');
    expect(tagByPlaces('HV-15B', 3)).toBe('HV-158');
    expect(tagByPlaces('HV-15B', null)).toBe('HV-15B');
    expect(tagByPlaces('HV-10D', 3)).toBe('HV-100');
    expect(tagByPlaces('P-4018', 3)).toBe('P-401B');
    expect(tagByPlaces('P-4018', 3, new Set(), 1)).toBe('P-401B');
    // Another four-digit number on the sheet: four digits are a number there.
    expect(tagByPlaces('PID-3558', 3, new Set(), 2)).toBe('PID-3558');
    expect(tagByPlaces('P-4018', 4)).toBe('P-4018');
    expect(tagByPlaces('P-4015', 3)).toBe('P-4015');
  });

  it('settles a 0 among letters by the letters the sheet uses, and leaves other text alone', () => {
    expect(tagByPlaces('F0-120', 3, new Set(['FO']))).toBe('FO-120');
    expect(tagByPlaces('F0-120', 3, new Set(['FD', 'FO']))).toBe('FD-120');
    expect(tagByPlaces('F0-120', 3)).toBe('FD-120');
    // A letter O where the sheet's other tags read D, and no other tag O: OCR's D.
    expect(tagByPlaces('PIO-338', 3, new Set(['PID', 'PIO']), 0, new Map([['PID', 1], ['PIO', 1]]))).toBe('PID-338');
    expect(tagByPlaces('FO-338', 3, new Set(['FD', 'FO']), 0, new Map([['FD', 1], ['FO', 2]]))).toBe('FO-338');
    expect(tagByPlaces('FO-338', 3, new Set(['FO']), 0, new Map([['FO', 1]]))).toBe('FO-338');
    expect(tagByPlaces('Gate valve', 3)).toBe('Gate valve');
    expect(tagByPlaces('120-45', 3)).toBe('120-45');
    // A lone 0 before a number of the sheet's usual length is a letter; otherwise it stays.
    expect(tagByPlaces('0-687', 3)).toBe('D-687');
    expect(tagByPlaces('0-687', 3, new Set(['O']))).toBe('O-687');
    expect(tagByPlaces('0-68', 3)).toBe('0-68');
    expect(tagByPlaces('0-687', null)).toBe('0-687');
    expect(tagByPlaces('0 687', 3)).toBe('0 687');
    expect(tagByPlaces('AB-CDE', 3)).toBe('AB-CDE');
    expect(tagByPlaces('P-101AB', 3)).toBe('P-101AB');
  });

  it('learns the usual loop-number length and clean letters from the sheet, and uses them when tagging', () => {
    const habits = sheetTagHabits(['FV-101', 'PT-202', 'HV-303A', 'LT-441', 'Notes', 'FO-120']);
    expect(habits.digits).toBe(3);
    expect(sheetTagHabits(['FV-101', 'PT-202', 'HV-303A', 'LT-44', 'FO-12']).digits).toBe(null);
    expect(sheetTagHabits(['FV-101', 'PT-202', 'HV-303', 'LT-441', 'FO-120', 'PID-3558', 'PID-3382', 'XV-200', 'XV-201', 'XV-202']).longer).toBe(2);
    expect([...habits.prefixes].sort()).toEqual(['FO', 'FV', 'HV', 'LT', 'PT']);
    const item = (text: string, x: number): TextItem => ({ text, box: [x, 0, x + 40, 10], confidence: 0.9, members: [] });
    const texts = [item('FV-101', 0), item('PT-202', 100), item('HV-303', 200), item('XV-4O2', 300), item('F0-777', 400)];
    const symbols: Array<[number, number, number, number]> = [[0, 12, 40, 40], [100, 12, 140, 40], [200, 12, 240, 40], [300, 12, 340, 40], [400, 12, 440, 40]];
    expect(assignTags(symbols, texts, 20)).toEqual(['FV-101', 'PT-202', 'HV-303', 'XV-402', 'FD-777']);
  });

  it('takes no text without a number beside a symbol for its tag: the tag further off is', () => {
    const item = (text: string, box: [number, number, number, number]): TextItem => ({ text, box, confidence: 0.9, members: [] });
    const valve: [number, number, number, number] = [100, 100, 160, 140];
    expect(assignTags([valve], [item('CN', [165, 110, 185, 122]), item('HV-821', [100, 80, 160, 94])], 30)).toEqual(['HV-821']);
    expect(assignTags([valve], [item('CN', [165, 110, 185, 122])], 30)).toEqual([null]);
  });
});
