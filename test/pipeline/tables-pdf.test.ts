// Table structure on small PDFs built in the test, read as processing reads a born-digital page
// (text layer and drawn segments): shapes seen in real reports.
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { recognizeTable } from '../../src/pipeline/tables/structure.js';
import type { BBox } from '../../src/pipeline/types.js';
import { buildPdf, helveticaWidth, line, textAt } from '../fixtures/pdf-builder.js';

const SIZE = 7;

async function gridOf(content: string, bbox: BBox): Promise<string[][]> {
  const doc = await openPdf(buildPdf([{ content }]));
  try {
    const words = doc.text(1, 72).lines.flatMap((l) => l.words);
    const g = recognizeTable({ bbox, words, segments: doc.segments(1, 72) });
    const rows = Array.from({ length: g.rows }, () => Array.from({ length: g.cols }, () => ''));
    for (const c of g.cells) rows[c.row]![c.col] = c.text;
    return rows;
  } finally {
    doc.close();
  }
}

/** Right-aligned text ending at x. */
const right = (x: number, y: number, s: string): string => textAt(x - helveticaWidth(s, SIZE), y, SIZE, s);

describe('tables on built PDFs', () => {
  it('keeps a header set off its right-aligned numbers in the ruled column it heads, rows tight and grouped by rules', async () => {
    // A statistics sheet: every column ruled, headers left-aligned in their cells, numbers right-aligned,
    // rows 8 pt apart with a rule under every third row only.
    const edges = [40, 120, 170, 220, 270];
    const header = ['State', 'Permit', 'Handgun', 'Long Gun'];
    const body = [
      ['Alabama', '18,870', '23,022', '22,650'],
      ['Alaska', '209', '3,062', '3,209'],
      ['Arizona', '2,303', '12,382', '9,041'],
      ['Arkansas', '3,298', '6,359', '11,611'],
      ['California', '98,452', '41,181', '35,007'],
      ['Colorado', '4,144', '19,784', '16,082'],
    ];
    const top = 700;
    let c = header.map((h, j) => textAt(edges[j]! + 2, top - 9, SIZE, h)).join('');
    body.forEach((r, i) => {
      const y = top - 20 - i * 8;
      c += textAt(edges[0]! + 2, y, SIZE, r[0]!) + r.slice(1).map((v, j) => right(edges[j + 2]! - 3, y, v)).join('');
    });
    const bottom = top - 20 - 5 * 8 - 4;
    for (const x of edges) c += line(x, top, x, bottom, 0.5);
    for (const y of [top, top - 12, top - 12 - 3 * 8, bottom]) c += line(edges[0]!, y, edges[4]!, y, 0.5);
    expect(await gridOf(c, [38, 792 - top - 2, 272, 792 - bottom + 2])).toEqual([header, ...body]);
  });

  it('keeps an empty column its header names and drops a ruled spacer column with nothing in it', async () => {
    // A ruled register: a narrow spacer column between Item and Qty (two rules, no text), and a
    // Remarks column no row filled in.
    const edges = [40, 120, 128, 180, 260];
    const header = ['Item', '', 'Qty', 'Remarks'];
    const body = [
      ['Bolts', '', '40', ''],
      ['Nuts', '', '120', ''],
      ['Washers', '', '75', ''],
    ];
    const top = 700;
    let c = header.map((h, j) => (h ? textAt(edges[j]! + 2, top - 9, SIZE, h) : '')).join('');
    body.forEach((r, i) => {
      const y = top - 20 - i * 10;
      c += textAt(edges[0]! + 2, y, SIZE, r[0]!) + right(edges[3]! - 3, y, r[2]!);
    });
    const bottom = top - 20 - 2 * 10 - 5;
    for (const x of edges) c += line(x, top, x, bottom, 0.5);
    for (const y of [top, top - 12, bottom]) c += line(edges[0]!, y, edges[4]!, y, 0.5);
    const rows = await gridOf(c, [38, 792 - top - 2, 262, 792 - bottom + 2]);
    expect(rows).toEqual([['Item', 'Qty', 'Remarks'], ['Bolts', '40', ''], ['Nuts', '120', ''], ['Washers', '75', '']]);
  });
});
