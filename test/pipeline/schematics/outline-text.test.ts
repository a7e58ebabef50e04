// Tag characters fused with a symbol's outline: the ink beside a text line inside a matched
// symbol that is not the outline (the template's ink) is found and the line read again with it;
// the new reading is kept only when it adds characters to the old one.
import { describe, expect, it } from 'vitest';
import { fusedLines, readFused } from '../../../src/pipeline/schematics/outline-text.js';
import { prepareSheet } from '../../../src/pipeline/schematics/prepare.js';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import type { SchematicOcr, TextItem } from '../../../src/pipeline/schematics/types.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 160;
const H = 120;

/** A square outline (pen 2) from 20,10 to 140,110, and four "characters" (6 x 12 blocks) on a line; the last touches the right side. */
function sheetImage(): { grey: { data: Uint8Array; width: number; height: number }; outline: Mask; chars: BBox[] } {
  const grey = { data: new Uint8Array(W * H).fill(255), width: W, height: H };
  const outline: Mask = { data: new Uint8Array(W * H), width: W, height: H };
  const ink = (x0: number, y0: number, x1: number, y1: number, m?: Mask): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      grey.data[y * W + x] = 0;
      if (m) m.data[y * W + x] = 1;
    }
  };
  ink(20, 10, 140, 12, outline);
  ink(20, 108, 140, 110, outline);
  ink(20, 10, 22, 110, outline);
  ink(138, 10, 140, 110, outline);
  // Characters: three free, the fourth drawn against the right side (x 132-138).
  const chars: BBox[] = [[105, 54, 111, 66], [114, 54, 120, 66], [123, 54, 129, 66], [132, 54, 138, 66]];
  for (const c of chars) {
    ink(c[0], c[1], c[0] + 2, c[3]);
    ink(c[2] - 2, c[1], c[2], c[3]);
    ink(c[0], c[1], c[2], c[1] + 2);
    ink(c[0], c[3] - 2, c[2], c[3]);
  }
  return { grey, outline, chars };
}

describe('tag characters fused with an outline', () => {
  it('finds the ink beside a line that is not the outline, and reads the line again with it', async () => {
    const { grey, outline, chars } = sheetImage();
    const sheet = await prepareSheet(grey);
    const label = (x: number, y: number): number => sheet.cc.labels[y * W + x]!;
    const members = chars.slice(0, 3).map((c) => label(c[0], c[1] + 5));
    expect(new Set(members).size).toBe(3);
    // The fourth character is one component with the outline.
    expect(label(132, 60)).toBe(label(139, 30));
    const items: TextItem[] = [
      { text: '859', box: [105, 54, 129, 66], confidence: 0.9, members },
      { text: 'NOTE 1', box: [30, 20, 80, 32], confidence: 0.9, members: [] },
    ];
    const fused = fusedLines(items, [{ box: [0, 0, W, H], ink: outline }], sheet.mask, sheet.cc, 12, 1);
    expect(fused).toHaveLength(1);
    expect(fused[0]!.item).toBe(0);
    const extra = fused[0]!.group.extra!;
    // The fused character's left stroke is taken; the outline (and a pixel beside it) is not.
    expect(extra.has(60 * W + 132)).toBe(true);
    expect(extra.has(60 * W + 138)).toBe(false);
    expect(extra.has(60 * W + 137)).toBe(false);
    expect(fused[0]!.group.box[2]).toBeGreaterThanOrEqual(136);
    // Nothing fused beside a line whose ink is all its own (the outline known everywhere).
    const whole = { box: [0, 0, W, H] as BBox, ink: { ...outline, data: outline.data.map((v, i) => (v || (i % W >= 132 && i % W < 138) ? 1 : 0)) } };
    expect(fusedLines(items, [whole], sheet.mask, sheet.cc, 12, 1)).toEqual([]);

    const ocr = (text: string): SchematicOcr & { calls: number } => {
      const o = {
        calls: 0,
        readBlock: async (img: { width: number; height: number }) => {
          o.calls++;
          const bbox: BBox = [0, img.height / 2 - 2, img.width, img.height / 2 + 2];
          return [{ text, bbox, words: [{ text, bbox, confidence: 0.9 }] }];
        },
      };
      return o;
    };
    const read = async (text: string): Promise<string> => (await readFused(items, fused, sheet.cc, sheet.mask, sheet.frame, sheet.original, 12, ocr(text)))[0]!.text;
    expect(await read('8590')).toBe('8590');
    // A reading that loses or changes the old characters, or adds none, is not taken.
    expect(await read('869')).toBe('859');
    expect(await read('8/59')).toBe('859');
    const none = ocr('x');
    expect(await readFused(items, [], sheet.cc, sheet.mask, sheet.frame, sheet.original, 12, none)).toBe(items);
    expect(none.calls).toBe(0);
  });
});
