// Chart to data: text, colours and marks are found first; the kind of chart follows from the
// marks' geometry (a round blob is a pie, filled rectangles are bars, a traced curve is a line,
// scattered blobs are points); values come from the axes fitted to the tick labels.
import type { BBox, PageText, Word } from '../types.js';
import { applyReadings, findAxis, joinSplitNumbers, levelWithColumn, type Axis } from './axes.js';
import { axisTicks } from './axis-ticks.js';
import { barCores } from './bar-core.js';
import { centreline, continuity, coverage, withoutCrumbs } from './lines.js';
import sharp from 'sharp';
import { components, findLegend, findRules, isLegendMark, ruledArea, withoutRules, type Component, type LegendEntry, type Rules } from './marks.js';
import { joinAcrossRules, ruleLines } from './cut-marks.js';
import { besideSwatch, darkInk, layoutSheet, readCrops, trusted, unreadText } from './crops.js';
import { findDisk, solidWithin } from './pie.js';
import { flattenPanel } from './panel.js';
import { readPowersOfTen, rereadExponents } from './powers.js';
import { shedStrayGlyphs } from './stray-glyphs.js';
import { completeLegendColumns } from './legend-column.js';
import { splitCombs } from './combs.js';
import { dropMarkerReadings } from './marker-words.js';
import { elongation } from './elongation.js';
import { joinNumberCrops, replaceJoined } from './number-crops.js';
import { readTurnedLabels } from './rotated-labels.js';
import { closedFrame, crumbs, outlineColours, outsideFrame, thinStrokeShare } from './mark-filters.js';
import { prepareScan } from './scan.js';
import { brokenRules } from './broken-rules.js';
import { panelClusters } from './scan-panel.js';
import { bottomTicks } from './ticks.js';
import { pointBetween } from './decimal-point.js';
import { chroma, clusterColours, decodeRgb, inkBins, NOISY_GRAIN, tintOf, type ColourClusters, type InkBins, type Raster, type Rgb } from './raster.js';
import { cx, cy, dropDrawnWords, phrases, recogniseWords, textHeight, textMask, type Phrase } from './text.js';
import type { ChartExtraction, FigureInput } from './types.js';
import { readBars } from './read-bars.js';
import { readLines, readPie, readScatter } from './read-marks.js';
import { empty, inside, isBarLike, plotArea, type Scene } from './scene.js';

/** Below this chroma a scan's series colour is grey (a rendered chart's line is 36; a scan's gridlines stay under 10). */
const SCAN_GREY = 26;

export async function extractChart(input: FigureInput): Promise<ChartExtraction> {
  const decoded = await decodeRgb(input.png);
  // A tinted plot panel is read as plain paper with a frame; its even tint would pass for a scan's grain.
  // (A scan's noisy paper has no one exact colour over a large share of the picture: found on rendered charts only.)
  const original = flattenPanel(decoded);
  const prepared = await prepareScan(original, input.words === undefined);
  const result = await extractPrepared(prepared.raster, input);
  if (prepared.skew !== 0 && result.plot_area) result.plot_area = unturn(result.plot_area, prepared.skew, prepared.raster, original);
  return result;
}

/** A box of the upright picture in the original's pixels (turned back about the centres). */
function unturn(b: BBox, skew: number, turned: Raster, original: Raster): BBox {
  const a = (skew * Math.PI) / 180, cos = Math.cos(a), sin = Math.sin(a);
  const pts = [[b[0], b[1]], [b[2], b[1]], [b[0], b[3]], [b[2], b[3]]].map(([x, y]) => {
    const dx = x! - turned.width / 2, dy = y! - turned.height / 2;
    return [original.width / 2 + cos * dx - sin * dy, original.height / 2 + sin * dx + cos * dy] as const;
  });
  const r = (v: number): number => Math.round(v);
  return [r(Math.max(0, Math.min(...pts.map((p) => p[0])))), r(Math.max(0, Math.min(...pts.map((p) => p[1])))), r(Math.min(original.width, Math.max(...pts.map((p) => p[0])))), r(Math.min(original.height, Math.max(...pts.map((p) => p[1]))))];
}

