// The words of a table on a scanned or photographed page. Page-level OCR reads tables badly:
// tesseract's layout analysis runs table text into the neighbouring paragraph, skips shaded
// blocks, and reads rules as "|", "[" or "_". So the table region is read again on its own, from
// a cleaned copy: shading and coloured cell backgrounds flattened to white (each pixel divided by
// its neighbourhood's background), white-on-dark cells turned dark-on-white, ruling lines erased,
// and the result read as one block of text (tesseract PSM 6; sparse-text mode drops leading digits).
import type { BBox, Segment, TextLine, Word } from '../types.js';
import { imageRules } from './image-rules.js';
import { flattenBackground, TILE, tileFill, type GreyPixels } from './scan-background.js';

export type { GreyPixels } from './scan-background.js';

/** Reads every word of a prepared image (coordinates in its pixels). */
export interface TableTextReader {
  readBlock(img: GreyPixels): Promise<TextLine[]>;
}

export interface TableTextOptions {
  /** White margin kept around the region (page pixels). Default 12. */
  pad?: number;
  /** Side of the background window in pixels; wider than any stroke. Default 15. */
  window?: number;
  /** Flatten backgrounds and erase rules (default true; false reads the plain crop, for comparison). */
  clean?: boolean;
  /** Words with the boxes OCR gave (evenLineHeights not applied), for callers that cache them. */
  asRead?: boolean;
}


/** Darker than this next to a rule is a glyph's stroke meeting it. */
const STROKE_INK = 160;
/** Columns kept on either side of a stroke meeting a horizontal rule. */
const TAIL = 2;

/**
 * Paints the rules (segments in the image's pixels) white, a pixel wider than drawn on each side,
 * except where a glyph's stroke comes down onto a horizontal rule: where ink that belongs to no
 * rule lies just above its band, that piece of the band stays (and TAIL columns beside it), so
 * the tail of a "g" or "y" resting on the rule under its row is not cut off (read as "q" and "a"
 * otherwise; keeping pieces under ink below the rule as well measured worse on unseen scans). Vertical rules go whole: a stub left beside a word reads as "1" or "|". Rules
 * crossing each other leave nothing: their own ink does not count as a stroke.
 */
export function eraseRules(img: GreyPixels, rules: Segment[]): void {
  // (most scanned pages have no rules: two page-sized maps are not worth allocating for nothing)
  if (!rules.length) return;
  const { data, width, height } = img;
  const bands = rules.flatMap((s) => {
    const half = Math.ceil(s.width / 2) + 1;
    const horizontal = Math.abs(s.y1 - s.y0) <= Math.abs(s.x1 - s.x0);
    const x0 = Math.max(0, Math.floor(Math.min(s.x0, s.x1) - (horizontal ? 0 : half)));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(s.x0, s.x1) + (horizontal ? 0 : half)));
    const y0 = Math.max(0, Math.floor(Math.min(s.y0, s.y1) - (horizontal ? half : 0)));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(s.y0, s.y1) + (horizontal ? half : 0)));
    // (a rule off the image leaves x1 < x0: nothing to paint)
    return x1 < x0 || y1 < y0 ? [] : [{ horizontal, x0, x1, y0, y1 }];
  });
  // How many rules' bands cover each pixel (0, 1, 2 or more): a pixel two bands cover is where
  // rules cross, their own ink, which goes whatever a stroke beside one of them kept.
  const owners = new Uint8Array(width * height);
  for (const b of bands) for (let y = b.y0; y <= b.y1; y++) for (let i = y * width + b.x0, e = y * width + b.x1; i <= e; i++) owners[i] = Math.min(2, owners[i]! + 1);
  const stroke = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && !owners[y * width + x] && data[y * width + x]! < STROKE_INK;
  const keep = new Uint8Array(width * height);
  for (const b of bands.filter((band) => band.horizontal)) {
    for (let x = b.x0; x <= b.x1; x++) {
      if (!stroke(x, b.y0 - 1)) continue;
      // A descender's tail curves along the rule beyond the columns where it meets the band.
      for (let k = Math.max(b.x0, x - TAIL); k <= Math.min(b.x1, x + TAIL); k++) for (let y = b.y0; y <= b.y1; y++) keep[y * width + k] = 1;
    }
  }
  for (const b of bands) {
    for (let y = b.y0; y <= b.y1; y++) for (let i = y * width + b.x0, e = y * width + b.x1; i <= e; i++) if (!keep[i] || owners[i]! > 1) data[i] = 255;
  }
}

