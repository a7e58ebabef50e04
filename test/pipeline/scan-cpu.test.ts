// The scan path's steps made cheaper in issue 22g give what the code they replace gave: the skew
// search on thinned points (the same angle), the ruling-line search on the ink map without
// per-pixel arrays, a page copied only when something is painted on it, a grey image taken
// without a second libvips pipeline, an OCR image written in two parts.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sameChannels } from '../../src/pipeline/images.js';
import { inkSegments, INK_LEVEL } from '../../src/pipeline/layout/ink.js';
import type { InkMap } from '../../src/pipeline/layout/types.js';
import { invertDarkBands } from '../../src/pipeline/scan/bands.js';
import { prepareScan } from '../../src/pipeline/scan/read-scan.js';
import { estimatePageSkew, MAX_SKEW, peakedness, quarterTurn } from '../../src/pipeline/scan/skew.js';
import { rotateGrey } from '../../src/pipeline/schematics/raster.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import { imageRules } from '../../src/pipeline/tables/image-rules.js';
import { eraseRules } from '../../src/pipeline/tables/scan-text.js';
import type { Segment } from '../../src/pipeline/types.js';
import { tiff, tiffHeader } from '../../src/providers/ocr/raster.js';

/** Whether two pixel arrays are equal (toEqual walks 200,000 elements one by one). */
const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A page of text-like lines: word blobs along rows, with noise; `rules` adds a ruled box. */
function textPage(width: number, height: number, seed: number, rules = false): GreyPixels {
  const r = random(seed);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = 215 + Math.floor(r() * 40);
  const fill = (x0: number, y0: number, x1: number, y1: number, v: number): void => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) data[y * width + x] = v;
  };
  for (let y = 60; y < height - 60; y += 34) {
    for (let x = 50; x < width - 80; ) {
      const w = 20 + Math.floor(r() * 70);
      for (let c = x; c < x + w; c += 7 + Math.floor(r() * 5)) fill(c, y + (r() < 0.2 ? -3 : 2), c + 5, y + 10 + (r() < 0.2 ? 3 : 0), Math.floor(r() * 90));
      x += w + 12;
    }
  }
  if (rules) {
    fill(40, 100, width - 40, 102, 20);
    fill(40, 300, width - 40, 302, 20);
    fill(40, 100, 42, 302, 20);
    fill(width - 42, 100, width - 40, 302, 20);
  }
  return { data, width, height };
}

/** estimatePageSkew as written before issue 22g: both axes searched coarse then fine on every point. */
function skewReference(img: GreyPixels): { degrees: number; rowsOverColumns: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[y * img.width + x]! >= 140) continue;
      xs.push(x - img.width / 2);
      ys.push(y - img.height / 2);
    }
  }
  const [fx, fy] = [Float64Array.from(xs), Float64Array.from(ys)];
  const bins = new Float64Array(img.width + img.height + 8);
  const best = (vertical: boolean): { deg: number; score: number } => {
    let deg = 0;
    let score = peakedness(fx, fy, 0, vertical, bins, 1);
    const search = (from: number, to: number, step: number): void => {
      for (let d = from; d <= to + 1e-9; d += step) {
        const s = peakedness(fx, fy, d, vertical, bins, 1);
        if (s > score) [score, deg] = [s, d];
      }
    };
    search(-MAX_SKEW, MAX_SKEW, 0.25);
    search(deg - 0.25, deg + 0.25, 0.05);
    return { deg: Math.round(deg * 100) / 100, score };
  };
  const rows = best(false);
  const cols = peakedness(fx, fy, rows.deg, true, bins, 1);
  const colsBest = best(true);
  return colsBest.score > 1.5 * rows.score ? { degrees: colsBest.deg, rowsOverColumns: rows.score / colsBest.score } : { degrees: rows.deg, rowsOverColumns: rows.score / Math.max(1, cols) };
}

/** inkSegments' run test as first written (an array per pixel and per thickness call). */
function thinReference(ink: InkMap, x: number, y: number, horizontal: boolean): boolean {
  const [dx, dy] = horizontal ? [0, 1] : [1, 0];
  let n = 1;
  for (const s of [1, -1]) {
    for (let k = 1; k <= 4; k++) {
      const [xx, yy] = [x + s * k * dx, y + s * k * dy];
      if (xx < 0 || yy < 0 || xx >= ink.width || yy >= ink.height || ink.data[yy * ink.width + xx]! >= INK_LEVEL) break;
      n++;
    }
  }
  return ink.data[y * ink.width + x]! < INK_LEVEL && n <= 3;
}

