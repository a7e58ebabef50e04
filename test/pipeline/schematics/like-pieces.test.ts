// Symbols drawn with repeated strokes (a shell-and-tube exchanger's tube sheet, cut by its tubes
// into like bars): a page piece may be any of the template's like pieces, so matching lays the
// template on each of them (likeAnchors), not only on its three largest; and where the own-scale
// fit found such a symbol but matching at the pieces did not, the fit's place is the match and
// its page pieces anchor the symbol's other copies (exemplar).
import { describe, expect, it } from 'vitest';
import { likeAnchors, MatchPage, matchPieces } from '../../../src/pipeline/schematics/match.js';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import { pieces, withoutLongRuns } from '../../../src/pipeline/schematics/residual.js';
import { exemplar, PAD } from '../../../src/pipeline/schematics/symbols.js';
import { soften, variantsOf } from '../../../src/pipeline/schematics/templates.js';
import type { BBox } from '../../../src/pipeline/types.js';

const canvas = (w: number, h: number): Mask => ({ data: new Uint8Array(w * h), width: w, height: h });
const fill = (m: Mask, x0: number, y0: number, x1: number, y1: number): void => {
  for (let y = y0; y < y1; y++) m.data.fill(1, y * m.width + x0, y * m.width + x1);
};

/** A 120 x 30 frame (2-pixel pen) with eight short bars inside: bar k at x = 12 + 13 k. */
function picture(m: Mask, x: number, y: number): void {
  fill(m, x, y, x + 120, y + 2);
  fill(m, x, y + 28, x + 120, y + 30);
  fill(m, x, y, x + 2, y + 30);
  fill(m, x + 118, y, x + 120, y + 30);
  for (let k = 0; k < 8; k++) fill(m, x + 12 + 13 * k, y + 10, x + 14 + 13 * k, y + 20);
}

const MIN_RUN = 40;

function setup(): { page: Mask; mp: MatchPage; variant: ReturnType<typeof variantsOf>[number] } {
  const pic = canvas(120, 30);
  picture(pic, 0, 0);
  const variant = variantsOf(0, pic, 1, PAD, MIN_RUN, 3, [0])[0]!;
  const page = canvas(500, 300);
  picture(page, 200, 100);
  return { page, mp: new MatchPage(soften(page), page), variant };
}

describe('symbols of like repeated pieces', () => {
  it('anchors a page piece on every template piece of its size beyond the three largest', () => {
    const { variant } = setup();
    // The frame's two short sides (30 tall) are the largest pieces; then the eight bars.
    expect(variant.parts).toHaveLength(10);
    const bar: BBox = [0, 0, 2, 10];
    const anchors = likeAnchors(variant, bar);
    // Three largest are tried anyway: the sides and one bar; the other seven bars here.
    expect(anchors).toHaveLength(7);
    expect(likeAnchors(variant, [0, 0, 20, 20])).toEqual([]);
  });

  it('finds the symbol from a bar far from the largest pieces, which it did not before', async () => {
    const { page, mp, variant } = setup();
    // The page piece of the seventh bar (x = 200 + 12 + 13 * 6).
    const seed = pieces(withoutLongRuns(page, MIN_RUN), 3).find((p) => p[0] === 290)!;
    expect(seed).toEqual([290, 110, 292, 120]);
    const hits = await matchPieces(mp, [seed], [variant], { minScore: 0.62 });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.box.map(Math.round)).toEqual([200 - PAD, 100 - PAD, 320 + PAD, 130 + PAD]);
    // Laid on its three largest pieces only, the template lands a bar or more off.
    const largest = { ...variant, parts: variant.parts.slice(0, 3) };
    expect(await matchPieces(mp, [seed], [largest], { minScore: 0.62 })).toEqual([]);
  });

  it("takes the own-scale fit's place as a match when matching missed it, and its pieces as anchors", () => {
    const { page, mp, variant } = setup();
    const left = pieces(withoutLongRuns(page, MIN_RUN), 3);
    const fit = { cx: 260 + 1, cy: 115 - 1, rot: 0 as const };
    const ex = exemplar(mp, [variant], fit, left, []);
    expect(ex).not.toBeNull();
    expect(ex!.hit.box.map(Math.round)).toEqual([200 - PAD, 100 - PAD, 320 + PAD, 130 + PAD]);
    expect(ex!.hit.score).toBeGreaterThan(0.8);
    // The page's pieces inside the match, in template pixels, join the variant's anchors.
    expect(ex!.variant.parts).toHaveLength(variant.parts.length + left.length);
    expect(ex!.variant.parts).toContainEqual([12 + 13 * 6 + PAD, 10 + PAD, 14 + 13 * 6 + PAD, 20 + PAD]);
    // Not again where a match already lies, and not where the picture is not.
    expect(exemplar(mp, [variant], fit, left, [ex!.hit])).toBeNull();
    expect(exemplar(mp, [variant], { cx: 100, cy: 230, rot: 0 }, left, [])).toBeNull();
  });
});
