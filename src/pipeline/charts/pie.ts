// Pies: the disk is the largest blob of colour; walking round it at several radii gives the
// colour at every angle, and runs of one colour are the slices (thin outlines between slices are
// shared by their neighbours).
import type { Component } from './marks.js';

export interface Disk {
  cx: number;
  cy: number;
  r: number;
}

export interface Slice {
  cluster: number;
  /** Angles in degrees clockwise from 12 o'clock. */
  start: number;
  end: number;
  share: number;
}

/** The union of the colour components as a disk, when it is round and large enough. */
export function findDisk(comps: Component[], width: number, height: number): Disk | undefined {
  const big = comps.filter((c) => c.area > 50);
  if (big.length === 0) return undefined;
  // Slices touch: grow the box of the largest component with every component overlapping it.
  const largest = big.reduce((a, b) => (b.area > a.area ? b : a));
  let box = [...largest.bbox];
  let area = 0;
  const taken = new Set<Component>();
  const pass = (): boolean => {
    let grew = false;
    for (const c of big) {
      const b = c.bbox;
      if (taken.has(c) || !(b[0] < box[2]! + 3 && b[2] > box[0]! - 3 && b[1] < box[3]! + 3 && b[3] > box[1]! - 3)) continue;
      box = [Math.min(box[0]!, b[0]), Math.min(box[1]!, b[1]), Math.max(box[2]!, b[2]), Math.max(box[3]!, b[3])];
      area += c.area;
      taken.add(c);
      grew = true;
    }
    return grew;
  };
  pass();
  // A pie is the chart: its slices hold most of the marks' area. A square of touching bars (two
  // bars and a translucent legend's veiled shade over them) among many other bars is no pie.
  const marked = big.reduce((s, c) => s + c.area, 0);
  const first = diskOf(box, area, width, height);
  if (first && area >= 0.5 * marked) return first;
  // A slice may reach the box only through one taken after it: grown until it grows no more. So
  // grown, touching bars fill a square box as well, so the disk must also be a pie's: most of its
  // pieces reach in near its centre, where the slices meet.
  while (pass());
  const disk = diskOf(box, area, width, height);
  if (!disk || area < 0.5 * marked) return undefined;
  const near = (c: Component): boolean => {
    for (const i of c.pixels) if (Math.hypot((i % width) - disk.cx, Math.floor(i / width) - disk.cy) <= 0.35 * disk.r) return true;
    return false;
  };
  return [...taken].filter(near).length >= 0.75 * taken.size ? disk : undefined;
}

function diskOf(box: number[], area: number, width: number, height: number): Disk | undefined {
  const w = box[2]! - box[0]!, h = box[3]! - box[1]!;
  if (w < 0.15 * Math.min(width, height) || Math.abs(w - h) > 0.12 * Math.max(w, h)) return undefined;
  const r = (w + h) / 4;
  // Text inside the slices is masked out, so the colour covers a little less than the disk.
  const fill = area / (Math.PI * r * r);
  if (fill < 0.6 || fill > 1.08) return undefined;
  return { cx: (box[0]! + box[2]!) / 2, cy: (box[1]! + box[3]!) / 2, r };
}

/**
 * The disk fitted to the pie's rim: the box of the marks falls short where a slice's tip was
 * trimmed or cut by text, and a centre off by a few pixels skews every angle (train-mpl4 3900049
 * read 17 % for a slice of 20). Along rays from the centre found, the last slice pixel before a
 * stretch of background is a rim point; a circle is fitted to them, then again without the
 * points that stray, closer each time (rays along a white stroke between slices end early). `at`: 1 slice, -1 background, 0 else.
 */
export function fitDisk(disk: Disk, at: (x: number, y: number) => number): Disk {
  const pts: [number, number][] = [];
  const stop = Math.max(6, 0.08 * disk.r);
  for (let deg = 0; deg < 360; deg += 2) {
    const dx = Math.sin((deg * Math.PI) / 180), dy = -Math.cos((deg * Math.PI) / 180);
    let last = -1, bg = 0;
    for (let t = 0.3 * disk.r; t < 1.4 * disk.r; t++) {
      const k = at(Math.round(disk.cx + dx * t), Math.round(disk.cy + dy * t));
      if (k > 0) {
        last = t;
        bg = 0;
      } else if (k < 0 && ++bg >= stop) break;
    }
    if (last > 0) pts.push([disk.cx + dx * last, disk.cy + dy * last]);
  }
  if (pts.length < 90) return disk;
  let fit = circleThrough(pts);
  for (const share of [0.15, 0.05, 0.02]) {
    const f = fit;
    if (!f) break;
    const kept = pts.filter(([x, y]) => Math.abs(Math.hypot(x - f.cx, y - f.cy) - f.r) <= Math.max(2, share * f.r));
    fit = kept.length >= 0.6 * pts.length ? circleThrough(kept) : undefined;
  }
  // A fit far from the box's disk is not the pie's rim (a legend or labels over it).
  if (!fit || Math.hypot(fit.cx - disk.cx, fit.cy - disk.cy) > 0.2 * disk.r || Math.abs(fit.r - disk.r) > 0.2 * disk.r) return disk;
  return fit;
}