describe('scan steps made cheaper (issue 22g)', () => {
  it('the skew search on thinned points finds the angle the full search finds, upright and sideways', () => {
    // (fewer points per page here than the 150,000 sampled on a scan, so every ink pixel is kept)
    for (const [seed, deg, turns] of [[1, 0.7, 0], [2, -1.3, 0], [3, 2.4, 0], [4, 0.35, 1], [5, -0.9, 1], [6, 0, 0]] as const) {
      let img = rotateGrey(textPage(700, 900, seed), deg);
      if (turns) img = quarterTurn(img, turns);
      const ref = skewReference(img);
      const got = estimatePageSkew(img);
      expect(got.degrees).toBe(ref.degrees);
      // (the sideways test of readScannedPage, SIDEWAYS = 0.6, decides as before)
      expect(got.rowsOverColumns < 0.6).toBe(ref.rowsOverColumns < 0.6);
      expect(got.rowsOverColumns).toBeCloseTo(ref.rowsOverColumns, 2);
    }
  });

  it('inkSegments keeps the runs the per-pixel reference keeps', () => {
    const r = random(9);
    const ink: InkMap = { data: new Uint8Array(300 * 200), width: 300, height: 200 };
    for (let i = 0; i < ink.data.length; i++) ink.data[i] = r() < 0.08 ? Math.floor(r() * 150) : 255;
    for (let x = 10; x < 290; x++) ink.data[50 * 300 + x] = 0;
    for (let y = 5; y < 195; y++) ink.data[y * 300 + 120] = 0;
    const min = 12;
    const expected: Segment[] = [];
    for (const horizontal of [true, false]) {
      const [len, count] = horizontal ? [ink.width, ink.height] : [ink.height, ink.width];
      const runs: Array<[number, number, number]> = [];
      for (let p = 0; p < count; p++) {
        let [start, last] = [-1, -1];
        for (let q = 0; q <= len; q++) {
          if (q < len && thinReference(ink, horizontal ? q : p, horizontal ? p : q, horizontal)) {
            if (start < 0 || q - last > 3) {
              if (start >= 0 && last - start + 1 >= min) runs.push([p, start, last]);
              start = q;
            }
            last = q;
          }
        }
        if (start >= 0 && last - start + 1 >= min) runs.push([p, start, last]);
      }
      const kept: Array<[number, number, number]> = [];
      for (const run of runs) {
        const dup = kept.find((k) => run[0] - k[0] <= 3 && run[0] > k[0] - 1 && Math.min(k[2], run[2]) - Math.max(k[1], run[1]) > 0.5 * (run[2] - run[1]));
        if (dup) [dup[1], dup[2]] = [Math.min(dup[1], run[1]), Math.max(dup[2], run[2])];
        else kept.push([...run]);
      }
      for (const [p, a, b] of kept) expected.push(horizontal ? { x0: a, y0: p + 0.5, x1: b + 1, y1: p + 0.5, width: 1 } : { x0: p + 0.5, y0: a, x1: p + 0.5, y1: b + 1, width: 1 });
    }
    const got = inkSegments(ink, min);
    expect(got.length).toBeGreaterThan(2);
    expect(got).toEqual(expected);
  });

  it('prepareScan copies the page only to paint on it, and paints what copy-then-paint painted', () => {
    // (specks and dots: nothing a rule or band finder takes)
    const r = random(11);
    const plain: GreyPixels = { data: Uint8Array.from({ length: 500 * 400 }, () => (r() < 0.01 ? 30 : 230)), width: 500, height: 400 };
    const before = Uint8Array.from(plain.data);
    const prepared = prepareScan(plain);
    expect(prepared.rules).toEqual([]);
    expect(prepared.img).toBe(plain);
    expect(same(plain.data, before)).toBe(true);

    const ruled = textPage(500, 400, 12, true);
    for (let y = 330; y < 370; y++) ruled.data.fill(10, y * 500 + 20, y * 500 + 480); // a dark band
    const kept = Uint8Array.from(ruled.data);
    const painted = prepareScan(ruled);
    expect(painted.img).not.toBe(ruled);
    expect(same(ruled.data, kept)).toBe(true);
    const copy = { ...ruled, data: Uint8Array.from(ruled.data) };
    invertDarkBands(copy);
    eraseRules(copy, imageRules(copy));
    expect(painted.bands.length).toBe(1);
    expect(painted.rules.length).toBeGreaterThanOrEqual(4);
    expect(same(painted.img.data, copy.data)).toBe(true);
    expect(same(painted.img.data, kept)).toBe(false);
  });

  it('a grey image is taken from its first channel, a coloured one is not', async () => {
    const grey = Uint8Array.from([0, 0, 0, 128, 128, 128, 255, 255, 255]);
    expect(sameChannels(grey, 3)).toEqual(Uint8Array.from([0, 128, 255]));
    expect(sameChannels(Uint8Array.from([0, 0, 0, 128, 127, 128]), 3)).toBeUndefined();
    expect(sameChannels(grey, 1)).toBeUndefined();
    // what libvips makes of a grey sRGB pixel is its own value, for every value
    const ramp = new Uint8Array(256 * 3);
    for (let v = 0; v < 256; v++) ramp.fill(v, v * 3, v * 3 + 3);
    const out = await sharp(ramp, { raw: { width: 256, height: 1, channels: 3 } }).greyscale().extractChannel(0).raw().toBuffer();
    expect(Uint8Array.from(out)).toEqual(sameChannels(ramp, 3));
  });

  it('the TIFF handed to tesseract in two parts is the TIFF in one', () => {
    const pixels = Buffer.from(Uint8Array.from({ length: 40 * 30 }, (_, i) => i % 251));
    expect(Buffer.concat([tiffHeader(40, 30, 200), pixels])).toEqual(tiff(40, 30, pixels, 200));
  });
});
