// On a scan, grain spreads each fill over a dozen shades, so series whose colours lie close (the
// greys of a chart printed in grey, two tints of one hue) fall into one colour cluster and read as
// one series. Averaged over a small window inside a fill the grain cancels out: the shades of the
// cluster's solid interiors then gather round one lightness per fill. A cluster whose interiors
// gather round two or more well separated lightnesses, each holding a fair share of them, holds
// as many colours, and is split where the lightness histogram has its valleys.
import type { Rgb } from './colour.js';

/** Half the averaging window (7×7): grain of a 200-dpi scan drops to a seventh of its spread. */
const R = 3;
const SIDE = 2 * R + 1;
/** Lightness levels two shades' peaks must lie apart. */
const MIN_SEPARATION = 4;
/** The histogram between two shades must fall below this share of the lower peak. */
const VALLEY = 0.35;
/** Each shade holds this share of the cluster's interiors at least. */
const MIN_SHARE = 0.06;

const lightness = (rgb: Uint8Array, i: number): number => (rgb[3 * i]! + rgb[3 * i + 1]! + rgb[3 * i + 2]!) / 3;

/** Share of the window in the cluster for an interior pixel (grain throws single pixels out of it). */
const CORE = 0.85;
/** How far (pixels) a fill's blurred rim reaches beyond its interior pixels. */
const RIM = 7;

/**
 * Sums of `v` over the window of half-side `r` round every pixel (zero outside the picture): running
 * sums along rows, then down columns. `rows` is scratch space of the picture's size (reused between
 * calls: these pictures are large); the sums are written to `out`.
 */
function boxSums<T extends Float64Array | Int32Array>(v: ArrayLike<number>, width: number, height: number, r: number, rows: T, out: T): T {
  for (let y = 0, o = 0; y < height; y++, o += width) {
    let s = 0;
    for (let x = 0; x < Math.min(r, width); x++) s += v[o + x]!;
    for (let x = 0; x < width; x++) {
      if (x + r < width) s += v[o + x + r]!;
      rows[o + x] = s;
      if (x - r >= 0) s -= v[o + x - r]!;
    }
  }
  const acc = new Float64Array(width);
  for (let y = 0; y < Math.min(r, height); y++) for (let x = 0; x < width; x++) acc[x]! += rows[y * width + x]!;
  for (let y = 0, o = 0; y < height; y++, o += width) {
    const add = y + r < height ? (y + r) * width : -1, sub = y - r >= 0 ? (y - r) * width : -1;
    if (add >= 0) for (let x = 0; x < width; x++) acc[x]! += rows[add + x]!;
    out.set(acc, o);
    if (sub >= 0) for (let x = 0; x < width; x++) acc[x]! -= rows[sub + x]!;
  }
  return out;
}

/**
 * Peaks of a lightness histogram (counts per level) that stand apart: each is separated from
 * every stronger one by MIN_SEPARATION levels and a valley under VALLEY of the lower peak, and
 * holds MIN_SHARE of the whole. Returns the cut levels between consecutive shades (empty: one shade).
 */
