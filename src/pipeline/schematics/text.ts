// Text on a sheet: characters are connected components of text size with neighbours of the same
// size beside them; they are grouped into lines, cut upright out of the original image at a size
// OCR reads well (other ink whitened), stacked into one image and read in a single OCR call.
import type { BBox, TextLine, Word } from '../types.js';
import { editDistance } from './edit-distance.js';
import type { Frame } from './frame.js';
import { resize, type Components, type GreyPixels, type Mask } from './raster.js';
import type { SchematicOcr, TextItem } from './types.js';

/** Cap height the crops are scaled to for OCR. */
const OCR_HEIGHT = 24;

const hOf = (cc: Components, l: number): number => cc.y1[l]! - cc.y0[l]!;
const wOf = (cc: Components, l: number): number => cc.x1[l]! - cc.x0[l]!;

/** Components that sit beside a component of like height on the same line: likely characters. */
function besideLike(cc: Components, maxH: number): Map<number, number> {
  const small: number[] = [];
  for (let l = 1; l <= cc.count; l++) {
    const h = hOf(cc, l);
    if (cc.area[l]! > 0 && h >= 5 && h <= maxH && wOf(cc, l) <= 2.5 * h) small.push(l);
  }
  small.sort((a, b) => cc.x0[a]! - cc.x0[b]!);
  const out = new Map<number, number>();
  for (let i = 0; i < small.length; i++) {
    const a = small[i]!;
    const ha = hOf(cc, a);
    for (let j = i + 1; j < small.length; j++) {
      const b = small[j]!;
      if (cc.x0[b]! > cc.x1[a]! + ha) break;
      const hb = hOf(cc, b);
      if (Math.abs(ha - hb) > 0.2 * Math.max(ha, hb) + 1) continue;
      const overlap = Math.min(cc.y1[a]!, cc.y1[b]!) - Math.max(cc.y0[a]!, cc.y0[b]!);
      if (overlap < 0.7 * Math.min(ha, hb)) continue;
      out.set(a, ha);
      out.set(b, hb);
    }
  }
  return out;
}

/** The sheet's text height (capital letters and digits) in working pixels, or 0 when no text. */
export function textHeight(cc: Components, maxH: number): number {
  const hist = new Float64Array(maxH + 2);
  for (const h of besideLike(cc, maxH).values()) hist[h]!++;
  let best = 0;
  let bestScore = 0;
  for (let h = 5; h <= maxH; h++) {
    const s = hist[h - 1]! * 0.5 + hist[h]! + hist[h + 1]! * 0.5;
    if (s > bestScore) {
      bestScore = s;
      best = h;
    }
  }
  return bestScore >= 6 ? best : 0;
}

export interface TextGroup {
  box: BBox;
  members: number[];
  /** Ink pixels (y * width + x of the working mask) kept besides the members' (outline-text.ts). */
  extra?: Set<number>;
}

/**
 * Character components grouped into lines of text (two characters at least). Letters that a scan
 * printed touching ("mpres" of "Compressor", one component wider than three text heights) or
 * filled in (a blurred "B") are no characters alone, but join a line they sit on, flush with a
 * character: left out, the line is read in pieces ("Co.", "sor") or a letter short ("tower").
 */
