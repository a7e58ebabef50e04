// Symbols of a sheet from its legend: templates from the legend pictures, the scale the legend is
// drawn at relative to the drawing (the whole legend's first, then, for pictures that found
// nothing, their own: big equipment is often drawn smaller in a legend), then matching at the
// page's residual pieces.
import { iou } from '../page-helpers/template-match.js';
import type { BBox } from '../types.js';
import { markCover, MatchPage, MIN_COVER, matchPieces, scoreNear, seedsOf, selectHits, type SymbolHit } from './match.js';
import { preferFuller, type Proposal } from './fuller.js';
import { nccStats } from './ncc.js';
import type { GreyPixels, Mask } from './raster.js';
import { pieces, withoutLongRuns } from './residual.js';
import { rivalWins } from './rivals.js';
import { TemplateCache } from './template-cache.js';
import { cutMask, inkBox, padMask, scaledPicture, turnMask, type Turn, type Variant } from './templates.js';

export interface LegendPicture {
  /** Cut from the working mask (a legend on this sheet) ... */
  box?: BBox;
  /** ... or a separate picture's ink mask at its own scale ... */
  picture?: Mask;
  /** ... drawn with a pen this wide (the page's pen for a legend on the sheet). */
  pen?: number;
}

export interface SymbolContext {
  /** The working mask softened (templates.soften), text removed: what templates are matched on. */
  page: GreyPixels;
  cleanMask: Mask;
  th: number;
  stroke: number;
  /** Where the page's legend is: nothing there is a symbol of the drawing. */
  exclude: BBox[];
  /** The working mask with its text: a symbol's small stroke read as a letter is still there. */
  inkWithText?: Mask;
}

export const MIN_SCORE = 0.62;
export const PAD = 2;

const centreIn = (b: BBox, r: BBox): boolean => (b[0] + b[2]) / 2 >= r[0] && (b[0] + b[2]) / 2 <= r[2] && (b[1] + b[3]) / 2 >= r[1] && (b[1] + b[3]) / 2 <= r[3];

/**
 * The page's residual pieces outside the excluded regions: without strokes of four text heights
 * or more, and (for symbols drawn only in straight strokes a little longer than that, such as a
 * boxed fuse) without strokes of ten, where that shows something new.
 */
export function pagePieces(ctx: SymbolContext): { short: BBox[]; long: BBox[] } {
  const short = pieces(withoutLongRuns(ctx.cleanMask, Math.round(4 * ctx.th)), 0.6 * ctx.th);
  const long = pieces(withoutLongRuns(ctx.cleanMask, Math.round(10 * ctx.th)), 0.6 * ctx.th).filter((p) => !short.some((q) => centreIn(q, p)));
  const keep = (p: BBox): boolean => !ctx.exclude.some((r) => centreIn(p, r));
  return { short: short.filter(keep), long: long.filter(keep) };
}

/** A legend picture: its trimmed ink and its pen's width. */
export interface Pic {
  mask: Mask;
  pen: number;
}

/** Each legend picture as a trimmed ink mask (null when blank). */
export function legendMasks(ctx: SymbolContext, legend: LegendPicture[]): Array<Pic | null> {
  return legend.map((l) => {
    const m = l.box ? cutMask(ctx.cleanMask, l.box) : (l.picture ?? null);
    if (!m) return null;
    const b = inkBox(m);
    return b && b[2] - b[0] >= 3 && b[3] - b[1] >= 3 ? { mask: cutMask(m, b), pen: l.box ? ctx.stroke : (l.pen ?? ctx.stroke) } : null;
  });
}

/** Templates made once per detection (one context per detectSymbols call). */
const caches = new WeakMap<SymbolContext, TemplateCache>();
function templatesOf(ctx: SymbolContext): TemplateCache {
  let c = caches.get(ctx);
  if (!c) {
    c = new TemplateCache({ stroke: ctx.stroke, pad: PAD, minRun: Math.round(4 * ctx.th), minPiece: 0.4 * ctx.th });
    caches.set(ctx, c);
  }
  return c;
}

