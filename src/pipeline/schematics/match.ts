// Symbols by template matching: every residual piece of the page proposes where each template
// would lie (its own residual pieces lined up with the page piece by their edges), and the
// normalised correlation (OpenCV's TM_CCOEFF_NORMED) is computed in a small window around each
// proposal only. The best non-overlapping matches win; a larger symbol that contains a smaller
// one and scores about as well is preferred (a control valve over the gate valve in its body).
import { iou } from '../page-helpers/template-match.js';
import type { BBox } from '../types.js';
import { bestNcc, nccImage, sparseTemplate, windowSum, type NccBest, type NccImage, type SparseTemplate } from './ncc.js';
import type { GreyPixels, Mask } from './raster.js';
import type { Turn, Variant } from './templates.js';

export interface SymbolHit {
  entry: number;
  rot: Turn;
  scale: number;
  box: BBox;
  score: number;
  /** The variant (index into the list matched against). */
  variant: number;
}

const area = (b: BBox): number => (b[2] - b[0]) * (b[3] - b[1]);
const inter = (a: BBox, b: BBox): number => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

export interface MatchOptions {
  /** Lowest correlation kept as a candidate. */
  minScore: number;
  /** Report coarse-level matches (scale searches), not refined ones. */
  coarseOnly?: boolean;
  /**
   * Also lay templates flush with either end of a piece too long for them (seats), those whose
   * drawing is this many pixels across its smaller side at least (a text height): a slim one (a
   * flange's two bars) laid on a pipe's end fits an arrowhead's base.
   */
  flush?: number;
}

/** Longest piece (times the template's side) a template is laid flush with the ends of. */
export const FLUSH_MOST = 2.5;

/**
 * Where a template is tried for a page piece: its centre or one of its pieces' centres (anchors)
 * on the piece's centre, for a piece no larger than the template; with `flush`, a piece longer
 * than the template one way only (a valve whose residual piece runs on into a pipe stub shorter
 * than the long-run cut, or into its tag's leader) has the template laid flush with each of its
 * two ends instead.
 */
export function seats(p: BBox, v: Variant, anchors: Array<[number, number]>, flush: boolean): Array<{ cx: number; cy: number; at: Array<[number, number]> }> {
  const tw = v.img.width;
  const th = v.img.height;
  const cx = (p[0] + p[2]) / 2;
  const cy = (p[1] + p[3]) / 2;
  const wide = p[2] - p[0] > 1.25 * tw + 4;
  const tall = p[3] - p[1] > 1.25 * th + 4;
  if (!wide && !tall) return [{ cx, cy, at: [...anchors, ...likeAnchors(v, p)] }];
  if (!flush || (wide && tall) || p[2] - p[0] > FLUSH_MOST * tw || p[3] - p[1] > FLUSH_MOST * th) return [];
  const centre: Array<[number, number]> = [[tw / 2, th / 2]];
  return wide
    ? [{ cx: p[0] + tw / 2, cy, at: centre }, { cx: p[2] - tw / 2, cy, at: centre }]
    : [{ cx, cy: p[1] + th / 2, at: centre }, { cx, cy: p[3] - th / 2, at: centre }];
}

/** Share of a template's marks (its residual) that have page ink within a pixel when placed at x, y. */
export function markCover(v: Variant, ink: Mask, x: number, y: number): number {
  return v.marks.length === 0 ? 1 : marksFound(v, ink, x, y).found / v.marks.length;
}

/**
 * The template's marks placed at x, y (those outside `beyond` only, when given, page pixels) and
 * how many of them have page ink within a pixel (a big template: within a pixel or two).
 */
export function marksFound(v: Variant, ink: Mask, x: number, y: number, beyond?: BBox): { marks: number; found: number } {
  const w = v.img.width;
  // A big template may be off by a pixel or two at its far ends.
  const r = Math.max(1, Math.round(0.012 * Math.max(v.img.width, v.img.height)));
  let marks = 0;
  let hit = 0;
  for (let k = 0; k < v.marks.length; k++) {
    const i = v.marks[k]!;
    const px = x + (i % w);
    const py = y + Math.floor(i / w);
    if (beyond && px >= beyond[0] && px < beyond[2] && py >= beyond[1] && py < beyond[3]) continue;
    marks++;
    let found = false;
    for (let dy = -r; dy <= r && !found; dy++) {
      const yy = py + dy;
      if (yy < 0 || yy >= ink.height) continue;
      for (let dx = -r; dx <= r; dx++) {
        const xx = px + dx;
        if (xx >= 0 && xx < ink.width && ink.data[yy * ink.width + xx]) {
          found = true;
          break;
        }
      }
    }
    if (found) hit++;
  }
  return { marks, found: hit };
}

