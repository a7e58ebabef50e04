// Log axes labelled as powers of ten, "10" with a raised exponent (10¹ 10² 10³): OCR reads the
// small exponent into the word ("101", "10!", "10°", "10?"), so the labels read as 101, 102, … on
// a linear scale or as nothing. A row or column of such labels, each with its last glyph raised
// above the "10", stands for consecutive powers of ten; the exponents OCR did read as digits fix
// which ones, and the words are rewritten as the plain numbers (100, 1000) the axis fit reads.
import type { BBox, PageText, Word } from '../types.js';
import { layoutSheet, readCrops } from './crops.js';
import { markPowerLabel } from './power-labels.js';
import type { Raster, Rgb } from './raster.js';

/** OCR's usual readings of a small raised digit, where they are not the digit itself. */
const LOOKALIKE: Record<string, number> = { '!': 1, l: 1, I: 1, '|': 1, i: 1, o: 0, O: 0, '°': 0, '?': 2, z: 2, Z: 2 };

/** A minor log label's factor before its power ("4×" of 4×10⁰): a glyph and the times sign, which OCR reads as x. */
const FACTOR = /^(\S)[x×X]$/;

/** A times sign alone, as OCR reads it. */
const TIMES = /^[x×X]$/;

/** The word just left of `w` on its line (within `gap` text heights) passing `test`, if any. */
function leftNeighbour(w: Word, words: Word[], test: (f: Word) => boolean, gap = 0.8): Word | undefined {
  const h = w.bbox[3] - w.bbox[1];
  return words.find((f) => test(f) && f.bbox[2] <= w.bbox[0] + 0.1 * h && w.bbox[0] - f.bbox[2] < gap * h && Math.abs((f.bbox[1] + f.bbox[3]) / 2 - (w.bbox[1] + w.bbox[3]) / 2) < 0.5 * h);
}

/**
 * The factor word just left of a raised power on its line, if any: "4x" as one word, or a glyph
 * and the times sign read apart ("4" "x", joined here). A times sign whose factor OCR merged into
 * the label before it stands for a factor that states no number: a factor word with no digit.
 */
function factorOf(w: Word, words: Word[]): Factor | undefined {
  const whole = leftNeighbour(w, words, (f) => FACTOR.test(f.text));
  if (whole) return { glyph: whole.text[0]!, bbox: whole.bbox, words: [whole] };
  const times = leftNeighbour(w, words, (f) => TIMES.test(f.text));
  if (!times) return undefined;
  const digit = leftNeighbour(times, words, (f) => /^\S$/.test(f.text));
  if (!digit) return { glyph: '?', bbox: times.bbox, words: [times] };
  return { glyph: digit.text, bbox: [digit.bbox[0], Math.min(digit.bbox[1], times.bbox[1]), times.bbox[2], Math.max(digit.bbox[3], times.bbox[3])], words: [digit, times] };
}

interface Factor {
  /** The glyph before the times sign ("?" where OCR lost it). */
  glyph: string;
  bbox: BBox;
  /** The words it was read from. */
  words: Word[];
}

const ink = (r: Raster, bg: Rgb, x: number, y: number): boolean => {
  const i = 3 * (y * r.width + x);
  return Math.abs(r.rgb[i]! - bg[0]) + Math.abs(r.rgb[i + 1]! - bg[1]) + Math.abs(r.rgb[i + 2]! - bg[2]) > 150;
};

/**
 * The longest run of rows with ink between columns x0..x1 of the box: [top, bottom], or undefined.
 * Ink apart from the glyphs (a tick mark reaching into the word's box from the axis above) is left out.
 */
function inkRows(r: Raster, bg: Rgb, b: BBox, x0: number, x1: number): [number, number] | undefined {
  let best: [number, number] | undefined, start = -1;
  const y1 = Math.min(r.height, Math.ceil(b[3]));
  for (let y = Math.max(0, Math.floor(b[1])); y <= y1; y++) {
    let on = false;
    for (let x = Math.max(0, Math.floor(x0)); y < y1 && x < Math.min(r.width, Math.ceil(x1)); x++)
      if (ink(r, bg, x, y)) {
        on = true;
        break;
      }
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      if (!best || y - 1 - start > best[1] - best[0]) best = [start, y - 1];
      start = -1;
    }
  }
  return best;
}

