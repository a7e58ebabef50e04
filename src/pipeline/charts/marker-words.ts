// OCR reads small hollow or round markers as letters ("oo", "Oo", "a", "Bo") and the text mask
// then hides them from the marks. Inside the plot frame, a short word made only of such round
// shapes, not a number, is a drawing of markers, not text; so is any word read over filled dots
// or over small filled shapes (a grey triangle read as "A").
import type { BBox, Word } from '../types.js';
import { parseNumber } from './text.js';

const ROUND = /^[oO0QDBa@°ce8]{1,3}$/u;

/** The image the words were read from: `bg` is the background colour. */
export interface InkImage {
  rgb: Uint8Array;
  width: number;
  bg: [number, number, number];
}

export function dropMarkerReadings(words: Word[], plot: BBox | undefined, image?: InkImage): Word[] {
  if (!plot) return words;
  // Centred in the frame: markers at an axis limit straddle it.
  const within = (b: BBox): boolean => (b[0] + b[2]) / 2 > plot[0] && (b[0] + b[2]) / 2 < plot[2] && (b[1] + b[3]) / 2 > plot[1] - 2 && (b[1] + b[3]) / 2 < plot[3] + 2;
  const hs = words.map((w) => w.bbox[3] - w.bbox[1]).sort((a, b) => a - b);
  const th = hs[Math.floor(hs.length / 2)] ?? 10;
  return words.filter((w) => {
    if (!within(w.bbox)) return true;
    if (ROUND.test(w.text.trim()) && parseNumber(w.text.trim()) === null) return false;
    if (image && solidDots(w.bbox, image, th)) return false;
    // A short word, not a number, over filled shapes only.
    return !(image && w.text.trim().length <= 3 && parseNumber(w.text.trim()) === null && filledShapes(w.bbox, image));
  });
}

/**
 * Filled markers (a row of dark dots on a limit read as "Cog", "@@eece", even "000") are ink thick
 * in every direction: most of it lies a sixth of a text height deep inside the shape, which
 * glyph strokes never are. Background must show around it: a label inside a bar is all ink.
 */
export function solidDots(b: BBox, { rgb, width, bg }: InkImage, th: number): boolean {
  const height = rgb.length / 3 / width;
  const x0 = Math.max(0, Math.floor(b[0])), x1 = Math.min(width, Math.ceil(b[2]));
  const y0 = Math.max(0, Math.floor(b[1])), y1 = Math.min(height, Math.ceil(b[3]));
  const isInk = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = 3 * (y * width + x);
    return Math.hypot(rgb[i]! - bg[0], rgb[i + 1]! - bg[1], rgb[i + 2]! - bg[2]) >= 60;
  };
  const k = Math.max(2, Math.round(th / 6));
  let ink = 0, deep = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (!isInk(x, y)) continue;
      ink++;
      if (isInk(x - k, y) && isInk(x + k, y) && isInk(x, y - k) && isInk(x, y + k)) deep++;
    }
  const area = (x1 - x0) * (y1 - y0);
  return ink > 0 && ink < 0.9 * area && deep >= 0.35 * ink;
}

/**
 * Small markers too small for solidDots' depth test (a filled triangle 9 pixels across read as
 * "A"): every piece of ink in the box is a filled convex shape, each row and column of it one run
 * of ink, filling much of its box, with rows as wide as a shape's (not a letter's thin stem: "T",
 * "L" and "I" are single runs too). Letters have two strokes across some row or column ("A", "o").
 */
export function filledShapes(b: BBox, { rgb, width, bg }: InkImage): boolean {
  const height = rgb.length / 3 / width;
  const x0 = Math.max(0, Math.floor(b[0])), x1 = Math.min(width, Math.ceil(b[2]));
  const y0 = Math.max(0, Math.floor(b[1])), y1 = Math.min(height, Math.ceil(b[3]));
  const w = x1 - x0, h = y1 - y0;
  if (w <= 0 || h <= 0) return false;
  const ink = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = 3 * (y * width + x);
      ink[(y - y0) * w + x - x0] = Math.hypot(rgb[i]! - bg[0], rgb[i + 1]! - bg[1], rgb[i + 2]! - bg[2]) >= 60 ? 1 : 0;
    }
  const seen = new Uint8Array(w * h);
  let shapes = 0;
  for (let s = 0; s < w * h; s++) {
    if (!ink[s] || seen[s]) continue;
    const piece: number[] = [];
    seen[s] = 1;
    for (let q = [s]; q.length; ) {
      const i = q.pop()!;
      piece.push(i);
      const px = i % w, py = (i - px) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx, ny = py + dy, n = ny * w + nx;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || !ink[n] || seen[n]) continue;
          seen[n] = 1;
          q.push(n);
        }
    }
    if (piece.length < 4) continue; // a stray pixel of a rim
    if (!filledConvex(piece, w)) return false;
    shapes++;
  }
  return shapes > 0;
}

/** One piece (indices into a box `w` wide): at least 5 by 5 and about as wide as tall (no "I"), each row and column one run, filled. */
function filledConvex(piece: number[], w: number): boolean {
  const rows = new Map<number, number[]>(), cols = new Map<number, number[]>();
  for (const i of piece) {
    const x = i % w, y = (i - x) / w;
    (rows.get(y) ?? rows.set(y, []).get(y)!).push(x);
    (cols.get(x) ?? cols.set(x, []).get(x)!).push(y);
  }
  const single = (runs: Map<number, number[]>): boolean => [...runs.values()].every((v) => Math.max(...v) - Math.min(...v) + 1 === v.length);
  const pw = cols.size, ph = rows.size;
  if (pw < 5 || ph < 5 || pw < 0.5 * ph || ph < 0.5 * pw || !single(rows) || !single(cols)) return false;
  const widths = [...rows.values()].map((v) => v.length).sort((a, b) => a - b);
  return piece.length >= 0.45 * pw * ph && widths[widths.length >> 1]! >= 0.4 * pw;
}