async function variantsFor(ctx: SymbolContext, masks: Array<Pic | null>, entries: number[], scale: number, turns?: readonly Turn[]): Promise<Variant[]> {
  const out: Variant[] = [];
  for (const i of entries) {
    const pic0 = masks[i];
    if (!pic0) continue;
    const m = pic0.mask;
    // A symbol drawn no bigger than a letter cannot be told from text: not at this scale.
    if (Math.max(m.width, m.height) * scale < 1.2 * ctx.th) continue;
    out.push(...(await templatesOf(ctx).variants(i, m, pic0.pen, scale, turns)));
  }
  return out;
}

/** Scales suggested by page pieces and picture pieces of like shape, most common first. */
function scaleVotes(pagePs: BBox[], variants: Variant[], limit: number, pen: number, least = 0.4): number[] {
  const bins = new Map<number, number>();
  for (const v of variants) {
    for (const t of v.blobs.slice(0, 2)) {
      // Sizes without the pen's width: the pen stays the same when a picture is drawn smaller.
      const tw = t[2] - t[0] - pen;
      const th = t[3] - t[1] - pen;
      if (Math.min(tw, th) < 5) continue;
      for (const p of pagePs) {
        const rx = (p[2] - p[0] - pen) / tw;
        const ry = (p[3] - p[1] - pen) / th;
        if (rx < least || rx > 3.5 || Math.abs(rx - ry) > 0.08 * rx) continue;
        const k = Math.round(Math.log2((rx + ry) / 2) / 0.05);
        bins.set(k, (bins.get(k) ?? 0) + 1);
      }
    }
  }
  const smooth = [...bins.keys()].map((k) => [k, (bins.get(k - 1) ?? 0) * 0.5 + bins.get(k)! + (bins.get(k + 1) ?? 0) * 0.5] as const);
  smooth.sort((a, b) => b[1] - a[1]);
  const out: number[] = [];
  for (const [k] of smooth) {
    const s = 2 ** (k * 0.05);
    if (!out.some((o) => Math.abs(Math.log2(o / s)) < 0.1)) out.push(s);
    if (out.length === limit) break;
  }
  return out;
}

/** Legend entries a set of matches explains, by the best match of each. */
function entryScore(hits: SymbolHit[]): number {
  const perEntry = new Map<number, number>();
  for (const h of hits) perEntry.set(h.entry, Math.max(perEntry.get(h.entry) ?? 0, h.score));
  return [...perEntry.values()].reduce((a, b) => a + b, 0);
}

export interface SymbolDetection {
  hits: SymbolHit[];
  /** The legend pictures the hits' entries index. */
  pictures: Array<Pic | null>;
  /** Scale of the legend pictures on the drawing, per legend entry (null: nothing found). */
  scales: Array<number | null>;
}

const area = (b: BBox): number => (b[2] - b[0]) * (b[3] - b[1]);
const covered = (p: BBox, hits: SymbolHit[]): boolean =>
  hits.some((h) => Math.max(0, Math.min(p[2], h.box[2]) - Math.max(p[0], h.box[0])) * Math.max(0, Math.min(p[3], h.box[3]) - Math.max(p[1], h.box[1])) > 0.5 * area(p));

/**
 * Short residual pieces that were matched only as part of a larger seed, explained by no kept
 * match and at least 1.5 text heights across. Pieces a seed grouped with a neighbour's (a turned
 * valve whose stem runs up to an instrument's bubble beside it) make a seed larger than either
 * template, where no template is laid: they are tried again on their own.
 */
export function piecesApart(short: BBox[], seeds: BBox[], hits: SymbolHit[], th: number): BBox[] {
  const tried = new Set(seeds.map((p) => p.join(',')));
  return short.filter((p) => !tried.has(p.join(',')) && !covered(p, hits) && Math.max(p[2] - p[0], p[3] - p[1]) >= 1.5 * th);
}

/** A template image only (no pieces or marks): for scoring scales and places quickly. */
function quickTemplate(ctx: SymbolContext, pic: Pic, scale: number, rot: Turn): Promise<Variant> {
  return templatesOf(ctx).quick(pic.mask, pic.pen, scale, rot);
}

type Place = { s: number; cx: number; cy: number; score: number };

/**
 * The scale and place that fit a picture best near a rough guess, coarsely: scales 4 per cent
 * apart over +-20 per cent on a coarse level (about 16 pixels across, forgiving), each within a
 * small window.
 */
