// A scanned page read once: straightened (skew) and turned upright (quarter turns), dark bands
// turned dark-on-light, ruling lines found and painted out, ruled tables read one block each
// (row by row) and the rest of the page in one pass with layout analysis. The rules are kept as
// the page's segments (table structure), and tables take their cells from these words: nothing
// on the page is recognised twice.
//
// Why each step: a ruled table reaches the recogniser's layout analysis as a picture when its
// rules are left in (tesseract answered "Empty page" on ruled WARN-report pages, or dropped whole
// rows), rule pieces are read as "|", "[" or "_" glued to the words beside them, and a rule
// finder needs straight lines: at 1° a rule across the page steps down by its thickness every
// ~50 px.
import type { BBox, Segment, TextLine, Word } from '../types.js';
import { columnOrder } from '../pdf/text-order.js';
import { imageRules } from '../tables/image-rules.js';
import type { GreyPixels } from '../tables/scan-background.js';
import { eraseRules } from '../tables/scan-text.js';
import { darkBands, invertBands } from './bands.js';
import { resize, rotateGrey } from '../schematics/raster.js';
import { estimatePageSkew, mirrorGrey, quarterTurn } from './skew.js';
import { densestBand } from './sample-band.js';
import { lineHeight } from './print-size.js';
import { cellSide, INK, mergeReadings, unreadInk, unreadRegions } from './plain-read.js';

/** What recognises a prepared page image (the OCR engine). */
export interface PageRecognizer {
  /** Lines of a whole page image, with the engine's own layout analysis (columns, blocks); `dpi` when known. */
  readPage(img: GreyPixels, dpi?: number): Promise<TextLine[]>;
  /** Lines of an image read as one block of text, row by row (a ruled table's region). */
  readBlock(img: GreyPixels, dpi?: number): Promise<TextLine[]>;
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
  /** Whether the page was read mirrored left to right (its text ran backwards: mirrorGrey), the quarter turns then applied to the mirror. */
  mirrored?: boolean;
}

/** Skews smaller than this are left alone (under a pixel's drift per 600 px). */
const MIN_SKEW = 0.1;
/** Below this share of the projection peakedness along rows against columns, text runs down the page. */
const SIDEWAYS = 0.6;
/**
 * Below this share a page that reads badly may be sideways with too little text for the ink to
 * tell, and is asked of the engine's orientation detection (0.55-1.1 CPU s). Upright text pages
 * that read badly (pictures, foreign scripts) measure 3-5.
 */
const MAY_BE_SIDEWAYS = 1.5;
/**
 * Share of the page's inked cells left without a sure word at which the page is read plainly as
 * well (plain-read.ts). Pages read well leave 0.001-0.04 (rules and frames that stay ink); pages
 * where the plain read found words ours had lost left 0.06-0.86 (validation seeds 31 and 57).
 */
const UNREAD_INK = 0.05;
/** Mean word confidence under which the page may be upside down (asked of the engine's orientation detection). */
const LOW_CONFIDENCE = 0.45;

/** Mean confidence a mirrored reading must gain over the page's own to replace it. */
const MIRROR_GAIN = 0.15;

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

/**
 * Below this confidence (0..1), a word of at most SPECK_LENGTH letters and digits is what the
 * recogniser made of specks, hatching, chart strokes or a halftone ("ee", "oe", "ss"), not
 * text: on the pages of the training seeds 31 and 57 (`EVAL_SCANS_CONF=1`), 324 of the 357 such
 * words in the readings were false.
 */
const SPECK_CONFIDENCE = 0.3;
const SPECK_LENGTH = 3;

/** Whether a word is a short reading the recogniser is unsure of (SPECK_CONFIDENCE). */
export function specklike(word: Word): boolean {
  return (word.confidence ?? 1) < SPECK_CONFIDENCE && (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) <= SPECK_LENGTH;
}

/**
 * The lines without specklike words, dropped from the final reading only: the orientation
 * check and the plain read's merge see every word the recogniser returned, as before.
 */
