// Seeded P&ID-like sheets for the schematic evaluation, benchmark and tests: symbols from a
// 35-class library with tags, pipes with bends, dotted junctions and dotless crossings, flow
// arrows, instrument signal lines, a legend table, a notes block and a title block on the sheet,
// drawn at 150 to 300 dpi, half of them scan-like (turned slightly, blurred, noisy), each with its
// true v2 graph.
//
// Splits, fixed before any tuning: training = seeds 1..60 (looked at while building), held-out =
// seeds 100001..100060 (scored, never looked at or tuned on); later dev = seeds 300001.. (a
// validation split that may be looked at and tuned on) and held-out3 = seeds 400001..400060.
import sharp from 'sharp';
import { rng } from './draw.js';
import { chooseScan, rasterise, truthOf, type Grey, type SheetTruth } from './render.js';
import { composeSheet } from './sheet.js';

export const TRAIN_SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);
export const HELD_OUT_SEEDS = Array.from({ length: 60 }, (_, i) => 100001 + i);
/** A second held-out split, first run when the first one reached every goal (2026-11-29): never tuned on. */
export const HELD_OUT2_SEEDS = Array.from({ length: 60 }, (_, i) => 200001 + i);
/** A validation split (2026-11-29): looked at and tuned on like training, its seeds unseen before. */
export const DEV_SEEDS = Array.from({ length: 100 }, (_, i) => 300001 + i);
/** A third held-out split, fixed with the dev split (2026-11-29): never looked at or tuned on. */
export const HELD_OUT3_SEEDS = Array.from({ length: 60 }, (_, i) => 400001 + i);
/** A second readable split (dev has been tuned on), and a fourth never-read one, added together. */
export const DEV2_SEEDS = Array.from({ length: 100 }, (_, i) => 700001 + i);
export const HELD_OUT4_SEEDS = Array.from({ length: 60 }, (_, i) => 800001 + i);

export interface GeneratedSheet {
  seed: number;
  png: Buffer;
  grey: Grey;
  truth: SheetTruth;
}

export interface SheetOptions {
  dpi?: number;
  paper?: 'A3' | 'A4';
  /** Force a clean (true: scan-like) rendering; by default half the seeds are scan-like. */
  scan?: boolean;
}

export async function generateSheet(seed: number, opts: SheetOptions = {}): Promise<GeneratedSheet> {
  const r = rng(seed * 7919 + 13);
  const sheet = composeSheet(r, { ...(opts.dpi ? { dpi: opts.dpi } : {}), ...(opts.paper ? { paper: opts.paper } : {}) });
  const scan = chooseScan(r, opts.scan ?? seed % 2 === 0);
  const grey = await rasterise(sheet, scan, r);
  const png = await sharp(Buffer.from(grey.data.buffer, grey.data.byteOffset, grey.data.length), { raw: { width: grey.width, height: grey.height, channels: 1 } }).png({ compressionLevel: 6 }).toBuffer();
  return { seed, png, grey, truth: truthOf(sheet, grey.width, grey.height, scan) };
}

export { slug, SYMBOL_CLASSES } from './symbols.js';
export type { Grey, SheetTruth } from './render.js';
