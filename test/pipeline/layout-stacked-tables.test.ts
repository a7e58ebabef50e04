// Tables against figures and tables stacked on one page, on PDFs built in the test: shapes from
// real result sheets and reports (issue 16): boxed header bands, a title between two tables, a
// second table whose header of words follows the first one's numbers.
import { describe, expect, it } from 'vitest';
import { detectLayout, inkMap, type LayoutRegion } from '../../src/pipeline/layout/index.js';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { buildPdf, helveticaWidth, line, rect, textAt } from '../fixtures/pdf-builder.js';

const DPI = 72;
const SIZE = 8;

interface Laid {
  regions: LayoutRegion[];
  /** Text of each table region's lines, one string per table, top to bottom. */
  tables: string[][];
}

/** Lays out page 1 as processing does a born-digital page: text, drawn segments, ink map. */
async function layout(content: string): Promise<Laid> {
  const doc = await openPdf(buildPdf([{ content }]));
  try {
    const text = doc.text(1, DPI);
    const page = await doc.render(1, DPI);
    const ink = await inkMap(page.png, Math.round(page.width / 2));
    const regions = detectLayout({ width: page.width, height: page.height, lines: text.lines, segments: doc.segments(1, DPI), ink });
    const tables = regions
      .filter((r) => r.kind === 'table')
      .sort((a, b) => a.bbox[1] - b.bbox[1])
      .map((r) => (r.lines ?? []).map((i) => text.lines[i]!.text));
    return { regions, tables };
  } finally {
    doc.close();
  }
}

const describeRegions = (rs: LayoutRegion[]): string =>
  rs.map((r) => `${r.kind}${r.figure_type ? `/${r.figure_type}` : ''} [${r.bbox.map((v) => Math.round(v)).join(',')}]`).join('; ');

/** A row of cells at the x positions `xs`, numbers right-aligned to the next column's start. */
function row(xs: number[], y: number, cells: string[]): string {
  return cells.map((s, j) => (/^[-\d.,]+$/.test(s) && j > 0 ? textAt((xs[j + 1] ?? 560) - 12 - helveticaWidth(s, SIZE), y, SIZE, s) : textAt(xs[j]!, y, SIZE, s))).join('');
}

/** Numbers for row `i` of a block: `n` cells after a label. */
const numbers = (i: number, n: number): string[] => Array.from({ length: n }, (_, j) => `${((i * 7 + j * 3) % 9) + 1}.${(i + j) % 10}0`);

describe('table or figure', () => {
  it('reads a sheet whose header bands sit in closed boxes as tables, not as a flowchart of boxes', async () => {
    // Three entries of a results sheet set close together, each: a boxed band of column headers,
    // four rows of numbers.
    // Three separate closed boxes once made the page a drawing (a flowchart) and no table was read.
    const xs = [40, 160, 240, 320, 400, 480];
    const heads = ['Element', 'Base', 'Judge A', 'Judge B', 'Judge C', 'Score'];
    let c = '';
    let top = 740;
    for (let block = 0; block < 3; block++) {
      c += rect(36, top - 16, 530, 16, 0.75) + row(xs, top - 11, heads);
      for (let i = 0; i < 4; i++) c += row(xs, top - 30 - i * 11, [`Element ${block * 4 + i + 1}`, ...numbers(block * 4 + i, 5)]);
      top -= 16 + 14 + 4 * 11 + 6;
    }
    const { regions, tables } = await layout(c);
    expect(regions.filter((r) => r.kind === 'figure'), describeRegions(regions)).toHaveLength(0);
    const read = tables.flat().join(' ');
    for (let k = 1; k <= 12; k++) expect(read).toContain(`Element ${k}`);
    expect(read.match(/Judge A/g)).toHaveLength(3);
    expect(tables).toHaveLength(3);
  });

  it('reads a framed body of aligned rows as a table, not as a chart whose axes are the frame', async () => {
    // An expense listing: a ruled header grid, the body in one frame box whose left and bottom
    // sides meet like a chart's axes; each entry's description wraps onto a long second line.
    // The box once made a chart of the body and no table was read from it.
    const xs = [60, 150, 220, 330, 560];
    let c = rect(56, 700, 640, 24, 0.75) + line(56, 712, 696, 712, 0.75) + rect(56, 460, 640, 238, 0.75);
    for (const x of xs.slice(1)) c += line(x - 4, 700, x - 4, 724, 0.75);
    ['Service', 'dates'].forEach((s, j) => (c += textAt(xs[j + 1]!, 715, SIZE, s)));
    ['Document', 'Date', 'Payee', 'Description', 'Amount'].forEach((s, j) => (c += textAt(xs[j]!, 709, SIZE, s)));
    for (let i = 0; i < 8; i++) {
      const y = 684 - i * 26;
      [`DOC2019${i}`, `05/0${i + 1}/2019`, 'TRAVEL CARD', 'STAFF TRANSPORTATION', `${(i + 3) * 101}.50`].forEach((s, j) => (c += textAt(xs[j]!, y, SIZE, s)));
      c += textAt(xs[3]!, y - 9, SIZE, `AIRFARE FOR STAFF MEMBER ${i} WASHINGTON DC TO KANSAS CITY, SAINT LOUIS AND RETURN`);
    }
    const { regions, tables } = await layout(c);
    expect(regions.filter((r) => r.kind === 'figure'), describeRegions(regions)).toHaveLength(0);
    expect(tables, describeRegions(regions)).toHaveLength(1);
    const read = tables[0]!.join(' ');
    expect(read).toContain('Document');
    expect(read).toContain('DOC20190');
    expect(read).toContain('DOC20197');
    expect(read).toContain('STAFF MEMBER 7');
  });

  it('still takes labelled boxes joined by lines for a flowchart', async () => {
    let c = '';
    ['Start', 'Check', 'Approve', 'Archive'].forEach((s, i) => {
      const x = 72 + i * 120;
      c += rect(x, 560, 90, 30) + textAt(x + 10, 571, 10, s);
      if (i) c += line(x - 30, 575, x, 575);
    });
    c += rect(432, 480, 90, 30) + textAt(442, 491, 10, 'Notify') + line(477, 560, 477, 510);
    const { regions } = await layout(c);
    expect(regions.find((r) => r.kind === 'figure')?.figure_type, describeRegions(regions)).toBe('flowchart');
  });
});

