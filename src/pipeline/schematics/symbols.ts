// Symbols of a sheet from its legend: templates from the legend pictures, the scale the legend is
// drawn at relative to the drawing (the whole legend's first, then, for pictures that found
// nothing, their own: big equipment is often drawn smaller in a legend), then matching at the
// page's residual pieces.
import type { BBox } from '../types.js';
import { MatchPage, matchPieces, scoreNear, seedsOf, selectHits, type SymbolHit } from './match.js';
import { nccStats } from './ncc.js';
import type { GreyPixels, Mask } from './raster.js';
import { pieces, withoutLongRuns } from './residual.js';
import { cutMask, inkBox, scaledPicture, variantsOf, type Turn, type Variant } from './templates.js';

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

async function variantsFor(ctx: SymbolContext, masks: Array<Pic | null>, entries: number[], scale: number, turns?: readonly Turn[]): Promise<Variant[]> {
  const out: Variant[] = [];
  for (const i of entries) {
    const pic0 = masks[i];
    if (!pic0) continue;
    const m = pic0.mask;
    // A symbol drawn no bigger than a letter cannot be told from text: not at this scale.
    if (Math.max(m.width, m.height) * scale < 1.2 * ctx.th) continue;
    const pic = await scaledPicture(m, scale, ctx.stroke, pic0.pen);
    out.push(...variantsOf(i, pic, scale, PAD, Math.round(4 * ctx.th), 0.4 * ctx.th, turns));
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

const total = (hits: SymbolHit[]): number => hits.reduce((s, h) => s + h.score, 0);

/** Legend entries a set of matches explains, by the best match of each. */
function entryScore(hits: SymbolHit[]): number {
  const perEntry = new Map<number, number>();
  for (const h of hits) perEntry.set(h.entry, Math.max(perEntry.get(h.entry) ?? 0, h.score));
  return [...perEntry.values()].reduce((a, b) => a + b, 0);
}

export interface SymbolDetection {
  hits: SymbolHit[];
  /** Scale of the legend pictures on the drawing, per legend entry (null: nothing found). */
  scales: Array<number | null>;
}

const area = (b: BBox): number => (b[2] - b[0]) * (b[3] - b[1]);
const covered = (p: BBox, hits: SymbolHit[]): boolean =>
  hits.some((h) => Math.max(0, Math.min(p[2], h.box[2]) - Math.max(p[0], h.box[0])) * Math.max(0, Math.min(p[3], h.box[3]) - Math.max(p[1], h.box[1])) > 0.5 * area(p));

/**
 * A legend picture's own scale on the drawing: candidates from piece sizes, a coarse match (which
 * forgives a wrong scale) to find where it may be, then the scale that fits that place best in
 * steps of 1.5 per cent (thin strokes line up only within a few per cent), then all its matches.
 */
async function ownScale(ctx: SymbolContext, mp: MatchPage, masks: Array<Pic | null>, i: number, left: BBox[], least: number): Promise<{ scale: number; hits: SymbolHit[] } | null> {
  const own = await variantsFor(ctx, masks, [i], 1);
  let found: { scale: number; hits: SymbolHit[] } | null = null;
  for (const voted of scaleVotes(left, own, 2, ctx.stroke, least)) {
    const rough = await variantsFor(ctx, masks, [i], voted);
    const places = (await matchPieces(mp, left, rough, { minScore: 0.35, coarseOnly: true })).sort((a, b) => b.score - a.score).slice(0, 6);
    const fit = { scale: voted, score: -Infinity };
    const turns = [...new Set(places.map((p) => rough[p.variant]!.rot))];
    const fitAt = async (f: number): Promise<void> => {
      const vs = await variantsFor(ctx, masks, [i], voted * f, turns);
      for (const place of places) {
        const v = vs.find((x) => x.rot === rough[place.variant]!.rot);
        if (!v) continue;
        const cx = (place.box[0] + place.box[2]) / 2;
        const cy = (place.box[1] + place.box[3]) / 2;
        const at: BBox = [cx - v.img.width / 2, cy - v.img.height / 2, cx + v.img.width / 2, cy + v.img.height / 2];
        const got = scoreNear(mp, v, at, 0.12 * Math.max(v.img.width, v.img.height));
        if (got && got.score > fit.score) {
          fit.scale = voted * f;
          fit.score = got.score;
        }
      }
    };
    // 3 per cent steps over +-18 per cent, then 1 per cent steps around the best.
    for (let f = 0.82; f <= 1.19; f += 0.03) await fitAt(f);
    const mid = fit.scale / voted;
    for (const d of [-0.02, -0.01, 0.01, 0.02]) await fitAt(mid + d);
    if (process.env.DEBUG_SYM) console.log('fit entry', i, 'voted', voted.toFixed(2), 'places', places.map((p) => `${p.box.map(Math.round).join(',')}@${p.score.toFixed(2)}`).join(' '), 'fit', `${fit.scale.toFixed(3)}:${fit.score.toFixed(2)}`);
    if (fit.score < MIN_SCORE) continue;
    const vs = await variantsFor(ctx, masks, [i], fit.scale);
    const got = selectHits(await matchPieces(mp, left, vs, { minScore: MIN_SCORE }), MIN_SCORE);
    if (process.env.DEBUG_SYM) console.log('rescue entry', i, 'voted', voted.toFixed(2), 'fit', fit.scale.toFixed(3), fit.score.toFixed(2), 'hits', got.length);
    if (got.length > 0 && (!found || total(got) > total(found.hits))) found = { scale: fit.scale, hits: got };
  }
  return found;
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

export async function detectSymbols(ctx: SymbolContext, legend: LegendPicture[], sameScale: boolean): Promise<SymbolDetection> {
  const t0 = performance.now();
  const found = pagePieces(ctx);
  const mp = new MatchPage(ctx.page, ctx.cleanMask);
  const masks = legendMasks(ctx, legend);
  const biggest = Math.max(0, ...masks.map((m) => (m ? Math.max(m.mask.width, m.mask.height) : 0)));
  // Pieces of the long-stroke residual stand alone: they only add what the other has not.
  const pagePs = [...seedsOf(found.short, 0.5 * ctx.th, 1.2 * biggest), ...found.long];
  const all = masks.map((_, i) => i);
  const unit = await variantsFor(ctx, masks, all, 1);
  // The legend's scale: tried on a sample of the page's pieces.
  const sample = pagePs.filter((_, i) => i % Math.max(1, Math.floor(pagePs.length / 35)) === 0);
  const voted = scaleVotes(pagePs, unit, 5, ctx.stroke).filter((s) => !sameScale || Math.abs(Math.log2(s)) >= 0.05);
  // The votes screened on the coarse level (cheap, and forgiving of a scale a little off).
  const screened: Array<{ s: number; score: number }> = [];
  for (const s of voted) {
    const vs = await variantsFor(ctx, masks, all, s);
    if (new Set(vs.map((v) => v.entry)).size < 0.6 * masks.filter((m) => m).length) continue;
    screened.push({ s, score: entryScore(selectHits(await matchPieces(mp, sample, vs, { minScore: 0.5, coarseOnly: true }), 0.5)) });
  }
  screened.sort((a, b) => b.score - a.score);
  const candidates = [...(sameScale ? [1] : []), ...screened.slice(0, 2).map((x) => x.s)];
  let best = { scale: 1, score: -1, variants: unit };
  for (const s of candidates) {
    const vs = s === 1 ? unit : await variantsFor(ctx, masks, all, s);
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
  let candidatesHits = await matchPieces(mp, pagePs, best.variants, { minScore: 0.45 });
  lap('main');
  let hits = selectHits(candidatesHits, MIN_SCORE);
  const scales: Array<number | null> = masks.map((_, i) => (hits.some((h) => h.entry === i) ? best.scale : null));
  // Pictures that found nothing at the legend's scale: a larger one of their own (legends draw
  // big equipment smaller), tried on the sizeable pieces left.
  const left = pagePs.filter((p) => !covered(p, hits) && Math.max(p[2] - p[0], p[3] - p[1]) >= 1.5 * ctx.th);
  if (process.env.TRACE_BOX) {
    const t = process.env.TRACE_BOX.split(',').map(Number);
    const near = (p: BBox): boolean => p[0] < t[2]! && p[2] > t[0]! && p[1] < t[3]! && p[3] > t[1]!;
    console.log('seeds near', pagePs.filter(near).map((p) => p.join(',')).join(' | '), 'left', left.filter(near).map((p) => p.join(',')).join(' | '), 'hits near', hits.filter((h) => near(h.box)).map((h) => `${h.entry}@${h.score.toFixed(2)}`).join(' '));
  }
  for (const i of all) {
    if (scales[i] !== null || !masks[i] || left.length === 0) continue;
    const found = await ownScale(ctx, mp, masks, i, left, 1.15 * best.scale);
    if (found) {
      scales[i] = found.scale;
      candidatesHits = [...candidatesHits, ...found.hits];
      hits = selectHits(candidatesHits, MIN_SCORE);
    }
  }
  lap('rescue');
  return { hits, scales };
}