export function textGroups(cc: Components, th: number): TextGroup[] {
  const chars: number[] = [];
  /** Components that only join a line (touching letters, filled letters). */
  const joiners = new Set<number>();
  for (let l = 1; l <= cc.count; l++) {
    const h = hOf(cc, l);
    const w = wOf(cc, l);
    if (cc.area[l]! === 0 || h < 0.5 * th || h > 2 * th) continue;
    const fill = cc.area[l]! / (w * h);
    const letterTall = h >= 0.6 * th && h <= 1.4 * th;
    if (w > 3 * th) {
      if (letterTall && w <= 12 * th && fill < 0.75) joiners.add(l);
      else continue;
    } else if (fill > 0.8 && w > 0.45 * h) {
      // Solid blobs: dots, arrowheads, filled marks; or a letter filled in by blur.
      if (letterTall && w <= h) joiners.add(l);
      else continue;
    }
    chars.push(l);
  }
  chars.sort((a, b) => cc.x0[a]! - cc.x0[b]!);
  const parent = new Map(chars.map((c) => [c, c]));
  const find = (a: number): number => {
    while (parent.get(a) !== a) a = parent.get(a)!;
    return a;
  };
  for (let i = 0; i < chars.length; i++) {
    const a = chars[i]!;
    for (let j = i + 1; j < chars.length; j++) {
      const b = chars[j]!;
      if (cc.x0[b]! > cc.x1[a]! + 1.8 * th) break;
      const overlap = Math.min(cc.y1[a]!, cc.y1[b]!) - Math.max(cc.y0[a]!, cc.y0[b]!);
      const join = joiners.has(a) || joiners.has(b);
      // A joiner goes with a character only (two joiners are no line), flush with it, level with it.
      if (join && (joiners.has(a) === joiners.has(b) || cc.x0[b]! > cc.x1[a]! + 0.6 * th || overlap < 0.7 * Math.min(hOf(cc, a), hOf(cc, b)))) continue;
      if (overlap < 0.45 * Math.min(hOf(cc, a), hOf(cc, b))) continue;
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent.set(ra, rb);
    }
  }
  const groups = new Map<number, number[]>();
  for (const c of chars) {
    const r = find(c);
    groups.set(r, [...(groups.get(r) ?? []), c]);
  }
  const out: TextGroup[] = [];
  const lone: number[] = [];
  for (const all of groups.values()) {
    // Joiners count only on a line of two characters or more.
    const own = all.filter((m) => !joiners.has(m));
    const members = own.length >= 2 ? all : own;
    if (members.length < 2) {
      lone.push(...members);
      continue;
    }
    const box: BBox = [Math.min(...members.map((m) => cc.x0[m]!)), Math.min(...members.map((m) => cc.y0[m]!)), Math.max(...members.map((m) => cc.x1[m]!)), Math.max(...members.map((m) => cc.y1[m]!))];
    out.push({ box, members });
  }
  return [...out, ...stackedLetters(cc, lone, out, th)];
}

/**
 * Lone components as wide as two letters, centred over or under a line of text within a text
 * height: an instrument bubble's letters ("TT" over "302") printed touching, one component.
 * A lone piece elsewhere stays out (a symbol's part is not text).
 */
export function stackedLetters(cc: Components, lone: number[], lines: TextGroup[], th: number): TextGroup[] {
  const out: TextGroup[] = [];
  for (const l of lone) {
    const h = hOf(cc, l);
    const w = wOf(cc, l);
    if (w < 1.2 * h || h < 0.7 * th || h > 1.3 * th) continue;
    const cx = (cc.x0[l]! + cc.x1[l]!) / 2;
    const stacked = lines.some((g) => {
      const gw = g.box[2] - g.box[0];
      const gap = Math.max(g.box[1] - cc.y1[l]!, cc.y0[l]! - g.box[3]);
      return Math.abs(cx - (g.box[0] + g.box[2]) / 2) <= 0.25 * Math.max(gw, w) && gap >= 0 && gap <= 1.2 * th && g.box[3] - g.box[1] <= 1.5 * th;
    });
    if (stacked) out.push({ box: [cc.x0[l]!, cc.y0[l]!, cc.x1[l]!, cc.y1[l]!], members: [l] });
  }
  return out;
}

/** Small marks inside a group's box (hyphens, dots, colons) belong to it too. */
function withPunctuation(cc: Components, g: TextGroup, th: number, taken: Set<number>): number[] {
  const extra: number[] = [];
  const [x0, y0, x1, y1] = g.box;
  for (let l = 1; l <= cc.count; l++) {
    if (cc.area[l]! === 0 || taken.has(l) || hOf(cc, l) > 0.5 * th || wOf(cc, l) > 0.9 * th) continue;
    const cx = (cc.x0[l]! + cc.x1[l]!) / 2;
    const cy = (cc.y0[l]! + cc.y1[l]!) / 2;
    if (cx > x0 && cx < x1 && cy > y0 - 0.15 * th && cy < y1 + 0.25 * th) extra.push(l);
  }
  return extra;
}

