// Skew and quarter turns of a scanned page, from the ink alone (before any recognition), and the
// page turned upright. A scanner's page is rarely square to the sensor: at 1° a text line drifts
// by a line height every ~50 characters, long ruling lines break into short steps that no rule
// finder sees, and the recogniser reads across neighbouring lines.
import type { GreyPixels } from '../tables/scan-background.js';

/** Ink: darker than this (0..255). */
const INK = 140;
/** Largest skew looked for, degrees either way. */
export const MAX_SKEW = 3;
/** The coarse searches take every this-many-th ink point. */
const COARSE_THINNING = 4;
/** Bin (pixels) of the sideways test: a 0.125° miss drifts 4 px over a 2000-px line. */
const WIDE_BIN = 4;
/** The columns' coarse peak over the rows' at which a page may be sideways (the decision itself is at 1.5). */
const SIDEWAYS_HINT = 0.75;

/** Ink pixel coordinates (centred), sampled so that at most ~`budget` are kept. */
function inkPoints(img: GreyPixels, budget: number): { xs: Float64Array; ys: Float64Array } {
  const { data, width, height } = img;
  let ink = 0;
  for (let i = 0; i < data.length; i += 7) if (data[i]! < INK) ink++;
  const every = Math.max(1, Math.round((ink * 7) / budget));
  // (every `every`-th ink pixel in raster order: the first, then each `every` later; collected in
  // one pass into arrays sized by the estimate and grown when it falls short)
  let xs = new Float64Array(Math.ceil((ink * 7 * 1.25) / every) + 1024);
  let ys = new Float64Array(xs.length);
  let k = 0;
  let m = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x]! < INK) {
        if (k === 0) {
          if (m === xs.length) {
            const [gx, gy] = [new Float64Array(m * 2), new Float64Array(m * 2)];
            gx.set(xs);
            gy.set(ys);
            [xs, ys] = [gx, gy];
          }
          xs[m] = x - width / 2;
          ys[m++] = y - height / 2;
        }
        if (++k === every) k = 0;
      }
    }
  }
  return { xs: xs.subarray(0, m), ys: ys.subarray(0, m) };
}

/** Every `step`-th point: the coarse searches need the projection's shape, not every point. */
function thinned(xs: Float64Array, ys: Float64Array, step: number): { xs: Float64Array; ys: Float64Array } {
  const n = Math.ceil(xs.length / step);
  const [tx, ty] = [new Float64Array(n), new Float64Array(n)];
  for (let i = 0, j = 0; i < xs.length; i += step, j++) {
    tx[j] = xs[i]!;
    ty[j] = ys[i]!;
  }
  return { xs: tx, ys: ty };
}

/**
 * Sum of squared bin counts of the points projected onto the axis turned by `deg`: peaked when
 * lines lie along bins. Shared by page deskew and schematic sheets (src/pipeline/schematics/raster.ts).
 */
