// Pixels of a chart and the colours drawn on it. Every mark is found by colour: the background is
// the most common colour, ink is what differs from it, and ink colours are clustered so that
// anti-aliased edges (blends of a colour with the background) join their colour instead of
// becoming series of their own.
import sharp from 'sharp';
import { chroma, colourDistance, toSegment, type Rgb } from './colour.js';
import { absorbRims, detachTintRims, settleLabels } from './settle.js';
import { splitShades } from './shades.js';
import { seenThroughRule } from './translucent.js';
import { foldVeils } from './veil.js';

// The colour arithmetic lives in colour.ts (settle.ts needs it too); callers import it from here.
export { chroma, colourDistance, tintOf, type Rgb } from './colour.js';

export interface Raster {
  width: number;
  height: number;
  /** RGB, row-major, 3 bytes a pixel. */
  rgb: Uint8Array;
  /** Grain of a scan's background (see scan.ts backgroundNoise); absent or 0 on a rendered chart. */
  grain?: number;
}

export async function decodeRgb(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export const hex = (c: Rgb): string => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

export function pixel(r: Raster, i: number): Rgb {
  return [r.rgb[3 * i]!, r.rgb[3 * i + 1]!, r.rgb[3 * i + 2]!];
}

const BIN_SHIFT = 3; // 32 levels a channel: fine enough for palettes, coarse enough for scan noise
const binOf = (r: number, g: number, b: number): number => ((r >> BIN_SHIFT) << 10) | ((g >> BIN_SHIFT) << 5) | (b >> BIN_SHIFT);

/**
 * The background: the most common colour round the image's border (a chart has margins there;
 * over the whole image a large bar or slice can outnumber the background).
 */
export function backgroundColour(r: Raster): Rgb {
  const counts = new Uint32Array(1 << 15);
  const { width, height } = r;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  for (const i of border) counts[binOf(r.rgb[3 * i]!, r.rgb[3 * i + 1]!, r.rgb[3 * i + 2]!)]!++;
  let best = 0;
  for (let b = 1; b < counts.length; b++) if (counts[b]! > counts[best]!) best = b;
  let sr = 0, sg = 0, sb = 0, k = 0;
  for (const i of border) {
    if (binOf(r.rgb[3 * i]!, r.rgb[3 * i + 1]!, r.rgb[3 * i + 2]!) !== best) continue;
    sr += r.rgb[3 * i]!;
    sg += r.rgb[3 * i + 1]!;
    sb += r.rgb[3 * i + 2]!;
    k++;
  }
  return [sr / k, sg / k, sb / k];
}

export interface ColourClusters {
  background: Rgb;
  centres: Rgb[];
  /** Per pixel: cluster index, -1 for background, -2 for ink that is a blend of two colours. */
  label: Int16Array;
  /** Pixels per cluster. */
  counts: number[];
}

/** Background grain at which a picture counts as a scan (scan.ts denoises from the same level). */
export const NOISY_GRAIN = 2;

/** Each bin's count and sums become those of its 3×3×3 neighbourhood of bins. */
export function pool(counts: Uint32Array, sums: Float64Array): void {
  const c0 = Uint32Array.from(counts), s0 = Float64Array.from(sums);
  for (let b = 0; b < c0.length; b++) {
    if (!c0[b]) continue;
    const r = b >> 10, g = (b >> 5) & 31, bl = b & 31;
    let c = 0, sr = 0, sg = 0, sb = 0;
    for (let dr = -1; dr <= 1; dr++)
      for (let dg = -1; dg <= 1; dg++)
        for (let db = -1; db <= 1; db++) {
          const rr = r + dr, gg = g + dg, bb = bl + db;
          if (rr < 0 || gg < 0 || bb < 0 || rr > 31 || gg > 31 || bb > 31) continue;
          const k = (rr << 10) | (gg << 5) | bb;
          c += c0[k]!;
          sr += s0[3 * k]!;
          sg += s0[3 * k + 1]!;
          sb += s0[3 * k + 2]!;
        }
    counts[b] = c;
    sums[3 * b] = sr;
    sums[3 * b + 1] = sg;
    sums[3 * b + 2] = sb;
  }
}

/** Ink differs from the background by more than this (RGB distance): light gridlines are ink. */
export const INK_DISTANCE = 40;
const MERGE_DISTANCE = 48;
const GREY_COLOUR_CHROMA = 24;
const SPLIT_DISTANCE = 24;

/**
 * Ink pixels (see clusterColours) and the colour bins' pixel counts and channel sums over them.
 * They do not depend on what a clustering leaves out, so one picture's clusterings share them.
 */
export interface InkBins {
  background: Rgb;
  ink: Uint8Array;
  counts: Uint32Array;
  sums: Float64Array;
}

export function inkBins(r: Raster): InkBins {
  const n = r.width * r.height;
  const background = backgroundColour(r);
  const [br, bg, bb] = background;
  const rgb = r.rgb;
  const counts = new Uint32Array(1 << 15);
  const sums = new Float64Array(3 << 15);
  const ink = new Uint8Array(n);
  const ink2 = INK_DISTANCE * INK_DISTANCE;
  // Pastel fills (a pale blue bar on white) lie closer to the background than a light gridline
  // but differ from it in hue: 60 % of the distance is ink where the chroma differs as well (faint
  // rims of vivid marks have little chroma left).
  const pale2 = (0.6 * INK_DISTANCE) ** 2;
  const bgChroma = chroma(background);
  // A scan fades colours towards its paper (a pastel keeps half its chroma) while its grey paper
  // keeps none: there a smaller difference in chroma is already a colour.
  const chromaStep = (r.grain ?? 0) >= NOISY_GRAIN ? 10 : 20;
  for (let i = 0; i < n; i++) {
    const pr = rgb[3 * i]!, pg = rgb[3 * i + 1]!, pb = rgb[3 * i + 2]!;
    const dr = pr - br, dg = pg - bg, db = pb - bb;
    const d2 = dr * dr + dg * dg + db * db;
    if (d2 <= pale2 || (d2 <= ink2 && Math.abs(Math.max(pr, pg, pb) - Math.min(pr, pg, pb) - bgChroma) < chromaStep)) continue;
    ink[i] = 1;
    const b = binOf(pr, pg, pb);
    counts[b]!++;
    sums[3 * b] = sums[3 * b]! + pr;
    sums[3 * b + 1] = sums[3 * b + 1]! + pg;
    sums[3 * b + 2] = sums[3 * b + 2]! + pb;
  }
  return { background, ink, counts, sums };
}

/**
 * Clusters the ink colours. Bins are visited from the most common; a bin starts a new cluster
 * unless it is near an existing centre or lies on the blend between a centre and the background
 * or between two centres (the anti-aliased rim of a mark). `skip` marks pixels to leave out
 * (recognised text). `shades`: on a scan, split clusters that hold fills of close shades
 * (shades.ts; the rules and the text need no such split, the marks do). `bins`: this picture's
 * inkBins, when another clustering has them already.
 */
export function clusterColours(r: Raster, skip?: Uint8Array, shades = true, bins: InkBins = inkBins(r)): ColourClusters {
  const n = r.width * r.height;
  const { background, ink } = bins;
  const rgb = r.rgb;
  const noisy = (r.grain ?? 0) >= NOISY_GRAIN;
  // Skipped pixels are taken back out of the bins: the counts and sums are whole numbers, so the
  // totals equal those summed over the pixels kept.
  const counts = Uint32Array.from(bins.counts);
  const sums = Float64Array.from(bins.sums);
  if (skip)
    for (let i = 0; i < n; i++) {
      if (!ink[i] || !skip[i]) continue;
      const pr = rgb[3 * i]!, pg = rgb[3 * i + 1]!, pb = rgb[3 * i + 2]!;
      const b = binOf(pr, pg, pb);
      counts[b]!--;
      sums[3 * b] = sums[3 * b]! - pr;
      sums[3 * b + 1] = sums[3 * b + 1]! - pg;
      sums[3 * b + 2] = sums[3 * b + 2]! - pb;
    }
  // Grain and JPEG noise spread one colour over neighbouring bins, none of them solid enough to
  // start a cluster: on a scan a bin is ranked and placed by its 26 neighbours as well (its
  // colour is their mean); bins that join a colour add only their own counts.
  const own = Uint32Array.from(counts);
  if (noisy) pool(counts, sums);
  const order: number[] = [];
  for (let b = 0; b < counts.length; b++) if (counts[b]! > 0) order.push(b);
  order.sort((a, b) => counts[b]! - counts[a]!);
  // A colour needs a solid presence: a few dozen pixels, or 0.02 % of the image.
  const minCount = Math.max(12, Math.round(n * 0.0002));
  const centres: Rgb[] = [];
  const weights: number[] = [];
  // Colours of translucent marks seen over a rule, and the centre each belongs to.
  const seen: { col: Rgb; k: number }[] = [];
  for (const b of order) {
    if (counts[b]! < minCount) break;
    const c = noisy ? own[b]! : counts[b]!;
    const col: Rgb = [sums[3 * b]! / counts[b]!, sums[3 * b + 1]! / counts[b]!, sums[3 * b + 2]! / counts[b]!];
    let near = -1;
    // A grey and a colour stay apart: a pale series colour is as light as a gridline grey (a light
    // blue beside #ddd), and on a scan a faded colour comes close to a grey of like lightness.
    for (let k = 0; k < centres.length; k++) if (colourDistance(col, centres[k]!) < MERGE_DISTANCE && !greyAndColour(col, centres[k]!, noisy)) near = near < 0 || colourDistance(col, centres[k]!) < colourDistance(col, centres[near]!) ? k : near;
    // A bin as common as a quarter of the colour it is near, yet clearly apart from it, is a
    // colour of its own (a pale blue beside a light grey, two pastel fills of one palette) when
    // it differs in hue, or when it fills a large area as a tint (sequential palettes are tints
    // of one hue); noise spreads a colour over neighbouring bins only, and the pale rims of thin
    // outlines are tints of small area (those are left to the blend rules).
    if (near >= 0 && c > 0.25 * weights[near]! && colourDistance(col, centres[near]!) > SPLIT_DISTANCE && (c >= 0.01 * n || offTint(col, centres[near]!, background))) near = -1;
    if (near >= 0) {
      // Weighted update keeps the centre at the solid colour (the rim bins are far smaller).
      const w = weights[near]!;
      const cn = centres[near]!;
      if (c > w * 0.25) centres[near] = [(cn[0] * w + col[0] * c) / (w + c), (cn[1] * w + col[1] * c) / (w + c), (cn[2] * w + col[2] * c) / (w + c)];
      weights[near] = w + c;
      continue;
    }
    if (isBlend(col, c, centres, weights, background)) continue;
    const through = noisy ? -1 : seenThroughRule(col, c, centres, weights, background);
    if (through >= 0) {
      seen.push({ col, k: through });
      continue;
    }
    centres.push(col);
    // A scan's colour starts with the weight of its whole neighbourhood (its noise-spread shades).
    weights.push(counts[b]!);
  }
  const label = new Int16Array(n).fill(-1);
  const clusterCounts = new Array<number>(centres.length).fill(0);
  // Nearest centre per colour, cached at 6 bits a channel (charts repeat few colours).
  const cache = new Int16Array(1 << 18).fill(-3);
  const maxD2 = (MERGE_DISTANCE * 1.2) ** 2;
  const centreChroma = centres.map(chroma);
  for (let i = 0; i < n; i++) {
    if (!ink[i]) continue;
    const pr = rgb[3 * i]!, pg = rgb[3 * i + 1]!, pb = rgb[3 * i + 2]!;
    const key = ((pr >> 2) << 12) | ((pg >> 2) << 6) | (pb >> 2);
    let best = cache[key]!;
    if (best === -3) {
      best = -2;
      let bestD = maxD2;
      const pc = Math.max(pr, pg, pb) - Math.min(pr, pg, pb);
      for (let k = 0; k < centres.length; k++) {
        // A grey pixel is never part of a vivid colour (it is the rim of black text), nor the reverse.
        if (Math.abs(pc - centreChroma[k]!) > 45) continue;
        const c = centres[k]!;
        const d = (pr - c[0]) ** 2 + (pg - c[1]) ** 2 + (pb - c[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      }
      for (const { col, k } of seen) {
        const d = (pr - col[0]) ** 2 + (pg - col[1]) ** 2 + (pb - col[2]) ** 2;
        if (d < Math.min(bestD, 16 * 16)) {
          bestD = d;
          best = k;
        }
      }
      // A tint of a colour, two-thirds colour or more (the core of a thin anti-aliased line,
      // a legend stroke), belongs to that colour; fainter rims stay blends.
      if (best === -2) {
        let bestD = 16;
        for (let k = 0; k < centres.length; k++) {
          const s = toSegment([pr, pg, pb], centres[k]!, background);
          if (s.t < 0.35 && s.d < bestD) {
            bestD = s.d;
            best = k;
          }
        }
      }
      cache[key] = best;
    }
    label[i] = best;
    if (best >= 0) clusterCounts[best]!++;
  }
  // A scan's speckles take the colour round them and its blurred rims join their fills (settle.ts);
  // a second call with no passes only counts the pixels again.
  if (noisy) {
    // Close shades (a chart printed in grey) share a cluster until the grain is averaged out (shades.ts).
    if (shades) splitShades(label, rgb, r.width, r.height, centres, Math.max(400, Math.round(n * 0.002)));
    const settled = settleLabels(label, r.width, r.height, centres.length);
    const moved = absorbRims(label, rgb, r.width, r.height, centres, settled, background);
    const counts = detachTintRims(label, r.width, r.height, centres, background) || moved ? settleLabels(label, r.width, r.height, centres.length, 0) : settled;
    return { background, centres, label, counts };
  }
  // Marks seen through a translucent legend box take their own colour again (veil.ts).
  const folded = foldVeils(label, rgb, r.width, r.height, centres, clusterCounts);
  return { background, centres: folded.centres, label, counts: folded.counts };
}

/** Under this chroma a scan's colour may be a grey (JPEG's colour noise tints greys; blur fades colours). */
const SCAN_GREY_CHROMA = 36;

/**
 * Chroma apart by GREY_COLOUR_CHROMA, the weaker one greyish (two strong blues of one line, its
 * core and its blurred edge, differ in chroma as much); on a rendered chart only a light true grey
 * (a gridline) and a light colour (a pastel): darker greys beside colours are text rims and blends.
 */
const greyAndColour = (a: Rgb, b: Rgb, noisy: boolean): boolean =>
  Math.abs(chroma(a) - chroma(b)) >= GREY_COLOUR_CHROMA && Math.min(chroma(a), chroma(b)) < (noisy ? SCAN_GREY_CHROMA : 12) && (noisy || Math.min(lum(a), lum(b)) >= 160);
const lum = (c: Rgb): number => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** Neither colour lies on the way from the other to the background (they differ in hue, not only in strength). */
const offTint = (a: Rgb, b: Rgb, background: Rgb): boolean => toSegment(a, b, background).d >= 12 && toSegment(b, a, background).d >= 12;

/**
 * A colour on the way from a centre to the background, or between two centres, is their blend
 * (an anti-aliased rim) when it is far rarer than they are; as common as a quarter of them it is
 * a colour of its own (palettes pair a colour with its light tint: tableau20, paired).
 */
function isBlend(col: Rgb, count: number, centres: Rgb[], weights: number[], background: Rgb): boolean {
  for (let k = 0; k < centres.length; k++) {
    const s = toSegment(col, centres[k]!, background);
    if (s.d < 14 && s.t > 0.08 && s.t < 0.95 && count < 0.25 * weights[k]!) return true;
  }
  for (let i = 0; i < centres.length; i++)
    for (let j = i + 1; j < centres.length; j++) {
      const s = toSegment(col, centres[i]!, centres[j]!);
      if (s.d < 10 && s.t > 0.15 && s.t < 0.85 && count < 0.25 * Math.min(weights[i]!, weights[j]!)) return true;
    }
  return false;
}
