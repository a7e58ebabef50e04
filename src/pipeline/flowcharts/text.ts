// Text of a figure: where the glyphs are (inside each shape, and free-standing: edge labels,
// plain-text nodes), and what they say. OCR engines read drawings badly (borders and connectors
// confuse their page layout analysis), so each block of glyphs is cut out clean (only its glyph
// pixels, dark on white, enlarged to a comfortable size) and the blocks are stacked on one sheet
// that the OCR ports read; words come back to their blocks by position. Two readings (single-block
// mode, which keeps multi-word lines whole, and sparse-text mode, which drops no line) complement
// each other: the sheet is read in the first, the blocks it is unsure of again in the second, and
// each block keeps the reading with the higher mean confidence.
import sharp from 'sharp';
import type { BBox, PageText, Word } from '../types.js';
import { boxOfPixels, components } from './components.js';
import { colourDistance, dominantColour, type Mask, type Rgb, type RgbImage } from './raster.js';

export interface TextBlock {
  bbox: BBox;
  /** Glyph pixels of the block (figure indices). */
  pixels: number[];
  /** Colour the glyphs stand on. */
  ground: Rgb;
  /** Index of the shape holding the block, or -1 for free text. */
  shape: number;
  words: Word[];
  text: string;
}

/** The pixels' box; an empty list gives an empty (inverted) box, as the callers expect. */
const boxOf = (pixels: number[], width: number): BBox => boxOfPixels(pixels, width) ?? [Infinity, Infinity, -Infinity, -Infinity];

/**
 * Glyphs inside a shape: pixels that differ from the shape's own fill, away from its border.
 * `inner` is the shape's region shrunk past its outline; `region` the whole of it, from which a
 * glyph cut by the shrinking (a letter near a diamond's slanted side) is made whole again.
 */
export function shapeBlock(img: RgbImage, inner: number[], shape: number, threshold: number, region: number[] = inner): TextBlock | undefined {
  if (inner.length === 0) return undefined;
  const ground = dominantColour(img, inner);
  const enclosed = withinGround(img, region, ground, threshold);
  const inside = inner.filter((p) => enclosed.has(p) && colourDistance(img.data, p * 3, ground) > threshold);
  if (inside.length < 6) return undefined;
  const pixels = wholeGlyphs(img, inside, region, ground, threshold);
  // Drop specks (scan noise): keep pixels whose component is at least a few pixels big.
  const kept = withoutRules(dropSpecks(pixels, img.width, 4), boxOf(inner, img.width), img.width);
  if (kept.length < 6) return undefined;
  return { bbox: boxOf(kept, img.width), pixels: kept, ground, shape, words: [], text: '' };
}

/**
 * What the shape's ground encloses within its whole region: the largest patch of ground colour
 * and the holes in it (the glyphs, with the ground between them and the outline). A drop shadow
 * or a thick outline widens the region on some sides, and shrinking the region leaves bands of
 * outline and shadow inside what is read; those are not enclosed by the ground and are not text.
 */
export function withinGround(img: RgbImage, region: number[], ground: Rgb, threshold: number): Set<number> {
  const box = boxOf(region, img.width);
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const local = (p: number): number => (Math.floor(p / img.width) - box[1]) * w + (p % img.width) - box[0];
  const isGround = new Uint8Array(w * h);
  for (const p of region) if (colourDistance(img.data, p * 3, ground) <= threshold) isGround[local(p)] = 1;
  const largest = components({ width: w, height: h, data: isGround }, 1).list.sort((a, b) => b.pixels.length - a.pixels.length)[0];
  const out = new Set<number>();
  if (!largest) return out;
  const patch = new Uint8Array(w * h);
  for (const q of largest.pixels) patch[q] = 1;
  const back = (q: number): number => (Math.floor(q / w) + box[1]) * img.width + (q % w) + box[0];
  for (const q of largest.pixels) out.add(back(q));
  // Holes of the patch: pieces of the rest that do not reach the box's edge.
  for (const c of components({ width: w, height: h, data: patch }, 0).list) {
    if (c.touchesBorder) continue;
    for (const q of c.pixels) out.add(back(q));
  }
  return out;
}

