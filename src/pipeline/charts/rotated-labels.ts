// Category labels turned 30-90 degrees (a crowded axis) are read by no OCR pass: tesseract reads
// level lines, and the crop pass groups glyphs into level lines too. Below the category axis each
// label is a slanted or upright blob of dark ink; it is cut out, turned level by the angle of its
// principal axis, and all blobs are read in one OCR call. Each reading becomes a word at the
// label's anchor (its centre, or the end that meets the axis), in one row under the axis, so the
// category row finds it beside its slot like any level label.
import sharp from 'sharp';
import type { BBox, PageText, Word } from '../types.js';
import type { Rgb } from './raster.js';

export interface TurnedBlob {
  bbox: BBox;
  /** Pixel indices of its ink. */
  pixels: number[];
  /** Angle of the principal axis in degrees, counter-clockwise from level (y up), in (-90, 90]. */
  angle: number;
  /** Its ink's thickness across the axis: the text height. */
  thickness: number;
}

/** Principal axis of a set of points: angle in degrees (counter-clockwise, y up) and the spread along and across it. */
export function principalAxis(xs: number[], ys: number[]): { angle: number; along: number; across: number } {
  const n = xs.length;
  let mx = 0, my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0, syy = 0, sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx, dy = -(ys[i]! - my); // y up
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  sxx /= n;
  syy /= n;
  sxy /= n;
  const t = Math.atan2(2 * sxy, sxx - syy) / 2;
  const mean = (sxx + syy) / 2, d = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
  let angle = (t * 180) / Math.PI;
  // Near upright is upright: labels turned a quarter read bottom to top.
  if (angle < -75) angle += 180;
  return { angle, along: Math.sqrt(mean + d), across: Math.sqrt(Math.max(0, mean - d)) };
}

/**
 * Blobs of `ink` in rows y0..y1 (columns x0..x1): ink within `join` pixels joins (letters and
 * words of one label), and a blob is kept when it is long and thin and turned at least 25 degrees
 * from level (a level label is read by OCR already).
 */
export function turnedBlobs(ink: Uint8Array, width: number, area: BBox, join: number, th: number): TurnedBlob[] {
  const [x0, y0, x1, y1] = area.map(Math.round) as BBox;
  const w = x1 - x0, h = y1 - y0;
  if (w <= 0 || h <= 0) return [];
  // Grown ink (a square of `join`) labels the blobs; the original ink is what each holds.
  const grown = new Uint8Array(w * h);
  const r = Math.max(1, Math.round(join / 2));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!ink[(y + y0) * width + x + x0]) continue;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) grown.fill(1, yy * w + Math.max(0, x - r), yy * w + Math.min(w, x + r + 1));
    }
  const owner = new Int32Array(w * h).fill(-1);
  const out: TurnedBlob[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let s = 0; s < w * h; s++) {
    if (!grown[s] || owner[s]! >= 0) continue;
    const id = next++;
    owner[s] = id;
    stack.push(s);
    const xs: number[] = [], ys: number[] = [], pixels: number[] = [];
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w, y = (i - x) / w;
      if (ink[(y + y0) * width + x + x0]) {
        xs.push(x + x0);
        ys.push(y + y0);
        pixels.push((y + y0) * width + x + x0);
      }
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1])
        if (j >= 0 && grown[j] && owner[j]! < 0) {
          owner[j] = id;
          stack.push(j);
        }
    }
    if (xs.length < 10) continue;
    const { angle, along, across } = principalAxis(xs, ys);
    const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
    xs.forEach((x, k) => {
      bbox[0] = Math.min(bbox[0], x);
      bbox[1] = Math.min(bbox[1], ys[k]!);
      bbox[2] = Math.max(bbox[2], x + 1);
      bbox[3] = Math.max(bbox[3], ys[k]! + 1);
    });
    // A label of two or more letters: long beside its thickness, at least a text height long.
    // Text fills a third to a half of its box; a thin dark bar or a line fills it all.
    const thickness = 3.5 * across;
    const fill = xs.length / (12 * along * Math.max(0.5, across));
    if (Math.abs(angle) < 25 || along < 2 * across || bbox[3] - bbox[1] < 1.2 * th || thickness < 0.5 * th || thickness > 2.5 * th || fill > 0.7) continue;
    out.push({ bbox, pixels, angle, thickness });
  }
  return out;
}

/**
 * The blob's ink, dark on the background, cut out with a margin and turned level (clockwise by
 * its angle; an upright label reads bottom to top, as plotting libraries turn them), scaled so its
 * text is `target` pixels high. Raw RGB.
 */