/**
 * Each rule lengthened along its own line as long as the ink goes on, in the cleaned image or
 * in the original: a rule crossing a dark fill is found only outside it (inside, the cleaning
 * turned it white, like the fill), and the stubs left at the fill's edges would read as quote
 * marks and dots.
 */
export function extendRules(img: GreyPixels, original: GreyPixels, rules: Segment[], threshold = 160): Segment[] {
  const { width, height } = img;
  const dark = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = Math.round(y) * width + Math.round(x);
    return img.data[i]! < threshold || original.data[i]! < threshold;
  };
  return rules.map((r) => {
    const s = { ...r };
    if (s.y0 === s.y1) {
      while (dark(s.x0 - 1, s.y0)) s.x0--;
      while (dark(s.x1 + 1, s.y0)) s.x1++;
    } else {
      while (dark(s.x0, s.y0 - 1)) s.y0--;
      while (dark(s.x0, s.y1 + 1)) s.y1++;
    }
    return s;
  });
}

/** The region of the page cut out with `pad` pixels around it (clamped to the page). */
function cut(page: GreyPixels, box: BBox): { img: GreyPixels; x0: number; y0: number } | undefined {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(page.width, Math.ceil(box[2]));
  const y1 = Math.min(page.height, Math.ceil(box[3]));
  if (x1 - x0 < 4 || y1 - y0 < 4) return undefined;
  const width = x1 - x0;
  const data = new Uint8Array(width * (y1 - y0));
  for (let y = y0; y < y1; y++) data.set(page.data.subarray(y * page.width + x0, y * page.width + x1), (y - y0) * width);
  return { img: { data, width, height: y1 - y0 }, x0, y0 };
}

/** What a PDF word box adds to the ink on each side (side bearings), in line heights. */
const SIDE_BEARING = 0.05;

/**
 * OCR boxes hug the ink ("and" is shorter than "Long", and ends where its last stroke does),
 * while a PDF's word boxes span the font's height and the glyphs' advance, which is what
 * structure recognition measures gaps and line heights against: words on one text line
 * (vertical centres within each other's extent) get the line's common top and bottom, and each
 * side grows by SIDE_BEARING line heights (0.05 read best on ICDAR 2013; 0 and 0.1 less well).
 * Apply once: the sides grow again on a second call.
 */
export function evenLineHeights(words: Word[]): Word[] {
  const order = words.map((w, i) => i).sort((a, b) => words[a]!.bbox[1] + words[a]!.bbox[3] - (words[b]!.bbox[1] + words[b]!.bbox[3]));
  const groups: Array<{ top: number; bottom: number; members: number[] }> = [];
  for (const i of order) {
    const b = words[i]!.bbox;
    const mid = (b[1] + b[3]) / 2;
    const g = groups[groups.length - 1];
    if (g && mid >= g.top && mid <= g.bottom && (g.top + g.bottom) / 2 >= b[1] && (g.top + g.bottom) / 2 <= b[3]) {
      g.members.push(i);
      g.top = Math.min(g.top, b[1]);
      g.bottom = Math.max(g.bottom, b[3]);
    } else groups.push({ top: b[1], bottom: b[3], members: [i] });
  }
  const out = [...words];
  for (const g of groups) {
    const side = SIDE_BEARING * (g.bottom - g.top);
    for (const i of g.members) out[i] = { ...words[i]!, bbox: [words[i]!.bbox[0] - side, g.top, words[i]!.bbox[2] + side, g.bottom] };
  }
  return out;
}

/** A table region cleaned for reading: the image, where it lies on the page, and its rules. */
export interface PreparedTable {
  img: GreyPixels;
  x0: number;
  y0: number;
  /** Ruling lines found in the cleaned region, in page pixels (erased from `img`). */
  rules: Segment[];
  /** Solid round or square dots (list bullets), in `img`'s pixels (erased from it). */
  bullets?: BBox[];
}

/**
 * The image the reader sees for a table region. Rules are looked for in the cleaned region
 * rather than on the raw page: a coloured fill is dark enough to look like ink there, and its
 * edges would turn into rules that are not drawn.
 */
