// Lines and points. A line series is traced as the centre of its colour in every column and
// read where the categories sit; a scatter series is its markers' centres (touching markers are
// split by their area).
import { median } from './axes.js';
import type { Component } from './marks.js';

/** Centre (mean v) of the series' pixels in each column, NaN where it has none. */
export function centreline(comps: Component[], width: number): Float64Array {
  const sum = new Float64Array(width), n = new Float64Array(width);
  for (const c of comps)
    for (const i of c.pixels) {
      const x = i % width;
      sum[x] = sum[x]! + (i - x) / width;
      n[x]!++;
    }
  const out = new Float64Array(width).fill(NaN);
  for (let x = 0; x < width; x++) if (n[x]! > 0) out[x] = sum[x]! / n[x]!;
  return out;
}

/** The line's y at column x: the nearby columns' centre, or a straight bridge over a gap (a crossing, a dash). */
export function sampleAt(line: Float64Array, x: number, maxGap: number): number | null {
  const xi = Math.round(x);
  const near: number[] = [];
  for (let d = -1; d <= 1; d++) {
    const v = line[xi + d];
    if (v !== undefined && !Number.isNaN(v)) near.push(v);
  }
  if (near.length) return near.reduce((s, v) => s + v, 0) / near.length;
  let l = xi - 2, r = xi + 2;
  while (l >= 0 && Number.isNaN(line[l]!) && xi - l <= maxGap) l--;
  while (r < line.length && Number.isNaN(line[r]!) && r - xi <= maxGap) r++;
  const lv = line[l], rv = line[r];
  if (lv === undefined || rv === undefined || Number.isNaN(lv) || Number.isNaN(rv)) return null;
  return lv + ((rv - lv) * (xi - l)) / (r - l);
}

/**
 * A line's value just past its end: a line drawn to the plot's edge loses its last pixels under
 * the frame (matplotlib's classic look has no margins, so the first and last categories sit on
 * the frame). Within `reach` columns of the end, the end segment is carried on straight; null farther.
 */
export function sampleNearEnd(line: Float64Array, x: number, reach: number): number | null {
  const xi = Math.round(x);
  for (const dir of [1, -1]) {
    // The end: the first traced column from x inwards (dir 1: the line lies right of x).
    let e = xi;
    while (e >= 0 && e < line.length && Math.abs(e - xi) <= reach && Number.isNaN(line[e]!)) e += dir;
    if (e < 0 || e >= line.length || Math.abs(e - xi) > reach || Number.isNaN(line[e]!)) continue;
    // Only an end: nothing traced on the far side of x within reach.
    let far = xi - dir, other = false;
    for (let k = 0; k <= reach && far >= 0 && far < line.length; k++, far -= dir) if (!Number.isNaN(line[far]!)) other = true;
    if (other) continue;
    const inner = e + dir * Math.min(8, reach);
    const iv = line[inner];
    if (iv === undefined || Number.isNaN(iv)) return line[e]!;
    return line[e]! + ((iv - line[e]!) * (xi - e)) / (inner - e);
  }
  return null;
}

/** Share of the columns between the series' ends that it covers: high for lines, low for scattered points. */
export function coverage(line: Float64Array): number {
  let first = -1, last = -1, n = 0;
  for (let x = 0; x < line.length; x++)
    if (!Number.isNaN(line[x]!)) {
      if (first < 0) first = x;
      last = x;
      n++;
    }
  return first < 0 ? 0 : n / (last - first + 1);
}

/**
 * Share of the gaps in a trace that it bridges smoothly (the far side continues at about the
 * height it left off): near 1 for dashed or crossed lines, low for scattered points.
 */
export function continuity(line: Float64Array): number {
  let gaps = 0, smooth = 0, last = -1;
  for (let x = 0; x < line.length; x++) {
    if (Number.isNaN(line[x]!)) continue;
    if (last >= 0 && x - last > 1) {
      gaps++;
      if (Math.abs(line[x]! - line[last]!) <= 3 * (x - last) + 4) smooth++;
    }
    last = x;
  }
  return gaps === 0 ? 1 : smooth / gaps;
}

