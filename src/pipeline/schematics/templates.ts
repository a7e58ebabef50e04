// Legend pictures made into templates. A picture is its ink mask, trimmed; it is scaled to the
// sheet's drawing size and its strokes thinned or thickened to the sheet's pen width (a legend
// drawn at half size has the same pen, so twice the relative stroke once enlarged), turned a
// quarter at a time (turns that look like one already kept are dropped), and softened like the
// page it is matched against. Each variant keeps the pieces of its residual (residual.ts).
import type { BBox } from '../types.js';
import type { GreyPixels, Mask } from './raster.js';
import { pieces, turnedPieces, withoutLongRuns } from './residual.js';

export type Turn = 0 | 90 | 180 | 270;

/** Residual pieces a variant keeps as anchors (a shell-and-tube exchanger has eight alike). */
export const MAX_PARTS = 16;

export interface Variant {
  entry: number;
  rot: Turn;
  scale: number;
  /** Softened template, ink dark. */
  img: GreyPixels;
  /** Residual pieces, template pixels, largest first (the four largest). */
  blobs: BBox[];
  /** All its residual pieces (up to MAX_PARTS), largest first: anchors for page pieces of like size. */
  parts: BBox[];
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
  // Clockwise turns (screen axes): 90 takes (x, y) to (h-1-y, x). Written out per turn: a
  // destructured pair per pixel made this a hot spot (and garbage) on the many templates.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (rot === 90) for (let x = 0; x < w; x++) out[x * ow + h - 1 - y] = data[row + x]!;
    else if (rot === 180) for (let x = 0; x < w; x++) out[(h - 1 - y) * ow + w - 1 - x] = data[row + x]!;
    else for (let x = 0; x < w; x++) out[(w - 1 - x) * ow + y] = data[row + x]!;
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
  // Outside the image is paper: it ends an erosion's window, never starts a dilation's.
  const pass = (src: Uint8Array, horizontal: boolean): Uint8Array => {
    const out = new Uint8Array(src.length);
    const n = horizontal ? w : h;
    const step = horizontal ? 1 : w;
    const lines = horizontal ? h : w;
    const lineStep = horizontal ? w : 1;
    // Per line: the nearest `on` pixel at or after each place (a sweep from the far end), and the
    // last one before it; a window of radius r holds one when either is within r.
    const next = new Int32Array(n);
    for (let l = 0; l < lines; l++) {
      const base = l * lineStep;
      let nx = 1 << 30;
      for (let i = n - 1; i >= 0; i--) {
        if (src[base + i * step] === on) nx = i;
        next[i] = nx;
      }
      let last = -(1 << 30);
      for (let i = 0; i < n; i++) {
        if (src[base + i * step] === on) last = i;
        const hit = i - last <= r || next[i]! - i <= r || (on === 0 && (i - r < 0 || i + r >= n));
        out[base + i * step] = hit ? on : on ? 0 : 1;
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
  // Separable: each column's three-row sum, then three of those along the row; the mean is over
  // the neighbours inside the image (the same sums and counts as a 3 x 3 loop, a third the reads).
  const col = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    const rows = (y > 0 ? 1 : 0) + 1 + (y + 1 < h ? 1 : 0);
    const r = y * w;
    for (let x = 0; x < w; x++) col[x] = (y > 0 ? data[r - w + x]! : 0) + data[r + x]! + (y + 1 < h ? data[r + w + x]! : 0);
    for (let x = 0; x < w; x++) {
      const left = x > 0 ? col[x - 1]! : 0;
      const right = x + 1 < w ? col[x + 1]! : 0;
      const c = rows * ((x > 0 ? 1 : 0) + 1 + (x + 1 < w ? 1 : 0));
      out[r + x] = 255 - Math.round((255 * (left + col[x]! + right)) / c);
    }
  }
  return { data: out, width: w, height: h };
}

const skeletons = new WeakMap<Mask, Uint8Array>();
const filled = new WeakMap<Mask, Map<number, Uint8Array>>();

/** A picture's parts wider than its pen (opened by `r`), cached per picture and pen. */
function filledParts(picture: Mask, r: number): Uint8Array {
  let byPen = filled.get(picture);
  if (!byPen) {
    byPen = new Map();
    filled.set(picture, byPen);
  }
  let got = byPen.get(r);
  if (!got) {
    got = morph(morph(picture, -r), r).data;
    byPen.set(r, got);
  }
  return got;
}

/**
 * Radius of the opening that takes a picture's pen strokes away and keeps its filled parts: the
 * opening keeps what is 2r + 1 pixels across, and a stroke drawn with a pen measured 2.9 wide is
 * often 3 pixels (rounding of round(pen / 2) kept it, and a check valve's bars, enlarged as areas,
 * came out three times the page's pen and failed the mark cover). Strokes up to a pixel wider
 * than the pen go.
 */
export function penOpening(pen: number): number {
  return Math.floor(pen / 2) + 1;
}

/** Zhang-Suen thinning: the one-pixel centre lines of a mask's strokes. */
export function skeleton(m: Mask): Uint8Array {
  const { width: w, height: h } = m;
  const img = new Uint8Array(m.data);
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 0 : img[y * w + x]!);
  for (let changed = true; changed; ) {
    changed = false;
    for (const step of [0, 1]) {
      const drop: number[] = [];
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (!img[y * w + x]) continue;
          const p = [at(x, y - 1), at(x + 1, y - 1), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1), at(x - 1, y + 1), at(x - 1, y), at(x - 1, y - 1)];
          const b = p.reduce((a, v) => a + v, 0);
          if (b < 2 || b > 6) continue;
          let a = 0;
          for (let k = 0; k < 8; k++) if (!p[k] && p[(k + 1) % 8]) a++;
          if (a !== 1) continue;
          if (step === 0 ? p[0]! * p[2]! * p[4]! || p[2]! * p[4]! * p[6]! : p[0]! * p[2]! * p[6]! || p[0]! * p[4]! * p[6]!) continue;
          drop.push(y * w + x);
        }
      }
      for (const i of drop) img[i] = 0;
      if (drop.length > 0) changed = true;
    }
  }
  return img;
}

