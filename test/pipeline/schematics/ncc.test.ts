// Correlation over integrals kept modulo 2^32 (ncc.ts): window sums must be exact, also on a page
// dark enough for the integrals to wrap, and bestNcc must give the plain definition's best place.
import { describe, expect, it } from 'vitest';
import { bestNcc, MAX_EXACT_WINDOW, nccImage, sparseTemplate, windowSum } from '../../../src/pipeline/schematics/ncc.js';
import type { GreyPixels } from '../../../src/pipeline/schematics/raster.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const grey = (w: number, h: number, f: (x: number, y: number) => number): GreyPixels => ({ data: Uint8Array.from({ length: w * h }, (_, i) => f(i % w, Math.floor(i / w))), width: w, height: h });

function nccRef(page: GreyPixels, t: GreyPixels, x: number, y: number): number {
  const n = t.width * t.height;
  let sT = 0, sI = 0, sTT = 0, sII = 0, sTI = 0;
  for (let j = 0; j < t.height; j++) for (let i = 0; i < t.width; i++) {
    const a = 255 - t.data[j * t.width + i]!;
    const b = 255 - page.data[(y + j) * page.width + x + i]!;
    sT += a; sI += b; sTT += a * a; sII += b * b; sTI += a * b;
  }
  return (sTI - (sT * sI) / n) / Math.sqrt((sTT - (sT * sT) / n) * (sII - (sI * sI) / n));
}

describe('normalised cross-correlation', () => {
  it('window sums are exact where the integrals wrap past 2^32', () => {
    // 300 x 300 of full ink: the squares' integral reaches 5.9e9 at the far corner.
    const page = nccImage(grey(300, 300, () => 0));
    expect(windowSum(page.sq, 300, 0, 0, 250, 260)).toBe(250 * 260 * 255 * 255);
    expect(windowSum(page.sq, 300, 40, 50, 300, 300)).toBe(260 * 250 * 255 * 255);
    expect(windowSum(page.sum, 300, 0, 0, 300, 300)).toBe(300 * 300 * 255);
    expect(MAX_EXACT_WINDOW * 255 * 255).toBeLessThan(2 ** 32);
  });

  it('finds the best place the plain definition gives, small and window-sized templates alike', () => {
    const r = rng(7);
    const img = grey(400, 380, () => (r() < 0.5 ? 0 : Math.floor(r() * 256)));
    const page = nccImage(img);
    for (const [tw, th, x0, y0] of [[9, 7, 10, 20], [30, 25, 300, 200], [300, 240, 40, 60]] as const) {
      const t = grey(tw, th, (x, y) => img.data[(y0 + y) * img.width + x0 + x]!);
      const got = bestNcc(page, sparseTemplate(t), x0 - 3, y0 - 2, x0 + 3, y0 + 2)!;
      expect([got.x, got.y]).toEqual([x0, y0]);
      expect(got.score).toBeCloseTo(1, 6);
      const off = bestNcc(page, sparseTemplate(t), x0 + 1, y0 + 1, x0 + 1, y0 + 1)!;
      expect(off.score).toBeCloseTo(nccRef(img, t, x0 + 1, y0 + 1), 6);
    }
  });
});

describe('correlation products in WebAssembly SIMD', () => {
  it('gives the plain loops\' best place and score on every window shape', () => {
    const r = rng(11);
    const img = grey(220, 200, () => (r() < 0.6 ? 255 : Math.floor(r() * 256)));
    const page = nccImage(img);
    expect(page.simd).not.toBeNull();
    const plain = { ...page, simd: null };
    for (const [tw, th] of [[5, 4], [12, 9], [40, 33], [90, 70]] as const) {
      const t = sparseTemplate(grey(tw, th, (x, y) => img.data[(30 + y) * img.width + 20 + x]!));
      // Windows one to seventeen placements across (the SIMD rows go eight at a time) and at the page's far edges.
      for (const [x0, y0, x1, y1] of [[20, 30, 20, 30], [15, 26, 19, 34], [10, 20, 26, 23], [0, 0, 8, 1], [200 - tw - 9, 200 - th - 3, 300, 300]] as const) {
        const a = bestNcc(page, t, x0, y0, x1, y1);
        const b = bestNcc(plain, t, x0, y0, x1, y1);
        expect(a).toEqual(b);
      }
    }
  });
});
