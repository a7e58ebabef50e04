// Tables found from text alignment: runs of rows whose cells line up in shared columns (with or
// without drawn rules), widened to the horizontal rules that frame them.
import type { BBox } from '../types.js';
import { contains, median, unionAll, width } from './geometry.js';
import { isProse } from './columns.js';
import type { Chunk, Row } from './rows.js';

export interface TextTable {
  bbox: BBox;
  rows: Row[];
  columns: number;
  confidence: number;
}

/** A horizontal rule: [x0, y0, x1, y1]. */
type HRule = BBox;

const CAPTION = /^(table|tab\.|figure|fig\.|chart|graph|exhibit|source|note)s?\b/i;
/** "Table 3", "Figure A.2:": a caption, however widely its words are set. */
const CAPTION_NUMBER = /^(table|tab\.|figure|fig\.|exhibit|chart)\s*[A-Z]?[-\d.]*\d/i;
const NUMERIC = /^[\s\d.,:;%()$€£¥+\-–—/*x×]*\d[\s\d.,:;%()$€£¥+\-–—/*x×]*$/i;

/**
 * A row with at least two cells, not two columns of running text: at most one cell is prose,
 * and a prose cell needs a number beside it or two other cells.
 */
export function isMulti(r: Row, lh: number): boolean {
  if (r.chunks.length < 2 || CAPTION_NUMBER.test(r.chunks[0]!.text)) return false;
  const prose = r.chunks.filter((c) => isProse(c, lh)).length;
  return prose <= r.chunks.length - 2 || (prose === 1 && r.chunks.some((c) => NUMERIC.test(c.text)));
}

/**
 * Whether two multi-cell rows could be rows of one table: text of a similar height, most cells
 * of each overlapping a cell of the other.
 */
function compatible(a: Row, b: Row): boolean {
  const share = (p: Row, q: Row): number => p.chunks.filter((c) => q.chunks.some((d) => c.bbox[0] < d.bbox[2] && d.bbox[0] < c.bbox[2])).length / p.chunks.length;
  const h = (r: Row): number => median(r.chunks.map((c) => c.bbox[3] - c.bbox[1]));
  if (Math.max(h(a), h(b)) > 1.3 * Math.min(h(a), h(b))) return false;
  return share(a, b) >= 0.6 && share(b, a) >= 0.6;
}

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A row repeating the first cell of the table's first row: the header of a new table. */
function repeatsHeader(run: Row[], r: Row, lh: number): boolean {
  const first = run.find((x) => isMulti(x, lh));
  const a = first ? norm(first.chunks[0]!.text) : '';
  return !!a && !NUMERIC.test(first!.chunks[0]!.text) && a === norm(r.chunks[0]!.text);
}

const rowGap = (upper: Row, lower: Row): number => lower.bbox[1] - upper.bbox[3];

interface Columns {
  /** Column x-ranges, left to right. */
  ranges: Array<[number, number]>;
  /** Multi-cell rows with a cell in each column. */
  support: number[];
}

/**
 * Columns of a run: x-ranges separated by gaps that at most 10% of its multi-cell rows cross,
 * each gap at least 0.4 line heights wide.
 */
function columnsOf(rows: Row[], lh: number): Columns {
  const multi = rows.filter((r) => isMulti(r, lh));
  const cells = multi.flatMap((r) => r.chunks);
  if (!cells.length) return { ranges: [], support: [] };
  const x0 = Math.floor(Math.min(...cells.map((c) => c.bbox[0])));
  const x1 = Math.ceil(Math.max(...cells.map((c) => c.bbox[2])));
  const span = x1 - x0;
  const diff = new Int32Array(span + 2);
  for (const c of cells) {
    diff[Math.max(0, Math.floor(c.bbox[0]) - x0)]! += 1;
    diff[Math.min(span + 1, Math.ceil(c.bbox[2]) - x0)]! -= 1;
  }
  const allow = Math.floor(multi.length * 0.1);
  const ranges: Array<[number, number]> = [];
  let start = x0;
  let gapStart = -1;
  for (let x = 0, cover = 0; x <= span; x++) {
    cover += diff[x]!;
    const free = cover <= allow;
    if (free && gapStart < 0) gapStart = x;
    if (!free && gapStart >= 0) {
      if (x - gapStart >= 0.4 * lh && gapStart > 0) {
        ranges.push([start, x0 + gapStart]);
        start = x0 + x;
      }
      gapStart = -1;
    }
  }
  ranges.push([start, x1]);
  const support = ranges.map(([a, b]) => multi.filter((r) => r.chunks.some((c) => (c.bbox[0] + c.bbox[2]) / 2 >= a && (c.bbox[0] + c.bbox[2]) / 2 <= b)).length);
  return { ranges, support };
}

/** Wide rules (≥ half the width of `box`, mostly over it) lying between y = `from` and `to`. */
function rulesBetween(rules: HRule[], box: BBox, from: number, to: number): HRule[] {
  return rules.filter((r) => {
    const y = (r[1] + r[3]) / 2;
    const over = Math.min(r[2], box[2]) - Math.max(r[0], box[0]);
    return y >= from && y <= to && over >= 0.5 * width(box) && over >= 0.6 * width(r);
  });
}

/**
 * Whether the line `r` is the title of a table starting at `next` rather than a group label of
 * the run above (three multi-cell rows at least): set apart from the run by more than a blank
 * line and a half and three of the run's usual gaps between rows, apart from `next` by more than
 * half a line and twice the usual gap (a group label binds to the rows it heads), with a wide rule
 * between it and `next` (the top of the next table's frame, which a label inside a table lacks).
 */
function titleBetween(run: Row[], r: Row, next: Row | undefined, lh: number, rules: HRule[]): boolean {
  if (!next || run.filter((x) => isMulti(x, lh)).length < 3) return false;
  const usual = median(run.slice(1).map((x, i) => Math.max(0, rowGap(run[i]!, x))));
  if (rowGap(run[run.length - 1]!, r) <= Math.max(1.5 * lh, 3 * usual) || rowGap(r, next) <= Math.max(0.5 * lh, 2 * usual)) return false;
  return rulesBetween(rules, unionAll(run.map((x) => x.bbox))!, r.bbox[3], next.bbox[1]).length > 0;
}

/** A form's line of fields ("Age: 50", "Sample type:"): two thirds of its cells open with a label and a colon. */
const formRow = (r: Row): boolean => r.chunks.filter((c) => /^[^:：\d]{1,24}[:：]/u.test(c.text)).length >= Math.max(2, (2 / 3) * r.chunks.length);

/** Whether `r` starts well inside `extent` (two line heights from its left edge) and ends within it. */
const insideColumns = (r: Row, extent: BBox, lh: number): boolean => r.bbox[0] >= extent[0] + 2 * lh && r.bbox[2] <= extent[2] + lh;

/** Whether at least half of a row's cells, and two at least, are numbers. */
function numericRow(r: Row): boolean {
  const n = r.chunks.filter((c) => NUMERIC.test(c.text)).length;
  return n >= 2 && n >= 0.5 * r.chunks.length;
}

/** The most common number of cells among `rows`. */
function usualCells(rows: Row[]): number {
  const n = new Map<number, number>();
  for (const r of rows) n.set(r.chunks.length, (n.get(r.chunks.length) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
}

/**
 * Whether the multi-cell row `r` heads a new table stacked under the run: a row of words (no
 * cell a number, most with letters) right after a row of numbers, with rows of numbers within
 * the three rows `after` it that have another number of cells than the run's rows of numbers
 * (two at least, or one with a wide rule between it and `r`: a year row over a sub-header is
 * no table's body). A section row inside one table keeps the table's columns; a new header
 * brings its own.
 */
function headsNewTable(run: Row[], r: Row, after: Row[], lh: number, rules: HRule[]): boolean {
  const multi = run.filter((x) => isMulti(x, lh));
  const last = multi[multi.length - 1];
  if (multi.length < 3 || !last || !numericRow(last)) return false;
  if (r.chunks.some((c) => NUMERIC.test(c.text)) || r.chunks.filter((c) => /\p{L}/u.test(c.text)).length < 0.5 * r.chunks.length) return false;
  const body = after.find((x) => isMulti(x, lh) && numericRow(x));
  const numbers = multi.filter(numericRow);
  if (!body || body.chunks.length === usualCells(numbers)) return false;
  return numbers.length >= 2 || rulesBetween(rules, unionAll(run.map((x) => x.bbox))!, last.bbox[3], r.bbox[1]).length > 0;
}

/**
 * Judges a run of rows: a table when ≥ 3 multi-cell rows line up in ≥ 3 well-used columns, or in
 * 2 columns backed by numbers or framing rules.
 */
function judge(run: Row[], lh: number, rules: HRule[]): TextTable | undefined {
  const multi = run.filter((r) => isMulti(r, lh));
  if (multi.length < 3) return undefined;
  // Letters strewn apart ("m s r"): vertical text read across, as on a chart's axis.
  const cells = multi.flatMap((r) => r.chunks);
  if (cells.filter((c) => c.words.length >= 2 && c.words.every((w) => w.text.length <= 1)).length >= 0.2 * cells.length) return undefined;
  const { ranges, support } = columnsOf(run, lh);
  const strong = support.filter((s) => s >= Math.max(2, 0.3 * multi.length)).length;
  const bbox = unionAll(run.map((r) => r.bbox))!;
  const framing = rulesBetween(rules, bbox, bbox[1] - 2 * lh, bbox[3] + 2 * lh).length;
  if (strong < 2) return undefined;
  if (strong === 2) {
    const last = ranges[ranges.length - 1]!;
    const right = multi.flatMap((r) => r.chunks.filter((c) => c.bbox[0] >= last[0] - 1));
    const numeric = right.filter((c) => NUMERIC.test(c.text)).length / Math.max(1, right.length);
    if (numeric < 0.6 && framing < 2) return undefined;
  }
  let confidence = 0.5 + (strong >= 3 ? 0.15 : 0) + (framing >= 2 ? 0.15 : 0) + (multi.length >= 5 ? 0.1 : 0);
  confidence = Math.min(0.9, confidence);
  return { bbox, rows: run, columns: ranges.length, confidence };
}

/**
 * Grows a table up and down to the wide rules framing it, taking the non-prose rows between.
 * The `known` tables' rules above it frame it only where no row lies between: a known table's
 * bottom rule closes a body set right under that table's ruled header, but a heading below the
 * rule starts something else.
 */
function frame(t: TextTable, rows: Row[], lh: number, rules: HRule[], blocked: Set<Row>, known: BBox[]): TextTable {
  const first = rows.indexOf(t.rows[0]!);
  const last = rows.indexOf(t.rows[t.rows.length - 1]!);
  let { bbox } = t;
  const taken = [...t.rows];
  // Upwards: rows (at most 4) above the table, each close to the next, none prose or a caption.
  const above: Row[] = [];
  for (let i = first - 1; i >= 0 && above.length < 4; i--) {
    const r = rows[i]!;
    const below = above[above.length - 1] ?? t.rows[0]!;
    if (blocked.has(r)) break;
    if (rowGap(r, below) > 2 * lh || rowGap(r, below) < -lh || formRow(r) || r.chunks.some((c) => isProse(c, lh) || CAPTION.test(c.text))) break;
    if (r.bbox[2] < bbox[0] || r.bbox[0] > bbox[2]) break;
    above.push(r);
  }
  const limitTop = (above[above.length - 1] ?? t.rows[0]!).bbox[1] - 1.5 * lh;
  const inKnown = (r: HRule): boolean => known.some((k) => contains(k, [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2], 1));
  const topRules = rulesBetween(rules, bbox, limitTop, bbox[1] + lh * 0.5).filter((r) => !above.length || !inKnown(r) || r[1] > above[0]!.bbox[3]);
  if (topRules.length) {
    const top = Math.min(...topRules.map((r) => r[1]));
    const headers = above.filter((r) => r.bbox[1] >= top - 0.5 * lh);
    taken.unshift(...headers.reverse());
    // Rules set the height; the text sets the width (rules often run past the last column).
    bbox = unionAll([bbox, ...headers.map((r) => r.bbox)])!;
    bbox = [bbox[0], Math.min(bbox[1], top), bbox[2], bbox[3]];
  }
  // Downwards: a rule right under the last row closes the table.
  const next = rows[last + 1];
  const limitBottom = next && next.bbox[1] > bbox[3] ? Math.min(next.bbox[1], bbox[3] + 1.5 * lh) : bbox[3] + 1.5 * lh;
  const bottomRules = rulesBetween(rules, bbox, bbox[3] - lh * 0.5, limitBottom);
  if (bottomRules.length) bbox = [bbox[0], bbox[1], bbox[2], Math.max(bbox[3], ...bottomRules.map((r) => r[3]))];
  return { ...t, bbox, rows: taken };
}

/**
 * Borderless and rule-framed tables among `rows` (in reading order). Rows inside `known` boxes
 * (ruled grids found already) break runs and are left alone.
 */
export function findTextTables(rows: Row[], lh: number, rules: HRule[], known: BBox[] = []): TextTable[] {
  const out: TextTable[] = [];
  let run: Row[] = [];
  let pending: Row[] = [];
  // The table closed where a new header started, whose frame must not touch the next one's.
  let upper: TextTable | undefined;
  const close = (split = false): void => {
    // The last entry's wrapped cell: lines under the last row, each starting under one of its cells.
    const lastRow = [...run].reverse().find((x) => isMulti(x, lh));
    const under = (p: Row): boolean => !!lastRow && lastRow.chunks.slice(1).some((c) => Math.abs(c.bbox[0] - p.bbox[0]) <= 0.5 * lh);
    if (pending.length && pending.every(under)) run.push(...pending);
    // Form fields over a table (a report's patient or order details) are no rows of it.
    while (run.length && formRow(run[0]!)) run.shift();
    const t = run.length ? judge(run, lh, rules) : undefined;
    const framed = t ? frame(t, rows, lh, rules, blocked, known) : undefined;
    if (framed) out.push(framed);
    // A table stacked below must not take this one's rows for its header.
    for (const x of framed?.rows ?? []) blocked.add(x);
    if (framed && upper && framed.bbox[1] <= upper.bbox[3]) {
      const rowsEnd = Math.max(...upper.rows.map((x) => x.bbox[3]));
      if (framed.bbox[1] - 0.5 > rowsEnd) upper.bbox = [upper.bbox[0], upper.bbox[1], upper.bbox[2], framed.bbox[1] - 0.5];
    }
    upper = split ? framed : undefined;
    run = [];
    pending = [];
  };
  // Cells inside known tables are taken out; rows left empty break runs.
  const inKnown = (c: Chunk): boolean => known.some((k) => contains(k, [(c.bbox[0] + c.bbox[2]) / 2, (c.bbox[1] + c.bbox[3]) / 2]));
  const blocked = new Set<Row>();
  rows = rows.map((r) => {
    if (!r.chunks.some(inKnown)) return r;
    const chunks = r.chunks.filter((c) => !inKnown(c));
    const row = { bbox: unionAll(chunks.map((c) => c.bbox)) ?? r.bbox, chunks };
    if (!chunks.length) blocked.add(row);
    return row;
  });
  for (const [k, r] of rows.entries()) {
    if (blocked.has(r)) {
      close();
      continue;
    }
    const prev = pending[pending.length - 1] ?? run[run.length - 1];
    const extent = unionAll(run.map((x) => x.bbox));
    const near = !!prev && !!extent && rowGap(prev, r) <= 2 * lh && rowGap(prev, r) >= -0.5 * lh && r.bbox[0] < extent[2] && r.bbox[2] > extent[0];
    if (isMulti(r, lh)) {
      const last = [...run].reverse().find((x) => isMulti(x, lh));
      // After rows of other shapes, only a row lining up with the table goes on with it.
      const fits = near && !(pending.length && last && !compatible(last, r)) && !repeatsHeader(run, r, lh);
      const stacked = fits && headsNewTable([...run, ...pending], r, rows.slice(k + 1, k + 4), lh, rules);
      if (!fits || stacked) close(stacked);
      run.push(...pending, r);
      pending = [];
    } else if (near && !pending.length && titleBetween(run, r, rows[k + 1], lh, rules)) {
      // A line set well apart from the rows above: the caption of the next table, not a group label.
      close();
    } else if (near && pending.length < 3 && (!r.chunks.some((c) => isProse(c, lh) && c.text.length > 80) || insideColumns(r, extent, lh))) {
      // Group labels and wrapped cells between rows (at most three in a row); a long line of
      // words set inside the table, clear of its left edge, is a wide text column's wrapped cell.
      pending.push(r);
    } else {
      close();
    }
  }
  close();
  return out;
}