/** The least-squares circle through points (Kåsa's fit). */
function circleThrough(pts: [number, number][]): Disk | undefined {
  const n = pts.length, mx = pts.reduce((s, p) => s + p[0], 0) / n, my = pts.reduce((s, p) => s + p[1], 0) / n;
  let suu = 0, svv = 0, suv = 0, suuu = 0, svvv = 0, suvv = 0, svuu = 0;
  for (const [x, y] of pts) {
    const u = x - mx, v = y - my;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9) return undefined;
  const bu = (suuu + suvv) / 2, bv = (svvv + svuu) / 2;
  const uc = (bu * svv - bv * suv) / det, vc = (bv * suu - bu * suv) / det;
  return { cx: mx + uc, cy: my + vc, r: Math.sqrt(uc * uc + vc * vc + (suu + svv) / n) };
}

/**
 * Colours outside `known` that fill solid areas inside the disk (a grey slice: grey is taken for
 * gridlines and text elsewhere). Solid: the same colour two pixels off every way, which a
 * glyph's stroke is not; `skip` (text, rules) is left out.
 */
export function solidWithin(label: Int16Array, skip: Uint8Array, width: number, height: number, disk: Disk, known: Set<number>): number[] {
  const counts = new Map<number, number>();
  const r = 0.9 * disk.r;
  for (let y = Math.max(2, Math.ceil(disk.cy - r)); y < Math.min(height - 2, disk.cy + r); y++)
    for (let x = Math.max(2, Math.ceil(disk.cx - r)); x < Math.min(width - 2, disk.cx + r); x++) {
      const i = y * width + x, k = label[i]!;
      if (k < 0 || known.has(k) || skip[i] || Math.hypot(x - disk.cx, y - disk.cy) > r) continue;
      if (label[i - 2] === k && label[i + 2] === k && label[i - 2 * width] === k && label[i + 2 * width] === k) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  // A slice of one percent and a half or more (thin ones are mostly rim).
  return [...counts].filter(([, n]) => n >= 0.004 * Math.PI * disk.r * disk.r).map(([k]) => k);
}

/**
 * Slices by colour along the circle; `at` gives the cluster of a pixel (-1 for none). `blurred`:
 * a scan, whose boundaries between slices are wider blends that can fall into a colour of their own.
 */
export function slices(disk: Disk, at: (x: number, y: number) => number, nClusters: number, blurred = false): Slice[] {
  const STEPS = 1440;
  const ids = new Int32Array(STEPS).fill(-1);
  const radii = [0.3, 0.45, 0.6, 0.75, 0.88];
  const votes = new Int32Array(nClusters);
  for (let s = 0; s < STEPS; s++) {
    const a = (s / STEPS) * 2 * Math.PI;
    votes.fill(0);
    for (const f of radii) {
      const x = Math.round(disk.cx + Math.sin(a) * f * disk.r), y = Math.round(disk.cy - Math.cos(a) * f * disk.r);
      const k = at(x, y);
      if (k >= 0) votes[k]!++;
    }
    let best = -1, bestN = 0;
    for (let k = 0; k < nClusters; k++) if (votes[k]! > bestN) {
      best = k;
      bestN = votes[k]!;
    }
    ids[s] = best;
  }
  // Unknown steps (outlines, masked text) take the nearest known colour.
  for (let pass = 0; pass < STEPS && ids.includes(-1); pass++) {
    const prev = Int32Array.from(ids);
    for (let s = 0; s < STEPS; s++) if (prev[s] === -1) ids[s] = prev[(s + STEPS - 1) % STEPS]! >= 0 ? prev[(s + STEPS - 1) % STEPS]! : prev[(s + 1) % STEPS]!;
    if (prev.every((v) => v === -1)) return [];
  }
  // Start at a colour change so that no slice wraps round the array's end.
  let start = 0;
  while (start < STEPS && ids[start] === ids[(start + STEPS - 1) % STEPS]) start++;
  if (start === STEPS) return [{ cluster: ids[0]!, start: 0, end: 360, share: 1 }];
  const runs: { cluster: number; n: number; from: number }[] = [];
  for (let i = 0; i < STEPS; i++) {
    const s = (start + i) % STEPS;
    const last = runs[runs.length - 1];
    if (last && last.cluster === ids[s]) last.n++;
    else runs.push({ cluster: ids[s]!, n: 1, from: s });
  }
  // Runs under half a degree (a degree and a half on a scan) are anti-aliasing along a boundary:
  // give them to the neighbours.
  const kept = runs.filter((r) => r.n >= (blurred ? 6 : 2));
  const total = kept.reduce((s, r) => s + r.n, 0);
  const out = kept.map((r) => ({ cluster: r.cluster, start: (r.from / STEPS) * 360, end: ((r.from + r.n) / STEPS) * 360, share: r.n / total }));
  return fromTwelve(out);
}

/**
 * Slices in drawing order: clockwise from the one that starts nearest 12 o'clock, where plotting
 * libraries put the first (Vega, D3, spreadsheets), not from wherever the colour first changes (a
 * blurred boundary at 12 o'clock moves the first change past the whole first slice).
 */
export function fromTwelve(parts: Slice[]): Slice[] {
  if (parts.length < 2) return parts;
  const off = (s: Slice): number => Math.min(s.start % 360, 360 - (s.start % 360));
  let first = 0;
  parts.forEach((s, i) => (off(s) < off(parts[first]!) ? (first = i) : 0));
  return [...parts.slice(first), ...parts.slice(0, first)];
}
