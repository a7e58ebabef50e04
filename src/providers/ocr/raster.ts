// Page pixels for OCR: one greyscale decode per page, crops handed to recognisers as PGM
// (Leptonica and tesseract read it without any decoding work).
import sharp from 'sharp';
import type { BBox } from '../../pipeline/types.js';

export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A crop ready for a recogniser and the way back to page coordinates. */
export interface OcrCrop {
  pgm: Buffer;
  /** Maps a box in crop pixels to page pixels. */
  toPage: (box: BBox) => BBox;
}

export async function decodeGrey(png: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function pgm(width: number, height: number, pixels: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), pixels]);
}

/** The box rounded outwards and clamped to the image; undefined when nothing is left. */
export function clampBox(img: GreyImage, box: BBox): BBox | undefined {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(img.width, Math.ceil(box[2]));
  const y1 = Math.min(img.height, Math.ceil(box[3]));
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : undefined;
}

/**
 * Crops `box`, scales it up when its text would be too small for tesseract (under `minHeight`
 * pixels tall) and surrounds it with `pad` white pixels, which recognisers need at the edges.
 */
export async function cropForOcr(img: GreyImage, box: BBox, opts: { pad: number; minHeight?: number }): Promise<OcrCrop | undefined> {
  const b = clampBox(img, box);
  if (!b) return undefined;
  const [x0, y0, x1, y1] = b;
  const w = x1 - x0;
  const h = y1 - y0;
  let pixels = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) img.data.copy(pixels, y * w, (y0 + y) * img.width + x0, (y0 + y) * img.width + x1);
  const scale = opts.minHeight && h < opts.minHeight ? Math.min(4, Math.ceil(opts.minHeight / h)) : 1;
  let sw = w;
  let sh = h;
  if (scale > 1) {
    sw = w * scale;
    sh = h * scale;
    pixels = await sharp(pixels, { raw: { width: w, height: h, channels: 1 } })
      .resize(sw, sh, { kernel: 'cubic' })
      .extractChannel(0)
      .raw()
      .toBuffer();
  }
  const pad = opts.pad;
  const pw = sw + 2 * pad;
  const padded = Buffer.alloc(pw * (sh + 2 * pad), 255);
  for (let y = 0; y < sh; y++) pixels.copy(padded, (y + pad) * pw + pad, y * sw, (y + 1) * sw);
  const map = (v: number, origin: number, limit: number): number => Math.min(limit, Math.max(origin, origin + (v - pad) / scale));
  return {
    pgm: pgm(pw, sh + 2 * pad, padded),
    toPage: (c) => [
      Math.round(map(c[0], x0, x1)),
      Math.round(map(c[1], y0, y1)),
      Math.round(map(c[2], x0, x1)),
      Math.round(map(c[3], y0, y1)),
    ],
  };
}