/**
 * The glyph pixels grown to the whole of each glyph they belong to within the region; a piece that
 * reaches the region's edge is the outline (or a glyph touching it) and keeps only its inner part.
 */
function wholeGlyphs(img: RgbImage, inside: number[], region: number[], ground: Rgb, threshold: number): number[] {
  if (region.length === inside.length) return inside;
  const box = boxOf(region, img.width);
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const local = (p: number): number => (Math.floor(p / img.width) - box[1]) * w + (p % img.width) - box[0];
  const inRegion = new Uint8Array(w * h);
  for (const p of region) inRegion[local(p)] = 1;
  const ink = new Uint8Array(w * h);
  for (const p of region) if (colourDistance(img.data, p * 3, ground) > threshold) ink[local(p)] = 1;
  const seed = new Uint8Array(w * h);
  for (const p of inside) seed[local(p)] = 1;
  const out = new Set(inside);
  for (const c of components({ width: w, height: h, data: ink }, 1).list) {
    let seeded = false;
    let edge = false;
    for (const q of c.pixels) {
      if (seed[q]) seeded = true;
      const x = q % w;
      const y = (q - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1 || !inRegion[q - 1] || !inRegion[q + 1] || !inRegion[q - w] || !inRegion[q + w]) edge = true;
      if (edge) break;
    }
    if (!seeded || edge) continue;
    for (const q of c.pixels) out.add((Math.floor(q / w) + box[1]) * img.width + (q % w) + box[0]);
  }
  return [...out];
}

/**
 * Drops ink running across the whole of the shape's inside, top to bottom or side to side: a rule
 * (a divider between the cells of a box, the inner line of a thick border), never a glyph, which
 * sits within the shape's padding.
 */
function withoutRules(pixels: number[], inside: BBox, width: number): number[] {
  if (pixels.length === 0) return pixels;
  const box = boxOf(pixels, width);
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const data = new Uint8Array(w * h);
  for (const p of pixels) data[(Math.floor(p / width) - box[1]) * w + (p % width) - box[0]] = 1;
  const out: number[] = [];
  for (const c of components({ width: w, height: h, data }, 1).list) {
    const [x0, y0, x1, y1] = [c.bbox[0] + box[0], c.bbox[1] + box[1], c.bbox[2] + box[0], c.bbox[3] + box[1]];
    const across = (y0 <= inside[1] + 1 && y1 >= inside[3] - 1) || (x0 <= inside[0] + 1 && x1 >= inside[2] - 1);
    if (across) continue;
    for (const q of c.pixels) out.push((Math.floor(q / w) + box[1]) * width + (q % w) + box[0]);
  }
  return out;
}

function dropSpecks(pixels: number[], width: number, min: number): number[] {
  const box = boxOf(pixels, width);
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const data = new Uint8Array(w * h);
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    data[(y - box[1]) * w + (x - box[0])] = 1;
  }
  const out: number[] = [];
  for (const c of components({ width: w, height: h, data }, 1).list) {
    if (c.pixels.length < min) continue;
    for (const q of c.pixels) {
      const x = q % w;
      const y = (q - x) / w;
      out.push((y + box[1]) * width + x + box[0]);
    }
  }
  return out;
}

/**
 * Free-standing text: small foreground components outside every shape and stroke, grouped into
 * lines (close side by side at the same height) and the lines into blocks (stacked close).
 */
