// Text the page-wide OCR missed, read again from enlarged crops. Sparse-text OCR over a whole
// chart skips short labels (one-digit ticks, a legend name beside its swatch, a category label
// touching a tick): dark glyph-sized ink that no trusted word covers is grouped into lines, each
// line is cut out, cleaned of colour and rules, enlarged and pasted on one sheet, and the sheet
// is read by a single OCR call (one call costs far less than a second reading of the chart).
import sharp from 'sharp';
import type { BBox, PageText, Word } from '../types.js';
import type { Rgb } from './raster.js';

/** A word OCR is sure of: a number, or letters without stray symbols (a swatch read as "@"). */
export function trusted(w: Word): boolean {
  if (w.confidence < 0.75) return false;
  return /^[-\u2212$€£(]?[\p{L}\p{N}][\p{L}\p{N}.,%'’()&/+:-]*$/u.test(w.text);
}

export interface CropLayout {
  /** Where each crop came from in the chart. */
  boxes: BBox[];
  /** The crop's place on the sheet and its scale. */
  slots: { x: number; y: number; w: number; h: number; scale: number }[];
  sheet: { rgb: Uint8Array; width: number; height: number };
}

interface Blob {
  bbox: BBox;
}

const lumAt = (rgb: Uint8Array, i: number): number => 0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!;

/**
 * Dark ink: well below the background and grey, or so dark that its tint is small beside its
 * darkness (a dark glyph's anti-aliased edge over a coloured bar takes some of the bar's hue).
 */
export const dark = (rgb: Uint8Array, i: number, bg: Rgb): boolean => darkUnder(rgb, i, 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]);

/** `dark` with the background's luminance worked out once by the caller (a whole-picture pass). */
const darkUnder = (rgb: Uint8Array, i: number, bgLum: number): boolean => {
  const below = bgLum - lumAt(rgb, i);
  if (below <= 70) return false;
  const r = rgb[3 * i]!, g = rgb[3 * i + 1]!, b = rgb[3 * i + 2]!;
  const spread = Math.max(r, g, b) - Math.min(r, g, b);
  return spread < 60 || spread < 0.4 * below;
};

/** 1 where a pixel is dark ink (`dark`), whatever covers it: one pass a picture, done before its text is read. */
export function darkInk(rgb: Uint8Array, width: number, height: number, bg: Rgb): Uint8Array {
  const out = new Uint8Array(width * height);
  const bgLum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2];
  for (let i = 0; i < out.length; i++) if (darkUnder(rgb, i, bgLum)) out[i] = 1;
  return out;
}

/**
 * Lines of unread dark text: glyph-sized components of dark ink outside `covered` (recognised
 * words, rules), joined with their neighbours on a line. `keep` says where such text is wanted
 * (outside the plot, or beside a legend swatch). `stacked` says where a group too tall for one
 * line may be lines set close (a legend's names inside the plot): it is cut into its lines.
 */