async function roughPlace(ctx: SymbolContext, mp: MatchPage, pic: Pic, rot: Turn, cx: number, cy: number, s0: number): Promise<Place> {
  let best = { s: s0, cx, cy, score: -Infinity };
  for (let f = 0.8; f <= 1.201; f += 0.04) {
    const v = await quickTemplate(ctx, pic, s0 * f, rot);
    const reach = 0.12 * Math.max(v.img.width, v.img.height);
    const got = scoreNear(mp, v, [cx - v.img.width / 2, cy - v.img.height / 2, cx + v.img.width / 2, cy + v.img.height / 2], reach, 16);
    if (got && got.score > best.score) best = { s: s0 * f, cx: got.x + v.img.width / 2, cy: got.y + v.img.height / 2, score: got.score };
  }
  return best;
}

/** A rough place refined: scales 1 per cent apart over +-4 per cent at the scoring level. */
async function finePlace(ctx: SymbolContext, mp: MatchPage, pic: Pic, rot: Turn, rough: Place): Promise<Place> {
  let best = { ...rough, score: -Infinity };
  for (let f = 0.96; f <= 1.041; f += 0.01) {
    const v = await quickTemplate(ctx, pic, rough.s * f, rot);
    const got = scoreNear(mp, v, [rough.cx - v.img.width / 2, rough.cy - v.img.height / 2, rough.cx + v.img.width / 2, rough.cy + v.img.height / 2], 0.03 * Math.max(v.img.width, v.img.height) + 3);
    if (got && got.score > best.score) best = { s: rough.s * f, cx: got.x + v.img.width / 2, cy: got.y + v.img.height / 2, score: got.score };
  }
  return best;
}

/** Rough places within this much of the best rough one are refined (finePlace); the others not. */
export const FINE_WITHIN = 0.1;
/** At most this many rough places are refined. */
export const FINE_MOST = 2;

/**
 * Of rough places (roughPlace), the ones worth refining: the refinement moves a score by a few
 * hundredths, so a place far below the best coarsely does not win once refined, and refining
 * every guess (nine templates each) was the costliest step of the own-scale search.
 */
export function worthRefining<T extends { score: number }>(roughs: T[]): T[] {
  const top = Math.max(-Infinity, ...roughs.map((r) => r.score));
  return [...roughs].sort((a, b) => b.score - a.score).filter((r) => r.score >= top - FINE_WITHIN).slice(0, FINE_MOST);
}

/** Steps of the ladder of scales tried for a picture that no piece votes for (10 per cent apart: the fit that follows searches 20 per cent either side). */
const LADDER_STEP = 1.1;
/** Size (text heights, longer side) a symbol placed by a ladder fit must have when the picture's pieces voted elsewhere. */
const LADDER_MIN_SIZE = 8;
/** Largest own scale sought: legends draw big equipment at a quarter of its size at least. */
const MAX_OWN_SCALE = 4;

/**
 * Places and scales for a picture, from coarse matches at the pieces left on a ladder of scales
 * from `least` up: the best two at each scale, the best four overall.
 */
export async function ladderGuesses(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, i: number, left: BBox[], least: number): Promise<Array<{ s: number; rot: Turn; cx: number; cy: number; weight: number }>> {
  const out: Array<{ s: number; rot: Turn; cx: number; cy: number; weight: number }> = [];
  const pic = masks[i];
  // No symbol of the drawing is larger than two fifths of the sheet's shorter side.
  const largest = pic ? (0.4 * Math.min(ctx.page.width, ctx.page.height)) / Math.max(pic.mask.width, pic.mask.height) : 0;
  for (let s = least; s <= Math.min(MAX_OWN_SCALE, largest); s *= LADDER_STEP) {
    const vs = await variantsFor(ctx, masks, [i], s);
    if (vs.length === 0) continue;
    const got = (await matchPieces(mp, left, vs, { minScore: 0.45, coarseOnly: true })).sort((a, b) => b.score - a.score).slice(0, 2);
    for (const h of got) out.push({ s, rot: h.rot, cx: (h.box[0] + h.box[2]) / 2, cy: (h.box[1] + h.box[3]) / 2, weight: h.score });
  }
  return out.sort((a, b) => b.weight - a.weight).slice(0, 4);
}

