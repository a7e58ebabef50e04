// On a scan, grain and JPEG blocks scatter pixels of one fill into a neighbouring colour cluster
// (speckles of a second pink inside a pink bar) and blur paints a strip of blend colour where two
// fills touch; each such speckle field or strip became a series of its own. A pixel whose
// neighbours are mostly one other colour takes that colour: a majority vote of the 3×3 window
// among ink labels, which leaves solid areas, lines two pixels wide and more, and the ink/background
// boundary as they are.
import { chroma, colourDistance, tintOf, type Rgb } from './colour.js';

/** Neighbours (of 8) that must share one other colour for a pixel to take it. */
const MAJORITY = 5;

/**
 * Relabels `label` (cluster index per pixel, negative for background and blends) in place, `passes`
 * times; blend pixels (-2) join a colour that holds half their neighbours. Returns the new pixel count per cluster.
 */
export function settleLabels(label: Int16Array, width: number, height: number, clusters: number, passes = 2): number[] {
  // Passes read one array and write the other: `label` and one scratch copy, in turn.
  let src = label, spare: Int16Array | undefined;
  for (let pass = 0; pass < passes; pass++) {
    const out = src === label ? (spare ??= new Int16Array(label.length)) : label;
    out.set(src);
    const tally = new Uint8Array(clusters);
    let changed = 0;
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        const own = src[i]!;
        if (own === -1) continue;
        // Inside a solid area every neighbour is the pixel's own colour: nothing can move (most ink pixels).
        if (own >= 0 && src[i - 1] === own && src[i + 1] === own && src[i - width] === own && src[i + width] === own && src[i - width - 1] === own && src[i - width + 1] === own && src[i + width - 1] === own && src[i + width + 1] === own) continue;
        tally.fill(0);
        let best = -1, bestN = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            if (dx === 0 && dy === 0) continue;
            const l = src[i + dy * width + dx]!;
            if (l < 0) continue;
            const n = ++tally[l]!;
            if (n > bestN) {
              best = l;
              bestN = n;
            }
          }
        if (best < 0 || best === own) continue;
        if (bestN >= MAJORITY || (own === -2 && bestN >= 4)) {
          out[i] = best;
          changed++;
        }
      }
    src = out;
    if (changed === 0) break;
  }
  if (src !== label) label.set(src);
  const counts = new Array<number>(clusters).fill(0);
  for (let i = 0; i < label.length; i++) if (label[i]! >= 0) counts[label[i]!]!++;
  return counts;
}

/** How far (pixels) a scan's blurred rim reaches from the fill it rims. */
const RIM_REACH = 3;

/**
 * A scan's blur gives every fill a rim several pixels wide in the colours between it and the
 * background, or between it and the fill it touches; wide enough to have a solid core of its own,
 * such a rim is clustered as a colour and read as a series. A colour that lies on the way from a
 * far larger colour to the background or to a third colour, and whose pixels lie almost all
 * (70 %) within RIM_REACH of that colour, is its rim: those pixels join the fill (a tint) or
 * the nearer of the two (between two fills). Returns whether anything moved.
 */