/** Lowest share of a template's marks a match must find. */
export const MIN_COVER = Number(process.env.MIN_COVER ?? 0.8);

const TRACE = process.env.TRACE_BOX ? (process.env.TRACE_BOX.split(',').map(Number) as BBox) : null;

/** Shrink factors the page is kept at. */
const LEVELS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32];
const snap = (k: number): number => LEVELS.filter((l) => l <= Math.max(1, k)).pop()!;
/** Coarse level of a template: about 10 pixels across its smaller side. */
const levelOf = (w: number, h: number): number => snap(Math.floor(Math.min(w, h) / 10));
/** Level a match is scored at: full size up to 40 pixels across, coarser above. */
const finalLevel = (w: number, h: number): number => snap(Math.floor(Math.min(w, h) / 40));

/** The levels a match is refined through, coarse to `last`, each about three times finer. */
function chain(k: number, last: number): number[] {
  const out = [k];
  while (out[out.length - 1]! > last) out.push(Math.max(last, snap(Math.round(out[out.length - 1]! / 3))));
  return out;
}

/** Mean of each k x k block (the last row and column of blocks may be partial). */
export function shrink(img: GreyPixels, k: number): GreyPixels {
  if (k === 1) return img;
  const w = Math.max(1, Math.ceil(img.width / k));
  const h = Math.max(1, Math.ceil(img.height / k));
  const sum = new Uint32Array(w * h);
  const out = new Uint8Array(w * h);
  // Block by block along each row (no division per pixel); counts are k x k but at the far edges.
  for (let y = 0; y < img.height; y++) {
    const row = Math.floor(y / k) * w;
    const src = y * img.width;
    for (let bx = 0, x = 0; bx < w; bx++) {
      let s = 0;
      const end = Math.min(img.width, x + k);
      for (; x < end; x++) s += img.data[src + x]!;
      sum[row + bx] = sum[row + bx]! + s;
    }
  }
  for (let by = 0; by < h; by++) {
    const rows = Math.min(k, img.height - by * k);
    for (let bx = 0; bx < w; bx++) out[by * w + bx] = Math.round(sum[by * w + bx]! / (rows * Math.min(k, img.width - bx * k)));
  }
  return { data: out, width: w, height: h };
}

/** shrink() of the image an NccImage was made from, from its integral of ink (the same values). */
export function shrinkByIntegral(img: NccImage, k: number): GreyPixels {
  const { width, height, sum } = img;
  const w = Math.max(1, Math.ceil(width / k));
  const h = Math.max(1, Math.ceil(height / k));
  const out = new Uint8Array(w * h);
  for (let by = 0; by < h; by++) {
    const y0 = by * k;
    const y1 = Math.min(height, y0 + k);
    for (let bx = 0; bx < w; bx++) {
      const x0 = bx * k;
      const x1 = Math.min(width, x0 + k);
      const n = (y1 - y0) * (x1 - x0);
      const ink = windowSum(sum, width, x0, y0, x1, y1);
      out[by * w + bx] = Math.round((255 * n - ink) / n);
    }
  }
  return { data: out, width: w, height: h };
}

