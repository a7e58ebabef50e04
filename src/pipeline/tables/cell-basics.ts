// Small pieces shared by structure.ts and header-spans.ts: what counts as a number or a year in a
// cell, box union, and drawn rules (and whether one runs between two lines).
import type { BBox } from '../types.js';

export const NUMERIC = /^[\s\d.,:;%()$€£¥+\-–—/*x×<>=±]*\d[\s\d.,:;%()$€£¥+\-–—/*x×<>=±a-z]{0,3}$/i;

export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** A year or a span of years ("2007", "2003–04"): column headers, not data. */
export const YEAR = /^(1[89]|20)\d\d([–\-/](\d\d|(1[89]|20)\d\d))?[a-z*]?$/i;

export interface Rule {
  /** Position across (y for horizontal rules, x for vertical ones) and extent along. */
  at: number;
  from: number;
  to: number;
}

/** A horizontal rule between two lines over the x-range [a, b]. */
export function ruleBetween(hRules: Rule[], upper: BBox, lower: BBox, a: number, b: number): boolean {
  const top = (upper[1] + upper[3]) / 2;
  const bottom = (lower[1] + lower[3]) / 2;
  return hRules.some((r) => r.at > top && r.at < bottom && r.from < b - 1 && r.to > a + 1);
}
