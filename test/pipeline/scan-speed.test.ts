// The scan path's pixel loops made cheaper (issue 22f) give the same results as the plain
// formulas they replace: each is checked here against that formula, kept as the reference.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderImageGrey, renderImagePage } from '../../src/pipeline/images.js';
import { inkMap, inkMapOf } from '../../src/pipeline/layout/ink.js';
import { peakedness } from '../../src/pipeline/scan/skew.js';
import { rotateGrey } from '../../src/pipeline/schematics/raster.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import { imageRules } from '../../src/pipeline/tables/image-rules.js';
import type { Segment } from '../../src/pipeline/types.js';
import { thumbnailOf } from '../../src/processing/page.js';

/** A seeded stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A noisy page with text-like blobs, long rules (some broken by a pixel or two) and a dark band. */
function page(width: number, height: number, seed: number): GreyPixels {
  const r = random(seed);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = 200 + Math.floor(r() * 56);
  const fill = (x0: number, y0: number, x1: number, y1: number, v: number): void => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) data[y * width + x] = v;
  };
  for (let k = 0; k < 400; k++) {
    const x = Math.floor(r() * width);
    const y = Math.floor(r() * height);
    fill(x, y, x + 2 + Math.floor(r() * 6), y + 3 + Math.floor(r() * 8), Math.floor(r() * 100));
  }
  fill(10, 40, width - 10, 42, 20);
  fill(10, 90, width - 10, 91, 30);
  fill(60, 90, 62, 91, 230); // a break of 2 px, bridged
  fill(20, 30, 22, height - 20, 25);
  fill(width - 30, 30, width - 29, height - 20, 40);
  fill(0, height - 15, width, height - 5, 15);
  return { data, width, height };
}