/**
 * The word's box without lines OCR took in at its right: a run of inked columns there whose ink
 * spans the box's full height (the plot's frame) or a row or two (a tick mark) is no glyph; a
 * raised exponent spans neither. Without this a frame beside "10³" hides the raised exponent.
 */
export function glyphBox(b: BBox, r: Raster, bg: Rgb): BBox {
  const wd = b[2] - b[0], h = b[3] - b[1];
  const x0 = Math.max(0, Math.floor(b[0])), x1 = Math.min(r.width, Math.ceil(b[2] + 0.1 * wd));
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = x0; x <= x1; x++) {
    let on = false;
    for (let y = Math.max(0, Math.floor(b[1])); x < x1 && y < Math.min(r.height, Math.ceil(b[3])) && !on; y++) on = ink(r, bg, x, y);
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  let right = b[2];
  while (runs.length > 1) {
    const [s0, s1] = runs[runs.length - 1]!;
    const rows = inkRows(r, bg, b, s0, s1);
    const line = !rows || rows[1] - rows[0] + 1 >= 0.9 * h || rows[1] - rows[0] + 1 <= Math.max(2, 0.12 * h);
    if (!line || s0 < b[0] + 0.6 * wd) break;
    runs.pop();
    right = Math.min(right, runs[runs.length - 1]![1]);
  }
  return right < b[2] ? [b[0], b[1], right, b[3]] : b;
}

/**
 * A word read as "10" and one more glyph, whose ink at the right stops well above the baseline
 * of the ink at the left: a power of ten with a raised exponent.
 */
export function isRaisedPower(w: Word, r: Raster, bg: Rgb): boolean {
  if (!/^10\S$/.test(w.text)) return false;
  const b = glyphBox(w.bbox, r, bg), wd = b[2] - b[0];
  const left = inkRows(r, bg, b, b[0], b[0] + 0.55 * wd), right = inkRows(r, bg, b, b[0] + 0.8 * wd, b[2] + 0.1 * wd);
  if (!left || !right) return false;
  const h = left[1] - left[0] + 1;
  return h >= 5 && left[1] - right[1] >= 0.3 * h && right[0] <= left[0] + 0.2 * h;
}

/** Groups of at least two raised powers sharing a row (same middle) or a column (same right edge), in reading order of value. */
function lines(ws: Word[], right: (w: Word) => number): Word[][] {
  const out: Word[][] = [];
  const h = (w: Word): number => w.bbox[3] - w.bbox[1];
  const used = new Set<Word>();
  for (const w of ws) {
    if (used.has(w)) continue;
    const row = ws.filter((v) => !used.has(v) && Math.abs((v.bbox[1] + v.bbox[3]) / 2 - (w.bbox[1] + w.bbox[3]) / 2) < 0.5 * h(w));
    const col = ws.filter((v) => !used.has(v) && Math.abs(right(v) - right(w)) < 0.6 * h(w));
    const group = row.length >= col.length ? [...row].sort((a, b) => a.bbox[0] - b.bbox[0]) : [...col].sort((a, b) => b.bbox[3] - a.bbox[3]);
    if (group.length < 2) continue;
    group.forEach((v) => used.add(v));
    out.push(group);
  }
  return out;
}

/**
 * The box of a raised power's exponent: the last run of inked columns of the word (a gap apart
 * from the "10"), or its right quarter where the glyphs touch, cut to the exponent's own rows.
 */
