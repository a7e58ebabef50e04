// Marks by colour: connected components of each colour cluster once text and straight rules
// (axes, gridlines, ticks, bar outlines) are taken out, the plot area those rules frame, and the
// legend (small swatches beside a word).
import type { BBox, Word } from '../types.js';
import { chroma, type ColourClusters } from './raster.js';
import { bh, cx, cy, type Phrase } from './text.js';
import { chainRuns, type Run } from './rule-chains.js';

export interface Component {
  cluster: number;
  bbox: BBox; // inclusive pixel bounds as [x0, y0, x1 + 1, y1 + 1]
  area: number;
  pixels: Int32Array;
}

export interface Rules {
  /** Pixels that belong to thin horizontal or vertical strokes of a grey cluster. */
  mask: Uint8Array;
  /** Long ones (a third of the image or more): axes, frames, gridlines. */
  horizontal: { y: number; x0: number; x1: number }[];
  vertical: { x: number; y0: number; y1: number }[];
}

/** Rules are at most this thick on a rendered chart; a scan's blurred strokes set their own width. */
const THIN = 3;

/**
 * The thickness thin strokes are drawn with: the most common vertical run of grey ink among runs
 * up to 8 pixels (axes, gridlines, outlines and letters are all drawn with about one pen).
 */
function penWidth(vThick: Uint16Array, greyMap: Uint8Array): number {
  const counts = new Float64Array(9);
  for (let i = 0; i < vThick.length; i++) if (greyMap[i] && vThick[i]! <= 8) counts[vThick[i]!]!++;
  let best = 1;
  for (let k = 2; k <= 8; k++) if (counts[k]! > counts[best]!) best = k;
  return Math.max(THIN, best + 1);
}

/** Long rules are at most this thick (anti-aliased edges included). */
const MAX_RULE = 6;

/**
 * The thickness of the long straight grey strokes (a frame or axis line across a third of the
 * picture or more): drawn at high resolution, or with a heavier pen than the letters, a frame is
 * thicker than the common pen width, and its ticks with it. The median thickness along each such
 * run, the largest up to MAX_RULE; 0 where there is none. `along` steps along a run, `across` from
 * one run to the next (rows: 1 and width; columns: width and 1).
 */
export function longRuleWidth(crossThick: Uint16Array, greyMap: Uint8Array, length: number, lines: number, along: number, across: number): number {
  let best = 0;
  const seen: number[] = [];
  // Lines laid side by side in memory (columns) are read across first, a row at a time: a line
  // with fewer than length / 3 rule-thin grey pixels has no run that long and is not walked.
  const count = across === 1 ? new Uint32Array(lines) : undefined;
  if (count) for (let k = 0, o = 0; k < length; k++, o += along) for (let l = 0; l < lines; l++) if (greyMap[o + l] && crossThick[o + l]! <= MAX_RULE) count[l]!++;
  for (let l = 0; l < lines; l++) {
    if (count && count[l]! < length / 3) continue;
    let k = 0;
    while (k < length) {
      const i = l * across + k * along;
      if (!greyMap[i] || crossThick[i]! > MAX_RULE) {
        k++;
        continue;
      }
      let e = k;
      seen.length = 0;
      while (e < length && greyMap[l * across + e * along] && crossThick[l * across + e * along]! <= MAX_RULE) seen.push(crossThick[l * across + e++ * along]!);
      if (e - k >= length / 3) {
        seen.sort((a, b) => a - b);
        best = Math.max(best, seen[seen.length >> 1]!);
      }
      k = e;
    }
  }
  return best;
}