export function peakedness(xs: Float64Array, ys: Float64Array, deg: number, vertical: boolean, bins: Float64Array, binSize: number): number {
  const a = (deg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  bins.fill(0);
  const off = bins.length / 2;
  const n = bins.length;
  // Rows of a page turned clockwise by `deg`: y' = -x sin + y cos; columns x' = x cos + y sin.
  // This runs 70 times over 150,000 points for every scanned page, so one loop per axis, and the
  // bin is floor(z + 0.5) by truncation where z + 0.5 >= 0: Math.round(z) for every z >= 1,
  // which the centred bins guarantee for points inside them (twice as fast as Math.round).
  if (vertical) {
    for (let i = 0; i < xs.length; i++) {
      const t = (xs[i]! * cos + ys[i]! * sin) / binSize + off + 0.5;
      if (t < 0) continue;
      const b = t | 0;
      if (b < n) bins[b]!++;
    }
  } else {
    for (let i = 0; i < xs.length; i++) {
      const t = (-xs[i]! * sin + ys[i]! * cos) / binSize + off + 0.5;
      if (t < 0) continue;
      const b = t | 0;
      if (b < n) bins[b]!++;
    }
  }
  let s = 0;
  for (let i = 0; i < n; i++) s += bins[i]! * bins[i]!;
  return s;
}

export interface PageSkew {
  /** Clockwise skew in degrees; turning the page by -degrees straightens it. */
  degrees: number;
  /**
   * How much more peaked the ink's projection is along the page's rows than along its columns
   * at that skew: text lines run along rows (> 1) on an upright or upside-down page, along
   * columns (< 1) on a page scanned sideways.
   */
  rowsOverColumns: number;
}

/**
 * The skew of the text lines (or rules) of a page: the angle whose projection of the ink onto
 * the turned vertical axis is most peaked, coarse then fine within ±MAX_SKEW. Text lines and
 * rules both fall into single bins when straight, so tables and prose agree.
 */
export function estimatePageSkew(img: GreyPixels): PageSkew {
  const { xs, ys } = inkPoints(img, 150_000);
  if (xs.length < 200) return { degrees: 0, rowsOverColumns: 1 };
  const bins = new Float64Array(img.width + img.height + 8);
  const few = thinned(xs, ys, COARSE_THINNING);
  /** Coarse steps over ±MAX_SKEW on the thinned points, the best angle (0 on ties). */
  const coarse = (vertical: boolean, binSize: number): { deg: number; score: number } => {
    let deg = 0;
    let score = peakedness(few.xs, few.ys, 0, vertical, bins, binSize);
    for (let d = -MAX_SKEW; d <= MAX_SKEW + 1e-9; d += 0.25) {
      const s = peakedness(few.xs, few.ys, d, vertical, bins, binSize);
      if (s > score) {
        score = s;
        deg = d;
      }
    }
    return { deg, score };
  };
  /** The coarse angle refined on every point (0.05° steps within ±0.25°). */
  const best = (vertical: boolean): { deg: number; score: number } => {
    let deg = 0;
    let score = peakedness(xs, ys, 0, vertical, bins, 1);
    const around = coarse(vertical, 1).deg;
    for (let d = around - 0.25; d <= around + 0.25 + 1e-9; d += 0.05) {
      const s = peakedness(xs, ys, d, vertical, bins, 1);
      if (s > score) {
        score = s;
        deg = d;
      }
    }
    return { deg: Math.round(deg * 100) / 100, score };
  };
  const rows = best(false);
  // Columns are compared at the rows' skew: a page's ink has one skew whichever way it reads.
  const cols = peakedness(xs, ys, rows.deg, true, bins, 1);
  // Whether the text may run down the page: the columns' best coarse angle against the rows' angle
  // on the thinned points, in bins wide enough that a coarse step's drift stays within one; only
  // then is the columns' angle searched as the rows' was (it decides at 1.5 times the rows' score).
  const maySideways = coarse(true, WIDE_BIN).score > SIDEWAYS_HINT * peakedness(few.xs, few.ys, rows.deg, false, bins, WIDE_BIN);
  const colsBest = maySideways ? best(true) : undefined;
  return colsBest && colsBest.score > 1.5 * rows.score ? { degrees: colsBest.deg, rowsOverColumns: rows.score / colsBest.score } : { degrees: rows.deg, rowsOverColumns: rows.score / Math.max(1, cols) };
}

/** The image turned clockwise by `turns` quarter turns (exact, no resampling). */
export function quarterTurn(img: GreyPixels, turns: number): GreyPixels {
  const t = ((turns % 4) + 4) % 4;
  if (t === 0) return img;
  const { width: w, height: h, data } = img;
  const ow = t === 2 ? w : h;
  const oh = t === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      // Clockwise: (x, y) -> (h-1-y, x); half turn: (w-1-x, h-1-y); three quarters: (y, w-1-x).
      if (t === 1) out[x * ow + (h - 1 - y)] = v;
      else if (t === 2) out[(h - 1 - y) * ow + (w - 1 - x)] = v;
      else out[(w - 1 - x) * ow + y] = v;
    }
  }
  return { data: out, width: ow, height: oh };
}

/** The image mirrored left to right (exact). */
export function mirrorGrey(img: GreyPixels): GreyPixels {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = data[row + w - 1 - x]!;
  }
  return { data: out, width: w, height: h };
}