export function exponentBox(w: Word, r: Raster, bg: Rgb): BBox | undefined {
  const b = glyphBox(w.bbox, r, bg), wd = b[2] - b[0];
  const x0 = Math.max(0, Math.floor(b[0])), x1 = Math.min(r.width, Math.ceil(b[2] + 0.1 * wd));
  const y0 = Math.max(0, Math.floor(b[1])), y1 = Math.min(r.height, Math.ceil(b[3]));
  let start = -1, run: [number, number] | undefined;
  for (let x = x0; x <= x1; x++) {
    let on = false;
    for (let y = y0; x < x1 && y < y1 && !on; y++) on = ink(r, bg, x, y);
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      run = [start, x];
      start = -1;
    }
  }
  const left = run && run[0] > b[0] + 0.6 * wd ? run[0] : b[0] + 0.78 * wd, right = run ? run[1] : x1;
  const rows = inkRows(r, bg, b, left, right);
  return rows && right > left ? [Math.floor(left), rows[0], Math.ceil(right), rows[1] + 1] : undefined;
}

/**
 * Raised exponents read again, each alone and enlarged (OCR reads a small raised 3 in "10³" as
 * "?" or "7" within the word, and the digit itself once it is text-sized): the digit read for each
 * raised power that has one. One OCR call, only where a row or column of raised powers may stand.
 */
export async function rereadExponents(words: Word[], r: Raster, bg: Rgb, ocr: (png: Buffer) => Promise<PageText>): Promise<Map<Word, number>> {
  const out = new Map<Word, number>();
  const raised = words.filter((w) => isRaisedPower(w, r, bg));
  if (raised.length < 2) return out;
  const boxes: { w: Word; b: BBox }[] = [];
  for (const w of raised) {
    const b = exponentBox(w, r, bg);
    if (b) boxes.push({ w, b });
  }
  if (boxes.length === 0) return out;
  // Only the exponent's own pixels are copied onto the sheet: the "10" beside it stays off.
  const glyphs = new Uint8Array(r.width * r.height);
  for (const { b } of boxes) for (let y = b[1]; y < b[3]; y++) glyphs.fill(1, y * r.width + b[0], y * r.width + b[2]);
  const th = Math.max(...boxes.map(({ b }) => b[3] - b[1]));
  const layout = layoutSheet(r.rgb, r.width, r.height, bg, boxes.map(({ b }) => b), glyphs, th);
  const read = await readCrops(layout, ocr);
  layout.boxes.forEach((p, k) => {
    const inBox = read.filter((v) => (v.bbox[0] + v.bbox[2]) / 2 >= p[0] && (v.bbox[0] + v.bbox[2]) / 2 <= p[2] && (v.bbox[1] + v.bbox[3]) / 2 >= p[1] && (v.bbox[1] + v.bbox[3]) / 2 <= p[3]);
    if (inBox.length === 1 && /^\d$/.test(inBox[0]!.text)) out.set(boxes[k]!.w, Number(inBox[0]!.text));
  });
  return out;
}

/**
 * A group with the "10"+glyph words that stand in its line at its even spacing added: a label whose
 * box OCR drew too wide (it took in minor tick marks beside it) shows no raised glyph at its right,
 * yet sits where the next decade belongs, flush with the others' left (column) or middle (row).
 */
function withAligned(group: Word[], words: Word[], r: Raster, bg: Rgb): Word[] {
  const h = group[0]!.bbox[3] - group[0]!.bbox[1];
  const column = Math.abs(cy(group[0]!.bbox) - cy(group[1]!.bbox)) > 0.5 * h;
  const at = (w: Word): number => (column ? cy(w.bbox) : cx(w.bbox));
  const key = (w: Word): number => (column ? w.bbox[0] : cy(w.bbox));
  const ps = group.map(at).sort((a, b) => a - b);
  const d = Math.min(...ps.slice(1).map((p, i) => p - ps[i]!));
  const k0 = group.map(key).sort((a, b) => a - b)[group.length >> 1]!;
  if (!(d > h)) return group;
  const extra = words.filter((w) => {
    if (group.includes(w) || !/^10\S$/.test(w.text) || isRaisedPower(w, r, bg) || Math.abs(key(w) - k0) > 0.6 * h) return false;
    const k = (at(w) - ps[0]!) / d;
    return Math.abs(k - Math.round(k)) < 0.1;
  });
  if (extra.length === 0) return group;
  // Reading order of value: left to right, bottom to top.
  return [...group, ...extra].sort((a, b) => (column ? at(b) - at(a) : at(a) - at(b)));
}

