// Tables laid out other ways (issue 15, branch issue-15k-qa, docs7): the asset's tag in a column
// other than the first, transposed tables, and short header words. Each value must be read with
// the cell naming its row wherever that cell is, and a short header word with the word it stands for.
import { describe, expect, it } from 'vitest';
import { tableRowLines } from '../../src/qa/answering.js';
import { tableLines } from '../../src/qa/respond.js';
import { isRowKey } from '../../src/qa/row-keys.js';
import { abbreviates, expandAbbreviations } from '../../src/providers/answer/abbreviations.js';
import { ExtractiveEngine } from '../../src/providers/answer/extractive.js';
import type { BBox } from '../../src/pipeline/types.js';
import type { Passage, PassageLine } from '../../src/providers/answer/types.js';

describe('row keys', () => {
  it('takes a tagged name or a cell under an identity header, never a number or a unit value', () => {
    expect(isRowKey('Chiller KM-2041')).toBe(true);
    expect(isRowKey('Main feed', 'Equipment')).toBe(true);
    expect(isRowKey('North hall', 'Area')).toBe(false);
    expect(isRowKey('1,234')).toBe(false);
    expect(isRowKey('310 m3/h')).toBe(false);
  });

  it('names every value of a grid row by the asset in a later column', () => {
    const cell = (row: number, col: number, text: string, header = false) => ({ row, col, text, header });
    const lines = tableLines(
      [cell(0, 0, 'Area', true), cell(0, 1, 'Hours run', true), cell(0, 2, 'Tag', true), cell(0, 3, 'Noise (dB)', true), cell(1, 0, 'North hall'), cell(1, 1, '1,234'), cell(1, 2, 'Chiller KM-2041'), cell(1, 3, '78')],
      null,
    ).map((l) => l.text);
    expect(lines).toContain('North hall, Chiller KM-2041, Hours run: 1,234');
    expect(lines).toContain('North hall, Chiller KM-2041, Noise (dB): 78');
  });

  it('names every value of a table-row chunk by the asset in a later column', () => {
    const lines = (tableRowLines('Table 1: Audit results\nNorth hall: Hours run: 1,234; Tag: Chiller KM-2041; Noise (dB): 78', []) ?? []).map((l) => l.text);
    expect(lines).toEqual(['Table 1: Audit results', 'North hall, Chiller KM-2041, Hours run: 1,234', 'North hall, Tag: Chiller KM-2041', 'North hall, Chiller KM-2041, Noise (dB): 78']);
  });
});

describe('short header words', () => {
  it('knows an abbreviation by its letters in order', () => {
    expect(abbreviates('temp', 'temperature')).toBe(true);
    expect(abbreviates('brg', 'bearing')).toBe(true);
    expect(abbreviates('vib', 'vibration')).toBe(true);
    expect(abbreviates('tmp', 'bearing')).toBe(false);
    expect(abbreviates('noise', 'noise')).toBe(false);
  });

  it('reads short words and initials as the question words', () => {
    expect(expandAbbreviations('Brg. temp (C), Chiller KM-2041: 45', 'What bearing temperature did Chiller KM-2041 show?')).toBe('bearing. temperature (C), Chiller KM-2041: 45');
    expect(expandAbbreviations('Open WOs, Fan AB-1234: 3', 'How many open work orders does Fan AB-1234 have?')).toBe('Open work orders, Fan AB-1234: 3');
    expect(expandAbbreviations('Open WOs, Fan AB-1234: 3', 'How loud is Fan AB-1234?')).toBe('Open WOs, Fan AB-1234: 3');
  });
});

const at = (x: number, y: number, text: string): PassageLine => ({ text, bbox: [x, y, x + 6 * text.length, y + 9] as BBox });
async function ask(question: string, lines: PassageLine[]): Promise<string> {
  const passage: Passage = { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = (await engine.read(question, plan, passage)).value.map((e, i) => ({ ...e, id: i + 1 }));
  return (await engine.answer(question, evidences, 'concise')).value.text;
}

describe('table cells on the page, other layouts', () => {
  // Area | Hours run | Equipment | Brg. temp (C): the asset in the third column.
  const later = [
    at(72, 100, 'Table 1: Audit results'),
    at(72, 120, 'Area'), at(200, 120, 'Hours run'), at(300, 120, 'Equipment'), at(400, 120, 'Brg. temp (C)'),
    at(72, 140, 'North hall'), at(200, 140, '1,234'), at(300, 140, 'Chiller KM-2041'), at(400, 140, '45'),
    at(72, 160, 'Yard'), at(200, 160, '9,870'), at(300, 160, 'Fan AB-1234'), at(400, 160, '61'),
  ];
  it('reads a value with the asset named in a later column', async () => {
    expect(await ask('What bearing temperature did Fan AB-1234 show?', later)).toBe('61');
    expect(await ask('What bearing temperature did Chiller KM-2041 show?', later)).toBe('45');
  });

  // Transposed: one column per asset.
  const transposed = [
    at(72, 100, 'Table 2: Key figures'),
    at(72, 120, 'Parameter'), at(200, 120, 'Chiller KM-2041'), at(300, 120, 'Fan AB-1234'),
    at(72, 140, 'Vib. level [mm/s]'), at(200, 140, '3.4'), at(300, 140, '7.9'),
    at(72, 160, 'Open WOs'), at(200, 160, '2'), at(300, 160, '11'),
  ];
  it('reads a transposed table: the asset heads the column', async () => {
    expect(await ask('What vibration level was recorded on Fan AB-1234?', transposed)).toBe('7.9');
    expect(await ask('How many open work orders does Chiller KM-2041 have?', transposed)).toBe('2');
  });

  it('says not found for a property no row holds', async () => {
    expect(await ask('How loud is Fan AB-1234?', transposed)).toBe('The documents do not contain the answer to this question.');
  });
});

describe('units in a transposed table\'s labels', () => {
  it('finds a time unit in any parenthesis of the label, the asset after it', async () => {
    const { timeUnitInLabel } = await import('../../src/providers/answer/labelled-values.js');
    expect(timeUnitInLabel('hour', 'Oil change (h), Kiln RR-3981: 8,207')).toBe(true);
    expect(timeUnitInLabel('hour', 'Kiln RR-3981, Oil change (h): 8,207')).toBe(true);
    expect(timeUnitInLabel('hour', 'Noise (dB), Kiln RR-3981: 78')).toBe(false);
  });
});