/**
 * The crop in black and white, cut `cut` of the way from its ink to its paper (half-way by
 * default): OCR thresholds a whole image at once, and one threshold for crops of different
 * contrast thins or breaks strokes.
 */
function ownThreshold(img: GreyPixels, cut = 0.5): GreyPixels {
  const hist = new Uint32Array(256);
  for (let i = 0; i < img.data.length; i++) hist[img.data[i]!]!++;
  const level = (share: number): number => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[v]!) >= share * img.data.length) return v;
    return 255;
  };
  const ink = level(0.03);
  const paper = level(0.6);
  if (paper - ink < 30) return img;
  const t = ink + cut * (paper - ink);
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i]! <= t ? 0 : 255;
  return { data: out, width: img.width, height: img.height };
}

interface Placed {
  group: TextGroup;
  members: Set<number>;
  y0: number;
  y1: number;
  x0: number;
  scale: number;
  box: BBox;
}

/**
 * Reads every group in one OCR call: each group cut upright from the original at OCR_HEIGHT,
 * everything but its own characters whitened, the crops stacked one per line.
 */
export async function readGroups(groups: TextGroup[], cc: Components, mask: Mask, frame: Frame, original: GreyPixels, th: number, ocr: SchematicOcr, height = OCR_HEIGHT, cut = 0.5): Promise<TextItem[]> {
  if (groups.length === 0) return [];
  const scale = height / th;
  const pad = Math.round(0.35 * th);
  const gap = Math.round(0.9 * height);
  const placed: Placed[] = [];
  const claimed = new Set(groups.flatMap((g) => g.members));
  let y = gap;
  let width = 0;
  for (const g of groups) {
    const members = new Set([...g.members, ...withPunctuation(cc, g, th, claimed)]);
    const box: BBox = [g.box[0] - pad, g.box[1] - pad, g.box[2] + pad, g.box[3] + pad];
    const h = Math.round((box[3] - box[1]) * scale);
    placed.push({ group: g, members, y0: y, y1: y + h, x0: gap, scale, box });
    y += h + gap;
    width = Math.max(width, Math.round((box[2] - box[0]) * scale) + 2 * gap);
  }
  const mosaic = new Uint8Array(width * y).fill(255);
  const { labels } = cc;
  for (const p of placed) {
    const keep = (x: number, yy: number): boolean => {
      const xi = Math.floor(x);
      const yi = Math.floor(yy);
      if (xi < 0 || yi < 0 || xi >= mask.width || yi >= mask.height) return false;
      const l = labels[yi * mask.width + xi]!;
      // Lines and symbols reaching into the crop go; whatever lies wholly inside it stays.
      return l === 0 || p.members.has(l) || p.group.extra?.has(yi * mask.width + xi) === true || (cc.x0[l]! >= p.box[0] && cc.x1[l]! <= p.box[2] && cc.y0[l]! >= p.box[1] && cc.y1[l]! <= p.box[3]);
    };
    // Cut at the original's own resolution, then enlarged with a sharp kernel: bilinear
    // enlargement of a coarse scan blurs thin strokes away ("l" read as "i").
    const native = frame.crop(original, p.box, 1 / frame.scale, keep);
    const w = Math.max(1, Math.round((p.box[2] - p.box[0]) * p.scale));
    const h = Math.max(1, Math.round((p.box[3] - p.box[1]) * p.scale));
    const crop = ownThreshold(await resize(native, w, h, 'lanczos3'), cut);
    for (let v = 0; v < crop.height; v++) mosaic.set(crop.data.subarray(v * crop.width, (v + 1) * crop.width), (p.y0 + v) * width + p.x0);
  }
  if (process.env.DEBUG_MOSAIC) (globalThis as { mosaic?: GreyPixels }).mosaic = { data: mosaic, width, height: y };
  const lines = await ocr.readBlock({ data: mosaic, width, height: y });
  const words: Word[] = lines.flatMap((l: TextLine) => l.words);
  const out: TextItem[] = [];
  for (const p of placed) {
    const mine = words.filter((w) => {
      const cy = (w.bbox[1] + w.bbox[3]) / 2;
      return cy >= p.y0 && cy <= p.y1;
    });
    mine.sort((a, b) => a.bbox[0] - b.bbox[0]);
    const text = mine.map((w) => w.text).join(' ').trim();
    if (!/[A-Za-z0-9]/.test(text)) continue;
    const confidence = mine.reduce((s, w) => s + w.confidence, 0) / mine.length;
    out.push({ box: p.group.box, text, confidence, members: [...p.members] });
  }
  return out;
}

