// Bars drawn in the same grey as the axis line, standing on it, are one piece with it: a comb
// whose teeth are the bars. Such a piece is no bar and no line; cut at its pixels that are thin
// across the bars (the axis line showing between them), it falls apart into bars.
import type { Component } from './marks.js';
import { runs } from './bar-core.js';
import { isBarLike } from './scene.js';

export function splitCombs(comps: Component[], width: number): Component[] {
  const out: Component[] = [];
  for (const c of comps) {
    const parts = isBarLike(c) || c.area < 100 ? undefined : (teeth(c, width, true) ?? teeth(c, width, false));
    if (parts) out.push(...parts);
    else out.push(c);
  }
  return out;
}

/** The bars left when pixels at most 2 thick along x (`alongX`) or y are taken away, if they hold 80 % of the piece. */
function teeth(c: Component, width: number, alongX: boolean): Component[] | undefined {
  const [x0, y0, x1, y1] = c.bbox;
  const w = x1 - x0, h = y1 - y0;
  const grid = new Uint8Array(w * h);
  for (const i of c.pixels) grid[(Math.floor(i / width) - y0) * w + (i % width) - x0] = 1;
  // Kept: pixels on runs longer than 2 along the chosen direction.
  const keep = runs(grid, w, h, alongX);
  for (let j = 0; j < keep.length; j++) keep[j] = keep[j]! > 2 ? 1 : 0;
  // Pieces of what is kept (4-connected).
  const seen = new Uint8Array(w * h);
  const pieces: Component[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!keep[s] || seen[s]) continue;
    const px: number[] = [];
    const stack = [s];
    seen[s] = 1;
    let bx0 = w, by0 = h, bx1 = 0, by1 = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w, y = (i - x) / w;
      px.push((y + y0) * width + x + x0);
      bx0 = Math.min(bx0, x);
      bx1 = Math.max(bx1, x);
      by0 = Math.min(by0, y);
      by1 = Math.max(by1, y);
      const visit = (j: number): void => {
        if (keep[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    pieces.push({ cluster: c.cluster, bbox: [bx0 + x0, by0 + y0, bx1 + x0 + 1, by1 + y0 + 1], area: px.length, pixels: Int32Array.from(px) });
  }
  const bars = pieces.filter(isBarLike);
  if (bars.length < 2 || bars.reduce((s, b) => s + b.area, 0) < 0.8 * c.area) return undefined;
  return pieces;
}
