// The legend table of a sheet (or a legend image): labels stacked in a column, left-aligned, each
// with a drawing to its left that stands alone (not joined to pipes, not text). Rules and borders
// are one big component and are passed over; each row's picture is the cluster of components
// nearest to its label, centred on the label's line.
import type { BBox } from '../types.js';
import type { Components } from './raster.js';
import { spellLabel } from './spelling.js';
import type { TextItem } from './types.js';

export interface FoundEntry {
  label: string;
  /** The symbol's picture, working pixels. */
  symbol: BBox;
  labelBox: BBox;
  confidence: number;
}

export interface FoundLegend {
  entries: FoundEntry[];
  /** Everything the legend covers (rules, header, rows), working pixels; null when none. */
  region: BBox | null;
  /**
   * Text items that are a row's picture (a butterfly valve's "|ø|" read as "Is|"): no text, so
   * the caller keeps their ink on the sheet.
   */
  pictureText: TextItem[];
}

export const slug = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

const union = (a: BBox, b: BBox): BBox => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
const centreY = (b: BBox): number => (b[1] + b[3]) / 2;

/** Words of a label: at least one word of three letters, and not a tag ("PSV-101"). */
const isLabel = (t: string): boolean => /[A-Za-z]{3,}/.test(t) && !/^[A-Z]{1,5}\s*-\s*\d/.test(t.trim()) && !/^\d+\./.test(t.trim());

/**
 * A label as read, evened out: a "!" or "|" after a small letter is OCR's "l" ("Shel!
 * and tube"), and punctuation ending the label is a speck read as a mark ("Compressor.",
 * "Field instrument:"): legend labels are names.
 */
