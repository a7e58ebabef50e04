// Header rows and spanning cells of a recognised grid (structure.ts): how many leading rows are
// header, the stub head, header cells widened over their sub-headers, multi-line headers collapsed,
// and body row spans (row groups and rule-bounded blocks). Each step edits the cells in place.
import type { BBox } from '../types.js';
import { NUMERIC, ruleBetween, union, YEAR, type Rule } from './cell-basics.js';
import type { TableCell } from './types.js';

/** Leading rows above the first row with a number (not a year) in a column past the first, at most 4. */
export function headerRowsOf(cells: TableCell[], rows: number): number {
  for (let r = 0; r < Math.min(rows, 5); r++) {
    const mine = cells.filter((c) => c.row === r && c.col > 0);
    if (mine.some((c) => NUMERIC.test(c.text) && !YEAR.test(c.text.trim()))) {
      // A row with text in the first column only, right above the data, labels the first
      // section of the body ("Language and Literacy" over its measures), not a header row.
      let h = r;
      while (h > 1 && cells.filter((c) => c.row === h - 1).every((c) => c.col === 0 && c.colspan === 1)) h--;
      return Math.min(h, 4);
    }
  }
  return rows > 1 ? 1 : 0;
}

/** A cell made of several keeps the note marks of all of them, in reading order. */
function gatherNotes(target: TableCell, parts: TableCell[]): void {
  const notes = parts.flatMap((c) => c.notes ?? []);
  if (notes.length) target.notes = notes;
  else delete target.notes;
}

/**
 * The stub head: the texts of the first column across the header rows ("Age group" over
 * "(yrs)", set between the lines of the column headers) are one cell spanning the header rows.
 * Header rows left empty go. Returns the new header row count and row edges.
 */
export function mergeStub(cells: TableCell[], headerRows: number, rowEdges: number[]): { headerRows: number; rowEdges: number[] } {
  const stub = cells.filter((c) => c.row < headerRows && c.col === 0 && c.colspan === 1);
  if (stub.length < 2 || cells.some((c) => c.row < headerRows && c.col === 0 && c.colspan > 1)) return { headerRows, rowEdges };
  const first = stub[0]!;
  first.text = stub.map((c) => c.text).join('\n');
  first.bbox = stub.map((c) => c.bbox).reduce(union);
  gatherNotes(first, stub);
  for (const c of stub.slice(1)) cells.splice(cells.indexOf(c), 1);
  const empty = new Set<number>();
  for (let r = 0; r < headerRows; r++) if (!cells.some((c) => c.row === r && c !== first)) empty.add(r);
  const shift = (r: number): number => r - [...empty].filter((e) => e < r).length;
  for (const c of cells) if (c !== first) c.row = shift(c.row);
  const newHeader = headerRows - empty.size;
  first.row = 0;
  first.rowspan = Math.max(1, newHeader);
  return { headerRows: newHeader, rowEdges: rowEdges.filter((_, i) => !empty.has(i) || i === 0) };
}

/**
 * Header spans: a short header centred over two or more sub-headers widens over the empty
 * columns around it; a header alone in its column across the header rows (the stub's "Age
 * group") spans them all.
 */
export function spanHeaders(cells: TableCell[], headerRows: number, edges: number[]): void {
  const taken = (r: number, k: number, self: TableCell): boolean => cells.some((c) => c !== self && c.row <= r && c.row + c.rowspan > r && c.col <= k && c.col + c.colspan > k);
  for (let r = 0; r + 1 < headerRows; r++) {
    for (const c of cells.filter((x) => x.row === r)) {
      let a = c.col;
      let b = c.col + c.colspan - 1;
      while (a > 0 && !taken(r, a - 1, c)) a--;
      while (b + 1 < edges.length - 1 && !taken(r, b + 1, c)) b++;
      const mid = (c.bbox[0] + c.bbox[2]) / 2;
      let best: [number, number] | undefined;
      for (let x = a; x <= c.col; x++) {
        for (let y = c.col + c.colspan - 1; y <= b; y++) {
          const under = cells.filter((d) => d.row === r + 1 && d.col >= x && d.col + d.colspan - 1 <= y).length;
          const centre = (edges[x]! + edges[y + 1]!) / 2;
          const width = edges[y + 1]! - edges[x]!;
          if (under < 2 || Math.abs(centre - mid) > 0.15 * width) continue;
          if (!best || y - x > best[1] - best[0]) best = [x, y];
        }
      }
      if (best && best[1] - best[0] + 1 > c.colspan) {
        c.col = best[0];
        c.colspan = best[1] - best[0] + 1;
      }
    }
  }
  for (const c of cells.filter((x) => x.row < headerRows && x.rowspan === 1 && x.col === 0)) {
    let top = c.row;
    let bottom = c.row;
    const free = (r: number): boolean => {
      for (let k = c.col; k < c.col + c.colspan; k++) if (taken(r, k, c)) return false;
      return true;
    };
    while (top > 0 && free(top - 1)) top--;
    while (bottom + 1 < headerRows && free(bottom + 1)) bottom++;
    if (bottom > top && (top < c.row || bottom > c.row)) {
      // Only stubs: a label with no header cell above or below it in its columns.
      c.row = top;
      c.rowspan = bottom - top + 1;
    }
  }
}

