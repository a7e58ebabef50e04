// A header line that spans several values of one table row: header cells set close together are
// read as one text line ("Conveyor JC-6983 Separator AV-3194 Separator CF-7630", "Outstanding WOs
// Brg. temp (C)"), and each value under it would otherwise be named by every header at once. The
// line is cut at the value columns' edges by proportional character position (the way a value is
// cut from its row label), and a value keeps the words over its own column.
import type { BBox } from '../../pipeline/types.js';

/** The words of `header` over the value at `value`, given every value box of the row under it. */
export function headerOver(header: { text: string; bbox: BBox }, value: BBox, rowValues: BBox[]): string {
  const [hx0, , hx1] = header.bbox;
  const under = rowValues.filter((v) => Math.min(v[2], hx1) - Math.max(v[0], hx0) > 0).sort((a, b) => a[0] - b[0]);
  const text = header.text.trim();
  const own = under.findIndex((v) => v[0] === value[0] && v[2] === value[2]);
  if (under.length < 2 || own < 0 || text.length === 0) return text;
  const w = (hx1 - hx0) / text.length;
  // Headers set flush left with their values start at the value's left edge, flush right end at its
  // right edge. A line centred over several values is a band over them ("Net revenue" over two
  // years), kept whole, unless it is headers each centred over its own value (centredOver).
  const align = Math.abs(hx0 - under[0]![0]) <= 2 * w ? 'left' : Math.abs(hx1 - under.at(-1)![2]) <= 2 * w ? 'right' : null;
  if (align === null) return centredOver(text, hx0, w, under, own);
  const bounds = under.slice(1).map((v, i) => (align === 'left' ? v[0] : under[i]![2]));
  const pieces: string[][] = under.map(() => []);
  for (const m of text.matchAll(/\S+/g)) {
    const start = hx0 + m.index * w;
    // Where the word sits, by the edge the headers are aligned on (half a character of slack).
    const x = align === 'left' ? start + w / 2 : start + (m[0].length - 0.5) * w;
    pieces[bounds.filter((b) => x >= b).length]!.push(m[0]);
  }
  // Every value column has words of its own, or the line is no row of headers set side by side
  // flush with their values (headers centred over their values may start flush with the first).
  return pieces.every((p) => p.length > 0) ? pieces[own]!.join(' ') : centredOver(text, hx0, w, under, own);
}

/**
 * Headers centred each over its own value ("Never  Sometimes  Often" over three percentages): a
 * word goes to the value whose centre is nearest its own, and the cut holds only when every
 * value's words are centred on it (within about a character); a band centred over several values
 * ("Net revenue" over two years) has its words off every value's centre and is kept whole.
 */
function centredOver(text: string, hx0: number, w: number, under: BBox[], own: number): string {
  const mid = (b: BBox): number => (b[0] + b[2]) / 2;
  const groups: Array<{ words: string[]; x0: number; x1: number }> = under.map(() => ({ words: [], x0: Infinity, x1: -Infinity }));
  for (const m of text.matchAll(/\S+/g)) {
    const x0 = hx0 + m.index * w;
    const x1 = x0 + m[0].length * w;
    const c = (x0 + x1) / 2;
    const k = under.reduce((best, v, i) => (Math.abs(mid(v) - c) < Math.abs(mid(under[best]!) - c) ? i : best), 0);
    const g = groups[k]!;
    g.words.push(m[0]);
    g.x0 = Math.min(g.x0, x0);
    g.x1 = Math.max(g.x1, x1);
  }
  const centred = groups.every((g, i) => g.words.length > 0 && Math.abs((g.x0 + g.x1) / 2 - mid(under[i]!)) <= 1.2 * w);
  return centred ? groups[own]!.words.join(' ') : text;
}
