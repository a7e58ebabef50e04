// Legend pictures made into templates. A picture is its ink mask, trimmed; it is scaled to the
// sheet's drawing size and its strokes thinned or thickened to the sheet's pen width (a legend
// drawn at half size has the same pen, so twice the relative stroke once enlarged), turned a
// quarter at a time (turns that look like one already kept are dropped), and softened like the
// page it is matched against. Each variant keeps the pieces of its residual (residual.ts).
import type { BBox } from '../types.js';
import { resize, type GreyPixels, type Mask } from './raster.js';
import { pieces, withoutLongRuns } from './residual.js';

export type Turn = 0 | 90 | 180 | 270;

export interface Variant {
  entry: number;
  rot: Turn;
  scale: number;
  /** Softened template, ink dark. */
  img: GreyPixels;
  /** Residual pieces, template pixels, largest first. */
  blobs: BBox[];
  /** The residual's pixels (x + y * width): the symbol's own marks, which a match must find in ink. */
  marks: Int32Array;
  /** Ink pixels of the template. */
  ink: number;
}

export function turnMask(img: Mask, rot: Turn): Mask {
  if (rot === 0) return img;
  const { width: w, height: h, data } = img;
  const ow = rot === 180 ? w : h;
  const oh = rot === 180 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Clockwise turns (screen axes): 90 takes (x, y) to (h-1-y, x).
      const [nx, ny] = rot === 90 ? [h - 1 - y, x] : rot === 180 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[ny * ow + nx] = data[y * w + x]!;
    }
  }
  return { data: out, width: ow, height: oh };
}

/** The part of a mask (or grey image) inside a box; outside the image is `fill` (paper). */
export function cutMask(m: Mask, b: BBox, fill = 0): Mask {
  const x0 = Math.floor(b[0]);
  const y0 = Math.floor(b[1]);
  const w = Math.max(1, Math.ceil(b[2]) - x0);
  const h = Math.max(1, Math.ceil(b[3]) - y0);
  const out = new Uint8Array(w * h).fill(fill);
  for (let y = 0; y < h; y++) {
    const sy = y0 + y;
    if (sy < 0 || sy >= m.height) continue;
    for (let x = 0; x < w; x++) {
      const sx = x0 + x;
      if (sx >= 0 && sx < m.width) out[y * w + x] = m.data[sy * m.width + sx]!;
    }
  }
  return { data: out, width: w, height: h };
}

/** The box of the ink of a mask, or null when blank. */
export function inkBox(mask: Mask): BBox | null {
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return x1 > x0 ? [x0, y0, x1, y1] : null;
}

/** Square erosion (grow < 0) or dilation (grow > 0) by |grow| pixels. */
export function morph(m: Mask, grow: number): Mask {
  if (grow === 0) return m;
  const r = Math.abs(grow);
  const on = grow > 0 ? 1 : 0;
  const { width: w, height: h, data } = m;
  const pass = (src: Uint8Array, horizontal: boolean): Uint8Array => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
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
    }
    return out;
  };
  return { data: pass(pass(data, true), false), width: w, height: h };
}

/** Ink mask to a softened grey image (3 x 3 mean), ink dark: what both page and templates are matched as. */
export function soften(m: Mask): GreyPixels {
  const { width: w, height: h, data } = m;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      let c = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          n += data[yy * w + xx]!;
          c++;
        }
      }
      out[y * w + x] = 255 - Math.round((255 * n) / c);
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * A trimmed picture mask at `scale`, its pen (`pictureStroke` wide, measured on the whole image
 * it came from: a single small picture's slanted strokes would mislead) brought to the page's.
 */
export async function scaledPicture(picture: Mask, scale: number, pageStroke: number, pictureStroke: number): Promise<Mask> {
  let m = picture;
  if (Math.abs(scale - 1) > 0.02) {
    const grey = { data: Uint8Array.from(picture.data, (v) => (v ? 0 : 255)), width: picture.width, height: picture.height };
    const r = await resize(grey, Math.max(3, Math.round(picture.width * scale)), Math.max(3, Math.round(picture.height * scale)));
    m = { data: Uint8Array.from(r.data, (v) => (v < 128 ? 1 : 0)), width: r.width, height: r.height };
  }
  const own = pictureStroke * scale;
  const grow = Math.round((pageStroke - own) / 2);
  return grow === 0 ? m : morph(m, Math.max(-2, Math.min(2, grow)));
}

function padMask(m: Mask, pad: number): Mask {
  const w = m.width + 2 * pad;
  const h = m.height + 2 * pad;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < m.height; y++) out.set(m.data.subarray(y * m.width, (y + 1) * m.width), (y + pad) * w + pad);
  return { data: out, width: w, height: h };
}

function same(a: Mask, b: Mask): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  let diff = 0;
  let ink = 0;
  for (let i = 0; i < a.data.length; i++) {
    if (a.data[i] || b.data[i]) ink++;
    if (a.data[i] !== b.data[i]) diff++;
  }
  return diff <= 0.12 * ink;
}

/** Quarter turns of a picture that look different, with their residual pieces. */
export function variantsOf(entry: number, picture: Mask, scale: number, pad: number, minRun: number, minPiece: number, turns: readonly Turn[] = [0, 90, 180, 270]): Variant[] {
  const kept: Mask[] = [];
  const out: Variant[] = [];
  for (const rot of turns) {
    const m = padMask(turnMask(picture, rot), pad);
    if (kept.some((k) => same(k, m))) continue;
    kept.push(m);
    const residual = withoutLongRuns(m, minRun);
    const blobs = pieces(residual, minPiece).sort((p, q) => (q[2] - q[0]) * (q[3] - q[1]) - (p[2] - p[0]) * (p[3] - p[1]));
    // The marks: what is left without long strokes, or all the ink of a symbol drawn only in
    // long straight strokes (a plate exchanger, an orifice plate).
    let ink = 0;
    let left = 0;
    for (let i = 0; i < m.data.length; i++) {
      ink += m.data[i]!;
      left += residual.data[i]!;
    }
    const source = left >= 0.15 * ink ? residual : m;
    const marks: number[] = [];
    for (let i = 0; i < source.data.length; i++) if (source.data[i]) marks.push(i);
    out.push({ entry, rot, scale, img: soften(m), blobs: blobs.slice(0, 4), marks: Int32Array.from(marks), ink });
  }
  return out;
}
