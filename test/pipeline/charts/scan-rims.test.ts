// Scanned charts: a blurred fill has a rim several pixels wide in the colours between it and the
// paper, and speckles of a neighbouring shade inside it; neither may become a series of its own.
import { describe, expect, it } from 'vitest';
import { absorbRims, settleLabels } from '../../../src/pipeline/charts/settle.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';

const W = 60, H = 40;

describe('settleLabels', () => {
  it('gives a speckle the colour round it and keeps a line two pixels wide', () => {
    const label = new Int16Array(W * H).fill(-1);
    // A fill of colour 0 with a lone speckle of colour 1, and a line of colour 1 two pixels wide on the background.
    for (let y = 5; y < 20; y++) for (let x = 5; x < 25; x++) label[y * W + x] = 0;
    label[12 * W + 15] = 1;
    for (let y = 25; y < 27; y++) for (let x = 5; x < 55; x++) label[y * W + x] = 1;
    const counts = settleLabels(label, W, H, 2);
    expect(label[12 * W + 15]).toBe(0);
    expect(counts).toEqual([300, 100]);
  });

  it('gives a blend pixel inside a fill that fill', () => {
    const label = new Int16Array(W * H).fill(-1);
    for (let y = 5; y < 20; y++) for (let x = 5; x < 25; x++) label[y * W + x] = 0;
    label[10 * W + 10] = -2;
    settleLabels(label, W, H, 1);
    expect(label[10 * W + 10]).toBe(0);
  });
});

const W2 = 100, H2 = 60;

/** Paper with a pink bar whose two-pixel rim is a lighter pink, a grey rule beside it, and a separate light-pink swatch when asked. */
function rimmed(withSwatch: boolean): { label: Int16Array; rgb: Uint8Array; centres: Rgb[]; counts: number[]; background: Rgb } {
  const background: Rgb = [236, 236, 236];
  const centres: Rgb[] = [[210, 128, 177], [222, 180, 206], [120, 120, 120]];
  const label = new Int16Array(W2 * H2).fill(-1);
  const rgb = new Uint8Array(W2 * H2 * 3).fill(236);
  const put = (x: number, y: number, k: number): void => {
    label[y * W2 + x] = k;
    rgb.set(centres[k]!, 3 * (y * W2 + x));
  };
  for (let y = 2; y < 58; y++) for (let x = 2; x < 60; x++) put(x, y, x < 4 || x >= 58 || y < 4 || y >= 56 ? 1 : 0);
  for (let y = 2; y < 58; y++) put(64, y, 2);
  // 256 pixels of the rim's colour far from the bar: the rim (440 pixels) is no longer 70 % of the colour.
  if (withSwatch) for (let y = 20; y < 36; y++) for (let x = 75; x < 91; x++) put(x, y, 1);
  const counts = [0, 0, 0];
  for (const l of label) if (l >= 0) counts[l]!++;
  return { label, rgb, centres, counts, background };
}

describe('absorbRims', () => {
  it('joins a fill with its blurred rim', () => {
    const s = rimmed(false);
    expect(absorbRims(s.label, s.rgb, W2, H2, s.centres, s.counts, s.background)).toBe(true);
    expect(s.label[3 * W2 + 3]).toBe(0);
    expect(s.label[10 * W2 + 64]).toBe(2);
  });

  it('leaves a tint that stands apart from the fill (its own swatch) a colour', () => {
    const s = rimmed(true);
    expect(absorbRims(s.label, s.rgb, W2, H2, s.centres, s.counts, s.background)).toBe(false);
    expect(s.label[3 * W2 + 3]).toBe(1);
    expect(s.label[25 * W2 + 80]).toBe(1);
  });
});