/** Pieces close together (fragments of one symbol) as one seed, unless that makes it too big. */
export function seedsOf(pieces: BBox[], gap: number, maxSize: number): BBox[] {
  const parent = pieces.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const near = (a: BBox, b: BBox): boolean => a[0] - gap < b[2] && b[0] - gap < a[2] && a[1] - gap < b[3] && b[1] - gap < a[3];
  const order = pieces.map((_, i) => i).sort((a, b) => pieces[a]![0] - pieces[b]![0]);
  for (let x = 0; x < order.length; x++) {
    const i = order[x]!;
    for (let y = x + 1; y < order.length; y++) {
      const j = order[y]!;
      if (pieces[j]![0] > pieces[i]![2] + gap) break;
      if (near(pieces[i]!, pieces[j]!)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, BBox[]>();
  for (let i = 0; i < pieces.length; i++) groups.set(find(i), [...(groups.get(find(i)) ?? []), pieces[i]!]);
  const out: BBox[] = [];
  for (const g of groups.values()) {
    const box: BBox = [Math.min(...g.map((b) => b[0])), Math.min(...g.map((b) => b[1])), Math.max(...g.map((b) => b[2])), Math.max(...g.map((b) => b[3]))];
    if (g.length === 1 || Math.max(box[2] - box[0], box[3] - box[1]) <= maxSize) out.push(box);
    else out.push(...g);
  }
  return out;
}

/** The page as matching needs it: softened ink at full and coarse levels, and its ink's integral. */
export class MatchPage {
  private readonly levels = new Map<number, NccImage>();
  private readonly integral: Int32Array;

  constructor(
    readonly page: GreyPixels,
    readonly ink: Mask,
  ) {
    const iw = ink.width + 1;
    this.integral = new Int32Array(iw * (ink.height + 1));
    for (let y = 0; y < ink.height; y++) {
      let run = 0;
      for (let x = 0; x < ink.width; x++) {
        run += ink.data[y * ink.width + x]!;
        this.integral[(y + 1) * iw + x + 1] = this.integral[y * iw + x + 1]! + run;
      }
    }
  }

  level(k: number): NccImage {
    let l = this.levels.get(k);
    if (!l) {
      // Coarse levels from the full level's integral: a block's mean is four look-ups, not a
      // pass over the whole page for each of the up to ten levels.
      l = nccImage(k === 1 ? this.page : shrinkByIntegral(this.level(1), k));
      this.levels.set(k, l);
    }
    return l;
  }

  /** Ink pixels in a rectangle. */
  inkIn(x0: number, y0: number, x1: number, y1: number): number {
    const { width, height } = this.ink;
    const iw = width + 1;
    const a = Math.max(0, Math.min(width, Math.floor(x0)));
    const b = Math.max(0, Math.min(height, Math.floor(y0)));
    const c = Math.max(0, Math.min(width, Math.ceil(x1)));
    const d = Math.max(0, Math.min(height, Math.ceil(y1)));
    return this.integral[d * iw + c]! - this.integral[b * iw + c]! - this.integral[d * iw + a]! + this.integral[b * iw + a]!;
  }
}

const sparse = new WeakMap<Variant, Map<number, SparseTemplate>>();

function templateAt(v: Variant, k: number): SparseTemplate {
  let byLevel = sparse.get(v);
  if (!byLevel) {
    byLevel = new Map();
    sparse.set(v, byLevel);
  }
  let t = byLevel.get(k);
  if (!t) {
    // Full size: the template's core ink only (the page is soft enough to forgive a pixel).
    t = k === 1 ? sparseTemplate(v.img, 128) : sparseTemplate(shrink(v.img, k));
    byLevel.set(k, t);
  }
  return t;
}

/**
 * Centres of a template's residual pieces of about the size of a page piece, beyond the three
 * largest (which are always tried). A symbol drawn with repeated strokes (an exchanger's tube
 * sheet cut by its tubes into eight like bars) leaves page pieces that are any one of its like
 * pieces; laid on the largest few only, the template lands a bar or more off, beyond the coarse
 * window, and the symbol is never found.
 */
export function likeAnchors(v: Variant, p: BBox): Array<[number, number]> {
  const pw = p[2] - p[0];
  const ph = p[3] - p[1];
  const like = (a: number, b: number): boolean => Math.abs(a - b) <= 0.2 * Math.max(a, b) + 2;
  return v.parts.slice(3).flatMap((b): Array<[number, number]> => (like(b[2] - b[0], pw) && like(b[3] - b[1], ph) ? [[(b[0] + b[2]) / 2, (b[1] + b[3]) / 2]] : []));
}

/**
 * Matches of the templates at the page's seeds (residual pieces, grouped). For each seed and
 * template, the template is laid so that its centre, or the centre of one of its own residual
 * pieces, falls on the seed's centre; that is scored, give or take two pixels, on shrunk copies
 * (about ten pixels across), and the best is refined level by level in small windows. A match
 * must also find most of the template's own marks in the page's ink.
 */
export async function matchPieces(mp: MatchPage, pieces: BBox[], variants: Variant[], opts: MatchOptions): Promise<SymbolHit[]> {
  const hits: SymbolHit[] = [];
  // Larger templates first: a piece one of them explains well is not tried with smaller ones.
  const order = variants.map((_, i) => i).sort((a, b) => variants[b]!.img.width * variants[b]!.img.height - variants[a]!.img.width * variants[a]!.img.height);
  const claimed: SymbolHit[] = [];
  for (const vi of order) {
    const v = variants[vi]!;
    const tw = v.img.width;
    const th = v.img.height;
    const last = finalLevel(tw, th);
    const levels = chain(levelOf(tw, th), last);
    const k = levels[0]!;
    const coarsePage = mp.level(k);
    const coarse = templateAt(v, k);
    const anchors: Array<[number, number]> = [[tw / 2, th / 2], ...v.blobs.slice(0, 3).map((b): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2])];
    const found: SymbolHit[] = [];
    for (const p of pieces) for (const { cx, cy, at } of seats(p, v, anchors, opts.flush !== undefined && Math.min(tw, th) - 4 >= opts.flush)) {
      // (The 4: the pad of two pixels each side templates are made with.)
      const inside = (h: SymbolHit): boolean => cx > h.box[0] && cx < h.box[2] && cy > h.box[1] && cy < h.box[3];
      if (found.some(inside) || claimed.some((h) => h.score >= 0.85 && inside(h))) continue;
      // Not enough ink around the piece for this template's drawing. Half of it: the template is
      // drawn with the page's pen, measured on its pipes, and symbols are often drawn thinner.
      if (mp.inkIn(cx - tw, cy - th, cx + tw, cy + th) < 0.5 * v.ink) continue;
      let c: NccBest | null = null;
      for (const [ax, ay] of at) {
        const x = Math.round((cx - ax) / k);
        const y = Math.round((cy - ay) / k);
        const got = bestNcc(coarsePage, coarse, x - 2, y - 2, x + 2, y + 2);
        if (got && (!c || got.score > c.score)) c = got;
      }
      const trace = TRACE && p[0] < TRACE[2] && p[2] > TRACE[0] && p[1] < TRACE[3] && p[3] > TRACE[1];
      if (trace) console.log('trace piece', p.join(','), 'entry', v.entry, 'rot', v.rot, 'scale', v.scale.toFixed(2), 'coarse', c?.score.toFixed(2), 'k', k);
      if (opts.coarseOnly) {
        if (c && c.score >= opts.minScore) found.push({ entry: v.entry, rot: v.rot, scale: v.scale, box: [c.x * k, c.y * k, c.x * k + tw, c.y * k + th], score: c.score, variant: vi });
        continue;
      }
      if (!c || c.score < opts.minScore - 0.2) continue;
      // Refined level by level in small windows.
      let f: NccBest | null = c;
      for (let j = 1; j < levels.length && f; j++) {
        const ratio = levels[j - 1]! / levels[j]!;
        const r = Math.ceil(ratio) + 1;
        f = bestNcc(mp.level(levels[j]!), templateAt(v, levels[j]!), Math.round(f.x * ratio) - r, Math.round(f.y * ratio) - r, Math.round(f.x * ratio) + r, Math.round(f.y * ratio) + r);
      }
      if (trace) console.log('   fine', f?.score.toFixed(2), 'cover', f ? markCover(v, mp.ink, f.x * last, f.y * last).toFixed(2) : '-');
      if (!f || !(f.score >= opts.minScore)) continue;
      const x = f.x * last;
      const y = f.y * last;
      if (markCover(v, mp.ink, x, y) < MIN_COVER) continue;
      const hit: SymbolHit = { entry: v.entry, rot: v.rot, scale: v.scale, box: [x, y, x + tw, y + th], score: Math.min(1, f.score), variant: vi };
      if (!found.some((h) => iou(h.box, hit.box) > 0.7)) found.push(hit);
    }
    hits.push(...found);
    claimed.push(...found);
  }
  return hits;
}

/** The best correlation of a template near a box (within `reach` pixels), at its final level. */
export function scoreNear(mp: MatchPage, v: Variant, box: BBox, reach: number, across = 40): NccBest | null {
  // `across` pixels on the template's smaller side: 40 tells a scale 1 per cent off, 16 is cheap.
  const last = snap(Math.floor(Math.min(v.img.width, v.img.height) / across));
  const r = Math.ceil(reach / last) + 1;
  const x = Math.round(box[0] / last);
  const y = Math.round(box[1] / last);
  const f = bestNcc(mp.level(last), templateAt(v, last), x - r, y - r, x + r, y + r);
  return f ? { x: f.x * last, y: f.y * last, score: f.score } : null;
}

/**
 * The kept symbols: best first, each suppressing the candidates it overlaps; before a candidate
 * is kept, a larger candidate containing it that scores within `prefer` of it takes its place.
 */
export function selectHits(hits: SymbolHit[], minScore: number, prefer = 0.06): SymbolHit[] {
  const pool = hits.filter((h) => h.score >= minScore).sort((a, b) => b.score - a.score);
  const kept: SymbolHit[] = [];
  const clash = (a: BBox, b: BBox): boolean => iou(a, b) > 0.3 || inter(a, b) > 0.6 * Math.min(area(a), area(b));
  const taken = new Set<SymbolHit>();
  for (const h of pool) {
    if (taken.has(h)) continue;
    let pick = h;
    for (const o of pool) {
      if (taken.has(o) || o === pick || o.score < pick.score - prefer) continue;
      if (area(o.box) > 1.3 * area(pick.box) && inter(o.box, pick.box) > 0.8 * area(pick.box)) pick = o;
    }
    if (kept.some((k) => clash(k.box, pick.box))) {
      taken.add(h);
      continue;
    }
    kept.push(pick);
    for (const o of pool) if (clash(o.box, pick.box)) taken.add(o);
  }
  return kept;
}