/** Thin straight strokes of grey/black clusters (colour series keep their straight parts). */
export function findRules(cl: ColourClusters, width: number, height: number, rgb: Uint8Array): Rules {
  const { label } = cl;
  const grey = Uint8Array.from(cl.centres, (c) => (chroma(c) < 36 ? 1 : 0));
  // Blends count when they are grey themselves (anti-aliased black on white), not the rims of colours.
  const greyMap = new Uint8Array(width * height);
  for (let i = 0; i < greyMap.length; i++) {
    const k = label[i]!;
    if (k >= 0) greyMap[i] = grey[k]!;
    else if (k === -2) {
      const r = rgb[3 * i]!, g = rgb[3 * i + 1]!, b = rgb[3 * i + 2]!;
      if (Math.max(r, g, b) - Math.min(r, g, b) < 36) greyMap[i] = 1;
    }
  }
  const mask = new Uint8Array(width * height);
  // Longer than the strokes of letters (a capital is about 4 % of a chart's height), so text stays text.
  const minLen = Math.max(12, Math.round(Math.min(width, height) * 0.05));
  const horizontal: Rules['horizontal'] = [];
  const vertical: Rules['vertical'] = [];
  // Vertical thickness of every grey pixel's column run, then horizontal runs of thin pixels.
  // Row by row (the picture is stored so): run lengths so far going down, then each run's
  // length handed up from its last pixel.
  const vThick = new Uint16Array(width * height);
  for (let i = 0; i < vThick.length; i++) if (greyMap[i] === 1) vThick[i] = i >= width ? Math.min(65535, vThick[i - width]! + 1) : 1;
  for (let i = vThick.length - width - 1; i >= 0; i--) if (greyMap[i] === 1 && greyMap[i + width] === 1) vThick[i] = vThick[i + width]!;
  const thin0 = penWidth(vThick, greyMap);
  const hThick = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (greyMap[y * width + x] !== 1) {
        x++;
        continue;
      }
      let e = x;
      while (e < width && greyMap[y * width + e] === 1) e++;
      for (let k = x; k < e; k++) hThick[y * width + k] = Math.min(65535, e - x);
      x = e;
    }
  }
  const thin = Math.max(thin0, longRuleWidth(vThick, greyMap, width, height, 1, width), longRuleWidth(hThick, greyMap, height, width, width, 1));
  // Ink (no background) all along a line between two stretches: marks drawn over one gridline.
  const inked = (start: number, step: number) => (from: number, to: number): boolean => {
    for (let k = from; k < to; k++) if (label[start + k * step] === -1) return false;
    return true;
  };
  for (let y = 0; y < height; y++) {
    const pieces: Run[] = [];
    let x = 0;
    while (x < width) {
      const i = y * width + x;
      if (!(greyMap[i] === 1 && vThick[i]! <= thin)) {
        x++;
        continue;
      }
      // A crossing rule (a vertical gridline) is thick here for a few pixels; the run goes on through it.
      let e = x, thick = 0;
      while (e < width && greyMap[y * width + e] === 1 && (vThick[y * width + e]! <= thin + 1 || ++thick <= 4)) {
        if (vThick[y * width + e]! <= thin + 1) thick = 0;
        e++;
      }
      while (e > x && vThick[y * width + e - 1]! > thin + 1) e--;
      if (e - x >= 3 && !textLine(vThick, y * width + x, 1, e - x, thin)) pieces.push([x, e]);
      x = e;
    }
    const found = chainRuns(pieces, inked(y * width, 1), minLen, width / 3);
    for (const [a, b] of found.mask) mask.fill(1, y * width + a, y * width + b);
    for (const [a, b] of found.rules) horizontal.push({ y, x0: a, x1: b });
  }
  // A column whose longest grey run (vThick) is under minLen holds no vertical rule: not walked.
  const longest = new Uint16Array(width);
  for (let i = 0, x = 0; i < vThick.length; i++, x = x + 1 === width ? 0 : x + 1) if (vThick[i]! > longest[x]!) longest[x] = vThick[i]!;
  for (let x = 0; x < width; x++) {
    if (longest[x]! < minLen) continue;
    const pieces: Run[] = [];
    let y = 0;
    while (y < height) {
      const i = y * width + x;
      if (!(greyMap[i] === 1 && hThick[i]! <= thin)) {
        y++;
        continue;
      }
      let e = y, thick = 0;
      while (e < height && greyMap[e * width + x] === 1 && (hThick[e * width + x]! <= thin + 1 || ++thick <= 4)) {
        if (hThick[e * width + x]! <= thin + 1) thick = 0;
        e++;
      }
      while (e > y && hThick[(e - 1) * width + x]! > thin + 1) e--;
      if (e - y >= 3 && !textLine(hThick, y * width + x, width, e - y, thin)) pieces.push([y, e]);
      y = e;
    }
    const found = chainRuns(pieces, inked(x, width), minLen, height / 3);
    for (const [a, b] of found.mask) for (let k = a; k < b; k++) mask[k * width + x] = 1;
    for (const [a, b] of found.rules) vertical.push({ x, y0: a, y1: b });
  }
  markStubs(mask, greyMap, rgb, vThick, hThick, width, height, minLen, thin);
  return { mask, horizontal, vertical };
}

