// A read "i" checked against the ink: an "l" is one stroke from the baseline up to the line's
// ascenders, an "i" a stroke to the x-height (its dot apart). A coarse scan's "l" is often read
// as "i" the same way at every size and cut ("Angie valve", "Needie valve", "Piug valve"); its
// stroke still rises to the ascenders. No dictionary: the ink alone says which letter stands there.
import type { BBox } from '../types.js';
import type { Components, Mask } from './raster.js';
import type { TextItem } from './types.js';

/** A stem reaching this share of the line's ascender height (baseline to top) is tall; an "i" reaches about 0.72. */
const TALL = 0.86;
/** Letters whose stroke reaches the ascenders (capitals and digits too). */
const TALL_LETTER = /[A-Zbdfhklt0-9]/;

/** Rough advance widths in ems (sans-serif), enough to place a letter within its line. */
function advance(c: string): number {
  if (c === ' ') return 0.32;
  if (/[ijl.,:;'!|]/.test(c)) return 0.28;
  if (/[frt]/.test(c)) return 0.4;
  if (/[mw]/.test(c)) return 0.92;
  if (/[MW]/.test(c)) return 0.95;
  if (/[A-Z]/.test(c)) return 0.7;
  return 0.6;
}

/**
 * The x ranges (working pixels) of the strokes of a text's members that rise from its baseline to
 * its ascenders, one stroke at most a third of the line's height wide; and the line's baseline.
 */
export function tallStems(mask: Mask, cc: Components, members: number[], box: BBox): Array<[number, number]> {
  const own = new Set(members);
  // The baseline: the bottom most letters sit on (descenders and marks are fewer).
  const bottoms = members.filter((l) => cc.y1[l]! - cc.y0[l]! >= 0.4 * (box[3] - box[1])).map((l) => cc.y1[l]!).sort((a, b) => a - b);
  if (bottoms.length === 0) return [];
  const base = bottoms[Math.floor(bottoms.length / 2)]!;
  const height = base - box[1];
  if (height < 6) return [];
  const x0 = Math.max(0, Math.floor(box[0]));
  const x1 = Math.min(mask.width, Math.ceil(box[2]));
  const inkAt = (x: number, y: number): boolean => y >= 0 && y < mask.height && own.has(cc.labels[y * mask.width + x]!);
  const tall: boolean[] = [];
  for (let x = x0; x < x1; x++) {
    // The lowest ink near the baseline, followed up without a break.
    let y = base - 1;
    while (y >= base - 0.3 * height && !inkAt(x, y)) y--;
    if (y < base - 0.3 * height) {
      tall.push(false);
      continue;
    }
    while (y - 1 >= box[1] - 1 && inkAt(x, y - 1)) y--;
    tall.push(base - y >= TALL * height);
  }
  const out: Array<[number, number]> = [];
  for (let i = 0; i < tall.length; i++) {
    if (!tall[i]) continue;
    let j = i;
    while (j + 1 < tall.length && tall[j + 1]) j++;
    if (j - i + 1 <= height / 3) out.push([x0 + i, x0 + j + 1]);
    i = j;
  }
  return out;
}

/**
 * The text with an "i" read among small letters taken for "l" where its word's small letters
 * have more tall strokes than the reading has tall small letters (b, d, f, h, k, l, t), and the
 * extra stroke is nearest to the "i" (letters placed along the line by rough widths). Strokes
 * nearest to a capital or a digit (an "N" has two) are not counted.
 */
export function lForI(text: string, box: BBox, stems: Array<[number, number]>): string {
  if (!/[a-z]i|i[a-z]/.test(text) || stems.length === 0) return text;
  const chars = [...text];
  const widths = chars.map(advance);
  const em = (box[2] - box[0]) / widths.reduce((a, b) => a + b, 0);
  const centres: number[] = [];
  let x = box[0];
  for (const w of widths) {
    centres.push(x + (w * em) / 2);
    x += w * em;
  }
  const letters = chars.flatMap((c, k) => (/[A-Za-z0-9]/.test(c) ? [k] : []));
  if (letters.length === 0) return text;
  const nearest = (c: number): number => letters.reduce((best, k) => (Math.abs(centres[k]! - c) < Math.abs(centres[best]! - c) ? k : best));
  const small = (k: number): boolean => /[a-z]/.test(chars[k] ?? '');
  const out = [...chars];
  // Word by word (runs of letters): its strokes nearest to its small letters against its tall small letters.
  for (let s = 0; s < chars.length; s++) {
    if (!/[A-Za-z]/.test(chars[s]!)) continue;
    let e = s;
    while (e + 1 < chars.length && /[A-Za-z]/.test(chars[e + 1]!)) e++;
    const at = stems.map(([a, b]) => nearest((a + b) / 2)).filter((k) => k >= s && k <= e && small(k));
    let tallSmall = 0;
    for (let k = s; k <= e; k++) if (small(k) && TALL_LETTER.test(chars[k]!)) tallSmall++;
    let extra = at.length - tallSmall;
    for (const k of at) {
      if (extra <= 0) break;
      if (chars[k] === 'i' && (small(k - 1) || small(k + 1)) && out[k] === 'i') {
        out[k] = 'l';
        extra--;
      }
    }
    s = e;
  }
  return out.join('');
}

/** Text items with "i" read for a tall stroke set right (lForI); items without components as they are. */
export function tallIs(items: TextItem[], mask: Mask, cc: Components): TextItem[] {
  return items.map((it) => {
    if (it.members.length === 0 || !/[a-z]i|i[a-z]/.test(it.text)) return it;
    const text = lForI(it.text, it.box, tallStems(mask, cc, it.members, it.box));
    return text === it.text ? it : { ...it, text };
  });
}