export function freeBlocks(img: RgbImage, glyphMask: Mask, ground: Rgb, glyph: number): TextBlock[] {
  // Glyph-sized components only: long thin ones (horizontal strokes) and large sparse ones
  // (diagonal or curved strokes between text nodes) are lines, not letters.
  const comps = components(glyphMask, 1, (c) => {
    const w = c.bbox[2] - c.bbox[0];
    const h = c.bbox[3] - c.bbox[1];
    if (c.size < 4 || h > 4 * glyph) return false;
    if (w > 2 * glyph && w > 5 * h) return false;
    return !(Math.max(w, h) > 2.5 * glyph && c.size / (w * h) < 0.3);
  }).list;
  const parent = comps.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < comps.length; i++) {
    for (let j = i + 1; j < comps.length; j++) {
      const a = comps[i]!.bbox;
      const b = comps[j]!.bbox;
      const h = Math.max(a[3] - a[1], b[3] - b[1], glyph);
      const gapX = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
      const overlapY = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      const gapY = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
      const overlapX = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const sameLine = gapX < 1.3 * h && overlapY > -0.2 * h;
      const stacked = gapY < 0.5 * glyph && overlapX > 0;
      if (sameLine || stacked) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number[]>();
  comps.forEach((c, i) => {
    const root = find(i);
    const list = groups.get(root) ?? [];
    list.push(...c.pixels);
    groups.set(root, list);
  });
  return [...groups.values()].map((pixels) => ({ bbox: boxOf(pixels, img.width), pixels, ground, shape: -1, words: [], text: '' }));
}

/** Glyph height the OCR sheet scales blocks to (tesseract reads best around 20-30 px capitals). */
const TARGET_GLYPH = 26;

/**
 * Mean word confidence under which a block is read again by the next reader. On generated dev
 * flowcharts a second reading changed the text of a block above it only by stray border marks.
 */
const SURE = 0.9;

interface Placed {
  w: number;
  h: number;
  sw: number;
  sh: number;
  top: number;
}

/** Clean, enlarged images of some blocks stacked on one grey sheet, and where each went. */
async function sheetOf(img: RgbImage, blocks: TextBlock[], scale: number, pad: number, gap: number): Promise<{ png: Buffer; placed: Placed[] }> {
  const placed = blocks.map((b) => {
    const w = b.bbox[2] - b.bbox[0] + 4;
    const h = b.bbox[3] - b.bbox[1] + 4;
    return { w, h, sw: Math.ceil(w * scale), sh: Math.ceil(h * scale), top: 0 };
  });
  let y = gap;
  for (const p of placed) {
    p.top = y;
    y += p.sh + gap;
  }
  const sheetW = Math.max(...placed.map((p) => p.sw)) + 2 * pad;
  const sheetH = y;
  const sheet = new Uint8Array(sheetW * sheetH).fill(255);
  blocks.forEach((b, k) => {
    const p = placed[k]!;
    // Darkness of each glyph pixel from its distance to the ground colour, on a small grid.
    const grid = new Float32Array(p.w * p.h);
    let max = 1;
    for (const q of b.pixels) {
      const d = colourDistance(img.data, q * 3, b.ground);
      if (d > max) max = d;
    }
    for (const q of b.pixels) {
      const x = (q % img.width) - b.bbox[0] + 2;
      const yy = Math.floor(q / img.width) - b.bbox[1] + 2;
      grid[yy * p.w + x] = Math.min(1, (1.3 * colourDistance(img.data, q * 3, b.ground)) / max);
    }
    // Bilinear enlargement onto the sheet.
    for (let sy = 0; sy < p.sh; sy++) {
      const gy = Math.min(p.h - 1, Math.max(0, (sy + 0.5) / scale - 0.5));
      const y0 = Math.floor(gy);
      const y1 = Math.min(p.h - 1, y0 + 1);
      const fy = gy - y0;
      for (let sx = 0; sx < p.sw; sx++) {
        const gx = Math.min(p.w - 1, Math.max(0, (sx + 0.5) / scale - 0.5));
        const x0 = Math.floor(gx);
        const x1 = Math.min(p.w - 1, x0 + 1);
        const fx = gx - x0;
        const v =
          grid[y0 * p.w + x0]! * (1 - fx) * (1 - fy) + grid[y0 * p.w + x1]! * fx * (1 - fy) + grid[y1 * p.w + x0]! * (1 - fx) * fy + grid[y1 * p.w + x1]! * fx * fy;
        sheet[(p.top + sy) * sheetW + pad + sx] = Math.round(255 * (1 - v));
      }
    }
  });
  const png = await sharp(Buffer.from(sheet), { raw: { width: sheetW, height: sheetH, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
  return { png, placed };
}

const meanConfidence = (ws: Word[]): number => (ws.length === 0 ? -1 : ws.reduce((a, w) => a + w.confidence, 0) / ws.length);

/**
 * Reads every block from one sheet of clean, enlarged block images with the first reader; each
 * further reader reads, on a sheet of their own, only the blocks the readings so far are unsure of
 * (mean confidence under SURE, or nothing read), and a block keeps the reading it is surest of.
 * Most blocks are read once: one OCR call on the whole sheet instead of one per reader.
 */
export async function readBlocks(img: RgbImage, blocks: TextBlock[], glyph: number, ...readers: ((png: Buffer) => Promise<PageText>)[]): Promise<void> {
  if (blocks.length === 0) return;
  const scale = Math.min(4, Math.max(1, TARGET_GLYPH / Math.max(4, glyph)));
  const pad = Math.round(10 * scale);
  const gap = Math.round(TARGET_GLYPH * 1.6);
  // A reader's words by block of the sheet (words come back to their blocks by position).
  const wordsByBlock = (text: PageText, sheet: TextBlock[], placed: Placed[]): Word[][] => {
    const out: Word[][] = sheet.map(() => []);
    for (const line of text.lines) {
      for (const word of line.words) {
        const t = word.text.trim();
        if (t === '') continue;
        const cy = (word.bbox[1] + word.bbox[3]) / 2;
        const k = placed.findIndex((p) => cy >= p.top - gap / 2 && cy < p.top + p.sh + gap / 2);
        if (k < 0) continue;
        const p = placed[k]!;
        const b = sheet[k]!;
        const map = (x: number, yy: number): [number, number] => [b.bbox[0] - 2 + (x - pad) / scale, b.bbox[1] - 2 + (yy - p.top) / scale];
        const [x0, y0] = map(word.bbox[0], word.bbox[1]);
        const [x1, y1] = map(word.bbox[2], word.bbox[3]);
        out[k]!.push({ text: t, bbox: [x0, y0, x1, y1], confidence: word.confidence });
      }
    }
    return out;
  };
  for (const b of blocks) b.words = [];
  let todo = blocks;
  for (const read of readers) {
    if (todo.length === 0) break;
    const { png, placed } = await sheetOf(img, todo, scale, pad, gap);
    const words = wordsByBlock(await read(png), todo, placed);
    todo.forEach((b, k) => {
      if (meanConfidence(words[k]!) > meanConfidence(b.words)) b.words = words[k]!;
    });
    todo = todo.filter((b) => meanConfidence(b.words) < SURE);
  }
  for (const b of blocks) b.text = joinWords(b.words);
}

/** Words in reading order (lines by their vertical centre, then left to right), joined by spaces. */
export function joinWords(words: Word[]): string {
  const lines: Word[][] = [];
  for (const w of [...words].sort((a, b) => a.bbox[1] + a.bbox[3] - b.bbox[1] - b.bbox[3])) {
    const cy = (w.bbox[1] + w.bbox[3]) / 2;
    const line = lines.find((l) => {
      const f = l[0]!;
      return cy > f.bbox[1] && cy < f.bbox[3];
    });
    if (line) line.push(w);
    else lines.push([w]);
  }
  return lines
    .map((l) => l.sort((a, b) => a.bbox[0] - b.bbox[0]).map((w) => w.text).join(' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