/**
 * A thin run that thick strokes cross every few pixels is the baseline (or x-height line) of a
 * serif text, its feet joined, not a rule: a rule crosses other strokes only here and there.
 */
function textLine(crossThick: Uint16Array, start: number, step: number, n: number, thin: number): boolean {
  let crossed = 0;
  for (let k = 0, i = start; k < n; k++, i += step) if (crossThick[i]! > thin + 1) crossed++;
  return crossed > 0.2 * n;
}

/**
 * Tick marks: short thin grey strokes with an end on a rule (the axis line). They are taken
 * out with the rules, and OCR must not see them (a tick beside "40" is read as "40-" or "405").
 */
function markStubs(mask: Uint8Array, greyMap: Uint8Array, rgb: Uint8Array, vThick: Uint16Array, hThick: Uint16Array, width: number, height: number, maxLen: number, thin: number): void {
  const stubs: [number, number][] = [];
  // A stroke that goes on across the rule (grey again within a few pixels past it) is a letter
  // or a mark crossing a gridline, not a tick ending on it.
  // The stroke beyond must be of the stub's own shade: a light gridline's edge past a darker tick
  // is not the tick going on.
  const crosses = (from: number, step: number, inRange: (j: number) => boolean, stubDark: number): boolean => {
    for (let k = 0, j = from; k <= thin + 1 && inRange(j); k++, j += step) {
      if (mask[j]) continue;
      if (greyMap[j] !== 1) return false;
      // The darkest of the next few pixels (anti-aliased edges are lighter than the stroke).
      let dark = 255;
      for (let m = 0, q = j; m < 3 && inRange(q) && greyMap[q] === 1; m++, q += step) dark = Math.min(dark, lumAt(rgb, q));
      return dark - stubDark < 50;
    }
    return false;
  };
  const darkest = (start: number, n: number, step: number): number => {
    let d = 255;
    for (let k = 0; k < n; k++) d = Math.min(d, lumAt(rgb, start + k * step));
    return d;
  };
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      const i = y * width + x;
      if (mask[i] || greyMap[i] !== 1 || vThick[i]! > thin) {
        x++;
        continue;
      }
      let e = x;
      while (e < width && !mask[y * width + e] && greyMap[y * width + e] === 1 && vThick[y * width + e]! <= thin) e++;
      const row = (j: number): boolean => j >= y * width && j < (y + 1) * width;
      const left = x > 0 && mask[i - 1] === 1, right = e < width && mask[y * width + e] === 1;
      const stubDark = darkest(i, e - x, 1);
      const crossing = (left && crosses(i - 1, -1, row, stubDark)) || (right && crosses(y * width + e, 1, row, stubDark));
      if (e - x < maxLen && (left || right) && !crossing) stubs.push([i, e - x]);
      x = e;
    }
  }
  // A vertical stub has a pixel with the mask above or below it; a column with none is not walked
  // (the walk changes the mask in its own column only).
  const reached = new Uint8Array(width);
  for (let i = 0, x = 0; i < mask.length; i++, x = x + 1 === width ? 0 : x + 1)
    if (!mask[i] && greyMap[i] === 1 && hThick[i]! <= thin && (mask[i - width] === 1 || mask[i + width] === 1)) reached[x] = 1;
  for (let x = 0; x < width; x++) {
    if (!reached[x]) continue;
    let y = 0;
    while (y < height) {
      const i = y * width + x;
      if (mask[i] || greyMap[i] !== 1 || hThick[i]! > thin) {
        y++;
        continue;
      }
      let e = y;
      while (e < height && !mask[e * width + x] && greyMap[e * width + x] === 1 && hThick[e * width + x]! <= thin) e++;
      const col = (j: number): boolean => j >= 0 && j < width * height;
      const above = y > 0 && mask[i - width] === 1, below = e < height && mask[e * width + x] === 1;
      const stubDark = darkest(i, e - y, width);
      const crossing = (above && crosses(i - width, -width, col, stubDark)) || (below && crosses(e * width + x, width, col, stubDark));
      if (e - y < maxLen && (above || below) && !crossing) for (let k = y; k < e; k++) mask[k * width + x] = 1;
      y = e;
    }
  }
  for (const [i, n] of stubs) mask.fill(1, i, i + n);
}

