// An "i" read where the ink rises in one stroke to the line's ascenders is an "l" (tall-stems.ts):
// a word drawn here of an "n", an "i" with its dot, an "l" and an "e", and readings of it.
import { describe, expect, it } from 'vitest';
import { components, type Mask } from '../../../src/pipeline/schematics/raster.js';
import { lForI, tallIs, tallStems } from '../../../src/pipeline/schematics/tall-stems.js';
import type { BBox } from '../../../src/pipeline/types.js';

function word(): { mask: Mask; members: number[]; box: BBox } {
  const mask: Mask = { data: new Uint8Array(60 * 50), width: 60, height: 50 };
  const rect = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask.data[y * mask.width + x] = 1;
  };
  // Baseline y 32, x-height 9, ascenders 12: "n", "i" (stem and dot apart), "l", "e".
  rect(20, 23, 22, 32);
  rect(24, 23, 26, 32);
  rect(20, 23, 26, 25);
  rect(27, 24, 29, 32);
  rect(27, 20, 29, 22);
  rect(30, 20, 32, 32);
  rect(33, 23, 38, 25);
  rect(33, 30, 38, 32);
  rect(33, 23, 35, 32);
  rect(36, 23, 38, 32);
  const cc = components(mask);
  return { mask, members: Array.from({ length: cc.count }, (_, k) => k + 1), box: [20, 20, 38, 32] };
}

describe('tall strokes', () => {
  it("finds the stroke rising to the ascenders, not an i's stem and dot or an n's", () => {
    const { mask, members, box } = word();
    expect(tallStems(mask, components(mask), members, box)).toEqual([[30, 32]]);
  });

  it('reads an i where a tall stroke stands as l, only where the word has a tall stroke more than its reading has tall letters', () => {
    const { mask, members, box } = word();
    const cc = components(mask);
    const stems = tallStems(mask, cc, members, box);
    expect(lForI('niie', box, stems)).toBe('nile');
    expect(lForI('nile', box, stems)).toBe('nile');
    // No tall stroke: the reading stands.
    expect(lForI('niie', box, [])).toBe('niie');
    // Capitals and digits are not changed, nor an "i" between them.
    expect(lForI('NIIE', box, stems)).toBe('NIIE');
    expect(tallIs([{ text: 'niie', box, confidence: 0.9, members }], mask, cc)[0]!.text).toBe('nile');
    // A text layer's words (no components) are left alone.
    expect(tallIs([{ text: 'niie', box, confidence: 0.9, members: [] }], mask, cc)[0]!.text).toBe('niie');
  });
});
