// A safety net under the prepared reading of a scan. Preparing a page (bands inverted, rules
// painted out, ruled tables read one block each) reads most pages better than the recogniser on
// the page as scanned, but where it goes wrong it loses words that a plain read has (a frame
// read as one block garbles the lines around dashed rules; a band's inversion hides pale
// letters). So when the prepared reading leaves a marked share of the page's ink without a
// confident word on it, the regions holding that ink are read once more on the page as it was
// scanned (the whole page when they cover half of it), and the two readings are merged word by
// word: where both have words, the more confident side is kept; where only the plain read has
// one, it is added. Pages the prepared reading covers are read once, as before.
import type { BBox, TextLine, Word } from '../types.js';
import type { GreyPixels } from '../tables/scan-background.js';

/** A word this sure (0..1) covers its ink. */
const SURE = 0.6;
/** Darker than this is ink (here and for read-scan.ts's empty frames). */
export const INK = 128;
/** Ink pixels a grid cell needs to count (specks of noise do not). */
const CELL_INK = 3;

/** Side of the grid's cells: about a twentieth of an inch (a stroke's neighbourhood, not a letter). */
export const cellSide = (dpi: number | undefined, width: number): number => Math.max(4, Math.round((dpi ?? width / 8.5) / 20));

const area = (b: BBox): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const overlap = (a: BBox, b: BBox): number => area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);

/** The page's grid of inked cells, and which of them no sure word's box (grown by a cell) covers. */
interface OpenGrid {
  cols: number;
  rows: number;
  /** 1 where a cell is inked and uncovered. */
  open: Uint8Array;
  inked: number;
  opened: number;
}

function openGrid(img: GreyPixels, lines: TextLine[], cell: number, sure = SURE): OpenGrid {
  const cols = Math.ceil(img.width / cell);
  const rows = Math.ceil(img.height / cell);
  const counts = new Uint16Array(cols * rows);
  for (let y = 0; y < img.height; y++) {
    const row = ((y / cell) | 0) * cols;
    for (let x = 0, i = y * img.width; x < img.width; x++, i++) if (img.data[i]! < INK) counts[row + ((x / cell) | 0)]!++;
  }
  const covered = new Uint8Array(cols * rows);
  for (const w of lines.flatMap((l) => l.words)) {
    if ((w.confidence ?? 1) < sure) continue;
    const c0 = Math.max(0, Math.floor(w.bbox[0] / cell) - 1);
    const c1 = Math.min(cols - 1, Math.floor(w.bbox[2] / cell) + 1);
    const r0 = Math.max(0, Math.floor(w.bbox[1] / cell) - 1);
    const r1 = Math.min(rows - 1, Math.floor(w.bbox[3] / cell) + 1);
    for (let r = r0; r <= r1; r++) covered.fill(1, r * cols + c0, r * cols + c1 + 1);
  }
  const open = new Uint8Array(cols * rows);
  let inked = 0;
  let opened = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! < CELL_INK) continue;
    inked++;
    if (!covered[i]) {
      open[i] = 1;
      opened++;
    }
  }
  return { cols, rows, open, inked, opened };
}

/**
 * Share (0..1) of the page's inked cells that no sure word's box (grown by a cell) covers. Rules
 * and frames count as ink too, so a ruled page never reaches 0; what matters is the jump when
 * lines of text go unread or are read as garbage.
 */
export function unreadInk(img: GreyPixels, lines: TextLine[], cell: number): number {
  const g = openGrid(img, lines, cell);
  return g.inked ? g.opened / g.inked : 0;
}

/** Open cells this close (in cells: across a word space, to the next line) are one region. */
const JOIN_X = 3;
const JOIN_Y = 1;
/** Paper kept around a region, in cells (whole glyphs and a margin for the recogniser's layout analysis). */
const MARGIN = 3;
/** Above this share of the page, the regions are read as the whole page (one read, the page's context). */
const WHOLE_PAGE = 0.5;
/**
 * The regions take in doubtful words too (under this confidence): the whole-page plain read
 * replaced such words where it read them surer (a dense scanned table of validation seed 123:
 * recall 0.430 with only the unread ink re-read, 0.475 with its doubtful words too).
 */
const DOUBTFUL = 0.8;

/**
 * Where the ink no sure word covers lies (unreadInk, doubtful words counted as unread):
 * boxes in page pixels around groups of open cells, grown by MARGIN cells and merged where they overlap; the whole page as one box
 * when they cover WHOLE_PAGE of it. The plain read reads these, not the page again: on a page
 * whose prepared reading missed one table or one picture's labels, the rest is not read twice.
 */
