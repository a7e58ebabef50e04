// Table structure recognition on small tables built here (words and rules placed by hand), HTML
// output and the strict html_table parser, continuation links, and the ICDAR adjacency measure.
import { describe, expect, it } from 'vitest';
import { relationsOf, scoreRelations } from '../../src/pipeline/tables/adjacency.js';
import { continues, extractTable, HtmlTableError, parseHtmlTable, recognizeTable, shapeOf, tableToHtml, BASELINE } from '../../src/pipeline/tables/index.js';
import { imageRules } from '../../src/pipeline/tables/image-rules.js';
import type { BBox, Segment, Word } from '../../src/pipeline/types.js';

const CHAR = 6;
const H = 10;
const SPACE = 3;

/** The words of `text` set from (x, y) (top of the line), 6 px a character, 3 px spaces (10 px text). */
function words(text: string, x: number, y: number): Word[] {
  const out: Word[] = [];
  let at = x;
  for (const w of text.split(' ')) {
    out.push({ text: w, bbox: [at, y, at + w.length * CHAR, y + H], confidence: 1 });
    at += w.length * CHAR + SPACE;
  }
  return out;
}

/** Rows of cells at column x positions, one line every `pitch` px from y = 100. */
function table(rows: string[][], xs: number[], pitch = 20): Word[] {
  return rows.flatMap((r, i) => r.flatMap((cell, k) => (cell ? words(cell, xs[k]!, 100 + i * pitch) : [])));
}

const seg = (x0: number, y0: number, x1: number, y1: number): Segment => ({ x0, y0, x1, y1, width: 1 });

/** The grid as text rows: cell texts at their column, '' where empty, spans shown as '<text>*n'. */
function render(g: ReturnType<typeof recognizeTable>): string[][] {
  const out = Array.from({ length: g.rows }, () => Array.from({ length: g.cols }, () => ''));
  for (const c of g.cells) out[c.row]![c.col] = c.text + (c.colspan > 1 ? `*${c.colspan}` : '') + (c.rowspan > 1 ? `^${c.rowspan}` : '');
  return out;
}

