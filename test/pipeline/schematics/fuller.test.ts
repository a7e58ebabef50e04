// A kept match inside a larger legend picture's place (a gate valve inside a diaphragm valve,
// whose arc over it is all that differs) gives way to the larger picture when the page has the
// larger one's strokes beyond the kept box, text included, and only then (preferFuller).
import { describe, expect, it } from 'vitest';
import { preferFuller, type Proposal } from '../../../src/pipeline/schematics/fuller.js';
import type { SymbolHit } from '../../../src/pipeline/schematics/match.js';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import { soften, type Variant } from '../../../src/pipeline/schematics/templates.js';

const canvas = (w: number, h: number): Mask => ({ data: new Uint8Array(w * h), width: w, height: h });
const fill = (m: Mask, x0: number, y0: number, x1: number, y1: number): void => {
  for (let y = y0; y < y1; y++) m.data.fill(1, y * m.width + x0, y * m.width + x1);
};

/** A 24 x 12 body (a box outline, 2-pixel pen) at x, y, and, with `arc`, a bar 6 pixels over it. */
function draw(m: Mask, x: number, y: number, arc: boolean): void {
  fill(m, x, y, x + 24, y + 2);
  fill(m, x, y + 10, x + 24, y + 12);
  fill(m, x, y, x + 2, y + 12);
  fill(m, x + 22, y, x + 24, y + 12);
  if (arc) fill(m, x + 6, y - 6, x + 18, y - 4);
}

/** The larger picture (body and bar) as a variant: its image and its marks (all its ink). */
function fullerVariant(): Variant {
  const m = canvas(28, 22);
  draw(m, 2, 8, true);
  const marks: number[] = [];
  m.data.forEach((v, i) => v && marks.push(i));
  return { entry: 1, rot: 0, scale: 1, img: soften(m), blobs: [], parts: [], marks: Int32Array.from(marks), ink: marks.length };
}

const kept: SymbolHit = { entry: 0, rot: 0, scale: 1, box: [18, 28, 46, 44], score: 0.8, variant: 0 };
const proposal = (score: number): Proposal => ({ hit: { entry: 1, rot: 0, scale: 1, box: [18, 22, 46, 44], score, variant: -1 }, variant: fullerVariant() });

describe('preferFuller', () => {
  it('takes the larger picture whose strokes beyond the kept box are on the page', async () => {
    const page = canvas(80, 80);
    draw(page, 20, 30, true);
    const out = await preferFuller([kept], page, async () => [proposal(0.6)]);
    expect(out[0]!.entry).toBe(1);
  });

  it('keeps the match when the page lacks those strokes, or the larger picture scores too low', async () => {
    const page = canvas(80, 80);
    draw(page, 20, 30, false);
    expect((await preferFuller([kept], page, async () => [proposal(0.6)]))[0]!.entry).toBe(0);
    const full = canvas(80, 80);
    draw(full, 20, 30, true);
    expect((await preferFuller([kept], full, async () => [proposal(0.3)]))[0]!.entry).toBe(0);
  });

  it('keeps the match when more ink than the larger picture lies beyond it (text over a valve)', async () => {
    const page = canvas(80, 80);
    draw(page, 20, 30, true);
    fill(page, 18, 20, 46, 21);
    fill(page, 18, 22, 46, 23);
    fill(page, 18, 27, 46, 28);
    fill(page, 18, 20, 19, 28);
    fill(page, 45, 20, 46, 28);
    expect((await preferFuller([kept], page, async () => [proposal(0.6)]))[0]!.entry).toBe(0);
  });
});
