// A vertical gridline under tall bars (train-mpl7 6500039: grey bars on vertical gridlines at the
// bar centres) is left as a stub above each bar and a piece below: one rule, so the plot the rules
// frame reaches the last bars.
import { describe, expect, it } from 'vitest';
import { chainRuns, type Run } from '../../../src/pipeline/charts/rule-chains.js';

describe('stretches of one gridline cut by marks', () => {
  const inkFrom = (from: number, to: number) => (a: number, b: number): boolean => a >= from && b <= to;

  it('joins stretches only ink separates into one rule, the short stub included', () => {
    const pieces: Run[] = [[46, 64], [396, 513]];
    const found = chainRuns(pieces, inkFrom(64, 396), 28, 184);
    expect(found.rules).toEqual([[46, 513]]);
    expect(found.mask).toEqual(pieces);
  });

  it('keeps stretches apart where background lies between them, each counted alone', () => {
    const found = chainRuns([[46, 64], [396, 513]], () => false, 28, 184);
    expect(found.rules).toEqual([]);
    expect(found.mask).toEqual([[396, 513]]);
  });

  it('takes no chain of glyph strokes for a rule (none as long as a rule, or too little of the span)', () => {
    expect(chainRuns([[10, 25], [120, 135], [230, 245]], () => true, 28, 184).rules).toEqual([]);
    expect(chainRuns([[10, 40], [300, 310]], () => true, 28, 184).rules).toEqual([]);
  });
});
