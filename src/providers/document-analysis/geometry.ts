// Small shared pieces of the services' geometry: boxes from polygons and vertices, a PNG's size.
import type { BBox, TextLine, Word } from '../../pipeline/types.js';

/** The box around a flat polygon [x1, y1, x2, y2, ...], scaled; null when it is not one. */
export function boxOfPolygon(polygon: unknown, scale: number): BBox | null {
  if (!Array.isArray(polygon) || polygon.length < 4 || polygon.length % 2 !== 0) return null;
  if (!polygon.every((v): v is number => typeof v === 'number' && Number.isFinite(v))) return null;
  const xs = polygon.filter((_, i) => i % 2 === 0);
  const ys = polygon.filter((_, i) => i % 2 === 1);
  return roundBox([Math.min(...xs) * scale, Math.min(...ys) * scale, Math.max(...xs) * scale, Math.max(...ys) * scale]);
}

export function roundBox(b: BBox): BBox {
  const r = (v: number): number => Math.round(v * 100) / 100;
  return [r(b[0]), r(b[1]), r(b[2]), r(b[3])];
}

export const unionBox = (a: BBox, b: BBox): BBox => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

/** A line from its words: text joined with single spaces, box the union of theirs. */
export function lineOfWords(words: Word[]): TextLine | null {
  if (words.length === 0) return null;
  return { text: words.map((w) => w.text).join(' '), bbox: words.map((w) => w.bbox).reduce(unionBox), words };
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature || png.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
