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

/**
 * Grain of the paper: the median difference between side-by-side pixels where both are near the
 * background (0 on a clean render, whose flat areas repeat exactly; several levels on a scan).
 */
export function grain(img: RgbImage, bg: Rgb): number {
  const hist = new Int32Array(49);
  const { width, height, data } = img;
  let n = 0;
  for (let y = 0; y < height; y += 3) {
    for (let x = 0, p = y * width; x < width - 1; x += 2, p += 2) {
      const a = colourDistance(data, p * 3, bg);
      if (a >= 48 || colourDistance(data, p * 3 + 3, bg) >= 48) continue;
      const d = Math.max(Math.abs(data[p * 3]! - data[p * 3 + 3]!), Math.abs(data[p * 3 + 1]! - data[p * 3 + 4]!), Math.abs(data[p * 3 + 2]! - data[p * 3 + 5]!));
      hist[Math.min(48, d)]!++;
      n++;
    }
  }
  let acc = 0;
  for (let d = 0; d <= 48; d++) {
    acc += hist[d]!;
    if (acc * 2 >= n) return d;
  }
  return 48;
}

/**
 * A grainy scan through a 3x3 median: single noisy pixels over the threshold would otherwise
 * scatter specks inside shapes (which then no longer hold one compact block of text) and break
 * thin lines into dashes. Clean renders are left as they are (a median thins 1-px lines).
 */
export async function despeckled(img: RgbImage, bg: Rgb): Promise<RgbImage> {
  if (grain(img, bg) < 2) return img;
  const data = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 3 } })
    .median(3)
    .raw()
    .toBuffer();
  return { width: img.width, height: img.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

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
 * (at least 40 levels, so JPEG ringing and faint paper texture stay background). The spread is
 * read from pixels close to the background only (within 24 levels): a pale fill is a mode of its
 * own, not noise, and counting it used to lift the threshold so high that thin pale lines were
 * lost. Where such a fill straddles the threshold (a scan's grain throws half its pixels over),
 * the threshold moves up past it, into the valley beyond: the fill stays background as a whole.
 */
export function foreground(img: RgbImage, bg: Rgb): { mask: Mask; threshold: number; noise: number; ceiling?: number } {
  const n = img.width * img.height;
  const d = img.data;
  const hist = new Float64Array(256);
  for (let p = 0; p < n; p += 3) hist[Math.min(255, Math.round(colourDistance(d, p * 3, bg)))]!++;
  let s = 0;
  let c = 0;
  for (let v = 0; v < 24; v++) {
    s += v * v * hist[v]!;
    c += hist[v]!;
  }
  const sigma = c > 0 ? Math.sqrt(s / c) : 0;
  const threshold = valleyAbove(hist, Math.max(40, 4 * sigma));
  const data = new Uint8Array(n);
  for (let p = 0; p < n; p++) data[p] = colourDistance(d, p * 3, bg) > threshold ? 1 : 0;
  const ceiling = valleyAbove(hist, Math.max(40, 4 * sigma), 40);
  return { mask: { width: img.width, height: img.height, data }, threshold, noise: sigma, ...(ceiling > threshold ? { ceiling } : {}) };
}

/** Pixels farther from the background than `level`. */
export function inkOver(img: RgbImage, bg: Rgb, level: number): Mask {
  const data = new Uint8Array(img.width * img.height);
  for (let p = 0; p < data.length; p++) data[p] = colourDistance(img.data, p * 3, bg) > level ? 1 : 0;
  return { width: img.width, height: img.height, data };
}

/**
 * `from`, or where a mode of the distance histogram sits on it or just past it (at least 2 % of
 * the figure within 2 levels, within 6 levels of `from`: a fill that close is at the mercy of the
 * grain and of anti-aliasing), the first level past that mode's peak where the count falls under a twentieth of it,
 * at most `reach` levels past the peak (10: fills of several tints run into the lines' own
 * spread). `ceiling` is that valley sought further (40 levels), above fills of several tints.
 */
export function valleyAbove(hist: Float64Array, from: number, reach = 10): number {
  let total = 0;
  for (const v of hist) total += v;
  const around = (t: number): number => {
    let sum = 0;
    for (let k = Math.max(0, t - 2); k <= Math.min(255, t + 2); k++) sum += hist[k]!;
    return sum;
  };
  const t0 = Math.round(from);
  let peak = t0;
  for (let t = t0 - 6; t <= t0 + 6; t++) if (t >= 0 && t <= 255 && around(t) > around(peak)) peak = t;
  if (around(peak) < 0.02 * total) return from;
  const floor = around(peak) / 20;
  const last = Math.min(255, peak + reach);
  for (let t = Math.max(peak, t0); t < last; t++) if (around(t) < floor) return Math.max(from, t);
  return Math.max(from, last);
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
