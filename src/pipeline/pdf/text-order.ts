// Characters (in content order, with device-space boxes) → words → lines in reading order.
// Pure geometry, no PDFium: the same code can order OCR words.
import type { BBox, TextLine, Word } from '../types.js';

export interface PlacedChar {
  text: string;
  /** Device pixels, origin top-left; empty (x0 === x1) for characters PDFium generated. */
  bbox: BBox;
  /** Device y of the glyph origin (its baseline), NaN when unknown. */
  baseline: number;
}

/** A word with the geometry used for grouping. */
export interface PlacedWord extends Word {
  baseline: number;
}

/**
 * Narrowest gutter, in glyph heights (PDFium's loose boxes: about 1.2 times the font size). Papers
 * set two columns 1 to 1.5 font sizes apart (IEEE: 10 pt text, 14 pt gutter); the prose test on
 * both sides keeps narrower gaps in tables from passing for gutters.
 */
const MIN_GUTTER = 0.6;

/** Wider text (a page of several metres) is not looked at for columns. */
const MAX_SPAN_PX = 50_000;

const isBreak = (t: string): boolean => t.trim() === '' || t === '\u00a0';
const height = (b: BBox): number => b[3] - b[1];
const union = (a: BBox, b: BBox): BBox => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

/** Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms. */
const RTL = /[\u0590-\u07ff\u0860-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const isRtl = (t: string): boolean => RTL.test(t);

/**
 * A word's text in logical order. Right-to-left script is laid out leftwards: whichever order the
 * PDF drew its glyphs in (logically, or reversed as displayed), reading the glyphs from right to
 * left gives the logical order; runs of digits and Latin inside stay left to right. Presentation
 * forms (shaped Arabic letters) become the plain letters people type and search for.
 */
function wordText(chars: PlacedChar[]): string {
  if (!chars.some((c) => isRtl(c.text))) return chars.map((c) => c.text).join('');
  const visual = [...chars].sort((a, b) => b.bbox[0] + b.bbox[2] - (a.bbox[0] + a.bbox[2]));
  const parts: string[] = [];
  let ltr: string[] = [];
  for (const c of visual) {
    if (isRtl(c.text)) {
      if (ltr.length) parts.push(ltr.reverse().join(''));
      ltr = [];
      parts.push(c.text);
    } else ltr.push(c.text);
  }
  if (ltr.length) parts.push(ltr.reverse().join(''));
  return parts.join('').normalize('NFKC');
}

/**
 * Whether a superscript starts or ends between two adjacent characters: one glyph clearly smaller
 * and set higher than the other (a note mark "breastfed⁹", an exponent "km²"). The pieces become
 * words of their own so tables can tell a note mark from its label (src/pipeline/tables/
 * note-marks.ts) and search finds the bare word ("breastfed 9" in line text). Subscripts (smaller
 * and lower) stay joined.
 */
function superscriptEdge(a: PlacedChar, b: PlacedChar): boolean {
  if (Number.isNaN(a.baseline) || Number.isNaN(b.baseline)) return false;
  const ha = height(a.bbox);
  const hb = height(b.bbox);
  const [small, big] = ha < hb ? [a, b] : [b, a];
  const hBig = Math.max(ha, hb);
  return height(small.bbox) < 0.85 * hBig && big.baseline - small.baseline > 0.1 * hBig;
}

/**
 * Splits characters into words on whitespace, generated characters, horizontal gaps wider than
 * a quarter of the glyph height, backward jumps and baseline changes (a new line in the stream).
 * Ligatures decomposed by PDFium ("ffi") repeat one box, which is no backward jump; in
 * right-to-left script a step to the adjacent glyph on the left continues the word.
 */
export function charsToWords(chars: PlacedChar[]): PlacedWord[] {
  const words: PlacedWord[] = [];
  const glyphs: PlacedChar[][] = [];
  let cur: PlacedWord | undefined;
  let prev: PlacedChar | undefined;
  for (const c of chars) {
    const empty = c.bbox[2] <= c.bbox[0] && c.bbox[3] <= c.bbox[1];
    if (isBreak(c.text) || empty) {
      cur = undefined;
      continue;
    }
    if (cur && prev) {
      const p = prev.bbox;
      const h = Math.max(height(p), height(c.bbox), 1);
      const sameLine = Number.isNaN(c.baseline) ? c.bbox[1] < p[3] && c.bbox[3] > p[1] : Math.abs(c.baseline - cur.baseline) < h * 0.3;
      const leftward = (isRtl(c.text) || isRtl(prev.text)) && c.bbox[2] <= p[0] + h * 0.1 && p[0] - c.bbox[2] <= h * 0.25;
      if (!sameLine || superscriptEdge(prev, c) || (!leftward && (c.bbox[0] - p[2] > h * 0.25 || c.bbox[0] < p[0] - h * 0.1))) cur = undefined;
    }
    if (!cur) {
      cur = { text: '', bbox: [...c.bbox], confidence: 1, baseline: Number.isNaN(c.baseline) ? c.bbox[3] : c.baseline };
      words.push(cur);
      glyphs.push([]);
    } else cur.bbox = union(cur.bbox, c.bbox);
    glyphs[glyphs.length - 1]!.push(c);
    prev = c;
  }
  words.forEach((w, i) => (w.text = wordText(glyphs[i]!)));
  return words;
}

interface Row {
  baseline: number;
  words: PlacedWord[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/**
 * Groups words sharing a baseline (within 40% of the typical glyph height); rows top to bottom.
 * A row of small glyphs lying mostly within the next row's height (superscripts, footnote marks)
 * joins that row.
 */
function toRows(words: PlacedWord[]): Row[] {
  const glyph = Math.max(1, median(words.map((w) => height(w.bbox))));
  const rows: Row[] = [];
  for (const w of [...words].sort((a, b) => a.baseline - b.baseline)) {
    const last = rows[rows.length - 1];
    if (last && w.baseline - last.baseline <= glyph * 0.4) last.words.push(w);
    else rows.push({ baseline: w.baseline, words: [w] });
  }
  for (let i = rows.length - 2; i >= 0; i--) {
    const small = rows[i]!;
    const next = rows[i + 1]!;
    const [top, bottom] = extent(small.words);
    const [nextTop, nextBottom] = extent(next.words);
    const overlap = Math.min(bottom, nextBottom) - Math.max(top, nextTop);
    if (bottom - top < 0.8 * glyph && overlap >= 0.5 * (bottom - top)) {
      next.words.push(...small.words);
      rows.splice(i, 1);
    }
  }
  for (const r of rows) r.words.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return rows;
}

function extent(words: PlacedWord[]): [number, number] {
  return [Math.min(...words.map((w) => w.bbox[1])), Math.max(...words.map((w) => w.bbox[3]))];
}

/** Whether most letters of the words are right-to-left (the line then reads from the right). */
function rightToLeft(words: PlacedWord[]): boolean {
  const letters = words.flatMap((w) => [...w.text].filter((ch) => /\p{L}/u.test(ch)));
  return letters.filter(isRtl).length * 2 > letters.length;
}

/** Splits a row into lines at gaps wider than twice its glyph height (separate blocks). */
function rowToLines(words: PlacedWord[]): TextLine[] {
  const lines: TextLine[] = [];
  let cur: PlacedWord[] = [];
  const flush = (): void => {
    if (!cur.length) return;
    if (rightToLeft(cur)) cur.reverse();
    const bbox = cur.map((w) => w.bbox).reduce(union);
    lines.push({ text: cur.map((w) => w.text).join(' '), bbox, words: cur.map(({ text, bbox: b, confidence }) => ({ text, bbox: b, confidence })) });
    cur = [];
  };
  for (const w of words) {
    const prev = cur[cur.length - 1];
    if (prev && w.bbox[0] - prev.bbox[2] > 2 * Math.max(height(prev.bbox), height(w.bbox))) flush();
    cur.push(w);
  }
  flush();
  return lines;
}

/**
 * Column gutters: x ranges in the middle 70% of the text that at most 20% of rows cross, with text
 * on their left in at least 25% of rows and on their right in at least 25%, at least MIN_GUTTER
 * glyph heights wide. Returns the candidates' centres, widest first.
 */
function gutterCandidates(rows: Row[], glyph: number): number[] {
  if (rows.length < 4) return [];
  const all = rows.flatMap((r) => r.words);
  const minX = Math.floor(all.reduce((m, w) => Math.min(m, w.bbox[0]), Infinity));
  const span = Math.ceil(all.reduce((m, w) => Math.max(m, w.bbox[2]), -Infinity)) - minX;
  if (span <= 0 || span > MAX_SPAN_PX) return [];
  const at = (x: number): number => Math.min(span, Math.max(0, Math.round(x - minX)));
  const cover = new Int32Array(span + 2); // difference array of word extents
  const leftEnds = new Int32Array(span + 1); // rows whose first word ends at x
  const rightStarts = new Int32Array(span + 1); // rows whose last word starts at x
  for (const r of rows) {
    for (const w of r.words) {
      cover[at(w.bbox[0])]! += 1;
      cover[at(w.bbox[2])]! -= 1;
    }
    leftEnds[at(r.words[0]!.bbox[2])]! += 1;
    rightStarts[at(r.words[r.words.length - 1]!.bbox[0])]! += 1;
  }
  const n = rows.length;
  const right = new Int32Array(span + 2);
  for (let x = span; x >= 0; x--) right[x] = right[x + 1]! + rightStarts[x]!;
  const runs: Array<[number, number]> = [];
  let runStart = -1;
  const lo = Math.floor(span * 0.15);
  const hi = Math.ceil(span * 0.85);
  for (let x = 0, cross = 0, left = 0; x <= hi + 1; x++) {
    cross += cover[x]!;
    left += leftEnds[x] ?? 0;
    const ok = x >= lo && x <= hi && cross <= n * 0.2 && left >= n * 0.25 && right[x]! >= n * 0.25;
    if (ok && runStart < 0) runStart = x;
    if (!ok && runStart >= 0) {
      if (x - runStart >= MIN_GUTTER * glyph) runs.push([runStart, x]);
      runStart = -1;
    }
  }
  return runs.sort((a, b) => b[1] - b[0] - (a[1] - a[0])).map(([a, b]) => minX + (a + b) / 2);
}

const crosses = (w: PlacedWord, g: number): boolean => w.bbox[0] < g && w.bbox[2] > g;

/** Words of `words` in each column between consecutive gutters, left to right. */
function slots(words: PlacedWord[], gutters: number[]): PlacedWord[][] {
  const edges = [-Infinity, ...gutters, Infinity];
  return edges.slice(1).map((hi, i) => words.filter((w) => w.bbox[0] >= edges[i]! && w.bbox[2] <= hi));
}

function maxGap(words: PlacedWord[]): number {
  let gap = 0;
  for (let i = 1; i < words.length; i++) gap = Math.max(gap, words[i]!.bbox[0] - words[i - 1]!.bbox[2]);
  return gap;
}

/**
 * Rows that cannot belong to columns: those crossing a gutter (titles, full-width paragraphs) and
 * table rows (wide gaps inside two or more columns, as when a full-width table's cells happen to
 * leave the gutters free). They are read whole, between bands of columns.
 */
function isSeparator(row: Row, gutters: number[], glyph: number): boolean {
  if (row.words.some((w) => gutters.some((g) => crosses(w, g)))) return true;
  return slots(row.words, gutters).filter((part) => maxGap(part) > 1.5 * glyph && !labelledProse(part, glyph)).length >= 2;
}

/**
 * A label, a gap, then a line of prose (a reference key and its entry, a numbered item): one line
 * of a column, where table cells on either side of the gutter would be short.
 */
function labelledProse(part: PlacedWord[], glyph: number): boolean {
  if (part.length < 3) return false;
  const rest = part.slice(1);
  return maxGap(rest) <= glyph && rest[rest.length - 1]!.bbox[2] - rest[0]!.bbox[0] >= 10 * glyph;
}

/**
 * Whether every column reads like prose: lines typically at least ten glyph heights (about twenty
 * characters) long, most without a gap wider than a glyph height. Table columns are narrower or
 * gappy, so a table keeps its rows whole.
 */
function proseColumns(rows: Row[], gutters: number[], glyph: number): boolean {
  const body = rows.filter((r) => !isSeparator(r, gutters, glyph));
  if (body.length < 4) return false;
  const parts = body.map((r) => slots(r.words, gutters));
  return gutters.every((_, i) => [i, i + 1].every((k) => {
    const col = parts.map((p) => p[k]!).filter((p) => p.length);
    if (col.length < 2) return false;
    const dense = col.filter((p) => maxGap(p) <= glyph).length;
    return median(col.map((p) => p[p.length - 1]!.bbox[2] - p[0]!.bbox[0])) >= 10 * glyph && dense >= col.length * 0.6;
  }));
}

/**
 * The gutters to read by: all candidates if every column reads as prose, else the single one
 * nearest the middle of the text. Two columns meet in the middle; a wider gap off the middle is
 * more often inside a column (the keys of a reference list before their hanging text).
 */
function chooseGutters(rows: Row[], glyph: number): number[] {
  const candidates = gutterCandidates(rows, glyph);
  const all = rows.flatMap((r) => r.words);
  const middle = (Math.min(...all.map((w) => w.bbox[0])) + Math.max(...all.map((w) => w.bbox[2]))) / 2;
  const singles = [...candidates].sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle)).map((g) => [g]);
  const sets = candidates.length > 1 ? [[...candidates].sort((a, b) => a - b), ...singles] : singles;
  return sets.find((gutters) => proseColumns(rows, gutters, glyph)) ?? [];
}

/** Rows read column by column in bands between separator rows, or undefined without columns. */
function readColumns(rows: Row[], glyph: number): TextLine[] | undefined {
  const gutters = chooseGutters(rows, glyph);
  if (!gutters.length) return undefined;
  const out: TextLine[] = [];
  let band: PlacedWord[] = [];
  const flush = (): void => {
    for (const col of slots(band, gutters)) out.push(...toRows(col).flatMap((r) => rowToLines(r.words)));
    band = [];
  };
  for (const r of rows) {
    if (isSeparator(r, gutters, glyph)) {
      flush();
      out.push(...rowToLines(r.words));
    } else band.push(...r.words);
  }
  flush();
  return out;
}

/** Rows cut into blocks wherever the vertical whitespace between rows exceeds 1.5 glyph heights. */
function blocks(rows: Row[], glyph: number): Row[][] {
  const out: Row[][] = [];
  let bottom = -Infinity;
  for (const r of rows) {
    const top = Math.min(...r.words.map((w) => w.bbox[1]));
    if (top - bottom > 1.5 * glyph || !out.length) out.push([]);
    out[out.length - 1]!.push(r);
    bottom = Math.max(bottom, ...r.words.map((w) => w.bbox[3]));
  }
  return out;
}

/**
 * Lines in reading order. Columns are looked for on the whole page first (titles and full-width
 * rows then cut it into bands, each read column by column); failing that, in each block between
 * wide vertical gaps, so that columns above a full-width table are still found. Without columns,
 * rows go top to bottom, words left to right.
 */
export function orderLines(words: PlacedWord[]): TextLine[] {
  if (!words.length) return [];
  const rows = toRows(words);
  const glyph = Math.max(1, median(words.map((w) => height(w.bbox))));
  const page = readColumns(rows, glyph);
  if (page) return page;
  return blocks(rows, glyph).flatMap((block) => readColumns(block, glyph) ?? block.flatMap((r) => rowToLines(r.words)));
}

/**
 * Drops a character drawn again at the place of an earlier one with the same text (PDFs that
 * print each string twice, for a fake bold or a second layer: "Titan Titan Pro Pro", "1 . 9").
 * PDFium drops exact repeats of a whole text object, not a layer cut into other runs (word by
 * word over a whole line) or an invisible copy slightly offset. The same place: both edges within
 * half the glyph's width and a fifth of its height, so that genuinely repeated letters ("ll",
 * "...") side by side are kept. Breaks pass through.
 */
export function dropDuplicateChars(chars: PlacedChar[]): PlacedChar[] {
  const seen = new Map<string, PlacedChar[]>();
  const out: PlacedChar[] = [];
  for (const c of chars) {
    const [x0, y0, x1, y1] = c.bbox;
    const h = y1 - y0;
    if (isBreak(c.text) || h <= 0) {
      out.push(c);
      continue;
    }
    // Buckets one glyph height wide: a duplicate lies in the same or a neighbouring bucket.
    const bx = Math.floor(x0 / h);
    const by = Math.floor(y0 / h);
    const w = x1 - x0;
    const same = (o: PlacedChar): boolean =>
      Math.abs(o.bbox[0] - x0) <= Math.max(0.5, w / 2) && Math.abs(o.bbox[2] - x1) <= Math.max(0.5, w / 2) && Math.abs(o.bbox[1] - y0) <= h / 5 && Math.abs(o.bbox[3] - y1) <= h / 5;
    let dup = false;
    for (let dx = -1; dx <= 1 && !dup; dx++) for (let dy = -1; dy <= 1 && !dup; dy++) dup = (seen.get(`${c.text}|${bx + dx}|${by + dy}`) ?? []).some(same);
    if (dup) continue;
    const key = `${c.text}|${bx}|${by}`;
    seen.set(key, [...(seen.get(key) ?? []), c]);
    out.push(c);
  }
  return out;
}

/**
 * OCR lines cut at the page's column gutters where the recogniser's own layout ran a line across
 * one (tesseract joins short columns side by side into one line): each run of such lines is read
 * column by column, every other line stays where the recogniser put it. Undefined when the page
 * has no columns or no line crosses a gutter.
 */
export function columnOrder(lines: TextLine[]): TextLine[] | undefined {
  // OCR boxes are tight round the ink: a line's words share its median bottom as their baseline.
  const words: PlacedWord[] = lines.flatMap((l) => {
    const baseline = median(l.words.map((w) => w.bbox[3]));
    return l.words.map((w) => ({ ...w, baseline }));
  });
  if (words.length < 8) return undefined;
  const glyph = Math.max(1, median(words.map((w) => height(w.bbox))));
  const gutters = chooseGutters(toRows(words), glyph);
  if (!gutters.length) return undefined;
  /** The line's words in each column, or undefined when it is one column's line or really crosses a gutter. */
  const parts = (l: TextLine): PlacedWord[][] | undefined => {
    const placed = l.words.map((w) => ({ ...w, baseline: w.bbox[3] }));
    if (placed.some((w) => gutters.some((g) => crosses(w, g)))) return undefined;
    const cut = slots(placed, gutters);
    return cut.filter((p) => p.length).length >= 2 ? cut : undefined;
  };
  const out: TextLine[] = [];
  let run: PlacedWord[][][] = [];
  const flush = (): void => {
    for (let col = 0; col <= gutters.length; col++) for (const cut of run) if (cut[col]!.length) out.push(...rowToLines(cut[col]!));
    run = [];
  };
  let joined = false;
  for (const l of lines) {
    const cut = parts(l);
    if (cut) {
      joined = true;
      run.push(cut);
      continue;
    }
    flush();
    out.push(l);
  }
  flush();
  return joined ? out : undefined;
}
