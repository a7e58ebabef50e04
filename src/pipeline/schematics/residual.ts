// What is left of a drawing once its long horizontal and vertical strokes are taken away: pipes
// and rules go, the curved, slanted and short parts of symbols stay. Its connected pieces are
// where symbols can be, and a symbol's own pieces tell where its picture would lie.
import type { BBox } from '../types.js';
import { components, type Mask } from './raster.js';

/** The mask without horizontal or vertical runs of `minRun` pixels or more. */
export function withoutLongRuns(mask: Mask, minRun: number): Mask {
  const { data, width, height } = mask;
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && data[y * width + x] === 1;
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start >= minRun) out.fill(0, y * width + start, y * width + x);
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && data[y * width + x] === 1;
      if (on && start < 0) start = y;
      else if (!on && start >= 0) {
        if (y - start >= minRun) for (let k = start; k < y; k++) out[k * width + x] = 0;
        start = -1;
      }
    }
  }
  return { data: out, width, height };
}

/** Boxes of the mask's pieces at least `minSize` across. */
export function pieces(mask: Mask, minSize: number): BBox[] {
  const cc = components(mask);
  const out: BBox[] = [];
  for (let l = 1; l <= cc.count; l++) {
    const w = cc.x1[l]! - cc.x0[l]!;
    const h = cc.y1[l]! - cc.y0[l]!;
    if (Math.max(w, h) >= minSize) out.push([cc.x0[l]!, cc.y0[l]!, cc.x1[l]!, cc.y1[l]!]);
  }
  return out;
}

/**
 * pieces() of a mask and of its quarter turns (templates.turnMask), from one labelling: each turn's
 * boxes turned, in the order components() numbers the turned mask's pieces (by the first pixel
 * met in its raster order), so each list is the one pieces() of the turned mask gives.
 */
export function turnedPieces(mask: Mask, minSize: number): (rot: 0 | 90 | 180 | 270) => BBox[] {
  const cc = components(mask);
  const { width: w, height: h } = mask;
  const n = cc.count + 1;
  // Per piece: its last pixel in raster order; its leftmost column with the lowest pixel there;
  // its rightmost column with the highest pixel there.
  const last = new Int32Array(n);
  const minX = new Int32Array(n).fill(w);
  const yAtMinX = new Int32Array(n);
  const maxX = new Int32Array(n).fill(-1);
  const yAtMaxX = new Int32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = cc.labels[y * w + x]!;
      if (!l) continue;
      last[l] = y * w + x;
      if (x <= minX[l]!) {
        minX[l] = x;
        yAtMinX[l] = y;
      }
      if (x > maxX[l]!) {
        maxX[l] = x;
        yAtMaxX[l] = y;
      }
    }
  }
  const kept: number[] = [];
  for (let l = 1; l < n; l++) if (Math.max(cc.x1[l]! - cc.x0[l]!, cc.y1[l]! - cc.y0[l]!) >= minSize) kept.push(l);
  return (rot) => {
    // Turned by 90 (x, y) goes to (h - 1 - y, x), by 270 to (y, w - 1 - x): the first pixel met is
    // the leftmost column's lowest pixel, or the rightmost column's highest.
    const key = (l: number): number => (rot === 0 ? l : rot === 180 ? -last[l]! : rot === 90 ? minX[l]! * h + (h - 1 - yAtMinX[l]!) : (w - 1 - maxX[l]!) * h + yAtMaxX[l]!);
    const box = (l: number): BBox => {
      const [x0, y0, x1, y1] = [cc.x0[l]!, cc.y0[l]!, cc.x1[l]!, cc.y1[l]!];
      if (rot === 0) return [x0, y0, x1, y1];
      if (rot === 90) return [h - y1, x0, h - y0, x1];
      if (rot === 180) return [w - x1, h - y1, w - x0, h - y0];
      return [y0, w - x1, y1, w - x0];
    };
    return [...kept].sort((a, b) => key(a) - key(b)).map(box);
  };
}