export const cleanLabel = (t: string): string =>
  t
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=[a-z])[!|](?=[A-Za-z]|\s|$)/g, 'l')
    // A quote not inside a word ("DIAPHRAGM ‘VALVE", "exchanger’") and a dot between words
    // ("Gate.valve", "Plug .valve") are specks.
    .replace(/(?<![A-Za-z])[‘’“”`"']|[‘’“”`"'](?![A-Za-z])/g, '')
    .replace(/(?<=[A-Za-z]{2})\s*\.\s*(?=[A-Za-z]{2})/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[.,:;]+$/, '');

/**
 * A row's picture drawn of short strokes the size of letters (a butterfly valve's two bars and
 * disc) is grouped and read as text ("Is|", "10|"): a short text that is no label, wholly left
 * of a label with no other picture, on its line, may be the picture.
 */
const mayBePicture = (t: TextItem): boolean => !isLabel(t.text) && t.text.replace(/[^A-Za-z0-9]/g, '').length <= 4 && t.members.length > 0;

/** The stand-alone drawing left of a label, centred on its line, or null. */
function pictureLeftOf(cc: Components, text: Set<number>, label: BBox, reachUp: number, reachDown: number, th: number, neighbours: number[]): BBox | null {
  const cy = centreY(label);
  const top = cy - reachUp;
  const bottom = cy + reachDown;
  const right = label[0] - 0.25 * th;
  const left = label[0] - 30 * th;
  const parts: number[] = [];
  for (let l = 1; l <= cc.count; l++) {
    if (cc.area[l]! === 0 || text.has(l)) continue;
    // Specks of a scan are no part of a picture.
    if (Math.max(cc.x1[l]! - cc.x0[l]!, cc.y1[l]! - cc.y0[l]!) < 0.4 * th) continue;
    if (cc.x1[l]! > right || cc.x0[l]! < left || cc.y0[l]! < top || cc.y1[l]! > bottom) continue;
    // A part belongs to the row whose label line it is nearest to.
    const my = (cc.y0[l]! + cc.y1[l]!) / 2;
    if (neighbours.some((n) => Math.abs(my - n) < Math.abs(my - cy))) continue;
    parts.push(l);
  }
  if (parts.length === 0) return null;
  parts.sort((a, b) => cc.x1[b]! - cc.x1[a]!);
  const grow = (first: number, gap: number): BBox => {
    let box: BBox = [cc.x0[first]!, cc.y0[first]!, cc.x1[first]!, cc.y1[first]!];
    for (let grown = true; grown; ) {
      grown = false;
      for (const l of parts) {
        const b: BBox = [cc.x0[l]!, cc.y0[l]!, cc.x1[l]!, cc.y1[l]!];
        if (b[0] >= box[0] && b[2] <= box[2] && b[1] >= box[1] && b[3] <= box[3]) continue;
        if (b[2] < box[0] - gap || b[0] > box[2] + gap) continue;
        box = union(box, b);
        grown = true;
      }
    }
    return box;
  };
  // Grown from the part nearest the label; a scan's speck there (a few pixels, nearer the label
  // than the picture and too far from it to join) is passed over for the next part.
  const tried: BBox[] = [];
  for (const first of parts) {
    if (tried.some((t) => cc.x0[first]! >= t[0] && cc.x1[first]! <= t[2] && cc.y0[first]! >= t[1] && cc.y1[first]! <= t[3])) continue;
    let box = grow(first, 1.2 * th);
    // A bare stroke is no picture alone: a picture drawn in parts spaced wider (a butterfly
    // valve's "| O |") is grown over wider gaps; the lone bar matched as a symbol fits every pipe.
    if (Math.min(box[2] - box[0], box[3] - box[1]) < 0.5 * th) box = grow(first, 3 * th);
    // Smaller than a character and it is a stray mark or a lone digit, not a symbol.
    const size = Math.max(box[2] - box[0], box[3] - box[1]);
    if (size >= 1.25 * th) return box;
    // Only a speck is passed over: a lone digit or mark as tall as a letter ends the search.
    if (size >= 0.6 * th) return null;
    tried.push(box);
  }
  return null;
}

/**
 * Legend columns among the text: labels whose left edges line up (within 0.6 text heights),
 * spaced at most 14 text heights apart, most of them with a picture to their left.
 */
export function findLegend(items: TextItem[], cc: Components, th: number, minRows: number): FoundLegend {
  const text = new Set(items.flatMap((i) => i.members));
  const labels = items.filter((i) => isLabel(i.text)).sort((a, b) => a.box[0] - b.box[0]);
  const columns: TextItem[][] = [];
  /** The column (left-edge chain) each run of rows belongs to. */
  const chainOf: number[] = [];
  const used = new Set<TextItem>();
  let chains = 0;
  for (const a of labels) {
    if (used.has(a)) continue;
    // Left edges chained 0.6 text heights apart at most (1.5 across the column): measured from
    // the first label alone, a column whose first edge is a pixel left of the rest loses them.
    const col: TextItem[] = [];
    for (const b of labels) {
      const last = col[col.length - 1]?.box[0] ?? a.box[0];
      if (b.box[0] < a.box[0] || used.has(b)) continue;
      if (b.box[0] - last > 0.6 * th || b.box[0] - a.box[0] > 1.5 * th) break;
      col.push(b);
    }
    col.sort((p, q) => p.box[1] - q.box[1]);
    // Split where labels are too far apart to be rows of one table.
    let run: TextItem[] = [];
    for (const it of col) {
      const prev = run[run.length - 1];
      if (prev && centreY(it.box) - centreY(prev.box) > 14 * th) {
        columns.push(run);
        chainOf.push(chains);
        run = [];
      }
      run.push(it);
    }
    if (run.length > 0) {
      columns.push(run);
      chainOf.push(chains);
    }
    chains++;
    for (const it of col) used.add(it);
  }
  // Words the sheet uses break ties between dictionary words a misread label word is near.
  const sheetWords = new Set(items.flatMap((i) => (i.text.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase())));
  const entries: FoundEntry[] = [];
  let region: BBox | null = null;
  const asPicture = new Map<FoundEntry, TextItem>();
  const runs = columns.map((col, k) => {
    const found: FoundEntry[] = [];
    if (col.length < Math.min(2, minRows)) return { found, chain: chainOf[k]!, col, ok: false };
    col.forEach((it, i) => {
      const c = centreY(it.box);
      const up = i > 0 ? c - centreY(col[i - 1]!.box) : Infinity;
      const down = i < col.length - 1 ? centreY(col[i + 1]!.box) - c : Infinity;
      // Up to the neighbouring labels' lines, each side on its own: a tall picture (a column)
      // in a row below a short one reaches further down than up.
      const either = Math.min(up, down);
      const reachUp = (Number.isFinite(up) ? up : Number.isFinite(either) ? either : 8 * th) - 0.2 * th;
      const reachDown = (Number.isFinite(down) ? down : Number.isFinite(either) ? either : 8 * th) - 0.2 * th;
      const neighbours = [col[i - 1], col[i + 1]].flatMap((n) => (n ? [centreY(n.box)] : []));
      let symbol = pictureLeftOf(cc, text, it.box, reachUp, reachDown, th, neighbours);
      let picture: TextItem | undefined;
      if (!symbol) {
        // No picture but ink read as text: the nearest short non-label text left on the line.
        const cy = centreY(it.box);
        picture = items
          .filter((t) => mayBePicture(t) && t.box[2] <= it.box[0] - 0.25 * th && t.box[0] >= it.box[0] - 30 * th && centreY(t.box) >= cy - reachUp && centreY(t.box) <= cy + reachDown && Math.abs(centreY(t.box) - cy) < 0.5 * th)
          .sort((a, b) => b.box[2] - a.box[2])[0];
        if (picture) {
          const own = new Set(picture.members);
          symbol = pictureLeftOf(cc, new Set([...text].filter((l) => !own.has(l))), it.box, reachUp, reachDown, th, neighbours);
        }
      }
      if (symbol) {
        const e = { label: spellLabel(cleanLabel(it.text), sheetWords), symbol, labelBox: it.box, confidence: it.confidence };
        found.push(e);
        if (picture) asPicture.set(e, picture);
      }
    });
    if (process.env.DEBUG_LEGEND) console.log('column', col.map((c) => c.text).join(' / '), '->', found.map((f) => f.label).join(' / '));
    return { found, chain: chainOf[k]!, col, ok: found.length >= minRows && found.length >= 0.6 * col.length };
  });
  // A short run of rows goes with the run of its own column it continues: rows of big equipment
  // are tall, and one or two of them sit farther below the last than the split allows.
  const span = (fs: FoundEntry[]): [number, number] => [Math.min(...fs.map((f) => Math.min(f.symbol[1], f.labelBox[1]))), Math.max(...fs.map((f) => Math.max(f.symbol[3], f.labelBox[3])))];
  // So does a short column of a table laid out in columns (its last column holds fewer rows):
  // its rows within the span of a column found beside it.
  const across = (fs: FoundEntry[]): [number, number] => [Math.min(...fs.map((f) => f.symbol[0])), Math.max(...fs.map((f) => f.labelBox[2]))];
  for (const r of runs) {
    if (r.ok || r.found.length < 2 || r.found.length < 0.6 * r.col.length) continue;
    const [a0, a1] = span(r.found);
    const [l0, l1] = across(r.found);
    r.ok = runs.some((o) => {
      if (!o.ok) return false;
      const [b0, b1] = span(o.found);
      if (o.chain === r.chain) return Math.max(b0 - a1, a0 - b1) <= 30 * th;
      const [m0, m1] = across(o.found);
      return a0 >= b0 - 1.5 * th && a1 <= b1 + 1.5 * th && Math.max(m0 - l1, l0 - m1) <= 30 * th && Math.max(m0 - l1, l0 - m1) >= 0;
    });
  }
  const pictureText: TextItem[] = [];
  for (const r of runs) {
    if (!r.ok) continue;
    entries.push(...r.found);
    for (const e of r.found) if (asPicture.has(e)) pictureText.push(asPicture.get(e)!);
    for (const e of r.found) region = union(region ?? e.symbol, union(e.symbol, e.labelBox));
  }
  if (region) {
    // The header above and the table's rules around the rows.
    const r: BBox = region;
    for (const it of items) {
      const b = it.box;
      if (b[3] <= r[1] && b[3] >= r[1] - 4 * th && b[0] < r[2] && b[2] > r[0]) region = union(region, b);
    }
    const inner = region;
    let best: BBox | null = null;
    for (let l = 1; l <= cc.count; l++) {
      if (cc.area[l]! === 0) continue;
      const b: BBox = [cc.x0[l]!, cc.y0[l]!, cc.x1[l]!, cc.y1[l]!];
      const cx = (inner[0] + inner[2]) / 2;
      const cy = (inner[1] + inner[3]) / 2;
      if (b[0] > cx || b[2] < cx || b[1] > cy || b[3] < cy) continue;
      const area = (b[2] - b[0]) * (b[3] - b[1]);
      if (area > 2.5 * (inner[2] - inner[0]) * (inner[3] - inner[1])) continue;
      if (!best || area > (best[2] - best[0]) * (best[3] - best[1])) best = b;
    }
    if (best) region = union(region, best);
    region = [region[0] - 0.5 * th, region[1] - 0.5 * th, region[2] + 0.5 * th, region[3] + 0.5 * th];
  }
  return { entries, region, pictureText };
}
