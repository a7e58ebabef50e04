// A valve whose residual piece runs on into a pipe stub shorter than the long-run cut is too
// wide for its template to be laid on the piece's centre: the main pass lays it flush with
// either end of the piece instead (seats with `flush`), when it is not slim. And the own-scale
// search refines only the rough places near the best one (worthRefining).
import { describe, expect, it } from 'vitest';
import { MatchPage, matchPieces, seats } from '../../../src/pipeline/schematics/match.js';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import { pieces, withoutLongRuns } from '../../../src/pipeline/schematics/residual.js';
import { PAD, worthRefining } from '../../../src/pipeline/schematics/symbols.js';
import { soften, variantsOf } from '../../../src/pipeline/schematics/templates.js';

const canvas = (w: number, h: number): Mask => ({ data: new Uint8Array(w * h), width: w, height: h });
const fill = (m: Mask, x0: number, y0: number, x1: number, y1: number): void => {
  for (let y = y0; y < y1; y++) m.data.fill(1, y * m.width + x0, y * m.width + x1);
};

/** A 30 x 20 box (2-pixel pen) with a bar down its middle and a short bar beside it. */
function symbol(m: Mask, x: number, y: number): void {
  fill(m, x, y, x + 30, y + 2);
  fill(m, x, y + 18, x + 30, y + 20);
  fill(m, x, y, x + 2, y + 20);
  fill(m, x + 28, y, x + 30, y + 20);
  fill(m, x + 14, y, x + 16, y + 20);
  fill(m, x + 20, y + 6, x + 22, y + 14);
}

const MIN_RUN = 40;

describe('templates laid flush with a long piece', () => {
  it('finds a symbol whose piece runs on into a short pipe stub, in the main pass only', async () => {
    const pic = canvas(30, 20);
    symbol(pic, 0, 0);
    const variant = variantsOf(0, pic, 1, PAD, MIN_RUN, 3, [0])[0]!;
    const page = canvas(400, 200);
    symbol(page, 200, 100);
    // A pipe stub of 30 pixels (shorter than the long-run cut) into the box's left side.
    fill(page, 170, 109, 200, 111);
    const piece = pieces(withoutLongRuns(page, MIN_RUN), 3).find((p) => p[0] === 170)!;
    expect(piece).toEqual([170, 100, 230, 120]);
    const mp = new MatchPage(soften(page), page);
    expect(await matchPieces(mp, [piece], [variant], { minScore: 0.62 })).toEqual([]);
    const hits = await matchPieces(mp, [piece], [variant], { minScore: 0.62, flush: 12 });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.box.map(Math.round)).toEqual([200 - PAD, 100 - PAD, 230 + PAD, 120 + PAD]);
    // Not a template slimmer than the least size given (its drawing is 20 pixels tall).
    expect(await matchPieces(mp, [piece], [variant], { minScore: 0.62, flush: 21 })).toEqual([]);
  });

  it('lays a template flush with a piece too long one way only, and not too long', () => {
    const pic = canvas(30, 20);
    symbol(pic, 0, 0);
    const v = variantsOf(0, pic, 1, PAD, MIN_RUN, 3, [0])[0]!;
    // Template 34 x 24 with its pad.
    expect(seats([0, 0, 60, 20], v, [[17, 12]], false)).toEqual([]);
    expect(seats([0, 0, 60, 20], v, [[17, 12]], true).map((s) => [s.cx, s.cy])).toEqual([[17, 10], [43, 10]]);
    expect(seats([0, 0, 20, 50], v, [[17, 12]], true).map((s) => [s.cx, s.cy])).toEqual([[10, 12], [10, 38]]);
    expect(seats([0, 0, 90, 20], v, [[17, 12]], true)).toEqual([]);
    expect(seats([0, 0, 60, 50], v, [[17, 12]], true)).toEqual([]);
    expect(seats([0, 0, 30, 20], v, [[17, 12]], true).map((s) => [s.cx, s.cy])).toEqual([[15, 10]]);
  });
});

describe('own-scale fits refined', () => {
  it('refines the best rough place and those near it, two at most', () => {
    const r = (score: number): { score: number } => ({ score });
    expect(worthRefining([r(0.5), r(0.75), r(0.7), r(0.6)])).toEqual([r(0.75), r(0.7)]);
    expect(worthRefining([r(0.8), r(0.5)])).toEqual([r(0.8)]);
    expect(worthRefining([r(0.7), r(0.69), r(0.68)])).toHaveLength(2);
    expect(worthRefining([])).toEqual([]);
  });
});