/**
 * Row groups: when the second column repeats the same labels every k rows ("Men, Women, Total"
 * or "Count, Percentage") down the body, the stub labels of each group (set at its top or
 * centred against it, possibly wrapped over its lines) are one cell spanning the group.
 */
export function groupRows(cells: TableCell[], headerRows: number, rowCount: number): void {
  const body = rowCount - headerRows;
  const label = (r: number): string => {
    const c = cells.find((x) => x.row === r && x.col === 1 && x.colspan === 1 && x.rowspan === 1);
    return c && !NUMERIC.test(c.text) ? c.text : '';
  };
  const labels = Array.from({ length: body }, (_, i) => label(headerRows + i));
  for (let k = 2; k <= 6; k++) {
    if (body % k || body / k < 2) continue;
    const first = labels.slice(0, k);
    if (first.filter((t) => t).length < 2 || new Set(first.filter((t) => t)).size < first.filter((t) => t).length) continue;
    let same = 0;
    let set = 0;
    for (let i = k; i < body; i++) {
      if (!labels[i]) continue;
      set++;
      if (labels[i] === labels[i - k]) same++;
    }
    // Most rows carry a label; a stray row (a label set across two columns) may break the
    // pattern once in a while.
    if (set + first.filter((t) => t).length < 0.5 * body || same < 0.9 * set) continue;
    // Groups whose every row has its own first-column text are rows of labels, not one label
    // per group: most groups must leave rows of the first column empty.
    const stubCount = (g: number): number => cells.filter((c) => c.col === 0 && c.row >= g && c.row < g + k).length;
    const groups = Array.from({ length: body / k }, (_, i) => stubCount(headerRows + i * k));
    if (groups.filter((n) => n > 0 && n < k).length < 0.5 * groups.filter((n) => n > 0).length) return;
    for (let g = headerRows; g < rowCount; g += k) {
      const stub = cells.filter((c) => c.col === 0 && c.row >= g && c.row < g + k).sort((a, b) => a.row - b.row);
      if (!stub.length || stub.some((c) => c.colspan > 1 || c.rowspan > 1)) continue;
      const head = stub[0]!;
      head.text = stub.map((c) => c.text).join('\n');
      head.bbox = stub.map((c) => c.bbox).reduce(union);
      gatherNotes(head, stub);
      head.row = g;
      head.rowspan = k;
      for (const c of stub.slice(1)) cells.splice(cells.indexOf(c), 1);
    }
    return;
  }
}

/**
 * In a ruled table, a body cell whose rows are closed by rules in other columns but not in its
 * own (a label against several rows, set at their top or centred) spans up and down to the rules
 * that cross it; cells of the same columns inside those rules are its wrapped lines. Where every
 * row inside those rules has its own cell, they stay separate cells.
 */
