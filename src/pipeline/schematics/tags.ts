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
export const tagText = (t: string): string =>
  t
    // "HV -287": OCR's space beside a tag's hyphen.
    .replace(/([A-Za-z0-9])\s*-\s*([A-Za-z0-9])/g, '$1-$2')
    .replace(/\S+/g, (w) => (/[0-9-]/.test(w) ? w.replace(/[$§£€]/g, (c) => LOOKALIKE[c] ?? c) : w));

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
