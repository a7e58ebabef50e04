// Background flattening for scanned table regions: each pixel is divided by its neighbourhood's
// paper brightness (a running maximum), so grey shading and coloured cell fills turn white, and
// fills darker than their text (white-on-dark headers) are found per tile and inverted. Used by
// scan-text.ts before a table region is read again by OCR.

/** Greyscale pixels, one byte each (0 black … 255 white), rows top to bottom. */
export interface GreyPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Running maximum (or minimum) of `count` values read from `src` at `start + i * stride`, over a
 * window of 2r+1, written the same way into `dst`; van Herk / Gil-Werman: three passes whatever
 * the window's size (block prefix and suffix extremes, then one comparison per value).
 */
function runExtreme(src: Uint8Array, dst: Uint8Array, start: number, stride: number, count: number, r: number, max: boolean, g: Uint8Array, h: Uint8Array): void {
  const w = 2 * r + 1;
  const edge = max ? 0 : 255;
  // g: extreme from the start of the block to i; h: from i to the end of its block.
  for (let i = 0; i < count; i++) {
    const v = src[start + i * stride]!;
    g[i] = i % w === 0 ? v : max ? Math.max(g[i - 1]!, v) : Math.min(g[i - 1]!, v);
  }
  for (let i = count - 1; i >= 0; i--) {
    const v = src[start + i * stride]!;
    h[i] = i % w === w - 1 || i === count - 1 ? v : max ? Math.max(h[i + 1]!, v) : Math.min(h[i + 1]!, v);
  }
  for (let i = 0; i < count; i++) {
    const a = i - r >= 0 ? h[i - r]! : h[0]!;
    const b = i + r < count ? g[i + r]! : g[count - 1]!;
    // Near the ends the window is cut short: h[0] / g[count-1] cover only whole blocks there.
    let m = max ? Math.max(a, b) : Math.min(a, b);
    if (i - r < 0 || i + r >= count) {
      m = edge;
      for (let k = Math.max(0, i - r), e = Math.min(count - 1, i + r); k <= e; k++) {
        const v = src[start + k * stride]!;
        m = max ? Math.max(m, v) : Math.min(m, v);
      }
    }
    dst[start + i * stride] = m;
  }
}

/** Separable running maximum (or minimum) over a `size`-wide square window. */
export function extremeFilter(src: Uint8Array, width: number, height: number, size: number, max: boolean): Uint8Array {
  const r = Math.floor(size / 2);
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  const g = new Uint8Array(Math.max(width, height));
  const h = new Uint8Array(Math.max(width, height));
  for (let y = 0; y < height; y++) runExtreme(src, tmp, y * width, 1, width, r, max, g, h);
  for (let x = 0; x < width; x++) runExtreme(tmp, out, x, width, height, r, max, g, h);
  return out;
}

/** Mean of a `size`-wide box around every pixel (integral image). */
export function boxMean(src: Uint8Array, width: number, height: number, size: number): Uint8Array {
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let acc = 0;
    for (let x = 0; x < width; x++) {
      acc += src[y * width + x]!;
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1]! + acc;
    }
  }
  const r = Math.floor(size / 2);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      out[y * width + x] = Math.round((sum[y1 * w1 + x1]! - sum[y0 * w1 + x1]! - sum[y1 * w1 + x0]! + sum[y0 * w1 + x0]!) / ((y1 - y0) * (x1 - x0)));
    }
  }
  return out;
}

/** Side of the tiles whose medians tell the local fill colour. */
export const TILE = 8;
/** Tiles each side whose medians vote for a tile's fill: 5 x 5 tiles (40 px), so bold text never outvotes the paper. */
const SPREAD = 2;

/**
 * The fill colour of every tile of `img`: the median of each TILE x TILE tile, then the median
 * of the tiles around it (text covers well under half of such a neighbourhood, so this is the
 * paper or cell fill, not the ink).
 */
