// Template matching on a rendered page: normalized correlation coefficient (OpenCV's
// TM_CCOEFF_NORMED) of a rectangle cut from the page against every position of the page (or a
// search region), at the requested scales and quarter-turn rotations, then non-maximum
// suppression. Pure: pixels in, boxes out.
import type { BBox } from '../types.js';
import { greyMat, loadOpenCv, type Cv, type CvMat } from './opencv.js';

export interface GreyPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

export interface TemplateMatchOptions {
  /** Minimum score (-1..1) of a reported match. */
  threshold: number;
  maxResults: number;
  /** Where to look (page pixels); the whole page when absent. */
  searchRegion?: BBox;
  /** Template sizes relative to the rectangle (1 = as cut). */
  scales: number[];
  /** Clockwise quarter turns of the template, in degrees. */
  rotations: Rotation[];
  /** Two matches overlapping more than this (intersection over union) are one match. */
  nmsIou: number;
  /** Search at full resolution only (no coarse-to-fine shortcut); for checking the shortcut. */
  exhaustive?: boolean;
}

export interface TemplateMatch {
  bbox: BBox;
  score: number;
  scale: number;
  rotation: Rotation;
}

export interface TemplateMatchResult {
  matches: TemplateMatch[];
  /** More matches passed the threshold than maxResults allowed. */
  truncated: boolean;
}

/** Candidates kept per variant before suppression: bounds memory on a low threshold. */
const MAX_CANDIDATES = 20_000;

export const iou = (a: BBox, b: BBox): number => {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
};

/** Whether the rectangle's pixels are all one grey level (correlation is undefined there). */
export function isFlat(img: GreyPixels, r: BBox): boolean {
  const first = img.data[r[1] * img.width + r[0]];
  for (let y = r[1]; y < r[3]; y++) {
    for (let x = r[0]; x < r[2]; x++) if (img.data[y * img.width + x] !== first) return false;
  }
  return true;
}

function variantTemplate(cv: Cv, page: CvMat, rect: BBox, scale: number, rotation: Rotation): CvMat {
  const [x0, y0, x1, y1] = rect;
  const roi = page.roi(new cv.Rect(x0, y0, x1 - x0, y1 - y0));
  let out = roi.clone();
  roi.delete();
  if (scale !== 1) {
    const w = Math.max(1, Math.round((x1 - x0) * scale));
    const h = Math.max(1, Math.round((y1 - y0) * scale));
    const scaled = new cv.Mat();
    cv.resize(out, scaled, new cv.Size(w, h), 0, 0, scale < 1 ? cv.INTER_AREA : cv.INTER_LINEAR);
    out.delete();
    out = scaled;
  }
  if (rotation !== 0) {
    const code = rotation === 90 ? cv.ROTATE_90_CLOCKWISE : rotation === 180 ? cv.ROTATE_180 : cv.ROTATE_90_COUNTERCLOCKWISE;
    const turned = new cv.Mat();
    cv.rotate(out, turned, code);
    out.delete();
    out = turned;
  }
  return out;
}

/** Local maxima (3x3) of the score map at or above the threshold, best first. */
function peaks(scores: Float32Array, cols: number, rows: number, threshold: number): Peak[] {
  const out: Peak[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const s = scores[y * cols + x]!;
      if (!(s >= threshold)) continue; // also drops NaN
      let isPeak = true;
      for (let dy = -1; dy <= 1 && isPeak; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= rows) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if ((dx === 0 && dy === 0) || xx < 0 || xx >= cols) continue;
          const n = scores[yy * cols + xx]!;
          // Ties go to the first position in scan order, so a plateau yields one peak.
          if (n > s || (n === s && (dy < 0 || (dy === 0 && dx < 0)))) {
            isPeak = false;
            break;
          }
        }
      }
      if (isPeak) out.push({ x, y, score: s });
    }
  }
  out.sort((a, b) => b.score - a.score);
  return out.length > MAX_CANDIDATES ? out.slice(0, MAX_CANDIDATES) : out;
}

type Peak = { x: number; y: number; score: number };

function fullSearch(cv: Cv, search: CvMat, templ: CvMat, scores: CvMat, threshold: number): Peak[] {
  cv.matchTemplate(search, templ, scores, cv.TM_CCOEFF_NORMED);
  return peaks(scores.data32F, scores.cols, scores.rows, threshold);
}

/** Coarse-level scores of true matches run lower (detail lost, half-pixel phase): look this far below. */
const COARSE_MARGIN = 0.25;
/** Full-resolution pixels searched around each coarse candidate (2 px of coarse error, plus rounding). */
const REFINE = 3;
/** More coarse candidates than this and refining costs more than searching at full resolution. */
const MAX_REFINE = 150;