export function withoutSpecks(lines: TextLine[]): TextLine[] {
  return keepWords(lines, (w) => !specklike(w));
}

/** The lines with only the words `keep` accepts (lines left empty dropped, boxes and text redone). */
function keepWords(lines: TextLine[], keep: (w: Word) => boolean): TextLine[] {
  return lines.flatMap((l) => {
    if (l.words.every(keep)) return [l];
    const words = l.words.filter(keep);
    if (!words.length) return [];
    return [{ text: words.map((w) => w.text).join(' '), bbox: words.map((w) => w.bbox).reduce((u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])]), words }];
  });
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

/** Mean confidence of the lines' words; 0 without words. */
export const meanConfidence = (lines: TextLine[]): number => {
  const ws = lines.flatMap((l) => l.words);
  return ws.length ? ws.reduce((s, w) => s + (w.confidence ?? 1), 0) / ws.length : 0;
};

/** A rule meets another within this many pixels (scanned rules stop short or overshoot). */
const MEET = 6;

/** A straightened page made ready for recognition, and the structure found on the way. */
export interface PreparedScan {
  /** A copy with dark bands turned dark-on-light and the rules painted white. */
  img: GreyPixels;
  /** Ruling lines, and the top and bottom edges of dark bands (they divide rows as rules do). */
  rules: Segment[];
  bands: BBox[];
  /** Each band's top and bottom edges, as found in `rules`. */
  bandEdges: Array<[Segment, Segment]>;
}

/**
 * Dark bands are turned first: inside a band every column is a long dark run, and the rule
 * finder would take the band for a row of short vertical rules and lose the table's real
 * rules where they cross it (they join the band into one blob too thick to be a rule).
 */
export function prepareScan(img: GreyPixels): PreparedScan {
  // (the page is copied only when something is painted on it: most pages have neither bands nor rules)
  let copy = img;
  const own = (): GreyPixels => (copy === img ? (copy = { data: new Uint8Array(img.data), width: img.width, height: img.height }) : copy);
  const bands = darkBands(img);
  if (bands.length) invertBands(own(), bands);
  const found = imageRules(copy);
  if (found.length) eraseRules(own(), found);
  // A vertical rule that crosses a band is dark on dark there and found only outside it: it is
  // drawn on through the band, or the band's row (a header) is cut off the table below it.
  const rules = found.map((r) => {
    if (r.x0 !== r.x1) return r;
    const out = { ...r };
    for (const [x0, y0, x1, y1] of bands) {
      if (r.x0 < x0 - MEET || r.x0 > x1 + MEET) continue;
      if (Math.abs(out.y0 - y1) <= MEET) out.y0 = Math.min(out.y0, y0);
      if (Math.abs(out.y1 - y0) <= MEET) out.y1 = Math.max(out.y1, y1);
    }
    return out;
  });
  const bandEdges = bands.map(([x0, y0, x1, y1]): [Segment, Segment] => [
    { x0, y0, x1, y1: y0, width: 1 },
    { x0, y0: y1, x1, y1, width: 1 },
  ]);
  return { img: copy, rules: [...rules, ...bandEdges.flat()], bands, bandEdges };
}

/**
 * Ruled tables: groups of at least two horizontal and two vertical rules that cross or meet,
 * as the boxes of their rules. Read as one block each (row by row), not by the page's layout
 * analysis, which takes a narrow column of numbers for noise and drops it whole, and splits
 * a table into one block per column, so a row's cells end up far apart in the page's text.
 */