export async function levelCrop(rgb: Uint8Array, width: number, blob: TurnedBlob, bg: Rgb, target: number): Promise<{ data: Buffer; width: number; height: number }> {
  const pad = Math.round(0.5 * blob.thickness);
  const [bx0, by0, bx1, by1] = blob.bbox;
  const cw = bx1 - bx0 + 2 * pad, ch = by1 - by0 + 2 * pad;
  const bgc = bg.map(Math.round) as Rgb;
  const buf = Buffer.alloc(cw * ch * 3);
  for (let i = 0; i < cw * ch; i++) buf.set(bgc, 3 * i);
  for (const p of blob.pixels) {
    const x = (p % width) - bx0 + pad, y = Math.floor(p / width) - by0 + pad;
    // Anti-aliased edges are kept by copying the pixel and its neighbours as they are.
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const sx = (p % width) + dx, sy = Math.floor(p / width) + dy;
        if (x + dx < 0 || y + dy < 0 || x + dx >= cw || y + dy >= ch || sx < 0 || sx >= width || sy < 0) continue;
        const si = 3 * (sy * width + sx), o = 3 * ((y + dy) * cw + x + dx);
        if (si + 2 >= rgb.length) continue;
        buf[o] = rgb[si]!;
        buf[o + 1] = rgb[si + 1]!;
        buf[o + 2] = rgb[si + 2]!;
      }
  }
  const scale = Math.max(0.5, Math.min(6, target / blob.thickness));
  const turned = await sharp(buf, { raw: { width: cw, height: ch, channels: 3 } })
    .rotate(blob.angle, { background: { r: bgc[0], g: bgc[1], b: bgc[2] } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The turned canvas is the rotated box's bounds: cut it to the ink (and its margin) again.
  const tw = turned.info.width, tht = turned.info.height, d = turned.data, ch3 = turned.info.channels;
  const bgLum = 0.299 * bgc[0] + 0.587 * bgc[1] + 0.114 * bgc[2];
  let ix0 = tw, iy0 = tht, ix1 = -1, iy1 = -1;
  for (let y = 0; y < tht; y++)
    for (let x = 0; x < tw; x++) {
      const o = ch3 * (y * tw + x);
      if (bgLum - (0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!) < 60) continue;
      ix0 = Math.min(ix0, x);
      iy0 = Math.min(iy0, y);
      ix1 = Math.max(ix1, x);
      iy1 = Math.max(iy1, y);
    }
  if (ix1 < 0) [ix0, iy0, ix1, iy1] = [0, 0, tw - 1, tht - 1];
  const left = Math.max(0, ix0 - pad), top = Math.max(0, iy0 - pad);
  const ew = Math.min(tw, ix1 + pad + 1) - left, eh = Math.min(tht, iy1 + pad + 1) - top;
  const { data, info } = await sharp(d, { raw: { width: tw, height: tht, channels: ch3 } })
    .extract({ left, top, width: ew, height: eh })
    .removeAlpha()
    .resize(Math.max(1, Math.round(ew * scale)), Math.max(1, Math.round(eh * scale)), { kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Where a turned label meets its slot: its centre, or the end nearest the axis. */
export function anchors(blob: TurnedBlob): { centre: number; end: number } {
  const [x0, , x1] = blob.bbox;
  // Turned counter-clockwise (positive angle) the text rises to the right: its top end is its right end.
  return { centre: (x0 + x1) / 2, end: Math.abs(blob.angle) > 75 ? (x0 + x1) / 2 : blob.angle > 0 ? x1 : x0 };
}

/** The evener of two rows of positions (the smaller spread of steps): the one that marks the slots. */
export function evenerRow(a: number[], b: number[]): number[] {
  const spread = (xs: number[]): number => {
    const s = [...xs].sort((p, q) => p - q).slice(1).map((x, i) => x - [...xs].sort((p, q) => p - q)[i]!);
    if (s.length === 0) return 0;
    const m = s.reduce((p, q) => p + q, 0) / s.length;
    return Math.sqrt(s.reduce((p, q) => p + (q - m) ** 2, 0) / s.length);
  };
  return spread(b) < 0.8 * spread(a) ? b : a;
}

const TARGET = 30, GAP = 24, SPACE = 40, ROW_WIDTH = 1600;

/**
 * The ink without its straight runs longer than `max` across or down: axis lines, bar outlines
 * and gridlines (a glyph's stroke is shorter than a text height) would join the labels beside them.
 */
export function withoutLongRuns(ink: Uint8Array, width: number, height: number, max: number): Uint8Array {
  const out = Uint8Array.from(ink);
  const clear = (start: number, n: number, step: number): void => {
    for (let k = 0; k < n; k++) out[start + k * step] = 0;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; ) {
      let e = x;
      while (e < width && ink[y * width + e]) e++;
      if (e - x > max) clear(y * width + x, e - x, 1);
      x = e === x ? x + 1 : e;
    }
  for (let x = 0; x < width; x++)
    for (let y = 0; y < height; ) {
      let e = y;
      while (e < height && ink[e * width + x]) e++;
      if (e - y > max) clear(y * width + x, e - y, width);
      y = e === y ? y + 1 : e;
    }
  return out;
}

/**
 * The labels of the category axis: the largest set of turned blobs at one angle (within 12
 * degrees) side by side, their rows overlapping (a lone upright blob is an axis title). Ordered by x.
 */
export function labelRow(blobs: TurnedBlob[]): TurnedBlob[] {
  let best: TurnedBlob[] = [];
  for (const b of blobs) {
    const row = blobs.filter((o) => {
      const overlap = Math.min(o.bbox[3], b.bbox[3]) - Math.max(o.bbox[1], b.bbox[1]);
      const d = Math.abs(o.angle - b.angle);
      return Math.min(d, 180 - d) <= 12 && overlap >= 0.5 * Math.min(o.bbox[3] - o.bbox[1], b.bbox[3] - b.bbox[1]);
    });
    if (row.length > best.length) best = row;
  }
  return best.length >= 2 ? best.sort((p, q) => p.bbox[0] - q.bbox[0]) : [];
}

/**
 * Reads the turned labels under the category axis with one OCR call: the blobs' level crops side
 * by side on one sheet. Returns a word a label, boxed at its anchor in one row just under
 * the axis, and the blobs read (their ink is no longer unread text).
 */
export async function readTurnedLabels(rgb: Uint8Array, width: number, height: number, ink: Uint8Array, bg: Rgb, th: number, ocr: (png: Buffer) => Promise<PageText>): Promise<{ words: Word[]; blobs: TurnedBlob[] }> {
  // Letters join within about a text height (a monospaced space is wide), but crowded labels at a
  // slant join their neighbours that far: of the two reaches, the one giving more labels holds.
  const ink2 = withoutLongRuns(ink, width, height, Math.max(8, 2 * th));
  const area: BBox = [0, Math.floor(height / 3), width, height];
  const wide = labelRow(turnedBlobs(ink2, width, area, Math.max(2, th), th));
  const near = labelRow(turnedBlobs(ink2, width, area, Math.max(2, 0.7 * th), th));
  const blobs = near.length > wide.length ? near : wide;
  if (blobs.length < 2) return { words: [], blobs: [] };
  const crops = await Promise.all(blobs.map((b) => levelCrop(rgb, width, b, bg, TARGET)));
  // Crops side by side, a wide space apart, in rows: tesseract reads a row as a line of text,
  // far better than short words on lines of their own.
  const rowH = Math.max(...crops.map((c) => c.height));
  const spot: { x: number; y: number }[] = [];
  let x = GAP, y = GAP, sheetW = 0;
  for (const c of crops) {
    if (x > GAP && x + c.width > ROW_WIDTH) {
      x = GAP;
      y += rowH + GAP;
    }
    spot.push({ x, y: y + Math.round((rowH - c.height) / 2) });
    x += c.width + SPACE;
    sheetW = Math.max(sheetW, x - SPACE + GAP);
  }
  const sheetH = y + rowH + GAP;
  const sheet = Buffer.alloc(sheetW * sheetH * 3);
  const bgc = bg.map(Math.round) as Rgb;
  for (let i = 0; i < sheetW * sheetH; i++) sheet.set(bgc, 3 * i);
  crops.forEach((c, k) => {
    const { x: sx, y: sy } = spot[k]!;
    for (let yy = 0; yy < c.height; yy++) c.data.copy(sheet, 3 * ((sy + yy) * sheetW + sx), 3 * yy * c.width, 3 * (yy + 1) * c.width);
  });
  const png = await sharp(sheet, { raw: { width: sheetW, height: sheetH, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  const text = await ocr(png);
  const texts = crops.map((): string[] => []);
  const conf = crops.map((): number[] => []);
  for (const line of text.lines)
    for (const w of line.words) {
      const t = w.text.trim();
      if (!/[\p{L}\p{N}]/u.test(t) || w.confidence < 0.5) continue;
      const mx = (w.bbox[0] + w.bbox[2]) / 2, my = (w.bbox[1] + w.bbox[3]) / 2;
      const k = spot.findIndex((p, i) => mx >= p.x - SPACE / 2 && mx < p.x + crops[i]!.width + SPACE / 2 && my >= p.y - GAP / 2 && my < p.y + crops[i]!.height + GAP / 2);
      if (k < 0) continue;
      texts[k]!.push(t);
      conf[k]!.push(w.confidence);
    }
  const a = blobs.map(anchors);
  const xs = evenerRow(a.map((p) => p.centre), a.map((p) => p.end));
  const top = Math.min(...blobs.map((b) => b.bbox[1]));
  const half = Math.max(1, 0.25 * th);
  const words: Word[] = [];
  blobs.forEach((_, k) => {
    if (texts[k]!.length === 0) return;
    const x = xs[k]!;
    words.push({ text: texts[k]!.join(' '), bbox: [x - half, top, x + half, top + th], confidence: Math.min(...conf[k]!) });
  });
  return { words, blobs };
}
