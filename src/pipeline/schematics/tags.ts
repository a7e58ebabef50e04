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
  // case l among capitals is an I ("Tl 706"), small letters shaped like their capitals after a
  // capital are capitals ("Uy 829B": a tag's letters are capitals), a lone 5, 8 or 1 before the
  // hyphen is a letter, and a mark ending or leading it is a speck ("PIC 101.", ".HV-414").
  return out
    .replace(/[“”"‘’'`]/g, '')
    .replace(/\b([A-Z]{1,4})[.~:_=](\d)/g, '$1-$2')
    .replace(/\b[A-Zl]{2,4}\b/g, (w) => (/[A-Z]/.test(w) ? w.replace(/l/g, 'I') : w))
    .replace(/\b[A-Z][cksuvwxyz]{1,2}\b/g, (w) => w.toUpperCase())
    .replace(/^([581])(?=-\d)/, (d) => PREFIX_LETTER[d] ?? d)
    .replace(/[.,:;]+$/, '')
    // A mark before the first letter or digit is a speck too (".HV-414"); a tag starts with one.
    .replace(/^[.,:;~_=*\s]+(?=[A-Za-z0-9])/, '')
    .trim();
};

/** Letters OCR reads for digits in a tag's loop number ("1O1", "2B4", "3D5"). */
const AS_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', o: '0', B: '8', S: '5', s: '5', I: '1', l: '1', i: '1', Z: '2', z: '2', G: '6' };
/** Digits OCR reads for letters in a tag's letters ("P0T" for PDT, "8V" for BV); 0 is settled by the sheet. */
const AS_LETTER: Record<string, string> = { '8': 'B', '5': 'S', '1': 'I', '2': 'Z', '6': 'G' };
/** A tag once tidied: its letters, a hyphen or space, its loop number (an optional letter after it). */
const TAG_PARTS = /^([A-Z0-9]{1,4})([\s-]+)([A-Za-z0-9]{1,6})$/;

/**
 * A tag's characters set by where they stand (ISA 5.1 and the like: letters, then a loop number):
 * a lookalike letter among the loop number's digits is the digit ("FV-1O1" -> "FV-101"), a
 * lookalike digit among the letters is the letter ("P0T-204" -> "PDT-204"). A last letter of
 * the number is a suffix ("HV-153A") unless it is a lookalike and the number is one digit short
 * of the sheet's usual length (`digits`); a last 8 one digit beyond that length is a suffix B
 * when no other tag of the sheet is that long. A 0 among letters is D or O, whichever letters the
 * sheet's other tags use at that place (`prefixes`), D by default (D is far the more common in
 * tag letters); so is a lone 0 before the hyphen of a number of the sheet's usual length ("0-687",
 * a one-letter tag). A letter O is a D where the sheet's other tags (`counts`) read D there and
 * no other reads O. Text not shaped like a tag is left as it is.
 */
export function tagByPlaces(tag: string, digits: number | null, prefixes: ReadonlySet<string> = new Set(), longer = 0, counts: ReadonlyMap<string, number> = new Map()): string {
  const m = TAG_PARTS.exec(tag);
  if (!m) return tag;
  const [, letters, sep, rest] = m as unknown as [string, string, string, string];
  // Letters first: a prefix of digits only is a number, not a tag's letters; but a lone 0 before
  // the hyphen of a number of the sheet's usual length is a one-letter tag's D or O ("0-687").
  const lone0 = letters === '0' && sep.includes('-') && digits !== null && /^\d+$/.test(rest) && rest.length === digits;
  if (!lone0 && (!/[A-Z]/.test(letters) || !/\d/.test(rest))) return tag;
  let number = rest;
  let suffix = '';
  const last = rest[rest.length - 1]!;
  if (/[A-Za-z]/.test(last)) {
    const body = rest.slice(0, -1);
    const shortByOne = digits !== null && body.replace(/[^0-9]/g, '').length === digits - 1 && body.length === digits - 1;
    if (!(AS_DIGIT[last] && shortByOne)) {
      number = body;
      suffix = last;
    }
  }
  // A B read as 8 after a loop number of the sheet's usual length: the suffix ("P-4018" for P-401B);
  // not where another tag of the sheet has a number that long (`longer` counts them, this one
  // too): "PID-3558" beside "PID-3382" is a number of four digits.
  else if (digits !== null && last === '8' && /^\d+$/.test(rest) && rest.length === digits + 1 && longer <= 1) {
    number = rest.slice(0, -1);
    suffix = 'B';
  }
  // Only where the number is mostly digits already: "A1B" is no misread number.
  if ((number.match(/\d/g) ?? []).length * 2 < number.length) return tag;
  const fixedNumber = number.replace(/[^0-9]/g, (c) => AS_DIGIT[c] ?? c);
  if (/[^0-9]/.test(fixedNumber)) return tag;
  const fixedLetters = [...letters]
    .map((c, i) => {
      const asO = `${letters.slice(0, i)}O${letters.slice(i + 1)}`;
      const asD = `${letters.slice(0, i)}D${letters.slice(i + 1)}`;
      // An O where the sheet's other tags read D at that place, and none O: OCR's D ("PIO-3382"
      // beside "PID-3558"); `counts` holds this tag too, hence one O form at most.
      if (c === 'O') return (counts.get(asD) ?? 0) >= 1 && (counts.get(asO) ?? 0) <= 1 ? 'D' : c;
      if (c !== '0') return AS_LETTER[c] ?? c;
      return prefixes.has(asO) && !prefixes.has(asD) ? 'O' : 'D';
    })
    .join('');
  return `${fixedLetters}${sep}${fixedNumber}${suffix}`;
}

/** The sheet's usual loop-number length and the tag letters read cleanly (and how often), from its tag-shaped texts. */
export function sheetTagHabits(texts: string[]): { digits: number | null; prefixes: Set<string>; longer: number; counts: Map<string, number> } {
  const lengths = new Map<number, number>();
  const prefixes = new Set<string>();
  const counts = new Map<string, number>();
  for (const t of texts) {
    const m = /^([A-Z]{1,4})[\s-]+(\d{1,6})[A-Z]?$/.exec(tagText(t));
    if (!m) continue;
    prefixes.add(m[1]!);
    counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
    lengths.set(m[2]!.length, (lengths.get(m[2]!.length) ?? 0) + 1);
  }
  const top = [...lengths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  // A usual length needs a few tags to say so, and most of them.
  const all = [...lengths.values()].reduce((a, b) => a + b, 0);
  const digits = top && top[1] >= 3 && top[1] >= 0.8 * all ? top[0] : null;
  return { digits, prefixes, longer: digits === null ? 0 : (lengths.get(digits + 1) ?? 0), counts };
}

export function assignTags(symbols: BBox[], texts: TextItem[], reach: number): Array<string | null> {
  const habits = sheetTagHabits(texts.map((t) => t.text));
  const read = (t: string): string => tagByPlaces(tagText(t), habits.digits, habits.prefixes, habits.longer, habits.counts);
  const out: Array<string | null> = symbols.map(() => null);
  const inner = new Map<number, TextItem[]>();
  const outside: TextItem[] = [];
  for (const t of texts) {
    const k = symbols.findIndex((b) => centreIn(t.box, b));
    if (k >= 0) inner.set(k, [...(inner.get(k) ?? []), t]);
    else outside.push(t);
  }
  for (const [k, ts] of inner) {
    const text = read(ts.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]).map((t) => t.text).join(' '));
    // A tag holds a loop number: letters alone inside a symbol are its drawing read as text (a
    // pump's lobes as "OO"), and the tag beside it is taken instead.
    if (/\d/.test(text)) out[k] = text;
  }
  const pairs: Array<{ s: number; t: TextItem; d: number }> = [];
  // Outside a symbol too a tag holds a loop number: letters alone beside it are other text (a
  // word of a note, a symbol's part read as letters), and the tag further off is its own.
  for (const t of outside.filter((o) => /\d/.test(read(o.text)))) symbols.forEach((b, s) => {
    const d = gap(t.box, b);
    if (d <= reach) pairs.push({ s, t, d });
  });
  pairs.sort((a, b) => a.d - b.d);
  const taken = new Set<TextItem>();
  for (const p of pairs) {
    if (out[p.s] !== null || taken.has(p.t)) continue;
    out[p.s] = read(p.t.text);
    taken.add(p.t);
  }
  return out;
}
