// Where real prose wraps: a paragraph's lines run to the right edge of their column and the
// sentence goes on at the next line's left, whatever its first word ("... BNY" / "Mellon
// maintains ..."). Wording alone (continuesLine) only sees wraps after a small word or before a
// lower-case one; the geometry sees the rest. A chunk may also begin or end inside a sentence:
// the page's lines around it complete that sentence.
import type { BBox } from '../../pipeline/types.js';
import type { PassageLine } from './types.js';

type Boxed = { text: string; bbox: BBox };

const ENDS = /[.!?:;]["'”’)]?$/;
/** Letters-words share of a line: prose, not a table row of figures. */
const proseLike = (text: string): boolean => {
  const words = text.split(/\s+/).filter((w) => w !== '');
  return words.length >= 5 && words.filter((w) => /[A-Za-z]{2,}/.test(w)).length >= 0.6 * words.length;
};
/** Lines that open a new item, not the rest of a sentence: bullets, numbered items. */
const OPENS_ITEM = /^(?:[•▪◦●■\-–—*]|\(?\d{1,2}[.)]\s|\(?[a-z][.)]\s)/;

const charWidth = (l: Boxed): number => (l.bbox[2] - l.bbox[0]) / Math.max(1, l.text.length);

/**
 * Whether `next` carries on the sentence of `prev` by layout: `prev` is prose that does not end a
 * sentence and reaches the right edge of the lines of its column on the page (within three
 * characters and the width of `next`'s first word), and `next` starts just below it, not right of
 * its start, and opens no new item.
 */
export function wrapsByLayout(prev: PassageLine, next: PassageLine, page: PassageLine[]): boolean {
  if (!prev.bbox || !next.bbox) return false;
  const p = prev as Boxed;
  const n = next as Boxed;
  const text = p.text.trim();
  if (ENDS.test(text) || !proseLike(text) || OPENS_ITEM.test(n.text.trim())) return false;
  const h = p.bbox[3] - p.bbox[1];
  const gap = n.bbox[1] - p.bbox[3];
  if (gap < -0.5 * h || gap > 1.2 * h) return false;
  const cw = charWidth(p);
  if (n.bbox[0] > p.bbox[0] + 4 * cw) return false;
  // Ragged right text wraps where the next word did not fit: the line may stop that word's
  // width (and a space) short of the column's edge.
  const nextWord = n.text.trim().split(/\s+/)[0]!.length;
  return p.bbox[2] >= columnRight(p, page) - (3 + Math.min(nextWord + 1, 16)) * cw;
}

/** `b` is the line right under `a`: both boxed, at most a line's height apart, overlapping horizontally. */
function adjacent(a: PassageLine, b: PassageLine): boolean {
  if (!a.bbox || !b.bbox) return false;
  const h = a.bbox[3] - a.bbox[1];
  const gap = b.bbox[1] - a.bbox[3];
  return gap > -0.5 * h && gap < 1.2 * h && Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]) > 0;
}

/** Right edges of columns, per page and line (a passage asks for the same lines again and again). */
const rights = new WeakMap<PassageLine[], WeakMap<PassageLine, number>>();

/** The right edge of a line's column: page lines overlapping it horizontally within a few lines above and below. */
function columnRight(p: Boxed, page: PassageLine[]): number {
  let byLine = rights.get(page);
  if (!byLine) rights.set(page, (byLine = new WeakMap()));
  const known = byLine.get(p);
  if (known !== undefined) return known;
  const h = p.bbox[3] - p.bbox[1];
  let right = p.bbox[2];
  for (const o of page) {
    if (o.bbox && Math.min(o.bbox[2], p.bbox[2]) - Math.max(o.bbox[0], p.bbox[0]) > 0 && Math.abs(o.bbox[1] - p.bbox[1]) < 12 * h) right = Math.max(right, o.bbox[2]);
  }
  byLine.set(p, right);
  return right;
}

const sameLine = (a: PassageLine, b: PassageLine): boolean =>
  a.text === b.text && (a.bbox === null ? b.bbox === null : b.bbox !== null && a.bbox.every((v, i) => Math.abs(v - b.bbox![i]!) < 0.5));

/**
 * The chunk's lines with the page lines that complete its first and last sentences (at most
 * `reach` lines each way), joined by `joins` (wording or layout).
 */
export function completedLines(lines: PassageLine[], page: PassageLine[], joins: (prev: PassageLine, next: PassageLine) => boolean, reach = 3): PassageLine[] {
  const first = lines.find((l) => l.text.trim() !== '');
  const last = lines.findLast((l) => l.text.trim() !== '');
  if (!first || !last || page.length === 0) return lines;
  const at = page.findIndex((l) => sameLine(l, first));
  const end = page.findLastIndex((l) => sameLine(l, last));
  if (at < 0 || end < 0) return lines;
  // Across a chunk's edge only a line set just above or below (other chunks' tables and captions are not).
  const next = (a: PassageLine, b: PassageLine): boolean => adjacent(a, b) && joins(a, b);
  const before: PassageLine[] = [];
  for (let i = at; i > 0 && before.length < reach && next(page[i - 1]!, page[i]!); i--) before.unshift(page[i - 1]!);
  const after: PassageLine[] = [];
  for (let i = end; i < page.length - 1 && after.length < reach && next(page[i]!, page[i + 1]!); i++) after.push(page[i + 1]!);
  return [...before, ...lines, ...after];
}