/**
 * The place a picture's own-scale fit found, as a match, when matching at the pieces missed it,
 * and the variant with the page's pieces inside that match added to its anchors (template
 * coordinates). The fit searched a window; the pieces anchor on the template's own residual
 * pieces, and a symbol whose page pieces are not its template's (long strokes cut elsewhere by
 * the residual, like bars in a row) is then found nowhere, not even where the fit lies. Its
 * other copies on the sheet leave the same pieces as the one found.
 */
export function exemplar(mp: MatchPage, vs: Variant[], fit: { cx: number; cy: number; rot: Turn }, left: BBox[], hits: SymbolHit[]): { hit: SymbolHit; variant: Variant } | null {
  const vi = vs.findIndex((v) => v.rot === fit.rot);
  const v = vs[vi];
  if (!v) return null;
  const w = v.img.width;
  const h = v.img.height;
  const box: BBox = [fit.cx - w / 2, fit.cy - h / 2, fit.cx + w / 2, fit.cy + h / 2];
  if (hits.some((x) => iou(x.box, box) > 0.5)) return null;
  const got = scoreNear(mp, v, box, 3);
  if (!got || got.score < MIN_SCORE || markCover(v, mp.ink, got.x, got.y) < MIN_COVER) return null;
  const at: BBox = [got.x, got.y, got.x + w, got.y + h];
  const inside = left.filter((p) => centreIn(p, at) && p[2] - p[0] < w && p[3] - p[1] < h).map((p): BBox => [p[0] - got.x, p[1] - got.y, p[2] - got.x, p[3] - got.y]);
  return { hit: { entry: v.entry, rot: v.rot, scale: v.scale, box: at, score: Math.min(1, got.score), variant: vi }, variant: { ...v, parts: [...v.parts, ...inside] } };
}

/**
 * A legend picture's own scale on the drawing. Each piece left unexplained, set against each of
 * the picture's own residual pieces of like shape, proposes a scale and a place, and so do coarse
 * matches at the scales piece sizes vote for; the best few are fitted (roughPlace, finePlace) and the picture
 * is then matched everywhere at the scale that fits best.
 */
