// Neighbouring category labels set close together (small charts, long names) are read as one
// phrase ("Gamma Export"), and two categories become one. In a row of labels at even steps, a
// phrase whose words fall into two parts a step apart is two labels.
import type { BBox } from '../types.js';
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