export function prepareTableImage(page: GreyPixels, bbox: BBox, opts: TableTextOptions = {}): PreparedTable | undefined {
  const pad = opts.pad ?? 12;
  const piece = cut(page, [bbox[0] - pad, bbox[1] - pad, bbox[2] + pad, bbox[3] + pad]);
  if (!piece) return undefined;
  if (opts.clean === false) return { ...piece, rules: [] };
  const img = flattenBackground(piece.img, opts.window ?? 15);
  // The shortest rule as for a whole page (1/25 of its larger side), so text strokes never pass.
  // Rules are ink in the cleaned image, or near-black in the original: a black rule along a
  // dark fill's edge is turned white with the fill by the cleaning, and without it the header
  // row and the first body row would run together.
  const view = new Uint8Array(img.data.length);
  for (let i = 0; i < view.length; i++) view[i] = img.data[i]! < 160 || piece.img.data[i]! < 48 ? 0 : 255;
  const minLength = Math.max(20, Math.round(Math.max(page.width, page.height) / 25));
  const ruleView = { data: view, width: img.width, height: img.height };
  const found = extendRules(img, piece.img, imageRules(ruleView, { minLength }));
  eraseRules(img, found);
  // Pale rules (light blue or grey hairlines between rows) fade to paper in the cleaned image:
  // they are found as thin lines darker than the paper on both sides. The cleaning already
  // turned them (near) white, so they are not erased, and the reader sees the same image.
  const faint = imageRules(ridgeView(piece.img), { minLength }).filter((s) => !found.some((f) => sameRule(f, s)));
  // Where a fill ends (a header band, a shaded row) the table is divided as by a
  // drawn rule, unless a rule is drawn there already.
  const edges = fillEdges(piece.img, minLength).filter((s) => ![...found, ...faint].some((f) => sameRule(f, s, TILE)));
  const rules = [...found, ...faint, ...edges].map((s) => ({ ...s, x0: s.x0 + piece.x0, x1: s.x1 + piece.x0, y0: s.y0 + piece.y0, y1: s.y1 + piece.y0 }));
  const bullets = findBullets(img);
  for (const b of bullets) for (let y = b[1]; y <= b[3]; y++) img.data.fill(255, y * img.width + b[0], y * img.width + b[2] + 1);
  return { img, x0: piece.x0, y0: piece.y0, rules, bullets };
}

/** Side of a list bullet in pixels: larger than a full stop, smaller than a capital at 200 dpi. */
const BULLET_MIN = 7;
const BULLET_MAX = 30;

/**
 * List bullets: connected dark blobs (below 128) about as wide as tall, BULLET_MIN..BULLET_MAX
 * pixels, filling 72-92 % of their box (a disc fills 79 %, a square with soft corners more;
 * letters and rings far less), with blank paper their own width to either side (a bold letter
 * has neighbours). OCR reads them as "e", "@" or "°", which then stand in the
 * cell's text; taken out before reading and given back as "•" words, they are bullets as on
 * born-digital pages.
 */
export function findBullets(img: GreyPixels): BBox[] {
  const { data, width, height } = img;
  const seen = new Uint8Array(data.length);
  const out: BBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= 128) continue;
    seen[start] = 1;
    stack.push(start);
    let n = 0;
    let bx0 = width;
    let by0 = height;
    let bx1 = 0;
    let by1 = 0;
    while (stack.length) {
      const i = stack.pop()!;
      n++;
      const x = i % width;
      const y = (i - x) / width;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= data.length || seen[j] || data[j]! >= 128) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    const w = bx1 - bx0 + 1;
    const h = by1 - by0 + 1;
    const fillRatio = n / (w * h);
    if (w >= BULLET_MIN && h >= BULLET_MIN && w <= BULLET_MAX && h <= BULLET_MAX && Math.abs(w - h) <= 0.2 * Math.max(w, h) && fillRatio >= 0.72 && fillRatio <= 0.92 && apart(img, bx0, by0, bx1, by1)) out.push([bx0, by0, bx1, by1]);
  }
  return out;
}

/** No ink within the blob's own width to its left and right (a bold letter has neighbours). */
function apart(img: GreyPixels, x0: number, y0: number, x1: number, y1: number): boolean {
  const w = x1 - x0 + 1;
  for (let y = y0; y <= y1; y++) {
    for (let x = Math.max(0, x0 - w); x < x0; x++) if (img.data[y * img.width + x]! < 128) return false;
    for (let x = x1 + 1; x <= Math.min(img.width - 1, x1 + w); x++) if (img.data[y * img.width + x]! < 128) return false;
  }
  return true;
}

/** How far either side of a pixel the paper is looked for: wider than a rule is thick. */
const RIDGE_REACH = 4;
/** How much darker than the paper on both sides a pixel of a pale rule is (0..255). */
const RIDGE_CONTRAST = 40;