/** Luminance of pixel i. */
const lumAt = (rgb: Uint8Array, i: number): number => 0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!;

/**
 * The image with the rules painted over in the background colour, for OCR. Where a light rule
 * (a gridline) crosses dark text, the text is bridged instead: a masked pixel with dark unmasked
 * pixels close on both sides across the rule takes their mean, so the letters stay whole.
 */
export function withoutRules(rgb: Uint8Array, mask: Uint8Array, background: [number, number, number], width?: number): Uint8Array {
  const out = Uint8Array.from(rgb);
  const blum = 0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2];
  const darkAt = (i: number): boolean => blum - (0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!) > 70;
  const n = mask.length;
  // The first unmasked pixel within three steps, when it is dark; -1 otherwise.
  const across = (i: number, step: number): number => {
    for (let k = 1, j = i + step; k <= 3 && j >= 0 && j < n; k++, j += step) if (!mask[j]) return darkAt(j) ? j : -1;
    return -1;
  };
  for (let i = 0; i < n; i++) {
    if (!mask[i]) continue;
    let a = -1, b = -1;
    if (width) {
      a = across(i, -width);
      b = a >= 0 ? across(i, width) : -1;
      if (a < 0 || b < 0) {
        const x = i % width;
        a = x >= 1 ? across(i, -1) : -1;
        b = a >= 0 && x < width - 1 ? across(i, 1) : -1;
        // A horizontal bridge must stay on this row.
        if (a >= 0 && Math.floor(a / width) !== Math.floor(i / width)) a = -1;
        if (b >= 0 && Math.floor(b / width) !== Math.floor(i / width)) b = -1;
      }
    }
    for (let c = 0; c < 3; c++) out[3 * i + c] = a >= 0 && b >= 0 ? Math.round((rgb[3 * a + c]! + rgb[3 * b + c]!) / 2) : background[c]!;
  }
  return out;
}

/** 8-connected components of each cluster over the pixels not masked out. */
export function components(cl: ColourClusters, width: number, height: number, skip: Uint8Array): Component[] {
  const seen = new Uint8Array(width * height);
  const out: Component[] = [];
  const stack: number[] = [];
  const n = width * height;
  for (let s = 0; s < n; s++) {
    const k = cl.label[s]!;
    if (k < 0 || seen[s] || skip[s]) continue;
    const pixels: number[] = [];
    let x0 = width, y0 = height, x1 = 0, y1 = 0;
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % width, y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx, yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const j = yy * width + xx;
          if (seen[j] || skip[j] || cl.label[j] !== k) continue;
          seen[j] = 1;
          stack.push(j);
        }
    }
    out.push({ cluster: k, bbox: [x0, y0, x1 + 1, y1 + 1], area: pixels.length, pixels: Int32Array.from(pixels) });
  }
  return out;
}