export function unreadText(rgb: Uint8Array, width: number, height: number, bg: Rgb, covered: Uint8Array, th: number, keep: (b: BBox) => boolean, dark = darkInk(rgb, width, height, bg), scan = false, stacked: (b: BBox) => boolean = () => false): { boxes: BBox[]; glyphs: Uint8Array } {
  const n = width * height;
  // `dark` is taken over: it becomes the pass's marks.
  const ink = dark;
  for (let i = 0; i < n; i++) if (covered[i]) ink[i] = 0;
  const bgLum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2];
  const blobs: Blob[] = [];
  const stack: number[] = [];
  const owner = new Int32Array(n).fill(-1);
  const members: number[] = [];
  for (let s = 0; s < n; s++) {
    if (ink[s] !== 1) continue;
    ink[s] = 2;
    stack.push(s);
    members.length = 0;
    let x0 = width, y0 = height, x1 = 0, y1 = 0, area = 0;
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      area++;
      const x = i % width, y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx, yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const j = yy * width + xx;
          if (ink[j] === 1) {
            ink[j] = 2;
            stack.push(j);
          }
        }
    }
    const w = x1 - x0 + 1, h = y1 - y0 + 1;
    // Glyphs (touching letters included); specks and long strokes or filled shapes are not text,
    // nor outlines round colour (a legend swatch's frame, the edge of an outlined bar).
    if (area >= 3 && Math.max(w, h) >= 0.2 * th && h <= 1.8 * th && w <= 8 * th && !framesColour(rgb, width, [x0, y0, x1 + 1, y1 + 1]) && !rectangle(members, width, [x0, y0, x1, y1]) && !(scan && tinted(rgb, members, bgLum))) {
      for (const i of members) owner[i] = blobs.length;
      blobs.push({ bbox: [x0, y0, x1 + 1, y1 + 1] });
    }
  }
  // Neighbours on a line join: a letter gap is under about 0.7 text heights; an i's dot sits just above.
  const all = blobs.map((_, i) => i);
  const line = joinLines(blobs, all, th, false);
  const groups = new Map<number, BBox>();
  for (const i of all) groups.set(line[i]!, hull(groups.get(line[i]!), blobs[i]!.bbox));
  // A legend's names set close, one under the other, join through a descender ("Budget" over
  // "Q4"): the group is too tall for a line and would go unread. Where `stacked`, its glyphs join
  // again only by a real overlap of their rows (a dot or dash still by nearness), and the lines
  // that start at one x with another of them (a legend's names; a swatch's dark edge may lead a
  // line by a few pixels) are read, where a swatch shows before one of them; the rest stay unread
  // (value labels crowded over bars start where their bars do, and show no swatch).
  for (const [r, g] of [...groups]) {
    if (g[3] - g[1] <= 2 * th || !stacked(g)) continue;
    const inner = all.filter((i) => line[i] === r);
    const cut = joinLines(blobs, inner, th, true);
    const lines = new Map<number, BBox>();
    for (const i of inner) lines.set(cut[i]!, hull(lines.get(cut[i]!), blobs[i]!.bbox));
    const column = [...lines].filter(([k, b]) => [...lines].some(([o, c]) => o !== k && Math.abs(c[0] - b[0]) <= Math.max(3, 0.6 * th)));
    // A legend shows a swatch before one of its names at least (another may hide on a bar of its colour).
    if (!column.some(([, b]) => swatchBefore(rgb, width, b, th))) continue;
    groups.delete(r);
    for (const [k, b] of column) groups.set(blobs.length + k, b);
    for (const i of inner) line[i] = blobs.length + cut[i]!;
  }
  const roots = new Map<number, BBox>([...groups].filter(([, g]) => g[3] - g[1] <= 2 * th && g[3] - g[1] >= 0.3 * th && keep(g)));
  // The glyphs of the lines kept, grown by a pixel (their anti-aliased edges): all a crop shows.
  const glyphs = new Uint8Array(n);
  const kept = blobs.map((_, b) => roots.has(line[b]!));
  for (let i = 0; i < n; i++) {
    if (owner[i]! < 0 || !kept[owner[i]!]) continue;
    const x = i % width, y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < width && yy < height) glyphs[yy * width + xx] = 1;
      }
  }
  return { boxes: [...roots.values()], glyphs };
}

/**
 * A legend swatch just before the line `b`: within 2.5 text heights on its left, a patch of one
 * vivid colour, 0.5 to 1.6 text heights wide and tall, filling the line's middle rows, with
 * other pixels on both its sides (a bar or line under the text fills the whole stretch).
 */
export function swatchBefore(rgb: Uint8Array, width: number, b: BBox, th: number): boolean {
  const mid = Math.round((b[1] + b[3]) / 2), half = Math.max(1, Math.round(0.3 * th));
  const at = (x: number, y: number): Rgb => [rgb[3 * (y * width + x)]!, rgb[3 * (y * width + x) + 1]!, rgb[3 * (y * width + x) + 2]!];
  const vivid = (c: Rgb): boolean => Math.max(...c) - Math.min(...c) >= 60;
  const alike = (c: Rgb, d: Rgb): boolean => Math.abs(c[0] - d[0]) + Math.abs(c[1] - d[1]) + Math.abs(c[2] - d[2]) < 45;
  // Whether column x's middle rows are all of colour c.
  const filled = (x: number, c: Rgb): boolean => {
    for (let y = mid - half; y <= mid + half; y++) if (y < 0 || !alike(at(x, y), c)) return false;
    return true;
  };
  const height = rgb.length / 3 / width;
  if (mid - half < 0 || mid + half >= height) return false;
  for (let x = Math.floor(b[0]) - 1; x >= Math.max(1, Math.floor(b[0] - 2.5 * th)); x--) {
    const c = at(x, mid);
    if (!vivid(c) || !filled(x, c)) continue;
    let x0 = x;
    while (x0 - 1 >= 0 && filled(x0 - 1, c)) x0--;
    const w = x - x0 + 1;
    let y0 = mid, y1 = mid;
    const col = Math.round((x0 + x) / 2);
    while (y0 - 1 >= 0 && alike(at(col, y0 - 1), c)) y0--;
    while (y1 + 1 < height && alike(at(col, y1 + 1), c)) y1++;
    const h = y1 - y0 + 1;
    return x0 > 0 && w >= 0.5 * th && w <= 1.6 * th && h >= 0.5 * th && h <= 1.6 * th;
  }
  return false;
}