export function ruledTables(rules: Segment[], joined: Array<[Segment, Segment]> = []): BBox[] {
  const h = rules.filter((r) => r.y0 === r.y1);
  const v = rules.filter((r) => r.x0 === r.x1);
  const parent = rules.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const index = new Map(rules.map((r, i) => [r, i]));
  for (const a of h) {
    for (const b of v) {
      if (b.x0 >= a.x0 - MEET && b.x0 <= a.x1 + MEET && a.y0 >= b.y0 - MEET && a.y0 <= b.y1 + MEET) parent[find(index.get(a)!)] = find(index.get(b)!);
    }
  }
  // (a dark band's top and bottom edges are one piece of structure: its header row belongs to the rules under it)
  for (const [a, b] of joined) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia !== undefined && ib !== undefined) parent[find(ia)] = find(ib);
  }
  const groups = new Map<number, Segment[]>();
  rules.forEach((r, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), r]));
  const out: BBox[] = [];
  for (const g of groups.values()) {
    if (g.filter((r) => r.y0 === r.y1).length < 2 || g.filter((r) => r.x0 === r.x1).length < 2) continue;
    out.push([Math.min(...g.map((r) => r.x0)), Math.min(...g.map((r) => r.y0)), Math.max(...g.map((r) => r.x1)), Math.max(...g.map((r) => r.y1))]);
  }
  return out;
}

/** Pixels [x0, x1) x [y0, y1) of an image, clamped to it. */
function crop(img: GreyPixels, box: BBox): { img: GreyPixels; x0: number; y0: number } {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(img.width, Math.ceil(box[2]));
  const y1 = Math.min(img.height, Math.ceil(box[3]));
  const width = Math.max(0, x1 - x0);
  const data = new Uint8Array(width * Math.max(0, y1 - y0));
  for (let y = y0; y < y1; y++) data.set(img.data.subarray(y * img.width + x0, y * img.width + x1), (y - y0) * width);
  return { img: { data, width, height: Math.max(0, y1 - y0) }, x0, y0 };
}

/** Lines read on a piece of the page moved onto the page: boxes times `k` (a piece read scaled up by 1/k), then shifted. */
const shift = (lines: TextLine[], dx: number, dy: number, k = 1): TextLine[] => {
  const move = (b: BBox): BBox => [b[0] * k + dx, b[1] * k + dy, b[2] * k + dx, b[3] * k + dy];
  return lines.map((l) => ({ ...l, bbox: move(l.bbox), words: l.words.map((w) => ({ ...w, bbox: move(w.bbox) })) }));
};

/**
 * Height (pixels) of a line of print that table blocks are scaled up to when theirs is smaller.
 * At 200 dpi, 9-10 pt figures stand 21 px tall and the recogniser loses their decimal points
 * ("1.4" read "14", ".." cells read empty) in every segmentation mode; the same crop scaled 1.5
 * times keeps them (scanned ICDAR tables, training documents). Only table blocks are scaled: a
 * lost point there changes a value, and they are a small part of the page's pixels.
 */
const BLOCK_LINE_HEIGHT = 32;
const MAX_BLOCK_SCALE = 2;
/** A word of a scaled block taller than this many scaled lines of print is read again unscaled. */
const TALL_WORD = 2.5;

/** The factor a table block is scaled up by: BLOCK_LINE_HEIGHT over the height of its lines of print (lineHeight), 1 when that is near enough. */
export function blockScale(block: GreyPixels): number {
  const h = lineHeight(block);
  if (!h) return 1;
  const k = BLOCK_LINE_HEIGHT / h;
  return k < 1.1 ? 1 : Math.min(MAX_BLOCK_SCALE, k);
}

/** Each table's lines go before the first page line below the table's top that it overlaps across (its place in reading order). */
function placeTables(page: TextLine[], tables: Array<{ box: BBox; lines: TextLine[] }>): TextLine[] {
  const out = [...page];
  for (const t of [...tables].sort((a, b) => b.box[1] - a.box[1])) {
    const at = out.findIndex((l) => l.bbox[1] >= t.box[1] && l.bbox[0] < t.box[2] && l.bbox[2] > t.box[0]);
    out.splice(at < 0 ? out.length : at, 0, ...t.lines);
  }
  return out;
}

/** The share of ink pixels (plain-read.ts's INK) a region needs to hold any text. */
const MIN_INK_SHARE = 0.001;

