// The image a standalone component is extracted from (POST /components, PUT .../upload-url):
// PNG, JPEG, WebP or GIF (the spec's list for component images), recognised from its bytes.
// It is checked completely before anything is stored: a wrong type is a 415, an image that cannot
// be decoded (truncated, corrupt) or is over the per-page pixel limit is a 422, so no record is
// ever created for an image the extractor could not read.
import sharp from 'sharp';
import { HttpError, validationError } from '../http/errors.js';
import { imagePages, sniffImage, type ImageFormat, type ImageLimits } from '../pipeline/images.js';
import { PipelineError } from '../pipeline/types.js';

const ACCEPTED: Partial<Record<ImageFormat, { mime: string; extension: string }>> = {
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  webp: { mime: 'image/webp', extension: 'webp' },
  gif: { mime: 'image/gif', extension: 'gif' },
};

export const ACCEPTED_COMPONENT_IMAGES = 'PNG, JPEG, WebP and GIF';

export interface CheckedImage {
  format: ImageFormat;
  mime: string;
  extension: string;
  /** Pixels (the first frame of an animated GIF). */
  width: number;
  height: number;
}

export async function checkComponentImage(bytes: Buffer, limits: ImageLimits, loc: Array<string | number>): Promise<CheckedImage> {
  const format = sniffImage(bytes);
  const accepted = format ? ACCEPTED[format] : undefined;
  if (!format || !accepted) {
    throw new HttpError(415, `Unsupported image type${format ? ` (${format.toUpperCase()})` : ''}: accepted are ${ACCEPTED_COMPONENT_IMAGES}`);
  }
  let size: { width: number; height: number };
  try {
    // Header and pixel limit first (no decoding), then one full decode that fails on truncation.
    await imagePages(bytes, limits);
    const image = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated' });
    await image.stats();
    const meta = await image.metadata();
    size = { width: meta.width, height: meta.pageHeight ?? meta.height };
  } catch (err) {
    if (err instanceof PipelineError) throw validationError(loc, err.message, 'value_error');
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]?.trim() ?? '';
    throw validationError(loc, `The ${format.toUpperCase()} image is malformed or truncated (${first || 'unreadable'}).`, 'value_error');
  }
  return { format, ...accepted, ...size };
}