export function absorbRims(label: Int16Array, rgb: Uint8Array, width: number, height: number, centres: Rgb[], counts: number[], background: Rgb): boolean {
  const n = centres.length;
  const plans: { a: number; into: number; other: number }[] = [];
  for (let a = 0; a < n; a++) {
    let best: { into: number; other: number; d: number } | undefined;
    for (let b = 0; b < n; b++) {
      // A grey is no colour's rim: gridlines run beside bars and tick marks touch them.
      if (b === a || counts[b]! < 3 * counts[a]! || (chroma(centres[a]!) < 12 && chroma(centres[b]!) >= 36)) continue;
      const s = tintOf(centres[a]!, centres[b]!, background);
      if (s.t > 0.03 && s.t < 0.9 && s.d < 20 && (!best || s.d < best.d)) best = { into: b, other: -1, d: s.d };
      for (let c = 0; c < n; c++) {
        // The third colour may be a thin rule (an axis line) with fewer pixels than the blend.
        if (c === a || c === b || counts[c]! < 0.5 * counts[a]!) continue;
        const m = tintOf(centres[a]!, centres[b]!, centres[c]!);
        if (m.t > 0.1 && m.t < 0.9 && m.d < 20 && (!best || m.d < best.d)) best = { into: b, other: c, d: m.d };
      }
    }
    if (best) plans.push({ a, into: best.into, other: best.other });
  }
  let moved = false;
  // Each planned colour's pixels, listed in one pass; a colour that an earlier plan moves pixels
  // into gains pixels the list lacks and is looked for over the whole picture again.
  if (plans.length === 0) return false;
  // Indexed by label + 2 (labels run from -2): a typed lookup per pixel, not a Set's.
  const isPlanned = new Uint8Array(n + 2);
  const lists = Array.from({ length: n + 2 }, (): number[] => []);
  for (const p of plans) isPlanned[p.a + 2] = 1;
  for (let i = 0; i < label.length; i++) if (isPlanned[label[i]! + 2]) lists[label[i]! + 2]!.push(i);
  const grown = new Set<number>();
  for (const { a, into, other } of plans) {
    const near: number[] = [];
    let total = 0;
    const visit = (i: number): void => {
      if (label[i] !== a) return;
      total++;
      const x = i % width;
      if (within(label, width, height, x, (i - x) / width, into, other)) near.push(i);
    };
    if (grown.has(a)) for (let i = 0; i < label.length; i++) visit(i);
    else for (const i of lists[a + 2]!) visit(i);
    if (total === 0 || near.length < 0.7 * total) continue;
    grown.add(into);
    if (other >= 0) grown.add(other);
    // Between two fills each pixel goes to the nearer (a grey axis line blurred into a bar's
    // colour keeps its line).
    for (const i of near) {
      const p: Rgb = [rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!];
      label[i] = other < 0 || colourDistance(p, centres[into]!) <= colourDistance(p, centres[other]!) ? into : other;
    }
    moved = true;
  }
  return moved;
}

/** Whether colour `a` or `b` (-1: none) lies within `reach` of (x, y). */
function within(label: Int16Array, width: number, height: number, x: number, y: number, a: number, b: number, reach = RIM_REACH): boolean {
  for (let yy = Math.max(0, y - reach); yy <= Math.min(height - 1, y + reach); yy++)
    for (let xx = Math.max(0, x - reach); xx <= Math.min(width - 1, x + reach); xx++) {
      const l = label[yy * width + xx]!;
      if (l === a || (b >= 0 && l === b)) return true;
    }
  return false;
}

/** How far (pixels) a blurred line's rim reaches into a paler colour of its hue. */
const TINT_RIM = 2;

/**
 * A blurred dark stroke's rim runs through the paler tints of its hue on its way to the paper, so
 * a paler series of that hue (paired palettes: a dark and a light blue) collects a band of it along
 * both sides of every dark line, which glues the two series together and pulls the pale line's
 * trace off. Pixels of the paler colour within TINT_RIM of the darker one are that rim: they
 * become blends (-2). The pale series loses only a sliver where the two meet. Returns whether any moved.
 */
export function detachTintRims(label: Int16Array, width: number, height: number, centres: Rgb[], background: Rgb): boolean {
  const n = centres.length;
  const parent = new Int16Array(n).fill(-1);
  for (let a = 0; a < n; a++) {
    // A paler colour with little chroma is a rim itself (left to absorbRims and the extractor's mergeRims).
    if (chroma(centres[a]!) < 36) continue;
    let bestD = 14;
    for (let b = 0; b < n; b++) {
      if (b === a || chroma(centres[b]!) < 36) continue;
      const s = tintOf(centres[a]!, centres[b]!, background);
      if (s.d < bestD && s.t > 0.08 && s.t < 0.95) {
        bestD = s.d;
        parent[a] = b;
      }
    }
  }
  if (parent.every((p) => p < 0)) return false;
  const rims: number[] = [];
  const all = new Array<number>(n).fill(0), near = new Array<number>(n).fill(0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const k = label[i]!;
      if (k < 0 || parent[k]! < 0) continue;
      all[k]!++;
      if (within(label, width, height, x, y, parent[k]!, -1, TINT_RIM)) {
        rims.push(i);
        near[k]!++;
      }
    }
  // Only where the rim is a good part of the paler colour (it runs along every dark line): pale
  // markers or bars that merely touch darker ones keep their edges.
  let moved = false;
  for (const i of rims)
    if (near[label[i]!]! >= RIM_SHARE * all[label[i]!]!) {
      label[i] = -2;
      moved = true;
    }
  return moved;
}

/** Share of a paler colour's pixels that must lie along the darker one for them to be its rim. */
const RIM_SHARE = 0.2;