describe('recognizeTable', () => {
  it('reads a borderless table with numbers exactly as printed and an empty cell', () => {
    const xs = [50, 200, 300];
    const w = table(
      [
        ['Region', 'Sales', 'Growth'],
        ['North', '1,204.50', '-3.2%'],
        ['South', '', '(0.75)'],
        ['East', '7 000', '12'],
      ],
      xs,
    );
    const g = recognizeTable({ bbox: [40, 90, 400, 190], words: w, segments: [] });
    expect(render(g)).toEqual([
      ['Region', 'Sales', 'Growth'],
      ['North', '1,204.50', '-3.2%'],
      ['South', '', '(0.75)'],
      ['East', '7 000', '12'],
    ]);
    expect(g.headerRows).toBe(1);
    expect(g.cells.find((c) => c.text === '1,204.50')?.bbox).toEqual([200, 120, 248, 130]);
  });

  it('gives a spanning header its colspan, the stub head its rowspan, and keeps the sub-headers apart', () => {
    const w = [
      ...words('Releases to the environment', 205, 100),
      ...table(
        [
          ['Substance', 'air', 'water'],
          ['Lead', '200', '20'],
          ['Zinc', '5', '0.1'],
          ['Copper', '1', '2'],
        ],
        [50, 200, 300],
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 20, x.bbox[2], x.bbox[3] + 20] as BBox })),
    ];
    const g = recognizeTable({ bbox: [40, 90, 400, 210], words: w, segments: [] });
    expect(render(g)).toEqual([
      ['Substance^2', 'Releases to the environment*2', ''],
      ['', 'air', 'water'],
      ['Lead', '200', '20'],
      ['Zinc', '5', '0.1'],
      ['Copper', '1', '2'],
    ]);
    expect(g.headerRows).toBe(2);
    const html = tableToHtml(g);
    expect(html).toBe(
      '<table><thead><tr><th rowspan="2">Substance</th><th colspan="2">Releases to the environment</th></tr><tr><th>air</th><th>water</th></tr></thead>' +
        '<tbody><tr><td>Lead</td><td>200</td><td>20</td></tr><tr><td>Zinc</td><td>5</td><td>0.1</td></tr><tr><td>Copper</td><td>1</td><td>2</td></tr></tbody></table>',
    );
    // The plain baseline merges the columns under the spanning header.
    expect(recognizeTable({ bbox: [40, 90, 400, 210], words: w, segments: [] }, BASELINE).cols).toBe(2);
  });

  it('joins a wrapped first-column label into one multi-line cell', () => {
    const w = [
      ...words('Item', 50, 100),
      ...words('Cost', 250, 100),
      ...words('Pumps and', 50, 114),
      ...words('12.5', 250, 114),
      ...words('valves', 50, 126),
      ...words('Pipes', 50, 142),
      ...words('3', 250, 142),
    ];
    const g = recognizeTable({ bbox: [40, 90, 400, 160], words: w, segments: [] });
    expect(render(g)).toEqual([
      ['Item', 'Cost'],
      ['Pumps and\nvalves', '12.5'],
      ['Pipes', '3'],
    ]);
  });

  it('uses rules in a ruled table: lines between two rules are one row, a vertical rule splits close cells', () => {
    // Columns at 50 and 112: "Total cost" runs to 107, 5 px from the next cell (a word space is
    // 3): the vertical rule at 110 tells them apart.
    const w = [
      ...words('Code', 50, 100),
      ...words('Note', 112, 100),
      ...words('AB-12', 50, 122),
      ...words('first', 112, 122),
      ...words('line', 112, 134),
      ...words('Total cost', 50, 156),
      ...words('x', 112, 156),
    ];
    const segments = [seg(45, 95, 200, 95), seg(45, 117, 200, 117), seg(45, 150, 200, 150), seg(45, 170, 200, 170), seg(110, 95, 110, 170), seg(45, 95, 45, 170), seg(200, 95, 200, 170)];
    const g = recognizeTable({ bbox: [45, 95, 200, 170], words: w, segments }, { rules: true, multiline: true, spans: true });
    expect(render(g)).toEqual([
      ['Code', 'Note'],
      ['AB-12', 'first\nline'],
      ['Total cost', 'x'],
    ]);
    const noRules = recognizeTable({ bbox: [45, 95, 200, 170], words: w, segments: [] }, { rules: false, multiline: true, spans: true });
    expect(render(noRules)).not.toEqual(render(g));
  });

  it('places a bullet whose font box spans several lines on the nearest text line', () => {
    // Each bullet is boxed 30 px tall, reaching up into the row above: by its box alone it would
    // join the line above.
    const bullet = (y: number): Word => ({ text: '•', bbox: [185, y - 15, 190, y + 15], confidence: 1 });
    const w = [...words('Property', 50, 100), ...words('Reason', 200, 100), ...words('Clarity', 50, 120), bullet(120), ...words('Reported by', 200, 120), ...words('Range', 50, 140), bullet(140), ...words('Floor effect', 200, 140)];
    const g = recognizeTable({ bbox: [40, 90, 400, 160], words: w, segments: [] });
    expect(render(g)).toEqual([
      ['Property', 'Reason'],
      ['Clarity', '• Reported by'],
      ['Range', '• Floor effect'],
    ]);
  });

  it('reads a grid of vertical rules with rules between rows as ruled, however many lines every cell holds', () => {
    // Four rows of three-line cells in both columns: without the rules a line break inside a row
    // and a new row look alike. Only 3 of the 11 line gaps are ruled.
    const cellLines = (a: string, b: string, y: number): Word[] => [0, 1, 2].flatMap((i) => [...words(`${a}${i}`, 50, y + 2 + 12 * i), ...words(`${b}${i}`, 155, y + 2 + 12 * i)]);
    const w = ['a', 'b', 'c', 'd'].flatMap((k, r) => cellLines(`left${k}`, `right${k}`, 100 + 40 * r));
    const segments = [100, 140, 180, 220, 260].map((y) => seg(45, y, 300, y)).concat([45, 150, 300].map((x) => seg(x, 100, x, 260)));
    const g = recognizeTable({ bbox: [45, 100, 300, 260], words: w, segments });
    expect(render(g)).toEqual(['a', 'b', 'c', 'd'].map((k) => [`left${k}0\nleft${k}1\nleft${k}2`, `right${k}0\nright${k}1\nright${k}2`]));
  });

  it('reads each cell line by line when vertically centred header cells sit at staggered heights', () => {
    // Three two-line headers, each 5 px lower than the one before: the table's text lines run
    // into each other, the cells' own lines do not.
    const w = [
      ...words('Alternate', 50, 100),
      ...words('Based on Grade', 50, 112),
      ...words('Modified', 200, 105),
      ...words('Based on Level', 200, 117),
      ...words('Other', 350, 110),
      ...words('Based on Needs', 350, 122),
      ...table(
        [
          ['Grade level', 'Modified level', 'Alternate level'],
          ['Grade one', 'Modified one', 'Alternate one'],
          ['Grade two', 'Modified two', 'Alternate two'],
        ],
        [50, 200, 350],
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 50, x.bbox[2], x.bbox[3] + 50] as BBox })),
    ];
    // A ruled grid: no rule between the header lines.
    const segments = [95, 140, 165, 185, 205].map((y) => seg(45, y, 500, y)).concat([45, 190, 340, 500].map((x) => seg(x, 95, x, 205)));
    const g = recognizeTable({ bbox: [45, 95, 500, 205], words: w, segments });
    expect(render(g)).toEqual([
      ['Alternate\nBased on Grade', 'Modified\nBased on Level', 'Other\nBased on Needs'],
      ['Grade level', 'Modified level', 'Alternate level'],
      ['Grade one', 'Modified one', 'Alternate one'],
      ['Grade two', 'Modified two', 'Alternate two'],
    ]);
  });

  it('keeps sub-headers under a spanning header as a row of their own in a ruled table, rule or no rule', () => {
    const w = [
      ...words('Sampled in 2007', 160, 100),
      ...words('Sampled in 2006', 310, 100),
      ...table(
        [
          ['Country', 'N', 'Share', 'N', 'Share'],
          ['Austria', '109', '0.9', '93', '1.1'],
          ['Germany', '123', '0.8', '290', '0.7'],
          ['Spain', '36', '0', '40', '0'],
        ],
        [50, 150, 220, 300, 370],
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 12, x.bbox[2], x.bbox[3] + 12] as BBox })),
    ];
    // Rules above the table, under the header and between the body rows; none between the header lines.
    const segments = [95, 126, 148, 168, 188].map((y) => seg(45, y, 420, y));
    const g = recognizeTable({ bbox: [45, 95, 420, 188], words: w, segments });
    expect(render(g)).toEqual([
      ['Country^2', 'Sampled in 2007*2', '', 'Sampled in 2006*2', ''],
      ['', 'N', 'Share', 'N', 'Share'],
      ['Austria', '109', '0.9', '93', '1.1'],
      ['Germany', '123', '0.8', '290', '0.7'],
      ['Spain', '36', '0', '40', '0'],
    ]);
  });

  it('reads multi-line header cells set bottom-aligned as one header row', () => {
    // Column headers of three lines and of one line, all ending on the same line.
    const xs = [50, 170, 290, 410];
    const w = [
      ...words('Some Year', 170, 100),
      ...words('No Year', 290, 100),
      ...words('Head Start', 170, 112),
      ...words('Head Start', 290, 112),
      ...words('Group', 50, 124),
      ...words('Share', 170, 124),
      ...words('Share', 290, 124),
      ...words('Total', 410, 124),
      ...table(
        [
          ['Head Start', '85.1%', '14.9%', '100%'],
          ['Control', '17.3%', '82.7%', '100%'],
        ],
        xs,
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 45, x.bbox[2], x.bbox[3] + 45] as BBox })),
    ];
    const g = recognizeTable({ bbox: [40, 90, 480, 180], words: w, segments: [] });
    expect(g.headerRows).toBe(1);
    expect(render(g)).toEqual([
      ['Group', 'Some Year\nHead Start\nShare', 'No Year\nHead Start\nShare', 'Total'],
      ['Head Start', '85.1%', '14.9%', '100%'],
      ['Control', '17.3%', '82.7%', '100%'],
    ]);
  });

  it('reads a header of multi-line cells under spanning headers as two rows, the other columns spanning both', () => {
    const xs = [50, 110, 170, 240, 330, 400];
    const w = [
      ...words('No.', 110, 100),
      ...words('Postnatal Day 1', 187, 100),
      ...words('Postnatal Day 4', 347, 100),
      ...table(
        [
          ['', '', 'Body', 'Relative', 'Body', 'Relative'],
          ['Dose', '', 'weight', 'weight', 'weight', 'weight'],
          ['(ppm)', '', '(g)', '(%)', '(g)', '(%)'],
        ],
        xs,
        12,
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 12, x.bbox[2], x.bbox[3] + 12] as BBox })),
      ...table(
        [
          ['0', '39', '5.8', '100', '8.8', '100'],
          ['250', '30', '5.9', '102', '9.0', '102'],
          ['500', '33', '6.0', '103', '8.6', '98'],
        ],
        xs,
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 60, x.bbox[2], x.bbox[3] + 60] as BBox })),
    ];
    const g = recognizeTable({ bbox: [40, 90, 480, 210], words: w, segments: [] });
    expect(g.headerRows).toBe(2);
    expect(render(g)).toEqual([
      ['Dose\n(ppm)^2', 'No.^2', 'Postnatal Day 1*2', '', 'Postnatal Day 4*2', ''],
      ['', '', 'Body\nweight\n(g)', 'Relative\nweight\n(%)', 'Body\nweight\n(g)', 'Relative\nweight\n(%)'],
      ['0', '39', '5.8', '100', '8.8', '100'],
      ['250', '30', '5.9', '102', '9.0', '102'],
      ['500', '33', '6.0', '103', '8.6', '98'],
    ]);
    expect(tableToHtml(g)).toContain('<thead><tr><th rowspan="2">Dose<br>(ppm)</th><th rowspan="2">No.</th><th colspan="2">Postnatal Day 1</th>');
  });

  it('keeps a number that ends in a comma with the phrase it belongs to', () => {
    const w = table(
      [
        ['Event', 'Date', 'Count'],
        ['Launch', 'May 21, 2009', '47'],
        ['Review', 'June 3, 2010', '12'],
      ],
      [50, 150, 300],
    );
    expect(render(recognizeTable({ bbox: [40, 90, 400, 150], words: w, segments: [] }))).toEqual([
      ['Event', 'Date', 'Count'],
      ['Launch', 'May 21, 2009', '47'],
      ['Review', 'June 3, 2010', '12'],
    ]);
  });

  it('gives a stub label the rows of its group when the second column repeats its labels', () => {
    // Groups of three rows (Men, Women, Total); the year is centred against its group, and one
    // label wraps over two of its rows.
    const w = table(
      [
        ['Year', 'Sex', 'Farming', 'Industry'],
        ['', 'Men', '11.0', '40.7'],
        ['1991', 'Women', '6.6', '16.0'],
        ['', 'Total', '8.9', '28.7'],
        ['Before', 'Men', '9.5', '39.4'],
        ['reform', 'Women', '5.3', '13.9'],
        ['', 'Total', '7.5', '27.3'],
        ['', 'Men', '7.5', '39.4'],
        ['2001', 'Women', '3.7', '13.8'],
        ['', 'Total', '5.7', '27.2'],
      ],
      [50, 150, 250, 350],
    );
    const g = recognizeTable({ bbox: [40, 90, 450, 300], words: w, segments: [] });
    expect(render(g)).toEqual([
      ['Year', 'Sex', 'Farming', 'Industry'],
      ['1991^3', 'Men', '11.0', '40.7'],
      ['', 'Women', '6.6', '16.0'],
      ['', 'Total', '8.9', '28.7'],
      ['Before\nreform^3', 'Men', '9.5', '39.4'],
      ['', 'Women', '5.3', '13.9'],
      ['', 'Total', '7.5', '27.3'],
      ['2001^3', 'Men', '7.5', '39.4'],
      ['', 'Women', '3.7', '13.8'],
      ['', 'Total', '5.7', '27.2'],
    ]);
    expect(tableToHtml(g)).toContain('<tr><td rowspan="3">1991</td><td>Men</td>');
  });

  it('lets a cell of a ruled table span the rows that rules close in the other columns only', () => {
    const w = table(
      [
        ['Property', 'Type', 'Notes'],
        ['Reliability', 'Test', 'stable'],
        ['', 'Internal', 'items'],
        ['Validity', 'Content', 'evidence'],
        ['', 'Construct', 'relations'],
      ],
      [50, 150, 250],
    );
    const full = (y: number): Segment => seg(45, y, 350, y);
    const part = (y: number): Segment => seg(145, y, 350, y);
    const segments = [full(95), full(115), part(135), full(155), part(175), full(195), ...[45, 145, 245, 350].map((x) => seg(x, 95, x, 195))];
    const g = recognizeTable({ bbox: [45, 95, 350, 195], words: w, segments });
    expect(render(g)).toEqual([
      ['Property', 'Type', 'Notes'],
      ['Reliability^2', 'Test', 'stable'],
      ['', 'Internal', 'items'],
      ['Validity^2', 'Content', 'evidence'],
      ['', 'Construct', 'relations'],
    ]);
  });

  it('lets a centred, wrapped label of a ruled table span its block, but keeps a column of labels apart when the rules skip it', () => {
    const full = (y: number): Segment => seg(45, y, 350, y);
    const part = (y: number): Segment => seg(145, y, 350, y);
    const segments = [full(95), full(115), part(135), part(155), full(175), part(195), part(215), full(235)];
    const grid = (labels: string[], levels: string[]) =>
      recognizeTable({
        bbox: [45, 95, 350, 235],
        words: table(
          [
            ['Measure', 'Level', 'Share'],
            ...levels.map((level, i) => [labels[i]!, level, `${i + 1}%`]),
          ],
          [50, 150, 250],
        ),
        segments,
      });
    // The label sits in the middle rows of its block of three rows, over two lines.
    // (The second column does not repeat: no row groups to lean on.)
    expect(render(grid(['', 'Fuel per', 'cycle', '', 'Frequency', ''], ['Low', 'Mid', 'High', 'Rare', 'Often', 'Always']))).toEqual([
      ['Measure', 'Level', 'Share'],
      ['Fuel per\ncycle^3', 'Low', '1%'],
      ['', 'Mid', '2%'],
      ['', 'High', '3%'],
      ['Frequency^3', 'Rare', '4%'],
      ['', 'Often', '5%'],
      ['', 'Always', '6%'],
    ]);
    // Every row labelled: the rules simply stop short of the first column, and a repeating second
    // column does not make row groups of them either.
    const labels = ['Salaries', 'Benefits', 'Travel', 'Supplies', 'Rent', 'Other'];
    expect(render(grid(labels, ['Low', 'Mid', 'High', 'Low', 'Mid', 'High'])).map((r) => r[0])).toEqual(['Measure', ...labels]);
  });

  it('reads a first-column label right above the first data row as a section of the body, not a header row', () => {
    const w = [
      ...table([['Measure', 'Age 4', 'Grade K']], [80, 200, 300]),
      ...words('Literacy and Writing', 50, 120),
      ...table(
        [
          ['Color naming', '0.16', 'NA'],
          ['Letter naming', '0.25', 'NA'],
        ],
        [60, 200, 300],
      ).map((x) => ({ ...x, bbox: [x.bbox[0], x.bbox[1] + 40, x.bbox[2], x.bbox[3] + 40] as BBox })),
    ];
    const g = recognizeTable({ bbox: [40, 90, 400, 170], words: w, segments: [] });
    expect(g.headerRows).toBe(1);
    expect(render(g)).toEqual([
      ['Measure', 'Age 4', 'Grade K'],
      ['Literacy and Writing', '', ''],
      ['Color naming', '0.16', 'NA'],
      ['Letter naming', '0.25', 'NA'],
    ]);
  });

  it('returns an empty grid for a region without words', () => {
    expect(recognizeTable({ bbox: [0, 0, 10, 10], words: [], segments: [] })).toMatchObject({ rows: 0, cols: 0, cells: [] });
  });
});

