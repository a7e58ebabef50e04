// Pre- and post-processing for PP-OCR's DB (differentiable binarization) text detector:
// image → normalised CHW tensor at a multiple of 32; probability map → text boxes.
import sharp from 'sharp';
import type { BBox } from '../../pipeline/types.js';
import type { GreyImage } from './raster.js';

export interface DbParams {
  /** Longest side fed to the network (rounded to a multiple of 32). */
  maxSide: number;
  /** Probability above which a map pixel is text. */
  threshold: number;
  /** Mean probability a component needs to be kept. */
  boxThreshold: number;
  /** Expansion of the shrunk text kernel back to the full text (DB's unclip ratio). */
  unclipRatio: number;
  /** Components with a side shorter than this (map pixels) are noise. */
  minSize: number;
}

export const DEFAULT_DB: DbParams = { maxSide: 1600, threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSize: 3 };

export interface DbInput {
  tensor: Float32Array;
  width: number;
  height: number;
  /** Original pixels per network pixel, horizontally and vertically. */
  scaleX: number;
  scaleY: number;
}

// ImageNet mean and standard deviation in PaddleOCR's BGR channel order.
const MEAN = [0.406, 0.456, 0.485];
const STD = [0.225, 0.224, 0.229];

const round32 = (v: number): number => Math.max(32, Math.round(v / 32) * 32);

/** Resizes so the longer side is at most `maxSide` and both sides are multiples of 32. */
export async function prepare(img: GreyImage, maxSide: number): Promise<DbInput> {
  const ratio = Math.min(1, maxSide / Math.max(img.width, img.height));
  const width = round32(img.width * ratio);
  const height = round32(img.height * ratio);
  const grey = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const plane = width * height;
  const tensor = new Float32Array(3 * plane);
  // Grey in all three channels: detection needs contrast, not colour.
  for (let c = 0; c < 3; c++) {
    const mean = MEAN[c]!;
    const std = STD[c]!;
    for (let i = 0; i < plane; i++) tensor[c * plane + i] = (grey[i]! / 255 - mean) / std;
  }
  return { tensor, width, height, scaleX: img.width / width, scaleY: img.height / height };
}

/** A detected text component: its box in original pixels and the slope of its long axis. */
export interface TextRegion {
  bbox: BBox;
  /** Radians, positive when the text runs down to the right (clockwise skew). */
  angle: number;
  /** Length over thickness of the component (a text line is long and thin). */
  elongation: number;
  pixels: number;
}

/**
 * Connected components (4-neighbour flood fill) of the thresholded map; each kept component's
 * bounding rectangle is expanded by DB's unclip distance (area × ratio / perimeter) and scaled
 * to original pixels. Boxes are axis-aligned; the component's orientation (second moments) is
 * kept for deskewing.
 */
export function boxesFromMap(prob: Float32Array, input: DbInput, params: DbParams, limit: { width: number; height: number }): TextRegion[] {
  const { width, height } = input;
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const regions: TextRegion[] = [];
  for (let start = 0; start < prob.length; start++) {
    if (seen[start] || prob[start]! <= params.threshold) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    let sum = 0;
    let count = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      sum += prob[p]!;
      count++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const visit = (q: number): void => {
        if (!seen[q] && prob[q]! > params.threshold) {
          seen[q] = 1;
          stack[top++] = q;
        }
      };
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (Math.min(w, h) < params.minSize || sum / count < params.boxThreshold) continue;
    const d = (w * h * params.unclipRatio) / (2 * (w + h));
    const bbox: BBox = [
      Math.max(0, Math.floor((x0 - d) * input.scaleX)),
      Math.max(0, Math.floor((y0 - d) * input.scaleY)),
      Math.min(limit.width, Math.ceil((x1 + 1 + d) * input.scaleX)),
      Math.min(limit.height, Math.ceil((y1 + 1 + d) * input.scaleY)),
    ];
    if (bbox[2] <= bbox[0] || bbox[3] <= bbox[1]) continue;
    // Covariance in original pixels (the network input may be scaled unevenly).
    const cxx = (sxx / count - (sx / count) ** 2) * input.scaleX ** 2;
    const cyy = (syy / count - (sy / count) ** 2) * input.scaleY ** 2;
    const cxy = (sxy / count - (sx / count) * (sy / count)) * input.scaleX * input.scaleY;
    const spread = Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy ** 2);
    const major = (cxx + cyy) / 2 + spread;
    const minor = Math.max(1e-6, (cxx + cyy) / 2 - spread);
    regions.push({ bbox, angle: 0.5 * Math.atan2(2 * cxy, cxx - cyy), elongation: Math.sqrt(major / minor), pixels: count });
  }
  return regions;
}

/**
 * Page skew in radians: the pixel-weighted median slope of long, thin components (text lines),
 * or 0 when fewer than three lines say so.
 */
export function estimateSkew(regions: TextRegion[]): number {
  const lines = regions.filter((r) => r.elongation >= 4 && Math.abs(r.angle) < Math.PI / 12).sort((a, b) => a.angle - b.angle);
  if (lines.length < 3) return 0;
  const total = lines.reduce((s, r) => s + r.pixels, 0);
  let acc = 0;
  for (const r of lines) {
    acc += r.pixels;
    if (acc >= total / 2) return r.angle;
  }
  return 0;
}
