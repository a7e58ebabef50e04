// Axis lines and their tick marks found from dark ink alone, for the picture OCR reads. On a scan
// the colour clusters blur: a grey axis line and its ticks often fall outside the rules' grey
// clusters, stay in the picture, and OCR reads a tick beside a label as a last glyph ("9-" as
// "94"; the axis then fits at ten times its scale). Here an axis line is a long thin straight run
// of ink, and a tick a short thin stroke sticking out of it at right angles; both are painted
// over in the background colour.

/** Ink: this much darker than the background (light gridlines and scan grain are not). */
const INK = 40;
/** Widest a line's stroke is drawn on a scan (blur included). */
const LINE_WIDTH = 6;
/** Rows (columns) an axis line may be broken by ticks or a touching mark and still run on. */
const GAP = 6;

/** Pixels of axis lines and ticks found from dark ink (1 = set). */
export interface AxisTicks {
  /** Lines and ticks with their blurred rims: painted over in the picture OCR reads. */
  ocr: Uint8Array;
  /**
   * The ticks alone with their rims: left out of the marks, as a clean chart's ticks are with its
   * rules (a row of ticks below an axis otherwise reads as a row of thin bars).
   */
  ticks: Uint8Array;
}

/** The pixels of axis lines and their tick marks (with their blurred rims), to paint over in the picture OCR reads. */
export function axisTickMask(rgb: Uint8Array, width: number, height: number, background: readonly [number, number, number]): Uint8Array {
  return axisTicks(rgb, width, height, background).ocr;
}

/**
 * Axis lines and their ticks. Strokes sticking out of a line count as ticks only when they are
 * thin across (a tick's pen) and short (at most `maxTick`): a label touching the line is taller
 * than a tick, a gridline or a bar longer.
 */
export function axisTicks(rgb: Uint8Array, width: number, height: number, background: readonly [number, number, number]): AxisTicks {
  const blum = 0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2];
  const n = width * height;
  const ink = new Uint8Array(n);
  for (let i = 0; i < n; i++) ink[i] = blum - (0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!) > INK ? 1 : 0;
  // 1: a line's pixel, 2: a tick's.
  const erase = new Uint8Array(n);
  const minLen = Math.max(30, Math.round(0.15 * Math.min(width, height)));
  const maxTick = Math.max(6, Math.round(0.03 * Math.min(width, height)));
  // Vertical lines (ticks sticking out left or right), then horizontal ones (ticks up or down).
  markLines(ink, erase, { along: height, across: width, sa: width, sc: 1 }, minLen, maxTick);
  markLines(ink, erase, { along: width, across: height, sa: 1, sc: width }, minLen, maxTick);
  const ocr = new Uint8Array(n), ticks = new Uint8Array(n);
  // The blurred rim of an erased stroke goes too (OCR still reads a faint dash): `hit` is the OR of
  // `erase` over the 3×3 window, taken along rows, then down columns.
  const rowOr = new Uint8Array(n);
  for (let y = 0, o = 0; y < height; y++, o += width)
    for (let x = 0; x < width; x++) rowOr[o + x] = (x > 0 ? erase[o + x - 1]! : 0) | erase[o + x]! | (x < width - 1 ? erase[o + x + 1]! : 0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const hit = (y > 0 ? rowOr[i - width]! : 0) | rowOr[i]! | (y < height - 1 ? rowOr[i + width]! : 0);
      if (!hit) continue;
      // A rim pixel that is ink but not erased belongs to something else (a glyph touching the tick).
      if (!erase[i] && ink[i]) continue;
      ocr[i] = 1;
      // A tick's own pixels, and its rim off the line.
      if (erase[i] === 2 || (!erase[i] && hit & 2)) ticks[i] = 1;
    }
  return { ocr, ticks };
}

/** Pixel index of (position along the line, position across it). */
interface Frame {
  along: number;
  across: number;
  /** Index steps along the line and across it. */
  sa: number;
  sc: number;
}

const at = (f: Frame, a: number, c: number): number => a * f.sa + c * f.sc;