async function ownScale(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, i: number, left: BBox[], least: number): Promise<{ scale: number; hits: SymbolHit[] } | null> {
  const pic = masks[i];
  if (!pic) return null;
  const own = await variantsFor(ctx, masks, [i], 1);
  const pen = ctx.stroke;
  const guesses: Array<{ s: number; rot: Turn; cx: number; cy: number; weight: number }> = [];
  const bins = new Map<number, Array<{ s: number; rot: Turn; cx: number; cy: number }>>();
  for (const p of left) {
    const pw = p[2] - p[0] - pen;
    const ph = p[3] - p[1] - pen;
    for (const v of own) {
      for (const b of v.blobs.slice(0, 3)) {
        const bw = b[2] - b[0] - pen;
        const bh = b[3] - b[1] - pen;
        if (Math.min(bw, bh) < 4) continue;
        const rx = pw / bw;
        const ry = ph / bh;
        if (rx < least || rx > 4 || Math.abs(rx - ry) > 0.1 * rx) continue;
        const sc = (rx + ry) / 2;
        // The template's centre, from the piece's centre and the template piece's offset in it.
        const cx = (p[0] + p[2]) / 2 + (v.img.width / 2 - (b[0] + b[2]) / 2) * sc;
        const cy = (p[1] + p[3]) / 2 + (v.img.height / 2 - (b[1] + b[3]) / 2) * sc;
        const bin = Math.round(Math.log2(sc) / 0.05);
        bins.set(bin, [...(bins.get(bin) ?? []), { s: sc, rot: v.rot, cx, cy }]);
      }
    }
  }
  for (const g of [...bins.values()].sort((a, b) => b.length - a.length).slice(0, 2)) for (const h of g.slice(0, 2)) guesses.push({ ...h, weight: g.length });
  for (const sc of scaleVotes(left, own, 2, pen, least)) {
    const rough = await variantsFor(ctx, masks, [i], sc);
    for (const h of (await matchPieces(mp, left, rough, { minScore: 0.35, coarseOnly: true })).sort((a, b) => b.score - a.score).slice(0, 2)) {
      guesses.push({ s: sc, rot: h.rot, cx: (h.box[0] + h.box[2]) / 2, cy: (h.box[1] + h.box[3]) / 2, weight: h.score });
    }
  }
  type Fit = { s: number; cx: number; cy: number; score: number; rot: Turn };
  const fitBest = async (gs: typeof guesses, from: Fit | null): Promise<Fit | null> => {
    let out = from;
    const roughs: Fit[] = [];
    for (const g of gs.slice(0, 6)) roughs.push({ ...(await roughPlace(ctx, mp, pic, g.rot, g.cx, g.cy, g.s)), rot: g.rot });
    for (const r of worthRefining(roughs)) {
      const fit = await finePlace(ctx, mp, pic, r.rot, r);
      if (!out || fit.score > out.score) out = { ...fit, rot: r.rot };
    }
    return out;
  };
  let best = guesses.length > 0 ? await fitBest(guesses, null) : null;
  // No piece of like shape to vote, or none whose votes fit: coarse matches on a ladder of
  // scales propose instead. A column's long sides and a flange's bars are all long or thin
  // strokes, gone from the residual; and a picture drawn two or three times larger on the sheet
  // loses more of its strokes to the residual's long-run cut there than in the legend (a
  // column's trays), so its pieces and the legend's pieces are not alike and vote elsewhere.
  // Only for a picture that places a big symbol (equipment, LADDER_MIN_SIZE text heights or
  // more) when its own pieces did vote: a small picture of a few strokes (a flange's two bars)
  // fits clutter, pipes beside a frame, at some scale of the ladder.
  if (guesses.length === 0) best = await fitBest(await ladderGuesses(ctx, mp, masks, i, left, least), best);
  else if (!best || best.score < MIN_SCORE) {
    const big = (s: number): boolean => Math.max(pic.mask.width, pic.mask.height) * s >= LADDER_MIN_SIZE * ctx.th;
    const fit = await fitBest((await ladderGuesses(ctx, mp, masks, i, left, Math.max(least, (LADDER_MIN_SIZE * ctx.th) / Math.max(pic.mask.width, pic.mask.height)))).filter((g) => big(g.s)), null);
    if (fit && big(fit.s) && (!best || fit.score > best.score)) best = fit;
  }
  if (process.env.DEBUG_SYM) console.log('own scale', i, 'guesses', guesses.length, 'fit', best?.s.toFixed(3), best?.score.toFixed(2));
  if (!best || best.score < MIN_SCORE) return null;
  const vs = await variantsFor(ctx, masks, [i], best.s);
  let hits = selectHits(await matchPieces(mp, left, vs, { minScore: MIN_SCORE }), MIN_SCORE);
  const ex = exemplar(mp, vs, best, left, hits);
  if (ex) hits = selectHits([...hits, ex.hit, ...(await matchPieces(mp, left, [ex.variant], { minScore: MIN_SCORE }))], MIN_SCORE);
  if (process.env.DEBUG_SYM) console.log('own scale', i, 'hits', hits.length, hits.map((h) => `${h.box.map(Math.round).join(',')}@${h.score.toFixed(2)}`).join(' '));
  return hits.length > 0 ? { scale: best.s, hits } : null;
}

/** The scale within +-10 per cent of `scale` whose templates fit the given matches best (mean score). */
async function refineScale(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, hits: SymbolHit[], scale: number): Promise<number> {
  const top = [...hits].sort((a, b) => b.score - a.score).slice(0, 12);
  if (top.length === 0) return scale;
  const entries = [...new Set(top.map((h) => h.entry))];
  const turns = [...new Set(top.map((h) => h.rot))];
  let best = { scale, score: -Infinity };
  for (let f = 0.9; f <= 1.101; f += 0.02) {
    const vs = await variantsFor(ctx, masks, entries, scale * f, turns);
    let sum = 0;
    for (const h of top) {
      const v = vs.find((x) => x.entry === h.entry && x.rot === h.rot);
      if (!v) continue;
      const cx = (h.box[0] + h.box[2]) / 2;
      const cy = (h.box[1] + h.box[3]) / 2;
      const got = scoreNear(mp, v, [cx - v.img.width / 2, cy - v.img.height / 2, cx + v.img.width / 2, cy + v.img.height / 2], 0.08 * Math.max(v.img.width, v.img.height) + 2);
      sum += got ? got.score : 0;
    }
    if (sum > best.score) best = { scale: scale * f, score: sum };
  }
  return best.scale;
}

/**
 * Each kept match moved to the best place within a fifth of its size, where that correlates
 * better. Matching refines a coarse guess in small windows only, and a symbol drawn in repeated
 * strokes (an exchanger's plates) also lines up one stroke over; left there, its outline stays
 * on the page and is traced as pipe.
 */
