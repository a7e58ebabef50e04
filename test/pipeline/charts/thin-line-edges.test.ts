// A thin series line has almost no solid core; it is told from an anti-aliased rim because it lies
// on the background, not along another colour. Its own edge, a blend with the background, often
// falls into the gridlines' light grey (train3 seeds 400152, 400257: the only line was dropped).
import { describe, expect, it } from 'vitest';
import { solidPixels } from '../../../src/pipeline/charts/extract.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';

describe('contacts of a thin line', () => {
  it('does not count its light grey edge as another colour, but counts a darker mark beside it', () => {
    const W = 40, H = 9;
    const label = new Int16Array(W * H).fill(-1);
    // Cluster 0: a 1-px line at y = 4; cluster 1: light grey edge above and below it.
    for (let x = 0; x < W; x++) {
      label[4 * W + x] = 0;
      label[3 * W + x] = 1;
      label[5 * W + x] = 1;
    }
    // Cluster 2: a dark mark touching the line's right end.
    for (let y = 2; y < 7; y++) for (let x = 34; x < 40; x++) label[y * W + x] = 2;
    const centres: Rgb[] = [[78, 122, 169], [221, 221, 221], [20, 20, 20]];
    const stats = solidPixels(label, new Uint8Array(W * H), W, H, centres);
    // Only the line's pixels next to the dark mark touch another colour.
    expect(stats.touching[0]).toBeLessThanOrEqual(2);
    expect(stats.touching[0]).toBeGreaterThan(0);
    // The grey edge still touches the line (darker than it).
    expect(stats.touching[1]).toBeGreaterThan(50);
  });
});
