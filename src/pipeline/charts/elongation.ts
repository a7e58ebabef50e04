// How drawn-out a piece of ink is, whatever its slope: the spread of its pixels along their main
// axis against the spread across it (a dash of a dashed line is long and thin; a marker, filled
// or hollow, square or round, is as wide every way).
import type { Component } from './marks.js';

/** Square root of the ratio of the pixel spread along a piece's main axis to that across it (1 for a disk or square). */
export function elongation(c: Component, width: number): number {
  let sx = 0, sy = 0;
  for (const i of c.pixels) {
    sx += i % width;
    sy += Math.floor(i / width);
  }
  const n = c.pixels.length, mx = sx / n, my = sy / n;
  let xx = 0, yy = 0, xy = 0;
  for (const i of c.pixels) {
    const dx = (i % width) - mx, dy = Math.floor(i / width) - my;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  const half = (xx + yy) / 2, d = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
  return half - d <= 0 ? Infinity : Math.sqrt((half + d) / (half - d));
}
