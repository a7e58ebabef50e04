// Whether a scanned PDF page's text layer can stand in for reading the page. Another tool's OCR
// often lays invisible text over a scan: sometimes over only part of it (a page stamped with a
// typed header, a tool that skipped a region, a table it could not read), sometimes as text so
// misread that it is worse than reading the page again. textQuality catches glyphs without a
// Unicode mapping; this catches the other two, on pages that are scans (a picture covering the
// page), so a born-digital page's text layer is never second-guessed.
import type { PageText } from '../types.js';

/** Why a scan's text layer is not used, or undefined when it is. */
export type LayerProblem = 'partial' | 'implausible';

/** Resolution the page is drawn at to see where its ink is: enough to tell 6-pt text from rules. */
export const CHECK_DPI = 75;
/** Cells a sixth of an inch square: about one line of body text. */
const CELL = Math.round(CHECK_DPI / 6);
/** A cell with text in it: some ink, not solid (a photo, a dark band), at least two strokes across one row. */
const MIN_INK = 0.03;
const MAX_INK = 0.6;
/** Uncovered text counts only in runs along a line, as text lines are; a stray mark is not text. */
const MIN_RUN = 3;
/** The layer misses text when this share of the page's text cells (and at least MIN_MISSED) lie outside its words. */
const MISSED_SHARE = 0.2;
const MIN_MISSED = 12;
/** An invisible layer is another tool's OCR when this share of its characters is invisible. */
const INVISIBLE_SHARE = 0.5;
/** Such a layer is misread when this share of its words are not word-shaped (junkWord). */
const JUNK_SHARE = 0.2;
/** Fewer alphabetic words than this are not judged. */
const MIN_JUDGED = 20;

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Letters of the alphabets the recogniser reads (Latin, Greek, Cyrillic); other scripts are left alone. */
const ALPHABETIC = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const OTHER_LETTERS = /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\P{L}]+/gu;

/**
 * A token that no language writes this way, as misread OCR produces it: letters and digits mixed
 * other than as an ordinal, a quantity with its unit or a code ("3rd", "10mm", "F-29", "PN16"),
 * a symbol between letters, two changes from lower to upper case inside a word, or four or more
 * Latin letters without a vowel that are not an acronym. Only alphabetic words are judged: a run
 * of Chinese with a year in it is not a word of this kind.
 */
export function junkWord(token: string): boolean {
  if (!ALPHABETIC.test(token)) return false;
  for (const piece of token.replace(OTHER_LETTERS, ' ').split(' ')) {
    const core = piece.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (core.length < 2) continue;
    if (/\p{L}[~^`|\\{}<>@#$*=_;!?"¢©®]+\p{L}/u.test(core)) return true;
    for (const part of core.split(/[^\p{L}\p{N}]+/u)) {
      const letters = /\p{L}/u.test(part);
      const digits = /\p{N}/u.test(part);
      if (letters && digits && !/^\p{N}+\p{L}{1,3}$/u.test(part) && !/^\p{L}{1,3}\p{N}+\p{L}?$/u.test(part)) return true;
      if ((part.match(/\p{Ll}\p{Lu}/gu) ?? []).length >= 2) return true;
      if (/^[a-z]{4,}$/i.test(part) && !/[aeiouy]/i.test(part) && part !== part.toUpperCase()) return true;
    }
  }
  return false;
}

/** Share of a layer's alphabetic words that are junk (junkWord); 0 when it has too few to judge. */
export function junkShare(layer: PageText): number {
  let words = 0;
  let junk = 0;
  for (const line of layer.lines) {
    for (const word of line.words) {
      if (!ALPHABETIC.test(word.text)) continue;
      words++;
      if (junkWord(word.text)) junk++;
    }
  }
  return words >= MIN_JUDGED ? junk / words : 0;
}

/** The darkness a pixel must reach to be ink: well below the paper (the page's bright end). */
function inkThreshold(img: GreyImage): number {
  const hist = new Uint32Array(256);
  for (const v of img.data) hist[v]!++;
  let seen = 0;
  let paper = 255;
  for (let v = 255; v >= 0; v--) {
    seen += hist[v]!;
    if (seen >= img.data.length * 0.05) {
      paper = v;
      break;
    }
  }
  return paper - Math.max(40, paper * 0.35);
}

/** Whether the cell at (cx, cy) holds text-like ink: some, not solid, across several rows, two strokes in one row. */
function textCell(img: GreyImage, ink: number, cx: number, cy: number): boolean {
  const x0 = cx * CELL;
  const y0 = cy * CELL;
  const x1 = Math.min(img.width, x0 + CELL);
  const y1 = Math.min(img.height, y0 + CELL);
  let dark = 0;
  let inkRows = 0;
  let strokes = 0;
  for (let y = y0; y < y1; y++) {
    let runs = 0;
    let inRun = false;
    for (let x = x0, i = y * img.width + x0; x < x1; x++, i++) {
      const isInk = img.data[i]! < ink;
      if (isInk) {
        dark++;
        if (!inRun) runs++;
      }
      inRun = isInk;
    }
    if (runs) inkRows++;
    strokes = Math.max(strokes, runs);
  }
  const share = dark / ((x1 - x0) * (y1 - y0));
  return share >= MIN_INK && share <= MAX_INK && inkRows >= 3 && strokes >= 2;
}

/**
 * Whether text in the page image (drawn at CHECK_DPI) lies outside every word of the layer
 * (boxes in pixels at `layerDpi`): lines of text-like cells that no word covers.
 */
export function layerMissesText(img: GreyImage, layer: PageText, layerDpi: number): boolean {
  const cols = Math.ceil(img.width / CELL);
  const rows = Math.ceil(img.height / CELL);
  const covered = new Uint8Array(cols * rows);
  const scale = CHECK_DPI / layerDpi;
  const pad = CELL / 2; // a word's box is tight; its glyphs' ink reaches half a cell round it
  for (const line of layer.lines) {
    for (const { bbox } of line.words) {
      const c0 = Math.max(0, Math.floor((bbox[0] * scale - pad) / CELL));
      const c1 = Math.min(cols - 1, Math.floor((bbox[2] * scale + pad) / CELL));
      const r0 = Math.max(0, Math.floor((bbox[1] * scale - pad) / CELL));
      const r1 = Math.min(rows - 1, Math.floor((bbox[3] * scale + pad) / CELL));
      for (let r = r0; r <= r1; r++) covered.fill(1, r * cols + c0, r * cols + c1 + 1);
    }
  }
  const ink = inkThreshold(img);
  let text = 0;
  let missed = 0;
  for (let r = 0; r < rows; r++) {
    let run = 0;
    for (let c = 0; c <= cols; c++) {
      const isText = c < cols && textCell(img, ink, c, r);
      if (isText) text++;
      if (isText && !covered[r * cols + c]) {
        run++;
        continue;
      }
      if (run >= MIN_RUN) missed += run;
      run = 0;
    }
  }
  return missed >= MIN_MISSED && missed >= MISSED_SHARE * text;
}

/** What a scan page's layer tells about itself without drawing the page. */
export function implausibleLayer(layer: PageText, invisibleShare: number): boolean {
  return invisibleShare >= INVISIBLE_SHARE && junkShare(layer) >= JUNK_SHARE;
}