/** The rectangle the long rules frame, when there are any. */
export function ruledArea(rules: Rules): BBox | undefined {
  const h = rules.horizontal, v = rules.vertical;
  if (h.length === 0 && v.length === 0) return undefined;
  const xs = [...h.flatMap((r) => [r.x0, r.x1]), ...v.map((r) => r.x)];
  const ys = [...v.flatMap((r) => [r.y0, r.y1]), ...h.map((r) => r.y)];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export interface LegendEntry {
  cluster: number;
  name: string;
  phrase: Phrase;
  swatch: BBox;
}

/**
 * Legend entries: a small swatch (square, dot or short stroke) of one colour with a word
 * beside it, on its left or right, centred on the same line. Each colour and each word makes one
 * entry, the closest pairs first; a ring (the anti-aliased rim of another swatch, which can fall
 * into a lighter colour's cluster) yields to solid swatches. Numbers ("2023") name series only
 * beside swatches outside the plot or stacked in a column of swatches, where they cannot be value
 * labels; axis labels never do.
 */
export function findLegend(comps: Component[], phrases: Phrase[], th: number, seriesClusters: Set<number>, axisLabels: Set<Phrase> = new Set(), plot?: BBox, spread = 1): LegendEntry[] {
  // Wholly clear of the frame: a point at an axis limit, cut by the frame, pokes out of the plot
  // beside the tick labels, and a number there is an axis label, not a series name.
  const outsidePlot = (b: BBox): boolean => !plot || b[2] < plot[0] - 2 || b[0] > plot[2] + 2 || b[3] < plot[1] - 2 || b[1] > plot[3] + 2;
  const words = phrases.filter((p) => !axisLabels.has(p) && /[\p{L}\p{N}]/u.test(p.text));
  const pairs: { c: Component; p: Phrase; gap: number; cost: number; name?: string }[] = [];
  // Swatches of different colours stacked in a column with the same left edge and size: a legend.
  // (Square, or a flat bar up to six text heights long: matplotlib's patch is two ems by 0.7.)
  const swatchSized = (c: Component): boolean => {
    const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
    return (w <= 2.6 * th && h <= 2.6 * th) || (h <= 1.6 * th && w <= 6 * th);
  };
  const swatches = comps.filter((c) => seriesClusters.has(c.cluster) && c.area >= 4 && swatchSized(c));
  // (Stacked: a legend's rows lie a line or so apart, and its swatches are of one height.)
  const inColumn = (c: Component): boolean =>
    new Set(
      swatches
        .filter((o) => o.cluster !== c.cluster && Math.abs(o.bbox[0] - c.bbox[0]) <= 2 && Math.abs(o.bbox[2] - o.bbox[0] - (c.bbox[2] - c.bbox[0])) <= 2 && Math.abs(o.bbox[3] - o.bbox[1] - (c.bbox[3] - c.bbox[1])) <= 2 + spread && Math.abs(o.bbox[1] - c.bbox[1]) <= 6 * th)
        .map((o) => o.cluster),
    ).size >= 2;
  // The anti-aliased edge of a swatch can fall into a lighter series colour (paired palettes): a
  // strip lying along a larger swatch of another colour is that swatch's rim, not a swatch. A
  // scan's blur spreads the rim `spread` pixels out (a rendered chart's anti-aliasing, one).
  const grown = (b: BBox, o: BBox): boolean => b[0] >= o[0] - spread && b[2] <= o[2] + spread && b[1] >= o[1] - spread && b[3] <= o[3] + spread;
  // Blur also widens the rim: on a scan it holds up to two-thirds of the swatch's area.
  const rimShare = spread > 1 ? 1.5 : 3;
  const rim = (c: Component): boolean => swatches.some((o) => o.cluster !== c.cluster && o.area > rimShare * c.area && grown(c.bbox, o.bbox));
  // Text laid over a bar cuts crumbs off it in the bar's colour, beside the words: a crumb inside
  // the box of a much larger filled piece of its colour is part of that piece, not a swatch (a
  // line's box spans the plot and may well hold its own legend sample).
  const big = comps.filter((o) => seriesClusters.has(o.cluster) && o.area >= 40 && o.area >= 0.6 * (o.bbox[2] - o.bbox[0]) * (o.bbox[3] - o.bbox[1]));
  const crumb = (c: Component): boolean => big.some((o) => o !== c && o.cluster === c.cluster && o.area > 10 * c.area && c.bbox[0] >= o.bbox[0] - 1 && c.bbox[2] <= o.bbox[2] + 1 && c.bbox[1] >= o.bbox[1] - 1 && c.bbox[3] <= o.bbox[3] + 1);
  // A legend drawn over bars can hide every swatch but one (each on a bar of its own colour): a
  // filled square beside a name stacked in a column of words, left-aligned, is a legend row too.
  const solidSquare = (c: Component): boolean => {
    const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
    return w <= 1.5 * h && h <= 1.5 * w && c.area >= 0.8 * w * h && c.area >= 0.3 * th * th;
  };
  const inTextColumn = (p: Phrase): boolean =>
    words.some((q) => {
      const pitch = Math.max(th, bh(p.bbox)), dy = Math.abs(cy(q.bbox) - cy(p.bbox));
      return q !== p && /\p{L}/u.test(q.text) && Math.abs(q.bbox[0] - p.bbox[0]) <= Math.max(3, 0.3 * th) && dy >= 0.6 * pitch && dy <= 2.6 * pitch && Math.abs(bh(q.bbox) - bh(p.bbox)) <= 0.5 * pitch;
    });
  for (const c of comps) {
    if (!seriesClusters.has(c.cluster) || c.area < 4 || rim(c) || crumb(c)) continue;
    const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
    const small = swatchSized(c);
    // A swatch is drawn to be seen beside its name: a speck (a glyph's remnant, a scan's crumb) is none.
    // On a scan a stroke one pixel thin is a crumb of a blurred edge: blur thickens a swatch's stroke.
    if (!small || Math.max(w, h) < 0.3 * th || (spread > 1 && Math.min(w, h) < 2)) continue;
    const mid = (c.bbox[1] + c.bbox[3]) / 2;
    // A square or round swatch in a column of swatches is surely legend: it goes before a lone
    // piece beside a name (a data point next to the legend), and a ring there is the legend's own
    // hollow marker (bars starting at one axis line up too, but are long).
    const column = w <= 1.5 * h && h <= 1.5 * w && inColumn(c);
    const ring = c.area < 0.5 * w * h && Math.min(w, h) > 4 && !column;
    const first = column ? -th : 0;
    for (const p of words) {
      // (Inside the plot a number names only a swatch of some body: a scan's crumbs line up by chance.)
      if (!/\p{L}/u.test(p.text) && !outsidePlot(c.bbox) && (!inColumn(c) || c.area < 0.15 * th * th) && !(solidSquare(c) && inTextColumn(p))) continue;
      const ph = bh(p.bbox);
      if (Math.abs(cy(p.bbox) - mid) > 0.6 * Math.max(ph, 6)) continue;
      const gap = p.bbox[0] >= c.bbox[2] - 1 ? p.bbox[0] - c.bbox[2] : c.bbox[0] >= p.bbox[2] - 1 ? c.bbox[0] - p.bbox[2] : -1;
      if (gap < -1 || gap > 2.5 * Math.max(ph, th)) continue;
      // OCR reads a round swatch as "8" or "o": a phrase lying over the swatch is the swatch.
      const ix = Math.min(p.bbox[2], c.bbox[2]) - Math.max(p.bbox[0], c.bbox[0]), iy = Math.min(p.bbox[3], c.bbox[3]) - Math.max(p.bbox[1], c.bbox[1]);
      if (ix > 0 && iy > 0 && ix * iy >= 0.3 * w * h) {
        // Or it read the swatch into the name beside it ("fj Budget", "B 2023"): the words clear of the swatch name it
        // (a number only where numbers name series, as above).
        // A swatch reads as a glyph or two; a longer word over it is a word laid over a mark.
        const clear = (wd: Word): boolean => wd.bbox[0] >= c.bbox[2] - 2 || wd.bbox[2] <= c.bbox[0] + 2;
        const rest = p.words.filter(clear);
        const sides = new Set(rest.map((wd) => wd.bbox[0] >= c.bbox[2] - 2));
        const over = p.words.filter((wd) => !clear(wd)).reduce((n, wd) => n + wd.text.length, 0);
        if (rest.length > 0 && over <= 2 && sides.size === 1 && (rest.some((wd) => /\p{L}/u.test(wd.text)) || outsidePlot(c.bbox) || column))
          pairs.push({ c, p, gap: 0, cost: first + (ring ? 3 * th : 0), name: rest.map((wd) => wd.text).join(' ') });
        continue;
      }
      // A phrase over or under the swatch, not level with it, is a value label by a marker.
      if (gap < 0 && iy < 0.5 * h) continue;
      pairs.push({ c, p, gap, cost: first + gap + (ring ? 3 * th : 0) });
    }
  }
  // A legend's names lie on one side of their swatches. In a row of entries (swatches side by side
  // on one line) a name between two swatches may lie as near the next one (evenly spaced entries):
  // the side taken by the row's swatches with a name on one side only decides, by a text height.
  // Only rows: a column of entries has no such ambiguity, and some renderers put names left of
  // their samples there.
  const inRow = (c: Component): boolean =>
    comps.some((o) => o !== c && o.cluster !== c.cluster && seriesClusters.has(o.cluster) && Math.abs(o.bbox[1] - c.bbox[1]) <= 2 && Math.abs(o.bbox[3] - c.bbox[3]) <= 2 && Math.abs(o.bbox[0] - c.bbox[0]) <= 12 * th);
  const onRight = (pr: (typeof pairs)[number]): boolean => cx(pr.p.bbox) > cx(pr.c.bbox);
  const sides = new Map<Component, Set<boolean>>();
  for (const pr of pairs) if (inRow(pr.c)) sides.set(pr.c, (sides.get(pr.c) ?? new Set<boolean>()).add(onRight(pr)));
  let votes = 0;
  for (const s of sides.values()) if (s.size === 1) votes += s.has(true) ? 1 : -1;
  if (votes !== 0) for (const pr of pairs) if (sides.get(pr.c)?.size === 2 && onRight(pr) !== votes > 0) pr.cost += th;
  // A legend's entries share one layout: swatches start at one x and names at another. A pair
  // another colour's pair repeats (a column of entries) goes before a lone piece beside a name (a
  // line passing behind a see-through legend box, a point beside it).
  const aligned = (a: (typeof pairs)[number], b: (typeof pairs)[number]): boolean =>
    a.c.cluster !== b.c.cluster && a.p !== b.p && Math.abs(a.c.bbox[0] - b.c.bbox[0]) <= 2 + spread && Math.abs(a.p.bbox[0] - b.p.bbox[0]) <= Math.max(3, 0.3 * th);
  for (const a of pairs) if (pairs.some((b) => aligned(a, b))) a.cost -= th;
  pairs.sort((a, b) => a.cost - b.cost);
  const byCluster = new Map<number, LegendEntry>();
  const named = new Set<Phrase>();
  for (const { c, p, name } of pairs) {
    if (byCluster.has(c.cluster) || named.has(p)) continue;
    byCluster.set(c.cluster, { cluster: c.cluster, name: cleanName(name ?? p.text), phrase: p, swatch: swatchRun(c, comps, cx(p.bbox) > cx(c.bbox)) });
    named.add(p);
  }
  return [...byCluster.values()];
}

/**
 * A swatch drawn as a row of markers (matplotlib draws three for a scatter series by default):
 * pieces of its colour and size in line with it, each within a marker's width or two of the
 * next, on the side away from the name, widen its box so that none reads as a data point.
 */
export function swatchRun(c: Component, comps: Component[], nameOnRight: boolean): BBox {
  const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
  const alike = (o: Component): boolean =>
    o.cluster === c.cluster && Math.abs(o.bbox[2] - o.bbox[0] - w) <= Math.max(2, 0.3 * w) && Math.abs(o.bbox[3] - o.bbox[1] - h) <= Math.max(2, 0.3 * h) && Math.abs(cy(o.bbox) - cy(c.bbox)) <= Math.max(2, 0.3 * h);
  const box: BBox = [...c.bbox];
  for (;;) {
    const gap = (o: Component): number => (nameOnRight ? box[0] - o.bbox[2] : o.bbox[0] - box[2]);
    const next = comps.filter((o) => alike(o) && gap(o) >= 0 && gap(o) <= 2 * Math.max(w, h)).sort((a, b) => gap(a) - gap(b))[0];
    if (!next) return box;
    if (nameOnRight) box[0] = next.bbox[0];
    else box[2] = next.bbox[2];
    box[1] = Math.min(box[1], next.bbox[1]);
    box[3] = Math.max(box[3], next.bbox[3]);
  }
}

/** A legend name without the swatch OCR read into it ("—Online", "@ Sales", "■ 2023"). */
export function cleanName(text: string): string {
  const t = text.replace(/^[^\p{L}\p{N}]+(?=[\p{L}\p{N}])/u, '').trim();
  return t || text;
}

/**
 * Components that touch a legend swatch's box (the swatch and its marker) are legend, not data;
 * one far larger than the swatch is the data it is drawn over (a legend inside a pie or a bar).
 */
export function isLegendMark(c: Component, legend: LegendEntry[]): boolean {
  const boxArea = (b: BBox): number => (b[2] - b[0]) * (b[3] - b[1]);
  return legend.some((e) => e.cluster === c.cluster && c.bbox[0] < e.swatch[2] + 2 && c.bbox[2] > e.swatch[0] - 2 && c.bbox[1] < e.swatch[3] + 2 && c.bbox[3] > e.swatch[1] - 2 && boxArea(c.bbox) <= 4 * boxArea(e.swatch) + 16);
}
