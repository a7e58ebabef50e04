// A small greyscale "ink" bitmap of a page and what can be read off it without text: thin ruling
// lines (for scans, whose tables have no drawn segments) and connected blobs of graphics.
import sharp from 'sharp';
import type { BBox, Segment } from '../types.js';
import type { InkMap } from './types.js';

/** Darker than this counts as ink. */
export const INK_LEVEL = 160;

/**
 * The page image downscaled to about `targetWidth` pixels wide, keeping the darkest pixel of each
 * block (min-pooling), so hairlines survive the reduction instead of fading to grey.
 */
export async function inkMap(png: Buffer, targetWidth = 425): Promise<InkMap> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return inkMapOf({ data, width: info.width, height: info.height }, targetWidth, info.channels);
}

/**
 * inkMap of pixels already in memory (a scan's page as read: no PNG decode); the first of every
 * `channels` bytes is the grey value.
 */
export function inkMapOf(img: { data: Uint8Array; width: number; height: number }, targetWidth = 425, channels = 1): InkMap {
  const { data } = img;
  const factor = Math.max(1, img.width / Math.max(1, targetWidth));
  const width = Math.max(1, Math.floor(img.width / factor));
  const height = Math.max(1, Math.floor(img.height / factor));
  const out = new Uint8Array(width * height).fill(255);
  // (each source column's target column, computed once rather than per pixel)
  const column = new Int32Array(img.width);
  for (let sx = 0; sx < img.width; sx++) column[sx] = Math.min(width - 1, Math.floor(sx / factor));
  for (let sy = 0; sy < img.height; sy++) {
    const row = Math.min(height - 1, Math.floor(sy / factor)) * width;
    const from = sy * img.width * channels;
    for (let sx = 0; sx < img.width; sx++) {
      const v = data[from + sx * channels]!;
      const k = row + column[sx]!;
      if (v < out[k]!) out[k] = v;
    }
  }
  return { data: out, width, height };
}

/** A copy of `ink` with the boxes (in ink pixels) painted white. */
export function maskInk(ink: InkMap, boxes: BBox[], pad = 1): InkMap {
  const data = Uint8Array.from(ink.data);
  for (const b of boxes) {
    const x0 = Math.max(0, Math.floor(b[0]) - pad);
    const x1 = Math.min(ink.width - 1, Math.ceil(b[2]) + pad);
    const y0 = Math.max(0, Math.floor(b[1]) - pad);
    const y1 = Math.min(ink.height - 1, Math.ceil(b[3]) + pad);
    for (let y = y0; y <= y1; y++) data.fill(255, y * ink.width + x0, y * ink.width + x1 + 1);
  }
  return { data, width: ink.width, height: ink.height };
}

/** Longest run of ink through (x, y) along one axis, capped at `cap`. */
function thickness(ink: InkMap, x: number, y: number, dx: number, dy: number, cap: number): number {
  // (both directions written out: this runs for every ink pixel of the map, twice, and an array
  // of directions per call was most of inkSegments' time)
  let n = 1;
  for (let k = 1; k <= cap; k++) {
    const xx = x + k * dx;
    const yy = y + k * dy;
    if (xx >= ink.width || yy >= ink.height || ink.data[yy * ink.width + xx]! >= INK_LEVEL) break;
    n++;
  }
  for (let k = 1; k <= cap; k++) {
    const xx = x - k * dx;
    const yy = y - k * dy;
    if (xx < 0 || yy < 0 || ink.data[yy * ink.width + xx]! >= INK_LEVEL) break;
    n++;
  }
  return n;
}

/**
 * Thin straight ruling lines of the bitmap, in ink pixels: runs of ink at most 3 pixels thick
 * and at least `minLength` long (default 4% of the width), allowing 2-pixel breaks where lines
 * cross. Small text can pass for a line at this scale: mask the text boxes first (maskInk).
 */
export function inkSegments(ink: InkMap, minLength = Math.max(8, Math.round(ink.width * 0.04))): Segment[] {
  const out: Segment[] = [];
  for (const horizontal of [true, false]) {
    const [len, count] = horizontal ? [ink.width, ink.height] : [ink.height, ink.width];
    const runs: Array<[number, number, number]> = []; // position, start, end
    for (let p = 0; p < count; p++) {
      let start = -1;
      let last = -1;
      for (let q = 0; q <= len; q++) {
        const x = horizontal ? q : p;
        const y = horizontal ? p : q;
        const thin = q < len && ink.data[y * ink.width + x]! < INK_LEVEL && thickness(ink, x, y, horizontal ? 0 : 1, horizontal ? 1 : 0, 4) <= 3;
        if (thin) {
          if (start < 0 || q - last > 3) {
            if (start >= 0 && last - start + 1 >= minLength) runs.push([p, start, last]);
            start = q;
          }
          last = q;
        }
      }
      if (start >= 0 && last - start + 1 >= minLength) runs.push([p, start, last]);
    }
    // A line 2–3 pixels thick gives a run on each of its rows: keep one per line.
    const kept: Array<[number, number, number]> = [];
    for (const r of runs) {
      const dup = kept.find((k) => r[0] - k[0] <= 3 && r[0] > k[0] - 1 && Math.min(k[2], r[2]) - Math.max(k[1], r[1]) > 0.5 * (r[2] - r[1]));
      if (dup) {
        dup[1] = Math.min(dup[1], r[1]);
        dup[2] = Math.max(dup[2], r[2]);
      } else kept.push([...r]);
    }
    for (const [p, a, b] of kept) out.push(horizontal ? { x0: a, y0: p + 0.5, x1: b + 1, y1: p + 0.5, width: 1 } : { x0: p + 0.5, y0: a, x1: p + 0.5, y1: b + 1, width: 1 });
  }
  return out;
}

