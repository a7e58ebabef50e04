// Table structure recognition over one table region: words → text lines → chunks (runs of words
// without a wide gap) → columns (x-ranges few chunks cross, plus long vertical rules) → rows
// (lines, joined when a line continues the cells of the line above or, in ruled tables, when no
// rule separates them) → cells with column spans. Pure: words and segments in, a grid out.
import type { BBox, Segment, Word } from '../types.js';
import { attachSuperscripts } from './note-marks.js';
import type { TableCell, TableGrid, TableInput } from './types.js';
import { NUMERIC, ruleBetween, union, YEAR, type Rule } from './cell-basics.js';
import { collapseHeader, groupRows, headerRowsOf, mergeStub, ruledRowspans, spanHeaders } from './header-spans.js';

export interface StructureOptions {
  /** Use drawn rules (row and column separators). */
  rules: boolean;
  /** Join wrapped lines into multi-line cells. */
  multiline: boolean;
  /** Let a few chunks (spanning headers) cross column gaps. */
  spans: boolean;
}

export const FULL: StructureOptions = { rules: true, multiline: true, spans: true };
/** The plain baseline: rows are text lines, columns are gaps no word crosses, no rules. */
export const BASELINE: StructureOptions = { rules: false, multiline: false, spans: false };

interface Chunk {
  words: Word[];
  bbox: BBox;
  line: number;
}

