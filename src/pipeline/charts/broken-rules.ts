// Gridlines on a scan printed in grey: a pale gridline lies a few levels from the paper, so grain
// breaks it into short pieces (and knots them with their crossings into lattices) that the rule
// finder, which wants unbroken runs, leaves. Their pieces fall into the grey clusters of the data
// (every series of a grey scan is grey) and read as a phantom series or pollute a pale one. They
// are still straight: in a band three pixels tall (or wide) their thin pixels recur along a run
// reaching across a quarter of the picture or more, which no curve, marker or bar does.
import { chroma, type ColourClusters, type Rgb } from './raster.js';

/** A stroke at most this many pixels across is thin (a gridline at 200 dpi, blurred, is 2-4). */
const THIN = 5;
/** Gaps bridged within a run (pixels): grain leaves a pale gridline in stretches tens of pixels apart. */
const GAP = 60;
/** Share of the run's length its thin pixels fill (a slanted curve crosses a 3-pixel band in one short stretch). */
const FILL = 0.15;
/** Levels a gridline's grey lies below the paper at least (scans: gridlines 28 or more, a pale panel 17). */
const DARKER = 22;
/** A run reaches this share of the picture's width (height for vertical rules). */
const REACH = 0.25;

/**
 * Pixels of grey clusters (chroma under `greyChroma`) on straight thin runs across the picture,
 * broken by grain: a mask the size of the picture (1 = gridline).
 */
export function brokenRules(cl: ColourClusters, width: number, height: number, greyChroma: number): Uint8Array {
  // A tinted panel lies a few levels off the paper, and grain speckles it with paper: no rule.
  const lum = (c: Rgb): number => (c[0] + c[1] + c[2]) / 3;
  const grey = Uint8Array.from(cl.centres, (c) => (chroma(c) < greyChroma && lum(cl.background) - lum(c) >= DARKER ? 1 : 0));
  // Paper: a gridline (with its blended rims) has it on both sides; the edge of a panel or a bar
  // has not. One plain loop: Uint8Array.from with a callback costs a call a pixel.
  const ink = new Uint8Array(width * height), paper = new Uint8Array(width * height), blend = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) {
    const k = cl.label[i]!;
    if (k >= 0) ink[i] = grey[k]!;
    else if (k === -1) paper[i] = 1;
    else if (k === -2) blend[i] = 1;
  }
  const mask = new Uint8Array(width * height);
  // Horizontal rules: thin across is a short run down a column; walked along the rows.
  straightRuns(thinPixels(ink, paper, blend, width, 1, width, height), mask, height, width, 1, width, REACH * width);
  // Vertical rules: thin across is a short run along a row; walked down the columns.
  straightRuns(thinPixels(ink, paper, blend, height, width, 1, width), mask, width, height, width, 1, REACH * height);
  return mask;
}

/**
 * Ink pixels whose run across, with the blends at its sides, is at most THIN + 2 pixels and ends
 * on paper both ways: `n` lines starting `along` apart, each `lines` pixels long in steps of `across`.
 */
function thinPixels(ink: Uint8Array, paper: Uint8Array, blend: Uint8Array, n: number, along: number, across: number, lines: number): Uint8Array {
  const out = new Uint8Array(ink.length);
  for (let l = 0; l < n; l++) {
    let k = 0;
    while (k < lines) {
      if (!ink[l * along + k * across]) {
        k++;
        continue;
      }
      // The run across takes in the blends at its sides (anti-aliased rims) and must end on paper.
      let b = k;
      while (b > 0 && blend[l * along + (b - 1) * across]) b--;
      let e = k;
      while (e < lines && (ink[l * along + e * across] || blend[l * along + e * across])) e++;
      const open = (b === 0 || paper[l * along + (b - 1) * across]) && (e === lines || paper[l * along + e * across]);
      if (e - b <= THIN + 2 && open) for (let j = k; j < e; j++) if (ink[l * along + j * across]) out[l * along + j * across] = 1;
      k = e;
    }
  }
  return out;
}

/**
 * Runs of `thin` along lines (step `along` within a line, `stride` between lines; `lines` lines of
 * `length` pixels), each line seen with its two neighbours (a rule a fraction of a degree askew
 * steps between rows), gaps up to GAP bridged; a run of `reach` or more that its pixels fill to
 * FILL has its thin pixels in the three lines marked in `mask`.
 */
function straightRuns(thin: Uint8Array, mask: Uint8Array, lines: number, length: number, along: number, stride: number, reach: number): void {
  const at = (l: number, k: number): number => l * stride + k * along;
  const band = new Uint8Array(length);
  for (let l = 1; l < lines - 1; l++) {
    for (let k = 0; k < length; k++) band[k] = thin[at(l - 1, k)]! | thin[at(l, k)]! | thin[at(l + 1, k)]!;
    let k = 0;
    while (k < length) {
      if (!band[k]) {
        k++;
        continue;
      }
      let e = k + 1, last = k, filled = 1;
      while (e < length && e - last <= GAP + 1) {
        if (band[e]) {
          last = e;
          filled++;
        }
        e++;
      }
      if (last + 1 - k >= reach && filled >= FILL * (last + 1 - k))
        for (let j = k; j <= last; j++) for (let d = -1; d <= 1; d++) if (thin[at(l + d, j)]) mask[at(l + d, j)] = 1;
      k = last + 1;
    }
  }
}