export function shadeCuts(hist: number[]): number[] {
  const h = hist.map((_, i) => ((hist[i - 1] ?? 0) + 2 * hist[i]! + (hist[i + 1] ?? 0)) / 4);
  const total = hist.reduce((s, v) => s + v, 0);
  if (total === 0) return [];
  const peaks: number[] = [];
  for (let i = 0; i < h.length; i++) if (h[i]! > 0 && h[i]! >= (h[i - 1] ?? 0) && h[i]! > (h[i + 1] ?? 0)) peaks.push(i);
  peaks.sort((a, b) => h[b]! - h[a]!);
  const valleyAt = (a: number, b: number): number => {
    let m = Math.min(a, b);
    for (let i = Math.min(a, b); i <= Math.max(a, b); i++) if (h[i]! < h[m]!) m = i;
    return m;
  };
  const kept: number[] = [];
  for (const p of peaks) {
    const apart = kept.every((q) => Math.abs(p - q) >= MIN_SEPARATION && h[valleyAt(p, q)]! < VALLEY * Math.min(h[p]!, h[q]!));
    if (apart) kept.push(p);
  }
  if (kept.length < 2) return [];
  kept.sort((a, b) => a - b);
  // Each shade's mass: the levels between its valleys; a weak shade is dropped and the cuts found again.
  for (;;) {
    const cuts = kept.slice(1).map((p, i) => valleyAt(kept[i]!, p));
    const bounds = [-1, ...cuts, hist.length - 1];
    const mass = kept.map((_, i) => hist.slice(bounds[i]! + 1, bounds[i + 1]! + 1).reduce((s, v) => s + v, 0));
    const weakest = mass.indexOf(Math.min(...mass));
    if (mass[weakest]! >= MIN_SHARE * total) return cuts;
    kept.splice(weakest, 1);
    if (kept.length < 2) return [];
  }
}

/**
 * Splits the colour clusters of a scan whose fills' interiors gather round separate lightnesses
 * (see above). Interior pixels (nearly the whole window in the cluster) are placed by their window's
 * mean; other pixels of the cluster by the mean of the interior pixels within RIM, and where
 * there are none (thin lines far from a fill) they stay. The cluster keeps the shade nearest
 * its centre; the others become clusters of their own, appended to `centres`. `minInterior`:
 * interior pixels a cluster needs before it is looked at. Returns whether anything was split.
 */
export function splitShades(label: Int16Array, rgb: Uint8Array, width: number, height: number, centres: Rgb[], minInterior: number): boolean {
  // A cheap first look: pixels whose neighbours R away, every way, share their cluster; only
  // clusters with enough of those are measured, each within the box round them.
  const original = centres.length;
  const solid = new Array<number>(original).fill(0);
  const box = Array.from({ length: original }, () => [width, height, -1, -1]);
  for (let y = R; y < height - R; y++)
    for (let x = R; x < width - R; x++) {
      const i = y * width + x, k = label[i]!;
      if (k < 0 || label[i - R] !== k || label[i + R] !== k || label[i - R * width] !== k || label[i + R * width] !== k) continue;
      solid[k]!++;
      const b = box[k]!;
      if (x < b[0]!) b[0] = x;
      if (y < b[1]!) b[1] = y;
      if (x > b[2]!) b[2] = x;
      if (y > b[3]!) b[3] = y;
    }
  // The boxes' arrays are allocated once, at the largest box, and reused cluster by cluster.
  const boxes: [number, number, number, number][] = [];
  let most = 0;
  for (let k = 0; k < original; k++) {
    if (solid[k]! < minInterior) continue;
    const m = RIM + R;
    const [bx0, by0, bx1, by1] = box[k]!;
    const x0 = Math.max(0, bx0! - m), y0 = Math.max(0, by0! - m), x1 = Math.min(width, bx1! + m + 1), y1 = Math.min(height, by1! + m + 1);
    boxes[k] = [x0, y0, x1, y1];
    most = Math.max(most, (x1 - x0) * (y1 - y0));
  }
  if (most === 0) return false;
  const scratch = shadeScratch(most);
  let split = false;
  for (let k = 0; k < original; k++) if (boxes[k] && splitCluster(k, label, rgb, width, boxes[k]!, centres, minInterior, scratch)) split = true;
  return split;
}

/** Working arrays of splitCluster, one picture box in size. */
interface ShadeScratch {
  ind: Uint8Array;
  val: Float64Array;
  int: [Int32Array, Int32Array, Int32Array];
  float: [Float64Array, Float64Array];
  shade: Int8Array;
}

function shadeScratch(n: number): ShadeScratch {
  return { ind: new Uint8Array(n), val: new Float64Array(n), int: [new Int32Array(n), new Int32Array(n), new Int32Array(n)], float: [new Float64Array(n), new Float64Array(n)], shade: new Int8Array(n) };
}