describe('html tables', () => {
  it('parses what tableToHtml writes back to the same grid', () => {
    const w = table(
      [
        ['A', 'B'],
        ['1 & 2', '<3>'],
      ],
      [50, 200],
    );
    const { grid, html } = extractTable({ bbox: [40, 90, 300, 140], words: w, segments: [] });
    expect(html).toContain('<td>1 &amp; 2</td><td>&lt;3&gt;</td>');
    const back = parseHtmlTable(html);
    expect(back).toEqual({ rows: 2, cols: 2, headerRows: 1, cells: grid.cells.map(({ row, col, rowspan, colspan, text, header }) => ({ row, col, rowspan, colspan, text, header })) });
  });

  it('reads rowspan, colspan, <br> and entities', () => {
    const g = parseHtmlTable('<table>\n<tr><td rowspan="2">a<br/>b</td><td colspan=2>x&nbsp;&#x41;</td></tr><tr><td>1</td><td>2</td></tr></table>');
    expect(g).toEqual({
      rows: 2,
      cols: 3,
      headerRows: 0,
      cells: [
        { row: 0, col: 0, rowspan: 2, colspan: 1, header: false, text: 'a\nb' },
        { row: 0, col: 1, rowspan: 1, colspan: 2, header: false, text: 'x\u00a0A' },
        { row: 1, col: 1, rowspan: 1, colspan: 1, header: false, text: '1' },
        { row: 1, col: 2, rowspan: 1, colspan: 1, header: false, text: '2' },
      ],
    });
  });

  it.each([
    ['<table><tr><td>a</tr></table>', '</tr> at offset 16 closes <td>'],
    ['<table><tr><td>a</td></tr>', '<table> is never closed'],
    ['<div>x</div>', '<div> at offset 0 is not allowed in a table'],
    ['<table><td>a</td></table>', '<td> at offset 7 outside <tr>'],
    ['<table>text<tr><td>a</td></tr></table>', 'text outside a cell at offset 7'],
    ['<table><tr><td colspan="0">a</td></tr></table>', 'colspan="0" at offset 11: a whole number from 1 to 1000'],
    ['<table><tr><td>a</td><td rowspan="2">b</td></tr><tr><td colspan="2">c</td></tr></table>', ''],
    ['<table><tr><td>a & b</td></tr></table>', "bare '&' at offset 15 (write &amp;)"],
    ['<table><tr><td><script>x</script></td></tr></table>', '<script> at offset 15 is not allowed in a table'],
    ['<table></table>', 'the table has no rows'],
    ['', 'no <table> element'],
    ['<table><tr><td>a</td></tr></table><table></table>', 'nested or second <table> at offset 34'],
  ])('rejects %s', (html, message) => {
    if (!message) {
      // A colspan running into a rowspan's cell is an overlap.
      expect(() => parseHtmlTable(html)).toThrow(/overlaps a spanning cell/);
      return;
    }
    expect(() => parseHtmlTable(html)).toThrow(HtmlTableError);
    expect(() => parseHtmlTable(html)).toThrow(message);
  });
});

