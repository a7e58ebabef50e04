// Normalised cross-correlation (OpenCV's TM_CCOEFF_NORMED) in plain TypeScript, for the many
// small windows symbol matching scores: window sums come from integral images, and templates
// are sparse (only pixels near their ink take part in the products), so a window costs a few
// thousand multiplications and no call into WebAssembly.
import { SimdPage } from './ncc-simd.js';
import type { GreyPixels } from './raster.js';

/**
 * An image made ready for correlation: ink positive (255 - grey) with integrals of values and
 * squares. The integrals are kept modulo 2^32 (windowSum): half the memory of doubles, and a
 * whole page's fresh memory is costly to touch (two 36 MB arrays of doubles were a tenth of a
 * sheet's time).
 */
export interface NccImage {
  width: number;
  height: number;
  ink: Uint8Array;
  sum: Uint32Array;
  sq: Uint32Array;
  /** The ink in wasm memory, where the products are computed with SIMD (null: plain loops). */
  simd: SimdPage | null;
}

/** Most pixels a window may have for its sum of squared ink (255^2 each) to stay below 2^32. */
export const MAX_EXACT_WINDOW = Math.floor((2 ** 32 - 1) / (255 * 255));

export function nccImage(img: GreyPixels): NccImage {
  const { width: w, height: h } = img;
  const W1 = w + 1;
  const simd = SimdPage.create(w, h);
  const ink = simd ? simd.ink : new Uint8Array(w * h);
  const sum = new Uint32Array(W1 * (h + 1));
  const sq = new Uint32Array(W1 * (h + 1));
  for (let y = 0; y < h; y++) {
    let rs = 0;
    let rq = 0;
    const src = y * w;
    const up = y * W1 + 1;
    const row = up + W1;
    for (let x = 0; x < w; x++) {
      const v = 255 - img.data[src + x]!;
      ink[src + x] = v;
      // Row sums and the integral wrap modulo 2^32 (>>> 0): window sums below 2^32 stay exact.
      rs = (rs + v) >>> 0;
      rq = (rq + v * v) >>> 0;
      sum[row + x] = sum[up + x]! + rs;
      sq[row + x] = sq[up + x]! + rq;
    }
  }
  return { width: w, height: h, ink, sum, sq, simd };
}

/**
 * The sum of an integral (modulo 2^32) over the window [x0, x1) x [y0, y1): exact when the true
 * sum is below 2^32 (any window of values up to 255; squares over MAX_EXACT_WINDOW pixels at most).
 */
export function windowSum(integral: Uint32Array, width: number, x0: number, y0: number, x1: number, y1: number): number {
  const W1 = width + 1;
  return (integral[y1 * W1 + x1]! - integral[y0 * W1 + x1]! - integral[y1 * W1 + x0]! + integral[y0 * W1 + x0]!) >>> 0;
}

/** Sum of squared ink over a window, counted pixel by pixel (windows too big for windowSum). */
function squaresIn(page: NccImage, x0: number, y0: number, w: number, h: number): number {
  let s = 0;
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) s += page.ink[y * page.width + x]! ** 2;
  return s;
}

/** A template's non-zero (ink-side) pixels with its sums. */
export interface SparseTemplate {
  width: number;
  height: number;
  xs: Int32Array;
  ys: Int32Array;
  vals: Float32Array;
  /** The same values as integers, when they all are (templates cut from images are). */
  intVals: Int32Array | null;
  /** Offsets into the page this template was last laid on (cached per page width). */
  offsets: Int32Array | null;
  /** The offsets and integer values interleaved, for SimdPage.products (made with the offsets). */
  pairs: Int32Array | null;
  stride: number;
  sumT: number;
  varT: number;
}

/** A template's pixels darker than `keepBelow` (all non-paper pixels by default), ink positive. */
export function sparseTemplate(img: GreyPixels, keepBelow = 255): SparseTemplate {
  const xs: number[] = [];
  const ys: number[] = [];
  const vals: number[] = [];
  let sumT = 0;
  let sumT2 = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const g = img.data[y * img.width + x]!;
      if (g >= keepBelow) continue;
      const v = 255 - g;
      xs.push(x);
      ys.push(y);
      vals.push(v);
      sumT += v;
      sumT2 += v * v;
    }
  }
  const n = img.width * img.height;
  return { width: img.width, height: img.height, xs: Int32Array.from(xs), ys: Int32Array.from(ys), vals: Float32Array.from(vals), intVals: vals.every((v) => Number.isInteger(v)) ? Int32Array.from(vals) : null, offsets: null, pairs: null, stride: 0, sumT, varT: sumT2 - (sumT * sumT) / n };
}

function offsetsFor(t: SparseTemplate, stride: number): Int32Array {
  if (!t.offsets || t.stride !== stride) {
    t.offsets = Int32Array.from(t.xs, (x, k) => t.ys[k]! * stride + x);
    t.stride = stride;
    const iv = t.intVals;
    t.pairs = null;
    if (iv) {
      t.pairs = new Int32Array(2 * iv.length);
      for (let k = 0; k < iv.length; k++) {
        t.pairs[2 * k] = t.offsets[k]!;
        t.pairs[2 * k + 1] = iv[k]!;
      }
    }
  }
  return t.offsets;
}

