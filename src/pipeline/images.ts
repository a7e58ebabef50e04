// Raster images as pages: PNG, JPEG, TIFF (every page), WebP, GIF, BMP.
// Sizes are read from the header and checked against the pixel limit before anything is decoded,
// so a small file that claims a huge canvas (a decompression bomb) fails fast without allocating.
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { bmpHeader, decodeBmp, isBmp } from './bmp.js';
import { PipelineError, type RenderedPage } from './types.js';

export interface ImageLimits {
  /** Most pixels (width × height) one page may have. */
  maxPixels: number;
  /** Most pages one document may have. */
  maxPages: number;
}

export type ImageFormat = 'png' | 'jpeg' | 'tiff' | 'webp' | 'gif' | 'bmp';

/** Density used when the file does not state one (and the pipeline's default render DPI). */
export const DEFAULT_IMAGE_DPI = 150;
/** One image page should never take longer than this to convert. */
const TIMEOUT_SECONDS = 60;

const startsWith = (data: Buffer, bytes: number[], at = 0): boolean => bytes.every((b, i) => data[at + i] === b);

/** The image format from its magic bytes, or undefined when it is not an image we read. */
export function sniffImage(data: Buffer): ImageFormat | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x49, 0x49, 0x2a, 0x00]) || startsWith(data, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(data, [0x49, 0x49, 0x2b, 0x00]) || startsWith(data, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (/^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (isBmp(data)) return 'bmp';
  return undefined;
}

/**
 * Width and height straight from the header for formats whose header sharp cannot read alone
 * (libvips rejects a PNG that has no image data yet before saying how large it is).
 */
function headerSize(data: Buffer, format: ImageFormat): { width: number; height: number } | undefined {
  if (format === 'png') {
    if (data.length < 24 || data.subarray(12, 16).toString('latin1') !== 'IHDR') {
      throw new PipelineError('The PNG image is malformed: its header is missing or truncated.', 'malformed');
    }
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (format === 'gif') {
    if (data.length < 10) throw new PipelineError('The GIF image is malformed: its header is truncated.', 'malformed');
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (format === 'bmp') return bmpHeader(data);
  return undefined;
}

function checkPixels(width: number, height: number, limits: ImageLimits, page?: number): void {
  const pixels = width * height;
  if (pixels > limits.maxPixels) {
    const where = page === undefined ? 'The image' : `Page ${page} of the image`;
    throw new PipelineError(
      `${where} is ${width}×${height} pixels (${pixels.toLocaleString('en-US')}), over the limit of ${limits.maxPixels.toLocaleString('en-US')} pixels per page.`,
      'too_many_pixels',
    );
  }
}

/** Maps a libvips/sharp failure to a pipeline error a person can read. */
function fromSharp(err: unknown, format: ImageFormat): PipelineError {
  if (err instanceof PipelineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/exceeds pixel limit/i.test(message)) {
    return new PipelineError(`The ${format.toUpperCase()} image is larger than the pixel limit per page.`, 'too_many_pixels');
  }
  if (/^timeout/i.test(message)) return new PipelineError(`Converting the ${format.toUpperCase()} image took longer than ${TIMEOUT_SECONDS} s.`, 'timeout');
  const first = message.split('\n')[0]?.trim() ?? '';
  return new PipelineError(`The ${format.toUpperCase()} image is malformed or truncated (${first || 'unreadable'}).`, 'malformed');
}

const sharpOptions = (limits: ImageLimits, page?: number): SharpOptions => ({
  limitInputPixels: limits.maxPixels,
  // Fail on truncated data rather than rendering a half-grey page, but tolerate the harmless
  // warnings many scanners' JPEGs produce.
  failOn: 'truncated',
  ...(page === undefined ? {} : { page }),
});

function detect(data: Buffer): ImageFormat {
  const format = sniffImage(data);
  if (!format) throw new PipelineError('The file is not an image in a supported format (PNG, JPEG, TIFF, WebP, GIF, BMP).', 'unsupported');
  return format;
}

/**
 * Number of pages the image contributes. TIFF pages are document pages (multi-page scans).
 * GIF and WebP animations are not: their frames are moments of one picture, so only the first
 * frame is a page (an animated GIF would otherwise become hundreds of near-identical pages).
 */
export async function imagePages(data: Buffer, limits: ImageLimits): Promise<number> {
  const format = detect(data);
  const size = headerSize(data, format);
  if (size) checkPixels(size.width, size.height, limits);
  if (format === 'bmp') return 1;
  let meta: Metadata;
  try {
    meta = await sharp(data, sharpOptions(limits)).metadata();
  } catch (err) {
    throw fromSharp(err, format);
  }
  checkPixels(meta.width, meta.pageHeight ?? meta.height, limits);
  const pages = format === 'tiff' ? (meta.pages ?? 1) : 1;
  if (pages > limits.maxPages) {
    throw new PipelineError(`The TIFF image has ${pages} pages, over the limit of ${limits.maxPages} pages per document.`, 'too_many_pages');
  }
  return pages;
}

function pageDpi(density: number | undefined): number {
  // Under 100 dpi is a writer's default (72 from cameras and libjpeg, 96 from screenshots), not a
  // scan resolution; over 2400 is nonsense. Both mean "unknown".
  return density !== undefined && density >= 100 && density <= 2400 ? Math.round(density) : DEFAULT_IMAGE_DPI;
}

/** Upright, opaque (on white), 8-bit sRGB PNG. */
async function toPng(image: Sharp): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await image
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .timeout({ seconds: TIMEOUT_SECONDS })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * Upright, opaque grey pixels: the values a PNG of toPng decodes to in grey (the same sRGB
 * pixels turned grey by libvips), without the PNG's encoding and decoding; for pages that go
 * straight to OCR.
 */
async function toGrey(image: Sharp): Promise<GreyPage> {
  const { data, info } = await image
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .timeout({ seconds: TIMEOUT_SECONDS })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A scan in grey (every pixel's channels equal: libvips turns such a pixel into its own value)
  // is taken as it is, without a second pipeline over the page.
  const same = sameChannels(data, info.channels);
  if (same) return { data: same, width: info.width, height: info.height };
  const grey = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(grey.data.buffer, grey.data.byteOffset, grey.data.length), width: grey.info.width, height: grey.info.height };
}

/** The first channel of 3-channel pixels whose channels are all equal; undefined otherwise. */
export function sameChannels(data: Uint8Array, channels: number): Uint8Array | undefined {
  if (channels !== 3) return undefined;
  const out = new Uint8Array(data.length / 3);
  for (let i = 0, j = 0; j < out.length; i += 3, j++) {
    const v = data[i]!;
    if (data[i + 1] !== v || data[i + 2] !== v) return undefined;
    out[j] = v;
  }
  return out;
}

interface GreyPage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Renders page `pageNumber` (1-based) of an image to a PNG. */
export function renderImagePage(data: Buffer, pageNumber: number, limits: ImageLimits): Promise<RenderedPage> {
  return imagePage(data, pageNumber, limits, toPng);
}

/** Page `pageNumber` (1-based) of an image as grey pixels (an image page read by OCR). */
export function renderImageGrey(data: Buffer, pageNumber: number, limits: ImageLimits): Promise<GreyPage & { dpi: number }> {
  return imagePage(data, pageNumber, limits, toGrey);
}

async function imagePage<T extends { width: number; height: number }>(
  data: Buffer,
  pageNumber: number,
  limits: ImageLimits,
  convert: (image: Sharp) => Promise<T>,
): Promise<T & { dpi: number }> {
  const format = detect(data);
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw new RangeError(`page number ${pageNumber} is not a positive integer`);
  const size = headerSize(data, format);
  if (size) checkPixels(size.width, size.height, limits);

  if (format === 'bmp') {
    if (pageNumber !== 1) throw new RangeError(`a BMP image has one page, not ${pageNumber}`);
    const { rgba, width, height } = decodeBmp(data);
    const out = await convert(sharp(rgba, { raw: { width, height, channels: 4 } })).catch((err: unknown) => {
      throw fromSharp(err, format);
    });
    return { ...out, dpi: pageDpi(bmpHeader(data).dpi) };
  }

  const page = format === 'tiff' ? pageNumber - 1 : undefined;
  if (format !== 'tiff' && pageNumber !== 1) throw new RangeError(`a ${format.toUpperCase()} image has one page, not ${pageNumber}`);
  try {
    if (page !== undefined) {
      const pages = (await sharp(data, sharpOptions(limits)).metadata()).pages ?? 1;
      if (page >= pages) throw new RangeError(`the TIFF image has ${pages} pages, not ${pageNumber}`);
    }
    // Header of this very page (TIFF pages may differ in size) before any decoding.
    const meta = await sharp(data, sharpOptions(limits, page)).metadata();
    checkPixels(meta.width, meta.pageHeight ?? meta.height, limits, format === 'tiff' ? pageNumber : undefined);
    const out = await convert(sharp(data, sharpOptions(limits, page)));
    return { ...out, dpi: pageDpi(meta.density) };
  } catch (err) {
    if (err instanceof RangeError) throw err;
    throw fromSharp(err, format);
  }
}