describe('continuations', () => {
  const grid = (y0: number, y1: number, header: boolean) =>
    recognizeTable({
      bbox: [40, y0, 400, y1],
      words: table(header ? [['Name', 'Value'], ['a', '1'], ['b', '2']] : [['c', '3'], ['d', '4'], ['e', '5']], [50, 300]).map((w) => ({
        ...w,
        bbox: [w.bbox[0], w.bbox[1] - 100 + y0 + 5, w.bbox[2], w.bbox[3] - 100 + y0 + 5] as BBox,
      })),
      segments: [],
    });

  it('links a table at the foot of a page with a headerless one of the same columns at the top of the next', () => {
    expect(continues(shapeOf(grid(700, 780, true), 800), shapeOf(grid(20, 100, false), 800))).toBe(true);
  });

  it('does not link a table that starts low on the next page or has other columns', () => {
    expect(continues(shapeOf(grid(700, 780, true), 800), shapeOf(grid(500, 580, false), 800))).toBe(false);
    const other = recognizeTable({ bbox: [40, 20, 400, 100], words: table([['c', '3', 'x'], ['d', '4', 'y']], [50, 150, 300]).map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] - 75, w.bbox[2], w.bbox[3] - 75] as BBox })), segments: [] });
    expect(continues(shapeOf(grid(700, 780, true), 800), shapeOf(other, 800))).toBe(false);
  });
});

