// Superscripts in tables: note marks ("breastfed⁹", "105.19ᵃ", "Total*") are set apart from the
// text they annotate, so labels, header paths, search and typed numbers read the bare text while
// the mark is kept in the cell's `notes`; exponents ("km²", "10⁶") stay in the text as Unicode
// superscripts. Told from the geometry of word boxes alone (a smaller word raised against the word
// it touches), so PDF text layers and OCR words are read alike.
import type { Word } from '../types.js';

/** What a note mark looks like: 1–2 digits, one lower-case letter or a few symbols, in lists. */
const NOTE = /^(?:\d{1,2}|[a-z]|[*†‡§¶#]{1,3})(?:,(?:\d{1,2}|[a-z]|[*†‡§¶#]{1,3}))*$/;
/** An exponent: a signed digit or two. */
const EXPONENT = /^[-−]?\d{1,2}$/;
/** A unit a square or cube follows ("km²", "(m³)", "ft²/s"). */
const UNIT = /(?:^|[^A-Za-z])(?:[kcmdµμn]?m|ft|in|yd|mi|sq)$/;
/** A power of ten ("10⁶", "×10⁻³", "1.2x10⁹"). */
const POWER = /(?:^|[x×·*])10$/;

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
  '-': '⁻', '−': '⁻', '+': '⁺', a: 'ᵃ', b: 'ᵇ', c: 'ᶜ', d: 'ᵈ', e: 'ᵉ', f: 'ᶠ', g: 'ᵍ', h: 'ʰ',
  i: 'ⁱ', j: 'ʲ', k: 'ᵏ', l: 'ˡ', m: 'ᵐ', n: 'ⁿ', o: 'ᵒ', p: 'ᵖ', r: 'ʳ', s: 'ˢ', t: 'ᵗ', u: 'ᵘ',
  v: 'ᵛ', w: 'ʷ', x: 'ˣ', y: 'ʸ', z: 'ᶻ', ',': '˒',
};

/** The text in Unicode superscript characters where they exist (symbols stay as they are). */
export const superscript = (s: string): string => [...s].map((ch) => SUPERSCRIPT[ch] ?? ch).join('');

/** How a cell shows its notes in plain text (CSV, XLSX, chunks): "breastfed⁹", "12.5ᵃ˒ᵇ". */
export const withNotes = (text: string, notes: readonly string[] | undefined): string => (notes?.length ? text + superscript(notes.join(',')) : text);

/** Whether a raised mark after `before` is an exponent (kept in the text) rather than a note. */
export function isExponent(before: string, mark: string): boolean {
  if (!EXPONENT.test(mark)) return false;
  if (POWER.test(before)) return true;
  return /^[23]$/.test(mark) && UNIT.test(before);
}

/** Splits a mark list ("1,2", "a") into its marks. */
export const marksOf = (text: string): string[] | undefined => (NOTE.test(text) ? text.split(',') : undefined);

const h = (w: Word): number => w.bbox[3] - w.bbox[1];
const mid = (w: Word): number => (w.bbox[1] + w.bbox[3]) / 2;

/**
 * Whether `mark` is set as a superscript of `base`: smaller, raised (its middle well above the
 * base's, its top no lower than a little below the base's top) and touching it on the right.
 */
function raisedAfter(mark: Word, base: Word): boolean {
  const hb = h(base);
  if (hb <= 0 || h(mark) > 0.85 * hb) return false;
  const gap = mark.bbox[0] - base.bbox[2];
  if (gap > 0.4 * hb || gap < -0.2 * hb) return false;
  if (mark.bbox[3] <= base.bbox[1] || mark.bbox[1] >= base.bbox[3]) return false;
  return mid(base) - mid(mark) >= 0.12 * hb && mark.bbox[1] <= base.bbox[1] + 0.25 * hb;
}

export interface MarkedWords {
  /** The words with note marks taken out and exponents joined to their base word. */
  words: Word[];
  /** Note marks of each base word (the same objects as in `words`). */
  notes: Map<Word, string[]>;
}

/**
 * Takes superscripts out of the word list: a note mark is recorded against the word it follows;
 * an exponent is joined to it ("km" + "2" → "km²"), as is text that closes up after the exponent
 * (")" in "(km²)"). Words that are not superscripts are returned unchanged.
 */
export function attachSuperscripts(all: Word[]): MarkedWords {
  const sorted = [...all].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const notes = new Map<Word, string[]>();
  const removed = new Set<Word>();
  const replaced = new Map<Word, Word>();
  for (const mark of sorted) {
    const text = mark.text.trim();
    if (!NOTE.test(text) && !EXPONENT.test(text)) continue;
    const base = sorted.find((b) => b !== mark && !removed.has(b) && b.text.trim() && raisedAfter(mark, b));
    if (!base) continue;
    const cur = replaced.get(base) ?? base;
    if (isExponent(cur.text, text)) {
      const joined: Word = { ...cur, text: cur.text + superscript(text), bbox: [cur.bbox[0], Math.min(cur.bbox[1], mark.bbox[1]), Math.max(cur.bbox[2], mark.bbox[2]), cur.bbox[3]] };
      // Closing punctuation set right after the exponent belongs to the same word.
      const close = sorted.find((c) => c !== mark && c !== base && /^[)\]},;:.]+$/.test(c.text.trim()) && c.bbox[0] - mark.bbox[2] <= 0.15 * h(base) && c.bbox[0] >= mark.bbox[2] - 0.2 * h(base) && Math.abs(mid(c) - mid(base)) < 0.3 * h(base));
      if (close) {
        joined.text += close.text.trim();
        joined.bbox = [joined.bbox[0], joined.bbox[1], Math.max(joined.bbox[2], close.bbox[2]), joined.bbox[3]];
        removed.add(close);
      }
      replaced.set(base, joined);
      removed.add(mark);
      continue;
    }
    const marks = marksOf(text);
    if (!marks) continue;
    notes.set(base, [...(notes.get(base) ?? []), ...marks]);
    removed.add(mark);
  }
  const words = all.filter((w) => !removed.has(w)).map((w) => replaced.get(w) ?? w);
  const byNew = new Map<Word, string[]>();
  for (const [base, marks] of notes) byNew.set(replaced.get(base) ?? base, marks);
  return { words, notes: byNew };
}
