import { describe, expect, it } from 'vitest';
import { numbersOnly, upperHeader, upperWords } from '../../../src/providers/answer/header-rows.js';

describe('header rows', () => {
  it('reads a line of values as no header', () => {
    expect(numbersOnly('548,290 548,450 550,630')).toBe(true);
    expect(numbersOnly('12 – 3.5%')).toBe(true);
    expect(numbersOnly('2013–14 2014–15')).toBe(false);
    expect(numbersOnly('Total 12')).toBe(false);
  });
  it('names a column by the header row stacked on its header', () => {
    const lower = { text: 'to 2008–09', bbox: [426, 161, 520, 180] as [number, number, number, number] };
    const upper = { text: 'Actual 2003–04', bbox: [390, 140, 520, 159] as [number, number, number, number] };
    expect(upperHeader(lower, [upper])).toBe(upper);
  });
  it('leaves out a heading set apart, a caption or a sentence above', () => {
    const lower = { text: 'All Funds', bbox: [400, 200, 480, 220] as [number, number, number, number] };
    expect(upperHeader(lower, [{ text: 'Costs', bbox: [400, 150, 480, 170] }])).toBeUndefined();
    expect(upperHeader(lower, [{ text: 'Table 3. Costs', bbox: [400, 179, 480, 199] }])).toBeUndefined();
    expect(upperHeader(lower, [{ text: 'Costs were high.', bbox: [400, 179, 480, 199] }])).toBeUndefined();
  });
});

describe('upper header words', () => {
  const row: [number, number, number, number][] = [[350, 280, 390, 300], [480, 280, 520, 300], [750, 280, 790, 300]];
  it('keeps a header over the value alone', () => {
    expect(upperWords({ text: 'Actual 2003–04', bbox: [460, 240, 530, 260] }, row[1]!, row, 'Actual 2003–04')).toBe('Actual 2003–04');
  });
  it('leaves out an uncut line over several values, keeps a cut one', () => {
    const line = { text: 'per capita population Number of inhabitants', bbox: [320, 240, 800, 260] as [number, number, number, number] };
    expect(upperWords(line, row[1]!, row, line.text)).toBeUndefined();
    expect(upperWords(line, row[1]!, row, 'population')).toBe('population');
  });
});