/** splitShades for cluster `k` within the box [x0, y0, x1, y1). */
function splitCluster(k: number, label: Int16Array, rgb: Uint8Array, width: number, [x0, y0, x1, y1]: [number, number, number, number], centres: Rgb[], minInterior: number, scratch: ShadeScratch): boolean {
  const w = x1 - x0, h = y1 - y0, n = w * h;
  // Box pixel j = y * w + x is picture pixel (y0 + y) * width + x0 + x.
  // Membership counts are whole numbers: summed as integers they equal the floating sums exactly.
  const ind = scratch.ind.subarray(0, n).fill(0), val = scratch.val.subarray(0, n).fill(0);
  const [i0, i1, i2] = scratch.int.map((a) => a.subarray(0, n)) as [Int32Array, Int32Array, Int32Array];
  const [f0, f1] = scratch.float.map((a) => a.subarray(0, n)) as [Float64Array, Float64Array];
  for (let y = 0, j = 0; y < h; y++)
    for (let x = 0, i = (y0 + y) * width + x0; x < w; x++, j++, i++) {
      if (label[i] !== k) continue;
      ind[j] = 1;
      val[j] = lightness(rgb, i);
    }
  const inK = boxSums(ind, w, h, R, i0, i1);
  const sumK = boxSums(val, w, h, R, f0, f1);
  // Interior pixels and their window means; a second pass averages those means round every pixel.
  const hist = new Array<number>(256).fill(0);
  let interior = 0;
  for (let j = 0; j < n; j++) {
    const core = ind[j] === 1 && inK[j]! >= CORE * SIDE * SIDE;
    ind[j] = core ? 1 : 0;
    val[j] = core ? sumK[j]! / inK[j]! : 0;
    if (core) {
      hist[Math.round(val[j]!)]!++;
      interior++;
    }
  }
  if (interior < minInterior) return false;
  const cuts = shadeCuts(hist);
  if (cuts.length === 0) return false;
  // Rims take the shade of the interiors within RIM: left in the cluster they would be slivers of
  // one shade round the fills of every other.
  const coreN = boxSums(ind, w, h, RIM, inK, i2), coreSum = boxSums(val, w, h, RIM, f0, sumK);
  const shadeOf = (v: number): number => cuts.filter((c) => v > c + 0.5).length;
  const sums = Array.from({ length: cuts.length + 1 }, () => [0, 0, 0, 0]);
  const shade = scratch.shade.subarray(0, n).fill(-1);
  for (let y = 0, j = 0; y < h; y++)
    for (let x = 0, i = (y0 + y) * width + x0; x < w; x++, j++, i++) {
      if (label[i] !== k || coreN[j] === 0) continue;
      const s = shadeOf(coreSum[j]! / coreN[j]!);
      shade[j] = s;
      if (ind[j]) {
        const acc = sums[s]!;
        acc[0]! += rgb[3 * i]!;
        acc[1]! += rgb[3 * i + 1]!;
        acc[2]! += rgb[3 * i + 2]!;
        acc[3]!++;
      }
    }
  const means: Rgb[] = sums.map(([r, g, b, c]) => [r! / c!, g! / c!, b! / c!]);
  const dist = (c: Rgb): number => Math.hypot(c[0] - centres[k]![0], c[1] - centres[k]![1], c[2] - centres[k]![2]);
  const stays = means.reduce((best, c, s) => (dist(c) < dist(means[best]!) ? s : best), 0);
  const index = means.map((c, s) => {
    if (s === stays) {
      centres[k] = c;
      return k;
    }
    centres.push(c);
    return centres.length - 1;
  });
  for (let y = 0, j = 0; y < h; y++) for (let x = 0, i = (y0 + y) * width + x0; x < w; x++, j++, i++) if (shade[j]! >= 0) label[i] = index[shade[j]!]!;
  return true;
}