async function settle(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, hits: SymbolHit[]): Promise<SymbolHit[]> {
  const cache = new Map<string, Variant | undefined>();
  const out: SymbolHit[] = [];
  for (const h of hits) {
    const key = `${h.entry}|${h.scale}|${h.rot}`;
    if (!cache.has(key)) cache.set(key, (await variantsFor(ctx, masks, [h.entry], h.scale, [h.rot]))[0]);
    const v = cache.get(key);
    const got = v ? scoreNear(mp, v, h.box, 0.2 * Math.max(v.img.width, v.img.height)) : null;
    if (!v || !got || got.score <= h.score + 0.01 || markCover(v, mp.ink, got.x, got.y) < MIN_COVER) {
      out.push(h);
      continue;
    }
    out.push({ ...h, box: [got.x, got.y, got.x + v.img.width, got.y + v.img.height], score: Math.min(1, got.score) });
  }
  return out;
}

/** Other pictures at a kept match's scale, larger than it, each placed where it fits best around it (fuller.ts). */
async function fullerNear(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, h: SymbolHit): Promise<Proposal[]> {
  const w = h.box[2] - h.box[0];
  const ht = h.box[3] - h.box[1];
  const others = masks.flatMap((m, e) => (m && e !== h.entry ? [e] : []));
  const out: Proposal[] = [];
  for (const v of await variantsFor(ctx, masks, others, h.scale)) {
    if (v.img.width < w - 2 || v.img.height < ht - 2 || v.img.width * v.img.height < 1.2 * w * ht || v.img.width * v.img.height > 4 * w * ht) continue;
    const cx = (h.box[0] + h.box[2]) / 2;
    const cy = (h.box[1] + h.box[3]) / 2;
    const reach = Math.max(Math.abs(v.img.width - w), Math.abs(v.img.height - ht)) / 2 + 3;
    const got = scoreNear(mp, v, [cx - v.img.width / 2, cy - v.img.height / 2, cx + v.img.width / 2, cy + v.img.height / 2], reach);
    if (got) out.push({ hit: { entry: v.entry, rot: v.rot, scale: v.scale, box: [got.x, got.y, got.x + v.img.width, got.y + v.img.height], score: Math.min(1, got.score), variant: -1 }, variant: v });
  }
  return out;
}

/** A rival picture of a kept match scores at most this much less. */
const RIVAL_WITHIN = 0.08;

/**
 * Each kept match against the other pictures at its scale whose size is its own (within 15 per
 * cent), placed near it as settle places: one scoring nearly as well that explains the pixels
 * where the two differ clearly better takes the place (rivals.ts).
 */
async function preferRivals(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, hits: SymbolHit[]): Promise<SymbolHit[]> {
  const out: SymbolHit[] = [];
  for (const h of hits) {
    const pic = masks[h.entry];
    const w = h.box[2] - h.box[0];
    const ht = h.box[3] - h.box[1];
    let pick = h;
    if (pic) {
      const kept = { box: h.box, ink: await drawnHit(ctx.stroke, pic, h) };
      const others = masks.flatMap((m, e) => (m && e !== h.entry ? [e] : []));
      const rivals: SymbolHit[] = [];
      for (const [vi, v] of (await variantsFor(ctx, masks, others, h.scale)).entries()) {
        if (Math.abs(v.img.width - w) > 0.15 * w || Math.abs(v.img.height - ht) > 0.15 * ht) continue;
        const got = scoreNear(mp, v, h.box, 0.2 * Math.max(v.img.width, v.img.height));
        if (!got || got.score < h.score - RIVAL_WITHIN || markCover(v, mp.ink, got.x, got.y) < MIN_COVER) continue;
        rivals.push({ entry: v.entry, rot: v.rot, scale: v.scale, box: [got.x, got.y, got.x + v.img.width, got.y + v.img.height], score: Math.min(1, got.score), variant: vi });
      }
      for (const r of rivals.sort((a, b) => b.score - a.score)) {
        if (rivalWins(ctx.cleanMask, kept, { box: r.box, ink: await drawnHit(ctx.stroke, masks[r.entry]!, r) })) {
          pick = r;
          break;
        }
      }
    }
    out.push(pick);
  }
  return out;
}

