// The 3×3 median filter of a scan's RGB pixels, channel by channel: the same pixels as libvips'
// median(3) (sharp's `median(3)`: the 5th of the 9 values, edges extended by copying), at a
// fraction of its cost (libvips sorts every window; a 2-megapixel scan took 200 ms of CPU there).
// Each column's three values are sorted once and shared by the three windows that hold them; the
// median of the window is then the median of the largest low, the middle middle and the smallest
// high of its three sorted columns (exact for 3×3: Paeth's median of medians).

/** The 3×3 median of `rgb` (width × height, 3 bytes a pixel), edges extended by copying. */
export function median3(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  const row = 3 * width;
  // Sorted column triples of the current row, one extra column at each end (the edge copied).
  const lo = new Uint8Array(row + 6), mid = new Uint8Array(row + 6), hi = new Uint8Array(row + 6);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * row, here = y * row, down = Math.min(height - 1, y + 1) * row;
    sortColumns(rgb, up, here, down, row, lo, mid, hi);
    for (let c = 0; c < 3; c++) {
      lo[c] = lo[3 + c]!;
      mid[c] = mid[3 + c]!;
      hi[c] = hi[3 + c]!;
      lo[row + 3 + c] = lo[row + c]!;
      mid[row + 3 + c] = mid[row + c]!;
      hi[row + 3 + c] = hi[row + c]!;
    }
    windowMedians(lo, mid, hi, row, out, here);
  }
  return out;
}

/** lo/mid/hi[3 + j]: the three values at byte j of the rows `up`, `here`, `down`, sorted. */
function sortColumns(rgb: Uint8Array, up: number, here: number, down: number, row: number, lo: Uint8Array, mid: Uint8Array, hi: Uint8Array): void {
  for (let j = 0; j < row; j++) {
    let a = rgb[up + j]!, b = rgb[here + j]!, c = rgb[down + j]!, t: number;
    if (a > b) {
      t = a;
      a = b;
      b = t;
    }
    if (b > c) {
      t = b;
      b = c;
      c = t;
    }
    if (a > b) {
      t = a;
      a = b;
      b = t;
    }
    lo[3 + j] = a;
    mid[3 + j] = b;
    hi[3 + j] = c;
  }
}

/** out[at + j]: the median of the window whose columns are bytes j - 3, j, j + 3 (offset 3 in lo/mid/hi). */
function windowMedians(lo: Uint8Array, mid: Uint8Array, hi: Uint8Array, row: number, out: Uint8Array, at: number): void {
  for (let j = 0; j < row; j++) {
    // Comparisons rather than Math.max/min of three: this loop runs for every byte of the picture.
    let a = lo[j]!, t = lo[j + 3]!;
    if (t > a) a = t;
    t = lo[j + 6]!;
    if (t > a) a = t;
    let c = hi[j]!;
    t = hi[j + 3]!;
    if (t < c) c = t;
    t = hi[j + 6]!;
    if (t < c) c = t;
    out[at + j] = med3(a, med3(mid[j]!, mid[j + 3]!, mid[j + 6]!), c);
  }
}

const med3 = (a: number, b: number, c: number): number => (a > b ? (b > c ? b : a > c ? c : a) : a > c ? a : b > c ? c : b);