export interface Blob {
  bbox: BBox;
  pixels: number;
}

/** 8-connected components of ink, in ink pixels. */
export function inkBlobs(ink: InkMap): Blob[] {
  const { width, height, data } = ink;
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const blobs: Blob[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= INK_LEVEL) continue;
    seen[start] = 1;
    stack.push(start);
    const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
    let pixels = 0;
    while (stack.length) {
      const k = stack.pop()!;
      const x = k % width;
      const y = (k - x) / width;
      pixels++;
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x + 1 > box[2]) box[2] = x + 1;
      if (y + 1 > box[3]) box[3] = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const n = yy * width + xx;
          if (!seen[n] && data[n]! < INK_LEVEL) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    blobs.push({ bbox: box, pixels });
  }
  return blobs;
}

/** Run lengths of ink through each pixel of `box` (ink pixels), along x and along y. */
function runs(ink: InkMap, box: BBox): { h: Uint16Array; v: Uint16Array; w: number; x0: number; y0: number } {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const w = Math.max(0, Math.min(ink.width, Math.ceil(box[2])) - x0);
  const hgt = Math.max(0, Math.min(ink.height, Math.ceil(box[3])) - y0);
  const h = new Uint16Array(w * hgt);
  const v = new Uint16Array(w * hgt);
  const dark = (x: number, y: number): boolean => ink.data[(y0 + y) * ink.width + x0 + x]! < INK_LEVEL;
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; ) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      let e = x;
      while (e < w && dark(e, y)) e++;
      h.fill(Math.min(e - x, 65535), y * w + x, y * w + e);
      x = e;
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < hgt; ) {
      if (!dark(x, y)) {
        y++;
        continue;
      }
      let e = y;
      while (e < hgt && dark(x, e)) e++;
      for (let k = y; k < e; k++) v[k * w + x] = Math.min(e - y, 65535);
      y = e;
    }
  }
  return { h, v, w, x0, y0 };
}

/** Darker than this is paint: ink or a tint (a shaded cell). */
const PAINT_LEVEL = 230;

/** 8-connected labels (1, 2, …; 0 = none) of pixels darker than `level` in a w × h window at (x0, y0). */
function labels(ink: InkMap, x0: number, y0: number, w: number, h: number, level: number): Int32Array {
  const out = new Int32Array(w * h);
  const dark = (x: number, y: number): boolean => ink.data[(y0 + y) * ink.width + x0 + x]! < level;
  let next = 0;
  const stack: number[] = [];
  for (let k = 0; k < out.length; k++) {
    if (out[k] || !dark(k % w, Math.floor(k / w))) continue;
    out[k] = ++next;
    stack.push(k);
    while (stack.length) {
      const c = stack.pop()!;
      const x = c % w;
      const y = (c - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const n = yy * w + xx;
          if (!out[n] && dark(xx, yy)) {
            out[n] = next;
            stack.push(n);
          }
        }
      }
    }
  }
  return out;
}

/**
 * Share of `box` (ink pixels) inked by anything but thin ruling lines and the tinted areas text
 * sits on (shaded cells, of any tint): curves, bars, pictures. Pass a map with the text masked,
 * and the text boxes.
 */
export function graphicShare(ink: InkMap, box: BBox, minRule: number, text: BBox[]): number {
  const { h, v, w, x0, y0 } = runs(ink, box);
  if (!w) return 0;
  const rows = h.length / w;
  const lab = labels(ink, x0, y0, w, rows, PAINT_LEVEL);
  // Ink blobs at most 3 pixels thick are bits of rules (the text mask cuts rules into pieces).
  const blobs = labels(ink, x0, y0, w, rows, INK_LEVEL);
  const extent = new Map<number, BBox>();
  for (let k = 0; k < blobs.length; k++) {
    const id = blobs[k]!;
    if (!id) continue;
    const x = k % w;
    const y = (k - x) / w;
    const b = extent.get(id);
    if (b) extent.set(id, [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x + 1), Math.max(b[3], y + 1)]);
    else extent.set(id, [x, y, x + 1, y + 1]);
  }
  const thin = new Set([...extent].filter(([, b]) => b[2] - b[0] <= 3 || b[3] - b[1] <= 3).map(([id]) => id));
  // A painted area touching most of a text box's surroundings is the fill under that text.
  const fills = new Set<number>();
  for (const t of text) {
    const counts = new Map<number, number>();
    let ring = 0;
    for (const [x, y] of ringAround(t, 2)) {
      const lx = x - x0;
      const ly = y - y0;
      if (lx < 0 || ly < 0 || lx >= w || ly >= rows) continue;
      ring++;
      const id = lab[ly * w + lx]!;
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const [id, n] of counts) if (n >= 0.4 * ring) fills.add(id);
  }
  let graphic = 0;
  for (let k = 0; k < h.length; k++) {
    if (!h[k] || fills.has(lab[k]!) || thin.has(blobs[k]!)) continue;
    const rule = (h[k]! >= minRule && v[k]! <= 3) || (v[k]! >= minRule && h[k]! <= 3);
    if (!rule) graphic++;
  }
  return graphic / h.length;
}

/** Pixels of the rectangle `d` pixels outside `b` (past a one-pixel text mask). */
function ringAround(b: BBox, d: number): Array<[number, number]> {
  const [x0, y0, x1, y1] = [Math.floor(b[0]) - d, Math.floor(b[1]) - d, Math.ceil(b[2]) + d, Math.ceil(b[3]) + d];
  const out: Array<[number, number]> = [];
  for (let x = x0; x <= x1; x++) out.push([x, y0], [x, y1]);
  for (let y = y0 + 1; y < y1; y++) out.push([x0, y], [x1, y]);
  return out;
}