/**
 * Whether a region (rules painted out) holds ink at all. An empty frame (a form's box, a stamp
 * area, a pale grey panel) read as one block comes back as lines of garbage: the block mode
 * reads whatever the binarisation makes of the paper's grain ("ERR en ew ear", "oe eo").
 */
export function hasInk(img: GreyPixels): boolean {
  let n = 0;
  for (let i = 0; i < img.data.length; i++) if (img.data[i]! < INK) n++;
  return n >= MIN_INK_SHARE * img.data.length;
}

/**
 * Every line of the page recognised once: ruled tables cut out of the prepared page and read
 * one block each, the rest of the page read with layout analysis.
 */
async function recognise(prepared: PreparedScan, reader: PageRecognizer, dpi: number | undefined): Promise<TextLine[]> {
  const boxes = ruledTables(prepared.rules, prepared.bandEdges);
  // (tables are blanked in a copy: the prepared page stays whole for the safety net's ink count;
  // without tables the page goes to the recogniser as it is)
  const copy = boxes.length ? { ...prepared.img, data: new Uint8Array(prepared.img.data) } : prepared.img;
  const tables = boxes.map((box) => ({ box, piece: crop(copy, [box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4]) }));
  for (const t of tables) {
    const [x0, y0, x1, y1] = [t.piece.x0, t.piece.y0, t.piece.x0 + t.piece.img.width, t.piece.y0 + t.piece.img.height];
    for (let y = y0; y < y1; y++) copy.data.fill(255, y * copy.width + x0, y * copy.width + x1);
  }
  const lines = cleanLines(await reader.readPage(copy, dpi));
  const page = columnOrder(lines) ?? lines;
  const read: Array<{ box: BBox; lines: TextLine[] }> = [];
  for (const t of tables) {
    if (!hasInk(t.piece.img)) continue;
    const { width, height } = t.piece.img;
    const k = blockScale(t.piece.img);
    const img = k > 1 ? await resize(t.piece.img, Math.round(width * k), Math.round(height * k)) : t.piece.img;
    let words = cleanLines(await reader.readBlock(img, dpi && Math.round(dpi * (img.width / width))));
    let scaled = img.width / width;
    // A word much taller than the line of print it was scaled to has taken in a band's edge
    // (seen on a dark header over a shaded row): its box no longer says which cell it is in.
    if (k > 1 && words.some((l) => l.words.some((w) => w.bbox[3] - w.bbox[1] > TALL_WORD * BLOCK_LINE_HEIGHT))) {
      words = cleanLines(await reader.readBlock(t.piece.img, dpi));
      scaled = 1;
    }
    read.push({ box: t.box, lines: shift(words, t.piece.x0, t.piece.y0, 1 / scaled) });
  }
  return placeTables(page, read);
}

/**
 * Whether a skewed page is better recognised as it was scanned: nothing to paint out (no dark
 * band, no ruled table) means straightening would only resample its glyphs, which softens small
 * print, while the recogniser follows a skew of a degree or two by itself.
 */
function readAsScanned(prepared: PreparedScan): boolean {
  return prepared.bands.length === 0 && ruledTables(prepared.rules, prepared.bandEdges).length === 0;
}

/**
 * Lines read on the page as scanned, their boxes moved into the page turned by `deg` about its
 * centre (as rotateGrey turns it): each box's centre turns, its size stays.
 */
export function straightened(lines: TextLine[], page: GreyPixels, deg: number): TextLine[] {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = page.width / 2;
  const cy = page.height / 2;
  const move = (b: BBox): BBox => {
    const ux = (b[0] + b[2]) / 2 - cx;
    const uy = (b[1] + b[3]) / 2 - cy;
    const x = cos * ux - sin * uy + cx;
    const y = sin * ux + cos * uy + cy;
    const [hw, hh] = [(b[2] - b[0]) / 2, (b[3] - b[1]) / 2];
    return [x - hw, y - hh, x + hw, y + hh];
  };
  return lines.map((l) => ({ ...l, bbox: move(l.bbox), words: l.words.map((w) => ({ ...w, bbox: move(w.bbox) })) }));
}

