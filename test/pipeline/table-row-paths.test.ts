// Row and column paths of real statistics tables (issue 15aj): header lines the extractor left in
// the body, and sub-row labels repeated under several group rows.
import { describe, expect, it } from 'vitest';
import { rowPaths } from '../../src/pipeline/tables/header-paths.js';
import { parseHtmlTable } from '../../src/pipeline/tables/index.js';

const table = (head: string, body: string[]): string => `<table><thead>${head}</thead>${body.map((r) => `<tr>${r}</tr>`).join('')}</table>`;
const row = (...cells: string[]): string => cells.map((c) => `<td>${c}</td>`).join('');

describe('rowPaths of real statistics tables', () => {
  it('reads leading body rows of words over numeric columns as header rows', () => {
    const grid = parseHtmlTable(table('<tr><th></th><th colspan="2">Percent who borrowed</th></tr>', [row('Characteristic', 'Neither', 'Both'), row('Total', '31.4', '27.2'), row('Business', '39.6', '21.1')]));
    expect(rowPaths(grid).map((r) => r.text)).toEqual(['Total: Percent who borrowed > Neither: 31.4; Percent who borrowed > Both: 27.2', 'Business: Percent who borrowed > Neither: 39.6; Percent who borrowed > Both: 21.1']);
  });

  it('reads a row of years or dates as a header row, not a row of figures run together', () => {
    const years = parseHtmlTable(table('<tr><th>Loans</th><th colspan="2">Amount</th></tr>', [row('', '2009', '6/30/2011'), row('Leases', '3,508', '3,147')]));
    expect(rowPaths(years).map((r) => r.text)).toEqual(['Leases: Amount > 2009: 3,508; Amount > 6/30/2011: 3,147']);
    const runTogether = parseHtmlTable(table('<tr><th>State</th><th>2004</th><th>2005</th></tr>', [row('United States', '2,753,438 2,799,250', '2,815,544'), row('Maine', '13,278', '13,077')]));
    expect(rowPaths(runTogether).map((r) => r.text)[0]).toBe('United States: 2004: 2,753,438 2,799,250; 2005: 2,815,544');
  });

  it('keeps a section row out of the header', () => {
    const grid = parseHtmlTable(table('<tr><th>State</th><th>Permits</th></tr>', [row('South', ''), row('Alabama', '18,870')]));
    expect(rowPaths(grid).map((r) => r.text)).toEqual(['South > Alabama: Permits: 18,870']);
  });

  it('names a sub-row label repeated within its section by the nearest unrepeated row above', () => {
    const grid = parseHtmlTable(
      table('<tr><th>Institution</th><th>Both</th></tr>', [
        row('Type of institution', ''),
        row('Public 4-year', '36,900'),
        row('Doctorate-granting', '39,300'),
        row('Private 4-year', '48,900'),
        row('Doctorate-granting', '55,500'),
        row('Other', '39,600'),
        row('Highest degree', ''),
        row('Doctoral degree', '52,900'),
      ]),
    );
    expect(rowPaths(grid).map((r) => r.text)).toEqual([
      'Type of institution > Public 4-year: Both: 36,900',
      'Type of institution > Public 4-year > Doctorate-granting: Both: 39,300',
      'Type of institution > Private 4-year: Both: 48,900',
      'Type of institution > Private 4-year > Doctorate-granting: Both: 55,500',
      'Type of institution > Other: Both: 39,600',
      'Highest degree > Doctoral degree: Both: 52,900',
    ]);
  });
});