describe('stacked tables', () => {
  it('splits two tables at a title set apart between them, over the lower table\'s top rule', async () => {
    // Upper table: vertical rules only, rows 15 pt apart; a title a line and a half below it (less
    // than the two lines that end a table by themselves), over the lower table's top rule; the
    // lower table: horizontal rules only. The title once joined the two as a group label.
    const xs = [60, 240, 420];
    let c = '';
    const upper = 700;
    const cells = (p: string, i: number, y: number): string => xs.map((x, j) => textAt(x, y, 10, `${p}${i}-${'abc'[j]}`)).join('');
    for (let i = 0; i < 4; i++) c += cells('U', i, upper - i * 15);
    for (const x of [58, 238, 418, 480]) c += line(x, upper + 12, x, upper - 3 * 15 - 4, 0.75);
    const title = upper - 3 * 15 - 31;
    c += textAt(58, title, 10, 'Second results');
    const lower = title - 27;
    for (let i = 0; i < 4; i++) c += cells('L', i, lower - i * 15) + line(58, lower - i * 15 + 10.8, 480, lower - i * 15 + 10.8, 0.75);
    c += line(58, lower - 3 * 15 - 4, 480, lower - 3 * 15 - 4, 0.75);
    const { regions, tables } = await layout(c);
    expect(tables, describeRegions(regions)).toHaveLength(2);
    expect(tables[0]!.join(' ')).toContain('U3-c');
    expect(tables[0]!.join(' ')).not.toContain('L0-a');
    expect(tables[1]!.join(' ')).toContain('L0-a');
    expect(tables[1]!.join(' ')).not.toContain('U3-c');
  });

  it('splits where a header of words follows rows of numbers and heads rows of another shape', async () => {
    // Elements (a label and five numbers a row), then program components (a label, a factor and
    // three marks): one block of aligned text with no blank line or rule between the two tables.
    const xs = [40, 170, 250, 330, 410, 490];
    let c = row(xs, 700, ['Element', 'Base', 'GOE', 'Panel', 'Ref', 'Score']);
    for (let i = 0; i < 5; i++) c += row(xs, 689 - i * 11, [`Element ${i + 1}`, ...numbers(i, 5)]);
    const ys = [689 - 5 * 11 - 4, 689 - 6 * 11 - 8];
    const ks = [40, 210, 300, 380, 460];
    c += row(ks, ys[0]!, ['Components', 'Factor']);
    const comps = ['Skating Skills', 'Transitions', 'Performance', 'Composition'];
    comps.forEach((s, i) => (c += row(ks, ys[1]! - i * 11, [s, ...numbers(i + 7, 4)])));
    const { regions, tables } = await layout(c);
    expect(tables, describeRegions(regions)).toHaveLength(2);
    expect(tables[0]!.join(' ')).toContain('Element 5');
    expect(tables[0]!.join(' ')).not.toContain('Components');
    expect(tables[1]!.join(' ')).toContain('Components');
    expect(tables[1]!.join(' ')).toContain('Composition');
  });

  it('keeps a text table under a heading apart from the ruled table above the heading', async () => {
    // A ruled grid; a heading just under its bottom rule; a ruled-off header and aligned rows of
    // another table. The grid's bottom rule once framed the lower table and the two became one.
    let c = '';
    const gx = [40, 140, 260, 380, 560];
    const gy = [740, 724, 708, 692, 676];
    for (const x of gx) c += line(x, gy[0]!, x, gy[gy.length - 1]!, 0.5);
    for (const y of gy) c += line(gx[0]!, y, gx[gx.length - 1]!, y, 0.5);
    ['Code', 'Location', 'Quantity', 'Amount'].forEach((s, j) => (c += textAt(gx[j]! + 3, gy[0]! - 11, SIZE, s)));
    for (let i = 1; i < 4; i++) [`00856${i}`, 'CENTRAL', `${i * 137}`, `$ ${i}.61`].forEach((s, j) => (c += textAt(gx[j]! + 3, gy[i]! - 11, SIZE, s)));
    c += textAt(40, 662, 9, 'Associated claims');
    const lx = [40, 200, 330, 470];
    c += line(40, 652, 560, 652, 0.5);
    ['Claim ID', 'Claim date', 'Claim amount', 'Status'].forEach((s, j) => (c += textAt(lx[j]!, 642, SIZE, s)));
    for (let i = 0; i < 3; i++) [`C-10${i}`, `2024-0${i + 1}-15`, `${(i + 2) * 41}.00`, 'open'].forEach((s, j) => (c += textAt(lx[j]!, 628 - i * 12, SIZE, s)));
    const { regions, tables } = await layout(c);
    expect(tables, describeRegions(regions)).toHaveLength(2);
    expect(tables[0]!.join(' ')).toContain('CENTRAL');
    expect(tables[0]!.join(' ')).not.toContain('Claim ID');
    expect(tables[1]!.join(' ')).toContain('C-102');
  });

  it('leaves the form fields over a report\'s table out of the table', async () => {
    // A lab report: three lines of "Label: value" fields, a rule, then the results table in the
    // same columns. The fields once became the table's first rows.
    const xs = [40, 200, 300, 380, 460];
    let c = '';
    const fields = [['Sex: M', 'Age: 50', 'Ward:'], ['Patient no:', 'Sampled: 2021-06-04 09:00', 'Received: 2021-06-04 19:38', 'Lab no:'], ['Diagnosis:', 'Sample type: EDTA blood', 'Sample state: normal']];
    fields.forEach((f, i) => f.forEach((s, j) => (c += textAt(xs[j]! + (i === 0 ? 100 : 0), 720 - i * 12, SIZE, s))));
    c += line(36, 690, 560, 690, 0.75);
    ['Test', 'Method', 'Result', 'Unit', 'Range'].forEach((s, j) => (c += textAt(xs[j]!, 680, SIZE, s)));
    const tests = ['White cells', 'Neutrophils', 'Lymphocytes', 'Monocytes', 'Red cells', 'Haemoglobin'];
    tests.forEach((t, i) => [t, 'analyser', `${(i * 1.7 + 2).toFixed(2)}`, 'E+9/L', `[${i + 1}.0-${i + 6}.0]`].forEach((s, j) => (c += textAt(xs[j]!, 668 - i * 12, SIZE, s))));
    const { regions, tables } = await layout(c);
    expect(tables, describeRegions(regions)).toHaveLength(1);
    const read = tables[0]!.join(' ');
    expect(read).toContain('Method');
    expect(read).toContain('Haemoglobin');
    expect(read).not.toContain('Age');
    expect(read).not.toContain('Sample type');
  });

  it('keeps a group label that binds to the rows it heads inside the table', async () => {
    // "Projected" sits a blank line below the rows above it but right over its own rows: one table.
    const xs = [60, 200, 300, 400];
    let c = '';
    let y = 700;
    for (let i = 0; i < 4; i++, y -= 11) c += row(xs, y, [`${2010 + i}`, ...numbers(i, 3)]);
    y -= 12;
    c += textAt(60, y, SIZE, 'Projected');
    y -= 11;
    for (let i = 0; i < 3; i++, y -= 11) c += row(xs, y, [`${2014 + i}`, ...numbers(i + 4, 3)]);
    c += line(56, 712, 470, 712, 0.75) + line(56, y + 6, 470, y + 6, 0.75);
    const { regions, tables } = await layout(c);
    expect(tables, describeRegions(regions)).toHaveLength(1);
    expect(tables[0]!.join(' ')).toContain('Projected');
  });
});