export function tileFill(img: GreyPixels): { fill: Uint8Array; med: Uint8Array; cols: number; rows: number } {
  const { data, width, height } = img;
  const cols = Math.ceil(width / TILE);
  const rows = Math.ceil(height / TILE);
  const med = new Uint8Array(cols * rows);
  const hist = new Uint32Array(256);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      hist.fill(0);
      let n = 0;
      for (let y = ty * TILE, ye = Math.min(height, y + TILE); y < ye; y++) {
        for (let x = tx * TILE, xe = Math.min(width, x + TILE); x < xe; x++) {
          hist[data[y * width + x]!]!++;
          n++;
        }
      }
      let acc = 0;
      let v = 0;
      while (v < 255 && (acc += hist[v]!) < n / 2) v++;
      med[ty * cols + tx] = v;
    }
  }
  const fill = new Uint8Array(cols * rows);
  const around: number[] = [];
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      around.length = 0;
      for (let y = Math.max(0, ty - SPREAD); y <= Math.min(rows - 1, ty + SPREAD); y++) for (let x = Math.max(0, tx - SPREAD); x <= Math.min(cols - 1, tx + SPREAD); x++) around.push(med[y * cols + x]!);
      around.sort((a, b) => a - b);
      fill[ty * cols + tx] = around[around.length >> 1]!;
    }
  }
  return { fill, med, cols, rows };
}

/** Fills from this brightness up are mid-tone: their own colour is far from black text. */
const MID_TONE = 96;

/** Share of the 9 x 9 pixels around (x, y) within 32 of brightness `f`. */
function fillShare(img: GreyPixels, x: number, y: number, f: number): number {
  const { data, width, height } = img;
  let n = 0;
  let all = 0;
  for (let yy = Math.max(0, y - 4); yy <= Math.min(height - 1, y + 4); yy++) {
    for (let xx = Math.max(0, x - 4); xx <= Math.min(width - 1, x + 4); xx++) {
      all++;
      if (Math.abs(data[yy * width + xx]! - f) <= 32) n++;
    }
  }
  return n / all;
}

/** How far from its fill a pixel must be to count as ink in the polarity vote. */
const INK_CONTRAST = 48;
/** Fills lighter than this always carry dark text (paper, pale tints). */
const PALE = 192;

/**
 * Which tiles lie on a dark fill (white or light text on it): fills darker than mid-grey, and
 * mid-tone fills (a teal or grey header band) whose ink is mostly lighter than the fill rather
 * than darker.
 */
function darkFills(img: GreyPixels, fill: Uint8Array, med: Uint8Array, cols: number, rows: number): Uint8Array {
  const { data, width, height } = img;
  // Per tile on its fill (its own median near the fill): pixels lighter minus pixels darker.
  const lean = new Int32Array(cols * rows);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      const t = ty * cols + tx;
      const f = fill[t]!;
      if (f >= PALE || f < 128 || Math.abs(med[t]! - f) > 24) continue;
      // A pixel row or column of the tile that is all ink of one kind is left out: white
      // gaps between coloured cells (and rules) cross whole tiles, letters rarely do.
      const x0 = tx * TILE;
      const y0 = ty * TILE;
      const xe = Math.min(width, x0 + TILE);
      const ye = Math.min(height, y0 + TILE);
      const sign = (v: number): number => (v > f + INK_CONTRAST ? 1 : v < f - INK_CONTRAST ? -1 : 0);
      const fullRow = (y: number, k: number): boolean => {
        for (let x = x0; x < xe; x++) if (sign(data[y * width + x]!) !== k) return false;
        return true;
      };
      const fullCol = (x: number, k: number): boolean => {
        for (let y = y0; y < ye; y++) if (sign(data[y * width + x]!) !== k) return false;
        return true;
      };
      let n = 0;
      for (let y = y0; y < ye; y++) {
        for (let x = x0; x < xe; x++) {
          const k = sign(data[y * width + x]!);
          if (k && !fullRow(y, k) && !fullCol(x, k)) n += k;
        }
      }
      lean[t] = n;
    }
  }
  // Each connected stretch of one mid-tone fill (neighbouring tiles within 24 of each other)
  // votes as a whole, so its empty parts turn with the parts that hold its text.
  const dark = new Uint8Array(cols * rows);
  const seen = new Uint8Array(cols * rows);
  const midTone = (t: number): boolean => fill[t]! >= 128 && fill[t]! < PALE;
  for (let t = 0; t < cols * rows; t++) {
    if (fill[t]! < 128) dark[t] = 1;
    if (seen[t] || !midTone(t)) continue;
    const group = [t];
    seen[t] = 1;
    let sum = 0;
    for (let k = 0; k < group.length; k++) {
      const u = group[k]!;
      sum += lean[u]!;
      const ux = u % cols;
      for (const v of [u - cols, u + cols, ux > 0 ? u - 1 : -1, ux < cols - 1 ? u + 1 : -1]) {
        if (v < 0 || v >= cols * rows || seen[v] || !midTone(v) || Math.abs(fill[v]! - fill[u]!) > 24) continue;
        seen[v] = 1;
        group.push(v);
      }
    }
    if (sum > 0) for (const u of group) dark[u] = 1;
  }
  return dark;
}

