// A gridline drawn under the marks is cut by every bar that stands over it: the stretches left
// between the bars can each be too short to count as a rule (a tall bar on a vertical gridline
// leaves a stub above it and a piece below), and the plot the rules frame then ends short of
// the last bars. Stretches of one row or column that only marks' ink separates are one rule.

/** A stretch [start, end) along one row or column. */
export type Run = [number, number];

/**
 * The stretches to mask as rule and the spans to record as rules, from the thin grey stretches
 * of one line. `covered(from, to)` says whether ink (no background) fills the line between two
 * stretches. A chain counts as one rule when it spans `long` pixels, one of its stretches is a
 * rule's length (`minLen`: glyph strokes inside marks are shorter) and the stretches make a
 * quarter of it; otherwise each stretch counts alone, as before.
 */
export function chainRuns(pieces: Run[], covered: (from: number, to: number) => boolean, minLen: number, long: number): { mask: Run[]; rules: Run[] } {
  const mask: Run[] = [], rules: Run[] = [];
  const len = (r: Run): number => r[1] - r[0];
  for (let i = 0; i < pieces.length; ) {
    let j = i;
    while (j + 1 < pieces.length && covered(pieces[j]![1], pieces[j + 1]![0])) j++;
    const chain = pieces.slice(i, j + 1);
    const span: Run = [chain[0]![0], chain[chain.length - 1]![1]];
    const thin = chain.reduce((s, r) => s + len(r), 0);
    if (chain.length > 1 && len(span) >= long && thin >= 0.25 * len(span) && chain.some((r) => len(r) >= minLen)) {
      mask.push(...chain);
      rules.push(span);
    } else
      for (const r of chain) {
        if (len(r) < minLen) continue;
        mask.push(r);
        if (len(r) >= long) rules.push(r);
      }
    i = j + 1;
  }
  return { mask, rules };
}