const hull = (g: BBox | undefined, b: BBox): BBox => (g ? [Math.min(g[0], b[0]), Math.min(g[1], b[1]), Math.max(g[2], b[2]), Math.max(g[3], b[3])] : [...b]);

/**
 * The line each of the blobs `which` belongs to (a root blob's index, per blob index): neighbours
 * on a line join, a letter gap under about 0.7 text heights. Their rows overlap, or (loosely) one
 * lies within a quarter text height of the other: an i's dot, or a glyph cut by a gridline. `strict`:
 * that nearness joins only a small piece (a dot, a dash, under half a text height), not two glyphs.
 */
function joinLines(blobs: Blob[], which: number[], th: number, strict: boolean): Int32Array {
  const gx = 0.7 * th, gy = 0.25 * th;
  const parent = new Int32Array(blobs.length).map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const order = [...which].sort((a, b) => blobs[a]!.bbox[0] - blobs[b]!.bbox[0]);
  for (let oi = 0; oi < order.length; oi++) {
    const a = blobs[order[oi]!]!.bbox;
    for (let oj = oi + 1; oj < order.length; oj++) {
      const b = blobs[order[oj]!]!.bbox;
      if (b[0] > a[2] + gx) break;
      const vOverlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      const near = b[1] < a[3] + gy && b[3] > a[1] - gy;
      if (!near) continue;
      // Both on one line: their rows overlap, or one is a dot or dash within the other's height.
      const hMin = Math.min(a[3] - a[1], b[3] - b[1]);
      if (vOverlap >= 0.3 * hMin || (vOverlap > -gy && (!strict || hMin < 0.5 * th))) parent[find(order[oi]!)] = find(order[oj]!);
    }
  }
  for (const i of which) parent[i] = find(i);
  return parent;
}

/**
 * On a scan a coloured line's darker grains pass for dark ink, and its pieces crowd the crop sheet
 * until OCR reads none of the lone tick digits among them: ink that is tinted on the whole and
 * nowhere darker than halfway from the paper to black is a coloured mark, not a glyph (black or
 * grey text has a near-black core, even blurred or laid over a coloured bar).
 */
export function tinted(rgb: Uint8Array, members: number[], bgLum: number): boolean {
  let spread = 0;
  for (const i of members) {
    if (lumAt(rgb, i) < 0.5 * bgLum) return false;
    spread += Math.max(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) - Math.min(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
  }
  return spread >= 30 * members.length;
}

/**
 * A drawn frame (a legend swatch's outline): ink along the whole of all four sides of its box and
 * little inside. No glyph is a hollow box; this holds where the swatch lies over a bar, whose
 * colour all round it hides the frame from `framesColour`.
 */
export function rectangle(members: number[], width: number, b: [number, number, number, number]): boolean {
  const [x0, y0, x1, y1] = b;
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  if (w < 5 || h < 5) return false;
  let top = 0, bottom = 0, left = 0, right = 0, inner = 0;
  for (const i of members) {
    const x = i % width, y = (i - x) / width;
    if (y === y0) top++;
    if (y === y1) bottom++;
    if (x === x0) left++;
    if (x === x1) right++;
    if (x > x0 + 1 && x < x1 - 1 && y > y0 + 1 && y < y1 - 1) inner++;
  }
  // Hollow: a bold "I" is inked all along its box too, but also inside it.
  return Math.min(top, bottom) >= 0.85 * w && Math.min(left, right) >= 0.85 * h && inner < 0.3 * (w - 4) * (h - 4);
}

/**
 * An outline round colour (a legend swatch's frame, the edge of an outlined bar): colour fills
 * much of its box while the ring just outside is mostly not colour. Text drawn over a coloured
 * mark has colour all round it and stays text.
 */
function framesColour(rgb: Uint8Array, width: number, b: BBox): boolean {
  const height = rgb.length / 3 / width;
  let inner = 0, innerN = 0, ring = 0, ringN = 0;
  for (let y = Math.max(0, b[1] - 2); y < Math.min(height, b[3] + 2); y++)
    for (let x = Math.max(0, b[0] - 2); x < Math.min(width, b[2] + 2); x++) {
      const i = 3 * (y * width + x);
      const colour = Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) >= 40;
      if (x >= b[0] && x < b[2] && y >= b[1] && y < b[3]) {
        innerN++;
        if (colour) inner++;
      } else {
        ringN++;
        if (colour) ring++;
      }
    }
  return inner >= 0.25 * innerN && ring < 0.5 * ringN;
}

