// The pixel passes template matching repeats thousands of times a sheet (softening, quarter
// turns, erosion and dilation, block means) rewritten for speed: each must give exactly what the
// plain per-pixel definition gives, on random masks of awkward sizes (one pixel wide, odd blocks).
import { describe, expect, it } from 'vitest';
import { shrink, shrinkByIntegral } from '../../../src/pipeline/schematics/match.js';
import { nccImage } from '../../../src/pipeline/schematics/ncc.js';
import { components, type GreyPixels, type Mask } from '../../../src/pipeline/schematics/raster.js';
import { morph, soften, turnMask, type Turn } from '../../../src/pipeline/schematics/templates.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function randomMask(w: number, h: number, density: number, seed: number): Mask {
  const r = rng(seed);
  return { data: Uint8Array.from({ length: w * h }, () => (r() < density ? 1 : 0)), width: w, height: h };
}

const SIZES: Array<[number, number]> = [[1, 1], [1, 7], [9, 1], [2, 2], [13, 5], [31, 17], [64, 40]];

function softenRef(m: Mask): GreyPixels {
  const { width: w, height: h, data } = m;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let n = 0;
    let c = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
      n += data[yy * w + xx]!;
      c++;
    }
    out[y * w + x] = 255 - Math.round((255 * n) / c);
  }
  return { data: out, width: w, height: h };
}

function turnRef(m: Mask, rot: Turn): Mask {
  const { width: w, height: h, data } = m;
  const ow = rot === 180 || rot === 0 ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const [nx, ny] = rot === 0 ? [x, y] : rot === 90 ? [h - 1 - y, x] : rot === 180 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
    out[ny * ow + nx] = data[y * w + x]!;
  }
  return { data: out, width: ow, height: rot === 180 || rot === 0 ? h : w };
}

function morphRef(m: Mask, grow: number): Mask {
  const r = Math.abs(grow);
  const on = grow > 0 ? 1 : 0;
  const { width: w, height: h } = m;
  const pass = (src: Uint8Array, horizontal: boolean): Uint8Array => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      let v = on ? 0 : 1;
      for (let k = -r; k <= r; k++) {
        const xx = horizontal ? x + k : x;
        const yy = horizontal ? y : y + k;
        const s = xx < 0 || yy < 0 || xx >= w || yy >= h ? 0 : src[yy * w + xx]!;
        if (s === on) {
          v = on;
          break;
        }
      }
      out[y * w + x] = v;
    }
    return out;
  };
  return { data: pass(pass(m.data, true), false), width: w, height: h };
}

/** 8-connected labels by flood fill, numbered in the order their first pixel is met row by row. */
function labelsRef(m: Mask): Int32Array {
  const { width: w, height: h, data } = m;
  const labels = new Int32Array(w * h);
  let count = 0;
  for (let i = 0; i < w * h; i++) {
    if (!data[i] || labels[i]) continue;
    labels[i] = ++count;
    const stack = [i];
    while (stack.length > 0) {
      const j = stack.pop()!;
      const x = j % w;
      const y = Math.floor(j / w);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const k = yy * w + xx;
        if (data[k] && !labels[k]) {
          labels[k] = count;
          stack.push(k);
        }
      }
    }
  }
  return labels;
}

function shrinkRef(img: GreyPixels, k: number): GreyPixels {
  const w = Math.ceil(img.width / k);
  const h = Math.ceil(img.height / k);
  const sum = new Uint32Array(w * h);
  const count = new Uint32Array(w * h);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) {
    const i = Math.floor(y / k) * w + Math.floor(x / k);
    sum[i]! += img.data[y * img.width + x]!;
    count[i]! += 1;
  }
  return { data: Uint8Array.from(sum, (s, i) => Math.round(s / count[i]!)), width: w, height: h };
}

describe('pixel passes of template matching', () => {
  it('soften is the 3 x 3 mean over the neighbours inside the image', () => {
    SIZES.forEach(([w, h], i) => {
      const m = randomMask(w, h, 0.4, i + 1);
      expect(soften(m)).toEqual(softenRef(m));
    });
  });

  it('turnMask turns clockwise by quarter turns', () => {
    SIZES.forEach(([w, h], i) => {
      const m = randomMask(w, h, 0.5, 10 + i);
      for (const rot of [0, 90, 180, 270] as const) expect(turnMask(m, rot)).toEqual(turnRef(m, rot));
    });
  });

  it('morph erodes and dilates by square windows, paper outside the image', () => {
    SIZES.forEach(([w, h], i) => {
      for (const density of [0.1, 0.6, 0.95]) {
        const m = randomMask(w, h, density, 20 + i);
        for (const grow of [-3, -1, 1, 2, 4]) expect(morph(m, grow)).toEqual(morphRef(m, grow));
      }
    });
  });

  it('components labels 8-connected pieces in reading order, with their boxes and areas', () => {
    SIZES.forEach(([w, h], i) => {
      for (const density of [0.2, 0.45, 0.7]) {
        const m = randomMask(w, h, density, 40 + i);
        const cc = components(m);
        const ref = labelsRef(m);
        expect(cc.labels).toEqual(ref);
        for (let l = 1; l <= cc.count; l++) {
          const px = [...ref.keys()].filter((k) => ref[k] === l);
          expect(cc.area[l]).toBe(px.length);
          expect([cc.x0[l], cc.y0[l], cc.x1[l], cc.y1[l]]).toEqual([Math.min(...px.map((k) => k % w)), Math.min(...px.map((k) => Math.floor(k / w))), Math.max(...px.map((k) => k % w)) + 1, Math.max(...px.map((k) => Math.floor(k / w))) + 1]);
        }
      }
    });
  });

  it('shrink takes block means, partial blocks at the far edges', () => {
    SIZES.forEach(([w, h], i) => {
      const r = rng(30 + i);
      const img: GreyPixels = { data: Uint8Array.from({ length: w * h }, () => Math.floor(r() * 256)), width: w, height: h };
      for (const k of [2, 3, 4, 8]) expect(shrink(img, k)).toEqual(shrinkRef(img, k));
    });
  });

  it('coarse levels made from the full level integral are the block means shrink takes', () => {
    SIZES.forEach(([w, h], i) => {
      const r = rng(50 + i);
      const img: GreyPixels = { data: Uint8Array.from({ length: w * h }, () => Math.floor(r() * 256)), width: w, height: h };
      for (const k of [2, 3, 4, 6, 8, 12]) expect(shrinkByIntegral(nccImage(img), k)).toEqual(shrinkRef(img, k));
    });
  });
});
