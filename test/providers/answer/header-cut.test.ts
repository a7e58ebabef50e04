// Header cells set close together and read as one text line (issue 15, docs7 after the 15s/15t
// merge): each value keeps the header words over its own column.
import { describe, expect, it } from 'vitest';
import { headerOver } from '../../../src/providers/answer/header-cut.js';
import { paraphrasesOf } from '../../../src/providers/answer/paraphrases.js';
import type { PassageLine } from '../../../src/providers/answer/types.js';
import { askLines } from './ask-lines.js';

// 5 pt a character, as the proportional cut assumes.
const at = (text: string, x: number, y: number): PassageLine => ({ text, bbox: [x, y, x + text.length * 5, y + 9] });


describe('header lines over several values', () => {
  const header = { text: 'Separator AV-3194 Separator CF-7630', bbox: [100, 100, 275, 109] as [number, number, number, number] };
  const first: [number, number, number, number] = [100, 120, 105, 129];
  const second: [number, number, number, number] = [190, 120, 200, 129];

  it('cuts a flush-left line at the value columns', () => {
    expect(headerOver(header, first, [first, second])).toBe('Separator AV-3194');
    expect(headerOver(header, second, [first, second])).toBe('Separator CF-7630');
  });

  it('keeps a line over one value, or centred over several (a band), whole', () => {
    expect(headerOver(header, first, [first])).toBe(header.text);
    const band = { text: 'Net revenue', bbox: [130, 100, 185, 109] as [number, number, number, number] };
    expect(headerOver(band, [120, 120, 140, 129], [[120, 120, 140, 129], [170, 120, 190, 129]])).toBe('Net revenue');
  });

  it('answers from the value under the asked asset of a transposed table', async () => {
    const lines = [at('Parameter', 40, 100), at('Separator AV-3194 Separator CF-7630', 100, 100), at('Work orders open', 0, 120), at('6', 100, 120), at('16', 190, 120)];
    expect(await askLines('How many work orders are open on Separator CF-7630?', lines)).toBe('16');
    expect(await askLines('How many work orders are open on Separator AV-3194?', lines)).toBe('6');
  });
});

describe('lubrication', () => {
  it('relates a lube interval to oil changes', () => {
    expect(paraphrasesOf('lube')).toContain('oil');
    expect(paraphrasesOf('oiled')).toContain('lubricate');
  });
});
