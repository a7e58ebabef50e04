// The sheet's drawing frame: components that run round most of the sheet (a border, a zoned
// frame with its ticks). Its rules hold no symbol, yet two close parallel rules (a frame inside a
// zone border, a legend's rule beside the frame, zone ticks between) look like a flange or a
// blind drawn at some scale: a match whose ink is mostly the frame's is dropped.
import type { BBox } from '../types.js';
import type { Components } from './raster.js';

/** Share of the sheet's width and height a frame component spans at least. */
const FRAME_SPAN = 0.7;

/** Share of a frame component's ink that lies near its box's sides at least. */
const RIM_SHARE = 0.9;

/**
 * Components that frame the sheet: spanning most of it, their ink nearly all within a twentieth
 * of the sheet of their box's sides. A frame that pipes or a title block join to the drawing
 * holds the drawing's ink too and is not one: nothing is dropped for it.
 */
export function frameComponents(cc: Components, width: number, height: number): Set<number> {
  const out = new Set<number>();
  const band = 0.05 * Math.min(width, height);
  for (let l = 1; l <= cc.count; l++) {
    const [x0, y0, x1, y1] = [cc.x0[l]!, cc.y0[l]!, cc.x1[l]!, cc.y1[l]!];
    if (cc.area[l]! === 0 || x1 - x0 < FRAME_SPAN * width || y1 - y0 < FRAME_SPAN * height) continue;
    let rim = 0;
    for (let y = y0; y < y1; y++) {
      const edgeRow = y - y0 < band || y1 - y <= band;
      for (let x = x0; x < x1; x++) if (cc.labels[y * width + x] === l && (edgeRow || x - x0 < band || x1 - x <= band)) rim++;
    }
    if (rim >= RIM_SHARE * cc.area[l]!) out.add(l);
  }
  return out;
}

/** Share of the ink in a box (working pixels) that belongs to the given components. */
export function inkShareOf(cc: Components, members: Set<number>, box: BBox, width: number): number {
  if (members.size === 0) return 0;
  const height = cc.labels.length / width;
  let all = 0;
  let mine = 0;
  for (let y = Math.max(0, Math.floor(box[1])); y < Math.min(height, Math.ceil(box[3])); y++) {
    for (let x = Math.max(0, Math.floor(box[0])); x < Math.min(width, Math.ceil(box[2])); x++) {
      const l = cc.labels[y * width + x]!;
      if (l === 0) continue;
      all++;
      if (members.has(l)) mine++;
    }
  }
  return all === 0 ? 0 : mine / all;
}
