// Two-column "property | value" tables (a data sheet: "Weight" beside "4,500 kg", "Installer"
// beside "Norvik Montage") say what a key-data list says with a colon: each row is read as the
// line "Weight: 4,500 kg", so its value is typed and named by its label like any listed value,
// and the asset named above the table (its caption "Data sheet of Pump TK-412") is its subject.
// Only a run of rows laid out alike counts: two texts to a row, the labels in one column and the
// values in another, both short and neither a sentence (two columns of prose side by side are no
// table).
import type { BBox } from '../../pipeline/types.js';
import type { PassageLine } from './types.js';

type Boxed = { text: string; bbox: BBox };

const cy = (b: BBox): number => (b[1] + b[3]) / 2;
const words = (t: string): number => t.trim().split(/\s+/).length;
/** A label: words, not a sentence, not a bare number. */
const isLabel = (t: string): boolean => /[A-Za-z]{2,}/.test(t) && words(t) <= 5 && !/[.!?:;]$/.test(t.trim()) && !/^[-+$€£\d.,%\s]+$/.test(t.trim());
/** A value: a few words or a figure, no sentence, no label of its own. */
const isValue = (t: string): boolean => words(t) <= 6 && !/[.!?]$/.test(t.trim()) && !t.includes(':');
/** Rows of one table: at least this many laid out alike. */
const MIN_ROWS = 3;

/** Label/value pairs of the page's two-text rows, keyed by the label's and the value's column. */
function pairs(page: PassageLine[]): Map<Boxed, Boxed> {
  const boxed = page.filter((l): l is Boxed => l.bbox !== null && l.text.trim() !== '');
  const groups = new Map<string, Array<[Boxed, Boxed]>>();
  for (const l of boxed) {
    const tol = (l.bbox[3] - l.bbox[1]) * 0.6;
    const row = boxed.filter((o) => Math.abs(cy(o.bbox) - cy(l.bbox)) < tol);
    if (row.length !== 2) continue;
    const r = row.find((o) => o !== l)!;
    if (r.bbox[0] <= l.bbox[2] + 4 || !isLabel(l.text) || !isValue(r.text)) continue;
    const key = `${Math.round(l.bbox[0] / 4)}|${Math.round(r.bbox[0] / 4)}`;
    groups.set(key, [...(groups.get(key) ?? []), [l, r]]);
  }
  const out = new Map<Boxed, Boxed>();
  for (const g of groups.values()) if (g.length >= MIN_ROWS) for (const [l, r] of g) out.set(l, r);
  return out;
}

const same = (a: PassageLine, b: PassageLine): boolean => a.text === b.text && a.bbox !== null && b.bbox !== null && a.bbox.every((v, i) => Math.abs(v - b.bbox![i]!) < 0.5);

/**
 * `lines` with each label of a two-column table joined to its value ("Weight: 4,500 kg", boxed
 * over both) and the value's own line dropped; lines of anything else as they are.
 */
export function labelValueRows(lines: PassageLine[], page: PassageLine[]): PassageLine[] {
  const found = pairs(page);
  if (found.size === 0) return lines;
  const pairsOf = [...found.entries()];
  const out: PassageLine[] = [];
  for (const line of lines) {
    const pair = pairsOf.find(([l, r]) => same(l, line) || same(r, line));
    if (!pair) {
      out.push(line);
      continue;
    }
    const [l, r] = pair;
    // The value's own line goes when its label is in the lines too (the joined line stands for both).
    if (same(r, line) && lines.some((o) => same(l, o))) continue;
    out.push({ text: `${l.text.trim()}: ${r.text.trim()}`, bbox: [Math.min(l.bbox[0], r.bbox[0]), Math.min(l.bbox[1], r.bbox[1]), Math.max(l.bbox[2], r.bbox[2]), Math.max(l.bbox[3], r.bbox[3])] });
  }
  return out;
}

/** A label and its value joined by dot leaders ("Design pressure ........ 16 bar", a data sheet's or form's line). */
const LEADERS = /^(\S(?:.{0,80}?\S)?)\s*(?:\.\s?){4,}\s*(\S.*)$/;

/** Lines with dot leaders read as "label: value" lines (the leaders say what a colon says). */
export function leadersAsColons(lines: PassageLine[]): PassageLine[] {
  return lines.map((l) => {
    const m = LEADERS.exec(l.text.trim());
    return m && !m[1]!.endsWith(':') ? { ...l, text: `${m[1]}: ${m[2]}` } : l;
  });
}