export interface NccBest {
  x: number;
  y: number;
  score: number;
}

export const nccStats = { calls: 0, macs: 0, positions: 0 };
let scratch = new Float64Array(4096);

/** Products of an integer template with the page at `nx` placements from `row` on, into out[dst..]. */
function crossRowInt(iv: Int32Array, off: Int32Array, ink: Uint8Array, row: number, nx: number, out: Float64Array, dst: number): void {
  const n = off.length;
  let i = 0;
  for (; i + 3 < nx; i += 4) {
    const p = row + i;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let k = 0; k < n; k++) {
      const v = iv[k]!;
      const q = p + off[k]!;
      s0 = (s0 + v * ink[q]!) | 0;
      s1 = (s1 + v * ink[q + 1]!) | 0;
      s2 = (s2 + v * ink[q + 2]!) | 0;
      s3 = (s3 + v * ink[q + 3]!) | 0;
    }
    out[dst + i] = s0;
    out[dst + i + 1] = s1;
    out[dst + i + 2] = s2;
    out[dst + i + 3] = s3;
  }
  for (; i < nx; i++) {
    const p = row + i;
    let s = 0;
    for (let k = 0; k < n; k++) s = (s + iv[k]! * ink[p + off[k]!]!) | 0;
    out[dst + i] = s;
  }
}

/**
 * The best correlation of `t` placed with its top-left corner anywhere in [x0, x1] x [y0, y1].
 * Products are accumulated template pixel by template pixel over a whole row of placements, so
 * the page is read in order.
 */
export function bestNcc(page: NccImage, t: SparseTemplate, x0: number, y0: number, x1: number, y1: number): NccBest | null {
  nccStats.calls++;
  const ax = Math.max(0, x0);
  const ay = Math.max(0, y0);
  const bx = Math.min(page.width - t.width, x1);
  const by = Math.min(page.height - t.height, y1);
  if (bx < ax || by < ay || t.varT <= 0) return null;
  const W = page.width;
  const W1 = W + 1;
  const n = t.width * t.height;
  const off = offsetsFor(t, W);
  const vals = t.vals;
  const ink = page.ink;
  const nx = bx - ax + 1;
  const ny = by - ay + 1;
  nccStats.positions += nx * ny;
  nccStats.macs += nx * ny * off.length;
  // Template values and page ink are whole numbers up to 255: their products summed in 32-bit
  // integers are exact (and quicker than doubles) while the sum cannot pass 2^31.
  const exactInInt = t.intVals !== null && off.length * 255 * 255 < 2 ** 31;
  let cross: Float64Array | Int32Array = scratch;
  let stride = nx;
  if (exactInInt && page.simd && t.pairs && page.simd.fits(off.length, nx, ny)) {
    const got = page.simd.products(t.pairs, ay * W + ax, nx, ny);
    cross = got.out;
    stride = got.stride;
  } else {
    if (scratch.length < nx * ny) scratch = new Float64Array(nx * ny * 2);
    cross = scratch;
    // Placement by placement, each a long run over the template's pixels (four placements of a
    // row at once share the template's reads): windows are a few placements across, and a loop
    // over a row of five per template pixel spent more in loop overhead than in products. Each
    // sum adds the same products in the same order as pixel by pixel, so the scores are the same.
    for (let j = 0; j < ny; j++) {
      const row = (ay + j) * W + ax;
      const dst = j * nx;
      if (exactInInt) crossRowInt(t.intVals!, off, ink, row, nx, scratch, dst);
      else {
        for (let i = 0; i < nx; i++) {
          const p = row + i;
          let s = 0;
          for (let k = 0; k < off.length; k++) s += vals[k]! * ink[p + off[k]!]!;
          scratch[dst + i] = s;
        }
      }
    }
  }
  let best: NccBest | null = null;
  const exactSq = n <= MAX_EXACT_WINDOW;
  for (let j = 0; j < ny; j++) {
    const y = ay + j;
    for (let i = 0; i < nx; i++) {
      const x = ax + i;
      const a = y * W1 + x;
      const b = a + t.width;
      const c = a + t.height * W1;
      const d = c + t.width;
      const sI = (page.sum[d]! - page.sum[b]! - page.sum[c]! + page.sum[a]!) >>> 0;
      const sI2 = exactSq ? (page.sq[d]! - page.sq[b]! - page.sq[c]! + page.sq[a]!) >>> 0 : squaresIn(page, x, y, t.width, t.height);
      const varI = sI2 - (sI * sI) / n;
      if (varI <= 1e-6) continue;
      const r = (cross[j * stride + i]! - (t.sumT * sI) / n) / Math.sqrt(t.varT * varI);
      if (!best || r > best.score) best = { x, y, score: r };
    }
  }
  return best;
}
