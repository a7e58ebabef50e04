// A scan's table and figure crops are cut from its grey pixels, not from its PNG decoded again:
// the same pixels as cutting them from the page PNG.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropGreyPng, cropPng } from '../../src/components/crop.js';
import { rng } from '../../bench/rng.js';
import { scanLike } from '../fixtures/scan-like.js';
import { drawTextPage } from '../fixtures/text-image.js';

/** A 403 x 304 px scan-like grey JPEG of a few lines of text (400 x 300 turned by 0.6°). */
async function scanJpeg(): Promise<Buffer> {
  const png = await drawTextPage(['Inspection of valve V-101 passed.', 'Pressure 12.5 bar, 21 °C.'], { width: 400, fontSize: 20, lineHeight: 40 });
  const page = await sharp(png).resize(400, 300, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
  return scanLike(page, { angle: 0.6, blur: 0.5, noise: 8, jpegQuality: 70, dpi: 200 }, rng(5));
}

describe('crops of a scan', () => {
  it('crops a scan region from its grey pixels as from its PNG', async () => {
    const decoded = await sharp(await scanJpeg()).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const img = { data: new Uint8Array(decoded.data), width: decoded.info.width, height: decoded.info.height };
    const png = await sharp(decoded.data, { raw: { width: img.width, height: img.height, channels: 1 } }).png().toBuffer();
    for (const box of [[10.5, 20.2, 200.7, 150] as const, [-5, -5, 1000, 1000] as const]) {
      const a = await sharp(await cropGreyPng(img, [...box])).raw().toBuffer({ resolveWithObject: true });
      const b = await sharp(await cropPng(png, [...box])).raw().toBuffer({ resolveWithObject: true });
      expect(a.info).toEqual(b.info);
      expect(a.data.equals(b.data)).toBe(true);
    }
  });
});