/** Vertices of the traced line (Douglas–Peucker), for lines without category positions. */
export function vertices(line: Float64Array, tolerance: number): [number, number][] {
  const pts: [number, number][] = [];
  for (let x = 0; x < line.length; x++) if (!Number.isNaN(line[x]!)) pts.push([x, line[x]!]);
  if (pts.length < 2) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [xa, ya] = pts[a]!, [xb, yb] = pts[b]!;
    let worst = -1, wi = -1;
    for (let i = a + 1; i < b; i++) {
      const [x, y] = pts[i]!;
      const d = Math.abs((yb - ya) * x - (xb - xa) * y + xb * ya - yb * xa) / Math.hypot(yb - ya, xb - xa);
      if (d > worst) {
        worst = d;
        wi = i;
      }
    }
    if (worst > tolerance) {
      keep[wi] = 1;
      stack.push([a, wi], [wi, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

/** Marker centres; a component several markers large is split into that many by k-means. */
export function pointCentres(comps: Component[], width: number): [number, number][] {
  const unit = median(withoutCrumbs(comps).map((c) => c.area));
  const out: [number, number][] = [];
  for (const c of comps) {
    if (c.area < Math.max(4, unit * 0.3)) continue;
    const k = Math.max(1, Math.round(c.area / unit));
    if (k === 1) {
      out.push([(c.bbox[0] + c.bbox[2] - 1) / 2, (c.bbox[1] + c.bbox[3] - 1) / 2]);
      continue;
    }
    out.push(...kmeans(c.pixels, width, Math.min(k, 12)));
  }
  return out;
}

function kmeans(pixels: Int32Array, width: number, k: number): [number, number][] {
  const xs = Array.from(pixels, (i) => i % width), ys = Array.from(pixels, (i) => Math.floor(i / width));
  // Farthest-point start, then a few Lloyd steps.
  const centres: [number, number][] = [[xs[0]!, ys[0]!]];
  while (centres.length < k) {
    let best = 0, bestD = -1;
    for (let i = 0; i < xs.length; i++) {
      const d = Math.min(...centres.map(([cx, cy]) => (xs[i]! - cx) ** 2 + (ys[i]! - cy) ** 2));
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    centres.push([xs[best]!, ys[best]!]);
  }
  for (let it = 0; it < 8; it++) {
    const sx = new Float64Array(k), sy = new Float64Array(k), n = new Float64Array(k);
    for (let i = 0; i < xs.length; i++) {
      let bi = 0, bd = Infinity;
      for (let j = 0; j < k; j++) {
        const d = (xs[i]! - centres[j]![0]) ** 2 + (ys[i]! - centres[j]![1]) ** 2;
        if (d < bd) {
          bd = d;
          bi = j;
        }
      }
      sx[bi] = sx[bi]! + xs[i]!;
      sy[bi] = sy[bi]! + ys[i]!;
      n[bi]!++;
    }
    for (let j = 0; j < k; j++) if (n[j]! > 0) centres[j] = [sx[j]! / n[j]!, sy[j]! / n[j]!];
  }
  return centres;
}

/**
 * The pieces of a series without its crumbs: the anti-aliased rims of another series' markers
 * that fell into this colour (a pale ring beside a darker one) are specks under a quarter of the
 * typical piece, here the area-weighted median (crumbs can outnumber the markers, never outweigh
 * them). Single markers within overlapping clumps stay, as the clumps are larger.
 */
export function withoutCrumbs(comps: Component[]): Component[] {
  const areas = comps.map((c) => c.area).filter((a) => a >= 4).sort((a, b) => a - b);
  const half = areas.reduce((t, a) => t + a, 0) / 2;
  let acc = 0, weighted = 0;
  for (const a of areas)
    if ((acc += a) >= half) {
      weighted = a;
      break;
    }
  return comps.filter((c) => c.area >= Math.max(4, 0.25 * weighted));
}
