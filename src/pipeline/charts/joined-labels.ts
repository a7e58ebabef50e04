// Neighbouring category labels set close together (small charts, long names) are read as one
// phrase ("Gamma Export"), and two categories become one. In a row of labels at even steps, a
// phrase whose words fall into two parts a step apart is two labels.
import type { BBox, Word } from '../types.js';
import { cx, phraseOf, type Phrase } from './text.js';

/** A share of the row's step that the parts' centres must lie apart to be two labels. */
const APART = 0.75;

/**
 * The row with such phrases cut in two between their words (`toView` turns boxes so that the row
 * runs along x). The step is the distance between neighbouring labels' centres; the
 * words of one label (a month and a year, "Q1 20") lie far closer than that.
 */
export function splitJoinedLabels(row: Phrase[], toView: (b: BBox) => BBox): Phrase[] {
  if (row.length < 3) return row;
  const centres = row.map((p) => cx(toView(p.bbox)));
  const steps = centres.slice(1).map((c, i) => c - centres[i]!).sort((a, b) => a - b);
  // The lower quartile: a joined phrase's centre lies half a step off, which widens the steps beside it.
  const step = steps[(steps.length - 1) >> 2]!;
  if (!(step > 0)) return row;
  // Three labels or more can run together: each part is tried again.
  const split = (p: Phrase): Phrase[] => {
    if (p.words.length < 2) return [p];
    const words = [...p.words].sort((a, b) => cx(toView(a.bbox)) - cx(toView(b.bbox)));
    let best: [Phrase, Phrase] | undefined, bestApart = APART * step;
    for (let k = 1; k < words.length; k++) {
      const left = phraseOf(words.slice(0, k)), right = phraseOf(words.slice(k));
      const apart = cx(toView(right.bbox)) - cx(toView(left.bbox));
      if (apart >= bestApart) {
        bestApart = apart;
        best = [left, right];
      }
    }
    return best ? best.flatMap(split) : [p];
  };
  return row.flatMap(split);
}

/**
 * Labels set edge to edge (years, long names at a small size) read as one word spanning several
 * categories ("201020112012"). Where the slots are known (bar groups, axis ticks), a phrase over
 * two slots' centres or more is cut there: each glyph, placed at its share of its word's width,
 * goes to the nearest slot (the cut falls within a glyph or two of where the labels meet).
 * `slots`: the categories' centres along the row, in view coordinates; only slots at even steps
 * are taken for categories.
 */
export function cutAtSlots(row: Phrase[], slots: number[], toView: (b: BBox) => BBox): Phrase[] {
  if (slots.length < 2) return row;
  const sorted = [...slots].sort((a, b) => a - b);
  // Categories stand at even steps; uneven slots are bars of groups not told apart (a label
  // rightly spans its group's bars).
  const step = (sorted[sorted.length - 1]! - sorted[0]!) / (sorted.length - 1);
  if (!(step > 0) || sorted.some((s, i) => i > 0 && Math.abs(s - sorted[i - 1]! - step) > 0.15 * step)) return row;
  const nearest = (u: number): number => sorted.reduce((best, s, i) => (Math.abs(s - u) < Math.abs(sorted[best]! - u) ? i : best), 0);
  return row.flatMap((p) => {
    const b = toView(p.bbox);
    if (sorted.filter((s) => s > b[0] && s < b[2]).length < 2) return [p];
    const parts = new Map<number, Word[]>();
    for (const w of p.words) {
      const wb = toView(w.bbox), n = [...w.text].length;
      if (n === 0) continue;
      const chars = [...w.text];
      // Runs of glyphs that fall to one slot make one word, boxed by their share of the word.
      let start = 0;
      for (let i = 1; i <= n; i++) {
        const at = (k: number): number => wb[0] + ((k + 0.5) / n) * (wb[2] - wb[0]);
        if (i < n && nearest(at(i)) === nearest(at(start))) continue;
        const slot = nearest(at(start));
        const u0 = wb[0] + (start / n) * (wb[2] - wb[0]), u1 = wb[0] + (i / n) * (wb[2] - wb[0]);
        const text = chars.slice(start, i).join('');
        const list = parts.get(slot) ?? [];
        list.push({ ...w, text, bbox: fromView(w.bbox, toView, u0, u1) });
        parts.set(slot, list);
        start = i;
      }
    }
    return [...parts.entries()].sort((x, y) => x[0] - y[0]).map(([, ws]) => phraseOf(ws));
  });
}

/** `box` (picture coordinates) narrowed to u0..u1 along the row (view coordinates). */
function fromView(box: BBox, toView: (b: BBox) => BBox, u0: number, u1: number): BBox {
  const v = toView(box);
  // toView either keeps or swaps the axes, so it is its own inverse.
  return toView([u0, v[1], u1, v[3]]);
}

/**
 * A whole row of category labels read as one phrase ("Q1 20 Q2 20 Q3 20 ..."): on a scan OCR
 * loses the wider gaps between labels as often as it keeps them. The phrase is cut at its widest
 * word gaps where the parts then stand at even steps (labels are set at their categories' even
 * steps; words within a label lie closer than the gaps between labels). Three parts at least, and
 * every cut gap clearly wider than every gap kept: a title or a long name has no such pattern.
 */
export function splitEvenRun(p: Phrase, toView: (b: BBox) => BBox): Phrase[] {
  if (p.words.length < 3) return [p];
  const words = [...p.words].sort((a, b) => cx(toView(a.bbox)) - cx(toView(b.bbox)));
  const gaps = words.slice(1).map((w, i) => toView(w.bbox)[0] - toView(words[i]!.bbox)[2]);
  let best: Phrase[] = [p];
  for (const t of [...new Set(gaps)].sort((a, b) => a - b)) {
    const cut = gaps.filter((g) => g > t), kept = gaps.filter((g) => g <= t);
    if (cut.length < 2 || Math.min(...cut) < 1.3 * Math.max(0, ...kept) + 1) continue;
    const parts: Word[][] = [[words[0]!]];
    gaps.forEach((g, i) => (g > t ? parts.push([words[i + 1]!]) : parts[parts.length - 1]!.push(words[i + 1]!)));
    const phrases = parts.map(phraseOf);
    const centres = phrases.map((q) => cx(toView(q.bbox)));
    const step = (centres[centres.length - 1]! - centres[0]!) / (centres.length - 1);
    if (step > 0 && centres.every((c, i) => i === 0 || Math.abs(c - centres[i - 1]! - step) <= 0.12 * step) && phrases.length > best.length) best = phrases;
  }
  return best;
}
