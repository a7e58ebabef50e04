// Tick labels read from power-of-ten notation (10³, 2×10⁰) are labels of a log axis whatever
// their values: two of them fix a log scale (2×10⁰ and 3×10⁰ read as 2 and 3, which a linear
// axis could print too). The words rewritten from that notation are remembered here, apart from
// the Word type every reader shares.
import type { Word } from '../types.js';

const POWER_LABELS = new WeakSet<Word>();

export function markPowerLabel(w: Word): void {
  POWER_LABELS.add(w);
}

/** Whether the word is a label read from power-of-ten notation (a log axis's). */
export const isPowerLabel = (w: Word): boolean => POWER_LABELS.has(w);
