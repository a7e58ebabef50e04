// Marks that rules cut apart: a hollow marker crossed by a gridline, a marker sitting on the
// axis line. The rules' pixels are masked out of the marks, which leaves such a mark in pieces.
import type { BBox } from '../types.js';
import type { Component } from './marks.js';

/**
 * The rules' mask with the gaps in each rule bridged: a mark drawn over a rule (a marker on the
 * axis line) interrupts the rule's pixels, not its line. A gap of up to `gap` pixels between two
 * runs of at least 8 along one row (or column) is filled.
 */
export function ruleLines(mask: Uint8Array, width: number, height: number, gap = 24): Uint8Array {
  const out = Uint8Array.from(mask);
  // Along one row (or column): its first pixel and the step between pixels.
  const bridge = (n: number, first: number, step: number): void => {
    let runStart = -1, lastEnd = -1, lastLen = 0;
    for (let k = 0; k <= n; k++) {
      const on = k < n && mask[first + k * step] === 1;
      if (on && runStart < 0) runStart = k;
      if (!on && runStart >= 0) {
        const len = k - runStart;
        if (len >= 8 && lastLen >= 8 && runStart - lastEnd <= gap) for (let g = lastEnd; g < runStart; g++) out[first + g * step] = 1;
        lastEnd = k;
        lastLen = len;
        runStart = -1;
      }
    }
  };
  for (let y = 0; y < height; y++) bridge(width, y * width, 1);
  for (let x = 0; x < width; x++) bridge(height, x, width);
  return out;
}

/**
 * Pieces of one colour that a rule cut apart (a hollow marker or a line crossed by a gridline,
 * the rule's pixels masked out) are one mark again: two pieces whose pixels face each other
 * across at most `reach` rule pixels are joined.
 */
export function joinAcrossRules(comps: Component[], mask: Uint8Array, width: number, height: number, reach = 3): Component[] {
  const owner = new Int32Array(width * height).fill(-1);
  comps.forEach((c, k) => {
    for (const i of c.pixels) owner[i] = k;
  });
  const parent = comps.map((_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k]!)));
  let joined = false;
  // A rule runs on well past both pieces (through them too: over a ring's hollow, under its far
  // side); a strip of masked rim in the gap between two bars ends where the bars end.
  const crossed = new Map<string, boolean>();
  const crosses = (k: number, o: number, x: number, y: number, px: number, py: number): boolean => {
    const key = `${Math.min(k, o)},${Math.max(k, o)}`;
    const known = crossed.get(key);
    if (known !== undefined) return known;
    const a = comps[k]!.bbox, b = comps[o]!.bbox;
    const lo = px ? Math.min(a[0], b[0]) : Math.min(a[1], b[1]), hi = px ? Math.max(a[2], b[2]) : Math.max(a[3], b[3]);
    const runs = (sign: number): number => {
      let xx = x, yy = y;
      for (;;) {
        const nx = xx + sign * px, ny = yy + sign * py;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) break;
        const j = ny * width + nx;
        if (!mask[j] && owner[j] !== k && owner[j] !== o) break;
        xx = nx;
        yy = ny;
      }
      return px ? xx : yy;
    };
    // Clearly past them: a mark's own outline (a stacked segment's edge) ends a pixel or two out.
    const margin = Math.max(3, 0.25 * (hi - lo));
    const ok = runs(-1) <= lo - margin && runs(1) >= hi - 1 + margin;
    crossed.set(key, ok);
    return ok;
  };
  // Both pieces reach 3 px or more away from the rule: a strip of one or two pixels along a rule
  // is the anti-aliased rim of some other mark's outline, not half of a mark.
  const deep = (c: Component, dx: number): boolean => (dx !== 0 ? c.bbox[2] - c.bbox[0] : c.bbox[3] - c.bbox[1]) >= 3;
  const stepX = [1, 0, -1, 0], stepY = [0, 1, 0, -1];
  const masked = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1;
  comps.forEach((c, k) => {
    for (const i of c.pixels) {
      const x = i % width, y = (i - x) / width;
      // Most pixels have no rule pixel beside them: every step below would stop at once.
      if (!(x + 1 < width && mask[i + 1] === 1) && !(x > 0 && mask[i - 1] === 1) && !(y + 1 < height && mask[i + width] === 1) && !(y > 0 && mask[i - width] === 1)) continue;
      for (let s = 0; s < 4; s++) {
        const dx = stepX[s]!, dy = stepY[s]!;
        const x1 = x + dx, y1 = y + dy;
        // Only across a rule that runs on past the piece on both sides (a gridline showing in the
        // gap between two bars runs along the gap, not across it).
        if (!masked(x1, y1) || !masked(x1 + 2 * dy, y1 + 2 * dx) || !masked(x1 - 2 * dy, y1 - 2 * dx)) continue;
        for (let d = 2; d <= reach + 1; d++) {
          const xx = x + d * dx, yy = y + d * dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) break;
          const j = yy * width + xx;
          const o = owner[j]!;
          if (o >= 0) {
            if (o !== k && comps[o]!.cluster === c.cluster && find(o) !== find(k) && deep(c, dx) && deep(comps[o]!, dx) && crosses(k, o, x1, y1, Math.abs(dy), Math.abs(dx))) {
              parent[find(o)] = find(k);
              joined = true;
            }
            break;
          }
          if (!mask[j]) break;
        }
      }
    }
  });
  if (!joined) return comps;
  const groups = new Map<number, Component[]>();
  comps.forEach((c, k) => groups.set(find(k), [...(groups.get(find(k)) ?? []), c]));
  return [...groups.values()].map((g) => {
    if (g.length === 1) return g[0]!;
    const pixels = new Int32Array(g.reduce((s, c) => s + c.area, 0));
    let at = 0;
    for (const c of g) {
      pixels.set(c.pixels, at);
      at += c.area;
    }
    const bbox: BBox = [Math.min(...g.map((c) => c.bbox[0])), Math.min(...g.map((c) => c.bbox[1])), Math.max(...g.map((c) => c.bbox[2])), Math.max(...g.map((c) => c.bbox[3]))];
    return { cluster: g[0]!.cluster, bbox, area: pixels.length, pixels };
  });
}