export function unreadRegions(img: GreyPixels, lines: TextLine[], cell: number): BBox[] {
  const { cols, rows, open } = openGrid(img, lines, cell, DOUBTFUL);
  const seen = new Uint8Array(cols * rows);
  let boxes: BBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < open.length; start++) {
    if (!open[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let [c0, r0, c1, r1] = [cols, rows, 0, 0];
    while (stack.length) {
      const i = stack.pop()!;
      const c = i % cols;
      const r = (i - c) / cols;
      [c0, r0, c1, r1] = [Math.min(c0, c), Math.min(r0, r), Math.max(c1, c), Math.max(r1, r)];
      for (let rr = Math.max(0, r - JOIN_Y); rr <= Math.min(rows - 1, r + JOIN_Y); rr++) {
        for (let cc = Math.max(0, c - JOIN_X); cc <= Math.min(cols - 1, c + JOIN_X); cc++) {
          const j = rr * cols + cc;
          if (open[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    boxes.push([Math.max(0, (c0 - MARGIN) * cell), Math.max(0, (r0 - MARGIN) * cell), Math.min(img.width, (c1 + 1 + MARGIN) * cell), Math.min(img.height, (r1 + 1 + MARGIN) * cell)]);
  }
  // (merged until none overlap: a merged box may reach one it did not before)
  for (let merged = true; merged; ) {
    merged = false;
    const out: BBox[] = [];
    for (const b of boxes) {
      const o = out.find((u) => u[0] < b[2] && b[0] < u[2] && u[1] < b[3] && b[1] < u[3]);
      if (!o) out.push([...b]);
      else {
        [o[0], o[1], o[2], o[3]] = [Math.min(o[0], b[0]), Math.min(o[1], b[1]), Math.max(o[2], b[2]), Math.max(o[3], b[3])];
        merged = true;
      }
    }
    boxes = out;
  }
  const covered = boxes.reduce((s, b) => s + area(b), 0);
  return covered >= WHOLE_PAGE * img.width * img.height ? [[0, 0, img.width, img.height]] : boxes;
}

/** What a side's words are worth: confidence times letters and digits read (rule dashes read as "—" count nothing). */
const worth = (words: Word[]): number => words.reduce((s, w) => s + (w.confidence ?? 1) * (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);

/**
 * The prepared reading `ours` with the plain reading `plain` merged in (same page coordinates).
 * Words of the two readings that overlap (a third of the smaller box) form groups; a group keeps
 * the side worth more (confidence times alphanumeric characters). A plain word that overlaps
 * none of ours is added when it is sure (SURE) and holds a letter or digit. Our lines keep their
 * order; the plain lines' added words go in before the first of our lines below them that they
 * overlap across.
 */
export function mergeReadings(ours: TextLine[], plain: TextLine[]): TextLine[] {
  const a = ours.flatMap((l) => l.words);
  const b = plain.flatMap((l) => l.words);
  const parent = [...a, ...b].map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const o = overlap(a[i]!.bbox, b[j]!.bbox);
      if (o > 0 && o >= Math.min(area(a[i]!.bbox), area(b[j]!.bbox)) / 3) parent[find(i)] = find(a.length + j);
    }
  }
  const groups = new Map<number, { a: Word[]; b: Word[] }>();
  [...a, ...b].forEach((w, i) => {
    const g = groups.get(find(i)) ?? { a: [], b: [] };
    (i < a.length ? g.a : g.b).push(w);
    groups.set(find(i), g);
  });
  const dropped = new Set<Word>();
  const added = new Set<Word>();
  for (const g of groups.values()) {
    if (!g.b.length) continue;
    if (!g.a.length) {
      for (const w of g.b) if ((w.confidence ?? 1) >= SURE && /[\p{L}\p{N}]/u.test(w.text)) added.add(w);
    } else if (worth(g.b) > worth(g.a)) {
      for (const w of g.a) dropped.add(w);
      for (const w of g.b) added.add(w);
    }
  }
  if (!added.size) return ours;
  const lineOf = (words: Word[]): TextLine => ({
    text: words.map((w) => w.text).join(' '),
    bbox: words.map((w) => w.bbox).reduce((u, x) => [Math.min(u[0], x[0]), Math.min(u[1], x[1]), Math.max(u[2], x[2]), Math.max(u[3], x[3])]),
    words,
  });
  const out = ours.flatMap((l) => {
    const words = l.words.filter((w) => !dropped.has(w));
    return !words.length ? [] : words.length === l.words.length ? [l] : [lineOf(words)];
  });
  const extra = plain.flatMap((l) => {
    const words = l.words.filter((w) => added.has(w));
    return words.length ? [lineOf(words)] : [];
  });
  for (const line of [...extra].sort((x, y) => y.bbox[1] - x.bbox[1])) {
    const at = out.findIndex((l) => l.bbox[1] >= line.bbox[1] && l.bbox[0] < line.bbox[2] && l.bbox[2] > line.bbox[0]);
    out.splice(at < 0 ? out.length : at, 0, line);
  }
  return out;
}
