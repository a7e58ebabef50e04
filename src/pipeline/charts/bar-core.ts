// A bar's solid body without the thin rims glued to it: anti-aliased edges of a neighbouring
// segment or bar can fall into a bar's colour cluster and join it, stretching its box far beyond
// the bar (a stacked segment then reaches the top of the stack) so it no longer reads as a bar.
import type { Component } from './marks.js';
import { isBarLike } from './scene.js';

/** Strokes up to this many pixels across are rims, not bodies (bars are far wider). */
const RIM = 2;
/** An axis line's width at a high resolution (1 pt at 200 dpi is about 3 pixels). */
const WIDE_RIM = 4;
/** A scan's blur thickens the rims that join bars (an axis line's grey along their feet) to 3-4 pixels. */
const SCAN_RIM = 4;
/** A rim matters when it stretches the box by more than this many pixels. */
const STRETCH = 4;

/**
 * The component without its pixels on runs of at most RIM pixels across or down, when what is left
 * is a bar holding most of the ink; otherwise the component as it is.
 */
export function barCore(c: Component, width: number): Component {
  return barCores(c, width)[0]!;
}

/**
 * As barCore, and where the rim joined bars (a blurred axis line's rim in the bars' grey runs
 * from one bar's foot to the next), the bars it joined: what is left without the rim falls apart
 * into bars that hold most of the ink between them.
 */
export function barCores(c: Component, width: number, scan = false): Component[] {
  if (scan) return scanCores(c, width);
  if (isBarLike(c)) return [c];
  const cores = trimmed(c, width, RIM);
  // (Strokes fill little of their box, bars joined by a line most of it: only those are tried again.)
  if (cores.length > 1 || cores[0] !== c || c.area < 0.3 * (c.bbox[2] - c.bbox[0]) * (c.bbox[3] - c.bbox[1])) return cores;
  // An axis line in the bars' own colour (black bars on a black frame) is a few pixels wide at a
  // high resolution: as a rim it joins every bar; bars far wider than it are read apart.
  const wide = trimmed(c, width, WIDE_RIM);
  return wide.length > 1 && wide.every((p) => Math.min(p.bbox[2] - p.bbox[0], p.bbox[3] - p.bbox[1]) >= 3 * WIDE_RIM) ? wide : [c];
}

function scanCores(c: Component, width: number): Component[] {
  // On a scan a bar-like piece may still be two bars joined at their feet by a blurred rim (fill
  // about 0.8): only a near rectangle is taken as it is.
  if (isBarLike(c) && c.area >= 0.9 * (c.bbox[2] - c.bbox[0]) * (c.bbox[3] - c.bbox[1])) return [c];
  return trimmed(c, width, SCAN_RIM, true);
}

function trimmed(c: Component, width: number, rim: number, scan = false): Component[] {
  const [x0, y0, x1, y1] = c.bbox;
  const w = x1 - x0, h = y1 - y0;
  const inMask = new Uint8Array(w * h);
  for (const p of c.pixels) inMask[(Math.floor(p / width) - y0) * w + (p % width) - x0] = 1;
  const hRun = runs(inMask, w, h, true), vRun = runs(inMask, w, h, false);
  const kept: number[] = [];
  let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
  for (const p of c.pixels) {
    const x = p % width, y = Math.floor(p / width);
    const i = (y - y0) * w + x - x0;
    if (hRun[i]! <= rim || vRun[i]! <= rim) continue;
    kept.push(p);
    bx0 = Math.min(bx0, x);
    by0 = Math.min(by0, y);
    bx1 = Math.max(bx1, x + 1);
    by1 = Math.max(by1, y + 1);
  }
  // Only a rim that stretches the box well beyond the body matters: trimming a marker's round
  // edge by a pixel or two would merely shrink it.
  const stretch = Math.max(bx0 - x0, by0 - y0, x1 - bx1, y1 - by1);
  if (kept.length < 0.6 * c.area) return [c];
  const core: Component = { cluster: c.cluster, bbox: [bx0, by0, bx1, by1], area: kept.length, pixels: Int32Array.from(kept) };
  // On a scan, bars the rim joined come apart first: their common box may still pass for one bar.
  if (!scan && stretch >= STRETCH && isBarLike(core)) return [core];
  // A rim between two bars need not stretch the box (it runs along their feet).
  const parts = pieces(c.cluster, kept, width).filter((p) => p.area >= 15);
  if (parts.length >= 2 && parts.every(isBarLike) && parts.reduce((s, p) => s + p.area, 0) >= 0.6 * c.area) return parts;
  return scan && stretch >= STRETCH && isBarLike(core) ? [core] : [c];
}

/** The 4-connected pieces of a set of pixels. */
function pieces(cluster: number, pixels: number[], width: number): Component[] {
  // The pixels' state on a grid over their box (1: in the set, 2: seen), in place of two sets.
  let gx0 = Infinity, gy0 = Infinity, gx1 = -Infinity, gy1 = -Infinity;
  for (const p of pixels) {
    const x = p % width, y = Math.floor(p / width);
    gx0 = Math.min(gx0, x);
    gy0 = Math.min(gy0, y);
    gx1 = Math.max(gx1, x);
    gy1 = Math.max(gy1, y);
  }
  const gw = gx1 - gx0 + 1;
  const state = new Uint8Array(pixels.length ? gw * (gy1 - gy0 + 1) : 0);
  const cell = (p: number): number => {
    const x = p % width, y = Math.floor(p / width);
    return x < gx0 || x > gx1 || y < gy0 || y > gy1 ? -1 : (y - gy0) * gw + x - gx0;
  };
  for (const p of pixels) state[cell(p)] = 1;
  const out: Component[] = [];
  for (const start of pixels) {
    if (state[cell(start)] === 2) continue;
    state[cell(start)] = 2;
    const stack = [start], own: number[] = [];
    let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
    while (stack.length) {
      const p = stack.pop()!;
      own.push(p);
      const x = p % width, y = Math.floor(p / width);
      bx0 = Math.min(bx0, x);
      by0 = Math.min(by0, y);
      bx1 = Math.max(bx1, x + 1);
      by1 = Math.max(by1, y + 1);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        const g = q >= 0 ? cell(q) : -1;
        if (g >= 0 && state[g] === 1) {
          state[g] = 2;
          stack.push(q);
        }
      }
    }
    out.push({ cluster, bbox: [bx0, by0, bx1, by1], area: own.length, pixels: Int32Array.from(own) });
  }
  return out;
}

/** Length of the run of set pixels each pixel lies on, along rows or columns (0 off the mask). */
export function runs(mask: Uint8Array, w: number, h: number, alongRows: boolean): Uint16Array {
  const out = new Uint16Array(w * h);
  const [outer, inner] = alongRows ? [h, w] : [w, h];
  const at = (o: number, k: number): number => (alongRows ? o * w + k : k * w + o);
  for (let o = 0; o < outer; o++) {
    let k = 0;
    while (k < inner) {
      if (!mask[at(o, k)]) {
        k++;
        continue;
      }
      let e = k;
      while (e < inner && mask[at(o, e)]) e++;
      for (let j = k; j < e; j++) out[at(o, j)] = Math.min(65535, e - k);
      k = e;
    }
  }
  return out;
}