/**
 * A trimmed picture drawn again at `scale` with the page's pen: its strokes' centre lines scaled
 * and traced with a round pen `pageStroke` wide, its filled parts (wider than the picture's own
 * pen) scaled as areas. A legend drawn at another size keeps its pen, so plain resampling would
 * give strokes too thick (enlarged) or broken (shrunk); `pictureStroke` is that pen, measured on
 * the whole image the picture came from.
 */
export async function scaledPicture(picture: Mask, scale: number, pageStroke: number, pictureStroke: number): Promise<Mask> {
  if (Math.abs(scale - 1) <= 0.02 && Math.abs(pageStroke - pictureStroke) < 1) return picture;
  const { width: w, height: h } = picture;
  const ow = Math.max(3, Math.round(w * scale));
  const oh = Math.max(3, Math.round(h * scale));
  const out = new Uint8Array(ow * oh);
  const r = Math.max(0.5, pageStroke / 2);
  const r2 = r * r;
  const stamp = (cx: number, cy: number): void => {
    const xa = Math.max(0, Math.floor(cx - r));
    const xb = Math.min(ow - 1, Math.ceil(cx + r));
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(oh - 1, Math.ceil(cy + r)); y++) {
      const dy2 = (y + 0.5 - cy) ** 2;
      if (dy2 > r2) continue;
      // The disc's row is one run: found from its ends inward (the same test per pixel).
      let x0 = xa;
      while (x0 <= xb && (x0 + 0.5 - cx) ** 2 + dy2 > r2) x0++;
      let x1 = xb;
      while (x1 >= x0 && (x1 + 0.5 - cx) ** 2 + dy2 > r2) x1--;
      if (x1 >= x0) out.fill(1, y * ow + x0, y * ow + x1 + 1);
    }
  };
  let sk = skeletons.get(picture);
  if (!sk) {
    sk = skeleton(picture);
    skeletons.set(picture, sk);
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!sk[y * w + x]) continue;
      const px = (x + 0.5) * scale;
      const py = (y + 0.5) * scale;
      stamp(px, py);
      // Trace to the following neighbours so an enlarged line has no gaps.
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [-1, 1]] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny >= h || nx >= w || !sk[ny * w + nx]) continue;
        const steps = Math.ceil(scale * 2);
        for (let k = 1; k < steps; k++) stamp(px + (dx * scale * k) / steps, py + (dy * scale * k) / steps);
      }
    }
  }
  // Filled parts: what survives taking away the picture's own pen (made once per picture and pen).
  const grown = filledParts(picture, penOpening(pictureStroke));
  const sxs = Int32Array.from({ length: ow }, (_, x) => Math.min(w - 1, Math.floor((x + 0.5) / scale)));
  for (let y = 0; y < oh; y++) {
    const src = Math.min(h - 1, Math.floor((y + 0.5) / scale)) * w;
    for (let x = 0; x < ow; x++) if (grown[src + sxs[x]!]) out[y * ow + x] = 1;
  }
  return { data: out, width: ow, height: oh };
}