/** Marks the lines running along `along` and the ticks sticking out of them across. */
function markLines(ink: Uint8Array, erase: Uint8Array, f: Frame, minLen: number, maxTick: number): void {
  // Width across of the ink run through every pixel.
  const n = f.along * f.across;
  const width = new Uint16Array(n);
  if (f.sa === 1) {
    // Runs across lie down the picture's columns: counted row by row as the picture is stored
    // (run lengths so far going down, then each run's length handed up from its last pixel).
    for (let i = 0; i < n; i++) if (ink[i]) width[i] = i >= f.sc ? Math.min(65535, width[i - f.sc]! + 1) : 1;
    for (let i = n - f.sc - 1; i >= 0; i--) if (ink[i] && ink[i + f.sc]) width[i] = width[i + f.sc]!;
  } else
    for (let a = 0; a < f.along; a++) {
      let c = 0;
      while (c < f.across) {
        if (!ink[at(f, a, c)]) {
          c++;
          continue;
        }
        let e = c;
        while (e < f.across && ink[at(f, a, e)]) e++;
        for (let k = c; k < e; k++) width[at(f, a, k)] = Math.min(65535, e - c);
        c = e;
      }
    }
  const thin = (a: number, c: number): boolean => ink[at(f, a, c)] === 1 && width[at(f, a, c)]! <= LINE_WIDTH;
  // Line positions: each cross position c with a long run of ink thin across, short breaks (a
  // tick) bridged, thin almost throughout: a row of text (letters' crossbars) is thin only in places.
  const line = new Uint8Array(f.along * f.across);
  // Cross positions laid side by side in memory (columns) are counted first, a row at a time: a
  // line needs 0.85 minLen thin pixels, and a position with fewer is not walked.
  const thinCount = f.sc === 1 ? new Uint32Array(f.across) : undefined;
  if (thinCount) for (let a = 0, o = 0; a < f.along; a++, o += f.sa) for (let c = 0; c < f.across; c++) if (ink[o + c] === 1 && width[o + c]! <= LINE_WIDTH) thinCount[c]!++;
  const hasLine = new Uint8Array(f.across);
  for (let c = 0; c < f.across; c++) {
    if (thinCount && thinCount[c]! < 0.85 * minLen) continue;
    let start = -1, last = -1, count = 0;
    const close = (): void => {
      if (start >= 0 && last - start + 1 >= minLen && count >= 0.85 * (last - start + 1)) {
        for (let a = start; a <= last; a++) line[at(f, a, c)] = 1;
        hasLine[c] = 1;
      }
    };
    for (let a = 0; a < f.along; a++) {
      if (!thin(a, c)) continue;
      if (start < 0 || a - last > GAP) {
        close();
        start = a;
        count = 0;
      }
      last = a;
      count++;
    }
    close();
  }
  for (let c = 0; c < f.across; c++) {
    if (!hasLine[c]) continue;
    let a = 0;
    while (a < f.along) {
      if (!line[at(f, a, c)] || (c > 0 && line[at(f, a, c - 1)])) {
        a++;
        continue;
      }
      // One line: the cross positions [c, c1] marked at this along position.
      let e = a;
      while (e < f.along && line[at(f, e, c)]) e++;
      markLine(ink, erase, f, a, e, c, maxTick, line);
      a = e;
    }
  }
}

/** A line's stretch [a0, a1) whose first cross position is c: the line and its short thin stubs. */
function markLine(ink: Uint8Array, erase: Uint8Array, f: Frame, a0: number, a1: number, c: number, maxTick: number, line: Uint8Array): void {
  const before = new Int32Array(a1 - a0), after = new Int32Array(a1 - a0);
  const span: [number, number][] = [];
  for (let a = a0; a < a1; a++) {
    let c1 = c;
    while (c1 + 1 < f.across && line[at(f, a, c1 + 1)]) c1++;
    span.push([c, c1]);
    for (let k = c; k <= c1; k++) erase[at(f, a, k)] = 1;
    if (!ink[at(f, a, c)] && !ink[at(f, a, c1)]) continue;
    // Ink beyond the line on either side, touching it.
    let lo = c, hi = c1;
    while (lo > 0 && ink[at(f, a, lo - 1)]) lo--;
    while (hi < f.across - 1 && ink[at(f, a, hi + 1)]) hi++;
    before[a - a0] = c - lo;
    after[a - a0] = hi - c1;
  }
  for (const [ext, sign] of [[before, -1], [after, 1]] as const) {
    let k = 0;
    while (k < ext.length) {
      if (ext[k]! < 2) {
        k++;
        continue;
      }
      let e = k, longest = 0;
      while (e < ext.length && ext[e]! >= 2) longest = Math.max(longest, ext[e++]!);
      // A tick: a band a pen wide, sticking out no farther than a tick's length.
      if (e - k <= LINE_WIDTH + 2 && longest <= maxTick)
        for (let m = k; m < e; m++) {
          const [s0, s1] = span[m]!;
          for (let d = 1; d <= ext[m]!; d++) {
            const i = at(f, a0 + m, sign < 0 ? s0 - d : s1 + d);
            if (!erase[i]) erase[i] = 2;
          }
        }
      k = e;
    }
  }
}