/**
 * Thin-line pixels as ink (0) on white: a pixel darker by RIDGE_CONTRAST than the pixels
 * RIDGE_REACH away on both sides, above and below (a horizontal rule) or left and right (a
 * vertical one). Unlike a threshold this finds pale rules, and unlike a local-contrast test it
 * leaves the edges of fills alone (one side of an edge is as dark as the pixel). Text strokes
 * pass too, but never as long runs, which imageRules then asks for.
 */
export function ridgeView(img: GreyPixels): GreyPixels {
  const { data, width, height } = img;
  const out = new Uint8Array(data.length).fill(255);
  const r = RIDGE_REACH;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v = data[i]! + RIDGE_CONTRAST;
      const across = y >= r && y + r < height && v <= data[i - r * width]! && v <= data[i + r * width]!;
      const along = x >= r && x + r < width && v <= data[i - r]! && v <= data[i + r]!;
      if (across || along) out[i] = 0;
    }
  }
  return { data: out, width, height };
}

/** Two rules on one line (within `near` px) that overlap: one rule found twice. */
function sameRule(a: Segment, b: Segment, near = 3): boolean {
  const ha = a.y0 === a.y1;
  if (ha !== (b.y0 === b.y1)) return false;
  if (ha) return Math.abs(a.y0 - b.y0) <= near && Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);
  return Math.abs(a.x0 - b.x0) <= near && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);
}

/** How much the fill colour must change across an edge for the edge to divide cells. */
const EDGE_CONTRAST = 24;

/**
 * The top and bottom edges of fills (a coloured header band, shaded rows) running at least
 * half the region's width and `minLength`, as rules along the tile boundaries where the fill
 * colour changes (so within half a tile of the true edge: between text lines, which is all
 * structure recognition asks of them). Only horizontal ones, and only long ones: dense text
 * moves the tile medians too, over a few tiles, and a word's side would make a column edge.
 */
export function fillEdges(img: GreyPixels, minLength: number): Segment[] {
  const { fill, cols, rows } = tileFill(img);
  const changed = (a: number, b: number): boolean => Math.abs(fill[a]! - fill[b]!) >= EDGE_CONTRAST;
  // Pieces: runs of tiles along one tile boundary where the fill changes across it.
  const pieces = (across: number, along: number, at: (i: number, j: number) => [number, number]): Array<{ at: number; from: number; to: number }> => {
    const out: Array<{ at: number; from: number; to: number }> = [];
    for (let i = 1; i < across; i++) {
      for (let j = 0; j < along; ) {
        if (!changed(...at(i, j))) {
          j++;
          continue;
        }
        let end = j;
        while (end < along && changed(...at(i, end))) end++;
        out.push({ at: i, from: j, to: end });
        j = end;
      }
    }
    return out;
  };
  // Text beside an edge shifts the tile medians by a tile here and there, so pieces a tile
  // apart across and at most 3 tiles apart along are one edge, placed where its longest piece lies.
  const join = (ps: Array<{ at: number; from: number; to: number }>): Array<{ at: number; from: number; to: number }> => {
    ps.sort((a, b) => a.from - b.from);
    const out: Array<{ at: number; from: number; to: number; best: number }> = [];
    for (const p of ps) {
      const hit = out.find((o) => Math.abs(o.at - p.at) <= 1 && p.from <= o.to + 3);
      if (!hit) out.push({ ...p, best: p.to - p.from });
      else {
        hit.to = Math.max(hit.to, p.to);
        if (p.to - p.from > hit.best) {
          hit.best = p.to - p.from;
          hit.at = p.at;
        }
      }
    }
    return out;
  };
  const out: Segment[] = [];
  for (const e of join(pieces(rows, cols, (ty, tx) => [(ty - 1) * cols + tx, ty * cols + tx]))) {
    const x1 = Math.min(img.width, e.to * TILE) - 1;
    if (x1 - e.from * TILE + 1 >= Math.max(minLength, img.width / 2)) out.push({ x0: e.from * TILE, y0: e.at * TILE, x1, y1: e.at * TILE, width: 1 });
  }
  return out;
}

/** Narrowest column read on its own, in pixels (at 200 dpi, about two characters). */
const MIN_STRIP = 24;

