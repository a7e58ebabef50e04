// The scan filter's 3×3 median (median.ts) must give exactly the pixels libvips' median(3) gave
// (sharp's `median(3)`, which prepareScan used before): the charts read from them stay the same.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { median3 } from '../../../src/pipeline/charts/median.js';

/** Seeded pixels: grain over a few flat fills and strokes (as a scan), or pure noise. */
function picture(width: number, height: number, seed: number, noiseOnly: boolean): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  let s = seed;
  const rnd = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        const base = noiseOnly ? 0 : (x + 2 * y) % 17 < 3 ? 40 : x > width / 2 ? 90 + 40 * c : 235;
        rgb[3 * (y * width + x) + c] = noiseOnly ? Math.floor(256 * rnd()) : Math.max(0, Math.min(255, Math.round(base + 24 * (rnd() - 0.5))));
      }
  return rgb;
}

async function libvipsMedian(rgb: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp(rgb, { raw: { width, height, channels: 3 } }).median(3).raw().toBuffer());
}

describe('median3', () => {
  it('gives the pixels of libvips median(3), edges and corners included', async () => {
    // libvips refuses pictures narrower or lower than the window (3 pixels).
    const sizes: [number, number][] = [[3, 3], [3, 7], [7, 3], [4, 5], [64, 48], [211, 97]];
    for (const [width, height] of sizes)
      for (const noiseOnly of [true, false]) {
        const rgb = picture(width, height, width * 31 + height, noiseOnly);
        expect(Buffer.from(median3(rgb, width, height)).equals(Buffer.from(await libvipsMedian(rgb, width, height))), `${width}×${height}`).toBe(true);
      }
  });
});