export function ruledRowspans(cells: TableCell[], headerRows: number, rowEdges: number[], colEdges: number[], hRules: Rule[]): void {
  const rows = rowEdges.length - 1;
  const left = colEdges[0]!;
  const right = colEdges[colEdges.length - 1]!;
  const band = (r: number): BBox => [left, rowEdges[r]!, right, rowEdges[r + 1]!];
  /** Rows r and r + 1 are parted by a rule elsewhere, but none crosses [x0, x1]. */
  const open = (r: number, x0: number, x1: number): boolean => ruleBetween(hRules, band(r), band(r + 1), left, right) && !ruleBetween(hRules, band(r), band(r + 1), x0, x1);
  for (const c of cells.filter((x) => x.row >= headerRows && x.rowspan === 1)) {
    if (!cells.includes(c)) continue;
    const x0 = colEdges[c.col]!;
    const x1 = colEdges[c.col + c.colspan]!;
    // The cells of row r over these columns, when they can join this one (same columns).
    const joining = (r: number): TableCell[] | undefined => {
      const there = cells.filter((d) => d !== c && d.row <= r && d.row + d.rowspan > r && d.col < c.col + c.colspan && d.col + d.colspan > c.col);
      return there.every((d) => d.col === c.col && d.colspan === c.colspan && d.rowspan === 1) ? there : undefined;
    };
    const parts: TableCell[] = [c];
    let top = c.row;
    let end = c.row;
    for (let j = top > headerRows && open(top - 1, x0, x1) ? joining(top - 1) : undefined; j; j = top > headerRows && open(top - 1, x0, x1) ? joining(top - 1) : undefined) {
      parts.push(...j);
      top--;
    }
    for (let j = end + 1 < rows && open(end, x0, x1) ? joining(end + 1) : undefined; j; j = end + 1 < rows && open(end, x0, x1) ? joining(end + 1) : undefined) {
      parts.push(...j);
      end++;
    }
    // A label in every row of the block is a column of labels the rules were not drawn across.
    if (parts.length >= end - top + 1) continue;
    if (parts.length > 1) {
      parts.sort((p, q) => p.row - q.row);
      c.text = parts.map((d) => d.text).join('\n');
      c.bbox = parts.map((d) => d.bbox).reduce(union);
      gatherNotes(c, parts);
      for (const d of parts) if (d !== c) cells.splice(cells.indexOf(d), 1);
    }
    c.row = top;
    c.rowspan = end - top + 1;
  }
}

/**
 * Multi-line header cells: the header's text lines in one column are one cell, except where a
 * header spanning several columns ("Postnatal Day 1" over "Body weight" and "Relative weight")
 * divides it: then the header has two rows, the spanning headers over the merged sub-headers,
 * and the columns no spanning header covers hold one cell spanning both rows. Only one level of
 * spanning headers is restructured; deeper headers are left as read. Returns the new header row
 * count and row edges.
 */
export function collapseHeader(cells: TableCell[], headerRows: number, rowEdges: number[], cols: number): { headerRows: number; rowEdges: number[] } {
  const keep = { headerRows, rowEdges };
  if (headerRows < 2) return keep;
  const head = cells.filter((c) => c.row < headerRows);
  const spanners = head.filter((c) => c.colspan > 1);
  const spannerRow = spanners.length ? spanners[0]!.row : -1;
  // Spanning headers sit over data columns, not over the stub: otherwise the header was misread.
  if (spanners.some((c) => c.row !== spannerRow || c.rowspan > 1 || c.col === 0)) return keep;
  const spanned = new Set<number>();
  for (const c of spanners) for (let k = c.col; k < c.col + c.colspan; k++) spanned.add(k);
  // Header cells above a spanning header are another level: leave the header as read.
  if (head.some((c) => c.row < spannerRow && c.col < cols && spanned.has(c.col))) return keep;
  const height = spanners.length ? 2 : 1;
  const merged: TableCell[] = [];
  for (let k = 0; k < cols; k++) {
    const mine = head.filter((c) => c.col === k && c.colspan === 1).sort((a, b) => a.row - b.row);
    if (!mine.length) continue;
    const first = mine[0]!;
    const cell: TableCell = { ...first, row: spanned.has(k) ? 1 : 0, rowspan: spanned.has(k) ? 1 : height, text: mine.map((c) => c.text).join('\n'), bbox: mine.map((c) => c.bbox).reduce(union) };
    gatherNotes(cell, mine);
    merged.push(cell);
  }
  for (const c of spanners) merged.push({ ...c, row: 0, rowspan: 1 });
  const body = cells.filter((c) => c.row >= headerRows);
  for (const c of body) c.row = c.row - headerRows + height;
  cells.splice(0, cells.length, ...merged, ...body);
  const edges = spanners.length ? [rowEdges[0]!, rowEdges[spannerRow + 1]!, ...rowEdges.slice(headerRows)] : [rowEdges[0]!, ...rowEdges.slice(headerRows)];
  return { headerRows: height, rowEdges: edges };
}