/** A word this close (pixels) to a side of a crop that is not the page's was cut by the crop. */
const CUT = 1;

/** A box of the page turned by `deg` about the page's centre: the box around its turned corners. */
function turnedBox(b: BBox, page: GreyPixels, deg: number): BBox {
  const a = (deg * Math.PI) / 180;
  const [cos, sin, cx, cy] = [Math.cos(a), Math.sin(a), page.width / 2, page.height / 2];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [[b[0], b[1]], [b[2], b[1]], [b[0], b[3]], [b[2], b[3]]] as const) {
    xs.push(cos * (x - cx) - sin * (y - cy) + cx);
    ys.push(sin * (x - cx) + cos * (y - cy) + cy);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The plain read (plain-read.ts) of the regions left unread, in the straightened page's
 * coordinates: each region cut out of the page as scanned (`degrees`: the page straightened
 * turns by -degrees, so a region is found there turned back) and read with layout analysis.
 * Words at a cut side are dropped: their glyphs are partial.
 */
async function plainRead(regions: BBox[], from: { page: GreyPixels; degrees: number }, reader: PageRecognizer, dpi: number | undefined): Promise<TextLine[]> {
  const { page, degrees } = from;
  const out: TextLine[] = [];
  for (const region of regions) {
    const box = degrees ? turnedBox(region, page, degrees) : region;
    const piece = box[0] <= 0 && box[1] <= 0 && box[2] >= page.width && box[3] >= page.height ? { img: page, x0: 0, y0: 0 } : crop(page, box);
    const { width, height } = piece.img;
    if (!width || !height) continue;
    const [x1, y1] = [piece.x0 + width, piece.y0 + height];
    const whole = (w: Word): boolean =>
      (piece.x0 === 0 || w.bbox[0] > CUT) && (piece.y0 === 0 || w.bbox[1] > CUT) && (x1 >= page.width || w.bbox[2] < width - CUT) && (y1 >= page.height || w.bbox[3] < height - CUT);
    const lines = shift(keepWords(cleanLines(await reader.readPage(piece.img, dpi)), whole), piece.x0, piece.y0);
    out.push(...(degrees ? straightened(lines, page, -degrees) : lines));
  }
  return out;
}

/** A way to lay the page: mirrored left to right or not, then turned by quarter turns. */
interface Way {
  turns: number;
  mirrored: boolean;
}
/** Upside down (a sheet fed the wrong way up) first, then backwards, then backwards and upside down. */
const BAND_WAYS: Way[] = [
  { turns: 2, mirrored: false },
  { turns: 0, mirrored: true },
  { turns: 2, mirrored: true },
];
const laid = (img: GreyPixels, way: Way): GreyPixels => {
  const m = way.mirrored ? mirrorGrey(img) : img;
  return way.turns ? quarterTurn(m, way.turns) : m;
};

/**
 * The first of `ways` in which the band of the page where `lines` (a reading at low confidence)
 * found the most words reads as text: it must reach LOW_CONFIDENCE and beat the band's own words
 * by MIRROR_GAIN. Undefined when none does, or no words were found.
 */
async function bandWay(img: GreyPixels, lines: TextLine[], reader: PageRecognizer, dpi: number | undefined, ways: Way[]): Promise<Way | undefined> {
  const band = densestBand(lines, img);
  if (!band) return undefined;
  const own = meanConfidence(lines.filter((l) => l.bbox[1] >= band[1] && l.bbox[3] <= band[3]));
  const piece = crop(img, band).img;
  for (const way of ways) {
    const c = meanConfidence(await reader.readPage(laid(piece, way), dpi));
    if (c >= LOW_CONFIDENCE && c > own + MIRROR_GAIN) return way;
  }
  return undefined;
}

/**
 * Straightens `img` (skew, then quarter turns when the text runs down the page), finds and
 * paints out its rules and recognises it once, at `dpi` (the image's resolution) when known.
 * Where that leaves UNREAD_INK of the ink without a sure word, the regions left unread are read
 * on the page as scanned and merged in (plain-read.ts). A page whose words come back with low
 * confidence is read again upside down, mirrored, or both only when a band of it reads so; the
 * engine's orientation detection is asked only when its ink may run down the page.
 */
export async function readScannedPage(input: GreyPixels, reader: PageRecognizer, dpi?: number): Promise<ScannedPage> {
  let img = input;
  let turns = 0;
  const skew = estimatePageSkew(img);
  const degrees = Math.abs(skew.degrees) >= MIN_SKEW ? skew.degrees : 0;
  if (degrees) img = rotateGrey(img, -degrees);
  if (skew.rowsOverColumns < SIDEWAYS && reader.orientation) {
    turns = (await reader.orientation(img)) ?? 0;
    if (turns) img = quarterTurn(img, turns);
  }
  const prepared = prepareScan(img);
  const asScanned = degrees && !turns && readAsScanned(prepared);
  let lines = asScanned ? straightened(await recognise({ ...prepared, img: input }, reader, dpi), input, -degrees) : await recognise(prepared, reader, dpi);
  if (!asScanned && (prepared.rules.length || prepared.bands.length)) {
    // Something was painted out: where the prepared reading leaves ink unread, a plain read of
    // those regions (the page as scanned, nothing painted out) is merged in (plain-read.ts).
    const open = unreadInk(prepared.img, lines, cellSide(dpi, img.width));
    if (open >= UNREAD_INK) {
      const regions = unreadRegions(prepared.img, lines, cellSide(dpi, img.width));
      lines = mergeReadings(lines, await plainRead(regions, degrees && !turns ? { page: input, degrees } : { page: img, degrees: 0 }, reader, dpi));
    }
  }
  let best: ScannedPage = { img, turns, skew: degrees, lines, rules: prepared.rules };
  if (meanConfidence(lines) < LOW_CONFIDENCE) {
    // Upside down, or text that runs backwards (a sheet scanned through from its back, a
    // transparency laid the wrong way, a page drawn with a flipped matrix)? Such a page reads as
    // garbage at low confidence, and the engine's orientation detection cannot tell a mirror (it
    // may even turn such a page, and a turned garbage reading can pass for text). The band of the
    // page with the most words is read upside down, mirrored, and mirrored upside down (a
    // page already turned upright: mirrored only); only when one of them reads as text is the
    // whole page read that way, and kept when it reads as text where the page did not. (Picture
    // and foreign-script pages, the usual low readings, pay three reads of a quarter page.)
    const way = await bandWay(img, lines, reader, dpi, turns ? BAND_WAYS.filter((w) => w.mirrored) : BAND_WAYS);
    if (way) {
      const flipped = laid(img, way);
      const again = prepareScan(flipped);
      const read = await recognise(again, reader, dpi);
      if (meanConfidence(read) >= LOW_CONFIDENCE && meanConfidence(read) > meanConfidence(lines) + MIRROR_GAIN) {
        best = { img: flipped, turns: way.turns, skew: degrees, lines: read, rules: again.rules, ...(way.mirrored ? { mirrored: true } : {}) };
      }
    } else if (!turns && reader.orientation && skew.rowsOverColumns < MAY_BE_SIDEWAYS) {
      // Sideways with too little text for the ink to tell (rows not clearly over columns): the
      // engine's orientation detection, and the quarter-turned page kept only if it reads better.
      const t = (await reader.orientation(img)) ?? 0;
      if (t % 2) {
        const turned = quarterTurn(img, t);
        const again = prepareScan(turned);
        const read = await recognise(again, reader, dpi);
        if (meanConfidence(read) > meanConfidence(lines)) best = { img: turned, turns: t, skew: degrees, lines: read, rules: again.rules };
      }
    }
  }

  return { ...best, lines: withoutSpecks(best.lines) };
}