export function padMask(m: Mask, pad: number): Mask {
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

function alone(m: Mask, minRun: number, minPiece: number): { residual: Mask; img: GreyPixels; pieces: BBox[] } {
  const residual = withoutLongRuns(m, minRun);
  return { residual, img: soften(m), pieces: pieces(residual, minPiece) };
}

/** Quarter turns of a picture that look different, with their residual pieces. */
export function variantsOf(entry: number, picture: Mask, scale: number, pad: number, minRun: number, minPiece: number, turns: readonly Turn[] = [0, 90, 180, 270]): Variant[] {
  const kept: Mask[] = [];
  const out: Variant[] = [];
  // The residual and the softened image of a turn are the upright ones turned (long runs across
  // become long runs down; the 3 x 3 mean and its edge counts are the same either way): made
  // once and turned, not made again for each turn.
  // So are its residual's pieces, from one labelling (residual.turnedPieces).
  let upright: { residual: Mask; img: GreyPixels; pieces: (rot: Turn) => BBox[] } | null = null;
  const turned = (rot: Turn): { residual: Mask; img: GreyPixels; pieces: BBox[] } => {
    if (!upright) {
      const m0 = padMask(picture, pad);
      const residual = withoutLongRuns(m0, minRun);
      upright = { residual, img: soften(m0), pieces: turnedPieces(residual, minPiece) };
    }
    return { residual: turnMask(upright.residual, rot), img: turnMask(upright.img, rot), pieces: upright.pieces(rot) };
  };
  for (const rot of turns) {
    const m = padMask(turnMask(picture, rot), pad);
    if (kept.some((k) => same(k, m))) continue;
    kept.push(m);
    const made = turns.length > 1 ? turned(rot) : alone(m, minRun, minPiece);
    const residual = made.residual;
    const blobs = made.pieces.sort((p, q) => (q[2] - q[0]) * (q[3] - q[1]) - (p[2] - p[0]) * (p[3] - p[1]));
    // The marks: what is left without long strokes, or all the ink of a symbol drawn only in
    // long straight strokes (a plate exchanger, an orifice plate).
    let ink = 0;
    let left = 0;
    for (let i = 0; i < m.data.length; i++) {
      ink += m.data[i]!;
      left += residual.data[i]!;
    }
    const source = left >= 0.15 * ink ? residual : m;
    let count = 0;
    for (let i = 0; i < source.data.length; i++) if (source.data[i]) count++;
    const marks = new Int32Array(count);
    for (let i = 0, k = 0; i < source.data.length; i++) if (source.data[i]) marks[k++] = i;
    out.push({ entry, rot, scale, img: made.img, blobs: blobs.slice(0, 4), parts: blobs.slice(0, MAX_PARTS), marks, ink });
  }
  return out;
}