async function extractPrepared(raster: Raster, input: FigureInput): Promise<ChartExtraction> {
  const { width, height } = raster;
  if (input.words) return analyse(raster, input.words, []);
  const { ocr } = input;
  if (!ocr) return analyse(raster, [], ['No text was given and no OCR is available: axes and labels cannot be read.']);
  // OCR reads the picture without its rules first: gridlines and ticks beside labels turn into characters.
  const bins = inkBins(raster);
  const first = clusterColours(raster, undefined, false, bins);
  const bg = first.background;
  const rules = findRules(first, width, height, raster.rgb);
  // On a scan a blurred grey axis can fall outside the rules' grey clusters: its line and ticks,
  // found from dark ink alone, are kept from OCR (a tick beside a label read as its last glyph)
  // and from the marks, as a clean chart's are with its rules: a row of ticks reads as thin bars,
  // and the line's pale rim, cut between the ticks, joins a pale series as a row of dashes (a
  // scatter read as a line).
  const axes = (raster.grain ?? 0) >= NOISY_GRAIN ? axisTicks(raster.rgb, width, height, bg) : undefined;
  const clean = withoutRules(raster.rgb, axes ? union(axes.ocr, rules.mask) : rules.mask, [Math.round(bg[0]), Math.round(bg[1]), Math.round(bg[2])], width);
  // OCR reads in a process of its own: started first, it runs while the pixel work that needs no
  // words is done here, in steps that give the event loop back (each step of the reading, the
  // PNG written and handed over, waits for it).
  const reading = sharp(clean, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer()
    .then((png) => recogniseWords(png, width, height, ocr));
  reading.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  await yieldToEvents();
  const lines = ruleLines(rules.mask, width, height);
  await yieldToEvents();
  const dark = darkInk(clean, width, height, bg);
  const image = { rgb: clean, width, bg: [Math.round(bg[0]), Math.round(bg[1]), Math.round(bg[2])] as Rgb };
  const words = dropMarkerReadings(dropDrawnWords(await reading, raster.rgb, width, bg), ruledArea(rules), image);
  const read = await withCropReadings(raster, clean, dark, words, rules, bg, ocr);
  return analyse(raster, readPowersOfTen(read, raster, bg, await rereadExponents(read, raster, bg, ocr)), [], { rules, lines, bins }, axes?.ocr);
}

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function union(a: Uint8Array, b: Uint8Array): Uint8Array {
  return orInto(Uint8Array.from(a), b);
}

/** `into` |= `b`, pixel by pixel (a small function of its own: V8 optimises it once for every chart). */
function orInto(into: Uint8Array, b: Uint8Array): Uint8Array {
  for (let i = 0; i < into.length; i++) into[i] = into[i]! | b[i]!;
  return into;
}

/**
 * Dark text no trusted word covers (outside the plot, or beside a coloured swatch inside it) is
 * read again from enlarged crops; those readings replace the unsure words they overlap.
 */
async function withCropReadings(raster: Raster, clean: Uint8Array, dark: Uint8Array, given: Word[], rules: Rules, bg: Rgb, ocr: (png: Buffer) => Promise<PageText>): Promise<Word[]> {
  const { width, height, rgb } = raster;
  let words = given;
  const sure = words.filter(trusted);
  const covered = textMask(sure, width, height);
  orInto(covered, rules.mask);
  const th = textHeight(phrases(sure.length ? sure : words));
  const ruled = ruledArea(rules);
  const inPlot = (b: BBox): boolean => ruled !== undefined && cx(b) > ruled[0] + 2 && cx(b) < ruled[2] - 2 && cy(b) > ruled[1] + 2 && cy(b) < ruled[3] - 2;
  const turned = await readTurnedLabels(clean, width, height, withoutMask(dark, rules.mask), bg, th, ocr);
  if (turned.blobs.length) {
    // The turned labels' ink is read: whatever OCR made of it goes, and the crop pass leaves it.
    const owned = new Uint8Array(width * height);
    for (const b of turned.blobs) for (const p of b.pixels) owned[p] = 1;
    words = words.filter((w) => !mostlyOwned(w.bbox, owned, dark, width));
    orInto(covered, owned);
    words = [...words, ...turned.words];
  }
  const unread = unreadText(clean, width, height, bg, covered, th, (b) => !inPlot(b) || besideSwatch(rgb, width, height, b, th), dark, (raster.grain ?? 0) >= NOISY_GRAIN, inPlot);
  if (unread.boxes.length === 0) return words;
  const { glyphs } = unread;
  const { boxes, joined } = joinNumberCrops(unread.boxes, words, glyphs, clean, width, height, bg, th);
  // Crops of marks (two touching squares' seam) read as letters too; a crop's box often holds a
  // legend swatch larger than its short dark name ("Q3"), so only words with almost no dark ink go.
  const read = dropDrawnWords(await readCrops(layoutSheet(clean, width, height, bg, boxes, glyphs, th), ocr), rgb, width, bg, 0.05);
  const { words: rest, found } = replaceJoined(words, read, joined, overlapShare);
  const kept = rest.filter((w) => trusted(w) || !found.some((f) => overlapShare(f.bbox, w.bbox) > 0.3));
  return [...kept, ...found];
}

function withoutMask(ink: Uint8Array, mask: Uint8Array): Uint8Array {
  const out = Uint8Array.from(ink);
  for (let i = 0; i < out.length; i++) if (mask[i]) out[i] = 0;
  return out;
}

/** Half or more of the dark ink in the box is `owned`. */
function mostlyOwned(b: BBox, owned: Uint8Array, dark: Uint8Array, width: number): boolean {
  let d = 0, o = 0;
  for (let y = Math.max(0, Math.floor(b[1])); y < Math.ceil(b[3]); y++)
    for (let x = Math.max(0, Math.floor(b[0])); x < Math.min(width, Math.ceil(b[2])); x++) {
      const i = y * width + x;
      if (i >= dark.length || !dark[i]) continue;
      d++;
      if (owned[i]) o++;
    }
  return d > 0 && o >= 0.5 * d;
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
}

/** What the OCR path found before the text was read: none of it depends on the text. */
interface Known {
  rules: Rules;
  /** `ruleLines` of the rules' mask. */
  lines: Uint8Array;
  bins: InkBins;
}

/** `known`: see Known; `axis`: axis lines and ticks found from dark ink, no marks. */
function analyse(raster: Raster, words: Word[], warnings: string[], known?: Known, axis?: Uint8Array): ChartExtraction {
  const { width, height } = raster;
  let ps = phrases(words);
  const th = textHeight(ps);
  const tmask = textMask(words, width, height, raster.rgb);
  const clusters = clusterColours(raster, tmask, true, known?.bins);
  const rules = known?.rules ?? findRules(clusters, width, height, raster.rgb);
  const skip = new Uint8Array(width * height);
  skip.set(tmask);
  orInto(skip, rules.mask);
  if (axis) orInto(skip, axis);
  // Pale gridlines a scan's grain broke into pieces are no marks either.
  if ((raster.grain ?? 0) >= NOISY_GRAIN) orInto(skip, brokenRules(clusters, width, height, SCAN_GREY));
  // Solid cores and contacts per colour, counted again only when a pass relabels pixels.
  const count = (): PixelStats => solidPixels(clusters.label, skip, width, height, clusters.centres);
  let stats = count();
  if (mergeRims(clusters, raster, stats)) stats = count();
  if (detachRims(clusters, width, height, stats)) stats = count();
  const comps = splitCombs(joinAcrossRules(components(clusters, width, height, skip), known?.lines ?? ruleLines(rules.mask, width, height), width, height), width);
  const ruled = ruledArea(rules);
  // Three aligned labels make an axis anywhere; two only where tick labels belong (left of or below the frame).
  const leftOf = (p: Phrase): boolean => p.bbox[2] <= (ruled ? ruled[0] + 3 : 0.3 * width);
  const below = (p: Phrase): boolean => p.bbox[1] >= (ruled ? ruled[3] - 3 : 0.6 * height);
  const scan = (raster.grain ?? 0) >= NOISY_GRAIN;
  let yAxis = findAxis(ps, 'y', new Set(), 3, scan) ?? findAxis(ps.filter(leftOf), 'y', new Set(), 2, scan);
  // Tick labels split at a lost decimal point ("0" "8") are read whole when that explains as many ticks
  // (every label of a column split alike explains them in both readings; the pieces alone read 0.8 as 8).
  const joined = joinSplitNumbers(ps, (a, b) => pointBetween(raster.rgb, width, height, clusters.background, a, b));
  const yJoined = joined.length < ps.length ? findAxis(joined, 'y', new Set(), 3, scan) : undefined;
  if (yJoined && yJoined.labels.length >= (yAxis?.labels.length ?? 0)) {
    ps = joined;
    yAxis = yJoined;
  }
  // A tick label joined to a stray glyph of the turned axis title ("c 10") is read alone where that explains more ticks.
  const shed = shedStrayGlyphs(ps);
  const yShed = shed.length > ps.length ? findAxis(shed, 'y', new Set(), 3, scan) : undefined;
  if (yShed && yShed.labels.length > (yAxis?.labels.length ?? 0)) {
    ps = shed;
    yAxis = yShed;
  }
  const beyondY = (ax: Axis | undefined): Axis | undefined => (levelWithColumn(ax, yAxis, th) ? undefined : ax);
  const xAxis = beyondY(findAxis(ps, 'x', new Set(yAxis?.labels ?? []), 3, scan)) ?? beyondY(findAxis(ps.filter(below), 'x', new Set(yAxis?.labels ?? []), 2, scan));
  applyReadings(yAxis);
  applyReadings(xAxis);
  const plot = plotArea(ruled, xAxis, yAxis, width, height);

  // Series colours: enough mark area; greys only inside the plot (outside they are stray text).
  const minArea = Math.max(30, Math.round(width * height * 0.0003));
  const area = new Map<number, { all: number; inside: number }>();
  for (const c of comps) {
    const a = area.get(c.cluster) ?? { all: 0, inside: 0 };
    a.all += c.area;
    if (inside(c.bbox, plot, 3)) a.inside += c.area;
    area.set(c.cluster, a);
  }
  const solid = stats;
  // A scan's squeezed levels take chroma from every colour: a pale series (chroma 38 as drawn)
  // falls under the rendered chart's grey line and would count only inside a plot found right.
  const greyChroma = scan ? SCAN_GREY : 36;
  const candidates = new Set<number>();
  for (const [k, a] of area) {
    const grey = chroma(clusters.centres[k]!) < greyChroma;
    // Rims of anti-aliasing and stray text pixels have area but no solid core; a thin line has no core
    // either, but it lies on the background rather than along another colour.
    const body = solid.solid[k]! >= Math.max(10, 0.2 * a.all) || (!grey && solid.touching[k]! < 0.3 * a.all);
    if (a.all >= minArea && body && (!grey || a.inside >= 0.7 * a.all)) candidates.add(k);
  }
  if (scan) for (const k of panelClusters(comps.filter((c) => candidates.has(c.cluster)), clusters, width, plot, greyChroma)) candidates.delete(k);
  const axisLabels = new Set([...(xAxis?.labels ?? []), ...(yAxis?.labels ?? [])]);
  // Legend and marks of the series colours `cands` (done again for a pie with a grey slice).
  const seriesMarks = (cands: Set<number>, slicesOf = new Set<number>()): { legend: LegendEntry[]; marks: Map<number, Component[]> } => {
    const greyish = (k: number): boolean => !slicesOf.has(k) && chroma(clusters.centres[k]!) < greyChroma;
    const legend = completeLegendColumns(findLegend(comps, ps, th, cands, axisLabels, plot, scan ? 3 : 1), ps, th, { width, height, label: clusters.label }, cands, axisLabels);
    // A box or grid the rules draw round the plot holds the data: pieces wholly outside it are not data.
    const frame = ruled && plot === ruled && closedFrame(rules) ? ruled : undefined;
    const marks = new Map<number, Component[]>();
    for (const c of comps) {
      if (!cands.has(c.cluster) || isLegendMark(c, legend) || c.area < 3 || (frame && outsideFrame(c, frame))) continue;
      // Grey pieces outside the plot are stray glyphs (an axis title, remnants of tick labels).
      if (greyish(c.cluster) && !inside(c.bbox, plot, 3)) continue;
      const list = marks.get(c.cluster) ?? [];
      list.push(c);
      marks.set(c.cluster, list);
    }
    for (const [k, list] of marks) {
      const grey = greyish(k);
      if (list.reduce((s, c) => s + c.area, 0) < minArea || (grey && textLike(list, th) && !markerLike(list, width)) || (grey && (thinStrokeShare(list) >= 0.8 || crumbs(list, th)))) marks.delete(k);
    }
    // Bars judged on their bodies: rims of a neighbouring segment glued on are no part of them.
    for (const [k, list] of marks) marks.set(k, list.flatMap((c) => barCores(c, width, scan)));
    for (const k of outlineColours(marks, isBarLike)) marks.delete(k);
    return { legend, marks };
  };
  let { legend, marks } = seriesMarks(candidates);
  const xTicks = ruled ? bottomTicks(rules, width, height, ruled, raster.rgb) : [];
  const scene: Scene = { width, height, phrases: ps, th, clusters, marks, legend, plot, ruled, xAxis, yAxis, warnings, skip, xTicks, grain: raster.grain };
  if (marks.size === 0) return empty(scene, 'No chart marks (bars, lines, points or slices) were found.');

  let all = [...marks.values()].flat();
  let disk = findDisk(all, width, height);
  // A grey slice is no series colour elsewhere (grey is gridlines and text): solid grey inside the disk is a slice.
  const greySlices = disk ? solidWithin(clusters.label, skip, width, height, disk, candidates) : [];
  if (disk && greySlices.length) {
    ({ legend, marks } = seriesMarks(new Set([...candidates, ...greySlices]), new Set(greySlices)));
    scene.legend = legend;
    scene.marks = marks;
    all = [...marks.values()].flat();
    disk = findDisk(all, width, height) ?? disk;
  }
  // Numbers printed on the slices (a misread "26.6" as "266") can line up as an axis; a pie's
  // axis would stand off the disk, so one read mostly from labels on the disk does not count.
  const onDisk = (ax: typeof xAxis): boolean => disk !== undefined && ax !== undefined && ax.labels.filter((l) => Math.hypot(cx(l.bbox) - disk.cx, cy(l.bbox) - disk.cy) < disk.r).length >= 0.5 * ax.labels.length;
  if (disk && !(xAxis && yAxis && !onDisk(xAxis) && !onDisk(yAxis))) return readPie(scene, disk);
  const total = all.reduce((s, c) => s + c.area, 0);
  const barLike = all.filter(isBarLike);
  const barArea = barLike.reduce((s, c) => s + c.area, 0);
  if (barArea >= 0.6 * total) {
    const vertical = groundedShare(barLike, true, scan), horizontal = groundedShare(barLike, false, scan);
    if (Math.max(vertical, horizontal) >= 0.6) return readBars(scene, vertical === horizontal ? undefined : vertical > horizontal);
  }
  // A line covers most columns between its ends, or at least continues smoothly across its gaps (dashes).
  // Markers of one symbol (several pieces of the same size and square build) are points however
  // densely they cover the columns; a line is one long piece, or dashes of varying build.
  const lineLike = [...marks.values()].map((cs) => {
    if (markerLike(withoutCrumbs(cs), width, true)) return false;
    const t = centreline(cs, width);
    const cover = coverage(t);
    return cover >= 0.5 || (cover >= 0.25 && continuity(t) >= 0.8);
  });
  return lineLike.filter(Boolean).length >= lineLike.length / 2 ? readLines(scene) : readScatter(scene);
}

/**
 * Four or more pieces, most of the same width and height, about as tall as wide and small.
 * `round`: pieces as wide every way count as markers even where they chain (see below); not for
 * telling grey glyphs from markers, where round letters would pass.
 */
function markerLike(comps: Component[], width: number, round = false): boolean {
  const cs = comps.filter((c) => c.area >= 3);
  if (cs.length < 4) return false;
  const ws = cs.map((c) => c.bbox[2] - c.bbox[0]).sort((a, b) => a - b), hs = cs.map((c) => c.bbox[3] - c.bbox[1]).sort((a, b) => a - b);
  const mw = ws[ws.length >> 1]!, mh = hs[hs.length >> 1]!;
  if (mw > 0.1 * width || mw < 0.6 * mh || mw > 1.67 * mh) return false;
  const alikes = cs.filter((c) => Math.abs(c.bbox[2] - c.bbox[0] - mw) <= Math.max(2, 0.3 * mw) && Math.abs(c.bbox[3] - c.bbox[1] - mh) <= Math.max(2, 0.3 * mh));
  if (alikes.length < 0.6 * cs.length) return false;
  // Dashes are strokes, long along the line and thin across it, whatever their slope; markers
  // (filled or hollow squares and circles) are as wide every way. A row of markers touching one
  // another (values at an axis limit) chains like dashes, so round pieces several pixels across
  // are markers however they chain (a dotted line's dots are a stroke's width, a few pixels).
  if (round && Math.min(mw, mh) >= 6 && alikes.filter((c) => elongation(c, width) < 1.6).length >= 0.8 * alikes.length) return true;
  return !chained(cs, 0.8 * Math.max(mw, mh));
}

/**
 * Dashes: nearly every piece has another within `reach` (the dash gap), although text and
 * vertex markers break the chain into runs; scattered points mostly stand apart.
 */
function chained(cs: Component[], reach: number): boolean {
  const near = new Uint8Array(cs.length);
  const sorted = cs.map((c, i) => ({ c, i })).sort((a, b) => a.c.bbox[0] - b.c.bbox[0]);
  for (let a = 0; a < sorted.length; a++)
    for (let b = a + 1; b < sorted.length; b++) {
      const p = sorted[a]!.c.bbox, q = sorted[b]!.c.bbox;
      if (q[0] - p[2] > reach) break;
      const gap = Math.max(q[0] - p[2], p[0] - q[2], q[1] - p[3], p[1] - q[3]);
      if (gap <= reach) near[sorted[a]!.i] = near[sorted[b]!.i] = 1;
    }
  return near.reduce((s, v) => s + v, 0) >= 0.75 * cs.length;
}

/**
 * Grey or black marks that are glyphs of unread text: small pieces (about a text height) of
 * varying size. Bars and lines are larger; markers are small but all alike.
 */
function textLike(comps: Component[], th: number): boolean {
  const area = comps.reduce((s, c) => s + c.area, 0);
  // Large: a filled shape (a bar) or a long stroke (a line); a word's touching glyphs are neither.
  const large = comps
    .filter((c) => {
      const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
      return (Math.max(w, h) >= 1.6 * th && c.area >= 0.6 * w * h) || Math.max(w, h) >= 5 * th;
    })
    .reduce((s, c) => s + c.area, 0);
  if (large >= 0.5 * area) return false;
  const areas = comps.map((c) => c.area);
  const mean = area / comps.length;
  const sd = Math.sqrt(areas.reduce((s, a) => s + (a - mean) ** 2, 0) / comps.length);
  return !(comps.length >= 3 && sd < 0.3 * mean);
}

/**
 * A thin outline (a hollow marker, a 1-pixel line) is mostly anti-aliased rim, and the rim's tint
 * can outnumber the full colour and become a cluster of its own. A cluster with almost no solid
 * core, nearly all of it touching other colours, that lies between another cluster and the
 * background (a paler shade of it) is that rim: its pixels join the full colour. Light series
 * colours (palettes pair dark and light shades) have solid cores and stay apart.
 */
function mergeRims(clusters: ColourClusters, raster: Raster, stats: PixelStats): boolean {
  const { rgb } = raster;
  const n = clusters.centres.length;
  const { solid, touching, all } = stats;
  const into = new Int16Array(n).fill(-1);
  for (let a = 0; a < n; a++) {
    // A grey is no colour's rim (short gridlines between bars are grey and touch them too).
    if (all[a]! < 10 || solid[a]! > 0.15 * all[a]! || touching[a]! < 0.6 * all[a]! || chroma(clusters.centres[a]!) < 10) continue;
    let best = -1, bestD = 14;
    for (let b = 0; b < n; b++) {
      if (b === a || chroma(clusters.centres[b]!) < 36) continue;
      const s = tintOf(clusters.centres[a]!, clusters.centres[b]!, clusters.background);
      if (s.t > 0.05 && s.t < 0.9 && s.d < bestD) {
        bestD = s.d;
        best = b;
      }
    }
    into[a] = best;
  }
  if (into.every((b) => b < 0)) return false;
  // Pixel by pixel: only the tints move (grey ticks that fell into the rim's cluster stay). Pale
  // rims of two thin lines can share one cluster: a pixel that is no tint of the cluster's colour
  // goes to the colour it is a tint of.
  const { label } = clusters;
  const colours = clusters.centres.map((c, b) => b).filter((b) => chroma(clusters.centres[b]!) >= 36);
  for (let i = 0; i < label.length; i++) {
    const k = label[i]!;
    if (k < 0 || into[k]! < 0) continue;
    const px: Rgb = [rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!];
    let to = -1, d = 14;
    for (const b of [into[k]!, ...colours]) {
      const s = tintOf(px, clusters.centres[b]!, clusters.background);
      if (s.d < d) {
        d = s.d;
        to = b;
      }
      if (b === into[k] && to >= 0) break;
    }
    if (to >= 0) label[i] = to;
  }
  return true;
}

/**
 * Where a light series colour is a tint of a darker one (paired palettes), the darker marks'
 * anti-aliased rims fall into the light cluster and glue its pieces to them. A light pixel in a
 * thin strip (few light neighbours) beside the darker colour is such a rim: it becomes a blend.
 */
function detachRims(clusters: ColourClusters, width: number, height: number, stats: PixelStats): boolean {
  const n = clusters.centres.length;
  const parentOf = new Int16Array(n).fill(-1);
  // Both filled colours (solid cores): thin outlines are all rim-like and keep their pixels.
  const { solid, all } = stats;
  const filled = (k: number): boolean => solid[k]! >= 0.3 * all[k]!;
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      if (a === b || chroma(clusters.centres[b]!) < 36 || !filled(a) || !filled(b)) continue;
      const s = tintOf(clusters.centres[a]!, clusters.centres[b]!, clusters.background);
      if (s.d < 14 && s.t > 0.08 && s.t < 0.95) parentOf[a] = b;
    }
  if (parentOf.every((b) => b < 0)) return false;
  const { label } = clusters;
  const rims: number[] = [];
  const offsets = [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const k = label[i]!;
      if (k < 0 || parentOf[k]! < 0) continue;
      let same = 0, parent = false;
      for (let e = 0; e < 8; e++) {
        const l = label[i + offsets[e]!]!;
        if (l === k) same++;
        else if (l === parentOf[k]) parent = true;
      }
      if (parent && same <= 4) rims.push(i);
    }
  for (const i of rims) label[i] = -2;
  return rims.length > 0;
}

