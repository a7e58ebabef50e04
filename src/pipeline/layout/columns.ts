// Page columns for table finding: rows that pair a table with the running text of the next
// column are split at the gutter between them, and rows are then read column by column.
// A gutter is a strip of whitespace few rows cross; it separates independent columns when the
// lines on its two sides do not share baselines, or when running text faces a table.
import type { BBox } from '../types.js';
import { median, unionAll } from './geometry.js';
import type { Chunk, Row } from './rows.js';

/** A prose line: many words, no wide gaps, long. */
export const isProse = (c: Chunk, lh: number): boolean => c.words.length >= 7 && c.bbox[2] - c.bbox[0] > 12 * lh;

/** A run of at least four words, nearly all of them words of letters: a line of running text. */
function isWordy(c: Chunk): boolean {
  if (c.words.length < 4) return false;
  return c.words.filter((w) => /^[("'‘“]?\p{L}[\p{L}'’-]*[.,;:!?)"'’”]*$/u.test(w.text)).length >= 0.75 * c.words.length;
}

const midY = (b: BBox): number => (b[1] + b[3]) / 2;

/**
 * Whitespace strips at least a line height wide where, of the rows with text on both sides or
 * across, at most a quarter cross (and at least three have text on both sides).
 */
function candidates(rows: Row[], lh: number): number[] {
  const chunks = rows.flatMap((r) => r.chunks);
  if (rows.length < 3 || !chunks.length) return [];
  const x0 = Math.floor(Math.min(...chunks.map((c) => c.bbox[0])));
  const span = Math.ceil(Math.max(...chunks.map((c) => c.bbox[2]))) - x0;
  if (span <= 0 || span > 50_000) return [];
  const cover = new Int32Array(span + 2);
  const both = new Int32Array(span + 2);
  for (const r of rows) {
    // A row counts once at each x however many of its chunks cover it.
    let reach = -Infinity;
    for (const c of r.chunks) {
      const a = Math.max(Math.floor(c.bbox[0]) - x0, reach);
      const b = Math.ceil(c.bbox[2]) - x0;
      if (b > a) {
        cover[a]! += 1;
        cover[b]! -= 1;
        reach = b;
      }
    }
    // Text on both sides between the end of the first chunk and the start of the last.
    const from = Math.ceil(r.chunks[0]!.bbox[2]) - x0;
    const to = Math.floor(r.chunks[r.chunks.length - 1]!.bbox[0]) - x0;
    if (to > from) {
      both[from]! += 1;
      both[to]! -= 1;
    }
  }
  const out: number[] = [];
  let start = -1;
  for (let x = 0, n = 0, b = 0; x <= span; x++) {
    n += cover[x]!;
    b += both[x]!;
    const free = b >= 3 && n <= 0.25 * (b + n);
    if (free && start < 0) start = x;
    if (!free && start >= 0) {
      if (x - start >= lh) out.push(x0 + (start + x) / 2);
      start = -1;
    }
  }
  return out;
}

/** Whether the lines left and right of `g` are independent columns. */
function independent(rows: Row[], g: number, lh: number): boolean {
  let pairs = 0;
  let aligned = 0;
  const left: Chunk[][] = [];
  const right: Chunk[][] = [];
  for (const r of rows) {
    if (r.chunks.some((c) => c.bbox[0] < g && c.bbox[2] > g)) continue;
    const l = r.chunks.filter((c) => c.bbox[2] <= g);
    const rt = r.chunks.filter((c) => c.bbox[0] >= g);
    if (l.length) left.push(l);
    if (rt.length) right.push(rt);
    if (!l.length || !rt.length) continue;
    pairs++;
    if (Math.abs(median(l.map((c) => midY(c.bbox))) - median(rt.map((c) => midY(c.bbox)))) <= 0.15 * lh) aligned++;
  }
  if (pairs < 3) return false;
  const share = (side: Chunk[][], test: (cs: Chunk[]) => boolean): number => side.filter(test).length / side.length;
  const prose = (side: Chunk[][]): number => share(side, (cs) => cs.some((c) => isProse(c, lh)));
  const multi = (side: Chunk[][]): number => share(side, (cs) => cs.length >= 2);
  const wordy = (side: Chunk[][]): number => share(side, (cs) => cs.some(isWordy));
  const [pl, pr] = [prose(left), prose(right)];
  if (aligned < 0.5 * pairs || (wordy(left) >= 0.6 && wordy(right) >= 0.6)) return true;
  // Running text facing a table, unless nearly every line pairs up on one baseline (one table).
  return aligned < 0.8 * pairs && ((pr >= 0.5 && multi(left) >= 0.5) || (pl >= 0.5 && multi(right) >= 0.5));
}

function split(r: Row, gutters: number[]): Row[] {
  const edges = [-Infinity, ...gutters, Infinity];
  const out: Row[] = [];
  for (let i = 1; i < edges.length; i++) {
    const chunks = r.chunks.filter((c) => c.bbox[0] >= edges[i - 1]! && c.bbox[2] <= edges[i]!);
    if (chunks.length) out.push({ bbox: unionAll(chunks.map((c) => c.bbox))!, chunks });
  }
  return out;
}

const crosses = (r: Row, g: number): boolean => r.chunks.some((c) => c.bbox[0] < g && c.bbox[2] > g);

/**
 * For each row, the gutters it is split at: a gutter is judged band by band (rows between two
 * rows crossing it), so a table with its stub column above two columns of text stays whole.
 */
function activeGutters(rows: Row[], lh: number): number[][] {
  const active: number[][] = rows.map(() => []);
  for (const [from, to] of blocks(rows, lh)) {
    const block = rows.slice(from, to);
    for (const g of candidates(block, lh)) {
      let start = from;
      for (let i = from; i <= to; i++) {
        if (i < to && !crosses(rows[i]!, g)) continue;
        const band = rows.slice(start, i);
        if (band.length && independent(band, g, lh)) for (let k = start; k < i; k++) active[k]!.push(g);
        start = i + 1;
      }
    }
  }
  return active;
}

/** Index ranges of rows between vertical gaps wider than 1.5 line heights. */
function blocks(rows: Row[], lh: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  let bottom = -Infinity;
  rows.forEach((r, i) => {
    if (i > start && r.bbox[1] - bottom > 1.5 * lh) {
      out.push([start, i]);
      start = i;
    }
    bottom = i === start ? r.bbox[3] : Math.max(bottom, r.bbox[3]);
  });
  if (rows.length) out.push([start, rows.length]);
  return out;
}

/**
 * Rows (top to bottom) split at the gutters of independent columns and put in reading order:
 * within each stretch of rows split the same way, the rows of each column in turn, left to right.
 */
export function columnRows(rows: Row[], lh: number): Row[] {
  const active = activeGutters(rows, lh);
  const out: Row[] = [];
  let key = '';
  let band: Row[][] = [];
  const flush = (): void => {
    for (const col of band) out.push(...col);
    band = [];
  };
  rows.forEach((r, i) => {
    const gutters = active[i]!.sort((a, b) => a - b);
    if (gutters.join() !== key) flush();
    key = gutters.join();
    if (!gutters.length) {
      out.push(r);
      return;
    }
    while (band.length <= gutters.length) band.push([]);
    for (const part of split(r, gutters)) band[gutters.filter((g) => g < part.bbox[0]).length]!.push(part);
  });
  flush();
  return out;
}
