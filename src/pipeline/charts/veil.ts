// A translucent legend box drawn over the data (matplotlib's legend has framealpha 0.8) veils the
// marks under it: there a mark of colour c shows a·c + (1-a)·box, a lighter shade towards the
// box's light grey or white. Left alone that shade is a phantom series of its own (or a blend
// left out), and the points or bar parts under the legend are lost. The shade is folded back into
// its colour where all of it lies in one legend-sized box; a light series of a paired palette is
// a like tint of a dark one but spreads over the plot.
import { chroma, type Rgb } from './colour.js';

/** Opacity left to the mark under a veil, least and most (framealpha 0.4 to 0.9). */
const MIN_SHOW = 0.08, MAX_SHOW = 0.6;

/**
 * How much of `full` shows in `col` through a light grey veil: the `a` for which col - a·full is
 * the same in every channel (a grey box), with the box light (200 to 255) and the fit close;
 * -1 if `col` is no such shade. Greys are nobody's veil (any grey is black seen through grey).
 */
export function veilShow(col: Rgb, full: Rgb): number {
  if (chroma(full) < 36 || chroma(col) < 8 || chroma(col) >= chroma(full)) return -1;
  const mf = (full[0] + full[1] + full[2]) / 3, mc = (col[0] + col[1] + col[2]) / 3;
  let cov = 0, vf = 0;
  for (let i = 0; i < 3; i++) {
    cov += (full[i]! - mf) * (col[i]! - mc);
    vf += (full[i]! - mf) ** 2;
  }
  const a = cov / vf;
  if (a < MIN_SHOW || a > MAX_SHOW) return -1;
  const rest = [0, 1, 2].map((i) => col[i]! - a * full[i]!);
  const mean = (rest[0]! + rest[1]! + rest[2]!) / 3;
  const box = mean / (1 - a);
  if (box < 200 || box > 258) return -1;
  return rest.every((v) => Math.abs(v - mean) < 6) ? a : -1;
}

/** Under this chroma a pixel is grey, no veiled shade (veilShow's own floor). */
const VEIL_GREY = 8;

/** A box no wider nor taller than 40 % of the image and within 8 % of its area: legend-sized. */
const legendSized = (b: [number, number, number, number], width: number, height: number): boolean => {
  const w = b[2] - b[0] + 1, h = b[3] - b[1] + 1;
  return w <= 0.4 * width && h <= 0.4 * height && w * h <= 0.08 * width * height;
};

/**
 * Folds each centre that is a veiled shade of another, and lies within one legend-sized box,
 * into that colour: its pixels take the colour's label and the centre is dropped (labels above it
 * shift down). Returns the centres and counts left; `label` is rewritten in place.
 */
export function foldVeils(label: Int16Array, rgb: Uint8Array, width: number, height: number, centres: Rgb[], counts: number[]): { centres: Rgb[]; counts: number[] } {
  const into = centres.map(() => -1);
  for (let j = 0; j < centres.length; j++) {
    let best = -1, bestCount = 0;
    for (let k = 0; k < centres.length; k++) if (k !== j && veilShow(centres[j]!, centres[k]!) > 0 && counts[k]! > bestCount) {
      best = k;
      bestCount = counts[k]!;
    }
    if (best >= 0) into[j] = best;
  }
  for (let j = 0; j < centres.length; j++) if (into[j]! >= 0 && into[into[j]!]! >= 0) into[j] = -1;
  if (into.every((k) => k < 0)) return { centres, counts };
  // The shade's solid pixels (a 3×3 block of it) give its box: its thin rims are anti-aliased
  // edges of the colour against a light panel, the same blend, found all over the plot.
  const boxes = centres.map((): [number, number, number, number] => [width, height, -1, -1]);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x, l = label[i]!;
      if (l < 0 || into[l]! < 0 || !solid(label, width, i, l)) continue;
      const b = boxes[l]!;
      if (x < b[0]) b[0] = x;
      if (y < b[1]) b[1] = y;
      if (x > b[2]) b[2] = x;
      if (y > b[3]) b[3] = y;
    }
  for (let j = 0; j < centres.length; j++) if (into[j]! >= 0 && (boxes[j]![2] < 0 || !legendSized(boxes[j]!, width, height))) into[j] = -1;
  if (into.every((k) => k < 0)) return { centres, counts };
  // New index per old centre: folded ones take their colour's, the rest close up.
  const remap: number[] = [];
  let next = 0;
  for (let j = 0; j < centres.length; j++) remap.push(into[j]! >= 0 ? -1 : next++);
  for (let j = 0; j < centres.length; j++) if (into[j]! >= 0) remap[j] = remap[into[j]!]!;
  const kept: Rgb[] = [], keptCounts: number[] = [];
  for (let j = 0; j < centres.length; j++) {
    if (into[j]! >= 0) continue;
    kept.push(centres[j]!);
    keptCounts.push(0);
  }
  // Outside the box the shade is the colour's rim on a light panel: it joins the colour as well.
  // A grey pixel the shade's cluster took in (a frame's or the legend box's anti-aliased edge) is
  // no shade of any colour: joined to the marks it would glue them to the frame; it stays a blend.
  for (let i = 0; i < label.length; i++) {
    const l = label[i]!;
    if (l < 0) continue;
    if (into[l]! >= 0 && Math.max(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) - Math.min(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) < VEIL_GREY) {
      label[i] = -2;
      continue;
    }
    label[i] = remap[l]!;
    keptCounts[remap[l]!]!++;
  }
  return { centres: kept, counts: keptCounts };
}

/** Pixel i and its eight neighbours all carry label l (not on the image's border). */
function solid(label: Int16Array, width: number, i: number, l: number): boolean {
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (label[i + dy * width + dx] !== l) return false;
  return true;
}