/**
 * Where the reader cuts a prepared table into columns read one by one (x in its image): at
 * vertical rules running nearly the whole height of the region. Read as one block, tesseract
 * runs the lines of neighbouring cells together, and where their baselines differ (a two-line
 * label beside a four-line paragraph, a larger font) it drops or garbles letters at the join.
 * Only where no ink crosses the cut line in the cleaned image (rules erased): a rule that
 * stops at a spanning header leaves the header's letters on the line, and is not cut.
 */
export function columnCuts(prepared: PreparedTable, bbox: BBox): number[] {
  const { img, x0 } = prepared;
  // Where horizontal rules frame the table, a cut runs from the top one to the bottom one (a
  // rule that starts under a spanning header does not); otherwise over 80 % of the region.
  const hs = prepared.rules.filter((s) => s.y0 === s.y1 && s.x1 - s.x0 >= 0.5 * (bbox[2] - bbox[0]));
  const top = Math.min(...hs.map((s) => s.y0));
  const bottom = Math.max(...hs.map((s) => s.y0));
  const framed = hs.length >= 2 && bottom - top >= 0.5 * (bbox[3] - bbox[1]);
  const full = (s: Segment): boolean => (framed ? s.y0 <= top + 4 && s.y1 >= bottom - 4 : Math.min(s.y1, bbox[3]) - Math.max(s.y0, bbox[1]) >= 0.8 * (bbox[3] - bbox[1]));
  const xs = prepared.rules
    .filter((s) => s.x0 === s.x1 && full(s))
    .map((s) => Math.round(s.x0 - x0))
    .sort((a, b) => a - b);
  // A rule that stops short of a spanning header leaves ink across the cut: no cut there.
  const clear = (x: number): boolean => {
    for (let y = 0; y < img.height; y++) if (img.data[y * img.width + x]! < 128) return false;
    return true;
  };
  const cuts: number[] = [];
  for (const at of xs) {
    // (the clear line nearest the rule's centre within 4 px: a scanned rule is not quite straight)
    const x = [0, -1, 1, -2, 2, -3, 3, -4, 4].map((d) => at + d).find((c) => c > 0 && c < img.width && clear(c));
    if (x !== undefined && x - (cuts[cuts.length - 1] ?? 0) >= MIN_STRIP && img.width - x >= MIN_STRIP) cuts.push(x);
  }
  return cuts;
}

/** Columns [a, b) of an image. */
function crop(img: GreyPixels, a: number, b: number): GreyPixels {
  const width = b - a;
  const data = new Uint8Array(width * img.height);
  for (let y = 0; y < img.height; y++) data.set(img.data.subarray(y * img.width + a, y * img.width + b), y * width);
  return { data, width, height: img.height };
}

/** What the scanned-table reader found: words and rules in page pixels. */
export interface TableText {
  words: Word[];
  rules: Segment[];
}

/**
 * The words and ruling lines of the table in `bbox` (page pixels), read from a cleaned copy of
 * the region. Words whose centre falls outside the region are dropped, as recognizeTable would.
 */
export async function readTableText(page: GreyPixels, bbox: BBox, reader: TableTextReader, opts: TableTextOptions = {}): Promise<TableText> {
  const prepared = prepareTableImage(page, bbox, opts);
  if (!prepared) return { words: [], rules: [] };
  const { img, x0, y0 } = prepared;
  const cuts = columnCuts(prepared, bbox);
  const read: Word[] = [];
  for (let k = 0; k <= cuts.length; k++) {
    const a = k ? cuts[k - 1]! : 0;
    const b = k < cuts.length ? cuts[k]! : img.width;
    const strip = cuts.length ? crop(img, a, b) : img;
    for (const l of await reader.readBlock(strip)) for (const w of l.words) read.push({ ...w, bbox: [w.bbox[0] + a, w.bbox[1], w.bbox[2] + a, w.bbox[3]] });
  }
  for (const b of prepared.bullets ?? []) read.push({ text: '•', bbox: [b[0], b[1], b[2] + 1, b[3] + 1], confidence: 1 });
  const words = (opts.asRead ? read : evenLineHeights(read))
    .map((w) => ({ ...w, bbox: [w.bbox[0] + x0, w.bbox[1] + y0, w.bbox[2] + x0, w.bbox[3] + y0] as BBox }))
    .filter((w) => {
      const cx = (w.bbox[0] + w.bbox[2]) / 2;
      const cy = (w.bbox[1] + w.bbox[3]) / 2;
      return cx >= bbox[0] && cx <= bbox[2] && cy >= bbox[1] && cy <= bbox[3];
    });
  return { words, rules: prepared.rules };
}