/** Target height of a line of text on the sheet: in sparse mode tesseract skips
// lone characters much taller than about 20 px. */
const TARGET = 28;
const GAP = 24;
const ROW_WIDTH = 1600;

/**
 * The crops on one sheet, in the chart's background colour: each line padded, everything but its
 * `glyphs` (swatches, their frames, rules, bits of neighbouring marks) turned to background, enlarged.
 * Crops go side by side, a wide space apart, in rows: tesseract reads a row as one line of text,
 * which it recognises far better than a lone digit in sparse mode (it skips most of those).
 */
export function layoutSheet(rgb: Uint8Array, width: number, height: number, bg: Rgb, boxes: BBox[], glyphs: Uint8Array, th: number): CropLayout {
  const pad = Math.max(2, Math.round(0.4 * th));
  const padded: BBox[] = boxes.map((b) => [Math.max(0, b[0] - pad), Math.max(0, b[1] - pad), Math.min(width, b[2] + pad), Math.min(height, b[3] + pad)]);
  const slots: CropLayout['slots'] = [];
  const space = Math.round(1.2 * TARGET);
  const rowH = Math.round(TARGET * 2);
  let x = GAP, y = GAP, sheetW = 0;
  for (const b of padded) {
    const scale = Math.max(0.5, Math.min(6, TARGET / Math.max(1, b[3] - b[1] - 2 * pad)));
    const w = Math.round((b[2] - b[0]) * scale), h = Math.min(rowH, Math.round((b[3] - b[1]) * scale));
    if (x > GAP && x + w > ROW_WIDTH) {
      x = GAP;
      y += rowH + GAP;
    }
    slots.push({ x, y: y + Math.round((rowH - h) / 2), w, h, scale });
    x += w + space;
    sheetW = Math.max(sheetW, x - space + GAP);
  }
  y += rowH + GAP;
  const sheetH = y;
  const out = new Uint8Array(sheetW * sheetH * 3);
  const [br, bgc, bb] = bg.map(Math.round) as Rgb;
  for (let i = 0; i < sheetW * sheetH; i++) {
    out[3 * i] = br;
    out[3 * i + 1] = bgc;
    out[3 * i + 2] = bb;
  }
  // Bilinear enlargement of each crop (nearest would keep the jagged edges tesseract misreads).
  padded.forEach((b, k) => {
    const s = slots[k]!;
    const cw = b[2] - b[0], ch = b[3] - b[1];
    const src = new Float32Array(cw * ch * 3);
    const ink = inkLevels(rgb, width, b, glyphs, bg);
    for (let yy = 0; yy < ch; yy++)
      for (let xx = 0; xx < cw; xx++) {
        const i = (b[1] + yy) * width + b[0] + xx;
        const o = 3 * (yy * cw + xx);
        if (!glyphs[i]) {
          src[o] = br;
          src[o + 1] = bgc;
          src[o + 2] = bb;
        } else if (ink) {
          const t = ink(i);
          src[o] = br * (1 - t);
          src[o + 1] = bgc * (1 - t);
          src[o + 2] = bb * (1 - t);
        } else {
          src[o] = rgb[3 * i]!;
          src[o + 1] = rgb[3 * i + 1]!;
          src[o + 2] = rgb[3 * i + 2]!;
        }
      }
    for (let yy = 0; yy < s.h; yy++) {
      const fy = Math.min(ch - 1, Math.max(0, (yy + 0.5) / s.scale - 0.5));
      const y0 = Math.floor(fy), y1 = Math.min(ch - 1, y0 + 1), ty = fy - y0;
      for (let xx = 0; xx < s.w; xx++) {
        const fx = Math.min(cw - 1, Math.max(0, (xx + 0.5) / s.scale - 0.5));
        const x0 = Math.floor(fx), x1 = Math.min(cw - 1, x0 + 1), tx = fx - x0;
        const o = 3 * ((s.y + yy) * sheetW + s.x + xx);
        for (let c = 0; c < 3; c++) {
          const v00 = src[3 * (y0 * cw + x0) + c]!, v01 = src[3 * (y0 * cw + x1) + c]!, v10 = src[3 * (y1 * cw + x0) + c]!, v11 = src[3 * (y1 * cw + x1) + c]!;
          out[o + c] = Math.round((v00 * (1 - tx) + v01 * tx) * (1 - ty) + (v10 * (1 - tx) + v11 * tx) * ty);
        }
      }
    }
  });
  return { boxes: padded, slots, sheet: { rgb: out, width: sheetW, height: sheetH } };
}

