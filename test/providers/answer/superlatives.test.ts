// Issue 15ab: "Which X had the highest Y?" is answered by the row beside the extreme of the column Y names.
import { describe, expect, it } from 'vitest';
import { extremeRow, superlativeAsked, tableNumber, type ColumnCell } from '../../../src/providers/answer/superlatives.js';
import { askLines } from './ask-lines.js';

describe('superlative questions', () => {
  it('asks one extreme of a single name', () => {
    expect(superlativeAsked('Which retailer had the highest own brand share for food in 1996?')).toBe('max');
    expect(superlativeAsked('Which program has the smallest budget?')).toBe('min');
    expect(superlativeAsked('Which countries have the lowest concentration ratios?')).toBeNull();
    expect(superlativeAsked('What was the share of Casino in 1996?')).toBeNull();
    expect(superlativeAsked('How many stores had the highest sales?')).toBeNull();
  });
  it('reads table numbers', () => {
    expect(tableNumber('1,234')).toBe(1234);
    expect(tableNumber('28.0%')).toBe(28);
    expect(tableNumber('(3)')).toBe(-3);
    expect(tableNumber('$8.6M')).toBe(8.6e6);
    expect(tableNumber('n.a.')).toBeNull();
  });
});

describe('the extreme row of a column', () => {
  const cell = (row: string, value: string, x: [number, number], column = 'Share'): ColumnCell => ({ row, column, value, score: 1, x });
  it('groups values set under each other, whatever their headers read, and skips totals', () => {
    const cells = [cell('Franprix', '28.0', [600, 650], 'Share Items'), cell('Casino', '24.8', [600, 650]), cell('Cora', '12.2', [600, 650]), cell('Total', '99', [600, 650]), cell('Casino', '1800', [880, 920], 'Items')];
    expect(extremeRow(cells, 'max')?.row).toBe('Franprix');
    expect(extremeRow(cells, 'min')?.row).toBe('Cora');
  });
  it('no answer from two rows or a tie', () => {
    expect(extremeRow([cell('A', '1', [0, 10]), cell('B', '2', [0, 10])], 'max')).toBeNull();
    expect(extremeRow([cell('A', '2', [0, 10]), cell('B', '2', [0, 10]), cell('C', '1', [0, 10])], 'max')).toBeNull();
  });
});

describe('the engine answers a superlative from the page table', () => {
  const box = (x0: number, y: number, x1: number): [number, number, number, number] => [x0, y, x1, y + 10];
  const page = [
    { text: 'Table 2 - Own brand shares of leading retailers', bbox: box(0, 0, 400) },
    { text: 'Retailer', bbox: box(0, 20, 80) },
    { text: 'Own brand share', bbox: box(200, 20, 320) },
    { text: 'Casino', bbox: box(0, 40, 80) },
    { text: '24.8', bbox: box(250, 40, 290) },
    { text: 'Franprix', bbox: box(0, 60, 80) },
    { text: '28.0', bbox: box(250, 60, 290) },
    { text: 'Cora', bbox: box(0, 80, 80) },
    { text: '12.2', bbox: box(250, 80, 290) },
  ];
  it('largest and smallest', async () => {
    expect(await askLines('Which retailer had the highest own brand share?', page)).toBe('Franprix');
    expect(await askLines('Which retailer had the lowest own brand share?', page)).toBe('Cora');
  });
});
