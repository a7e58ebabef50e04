// Table headers set in more than one row. A column's name is its nearest text above, but real
// tables stack header rows: a spanning upper header ("Actual 2003–04", "Total Costs") over a
// lower one ("to 2008–09", "All Funds"), and a cell is named by both. A line made only of numbers
// (a row of values read as one line) is a row of the table's body, never a header.
import type { BBox } from '../../pipeline/types.js';
import { isNumeric } from './text.js';

type Boxed = { text: string; bbox: BBox };

/** Whether a line is only numbers (a row of values the page set as one text line). */
export function numbersOnly(text: string): boolean {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  return words.length > 0 && words.every((w) => isNumeric(w) || /^[-–—]$/.test(w));
}

const CAPTION = /^(table|figure|fig\.|chart|graph|source|note)\b/i;

/**
 * The words of an upper header row that name the value at `value` alone: the line covers no other
 * value of the row, or `cut` (the header-cut reading) gave it words of its own. A line over several
 * values that could not be cut may be several header cells set as one line, not a band: left out.
 */
export function upperWords(upper: Boxed, value: BBox, rowValues: BBox[], cut: string): string | undefined {
  const [x0, , x1] = upper.bbox;
  const under = rowValues.filter((v) => Math.min(v[2], x1) - Math.max(v[0], x0) > 0);
  if (under.length <= 1) return upper.text.trim();
  return cut !== upper.text.trim() ? cut : undefined;
}

/**
 * The header row stacked directly on top of `header` over the same column, if any: the next line
 * above that touches it (a gap under half a line height), is short and is no caption or sentence.
 * A heading over a table stands apart from it by more than that gap.
 */
export function upperHeader(header: Boxed, aboveRest: Boxed[]): Boxed | undefined {
  const upper = aboveRest[0];
  if (!upper) return undefined;
  const h = header.bbox[3] - header.bbox[1];
  const gap = header.bbox[1] - upper.bbox[3];
  if (gap < -h * 0.3 || gap > h * 0.5) return undefined;
  const text = upper.text.trim();
  if (CAPTION.test(text) || numbersOnly(text) || /[.!?:]$/.test(text) || text.split(/\s+/).length > 6) return undefined;
  return upper;
}