/**
 * Text drawn over a coloured mark (a legend over a bar): its glyphs' edges are blends of ink and
 * that colour, which pasted raw onto the background read as bold smudges. There each glyph pixel
 * becomes grey ink by how far its luminance lies from the ground's (the crop's other pixels) to
 * the darkest ink. Undefined where the ground is the background (pixels are copied as they are).
 */
export function inkLevels(rgb: Uint8Array, width: number, b: BBox, glyphs: Uint8Array, bg: Rgb): ((i: number) => number) | undefined {
  const ground: number[] = [];
  let darkest = 255;
  for (let y = b[1]; y < b[3]; y++)
    for (let x = b[0]; x < b[2]; x++) {
      const i = y * width + x;
      if (glyphs[i]) darkest = Math.min(darkest, lumAt(rgb, i));
      else ground.push(i);
    }
  if (ground.length === 0) return undefined;
  // The ground is one colour (most of it near its median), not the background, and the ink is
  // well darker than it: a blend of two marks or a marker's rim is no text on a mark.
  // The middle value counted off a histogram of the channel's 256 levels (no sort).
  const median = (c: number): number => {
    const hist = new Uint32Array(256);
    for (const i of ground) hist[rgb[3 * i + c]!]!++;
    for (let v = 0, seen = 0; v < 256; v++) if ((seen += hist[v]!) > ground.length >> 1) return v;
    return 255;
  };
  const g: Rgb = [median(0), median(1), median(2)];
  const near = ground.filter((i) => Math.hypot(rgb[3 * i]! - g[0], rgb[3 * i + 1]! - g[1], rgb[3 * i + 2]! - g[2]) < 30).length;
  if (near < 0.6 * ground.length || Math.hypot(g[0] - bg[0], g[1] - bg[1], g[2] - bg[2]) < 40) return undefined;
  const ref = 0.299 * g[0] + 0.587 * g[1] + 0.114 * g[2];
  if (ref - darkest < 60) return undefined;
  return (i) => Math.max(0, Math.min(1, (ref - lumAt(rgb, i)) / (ref - darkest)));
}

/** Words read on the sheet, in the chart's coordinates (a word belongs to the crop holding its centre). */
export function wordsFromSheet(text: PageText, layout: CropLayout): Word[] {
  const out: Word[] = [];
  for (const line of text.lines)
    for (const w of line.words) {
      const t = w.text.trim();
      if (!/[\p{L}\p{N}]/u.test(t) || w.confidence < 0.5) continue;
      const mx = (w.bbox[0] + w.bbox[2]) / 2, my = (w.bbox[1] + w.bbox[3]) / 2;
      const m = 0.5 * TARGET;
      const k = layout.slots.findIndex((s) => mx >= s.x - m && mx < s.x + s.w + m && my >= s.y - m && my < s.y + s.h + m);
      if (k < 0) continue;
      const s = layout.slots[k]!, b = layout.boxes[k]!;
      const map = (v: number, o: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, lo + (v - o) / s.scale));
      out.push({
        text: t,
        bbox: [map(w.bbox[0], s.x, b[0], b[2]), map(w.bbox[1], s.y, b[1], b[3]), map(w.bbox[2], s.x, b[0], b[2]), map(w.bbox[3], s.y, b[1], b[3])],
        confidence: w.confidence,
      });
    }
  return out;
}

/** Reads the crops with one OCR call. */
export async function readCrops(layout: CropLayout, ocr: (png: Buffer) => Promise<PageText>): Promise<Word[]> {
  if (layout.slots.length === 0) return [];
  const { rgb, width, height } = layout.sheet;
  const png = await sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  return wordsFromSheet(await ocr(png), layout);
}

/**
 * A legend drawn inside the plot: colour (its swatch) within three text heights on the line's
 * left or right of the text box `b`. findLegend pairs a name with a swatch up to 2.5 text heights
 * off, so the whole swatch lies in reach (at two, a triangle marker 1.8 off showed only its tip:
 * train-mpl 900030's "Team C" went unread and its glyphs were read as a series of points).
 */
export function besideSwatch(rgb: Uint8Array, width: number, height: number, b: BBox, th: number): boolean {
  const reach = Math.round(3 * th);
  let vivid = 0;
  for (let y = Math.max(0, Math.floor(b[1])); y < Math.min(height, Math.ceil(b[3])); y++)
    for (const [x0, x1] of [[b[0] - reach, b[0]], [b[2], b[2] + reach]] as const)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) {
        const i = 3 * (y * width + x);
        if (Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) >= 60) vivid++;
      }
  return vivid >= 0.15 * th * th;
}