describe('adjacency relations (ICDAR 2013)', () => {
  it('relates each non-empty cell to its nearest non-empty neighbour right and below, spans per row and column', () => {
    const cells = [
      { row: 0, col: 0, rowspan: 1, colspan: 2, text: 'Head' },
      { row: 1, col: 0, rowspan: 1, colspan: 1, text: 'a' },
      { row: 1, col: 1, rowspan: 1, colspan: 1, text: '' },
      { row: 1, col: 2, rowspan: 1, colspan: 1, text: 'c' },
      { row: 2, col: 1, rowspan: 1, colspan: 1, text: 'e' },
    ];
    const keys = relationsOf(cells).map((r) => r.key).sort();
    expect(keys).toEqual(['below|Head|a', 'below|Head|e', 'right|a|c'].sort());
    expect(scoreRelations(relationsOf(cells), relationsOf(cells.slice(0, 2)))).toBe(1);
  });
});

describe('ruling lines from pixels (scans)', () => {
  /** A white 400×200 image with a 3×3 ruled grid (2 px lines), a dashed line, and a text-like blob row. */
  function image(): { data: Uint8Array; width: number; height: number } {
    const width = 400;
    const height = 200;
    const data = new Uint8Array(width * height).fill(255);
    const dark = (x: number, y: number): void => {
      data[y * width + x] = 20;
    };
    for (const y of [20, 70, 120, 170]) for (let x = 20; x <= 380; x++) for (let t = 0; t < 2; t++) dark(x, y + t);
    for (const x of [20, 140, 260, 380]) for (let y = 20; y <= 171; y++) for (let t = 0; t < 2; t++) dark(x + t, y);
    // "Text": 8 px glyphs 4 px apart inside a cell, never a rule.
    for (let g = 0; g < 8; g++) for (let x = 30 + g * 12; x < 38 + g * 12; x++) for (let y = 40; y < 50; y++) dark(x, y);
    return { data, width, height };
  }

  it('finds the grid lines and nothing in the text', () => {
    const segs = imageRules(image(), { minLength: 40 });
    const h = segs.filter((s) => s.y0 === s.y1).map((s) => [s.x0, s.y0, s.x1]);
    const v = segs.filter((s) => s.x0 === s.x1).map((s) => [s.x0, s.y0, s.y1]);
    expect(h).toEqual([
      [20, 20.5, 381],
      [20, 70.5, 381],
      [20, 120.5, 381],
      [20, 170.5, 381],
    ]);
    expect(v).toEqual([
      [20.5, 20, 171],
      [140.5, 20, 171],
      [260.5, 20, 171],
      [380.5, 20, 171],
    ]);
  });

  it('lets the image rules split cells the text alone would join', () => {
    // A right-aligned first column ends at 138, the second starts at 143: 5 px, no wider than a
    // cell gap (0.5 line heights), so only the rule at x = 140 parts the columns.
    const w = [...words('Name', 114, 30), ...words('Note', 143, 30), ...words('Total cost', 81, 80), ...words('x', 143, 80), ...words('Pump', 114, 130), ...words('y', 143, 130)];
    const g = recognizeTable({ bbox: [20, 20, 381, 171], words: w, segments: imageRules(image(), { minLength: 40 }) });
    expect(recognizeTable({ bbox: [20, 20, 381, 171], words: w, segments: [] }).cols).toBe(1);
    expect(render(g)).toEqual([
      ['Name', 'Note'],
      ['Total cost', 'x'],
      ['Pump', 'y'],
    ]);
  });
});