export async function detectSymbols(ctx: SymbolContext, legend: LegendPicture[], sameScale: boolean): Promise<SymbolDetection> {
  const t0 = performance.now();
  const found = pagePieces(ctx);
  const mp = new MatchPage(ctx.page, ctx.cleanMask);
  const masks = legendMasks(ctx, legend);
  const biggest = Math.max(0, ...masks.map((m) => (m ? Math.max(m.mask.width, m.mask.height) : 0)));
  // Pieces of the long-stroke residual stand alone: they only add what the other has not. Those
  // a pipe cut apart (a tall orifice plate's halves, its sides too long for the short residual)
  // are also grouped, as the short ones are.
  const longGroups = seedsOf(found.long, 0.5 * ctx.th, 1.2 * biggest).filter((g) => !found.long.some((p) => p.every((v, k) => v === g[k])));
  const pagePs = [...seedsOf(found.short, 0.5 * ctx.th, 1.2 * biggest), ...found.long, ...longGroups];
  const all = masks.map((_, i) => i);
  const unit = await variantsFor(ctx, masks, all, 1);
  // The legend's scale: tried on a sample of the page's pieces.
  const sample = pagePs.filter((_, i) => i % Math.max(1, Math.floor(pagePs.length / 35)) === 0);
  const voted = scaleVotes(pagePs, unit, 5, ctx.stroke).filter((s) => !sameScale || Math.abs(Math.log2(s)) >= 0.05);
  // The votes screened on the coarse level (cheap, and forgiving of a scale a little off).
  const screened: Array<{ s: number; score: number; vs: Variant[] }> = [];
  for (const s of voted) {
    const vs = await variantsFor(ctx, masks, all, s);
    if (new Set(vs.map((v) => v.entry)).size < 0.6 * masks.filter((m) => m).length) continue;
    screened.push({ s, score: entryScore(selectHits(await matchPieces(mp, sample, vs, { minScore: 0.5, coarseOnly: true }), 0.5)), vs });
  }
  screened.sort((a, b) => b.score - a.score);
  const candidates = [...(sameScale ? [{ s: 1, vs: unit }] : []), ...screened.slice(0, 2)];
  let best = { scale: 1, score: -1, variants: unit };
  // The screened scales' variants are kept for scoring: made once, not twice.
  for (const { s, vs } of candidates) {
    // Most pictures would be letter-sized: not the legend's scale.
    if (new Set(vs.map((v) => v.entry)).size < 0.6 * masks.filter((m) => m).length) continue;
    // The legend's own scale is the usual case: another must do clearly better.
    // Scored by the legend entries it explains (the best match of each), so one picture matching
    // the page's clutter many times does not outweigh many pictures matching once.
    const score = entryScore(selectHits(await matchPieces(mp, sample, vs, { minScore: MIN_SCORE }), MIN_SCORE)) * (s === 1 && sameScale ? 1.25 : 1);
    if (process.env.DEBUG_SYM) console.log('scale', s.toFixed(2), 'score', score.toFixed(2));
    if (score > best.score) best = { scale: s, score, variants: vs };
  }
  // Thin strokes line up only within a few per cent of the right scale: the scale that fits the
  // best matches of the sample best, in 2 per cent steps.
  if (best.scale !== 1 || !sameScale) {
    const refined = await refineScale(ctx, mp, masks, selectHits(await matchPieces(mp, sample, best.variants, { minScore: 0.5 }), 0.5), best.scale);
    if (Math.abs(refined - best.scale) > 1e-6) best = { scale: refined, score: best.score, variants: await variantsFor(ctx, masks, all, refined) };
  }
  const lap = (what: string): void => {
    if (process.env.DEBUG_SYM) console.log(what, (performance.now() - t0).toFixed(0), 'ms, pieces', pagePs.length, JSON.stringify(nccStats));
  };
  lap('scale');
  // Flush seats in the main pass only: in the scale searches they fitted other places (clutter).
  let candidatesHits = await matchPieces(mp, pagePs, best.variants, { minScore: 0.45, flush: ctx.th });
  lap('main');
  let hits = selectHits(candidatesHits, MIN_SCORE);
  const apart = piecesApart(found.short, pagePs, hits, ctx.th);
  if (apart.length > 0) {
    candidatesHits = [...candidatesHits, ...(await matchPieces(mp, apart, best.variants, { minScore: 0.45, flush: ctx.th }))];
    hits = selectHits(candidatesHits, MIN_SCORE);
  }
  const scales: Array<number | null> = masks.map((_, i) => (hits.some((h) => h.entry === i) ? best.scale : null));
  // Pictures that found nothing at the legend's scale: a larger one of their own (legends draw
  // big equipment smaller), tried on the sizeable pieces left. Larger by as little as a few per
  // cent: thin strokes of a big picture drawn 4 per cent larger miss the legend's scale already.
  // Seeds; the pieces they group, apart (a big symbol's seed may hold a neighbour's mark too);
  // and pieces grouped over a text height up to four legend pictures across (a pipe into a big
  // symbol cuts its outline into pieces the legend's picture, drawn without pipes, has whole).
  const open = found.short.filter((p) => !covered(p, hits));
  const seen = new Set<string>();
  const left = [...pagePs, ...open, ...seedsOf(open, ctx.th, 4 * biggest)].filter((p) => {
    const k = p.join(',');
    if (seen.has(k)) return false;
    seen.add(k);
    return !covered(p, hits) && Math.max(p[2] - p[0], p[3] - p[1]) >= 1.5 * ctx.th;
  });
  if (process.env.TRACE_BOX) {
    const t = process.env.TRACE_BOX.split(',').map(Number);
    const near = (p: BBox): boolean => p[0] < t[2]! && p[2] > t[0]! && p[1] < t[3]! && p[3] > t[1]!;
    console.log('seeds near', pagePs.filter(near).map((p) => p.join(',')).join(' | '), 'left', left.filter(near).map((p) => p.join(',')).join(' | '), 'hits near', hits.filter((h) => near(h.box)).map((h) => `${h.entry}@${h.score.toFixed(2)}`).join(' '));
  }
  for (const i of all) {
    if (scales[i] !== null || !masks[i] || left.length === 0) continue;
    const found = await ownScale(ctx, mp, masks, i, left, 1.02 * best.scale);
    if (found) {
      scales[i] = found.scale;
      candidatesHits = [...candidatesHits, ...found.hits];
      hits = selectHits(candidatesHits, MIN_SCORE);
    }
  }
  lap('rescue');
  // Several pictures that found the same scale of their own, more than found the legend's: that
  // is the legend's scale, which the votes missed (a legend drawn at half size has pictures too
  // small to vote well). Every picture is matched again at it.
  const own = all.flatMap((i) => (scales[i] !== null && scales[i] !== best.scale ? [scales[i]!] : []));
  const atLegend = all.filter((i) => scales[i] === best.scale).length;
  const agree = own.map((a) => own.filter((b) => Math.abs(Math.log2(b / a)) <= 0.05));
  const most = agree.sort((a, b) => b.length - a.length)[0] ?? [];
  if (most.length >= 3 && most.length > atLegend) {
    const sorted = [...most].sort((a, b) => a - b);
    const middle = sorted[Math.floor(sorted.length / 2)]!;
    const consensus = await refineScale(ctx, mp, masks, hits.filter((h) => most.includes(h.scale)), middle);
    const vs = await variantsFor(ctx, masks, all, consensus);
    candidatesHits = [...candidatesHits, ...(await matchPieces(mp, pagePs, vs, { minScore: 0.45 }))];
    hits = selectHits(candidatesHits, MIN_SCORE);
    for (const i of all) if (scales[i] === null && hits.some((h) => h.entry === i)) scales[i] = consensus;
    if (process.env.DEBUG_SYM) console.log('consensus scale', consensus.toFixed(3), 'from', most.length, 'pictures');
  }
  hits = await settle(ctx, mp, masks, hits);
  hits = await preferRivals(ctx, mp, masks, hits);
  hits = await preferFuller(hits, ctx.inkWithText ?? ctx.cleanMask, (h) => fullerNear(ctx, mp, masks, h));
  lap('settle');
  return { hits, scales, pictures: masks };
}

/** A hit's template ink as drawn there: the box of the hit (padded by PAD), pixel for pixel. */
export async function drawnHit(stroke: number, pic: Pic, h: SymbolHit): Promise<Mask> {
  return padMask(turnMask(await scaledPicture(pic.mask, h.scale, stroke, pic.pen), h.rot), PAD);
}