/**
 * Searches a half-size copy of the page first, then recomputes the exact full-resolution score in
 * a small window around each coarse candidate: about 4x less work on a page. Reported scores and
 * positions are full-resolution ones. Returns undefined where it does not pay or is not safe
 * (small templates or search areas, too many coarse candidates): the caller then searches at full
 * resolution.
 */
function coarseToFine(cv: Cv, search: CvMat, templ: CvMat, threshold: number): Peak[] | undefined {
  if (templ.cols < 24 || templ.rows < 24 || search.cols * search.rows < 250_000) return undefined;
  const half = (m: CvMat): CvMat => {
    const out = new cv.Mat();
    cv.resize(m, out, new cv.Size(Math.floor(m.cols / 2), Math.floor(m.rows / 2)), 0, 0, cv.INTER_AREA);
    return out;
  };
  const smallSearch = half(search);
  const smallTempl = half(templ);
  const coarse = new cv.Mat();
  const fine = new cv.Mat();
  try {
    cv.matchTemplate(smallSearch, smallTempl, coarse, cv.TM_CCOEFF_NORMED);
    const candidates = peaks(coarse.data32F, coarse.cols, coarse.rows, threshold - COARSE_MARGIN);
    if (candidates.length > MAX_REFINE) return undefined;
    const out: Peak[] = [];
    const maxX = search.cols - templ.cols;
    const maxY = search.rows - templ.rows;
    for (const c of candidates) {
      const x0 = Math.max(0, 2 * c.x - REFINE);
      const y0 = Math.max(0, 2 * c.y - REFINE);
      const x1 = Math.min(maxX, 2 * c.x + REFINE);
      const y1 = Math.min(maxY, 2 * c.y + REFINE);
      if (x1 < x0 || y1 < y0) continue;
      const window = search.roi(new cv.Rect(x0, y0, x1 - x0 + templ.cols, y1 - y0 + templ.rows));
      try {
        cv.matchTemplate(window, templ, fine, cv.TM_CCOEFF_NORMED);
      } finally {
        window.delete();
      }
      const f = fine.data32F;
      let best = 0;
      for (let i = 1; i < f.length; i++) if (f[i]! > f[best]!) best = i;
      const score = f[best]!;
      if (score >= threshold) out.push({ x: x0 + (best % fine.cols), y: y0 + Math.floor(best / fine.cols), score });
    }
    return out;
  } finally {
    smallSearch.delete();
    smallTempl.delete();
    coarse.delete();
    fine.delete();
  }
}

/** Greedy suppression: best first, dropping any box overlapping a kept one by more than `maxIou`. */
export function suppress(matches: TemplateMatch[], maxIou: number, limit: number): TemplateMatchResult {
  const sorted = [...matches].sort((a, b) => b.score - a.score);
  const kept: TemplateMatch[] = [];
  for (const m of sorted) {
    if (kept.some((k) => iou(k.bbox, m.bbox) > maxIou)) continue;
    if (kept.length === limit) return { matches: kept, truncated: true };
    kept.push(m);
  }
  return { matches: kept, truncated: false };
}

/**
 * Matches of the template rectangle `rect` (integer page pixels, inside the page, not flat) in
 * `img`. Variants whose template does not fit in the search region are skipped.
 */
export async function matchTemplate(img: GreyPixels, rect: BBox, opts: TemplateMatchOptions): Promise<TemplateMatchResult> {
  const { cv } = await loadOpenCv();
  const region = opts.searchRegion ?? [0, 0, img.width, img.height];
  const page = greyMat(cv, img.data, img.width, img.height);
  const search = page.roi(new cv.Rect(region[0], region[1], region[2] - region[0], region[3] - region[1]));
  const scores = new cv.Mat();
  const found: TemplateMatch[] = [];
  try {
    for (const scale of opts.scales) {
      for (const rotation of opts.rotations) {
        const templ = variantTemplate(cv, page, rect, scale, rotation);
        try {
          if (templ.cols > search.cols || templ.rows > search.rows) continue;
          const hits = (opts.exhaustive ? undefined : coarseToFine(cv, search, templ, opts.threshold)) ?? fullSearch(cv, search, templ, scores, opts.threshold);
          for (const p of hits) {
            const x = region[0] + p.x;
            const y = region[1] + p.y;
            found.push({ bbox: [x, y, x + templ.cols, y + templ.rows], score: Math.min(1, p.score), scale, rotation });
          }
        } finally {
          templ.delete();
        }
      }
    }
  } finally {
    scores.delete();
    search.delete();
    page.delete();
  }
  return suppress(found, opts.nmsIou, opts.maxResults);
}
