// A figure's pixels as RGB, its background colour, and the mask of everything drawn on it
// ("foreground": lines, text, borders and coloured fills alike). Thresholds follow the image's own
// noise so clean renders and scans are handled the same way.
import sharp from 'sharp';

export interface RgbImage {
  width: number;
  height: number;
  /** 3 bytes per pixel, row-major. */
  data: Uint8Array;
}

export interface Mask {
  width: number;
  height: number;
  /** 1 = set. */
  data: Uint8Array;
}

export async function decodeRgb(png: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export type Rgb = [number, number, number];

/** Largest per-channel difference: a fill tinted in one channel counts as much as grey ink. */
export const colourDistance = (d: Uint8Array, i: number, c: Rgb): number =>
  Math.max(Math.abs(d[i]! - c[0]), Math.abs(d[i + 1]! - c[1]), Math.abs(d[i + 2]! - c[2]));

/** The most frequent colour (16 levels per channel, then averaged inside the winning bin); `pixels` limits it to those. */
export function dominantColour(img: RgbImage, pixels?: ArrayLike<number>): Rgb {
  const d = img.data;
  const counts = new Int32Array(4096);
  const sums = new Float64Array(4096 * 3);
  const add = (p: number): void => {
    const i = p * 3;
    const key = ((d[i]! >> 4) << 8) | ((d[i + 1]! >> 4) << 4) | (d[i + 2]! >> 4);
    counts[key]!++;
    sums[key * 3] = sums[key * 3]! + d[i]!;
    sums[key * 3 + 1] = sums[key * 3 + 1]! + d[i + 1]!;
    sums[key * 3 + 2] = sums[key * 3 + 2]! + d[i + 2]!;
  };
  if (pixels) for (let k = 0; k < pixels.length; k++) add(pixels[k]!);
  else for (let p = 0; p < img.width * img.height; p += 3) add(p);
  let best = 0;
  for (let k = 1; k < 4096; k++) if (counts[k]! > counts[best]!) best = k;
  const n = counts[best]!;
  return n === 0 ? [255, 255, 255] : [sums[best * 3]! / n, sums[best * 3 + 1]! / n, sums[best * 3 + 2]! / n];
}

/**
 * Foreground: pixels farther from the background colour than the background's own spread allows
 * (at least 40 levels, so JPEG ringing and faint paper texture stay background).
 */
export function foreground(img: RgbImage, bg: Rgb): { mask: Mask; threshold: number } {
  const n = img.width * img.height;
  const d = img.data;
  // Spread of near-background pixels: the noise floor.
  let s = 0;
  let c = 0;
  for (let p = 0; p < n; p += 7) {
    const dist = colourDistance(d, p * 3, bg);
    if (dist < 48) {
      s += dist * dist;
      c++;
    }
  }
  const sigma = c > 0 ? Math.sqrt(s / c) : 0;
  const threshold = Math.max(40, 4 * sigma);
  const data = new Uint8Array(n);
  for (let p = 0; p < n; p++) data[p] = colourDistance(d, p * 3, bg) > threshold ? 1 : 0;
  return { mask: { width: img.width, height: img.height, data }, threshold };
}

/** Typical stroke thickness: the median length of short horizontal and vertical foreground runs. */
export function strokeWidth(mask: Mask): number {
  const hist = new Array<number>(16).fill(0);
  const { width, height, data } = mask;
  const count = (len: number): void => {
    if (len > 0 && len < 16) hist[len]!++;
  };
  for (let y = 0; y < height; y += 2) {
    let run = 0;
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]) run++;
      else {
        count(run);
        run = 0;
      }
    }
    count(run);
  }
  for (let x = 0; x < width; x += 2) {
    let run = 0;
    for (let y = 0; y < height; y++) {
      if (data[y * width + x]) run++;
      else {
        count(run);
        run = 0;
      }
    }
    count(run);
  }
  const total = hist.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (let len = 1; len < 16; len++) {
    acc += hist[len]!;
    if (acc >= total / 2) return len;
  }
  return 2;
}
