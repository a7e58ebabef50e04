// A diamond's sides read beside its text: angle brackets with stray marks ("-<< Signed? >:", issue
// 13fl) are dropped at the ends; a comparison inside the text stays.
import { describe, expect, it } from 'vitest';
import { clean } from '../../../src/pipeline/flowcharts/extract.js';

describe('text of a node without its outline read as marks', () => {
  it('drops angle brackets with dashes, colons, bars or quotes at the ends', () => {
    expect(clean('-<< Signed? >:')).toBe('Signed?');
    expect(clean('< Paid? >')).toBe('Paid?');
    expect(clean('|< Done? >"')).toBe('Done?');
  });

  it('keeps comparisons and a lone bracket word', () => {
    expect(clean('Total > 100?')).toBe('Total > 100?');
    expect(clean('a -> b')).toBe('a -> b');
    expect(clean('>')).toBe('>');
  });
});