const cx = (b: BBox): number => (b[0] + b[2]) / 2;
const cy = (b: BBox): number => (b[1] + b[3]) / 2;

/**
 * The box a rewritten label stands for: from its factor (if any) to the end of its glyphs (a frame
 * or tick OCR took in would move its centre off the tick), and as tall as the "10" alone: the tick
 * stands level with the label's base text, the raised exponent above it (its box's middle, taken
 * with the exponent, lies a few pixels high, a twentieth of a decade on a short log axis).
 */
function labelBox(w: Word, f: Factor | undefined, r: Raster, bg: Rgb): BBox {
  const g = glyphBox(w.bbox, r, bg);
  const base = inkRows(r, bg, g, g[0], g[0] + 0.55 * (g[2] - g[0]));
  const [y0, y1] = base ? [base[0], base[1] + 1] : [g[1], g[3]];
  return [f ? f.bbox[0] : g[0], y0, g[2], y1];
}

/** Decade steps a row or column of bare powers may take between labels (10¹ 10³ 10⁵ steps by two). */
const STRIDES = [1, 2, 3, 4, 5];

/**
 * The words with each row or column of raised powers of ten read as plain numbers: exponents
 * count up one stride of decades a bare power from left to right or bottom to top, starting where
 * most of the exponents agree (as digits or their look-alikes; one read again alone, `reread`,
 * counts twice: it is seldom wrong); ties keep the smaller stride and start. A group
 * whose readings agree on nothing is left as read. A minor label with a factor ("4×10⁰", between
 * 10⁰ and 10¹) shares the exponent of the bare power before it and reads as the product, its
 * factor word dropped; a group with such labels steps by one decade.
 */
export function readPowersOfTen(words: Word[], r: Raster, bg: Rgb, reread: Map<Word, number> = new Map()): Word[] {
  const raised = words.filter((w) => isRaisedPower(w, r, bg));
  if (raised.length < 2) return words;
  const rewritten = new Map<Word, Word>();
  const dropped = new Set<Word>();
  // A column's right edges are the glyphs' own: a box that took in the frame beside it reaches further.
  for (const group of lines(raised, (w) => glyphBox(w.bbox, r, bg)[2]).map((g) => withAligned(g, words, r, bg))) {
    const factors = group.map((w) => factorOf(w, words));
    // Each label's count of bare powers after the first: bare powers count up, a factored label takes the last bare one's.
    let bare = -1;
    const index = factors.map((f) => (f ? bare : ++bare));
    let best: { e0: number; stride: number; votes: number } | undefined;
    for (const stride of factors.some(Boolean) ? [1] : STRIDES) {
      const votes = new Map<number, number>();
      group.forEach((w, k) => {
        const c = w.text[2]!, again = reread.get(w);
        const d = again ?? (/\d/.test(c) ? Number(c) : LOOKALIKE[c]);
        const weight = again !== undefined ? 2 : 1;
        if (d !== undefined) votes.set(d - stride * index[k]!, (votes.get(d - stride * index[k]!) ?? 0) + weight);
      });
      const top = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
      if (top && (!best || top[1] > best.votes)) best = { e0: top[0], stride, votes: top[1] };
    }
    if (!best) continue;
    const { e0, stride } = best;
    group.forEach((w, k) => {
      const e = e0 + stride * index[k]!, f = factors[k];
      const factor = f ? Number(f.glyph) : 1;
      // A factor OCR did not read as a digit states no number: the label is dropped, not read as "10²" = 102.
      if (!Number.isInteger(factor) || factor < 1) {
        if (f) [w, ...f.words].forEach((d) => dropped.add(d));
        return;
      }
      f?.words.forEach((d) => dropped.add(d));
      const v = factor * 10 ** e;
      const out: Word = { ...w, text: e >= 0 ? String(v) : v.toFixed(-e), bbox: labelBox(w, f, r, bg) };
      markPowerLabel(out);
      rewritten.set(w, out);
    });
  }
  return words.filter((w) => !dropped.has(w)).map((w) => rewritten.get(w) ?? w);
}
