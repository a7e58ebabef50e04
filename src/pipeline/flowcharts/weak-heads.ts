// In a flowchart every connector points somewhere: a two-ended stroke on which no end reads
// clearly as a head (a small or open head, or one whose barbs the margin around the node took)
// still has its head at the end holding more ink. Diagrams and mind maps have bare lines, so
// this only applies where the figure is read as a flowchart.

/** What the weak reading needs of a contact (see connectors.ts). */
export interface EndInk {
  /** Ink near the end over a bare line's. */
  density: number;
  /** The same read up to the node's own edge (absent when not read). */
  marginDensity?: number;
  head: boolean;
}

/**
 * Marks the head of a two-ended stroke that no reading marked, when both readings agree on the
 * denser end and one of them by a clear margin: the plain density a quarter higher (the margin
 * reading at least 5 % higher), or the margin density 30 % higher (the plain at least 5 %).
 * A bare line ending at a slanted outline reads denser there too, which is why both readings
 * must agree and why this is for flowcharts only. Returns true when a head was marked.
 */
export function weakHead(a: EndInk, b: EndInk): boolean {
  if (a.head || b.head) return false;
  const ratio = (x: number | undefined, y: number | undefined): number => (x === undefined || y === undefined ? 1 : y > 0 ? x / y : x > 0 ? Infinity : 1);
  for (const [h, t] of [
    [a, b],
    [b, a],
  ] as const) {
    const plain = ratio(h.density, t.density);
    const margin = ratio(h.marginDensity, t.marginDensity);
    if ((plain >= 1.25 && margin >= 1.05) || (margin >= 1.3 && plain >= 1.05)) {
      h.head = true;
      return true;
    }
  }
  return false;
}