/** Text read below this confidence is read again (REREADS). */
export const REREAD_BELOW = 0.92;
/**
 * A second, larger crop height: small letters (a 150-dpi scan's legend, about 10 pixels tall)
 * misread at one enlargement are often read right at another ("Angie valve" at 24, "Angle valve"
 * at 36), and the reading OCR is surer of is the right one more often than either height alone.
 */
export const REREAD_HEIGHT = 36;
/**
 * A thinner cut (of the way from ink to paper) for a third reading: a coarse scan's heavy strokes
 * cut half-way grow tails and merge ("l" read as "i", "fi" as one blot); cut nearer the ink they
 * come apart again.
 */
export const THIN_CUT = 0.38;
/** The re-readings of weak text: crop height and cut. */
const REREADS: ReadonlyArray<{ height: number; cut: number }> = [
  { height: REREAD_HEIGHT, cut: 0.5 },
  { height: OCR_HEIGHT, cut: THIN_CUT },
];

/** A tag's shape: letters, a hyphen, digits ("NRV-858", "HV-153A"); currency signs stand for S and E. */
export const TAG_SHAPE = /^[A-Z$§£€]{1,4}\s*-\s*\d{1,5}[A-Z]?$/;

const wordsOf = (t: string): string[] => (t.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase());

/**
 * The groups read (readGroups), and those read with little confidence read again (REREADS). Of
 * different readings the one kept is, in turn: for a group of one component (letters printed
 * touching, taken as text for being two letters wide: stackedLetters), one of two characters or
 * more ("TT", not "T"); the one whose words the rest of the sheet uses more (a larger crop reads
 * some thin "l"s as "i", "vaive", where the sheet says "valve" ten times); the one shaped like a
 * tag ("D-120", not "0-120"); the surer one (a text read more than once by its surest reading).
 */
export async function readGroupsTwice(groups: TextGroup[], cc: Components, mask: Mask, frame: Frame, original: GreyPixels, th: number, ocr: SchematicOcr): Promise<TextItem[]> {
  const first = await readGroups(groups, cc, mask, frame, original, th, ocr);
  const weak = first.filter((i) => i.confidence < REREAD_BELOW).map((i) => ({ box: i.box, members: i.members }));
  if (weak.length === 0) return first;
  const key = (b: BBox): string => b.join(',');
  const others: Array<Map<string, TextItem>> = [];
  for (const r of REREADS) {
    const again = await readGroups(weak, cc, mask, frame, original, th, ocr, r.height, r.cut);
    others.push(new Map(again.map((i) => [key(i.box), i])));
  }
  const single = new Set(groups.filter((g) => g.members.length === 1).map((g) => key(g.box)));
  const count = new Map<string, number>();
  for (const i of first) for (const w of wordsOf(i.text)) count.set(w, (count.get(w) ?? 0) + 1);
  return first.map((i) => {
    const readings = [i, ...others.map((m) => m.get(key(i.box))).filter((b): b is TextItem => b !== undefined)];
    if (readings.length === 1) return i;
    // Any reading says how surely this is text (what the sheet keeps as text goes by it): the
    // highest, whichever text is kept.
    const confidence = Math.max(...readings.map((r) => r.confidence));
    // Support from the other items: the item's own first reading does not vote for itself.
    const own = wordsOf(i.text);
    const support = (t: string): number => wordsOf(t).reduce((n, w) => n + (count.get(w) ?? 0) - own.filter((o) => o === w).length, 0);
    const wide = single.has(key(i.box));
    const order = (t: TextItem): number[] => [wide && t.text.replace(/[^A-Za-z0-9]/g, '').length < 2 ? 0 : 1, support(t.text), TAG_SHAPE.test(t.text.trim()) ? 1 : 0, t.confidence];
    // A text read more than once counts with its surest reading.
    const surest = new Map<string, TextItem>();
    for (const r of readings) if (!surest.has(r.text) || surest.get(r.text)!.confidence < r.confidence) surest.set(r.text, r);
    let best = surest.get(i.text)!;
    for (const b of surest.values()) {
      const [x, y] = [order(best), order(b)];
      const k = x.findIndex((v, n) => v !== y[n]);
      if (k >= 0 && y[k]! > x[k]!) best = b;
    }
    return { ...i, text: best.text, confidence };
  });
}

