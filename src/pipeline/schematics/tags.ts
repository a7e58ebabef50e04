// Text tags to symbols: text inside a symbol (an instrument bubble's letters and loop number) is
// its tag, lines read top to bottom; text outside goes to the nearest symbol within reach, each
// symbol taking at most one and nearest first. Text far from every symbol (notes, title block)
// is nobody's tag.
import type { BBox } from '../types.js';
import type { TextItem } from './types.js';

const gap = (a: BBox, b: BBox): number => Math.hypot(Math.max(0, b[0] - a[2], a[0] - b[2]), Math.max(0, b[1] - a[3], a[1] - b[3]));
const centreIn = (t: BBox, b: BBox): boolean => {
  const cx = (t[0] + t[2]) / 2;
  const cy = (t[1] + t[3]) / 2;
  return cx > b[0] && cx < b[2] && cy > b[1] && cy < b[3];
};

/**
 * Currency and section signs OCR reads for S and E in a tag's letters: tags (ISA 5.1 and the like)
 * are letters, digits and hyphens, and these signs never stand in one. Only in words that hold a
 * digit or a hyphen (a tag, not prose).
 */
const LOOKALIKE: Record<string, string> = { $: 'S', '§': 'S', '£': 'E', '€': 'E' };
/** Digits OCR reads for a one-letter prefix before a tag's hyphen ("5-401" for S-401); 0 stays (O or D). */
const PREFIX_LETTER: Record<string, string> = { '5': 'S', '8': 'B', '1': 'I' };
export const tagText = (t: string): string => {
  const out = t
    // "HV -287": OCR's space beside a tag's hyphen.
    .replace(/([A-Za-z0-9])\s*-\s*([A-Za-z0-9])/g, '$1-$2')
    .replace(/\S+/g, (w) => (/[0-9-]/.test(w) ? w.replace(/[$§£€]/g, (c) => LOOKALIKE[c] ?? c) : w));
  if (!/\d/.test(out)) return out;
  // The rest applies to a tag only (letters, a hyphen or space, a number): quotes are specks,
  // a dot, tilde or colon between the letters and the number is the hyphen ("P.844"), a lower-
  // case l among capitals is an I ("Tl 706"), a lone 5, 8 or 1 before the hyphen is a letter,
  // and a mark ending or leading it is a speck ("PIC 101.", ".HV-414").
  return out
    .replace(/[“”"‘’'`]/g, '')
    .replace(/\b([A-Z]{1,4})[.~:_=](\d)/g, '$1-$2')
    .replace(/\b[A-Zl]{2,4}\b/g, (w) => (/[A-Z]/.test(w) ? w.replace(/l/g, 'I') : w))
    .replace(/^([581])(?=-\d)/, (d) => PREFIX_LETTER[d] ?? d)
    .replace(/[.,:;]+$/, '')
    // A mark before the first letter or digit is a speck too (".HV-414"); a tag starts with one.
    .replace(/^[.,:;~_=*\s]+(?=[A-Za-z0-9])/, '')
    .trim();
};

export function assignTags(symbols: BBox[], texts: TextItem[], reach: number): Array<string | null> {
  const out: Array<string | null> = symbols.map(() => null);
  const inner = new Map<number, TextItem[]>();
  const outside: TextItem[] = [];
  for (const t of texts) {
    const k = symbols.findIndex((b) => centreIn(t.box, b));
    if (k >= 0) inner.set(k, [...(inner.get(k) ?? []), t]);
    else outside.push(t);
  }
  for (const [k, ts] of inner) {
    const text = tagText(ts.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]).map((t) => t.text).join(' '));
    // A tag holds a loop number: letters alone inside a symbol are its drawing read as text (a
    // pump's lobes as "OO"), and the tag beside it is taken instead.
    if (/\d/.test(text)) out[k] = text;
  }
  const pairs: Array<{ s: number; t: TextItem; d: number }> = [];
  for (const t of outside) symbols.forEach((b, s) => {
    const d = gap(t.box, b);
    if (d <= reach) pairs.push({ s, t, d });
  });
  pairs.sort((a, b) => a.d - b.d);
  const taken = new Set<TextItem>();
  for (const p of pairs) {
    if (out[p.s] !== null || taken.has(p.t)) continue;
    out[p.s] = tagText(p.t.text);
    taken.add(p.t);
  }
  return out;
}
