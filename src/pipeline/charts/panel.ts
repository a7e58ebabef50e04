// A plot panel filled with a light tint of its own (ggplot-like themes: grey panel, white
// gridlines, often no axis lines) is the plot's background: its fill is read as the picture's
// background and its edge as a frame, so the rules, the plot area and the marks are found as on
// a chart drawn on plain paper. White gridlines on the tint vanish with it (the axes are read from
// their tick labels).
import type { Raster } from './raster.js';

/** The tint covers at least this share of the picture, and of its own box. */
const MIN_PICTURE_SHARE = 0.15;
const MIN_BOX_SHARE = 0.35;
/** A pixel within this of the tint on every channel is the tint. */
const TINT_TOLERANCE = 3;

const pack = (rgb: Uint8Array, i: number): number => (rgb[3 * i]! << 16) | (rgb[3 * i + 1]! << 8) | rgb[3 * i + 2]!;
const channels = (c: number): [number, number, number] => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

/** The most common exact colour of the picture's outer ring of pixels: the paper. */
function paperColour(r: Raster): number {
  const counts = new Map<number, number>();
  const add = (x: number, y: number): void => {
    const c = pack(r.rgb, y * r.width + x);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  };
  for (let x = 0; x < r.width; x++) {
    add(x, 0);
    add(x, r.height - 1);
  }
  for (let y = 0; y < r.height; y++) {
    add(0, y);
    add(r.width - 1, y);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * The longest run of indices whose count reaches `min`, across gaps of up to `gap` (gridlines); a
 * plot's margin leaves some tint above its tallest bar. `through`: indices that carry a run on
 * however many there are (a bar reaching the panel's edge hides the tint along its whole width).
 */
function longestRun(counts: Uint32Array, min: number, gap: number, through?: (k: number) => boolean): [number, number] | undefined {
  let best: [number, number] | undefined;
  // `off`: indices since the last one on that carry no run (a run goes on across a gap of at most
  // `gap`, or across any stretch where at most two indices, a bar's blurred edges, carry none).
  let start = -1, last = -1, off = 0;
  for (let k = 0; k <= counts.length; k++) {
    const on = k < counts.length && counts[k]! >= min;
    if (on) {
      if (start < 0 || (k - last - 1 > gap && off > 2)) {
        if (start >= 0 && (!best || last - start > best[1] - best[0])) best = [start, last];
        start = k;
      }
      last = k;
      off = 0;
    } else if (start >= 0 && k < counts.length && !through?.(k)) off++;
  }
  if (start >= 0 && (!best || last - start > best[1] - best[0])) best = [start, last];
  return best;
}

export interface Panel {
  /** Inclusive pixel bounds of the panel. */
  box: [number, number, number, number];
  tint: [number, number, number];
}

/** The tinted panel, if the picture has one: a light, nearly grey colour other than the paper that fills a large box. */
export function findPanel(r: Raster): Panel | undefined {
  const { width, height, rgb } = r;
  const n = width * height;
  const paper = paperColour(r);
  // Counted on every other pixel of every other row: the tint is a large share or nothing.
  const counts = new Map<number, number>();
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      const c = pack(rgb, y * width + x);
      if (c !== paper) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  // The commonest colour, the first counted among equals (as a stable sort would put it first);
  // a scan's grain makes hundreds of thousands of colours, not worth sorting.
  let top: [number, number] | undefined;
  for (const e of counts) if (!top || e[1] > top[1]) top = e;
  if (!top || top[1] < (MIN_PICTURE_SHARE * n) / 4) return undefined;
  const tint = channels(top[0]), p = channels(paper);
  const lum = 0.299 * tint[0] + 0.587 * tint[1] + 0.114 * tint[2];
  const paperLum = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
  const chroma = Math.max(...tint) - Math.min(...tint);
  if (lum < 180 || chroma > 40 || Math.max(...tint.map((v, k) => Math.abs(v - p[k]!))) < 8) return undefined;
  const rows = new Uint32Array(height), cols = new Uint32Array(width);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (pack(rgb, y * width + x) === top[0]) {
        rows[y]!++;
        cols[x]!++;
      }
  // A row or column of the panel shows a fair share of the tint; anti-aliased tick labels below it
  // hold a few pixels of it by chance, and would carry the panel over them (their row then read as inside the plot).
  const minRow = Math.max(2, Math.round(0.02 * Math.max(...rows))), minCol = Math.max(2, Math.round(0.02 * Math.max(...cols)));
  const rowGap = Math.max(6, Math.round(0.02 * height)), colGap = Math.max(6, Math.round(0.02 * width));
  const framed = (rowGap: number, colGap: number): Panel | undefined => {
    const ys0 = longestRun(rows, minRow, rowGap);
    const xs0 = longestRun(cols, minCol, colGap);
    if (!ys0 || !xs0) return undefined;
    // A bar that reaches the panel's edge shows no tint along it, and hardly any paper either (a
    // gridline in the paper's colour may cross it): its columns (rows, for horizontal bars) carry
    // the panel on where the margin beyond it would show paper between its labels.
    const noPaper = (k: number, across: [number, number], alongRows: boolean): boolean => {
      let seen = 0;
      for (let j = across[0]; j <= across[1]; j++) if (pack(rgb, alongRows ? k * width + j : j * width + k) === paper) seen++;
      return seen < 0.1 * (across[1] - across[0] + 1);
    };
    const xs = longestRun(cols, minCol, colGap, (x) => noPaper(x, ys0, false));
    const ys = xs && longestRun(rows, minRow, rowGap, (y) => noPaper(y, xs, true));
    if (!ys || !xs) return undefined;
    const area = (xs[1] - xs[0] + 1) * (ys[1] - ys[0] + 1);
    let inside = 0;
    for (let y = ys[0]; y <= ys[1]; y++) for (let x = xs[0]; x <= xs[1]; x++) if (pack(rgb, y * width + x) === top[0]) inside++;
    if (area < MIN_PICTURE_SHARE * n || inside < MIN_BOX_SHARE * area) return undefined;
    // A panel shows its tint along at least three of its edges (bars may stand on one); large pale
    // marks (a light grey series of a stacked chart) touch their box's edges only here and there.
    const share = (x0: number, y0: number, x1: number, y1: number): number => {
      let hit = 0, all = 0;
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          all++;
          if (pack(rgb, y * width + x) === top[0]) hit++;
        }
      return hit / all;
    };
    const [x0, y0, x1, y1] = [xs[0], ys[0], xs[1], ys[1]];
    // Each edge as the best of its outer three lines: a gridline in the paper's colour can lie on one.
    const best = (f: (d: number) => number): number => Math.max(f(0), f(1), f(2));
    const edges = [best((d) => share(x0, y0 + d, x1, y0 + d)), best((d) => share(x0, y1 - d, x1, y1 - d)), best((d) => share(x0 + d, y0, x0 + d, y1)), best((d) => share(x1 - d, y0, x1 - d, y1))];
    if (edges.filter((e) => e >= 0.5).length < 3) return undefined;
    return { box: [x0, y0, x1, y1], tint };
  };
  // A white panel on grey paper (the classic look) with a white legend box just beyond its frame:
  // the strip of paper between them is narrower than a gridline gap may be, and the panel's box
  // runs on over the legend (its far edge then shows no tint). Tried again with gaps of a blurred
  // edge only; a lighter panel's box only tells that there is one (both grounds are painted over).
  return framed(rowGap, colGap) ?? (lum > paperLum ? framed(2, 2) : undefined);
}

/**
 * The picture with its tinted panel (if any) and the paper painted alike, in the lighter of the two,
 * wherever either shows (a legend box of the panel's tint goes with it). A panel darker than its
 * paper is framed by a one-pixel grey rule just outside it (such themes draw no axis lines); a
 * white panel on grey paper (matplotlib's classic look) has its own frame.
 */
export function flattenPanel(r: Raster): Raster {
  const panel = findPanel(r);
  if (!panel) return r;
  const { width, height } = r;
  const rgb = Uint8Array.from(r.rgb);
  const paper = channels(paperColour(r));
  const light = (c: readonly number[]): number => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
  const tinted = light(panel.tint) < light(paper);
  const fill = tinted ? paper : panel.tint;
  const near = (i: number, c: readonly number[]): boolean => Math.abs(rgb[3 * i]! - c[0]!) <= TINT_TOLERANCE && Math.abs(rgb[3 * i + 1]! - c[1]!) <= TINT_TOLERANCE && Math.abs(rgb[3 * i + 2]! - c[2]!) <= TINT_TOLERANCE;
  unblend(r, rgb, tinted ? panel.tint : paper, fill);
  for (let i = 0; i < width * height; i++) if (near(i, panel.tint) || near(i, paper)) rgb.set(fill, 3 * i);
  if (!tinted) return { ...r, rgb };
  const [x0, y0, x1, y1] = panel.box;
  // The frame goes where the paper shows only: an axis line already drawn on the edge stays as it is.
  const rule = (x: number, y: number): void => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = y * width + x;
    if (rgb[3 * i] === fill[0] && rgb[3 * i + 1] === fill[1] && rgb[3 * i + 2] === fill[2]) rgb.set([128, 128, 128], 3 * i);
  };
  for (let x = x0 - 1; x <= x1 + 1; x++) {
    rule(x, y0 - 1);
    rule(x, y1 + 1);
  }
  for (let y = y0; y <= y1; y++) {
    rule(x0 - 1, y);
    rule(x1 + 1, y);
  }
  return { ...r, rgb };
}

/**
 * Anti-aliased edges drawn on the darker ground (`dark`: a grey panel, or classic grey paper) are
 * blends of their colour with it; painted over, they would stand apart from both the colour and
 * the new ground as colours of their own (a thin line at 80 dpi is mostly such edges, and no
 * colour would hold it). A pixel beside the ground that lies between it and its farthest
 * neighbour is made the same blend of that neighbour with `fill`. Written into `out`.
 */
function unblend(r: Raster, out: Uint8Array, dark: readonly number[], fill: readonly number[]): void {
  const { width, height, rgb } = r;
  const d2 = (i: number): number => (rgb[3 * i]! - dark[0]!) ** 2 + (rgb[3 * i + 1]! - dark[1]!) ** 2 + (rgb[3 * i + 2]! - dark[2]!) ** 2;
  const offsets = [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const own = d2(i);
      // The grounds themselves (most of the picture) are painted over as they are.
      if (own <= 3 * TINT_TOLERANCE ** 2 || Math.abs(rgb[3 * i]! - fill[0]!) + Math.abs(rgb[3 * i + 1]! - fill[1]!) + Math.abs(rgb[3 * i + 2]! - fill[2]!) <= 3 * TINT_TOLERANCE) continue;
      let onGround = false, far = i, farD = own;
      for (const o of offsets) {
        const n = d2(i + o);
        if (n <= 3 * TINT_TOLERANCE ** 2) onGround = true;
        else if (n > farD) {
          farD = n;
          far = i + o;
        }
      }
      if (!onGround || far === i) continue;
      // p = a X + (1 - a) ground, within a few levels: the share a of the neighbour's colour X.
      let dot = 0, off = 0;
      for (let c = 0; c < 3; c++) dot += (rgb[3 * i + c]! - dark[c]!) * (rgb[3 * far + c]! - dark[c]!);
      const a = dot / farD;
      if (a <= 0 || a >= 1) continue;
      for (let c = 0; c < 3; c++) off += (rgb[3 * i + c]! - dark[c]! - a * (rgb[3 * far + c]! - dark[c]!)) ** 2;
      if (off > 100) continue;
      for (let c = 0; c < 3; c++) out[3 * i + c] = Math.round(Math.min(255, Math.max(0, rgb[3 * i + c]! + (1 - a) * (fill[c]! - dark[c]!))));
    }
}
