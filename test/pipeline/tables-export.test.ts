// Tables for export: continued tables merged by the documented rule, rows of text with spans in
// their top-left cell, CSV (quoting, the formula guard), zips and XLSX workbooks read back.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cellValue, dateOrderOf } from '../../src/pipeline/tables/cell-values.js';
import { rowPaths } from '../../src/pipeline/tables/header-paths.js';
import { tableCsv, tablesXlsx, zipTextFiles } from '../../src/pipeline/tables/export-files.js';
import { parseHtmlTable, tableToHtml } from '../../src/pipeline/tables/index.js';
import { mergeContinued, tableRows, type LinkedTable } from '../../src/pipeline/tables/merge.js';

const table = (componentId: string, pageNumber: number, html: string, links: { from?: string; by?: string } = {}): LinkedTable => ({
  componentId,
  pageNumber,
  grid: parseHtmlTable(html),
  continuesFrom: links.from ?? null,
  continuedBy: links.by ?? null,
});

const HEAD = '<thead><tr><th>Pump</th><th>Hours</th></tr></thead>';
const first = table('a', 1, `<table>${HEAD}<tr><td>P-1</td><td>10</td></tr></table>`, { by: 'b' });
const second = table('b', 2, `<table><thead><tr><th>pump</th><th>HOURS</th></tr></thead><tr><td>P-2</td><td>20</td></tr></table>`, { from: 'a', by: 'c' });
const third = table('c', 3, '<table><tr><td>P-3</td><td>30</td></tr></table>', { from: 'b' });
const other = table('d', 3, '<table><tr><th>Valve</th><th>Size</th><th>Note</th></tr><tr><td>V-1</td><td>2"</td><td>ok</td></tr></table>');

describe('merging continued tables', () => {
  it('keeps the first header, appends body rows in page order and drops repeated headers', () => {
    const [merged, separate, ...rest] = mergeContinued([first, second, third, other], true);
    expect(rest).toEqual([]);
    expect(merged!.componentIds).toEqual(['a', 'b', 'c']);
    expect(merged!.pages).toEqual([1, 2, 3]);
    expect(merged!.grid.headerRows).toBe(1);
    expect(tableRows(merged!.grid)).toEqual([
      ['Pump', 'Hours'],
      ['P-1', '10'],
      ['P-2', '20'],
      ['P-3', '30'],
    ]);
    expect(tableToHtml(merged!.grid)).toBe(
      '<table><thead><tr><th>Pump</th><th>Hours</th></tr></thead><tbody><tr><td>P-1</td><td>10</td></tr><tr><td>P-2</td><td>20</td></tr><tr><td>P-3</td><td>30</td></tr></tbody></table>',
    );
    expect(separate!.componentIds).toEqual(['d']);
  });

  it('leaves every table separate without merging, and tables whose links do not agree', () => {
    expect(mergeContinued([first, second, third], false).map((t) => t.componentIds)).toEqual([['a'], ['b'], ['c']]);
    // b claims to continue a, but a says it is continued by someone else: no merge.
    const lonely = { ...first, continuedBy: null };
    expect(mergeContinued([lonely, second], true).map((t) => t.componentIds)).toEqual([['a'], ['b']]);
  });

  it('keeps a continuation row that only looks like the header when it differs, and clips spans from dropped rows', () => {
    const next = table('b', 2, '<table><tr><td>Pump</td><td rowspan="2">Hours</td></tr><tr><td>P-9</td></tr></table>', { from: 'a' });
    const [merged] = mergeContinued([first, next], true);
    // The repeated "Pump | Hours" row is dropped; the rowspan that started in it keeps its kept part.
    expect(tableRows(merged!.grid)).toEqual([
      ['Pump', 'Hours'],
      ['P-1', '10'],
      ['P-9', 'Hours'],
    ]);
    const notRepeat = table('b', 2, '<table><tr><td>Pump</td><td>99</td></tr></table>', { from: 'a' });
    expect(tableRows(mergeContinued([first, notRepeat], true)[0]!.grid)).toEqual([
      ['Pump', 'Hours'],
      ['P-1', '10'],
      ['Pump', '99'],
    ]);
  });

  it('puts a spanning cell in its top-left position', () => {
    const grid = parseHtmlTable('<table><tr><th colspan="2">Totals</th><th>x</th></tr><tr><td rowspan="2">A</td><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>');
    expect(tableRows(grid)).toEqual([
      ['Totals', '', 'x'],
      ['A', '1', '2'],
      ['', '3', '4'],
    ]);
  });
});

