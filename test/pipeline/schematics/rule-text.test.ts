// Characters fused with a rule: the ink at a line's end that is one component with a long
// vertical rule, off the rule, is found as the line's missing character; nothing is found when
// the line ends clear of the rule or its end meets a line that runs along it.
import { describe, expect, it } from 'vitest';
import { prepareSheet } from '../../../src/pipeline/schematics/prepare.js';
import { ruleFusedLines } from '../../../src/pipeline/schematics/rule-text.js';
import type { TextItem } from '../../../src/pipeline/schematics/types.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 200;
const H = 140;

/** Boxes drawn as 2-pixel outlines (6 x 12 "characters") and solid bars, black on white. */
function draw(chars: BBox[], bars: BBox[]): { data: Uint8Array; width: number; height: number } {
  const grey = { data: new Uint8Array(W * H).fill(255), width: W, height: H };
  const ink = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey.data[y * W + x] = 0;
  };
  for (const b of bars) ink(...b);
  for (const c of chars) {
    ink(c[0], c[1], c[0] + 2, c[3]);
    ink(c[2] - 2, c[1], c[2], c[3]);
    ink(c[0], c[1], c[2], c[1] + 2);
    ink(c[0], c[3] - 2, c[2], c[3]);
  }
  return grey;
}

async function fusedOf(chars: BBox[], bars: BBox[], ownChars: number): Promise<ReturnType<typeof ruleFusedLines>> {
  const sheet = await prepareSheet(draw(chars, bars));
  const members = chars.slice(0, ownChars).map((c) => sheet.cc.labels[(c[1] + 5) * W + c[0]]!);
  const box: BBox = [chars[0]![0], chars[0]![1], chars[ownChars - 1]![2], chars[0]![3]];
  const items: TextItem[] = [{ text: '859', box, confidence: 0.9, members }];
  return ruleFusedLines(items, sheet.mask, sheet.cc, 12);
}

const line = (x: number): BBox[] => [0, 1, 2, 3].map((k): BBox => [x + 9 * k, 60, x + 9 * k + 6, 72]);

describe('characters fused with a rule', () => {
  it('takes the ink between a line and the vertical rule its last character touches', async () => {
    // A rule from top to bottom at x 138-141; the fourth character (132-138) touches it.
    const fused = await fusedOf(line(105), [[138, 5, 141, 135]], 3);
    expect(fused).toHaveLength(1);
    const extra = fused[0]!.group.extra!;
    expect(extra.has(66 * W + 132)).toBe(true);
    expect(extra.has(66 * W + 139)).toBe(false);
    expect(fused[0]!.group.box[2]).toBeGreaterThanOrEqual(136);
    expect(fused[0]!.group.box[2]).toBeLessThanOrEqual(138);
  });

  it('takes a first character fused with a rule on the left', async () => {
    const chars = line(60);
    // The rule at 57-60 touches the first character (60-66); the others are the line.
    const sheet = await prepareSheet(draw(chars, [[57, 5, 60, 135]]));
    const members = chars.slice(1).map((c) => sheet.cc.labels[(c[1] + 5) * W + c[0]]!);
    const items: TextItem[] = [{ text: '859', box: [69, 60, 93, 72], confidence: 0.9, members }];
    const fused = ruleFusedLines(items, sheet.mask, sheet.cc, 12);
    expect(fused).toHaveLength(1);
    expect(fused[0]!.group.box[0]).toBeLessThanOrEqual(62);
  });

  it('finds nothing when the line ends clear of the rule or no vertical rule is there', async () => {
    // Four free characters, the rule two text heights away.
    expect(await fusedOf(line(60), [[120, 5, 123, 135]], 4)).toEqual([]);
    // The last character touches a horizontal pipe running on from it: no rule across the band.
    expect(await fusedOf(line(105), [[138, 65, 198, 68]], 3)).toEqual([]);
    // A slanted side (an interlock's diamond in its square) runs from above the line to the
    // square's side below it, passing just beside the line's end: no letter.
    const slant: BBox[] = Array.from({ length: 70 }, (_, k): BBox => [Math.round(116 + 0.2 * k), 30 + k, Math.round(116 + 0.2 * k) + 2, 31 + k]);
    expect(await fusedOf(line(96).slice(0, 3), [[138, 5, 141, 135], [129, 98, 139, 100], ...slant], 3)).toEqual([]);
  });
});
