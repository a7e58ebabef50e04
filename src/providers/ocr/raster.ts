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
  return Buffer.concat([pgmHeader(width, height), pixels]);
}

/** The header of `pgm`. */
export const pgmHeader = (width: number, height: number): Buffer => Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');

/** Resolutions tesseract believes (kMinCredibleResolution..kMaxCredibleResolution); outside them it estimates its own. */
const CREDIBLE_DPI: [number, number] = [70, 2400];

/**
 * An uncompressed 8-bit grey TIFF that says its resolution. PGM cannot, and tesseract then
 * guesses the resolution from the text's x-height (a 200-dpi page of small table print: "179"),
 * which sets the size limits of its layout analysis: whole boxed header cells were dropped as
 * noise (issue-90 p1: recall 0.878 against 0.978 with the true 200 dpi). Costs what PGM does.
 */
export function tiff(width: number, height: number, pixels: Buffer, dpi: number): Buffer {
  return Buffer.concat([tiffHeader(width, height, dpi), pixels]);
}

/** The 174 bytes of `tiff` before the pixels (written ahead of them, so a page is not copied to be handed over). */
export function tiffHeader(width: number, height: number, dpi: number): Buffer {
  const res = Math.round(Math.min(CREDIBLE_DPI[1], Math.max(CREDIBLE_DPI[0], dpi)));
  // Header (8), one IFD of 12 entries (2 + 12 * 12 + 4), two rationals (16), then the pixels.
  const entries: Array<[number, number, number]> = [
    [256, 4, width], [257, 4, height], [258, 3, 8], [259, 3, 1], [262, 3, 1], [273, 4, 174],
    [277, 3, 1], [278, 4, height], [279, 4, width * height], [282, 5, 158], [283, 5, 166], [296, 3, 2],
  ];
  const head = Buffer.alloc(174);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(1, at + 4);
    if (type === 3) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(value, at + 8);
  });
  for (const at of [158, 166]) {
    head.writeUInt32LE(res, at);
    head.writeUInt32LE(1, at + 4);
  }
  return head;
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
