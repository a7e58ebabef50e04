// Tick labels "1.0" … "4.5" in a monospaced font, each read as two digits ("4" "5") with the point
// lost (train-mpl7 6500002): both 10 … 45 and 1.0 … 4.5 fit the axis; the dot in the gap decides.
import { describe, expect, it } from 'vitest';
import { joinSplitNumbers, readings } from '../../../src/pipeline/charts/axes.js';
import { pointBetween } from '../../../src/pipeline/charts/decimal-point.js';
import { parseNumber, type Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 60, H = 30;
const white: [number, number, number] = [255, 255, 255];

/** A white picture with dark pixels in the given boxes. */
function picture(inked: BBox[]): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(255);
  for (const b of inked) for (let y = b[1]; y < b[3]; y++) for (let x = b[0]; x < b[2]; x++) rgb.fill(20, 3 * (y * W + x), 3 * (y * W + x) + 3);
  return rgb;
}

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: parseNumber(text)?.value ?? null, percent: false });
const four: BBox = [5, 5, 17, 26], five: BBox = [28, 5, 40, 26];

describe('a decimal point between the pieces of a split number', () => {
  it('sees a dot on the baseline in the gap, and nothing where the gap is empty or holds a tall stroke', () => {
    expect(pointBetween(picture([four, five, [21, 22, 24, 26]]), W, H, white, four, five)).toBe(true);
    expect(pointBetween(picture([four, five]), W, H, white, four, five)).toBe(false);
    expect(pointBetween(picture([four, five, [21, 8, 24, 26]]), W, H, white, four, five)).toBe(false);
    // A minus or dash sits at mid height, not on the baseline.
    expect(pointBetween(picture([four, five, [20, 15, 25, 17]]), W, H, white, four, five)).toBe(false);
  });

  it('joins the pieces as the decimal only where the point is seen', () => {
    const ps = [phrase('4', four), phrase('5', five)];
    const dotted = joinSplitNumbers(ps, () => true);
    expect(dotted.map((p) => p.text)).toEqual(['4.5']);
    expect(readings(dotted[0]!)).toEqual([4.5]);
    expect(readings(joinSplitNumbers(ps, () => false)[0]!)).toEqual([45, 4.5]);
  });
});
