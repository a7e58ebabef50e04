// Text lines → "chunks" (runs of words with no wide gap: table cells, prose lines) → rows (chunks
// sharing a horizontal band, met one after another in reading order).
import type { BBox, TextLine, Word } from '../types.js';
import { height, median, union, weightedMedian } from './geometry.js';

export interface Chunk {
  bbox: BBox;
  text: string;
  words: Word[];
  /** Index of the text line it comes from. */
  line: number;
}

export interface Row {
  bbox: BBox;
  /** Left to right. */
  chunks: Chunk[];
}

/** A gap wider than this share of the line height separates cells (a word space is ~0.25). */
const CELL_GAP = 0.6;

export function chunksOf(line: TextLine, index: number): Chunk[] {
  const h = Math.max(1, height(line.bbox));
  // Monospaced text spaces words 0.6 em apart: a cell gap must also beat 1.3 mean glyph widths.
  const chars = line.words.reduce((n, w) => n + [...w.text].length, 0);
  const glyph = chars ? line.words.reduce((s, w) => s + w.bbox[2] - w.bbox[0], 0) / chars : 0;
  const cellGap = Math.max(CELL_GAP * h, 1.3 * glyph);
  const out: Chunk[] = [];
  let cur: Word[] = [];
  const flush = (): void => {
    if (!cur.length) return;
    out.push({ bbox: cur.map((w) => w.bbox).reduce(union), text: cur.map((w) => w.text).join(' '), words: cur, line: index });
    cur = [];
  };
  for (const w of [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0])) {
    const prev = cur[cur.length - 1];
    if (prev && w.bbox[0] - prev.bbox[2] > cellGap) flush();
    cur.push(w);
  }
  flush();
  if (!out.length) out.push({ bbox: line.bbox, text: line.text, words: [], line: index });
  return out;
}

function vOverlap(a: BBox, b: BBox): number {
  const o = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return o > 0 ? o / Math.max(1e-9, Math.min(height(a), height(b))) : 0;
}

const midY = (b: BBox): number => (b[1] + b[3]) / 2;

/**
 * Rows top to bottom: the chunks of `indexes`' lines by the middle of their height, a chunk
 * joining the row above when it overlaps the row's typical band by at least half its height.
 * Columns of a page are not told apart here (see columns.ts).
 */
export function buildRows(lines: TextLine[], indexes: number[]): Row[] {
  const chunks = indexes.flatMap((i) => chunksOf(lines[i]!, i)).sort((a, b) => midY(a.bbox) - midY(b.bbox));
  const rows: Row[] = [];
  let cur: Row | undefined;
  for (const c of chunks) {
    const band = cur ? ([cur.bbox[0], median(cur.chunks.map((x) => x.bbox[1])), cur.bbox[2], median(cur.chunks.map((x) => x.bbox[3]))] as BBox) : undefined;
    if (cur && band && vOverlap(band, c.bbox) >= 0.5) {
      cur.chunks.push(c);
      cur.bbox = union(cur.bbox, c.bbox);
    } else {
      cur = { bbox: [...c.bbox], chunks: [c] };
      rows.push(cur);
    }
  }
  for (const r of rows) r.chunks.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return rows;
}

/** The body text's line height: the median line height, each line weighted by its length. */
export function bodyLineHeight(lines: TextLine[]): number {
  if (!lines.length) return 0;
  return weightedMedian(lines.map((l) => height(l.bbox)), lines.map((l) => Math.max(1, l.text.length)));
}
