// How large a text's type is set, from the width OCR gives it: the width divided by the sum of its
// letters' usual advance widths (Helvetica's metrics, in em). Widths per character alone rank
// "Hiring" (narrow i, r) below "Demo day" in the same type; proportional fonts share these
// proportions closely enough (a monospaced font makes narrow-lettered words look a little larger).
import type { Word } from '../types.js';

// Advance widths in thousandths of an em (Helvetica AFM); other characters count as 0.556.
const LOWER = 'a556 b556 c500 d556 e556 f278 g556 h556 i222 j222 k500 l222 m833 n556 o556 p556 q556 r333 s500 t278 u556 v500 w722 x500 y500 z500';
const UPPER = 'A667 B667 C722 D722 E667 F611 G778 H722 I278 J500 K667 L556 M833 N722 O778 P667 Q778 R722 S667 T611 U722 V667 W944 X667 Y667 Z611';
const OTHER = '.278 ,278 :278 ;278 !278 ?556 \'191 "355 -333 (333 )333 /278 &667 %889 +584 =584 >584 <584';
const ADVANCE = new Map(`${LOWER} ${UPPER} ${OTHER}`.split(' ').map((t) => [t[0]!, Number(t.slice(1)) / 1000]));
const DEFAULT_ADVANCE = 0.556;

/** The word's advance in ems: the sum of its characters' widths. */
export function emWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ADVANCE.get(ch) ?? DEFAULT_ADVANCE;
  return w;
}

/**
 * The type size (pixels per em) of a set of words: per line of words, the line's width over the em
 * width of its words and the spaces between them; the median over lines. By lines, not words,
 * because a reader may give every word of a line the line's box.
 */
export function typeSizeOf(words: readonly Word[]): number {
  const lines: Word[][] = [];
  for (const w of words) {
    if (w.text.length === 0) continue;
    const cy = (w.bbox[1] + w.bbox[3]) / 2;
    const line = lines.find((l) => cy > l[0]!.bbox[1] && cy < l[0]!.bbox[3]);
    if (line) line.push(w);
    else lines.push([w]);
  }
  const sizes = lines
    .map((l) => {
      const x0 = Math.min(...l.map((w) => w.bbox[0]));
      const x1 = Math.max(...l.map((w) => w.bbox[2]));
      return (x1 - x0) / (emWidth(l.map((w) => w.text).join(' ')));
    })
    .sort((a, b) => a - b);
  return sizes.length === 0 ? 0 : sizes[Math.floor(sizes.length / 2)]!;
}