/** rotateGrey as first written: the source point of every pixel from the turned centre offsets. */
function rotateReference(img: GreyPixels, deg: number): Uint8Array {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  const a = (deg * Math.PI) / 180;
  const [cos, sin, cx, cy] = [Math.cos(a), Math.sin(a), w / 2, h / 2];
  for (let y = 0; y < h; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < w; x++) {
      const dx = x + 0.5 - cx;
      const sx = cos * dx + sin * dy + cx - 0.5;
      const sy = -sin * dx + cos * dy + cy - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        out[y * w + x] = 255;
        continue;
      }
      const [fx, fy, i] = [sx - x0, sy - y0, y0 * w + x0];
      const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
      const bottom = data[i + w]! + (data[i + w + 1]! - data[i + w]!) * fx;
      out[y * w + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return out;
}

/** The dark runs of one axis read pixel by pixel along each row or column (image-rules.ts as first written). */
function rulesReference(img: GreyPixels): Segment[] {
  const { data, width, height } = img;
  const [threshold, minLength, maxThickness, gap] = [160, Math.max(20, Math.round(Math.max(width, height) / 25)), 8, 2];
  type Run = { at: number; from: number; to: number };
  const runs = (lines: number, length: number, get: (i: number, j: number) => number): Run[][] =>
    Array.from({ length: lines }, (_, i) => {
      const mine: Run[] = [];
      let [start, lastDark] = [-1, -1];
      for (let j = 0; j <= length; j++) {
        const dark = j < length && get(i, j) < threshold;
        if (dark) {
          if (start < 0) start = j;
          lastDark = j;
        } else if (start >= 0 && (j - lastDark > gap || j === length)) {
          if (lastDark - start + 1 >= minLength) mine.push({ at: i, from: start, to: lastDark });
          start = -1;
        }
      }
      return mine;
    });
  const join = (perLine: Run[][]): Array<{ first: number; last: number; from: number; to: number }> => {
    const done: Array<{ first: number; last: number; from: number; to: number }> = [];
    let open: typeof done = [];
    for (const line of perLine) {
      const next: typeof done = [];
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
  };
  const h = join(runs(height, width, (y, x) => data[y * width + x]!));
  const v = join(runs(width, height, (x, y) => data[y * width + x]!));
  return [
    ...h.map((r) => ({ x0: r.from, y0: (r.first + r.last) / 2, x1: r.to, y1: (r.first + r.last) / 2, width: r.last - r.first + 1 })),
    ...v.map((r) => ({ x0: (r.first + r.last) / 2, y0: r.from, x1: (r.first + r.last) / 2, y1: r.to, width: r.last - r.first + 1 })),
  ];
}

describe('the scan path computes what the plain formulas compute', () => {
  it('rotateGrey turns a page to the same pixels as the per-pixel formula', () => {
    for (const [w, h, deg] of [
      [301, 203, 0.7],
      [180, 260, -1.35],
      [97, 131, 2.95],
      [64, 64, 90.5],
    ] as const) {
      const img = page(w, h, w);
      expect(Buffer.from(rotateGrey(img, deg).data).equals(Buffer.from(rotateReference(img, deg)))).toBe(true);
    }
  });

  it('peakedness bins points as Math.round does, on both axes', () => {
    const r = random(7);
    const n = 5000;
    const xs = Float64Array.from({ length: n }, () => (r() - 0.5) * 900);
    const ys = Float64Array.from({ length: n }, () => (r() - 0.5) * 1100);
    // Points half a bin from an edge (x.5 after centring), where rounding decides.
    for (let i = 0; i < 200; i++) ys[i] = Math.round(ys[i]!) + 0.5;
    const bins = new Float64Array(900 + 1100 + 8);
    for (const binSize of [1, 2.5]) {
      for (const vertical of [false, true]) {
        for (const deg of [0, 0.35, -1.2, 2.75]) {
          const a = (deg * Math.PI) / 180;
          const expected = new Float64Array(bins.length);
          for (let i = 0; i < n; i++) {
            const v = vertical ? xs[i]! * Math.cos(a) + ys[i]! * Math.sin(a) : -xs[i]! * Math.sin(a) + ys[i]! * Math.cos(a);
            const b = Math.round(v / binSize + bins.length / 2);
            if (b >= 0 && b < bins.length) expected[b]!++;
          }
          const score = expected.reduce((s, c) => s + c * c, 0);
          expect(peakedness(xs, ys, deg, vertical, bins, binSize)).toBe(score);
          expect([...bins]).toEqual([...expected]);
        }
      }
    }
  });

  it('imageRules finds the same rules as reading each row and column pixel by pixel', () => {
    for (const seed of [3, 4]) {
      const img = page(420, 300, seed);
      const found = imageRules(img);
      expect(found.length).toBeGreaterThanOrEqual(4);
      expect(found).toEqual(rulesReference(img));
    }
  });

  it('inkMapOf on grey pixels is inkMap of the same page as PNG', async () => {
    const img = page(1003, 731, 9);
    const png = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } }).png().toBuffer();
    const a = inkMapOf(img);
    const b = await inkMap(png);
    expect([a.width, a.height]).toEqual([b.width, b.height]);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });

  it('an image page drawn to grey has the grey values of its PNG', async () => {
    const img = page(320, 240, 11);
    const rgb = Buffer.alloc(img.width * img.height * 4);
    for (let i = 0; i < img.data.length; i++) rgb.set([img.data[i]!, 255 - img.data[i]!, (img.data[i]! * 7) & 255, i % 3 ? 255 : 128], i * 4);
    const jpeg = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } }).jpeg().toBuffer();
    const files = [
      await sharp(rgb, { raw: { width: img.width, height: img.height, channels: 4 } }).png().toBuffer(),
      await sharp([jpeg, jpeg], { join: { animated: true } }).tiff({ compression: 'jpeg' }).toBuffer(),
    ];
    const limits = { maxPixels: 1e7, maxPages: 10 };
    for (const file of files) {
      const grey = await renderImageGrey(file, files.indexOf(file) + 1, limits);
      const viaPng = await sharp((await renderImagePage(file, files.indexOf(file) + 1, limits)).png).flatten({ background: '#ffffff' }).greyscale().extractChannel(0).raw().toBuffer();
      expect([grey.width, grey.height]).toEqual([img.width, img.height]);
      expect(Buffer.from(grey.data).equals(viaPng)).toBe(true);
    }
  });

  it("a scan's thumbnail from its grey pixels is the one shrunk from its PNG", async () => {
    const img = page(1203, 1501, 13);
    const png = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } }).png().toBuffer();
    const source = { kind: 'image' as const, bytes: png, pdf: null };
    const rendered = { png, width: img.width, height: img.height, dpi: 150 };
    const a = await sharp(await thumbnailOf(source, 1, rendered, img)).raw().toBuffer({ resolveWithObject: true });
    const b = await sharp(await thumbnailOf(source, 1, rendered)).raw().toBuffer({ resolveWithObject: true });
    expect(a.info.width).toBe(256);
    expect([a.info.width, a.info.height, a.info.channels]).toEqual([b.info.width, b.info.height, b.info.channels]);
    expect(a.data.equals(b.data)).toBe(true);
  });
});