/**
 * Misreadings evened out by the sheet itself: a word (four letters or more) one letter away from
 * a word read at least three times as often on the same sheet, three times at least, is taken
 * to be that word ("vaive" among many "valve"); so is one with one letter changed (same length)
 * beside a word read twice as often, twice at least (a legend names each class once, so "valve"
 * may be read only twice). Words are runs of letters ("Gate.valve" holds "valve"); their case
 * pattern is kept. No dictionary is used.
 */
export function harmonise(items: TextItem[]): TextItem[] {
  // Again on what one round evened out: "valve" read 5 times beside "vaive" once and "vatve"
  // twice is 6 against 2 only once the first is fixed.
  let out = items;
  for (let round = 0; round < 3; round++) {
    const next = harmoniseOnce(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

function harmoniseOnce(items: TextItem[]): TextItem[] {
  const count = new Map<string, number>();
  const words = (t: string): string[] => t.match(/[A-Za-z]{4,}/g) ?? [];
  for (const it of items) for (const w of words(it.text)) count.set(w.toLowerCase(), (count.get(w.toLowerCase()) ?? 0) + 1);
  const fix = new Map<string, string>();
  for (const [w, n] of count) {
    let best: [string, number] | null = null;
    for (const [o, m] of count) {
      if (o === w || editDistance(w, o, 1) > 1 || (best && m <= best[1])) continue;
      if ((m >= 3 && m >= 3 * n) || (m >= 2 && m >= 2 * n && o.length === w.length)) best = [o, m];
    }
    if (best) fix.set(w, best[0]);
  }
  if (fix.size === 0) return items;
  const cased = (orig: string, to: string): string =>
    orig === orig.toUpperCase() ? to.toUpperCase() : orig[0] === orig[0]!.toUpperCase() ? to[0]!.toUpperCase() + to.slice(1) : to;
  return items.map((it) => ({ ...it, text: it.text.replace(/[A-Za-z]{4,}/g, (w) => (fix.has(w.toLowerCase()) ? cased(w, fix.get(w.toLowerCase())!) : w)) }));
}

/** Words of a text layer (original pixels) as text items in working pixels, one per line. */
export function itemsFromWords(words: Word[], frame: Frame): TextItem[] {
  const boxes = words.filter((w) => /\S/.test(w.text)).map((w) => ({ text: w.text.trim(), box: frame.boxFromOriginal(w.bbox), confidence: w.confidence }));
  boxes.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const lines: Array<{ text: string; box: BBox; confidence: number }> = [];
  for (const w of boxes) {
    const h = w.box[3] - w.box[1];
    const line = lines.find((l) => Math.abs((l.box[1] + l.box[3]) / 2 - (w.box[1] + w.box[3]) / 2) < 0.4 * h && w.box[0] - l.box[2] < 0.8 * h && w.box[0] >= l.box[0]);
    if (line) {
      line.text += ` ${w.text}`;
      line.box = [Math.min(line.box[0], w.box[0]), Math.min(line.box[1], w.box[1]), Math.max(line.box[2], w.box[2]), Math.max(line.box[3], w.box[3])];
    } else lines.push({ ...w });
  }
  return lines.map((l) => ({ ...l, members: [] }));
}
