// Ruling lines of a scanned or photographed table: a morphological opening of the dark pixels
// with a long horizontal (then vertical) line element, done as run lengths: dark runs at least
// `minLength` long survive, and runs on neighbouring rows that overlap become one rule. Pure JS
// over a greyscale buffer (sharp decodes it), so no OpenCV dependency; linear in the pixels.
import sharp from 'sharp';
import type { Segment } from '../types.js';

export interface GrayImage {
  /** One byte per pixel, 0 = black … 255 = white, rows top to bottom. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ImageRuleOptions {
  /** Darker than this is ink (default 160). */
  threshold?: number;
  /** Shortest rule in pixels (default: 1/25 of the larger side, at least 20). */
  minLength?: number;
  /** Thickest rule in pixels (default 8): thicker dark bands are filled areas, not rules. */
  maxThickness?: number;
}

interface Run {
  at: number;
  from: number;
  to: number;
}

/**
 * Dark runs ≥ minLength along the rows (`vertical` false) or the columns of the image, one list
 * per row or column. Columns are walked row by row with one run state per column (the same
 * runs as walking each column down, without striding through memory a row at a time).
 */
function runs(img: GrayImage, vertical: boolean, threshold: number, minLength: number, gapTolerance: number): Run[][] {
  const { data, width, height } = img;
  const lines = vertical ? width : height;
  const length = vertical ? height : width;
  const out: Run[][] = Array.from({ length: lines }, () => []);
  const start = new Int32Array(lines).fill(-1);
  const lastDark = new Int32Array(lines).fill(-1);
  const step = (i: number, j: number, dark: boolean): void => {
    if (dark) {
      if (start[i]! < 0) start[i] = j;
      lastDark[i] = j;
    } else if (start[i]! >= 0 && (j - lastDark[i]! > gapTolerance || j === length)) {
      // (a run reaching the image's edge ends there: a cropped table's rules often do)
      if (lastDark[i]! - start[i]! + 1 >= minLength) out[i]!.push({ at: i, from: start[i]!, to: lastDark[i]! });
      start[i] = -1;
    }
  };
  if (vertical) {
    for (let y = 0; y <= height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) {
        const dark = y < height && data[row + x]! < threshold;
        // (light pixels far from an open run change nothing)
        if (dark || start[x]! >= 0) step(x, y, dark);
      }
    }
  } else {
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x <= width; x++) {
        const dark = x < width && data[row + x]! < threshold;
        if (dark || start[y]! >= 0) step(y, x, dark);
      }
    }
  }
  return out;
}

/** Runs on consecutive lines that overlap along most of the shorter are one rule. */
function joinRuns(perLine: Run[][], maxThickness: number): Array<{ first: number; last: number; from: number; to: number }> {
  const done: Array<{ first: number; last: number; from: number; to: number }> = [];
  let open: Array<{ first: number; last: number; from: number; to: number }> = [];
  for (const line of perLine) {
    const next: typeof open = [];
    for (const r of line) {
      const hit = open.find((o) => o.last === r.at - 1 && Math.min(o.to, r.to) - Math.max(o.from, r.from) >= 0.5 * Math.min(o.to - o.from, r.to - r.from));
      if (hit) {
        hit.last = r.at;
        hit.from = Math.min(hit.from, r.from);
        hit.to = Math.max(hit.to, r.to);
        if (!next.includes(hit)) next.push(hit);
      } else next.push({ first: r.at, last: r.at, from: r.from, to: r.to });
    }
    for (const o of open) if (!next.includes(o)) done.push(o);
    open = next;
  }
  done.push(...open);
  return done.filter((d) => d.last - d.first + 1 <= maxThickness);
}

/** Horizontal and vertical rules of the image as segments (centre lines), in its pixels. */
export function imageRules(img: GrayImage, opts: ImageRuleOptions = {}): Segment[] {
  const { width, height } = img;
  const threshold = opts.threshold ?? 160;
  const minLength = opts.minLength ?? Math.max(20, Math.round(Math.max(width, height) / 25));
  const maxThickness = opts.maxThickness ?? 8;
  // A scanned rule has small breaks: up to 2 px of light pixels inside a run are bridged.
  const h = joinRuns(runs(img, false, threshold, minLength, 2), maxThickness);
  const v = joinRuns(runs(img, true, threshold, minLength, 2), maxThickness);
  const out: Segment[] = [];
  for (const r of h) out.push({ x0: r.from, y0: (r.first + r.last) / 2, x1: r.to, y1: (r.first + r.last) / 2, width: r.last - r.first + 1 });
  for (const r of v) out.push({ x0: (r.first + r.last) / 2, y0: r.from, x1: (r.first + r.last) / 2, y1: r.to, width: r.last - r.first + 1 });
  return out;
}

/** Rules of a PNG page image (decoded to greyscale by sharp). */
export async function imageRulesOfPng(png: Buffer, opts: ImageRuleOptions = {}): Promise<Segment[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return imageRules({ data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), width: info.width, height: info.height }, opts);
}