describe('export files', () => {
  it('writes CSV with quoting where needed and a guard against formulas, numbers untouched', () => {
    const grid = parseHtmlTable('<table><tr><td>a,b</td><td>say "hi"</td><td>two<br>lines</td></tr><tr><td>=SUM(A1)</td><td>-3.5</td><td>-</td></tr><tr><td>+1,200</td><td>@cmd</td><td>-x+1</td></tr></table>');
    expect(tableCsv(grid)).toBe('"a,b","say ""hi""","two\nlines"\r\n\'=SUM(A1),-3.5,-\r\n"+1,200",\'@cmd,\'-x+1\r\n');
  });

  it('zips text files under their names', () => {
    const zip = zipTextFiles([{ name: 'table-01-page-1.csv', text: 'a,b\r\n' }, { name: 'table-02-pages-2-3.csv', text: 'é\r\n' }]);
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(['table-01-page-1.csv', 'table-02-pages-2-3.csv']);
    expect(strFromU8(files['table-02-pages-2-3.csv']!)).toBe('é\r\n');
  });

  it('writes one sheet per table with typed body cells, merged spans and bold headers', async () => {
    const xlsx = await tablesXlsx([
      {
        name: 'Table 1 (p. 1-2)',
        grid: parseHtmlTable(
          '<table><thead><tr><th colspan="2">Pump data</th><th>2015</th></tr></thead><tr><td>P-1</td><td>1,200</td><td>12.5%</td></tr><tr><td>0085648100305</td><td>$ 0.61</td><td>06/22/2015</td></tr></table>',
        ),
      },
      { name: 'Table 2 (p. 3)', grid: parseHtmlTable('<table><tr><td>(12)</td></tr></table>') },
    ]);
    const files = unzipSync(new Uint8Array(xlsx));
    const text = (name: string): string => strFromU8(files[name]!);
    const workbook = text('xl/workbook.xml');
    expect([...workbook.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual(['Table 1 (p. 1-2)', 'Table 2 (p. 3)']);
    const sheet1 = text('xl/worksheets/sheet1.xml');
    expect(sheet1).toContain('<mergeCell ref="A1:B1"/>');
    const strings = files['xl/sharedStrings.xml'] ? text('xl/sharedStrings.xml') : sheet1;
    // Header cells and codes stay text; body numbers, percentages and dates are numbers in the sheet.
    for (const s of ['Pump data', '2015', 'P-1', '0085648100305']) expect(strings).toContain(`>${s}<`);
    const cell = (ref: string, xml = sheet1): string => new RegExp(`<c r="${ref}"[^>]*>(?:(?!</c>).)*</c>`).exec(xml)?.[0] ?? '';
    expect(cell('B2')).toContain('<v>1200</v>');
    expect(cell('B2')).not.toContain('t="s"');
    expect(cell('C2')).toContain('<v>0.125</v>');
    expect(cell('B3')).toContain('<v>0.61</v>');
    expect(cell('C3')).not.toContain('t="s"'); // a date: a serial number, not a string
    expect(cell('C1')).toContain('t="s"');
    const styles = text('xl/styles.xml');
    for (const f of ['#,##0', '0.0%', '&quot;$ &quot;0.00', 'mm/dd/yyyy']) expect(styles).toContain(`formatCode="${f}"`);
    expect(cell('A1', text('xl/worksheets/sheet2.xml'))).toContain('<v>-12</v>');
  });

  it('keeps a number with a note mark typed, the mark shown by its number format; a label shows its mark', async () => {
    const grid = parseHtmlTable('<table><tr><td>Breastfed<sup>9</sup></td><td>1,200<sup>a</sup></td><td>(3)<sup>b</sup></td></tr></table>');
    const files = unzipSync(new Uint8Array(await tablesXlsx([{ name: 'T', grid }])));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const strings = files['xl/sharedStrings.xml'] ? strFromU8(files['xl/sharedStrings.xml']) : sheet;
    expect(strings).toContain('>Breastfed⁹<');
    expect(/<c r="B1"[^>]*><v>1200<\/v>/.test(sheet)).toBe(true);
    const styles = strFromU8(files['xl/styles.xml']!);
    expect(styles).toContain('formatCode="#,##0&quot;ᵃ&quot;"');
    expect(styles).toContain('formatCode="0&quot;ᵇ&quot;;(0)&quot;ᵇ&quot;"');
  });

  it('types numbers, percentages and dates, keeping codes and ambiguous dates as text', () => {
    expect(cellValue('1,234.50')).toEqual({ kind: 'number', value: 1234.5, format: '#,##0.00' });
    expect(cellValue('-0.5')).toEqual({ kind: 'number', value: -0.5, format: '0.0' });
    expect(cellValue('(1,200)')).toEqual({ kind: 'number', value: -1200, format: '#,##0;(#,##0)' });
    expect(cellValue('12%')).toEqual({ kind: 'number', value: 0.12, format: '0%' });
    expect(cellValue('€3.10')).toEqual({ kind: 'number', value: 3.1, format: '"€"0.00' });
    for (const t of ['0085648100305', '98 452', '1,23', '12345678901234567', 'N/A', '3.9 x', '(12', '']) expect(cellValue(t)).toEqual({ kind: 'text' });
    expect(cellValue('2015-07-01')).toEqual({ kind: 'date', value: new Date(Date.UTC(2015, 6, 1)), format: 'yyyy-mm-dd' });
    expect(cellValue('07/01/2015')).toEqual({ kind: 'text' });
    expect(cellValue('07/01/2015', 'dmy')).toEqual({ kind: 'date', value: new Date(Date.UTC(2015, 0, 7)), format: 'dd/mm/yyyy' });
    expect(cellValue('02/30/2015', 'mdy')).toEqual({ kind: 'text' });
    expect(dateOrderOf(['07/01/2015', '06/22/2015'])).toBe('mdy');
    expect(dateOrderOf(['22/06/2015', '07/01/2015'])).toBe('dmy');
    expect(dateOrderOf(['07/01/2015'])).toBeUndefined();
    expect(dateOrderOf(['22/06/2015', '06/22/2015'])).toBeUndefined();
  });
});

describe('rowPaths', () => {
  it('gives each value its column header path and its row path, sections included', () => {
    const grid = parseHtmlTable(
      '<table><thead><tr><th rowspan="2">State</th><th rowspan="2">Permit</th><th colspan="2">Pre-Pawn</th></tr><tr><th>Handgun</th><th>Long Gun</th></tr></thead>' +
        '<tr><td colspan="4">South</td></tr><tr><td>Alabama</td><td>18,870</td><td>14</td><td></td></tr><tr><td>Alaska</td><td>209</td><td>9</td><td>3</td></tr></table>',
    );
    expect(rowPaths(grid).map((r) => r.text)).toEqual([
      'South > Alabama: Permit: 18,870; Pre-Pawn > Handgun: 14',
      'South > Alaska: Permit: 209; Pre-Pawn > Handgun: 9; Pre-Pawn > Long Gun: 3',
    ]);
  });

  it('keeps several label columns in the row path and numbers columns without a header', () => {
    const grid = parseHtmlTable('<table><tr><td>2015</td><td>Q1</td><td>North</td><td>12</td></tr><tr><td>2015</td><td>Q2</td><td>South</td><td>7</td></tr></table>');
    expect(rowPaths(grid).map((r) => r.text)).toEqual(['2015: column 2: Q1; column 3: North; column 4: 12', '2015: column 2: Q2; column 3: South; column 4: 7']);
  });
});