interface Line {
  words: Word[];
  bbox: BBox;
  chunks: Chunk[];
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const textOf = (ws: Word[]): string => ws.map((w) => w.text).join(' ');

/** Horizontal and vertical rules near the table, collinear pieces joined. */
function rulesOf(segments: Segment[], box: BBox, lh: number): { h: Rule[]; v: Rule[] } {
  const grow = lh;
  const inBox = (x: number, y: number): boolean => x >= box[0] - grow && x <= box[2] + grow && y >= box[1] - grow && y <= box[3] + grow;
  const h: Rule[] = [];
  const v: Rule[] = [];
  for (const s of segments) {
    const dx = Math.abs(s.x1 - s.x0);
    const dy = Math.abs(s.y1 - s.y0);
    if (!inBox((s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2)) continue;
    if (dy <= 1.5 && dx >= 0.5 * lh) h.push({ at: (s.y0 + s.y1) / 2, from: Math.min(s.x0, s.x1), to: Math.max(s.x0, s.x1) });
    else if (dx <= 1.5 && dy >= 0.5 * lh) v.push({ at: (s.x0 + s.x1) / 2, from: Math.min(s.y0, s.y1), to: Math.max(s.y0, s.y1) });
  }
  const join = (rs: Rule[]): Rule[] => {
    rs.sort((a, b) => a.at - b.at || a.from - b.from);
    const out: Rule[] = [];
    for (const r of rs) {
      const hit = out.find((o) => Math.abs(o.at - r.at) <= 1.5 && r.from <= o.to + 2 && o.from <= r.to + 2);
      if (hit) {
        hit.from = Math.min(hit.from, r.from);
        hit.to = Math.max(hit.to, r.to);
      } else out.push({ ...r });
    }
    return out;
  };
  return { h: join(h), v: join(v) };
}

/**
 * Words into lines: a word joins a line whose band (the mean top and bottom of its words, so one
 * tall glyph cannot stretch it over the next line) it overlaps by half the smaller height.
 */
function linesOf(all: Word[], lh: number): Line[] {
  // A lone glyph boxed much taller than the text (a bullet or bracket whose font box spans
  // several lines) is placed afterwards, on the line nearest its centre.
  const tall = all.filter((w) => w.bbox[3] - w.bbox[1] > 2 * lh && [...w.text.trim()].length === 1);
  const words = all.filter((w) => !tall.includes(w));
  const sorted = [...words].sort((a, b) => (a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2);
  const lines: Array<Line & { top: number; bottom: number }> = [];
  for (const w of sorted) {
    const h = w.bbox[3] - w.bbox[1];
    let best: (typeof lines)[number] | undefined;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 3; i--) {
      const l = lines[i]!;
      const o = Math.min(l.bottom, w.bbox[3]) - Math.max(l.top, w.bbox[1]);
      if (o >= 0.5 * Math.min(h, l.bottom - l.top)) {
        best = l;
        break;
      }
    }
    if (best) {
      const n = best.words.length;
      best.words.push(w);
      best.bbox = union(best.bbox, w.bbox);
      // A glyph much taller than the line (a big bullet, a bracket) does not stretch its band.
      if (h <= 1.5 * (best.bottom - best.top)) {
        best.top = Math.min(best.top, w.bbox[1]);
        best.bottom = Math.max(best.bottom, w.bbox[3]);
      }
      void n;
    } else lines.push({ words: [w], bbox: [...w.bbox], chunks: [], top: w.bbox[1], bottom: w.bbox[3] });
  }
  for (const w of tall) {
    const mid = (w.bbox[1] + w.bbox[3]) / 2;
    const near = lines.filter((l) => l.bottom > w.bbox[1] && l.top < w.bbox[3]).sort((a, b) => Math.abs((a.top + a.bottom) / 2 - mid) - Math.abs((b.top + b.bottom) / 2 - mid))[0];
    if (near) {
      near.words.push(w);
      near.bbox = [Math.min(near.bbox[0], w.bbox[0]), near.bbox[1], Math.max(near.bbox[2], w.bbox[2]), near.bbox[3]];
    } else lines.push({ words: [w], bbox: [...w.bbox], chunks: [], top: w.bbox[1], bottom: w.bbox[3] });
  }
  for (const l of lines) l.words.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return lines.map(({ words: ws, bbox, chunks }) => ({ words: ws, bbox, chunks })).sort((a, b) => a.bbox[1] - b.bbox[1]);
}

/** A number standing alone as a word: "1,087,948", "(0.75)", "-3.2%", "12.5". */
const NUMBER_WORD = /^[(+\-–−$€£]?\d[\d.,]*\)?%?$/;
const GROUP = /^\d{3}([.,]\d+)?\)?%?$/;

/** A list bullet: it belongs to the text after it, however far it is set. */
const BULLET = /^[•◦▪▫■□●○►▸‣⁃∙]$/;

/** Splits each line into chunks at gaps wider than `gap` or crossed by a vertical rule. */
function chunk(lines: Line[], gap: number, vRules: Rule[]): void {
  lines.forEach((l, index) => {
    const mid = (l.bbox[1] + l.bbox[3]) / 2;
    let cur: Word[] = [];
    const flush = (): void => {
      if (cur.length) l.chunks.push({ words: cur, bbox: cur.map((w) => w.bbox).reduce(union), line: index });
      cur = [];
    };
    for (const w of l.words) {
      const prev = cur[cur.length - 1];
      if (prev) {
        const ruled = vRules.some((r) => r.at >= prev.bbox[2] - 1 && r.at <= w.bbox[0] + 1 && r.from <= mid && r.to >= mid);
        const bullet = cur.length === 1 && BULLET.test(prev.text);
        // Two numbers side by side are two cells, unless the second is a thousands group ("7 000").
        // A number ending in a comma ("May 21, 2009") is part of a phrase, not a cell of its own.
        const numbers = NUMBER_WORD.test(prev.text) && NUMBER_WORD.test(w.text) && !GROUP.test(w.text) && !prev.text.endsWith(',');
        if (ruled || numbers || (!bullet && w.bbox[0] - prev.bbox[2] > gap)) flush();
      }
      cur.push(w);
    }
    flush();
  });
}

/**
 * Column separators: the middles of x-runs that at most `allow` chunks cover (a chunk lying wholly
 * in such a run is a sparse column and keeps its place), and long vertical rules. `columnGap`:
 * the least empty space that can part two columns (a line height).
 */
function separators(chunks: Chunk[], box: BBox, allow: number, vRules: Rule[], minGap: number, columnGap: number): number[] {
  const x0 = Math.floor(Math.min(box[0], ...chunks.map((c) => c.bbox[0])));
  const x1 = Math.ceil(Math.max(box[2], ...chunks.map((c) => c.bbox[2])));
  const n = x1 - x0 + 1;
  const cover = new Int32Array(n + 1);
  for (const c of chunks) {
    cover[Math.max(0, Math.floor(c.bbox[0]) - x0)]! += 1;
    cover[Math.min(n, Math.ceil(c.bbox[2]) - x0)]! -= 1;
  }
  for (let i = 1; i <= n; i++) cover[i]! += cover[i - 1]!;
  const free = new Uint8Array(n);
  for (let i = 0; i < n; i++) free[i] = cover[i]! <= allow ? 1 : 0;
  if (allow > 0) {
    // A chunk inside a free run is a column of its own, however sparse.
    for (const c of chunks) {
      const a = Math.max(0, Math.floor(c.bbox[0]) - x0);
      const b = Math.min(n - 1, Math.ceil(c.bbox[2]) - x0);
      let inside = true;
      for (let i = a; i <= b && inside; i++) if (!free[i]) inside = false;
      if (inside) for (let i = a; i <= b; i++) free[i] = 0;
    }
  }
  const runs: Array<{ at: number; a: number; b: number }> = [];
  const minX = Math.min(...chunks.map((c) => c.bbox[0]));
  const maxX = Math.max(...chunks.map((c) => c.bbox[2]));
  for (let i = 0; i < n; ) {
    if (!free[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && free[j]) j++;
    const a = x0 + i;
    const b = x0 + j;
    if (a > minX && b < maxX && b - a >= minGap) {
      // Free only because a few chunks may cross it: when its middle cuts through one and part
      // of the run is empty of all text (a left-aligned header wider than its column's numbers),
      // the boundary goes there, so a header that needs no span keeps to its own column.
      let best: [number, number] | null = null;
      for (let k = i; k < j; ) {
        if (cover[k] !== 0) {
          k++;
          continue;
        }
        let e = k;
        while (e < j && cover[e] === 0) e++;
        if (!best || e - k > best[1] - best[0]) best = [k, e];
        k = e;
      }
      const mid = (a + b) / 2;
      let at = mid;
      if (best && best[1] - best[0] >= columnGap) {
        const [e0, e1] = [x0 + best[0], x0 + best[1]];
        const crossing = chunks.filter((c) => c.bbox[0] < mid && c.bbox[2] > mid);
        // Only chunks reaching in from one side of the run (a column's overhanging header), not
        // chunks set inside it (words of a justified header spread across the gap).
        const fromLeft = crossing.every((c) => c.bbox[0] < a && c.bbox[2] <= e0);
        const fromRight = crossing.every((c) => c.bbox[2] > b && c.bbox[0] >= e1);
        if (crossing.length > 0 && (fromLeft || fromRight)) at = (e0 + e1) / 2;
      }
      runs.push({ at, a, b });
    }
    i = j;
  }
  const height = box[3] - box[1];
  const long = vRules.filter((r) => r.to - r.from >= 0.4 * height && r.at > minX && r.at < maxX).sort((a, b) => a.at - b.at);
  // Between two neighbouring long rules, a gap in the text with only header lines on one side
  // and only lines below them on the other is no column: a header set off its right-aligned
  // numbers would otherwise open a spacer column.
  const offset = (g: { a: number; b: number }): boolean => {
    const i = long.findIndex((r) => r.at > g.b + 1);
    if (i < 1 || long[i - 1]!.at >= g.a - 1) return false;
    const [left, right] = [long[i - 1]!.at, long[i]!.at];
    const lines = (from: number, to: number): number[] => chunks.filter((c) => c.bbox[0] >= from - 1 && c.bbox[2] <= to + 1).map((c) => c.line);
    const l = lines(left, g.a);
    const r = lines(g.b, right);
    return l.length > 0 && r.length > 0 && (Math.max(...l) < Math.min(...r) || Math.max(...r) < Math.min(...l));
  };
  const seps = runs.filter((g) => !offset(g)).map((g) => g.at);
  for (const r of long) {
    // The rule is the true boundary of a gap found from the text: near its middle, or anywhere
    // in it (a header set off-centre over right-aligned numbers leaves the middle elsewhere, and
    // a second boundary there would open an empty spacer column).
    let k = seps.findIndex((s) => Math.abs(s - r.at) < minGap * 4);
    if (k < 0) {
      const run = runs.find((g) => r.at >= g.a - 1 && r.at <= g.b + 1);
      k = run ? seps.indexOf(run.at) : -1;
    }
    if (k >= 0) seps[k] = r.at;
    else seps.push(r.at);
  }
  return seps.sort((a, b) => a - b);
}

/** Splits chunks that cross a separator at a word gap over it (two cells set close together). */
function splitAtSeparators(lines: Line[], seps: number[], minGap: number): void {
  for (const l of lines) {
    const out: Chunk[] = [];
    for (const c of l.chunks) {
      let cur: Word[] = [];
      for (const w of c.words) {
        const prev = cur[cur.length - 1];
        // Numbers never span columns: two of them across a separator split however close.
        const wide = !!prev && (w.bbox[0] - prev.bbox[2] >= minGap || (NUMERIC.test(prev.text) && NUMERIC.test(w.text) && !prev.text.endsWith(',')));
        if (prev && wide && seps.some((s) => s >= prev.bbox[2] && s <= w.bbox[0])) {
          out.push({ words: cur, bbox: cur.map((x) => x.bbox).reduce(union), line: c.line });
          cur = [];
        }
        cur.push(w);
      }
      out.push({ words: cur, bbox: cur.map((x) => x.bbox).reduce(union), line: c.line });
    }
    l.chunks = out;
  }
}

/** Column range [first, last] of a chunk among columns cut at `seps`. */
function colRange(c: Chunk, seps: number[]): [number, number] {
  const eps = 0.5;
  const first = seps.filter((s) => s <= c.bbox[0] + eps).length;
  const last = seps.filter((s) => s < c.bbox[2] - eps).length;
  return [first, Math.max(first, last)];
}

interface RowDraft {
  lines: Line[];
  bbox: BBox;
}

/**
 * Lines into rows. In a ruled table (rules between most rows), lines with no rule between them
 * share a row. Otherwise a line continues the row above when it is close, holds no number and
 * only fills columns the row above fills (a wrapped first-column label, a two-line header).
 */
function rowsOf(lines: Line[], seps: number[], hRules: Rule[], vRules: Rule[], lh: number, opts: StructureOptions): { rows: RowDraft[]; ruled: boolean } {
  const rows: RowDraft[] = [];
  const gaps = lines.length - 1;
  const ruledGaps = lines.slice(1).filter((l, i) => ruleBetween(hRules, lines[i]!.bbox, l.bbox, Math.min(l.bbox[0], lines[i]!.bbox[0]), Math.max(l.bbox[2], lines[i]!.bbox[2]))).length;
  // A grid (long vertical rules between columns) with rules between several rows is ruled too,
  // however many lines its multi-line cells hold.
  const top = lines[0]!.bbox[1];
  const bottom = lines[lines.length - 1]!.bbox[3];
  const minX = Math.min(...lines.map((l) => l.bbox[0]));
  const maxX = Math.max(...lines.map((l) => l.bbox[2]));
  const grid = vRules.some((r) => r.at > minX && r.at < maxX && Math.min(r.to, bottom) - Math.max(r.from, top) > 0.6 * (bottom - top));
  const ruled = opts.rules && gaps >= 2 && ruledGaps >= 2 && (ruledGaps >= 0.3 * gaps || (grid && ruledGaps >= 3));
  const cols = (l: Line): Set<number> => {
    const s = new Set<number>();
    for (const c of l.chunks) {
      const [a, b] = colRange(c, seps);
      for (let k = a; k <= b; k++) s.add(k);
    }
    return s;
  };
  // Header lines: those above the first line with a number (not a year) past the first column.
  const firstData = lines.findIndex((l) => l.chunks.some((c) => colRange(c, seps)[0] > 0 && NUMERIC.test(textOf(c.words)) && !YEAR.test(textOf(c.words))));
  // A wrapped line starts at or right of the text it continues; a line set further left in the
  // first column (a section label: "Race" under "Male") starts a row.
  const outdented = (l: Line, last: Line): boolean =>
    l.chunks.some((d) => {
      const [x] = colRange(d, seps);
      const over = last.chunks.find((c) => colRange(c, seps)[0] === x);
      return x === 0 && !!over && d.bbox[0] < over.bbox[0] - 0.3 * lh;
    });
  for (const [index, l] of lines.entries()) {
    const prev = rows[rows.length - 1];
    let join = false;
    if (prev) {
      const last = prev.lines[prev.lines.length - 1]!;
      const span: [number, number] = [Math.min(l.bbox[0], last.bbox[0]), Math.max(l.bbox[2], last.bbox[2])];
      const gap = l.bbox[1] - last.bbox[3];
      if (ruled) {
        // Per chunk: a rule over it (partial rules under spanning headers count) separates.
        // Two lines filling the same columns, the lower with numbers, are two rows even where
        // the rules leave them together (rules only under the header).
        const mine = cols(l);
        const above = cols(last);
        const full = above.size >= 2 && [...above].every((k) => mine.has(k)) && l.chunks.some((c) => NUMERIC.test(textOf(c.words)));
        // Sub-headers under a spanning header are a row of their own, rule or no rule.
        const under = prev.lines.some((u) =>
          u.chunks.some((c) => {
            const [a, b] = colRange(c, seps);
            return b > a && l.chunks.filter((d) => colRange(d, seps)[0] >= a && colRange(d, seps)[1] <= b).length >= 2;
          }),
        );
        join = !full && !under && gap < 1.5 * lh && !l.chunks.some((c) => ruleBetween(hRules, last.bbox, l.bbox, c.bbox[0], c.bbox[2])) && !ruleBetween(hRules, last.bbox, l.bbox, span[0], span[1]);
      } else if (opts.multiline) {
        const mine = cols(l);
        const above = cols(prev.lines[0]!);
        // In the header, a line under a line of the same columns continues it (two-line headers).
        const inHeader = index < firstData;
        const subset = [...mine].every((k) => above.has(k)) && (mine.size < above.size || (inHeader && mine.size === above.size));
        // Two chunks under one chunk of the row above: sub-headers under a spanning header.
        const split = prev.lines[0]!.chunks.some((c) => {
          const [a, b] = colRange(c, seps);
          return l.chunks.filter((d) => {
            const [x, y] = colRange(d, seps);
            return x >= a && y <= b;
          }).length >= 2;
        });
        const numeric = l.chunks.some((c) => NUMERIC.test(textOf(c.words)));
        const blocked = opts.rules && ruleBetween(hRules, last.bbox, l.bbox, span[0], span[1]);
        join = subset && !split && !numeric && !blocked && !outdented(l, last) && gap < 0.5 * lh;
      }
    }
    if (join) {
      prev!.lines.push(l);
      prev!.bbox = union(prev!.bbox, l.bbox);
    } else rows.push({ lines: [l], bbox: [...l.bbox] });
  }
  return { rows, ruled };
}


/** Structure of the table in `input.bbox`: rows, columns, spans and cell texts. */
export function recognizeTable(input: TableInput, opts: StructureOptions = FULL): TableGrid {
  const box = input.bbox;
  const inBox = input.words.filter((w) => {
    const x = (w.bbox[0] + w.bbox[2]) / 2;
    const y = (w.bbox[1] + w.bbox[3]) / 2;
    return w.text.trim() && x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
  });
  // Note marks set as superscripts are not words of the table: they annotate the word they follow.
  const { words, notes } = attachSuperscripts(inBox);
  if (!words.length) return { bbox: box, rows: 0, cols: 0, headerRows: 0, cells: [], rowEdges: [], colEdges: [] };
  const lh = Math.max(1, median(words.map((w) => w.bbox[3] - w.bbox[1])));
  const { h: hRules, v: vRules } = opts.rules ? rulesOf(input.segments, box, lh) : { h: [], v: [] };
  const lines = linesOf(words, lh);
  chunk(lines, 0.5 * lh, vRules);
  const minGap = 0.1 * lh;
  const allChunks = lines.flatMap((l) => l.chunks);
  const allow = opts.spans ? Math.max(1, Math.floor(0.1 * lines.length)) : 0;
  const seps = separators(allChunks, box, allow, vRules, minGap, lh);
  if (opts.spans) splitAtSeparators(lines, seps, 0.4 * lh);
  const { rows: drafts, ruled } = rowsOf(lines, seps, hRules, vRules, lh, opts);

  // Cells: per row, chunks by column range; chunks whose ranges meet are one cell.
  interface Draft {
    a: number;
    b: number;
    chunks: Chunk[];
  }
  const cells: TableCell[] = [];
  drafts.forEach((row, r) => {
    const ds: Draft[] = [];
    for (const l of row.lines) {
      for (const c of l.chunks) {
        const [a, b] = colRange(c, seps);
        const hit = ds.filter((d) => d.a <= b && a <= d.b);
        if (hit.length === 1) {
          // The common case (a cell's next line): grow the draft in place.
          const d = hit[0]!;
          d.a = Math.min(d.a, a);
          d.b = Math.max(d.b, b);
          d.chunks.push(c);
          continue;
        }
        const merged: Draft = { a: Math.min(a, ...hit.map((d) => d.a)), b: Math.max(b, ...hit.map((d) => d.b)), chunks: [...hit.flatMap((d) => d.chunks), c] };
        for (const d of hit) ds.splice(ds.indexOf(d), 1);
        ds.push(merged);
      }
    }
    for (const d of ds.sort((p, q) => p.a - q.a)) {
      // The cell's own lines: headers set at staggered heights (vertically centred cells) share
      // table lines with their neighbours, but read line by line within the cell.
      const cellLines = linesOf(d.chunks.flatMap((c) => c.words), lh);
      const text = cellLines.map((l) => textOf(l.words)).join('\n');
      const marks = cellLines.flatMap((l) => l.words.flatMap((w) => notes.get(w) ?? []));
      cells.push({ row: r, col: d.a, rowspan: 1, colspan: d.b - d.a + 1, text, bbox: d.chunks.map((c) => c.bbox).reduce(union), header: false, ...(marks.length ? { notes: marks } : {}) });
    }
  });

  // Columns no cell starts in (rules with nothing between) are dropped; spans shrink with them.
  const nCols = seps.length + 1;
  const used = new Array<boolean>(nCols).fill(false);
  for (const c of cells) used[c.col] = true;
  const newIndex: number[] = [];
  let k = 0;
  for (let i = 0; i < nCols; i++) {
    newIndex.push(k);
    if (used[i]) k++;
  }
  newIndex.push(k);
  for (const c of cells) {
    const end = c.col + c.colspan;
    c.col = newIndex[c.col]!;
    c.colspan = Math.max(1, newIndex[end]! - c.col);
  }
  const keptSeps = seps.filter((_, i) => used[i + 1]);
  const cols = k;
  const rows = drafts.length;
  let headerRows = headerRowsOf(cells, rows);
  let rowEdges = [box[1], ...drafts.slice(1).map((d, i) => (drafts[i]!.bbox[3] + d.bbox[1]) / 2), box[3]];
  let rowCount = rows;
  if (opts.spans && headerRows >= 2) {
    const merged = mergeStub(cells, headerRows, rowEdges);
    headerRows = merged.headerRows;
    rowEdges = merged.rowEdges;
    rowCount = rowEdges.length - 1;
  }
  for (const c of cells) c.header = c.row < headerRows;
  if (opts.spans) spanHeaders(cells, headerRows, [box[0], ...keptSeps, box[2]]);
  if (opts.multiline) {
    const collapsed = collapseHeader(cells, headerRows, rowEdges, cols);
    headerRows = collapsed.headerRows;
    rowEdges = collapsed.rowEdges;
    rowCount = rowEdges.length - 1;
  }
  if (opts.spans) groupRows(cells, headerRows, rowCount);
  if (opts.spans && ruled) ruledRowspans(cells, headerRows, rowEdges, [box[0], ...keptSeps, box[2]], hRules);
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  const colEdges = [box[0], ...keptSeps, box[2]];
  return { bbox: box, rows: rowCount, cols, headerRows, cells, rowEdges, colEdges };
}
