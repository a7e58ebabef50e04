// Scanned charts: grain and JPEG noise split one colour into many clusters, and a page put on the
// scanner a degree askew turns axes and bar edges into slopes that no longer read as rules. A
// noisy picture is median-filtered, and a skewed one turned upright, before anything is read.
import sharp from 'sharp';
import { estimateSkew } from '../schematics/raster.js';
import { median3 } from './median.js';
import { backgroundColour, NOISY_GRAIN, type Raster, type Rgb } from './raster.js';

/**
 * Grain of the background: the median distance from the background colour of the pixels near it
 * (a sample over the whole picture; its border may be a turned scan's blank corner). 0 on a
 * rendered chart, 4 or more on a scan.
 */
export function backgroundNoise(r: Raster): number {
  return paper(r).grain;
}

/**
 * The paper's grain (backgroundNoise) and the share of the pixels near the background that have
 * its exact colour: nearly all on a rendered chart, at most two thirds on any scan (a quiet scan,
 * its fine grain smoothed away by the JPEG and clipped at white, measures no grain).
 */
function paper(r: Raster): { grain: number; exact: number } {
  const near = backgroundColour(r);
  const { width, height, rgb } = r;
  // The exact background colour: the commonest colour near the estimate (a rendered chart's
  // background is one colour; the estimate is a bin's mean and may sit a level or two off it).
  const freq = new Map<number, number>();
  for (let y = 1; y < height; y += 3)
    for (let x = 1; x < width; x += 3) {
      const i = 3 * (y * width + x);
      const dr = rgb[i]! - near[0], dg = rgb[i + 1]! - near[1], db = rgb[i + 2]! - near[2];
      if (dr * dr + dg * dg + db * db > 400) continue;
      const key = (rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!;
      freq.set(key, (freq.get(key) ?? 0) + 1);
    }
  let mode = 0, best = -1;
  for (const [k, n] of freq) if (n > best) [mode, best] = [k, n];
  const bg: Rgb = best < 0 ? near : [mode >> 16, (mode >> 8) & 255, mode & 255];
  const hist = new Uint32Array(41);
  let n = 0;
  for (let y = 1; y < height; y += 3)
    for (let x = 1; x < width; x += 3) {
      const i = 3 * (y * width + x);
      const dr = rgb[i]! - bg[0], dg = rgb[i + 1]! - bg[1], db = rgb[i + 2]! - bg[2];
      const d = Math.round(Math.sqrt(dr * dr + dg * dg + db * db));
      // Ink is not grain.
      if (d <= 40) {
        hist[d]!++;
        n++;
      }
    }
  let sampled = 0;
  for (const c of freq.values()) sampled += c;
  const exact = sampled === 0 ? 1 : best / sampled;
  let seen = 0;
  for (let d = 0; d <= 40; d++) if ((seen += hist[d]!) * 2 >= n) return { grain: d, exact };
  return { grain: 0, exact };
}

const MIN_SKEW = 0.25;
/** Share of the paper in its exact colour below which a picture is a scan (rendered charts: 0.98 or more; scans 0.61 at most). */
const QUIET_SCAN_EXACT = 0.8;

export interface Prepared {
  raster: Raster;
  /** Degrees the picture was turned back (clockwise skew of the original). */
  skew: number;
}

/**
 * The picture as the extractor reads it: unchanged when clean; median-filtered when its
 * background is grainy; turned upright when its dark lines lean (only without given words,
 * whose boxes are in the original's pixels). The filter works on the decoded pixels and hands
 * back raw pixels: no PNG is written and read again (median.ts: libvips' median in JS, faster).
 */
export async function prepareScan(raster: Raster, mayTurn: boolean): Promise<Prepared> {
  const { grain, exact } = paper(raster);
  // A quiet scan has no grain to filter but leans as a grainy one does (a stack read askew has no
  // common baseline); it is turned only, and read as a clean picture.
  const quiet = grain < NOISY_GRAIN;
  if (quiet && (!mayTurn || exact >= QUIET_SCAN_EXACT)) return { raster, skew: 0 };
  const bg = backgroundColour(raster);
  const { width, height, rgb } = raster;
  let upright = { rgb, width, height };
  let skew = 0;
  if (mayTurn) {
    const blum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2];
    const data = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) data[i] = blum - (0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!) > 80 ? 1 : 0;
    skew = estimateSkew({ data: inkOutline(data, width, height), width, height }, 4);
    if (Math.abs(skew) >= MIN_SKEW) {
      const background = { r: Math.round(bg[0]), g: Math.round(bg[1]), b: Math.round(bg[2]) };
      const { data, info } = await sharp(rgb, { raw: { width, height, channels: 3 } }).rotate(-skew, { background }).raw().toBuffer({ resolveWithObject: true });
      // Three channels in, three out (the turn fills its corners with an opaque colour).
      if (info.channels !== 3) throw new Error(`prepareScan: ${info.channels} channels after turning`);
      upright = { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    } else skew = 0;
  }
  if (quiet && skew === 0) return { raster, skew: 0 };
  // Turned first, then filtered (a quiet scan is turned only): the order sharp's pipeline applied
  // rotate and median in.
  const rgbOut = quiet ? upright.rgb : median3(upright.rgb, upright.width, upright.height);
  return { raster: { width: upright.width, height: upright.height, rgb: rgbOut, grain: quiet ? raster.grain : grain }, skew };
}

/**
 * The ink's outline: ink pixels with paper beside them. Filled shapes (bars, slices) count by
 * their edges only; filled, their tops at several heights line up along a slope and outweigh
 * the rules (a bar chart read 4° askew), while their edges are rules themselves.
 */
export function inkOutline(data: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!data[i]) continue;
      const inner = x > 0 && x < width - 1 && y > 0 && y < height - 1 && data[i - 1] && data[i + 1] && data[i - width] && data[i + width];
      if (!inner) out[i] = 1;
    }
  return out;
}