/**
 * Per cluster, pixels with at least 5 of their 8 neighbours in the same cluster (solid), and
 * pixels touching another colour (rims of a mark in that colour are mostly such pixels). A light
 * grey lighter than the pixel is not such a colour: a thin line's own anti-aliased edge, a blend
 * with the background, falls into the gridlines' light grey and lies all along it.
 */
export interface PixelStats {
  solid: number[];
  touching: number[];
  all: number[];
}

export function solidPixels(label: Int16Array, skip: Uint8Array, width: number, height: number, centres: Rgb[]): PixelStats {
  const n = centres.length;
  const lum = centres.map((c) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]);
  // edge[k * n + l]: colour l is a light grey edge of colour k (see above), looked up per pixel.
  const edge = new Uint8Array(n * n);
  for (let k = 0; k < n; k++) for (let l = 0; l < n; l++) edge[k * n + l] = chroma(centres[l]!) < 12 && lum[l]! > lum[k]! + 30 ? 1 : 0;
  const out = new Array<number>(n).fill(0);
  const touching = new Array<number>(n).fill(0);
  const all = new Array<number>(n).fill(0);
  const offsets = [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const k = label[i]!;
      if (k < 0 || skip[i]) continue;
      let same = 0, other = false;
      for (let e = 0; e < 8; e++) {
        const l = label[i + offsets[e]!]!;
        if (l === k) same++;
        else if (l >= 0 && !edge[k * n + l]) other = true;
      }
      all[k]!++;
      if (same >= 5) out[k]!++;
      if (other) touching[k]!++;
    }
  return { solid: out, touching, all };
}

