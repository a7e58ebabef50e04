// A scanned page read once: turned upright (quarter turns) and straightened (skew), its ruling
// lines found and painted out, then the whole page recognised in one pass with layout analysis.
// The rules are kept as the page's segments (table structure), and tables take their cells from
// these words: nothing on the page is recognised twice.
//
// Why each step: a ruled table reaches the recogniser's layout analysis as a picture when its
// rules are left in (tesseract answered "Empty page" on ruled WARN-report pages, or dropped whole
// rows), rule pieces are read as "|", "[" or "_" glued to the words beside them, and a rule
// finder needs straight lines: at 1° a rule across the page steps down by its thickness every
// ~50 px.
import type { Segment, TextLine, Word } from '../types.js';
import { imageRules } from '../tables/image-rules.js';
import type { GreyPixels } from '../tables/scan-background.js';
import { eraseRules } from '../tables/scan-text.js';
import { estimatePageSkew, quarterTurn, rotateSmall } from './skew.js';

/** What recognises a prepared page image (the OCR engine). */
export interface PageRecognizer {
  /** Lines of a whole page image, with the engine's own layout analysis (columns, blocks). */
  readPage(img: GreyPixels): Promise<TextLine[]>;
  /**
   * Clockwise quarter turns that bring the page's text upright, from the engine's orientation
   * detection; undefined when it cannot tell.
   */
  orientation?(img: GreyPixels): Promise<number | undefined>;
}

export interface ScannedPage {
  /** The page as read: upright and straightened (its words' and rules' coordinates). */
  img: GreyPixels;
  /** Clockwise quarter turns and then degrees applied to the image handed in. */
  turns: number;
  skew: number;
  lines: TextLine[];
  /** Ruling lines found in the straightened page (painted out before recognition). */
  rules: Segment[];
}

/** Skews smaller than this are left alone (under a pixel's drift per 600 px). */
const MIN_SKEW = 0.1;
/** Below this share of the projection peakedness along rows against columns, text runs down the page. */
const SIDEWAYS = 0.6;
/** Mean word confidence under which the page may be upside down (asked of the engine's orientation detection). */
const LOW_CONFIDENCE = 0.45;

/** Characters a ruling line is read as when a piece of it reaches the recogniser. */
const RULE_GLYPHS = /^[|[\]_]+$/;

/**
 * A word without rule glyphs at its ends: "|07/21/2015", "2015_|" and "[Boeing" lose them, a
 * word made only of them is dropped. Brackets that pair within the word ("[1]", "f[x]") stay.
 */
export function withoutRuleGlyphs(word: Word): Word | undefined {
  const t = word.text;
  if (RULE_GLYPHS.test(t)) return undefined;
  let a = 0;
  let b = t.length;
  const paired = (ch: string): boolean => (ch === '[' ? t.includes(']') : ch === ']' ? t.includes('[') : false);
  while (a < b && '|_[]'.includes(t[a]!) && !paired(t[a]!)) a++;
  while (b > a && '|_[]'.includes(t[b - 1]!) && !paired(t[b - 1]!)) b--;
  if (a === 0 && b === t.length) return word;
  const text = t.slice(a, b);
  if (!text) return undefined;
  // The box loses the glyphs' share of the width, in proportion to characters.
  const per = (word.bbox[2] - word.bbox[0]) / t.length;
  return { ...word, text, bbox: [word.bbox[0] + a * per, word.bbox[1], word.bbox[2] - (t.length - b) * per, word.bbox[3]] };
}

function cleanLines(lines: TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  for (const line of lines) {
    const words = line.words.flatMap((w) => withoutRuleGlyphs(w) ?? []);
    if (!words.length) continue;
    out.push({ text: words.map((w) => w.text).join(' '), bbox: words.map((w) => w.bbox).reduce((u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])]), words });
  }
  return out;
}

const meanConfidence = (lines: TextLine[]): number => {
  const ws = lines.flatMap((l) => l.words);
  return ws.length ? ws.reduce((s, w) => s + (w.confidence ?? 1), 0) / ws.length : 0;
};

/** The rules of a straightened page: dark runs long enough that no text stroke makes them. */
function pageRules(img: GreyPixels): Segment[] {
  return imageRules(img, { threshold: 150 });
}

/** A copy with the rules painted white. */
function withoutRules(img: GreyPixels, rules: Segment[]): GreyPixels {
  const copy = { data: new Uint8Array(img.data), width: img.width, height: img.height };
  eraseRules(copy, rules);
  return copy;
}

/**
 * Straightens `img` (skew, then quarter turns when the text runs down the page), finds and
 * paints out its rules and recognises it once. A page whose words come back with low confidence
 * is asked of the engine's orientation detection and read again only when that says it is
 * upside down or sideways.
 */
export async function readScannedPage(input: GreyPixels, reader: PageRecognizer): Promise<ScannedPage> {
  let img = input;
  let turns = 0;
  const skew = estimatePageSkew(img);
  let degrees = Math.abs(skew.degrees) >= MIN_SKEW ? skew.degrees : 0;
  if (degrees) img = rotateSmall(img, -degrees);
  if (skew.rowsOverColumns < SIDEWAYS && reader.orientation) {
    turns = (await reader.orientation(img)) ?? 0;
    if (turns) img = quarterTurn(img, turns);
  }
  let rules = pageRules(img);
  let lines = cleanLines(await reader.readPage(withoutRules(img, rules)));
  if (!turns && reader.orientation && meanConfidence(lines) < LOW_CONFIDENCE) {
    const t = (await reader.orientation(img)) ?? 0;
    if (t) {
      turns = t;
      img = quarterTurn(img, t);
      rules = pageRules(img);
      lines = cleanLines(await reader.readPage(withoutRules(img, rules)));
    }
  }
  if (!degrees) degrees = 0;
  return { img, turns, skew: degrees, lines, rules };
}
