// Superscripts in tables (issue 16): note marks set apart from the labels and numbers they
// annotate, exponents kept in the text; read from PDFs built in the test, where the mark is drawn
// in the same text run with a smaller font and a text rise (Ts), as word processors write it.
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { tableToHtml, parseHtmlTable } from '../../src/pipeline/tables/html.js';
import { tableRows } from '../../src/pipeline/tables/merge.js';
import { attachSuperscripts, isExponent } from '../../src/pipeline/tables/note-marks.js';
import { tableCsv } from '../../src/pipeline/tables/export-files.js';
import { recognizeTable } from '../../src/pipeline/tables/structure.js';
import type { TableGrid } from '../../src/pipeline/tables/types.js';
import type { BBox, Word } from '../../src/pipeline/types.js';
import { buildPdf, helveticaWidth, textAt } from '../fixtures/pdf-builder.js';

const SIZE = 8;
const escape = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** `base` then `mark` raised by `rise` points at 60 % of the size, in one text object. */
const marked = (x: number, y: number, base: string, mark: string, rise = 2.8): string =>
  `BT /F1 ${SIZE} Tf ${x} ${y} Td (${escape(base)}) Tj /F1 ${SIZE * 0.6} Tf ${rise} Ts (${escape(mark)}) Tj 0 Ts ET\n`;

/** Right-aligned at x, with an optional mark after the number. */
const right = (x: number, y: number, s: string, mark = ''): string => {
  const w = helveticaWidth(s, SIZE) + helveticaWidth(mark, SIZE * 0.6);
  return mark ? marked(x - w, y, s, mark) : textAt(x - w, y, SIZE, s);
};

async function gridOf(content: string, bbox: BBox): Promise<{ grid: TableGrid; lines: string[] }> {
  const doc = await openPdf(buildPdf([{ content }]));
  try {
    const text = doc.text(1, 72);
    const words = text.lines.flatMap((l) => l.words);
    return { grid: recognizeTable({ bbox, words, segments: doc.segments(1, 72) }), lines: text.lines.map((l) => l.text) };
  } finally {
    doc.close();
  }
}

const cellAt = (g: TableGrid, row: number, col: number): TableGrid['cells'][number] | undefined => g.cells.find((c) => c.row === row && c.col === col);

describe('note marks in tables', () => {
  // A survey table: labels with footnote marks, one number with a letter mark, an area column
  // whose header carries an exponent.
  const top = 700;
  const xs = [40, 200, 280];
  let content = textAt(xs[0]!, top, SIZE, 'Feeding') + textAt(xs[1]! - 40, top, SIZE, 'Share %') + marked(xs[2]! - 30, top, 'Area (km', '2') + textAt(xs[2]! - 30 + helveticaWidth('Area (km', SIZE) + helveticaWidth('2', SIZE * 0.6), top, SIZE, ')');
  const body: Array<[string, string, string, string, string]> = [
    ['Exclusively breastfed', '9', '41.2', '', '1,200'],
    ['Partially breastfed', '10', '33.5', '', '950'],
    ['Formula only', '', '25.3', 'a', '1,875'],
  ];
  body.forEach(([label, mark, share, shareMark, area], i) => {
    const y = top - 14 - i * 11;
    content += (mark ? marked(xs[0]!, y, label, mark) : textAt(xs[0]!, y, SIZE, label)) + right(xs[1]!, y, share, shareMark) + right(xs[2]! + 20, y, area);
  });
  const bbox: BBox = [36, 792 - top - 12, 320, 792 - (top - 14 - 2 * 11) + 6];

  it('keeps note marks out of labels and numbers, as notes of their cells', async () => {
    const { grid } = await gridOf(content, bbox);
    expect(grid.cols).toBe(3);
    expect(cellAt(grid, 1, 0)).toMatchObject({ text: 'Exclusively breastfed', notes: ['9'] });
    expect(cellAt(grid, 2, 0)).toMatchObject({ text: 'Partially breastfed', notes: ['10'] });
    expect(cellAt(grid, 3, 0)?.notes).toBeUndefined();
    // The letter mark does not make a column of its own and the number stays a number.
    expect(cellAt(grid, 3, 1)).toMatchObject({ text: '25.3', notes: ['a'] });
    expect(cellAt(grid, 1, 1)?.notes).toBeUndefined();
  });

  it('keeps an exponent in the text it belongs to', async () => {
    const { grid } = await gridOf(content, bbox);
    expect(cellAt(grid, 0, 2)?.text).toBe('Area (km²)');
    expect(cellAt(grid, 0, 2)?.notes).toBeUndefined();
  });

  it('writes the mark as a word of its own in page text, so search finds the bare label', async () => {
    const { lines } = await gridOf(content, bbox);
    expect(lines).toContain('Exclusively breastfed 9');
    expect(lines).toContain('Area (km 2 )');
  });

  it('shows marks as <sup> in HTML and reads them back as notes; CSV shows them as superscripts', async () => {
    const { grid } = await gridOf(content, bbox);
    const html = tableToHtml(grid);
    expect(html).toContain('<td>Exclusively breastfed<sup>9</sup></td>');
    expect(html).toContain('<td>25.3<sup>a</sup></td>');
    const back = parseHtmlTable(html);
    expect(back.cells.find((c) => c.row === 1 && c.col === 0)).toMatchObject({ text: 'Exclusively breastfed', notes: ['9'] });
    expect(back.cells.find((c) => c.row === 0 && c.col === 2)).toMatchObject({ text: 'Area (km²)' });
    expect(tableToHtml(back)).toBe(html);
    expect(tableRows(back)[1]![0]).toBe('Exclusively breastfed⁹');
    expect(tableCsv(back).split('\r\n')[3]).toBe('Formula only,25.3ᵃ,"1,875"');
  });
});

describe('superscripts from word boxes', () => {
  const w = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 1 });

  it('takes a small raised mark after a word as its note, not a word of its own', () => {
    const base = w('Total', [10, 10, 40, 20]);
    const mark = w('3', [40.5, 7, 44, 14]);
    const { words, notes } = attachSuperscripts([base, mark, w('12', [80, 10, 92, 20])]);
    expect(words.map((x) => x.text)).toEqual(['Total', '12']);
    expect(notes.get(base)).toEqual(['3']);
  });

  it('leaves a mark on the baseline, a full-size word and a distant small word alone', () => {
    const base = w('Total', [10, 10, 40, 20]);
    for (const other of [w('3', [41, 12, 45, 20]), w('3', [41, 7, 47, 19]), w('3', [60, 7, 64, 14])]) {
      expect(attachSuperscripts([base, other]).words).toHaveLength(2);
    }
  });

  it('tells exponents from note marks by the word before', () => {
    expect(isExponent('km', '2')).toBe(true);
    expect(isExponent('(m', '3')).toBe(true);
    expect(isExponent('10', '6')).toBe(true);
    expect(isExponent('×10', '-3')).toBe(true);
    expect(isExponent('breastfed', '2')).toBe(false);
    expect(isExponent('105.19', '1')).toBe(false);
    expect(isExponent('km', '9')).toBe(false);
  });
});