/**
 * A cleaned copy of `img`, dark text on white. Inside a dark or strongly coloured fill (white
 * or light text on it) the pixels are inverted. Where fills of both kinds meet (a coloured
 * header row against the paper), each pixel's immediate surroundings decide, so the fill's edge
 * leaves no seams or corner blobs and a thin dark header band keeps its text. Then every pixel is divided by the lightest pixel of a small window (the local paper or
 * fill colour), so grey and pale coloured fills become white while strokes stay dark.
 */
export function flattenBackground(img: GreyPixels, window = 15): GreyPixels {
  const { width, height } = img;
  const data = new Uint8Array(img.data);
  const { fill, med, cols, rows } = tileFill(img);
  const dark = darkFills(img, fill, med, cols, rows);
  const near = boxMean(img.data, width, height, 9);
  // Per tile: whether the fills around it are all light (1), all dark (2) or both (3), and the
  // brightness below which a pixel's surroundings are the dark fill: mid-grey, or for a
  // mid-tone fill halfway between it and the lightest light fill around.
  const kind = new Uint8Array(cols * rows);
  const split = new Uint8Array(cols * rows);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      let k = 0;
      let lo = 255;
      let hi = 0;
      for (let y = Math.max(0, ty - 1); y <= Math.min(rows - 1, ty + 1); y++) {
        for (let x = Math.max(0, tx - 1); x <= Math.min(cols - 1, tx + 1); x++) {
          const t = y * cols + x;
          k |= dark[t] ? 2 : 1;
          if (dark[t]) lo = Math.min(lo, fill[t]!);
          else hi = Math.max(hi, fill[t]!);
        }
      }
      kind[ty * cols + tx] = k;
      split[ty * cols + tx] = k === 3 && lo >= MID_TONE ? Math.max(lo + 1, Math.round((lo + hi) / 2)) : 128;
    }
  }
  for (let y = 0; y < height; y++) {
    const ty = Math.floor(y / TILE);
    for (let x = 0; x < width; x++) {
      const tx = Math.floor(x / TILE);
      const k = kind[ty * cols + tx]!;
      const i = y * width + x;
      const v = data[i]!;
      // Inside a dark fill: inverted relative to the fill, so the fill itself becomes white
      // (a plain inversion would leave it grey beside the white of an inverted rule).
      if (k === 2) data[i] = Math.min(255, Math.round(((255 - v) * 255) / Math.max(1, 255 - fill[ty * cols + tx]!)));
      else if (k === 3) {
        // Along a fill's edge, the pixel's own surroundings (a few pixels, less than a text
        // line) tell which fill it lies on: dark surroundings are the dark fill, inverted
        // relative to its colour; light ones keep the pixel as it is. On a mid-tone fill,
        // white letters can make the surroundings light on average, so there a pixel lies on
        // the fill too when much of its surroundings has the fill's own colour (dark text
        // on paper is far darker than such a fill, so it never does).
        let f = 255;
        for (let yy = Math.max(0, ty - 1); yy <= Math.min(rows - 1, ty + 1); yy++) for (let xx = Math.max(0, tx - 1); xx <= Math.min(cols - 1, tx + 1); xx++) if (dark[yy * cols + xx]) f = Math.min(f, fill[yy * cols + xx]!);
        if (near[i]! < split[ty * cols + tx]! || (f >= MID_TONE && fillShare(img, x, y, f) >= 0.4)) data[i] = Math.min(255, Math.round(((255 - v) * 255) / Math.max(1, 255 - f)));
      }
    }
  }
  const bg = extremeFilter(data, width, height, window, true);
  for (let i = 0; i < data.length; i++) {
    const b = bg[i]!;
    // Where the window is all dark (a thick bar) there is no paper to compare with: leave it.
    if (b < 64) continue;
    // Levels: 0..WHITE stretched to 0..255, so what is left of faint seams vanishes.
    data[i] = Math.min(255, Math.round((data[i]! * 255 * 255) / (b * WHITE)));
  }
  return { data, width, height };
}

/** Relative brightness (of the local fill) from which a pixel counts as paper. */
export const WHITE = 200;
