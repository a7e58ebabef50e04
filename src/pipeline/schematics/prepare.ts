// A sheet made ready for detection: scaled to a working resolution (at most about 4.5 million
// pixels), turned upright, binarised, its specks removed and its connected components labelled.
import { Frame } from './frame.js';
import { binarise, components, despeckle, estimateSkew, resize, rotateGrey, roughMask, strokeWidth, type Components, type GreyPixels, type Mask } from './raster.js';

export interface PreparedSheet {
  frame: Frame;
  original: GreyPixels;
  /** Upright working image, background flattened. */
  flat: GreyPixels;
  mask: Mask;
  cc: Components;
  /** Pen width in working pixels. */
  stroke: number;
}

const MAX_PIXELS = 4_500_000;

export async function prepareSheet(original: GreyPixels, maxPixels = MAX_PIXELS): Promise<PreparedSheet> {
  const { width, height } = original;
  let f = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  const size = (k: number): [number, number] => [Math.max(1, Math.round(width * k)), Math.max(1, Math.round(height * k))];
  let work = f < 0.98 ? await resize(original, ...size(f)) : original;
  if (f >= 0.98) f = 1;
  const rough = roughMask(work);
  const skew = estimateSkew(rough);
  if (Math.abs(skew) >= 0.05) work = rotateGrey(work, -skew);
  const { mask, flat } = binarise(work);
  const [ww, wh] = [work.width, work.height];
  const cc = components(mask);
  const stroke = strokeWidth(mask);
  despeckle(mask, cc, Math.max(4, Math.round(stroke * stroke * 1.2)));
  return { frame: new Frame(width, height, ww, wh, skew), original, flat, mask, cc, stroke };
}
