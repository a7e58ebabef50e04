// A table's cell grid read as quotable lines: each body cell named by its row label and column
// header, including rows that a spanning first-column label covers.
import { describe, expect, it } from 'vitest';
import { tableLines } from '../../src/qa/respond.js';

describe('tableLines', () => {
  it('names every row of a row group by the label spanning it', () => {
    const cell = (row: number, col: number, text: string, extra: { row_span?: number; header?: boolean } = {}) => ({ row, col, text, col_span: 1, row_span: 1, ...extra });
    const lines = tableLines(
      [
        cell(0, 0, 'Disease', { header: true }),
        cell(0, 1, '', { header: true }),
        cell(0, 2, 'Men', { header: true }),
        cell(1, 0, 'Asthma', { row_span: 2 }),
        cell(1, 1, 'Count'),
        cell(1, 2, '31'),
        cell(2, 1, 'Percentage'),
        cell(2, 2, '6.3%'),
      ],
      null,
    ).map((l) => l.text);
    expect(lines).toEqual(['Disease; Men', 'Asthma: Count', 'Asthma, Men: 31', 'Asthma: Percentage', 'Asthma, Men: 6.3%']);
  });
});
