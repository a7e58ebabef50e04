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