/**
 * Share of the rectangles that stand on one common line (the baseline) along this orientation,
 * directly or through rectangles stacked on them: near 1 for bar charts, low for square markers.
 * `scan`: rectangles count by their area (fragments of unread glyphs over a bar, a legend swatch,
 * outline rims are many but small beside the bars), and stacked segments must be as wide as each
 * other (a scan's blur narrows the gaps between horizontal bars to a few pixels).
 */
export function groundedShare(rects: Component[], vertical: boolean, scan = false): number {
  if (rects.length < 2) return 0;
  const weight = (c: Component): number => (scan ? c.area : 1);
  const total = rects.reduce((s, c) => s + weight(c), 0);
  const lo = (c: Component): number => (vertical ? c.bbox[1] : c.bbox[0]);
  const hi = (c: Component): number => (vertical ? c.bbox[3] : c.bbox[2]);
  const u0 = (c: Component): number => (vertical ? c.bbox[0] : c.bbox[1]);
  const u1 = (c: Component): number => (vertical ? c.bbox[2] : c.bbox[3]);
  // A tick mark or the axis line in the bars' own grey joins some bars and not others, moving their
  // ends by a few pixels: wide bars get a looser baseline (markers, a few pixels across, do not).
  const sized = rects.map((c) => ({ w: u1(c) - u0(c), k: weight(c) })).sort((a, b) => a.w - b.w);
  let acc = 0;
  const across = scan ? sized.find((e) => (acc += e.k) >= total / 2)!.w : sized[rects.length >> 1]!.w;
  const tol = Math.max(2, Math.min(6, 0.12 * across));
  const share = (line: number): number => {
    const grounded = new Set(rects.filter((c) => Math.abs(lo(c) - line) <= tol || Math.abs(hi(c) - line) <= tol));
    if (grounded.size < 2) return 0;
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of rects) {
        if (grounded.has(c)) continue;
        for (const g of grounded) {
          const overlap = Math.min(u1(c), u1(g)) - Math.max(u0(c), u0(g));
          const gap = Math.max(lo(c) - hi(g), lo(g) - hi(c));
          // Stacked segments touch, or part by their outlines' stroke (wider where a scan blurs it);
          // on a scan they must be as wide as each other: horizontal bars of different lengths a
          // few pixels apart are no stack.
          const narrower = Math.min(u1(c) - u0(c), u1(g) - u0(g)), wider = Math.max(u1(c) - u0(c), u1(g) - u0(g));
          if (overlap >= 0.8 * (scan ? wider : narrower) && gap <= Math.max(3, tol)) {
            grounded.add(c);
            grew = true;
            break;
          }
        }
      }
    }
    return [...grounded].reduce((s, c) => s + weight(c), 0) / total;
  };
  // Every edge is a candidate baseline; the one that grounds the most rectangles wins.
  // (The twelve edges most rectangles share are tried; on a scan by their area: a scan's rims
  // and blends between stacked segments make scores of thin pieces whose edges would crowd the
  // bars' common baseline out of the twelve.)
  const ends = rects.flatMap((c) => [lo(c), hi(c)]);
  const endWeights = rects.flatMap((c) => [weight(c), weight(c)]);
  const support = (e: number): number => ends.reduce((s, x, i) => (Math.abs(x - e) <= tol ? s + endWeights[i]! : s), 0);
  const lines = [...new Set(ends)].sort((a, b) => support(b) - support(a)).slice(0, 12);
  return Math.max(0, ...lines.map(share));
}
