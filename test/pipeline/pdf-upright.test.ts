// Pages turned upright before analysis (tables set sideways, /Rotate leaving text running down
// the screen, upside-down pages) and text layers drawn twice, on PDFs built in the test.
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { dropDuplicateChars, type PlacedChar } from '../../src/pipeline/pdf/text-order.js';
import { recognizeTable } from '../../src/pipeline/tables/structure.js';
import { buildPdf, helveticaWidth, textAt, textWithMatrix } from '../fixtures/pdf-builder.js';

const ROWS = [
  ['State', 'Permit', 'Handgun', 'Totals'],
  ['Alabama', '18,870', '387', '71,137'],
  ['Alaska', '209', '3,062', '7,095'],
  ['Arizona', '2,303', '12,382', '27,087'],
  ['Arkansas', '3,298', '6,359', '25,048'],
];

/** The table's cells, each placed by `at(x, y)` = the text operator for a cell at upright (x, y). */
function table(at: (x: number, y: number, s: string) => string): string {
  return ROWS.flatMap((r, i) => r.map((cell, j) => at(72 + j * 110, 700 - i * 16, cell))).join('');
}

async function rowsOf(pdf: Buffer): Promise<{ size: { width: number; height: number }; rows: string[][]; lines: string[] }> {
  const doc = await openPdf(pdf);
  try {
    const text = doc.text(1, 72);
    const words = text.lines.flatMap((l) => l.words);
    const xs = words.flatMap((w) => [w.bbox[0], w.bbox[2]]);
    const ys = words.flatMap((w) => [w.bbox[1], w.bbox[3]]);
    const grid = recognizeTable({ bbox: [Math.min(...xs) - 2, Math.min(...ys) - 2, Math.max(...xs) + 2, Math.max(...ys) + 2], words, segments: [] });
    const rows = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => ''));
    for (const c of grid.cells) rows[c.row]![c.col] = c.text;
    return { size: doc.pageSize(1), rows, lines: text.lines.map((l) => l.text) };
  } finally {
    doc.close();
  }
}

describe('pages turned upright', () => {
  it('reads a table set sideways on an upright page row by row, the page turned', async () => {
    // Text running up the page (rotated 90° counter-clockwise), as a landscape table printed on portrait paper.
    const pdf = buildPdf([{ content: table((x, y, s) => textWithMatrix([0, 1, -1, 0, 792 - y, x], 10, s)) }]);
    const { size, rows } = await rowsOf(pdf);
    expect(size).toEqual({ width: 792, height: 612 });
    expect(rows).toEqual(ROWS);
  });

  it('turns a /Rotate 90 page whose text then runs down the screen', async () => {
    const pdf = buildPdf([{ rotate: 90, content: table((x, y, s) => textAt(x, y, 10, s)) }]);
    const { size, rows } = await rowsOf(pdf);
    expect(size).toEqual({ width: 612, height: 792 });
    expect(rows).toEqual(ROWS);
  });

  it('turns an upside-down page', async () => {
    const pdf = buildPdf([{ content: table((x, y, s) => textWithMatrix([-1, 0, 0, -1, 612 - x, 792 - y], 10, s)) }]);
    const { size, rows } = await rowsOf(pdf);
    expect(size).toEqual({ width: 612, height: 792 });
    expect(rows).toEqual(ROWS);
  });

  it('leaves a page alone when only a little text runs sideways', async () => {
    let content = '';
    for (let i = 0; i < 10; i++) content += textAt(72, 700 - i * 14, 10, `Upright prose line number ${i}`);
    content += textWithMatrix([0, 1, -1, 0, 560, 100], 8, 'Side note');
    const { size, lines } = await rowsOf(buildPdf([{ content }]));
    expect(size).toEqual({ width: 612, height: 792 });
    expect(lines[0]).toBe('Upright prose line number 0');
  });
});

describe('duplicated text layers', () => {
  it('drops glyphs drawn twice at the same place, in words and numbers', async () => {
    // PDFium itself drops a whole text object repeated as is; these copies are cut differently
    // (word by word over the line) or drawn invisibly (render mode 3) a little off the visible text.
    const wordByWord = textAt(72, 700, 12, 'Titan Pro') + textAt(72, 700, 12, 'Titan') + textAt(72 + helveticaWidth('Titan ', 12), 700, 12, 'Pro');
    const invisible = (y: number, s: string): string => textAt(72, y, 12, s) + `BT 3 Tr /F1 12 Tf 72.4 ${y + 0.3} Td (${s}) Tj ET\n`;
    const pdf = buildPdf([{ content: wordByWord + invisible(680, '1.9') + invisible(660, 'Total 48.78') + textAt(72, 640, 12, 'All good ... ll') }]);
    const doc = await openPdf(pdf);
    try {
      expect(doc.text(1, 72).lines.map((l) => l.text)).toEqual(['Titan Pro', '1.9', 'Total 48.78', 'All good ... ll']);
    } finally {
      doc.close();
    }
  });

  it('keeps repeated letters side by side', () => {
    const c = (text: string, x: number): PlacedChar => ({ text, bbox: [x, 0, x + 3, 10], baseline: 8 });
    expect(dropDuplicateChars([c('l', 0), c('l', 3), c('.', 6), c('.', 9), c('l', 0.2)]).map((x) => x.text).join('')).toBe('ll..');
  });
});

describe('right-to-left text', () => {
  // Arabic letters drawn with Helvetica's glyphs through a ToUnicode map.
  const arabic = { a: 'س', b: 'ل', c: 'ا', d: 'م', e: 'ع', f: 'ي', g: 'ك' };
  const read = async (content: string): Promise<string[]> => {
    const doc = await openPdf(buildPdf([{ content }], { toUnicode: arabic }));
    try {
      return doc.text(1, 72).lines.map((l) => l.text);
    } finally {
      doc.close();
    }
  };

  it('gives Arabic drawn in display order (reversed) in logical order, words and numbers too', async () => {
    // "سلام عليكم" and "سلام 2015" as displayed: the first word rightmost, each word's first letter on its right.
    expect(await read(textAt(72, 700, 14, 'dgfbe dcba') + textAt(72, 670, 14, '2015 dcba'))).toEqual(['سلام عليكم', 'سلام 2015']);
  });

  it('joins Arabic glyphs drawn one by one leftwards in logical order into one word', async () => {
    let x = 200;
    let content = '';
    for (const ch of 'abcd') {
      x -= helveticaWidth(ch, 14);
      content += textAt(x, 700, 14, ch);
    }
    expect(await read(content)).toEqual(['سلام']);
  });
});
