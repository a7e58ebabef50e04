// Detection on a schematic sheet, end to end: the sheet made ready (prepare.ts), its text read
// (text.ts), its legend found (legend.ts) or given, symbols matched against the legend pictures
// (symbols.ts), tags attached (tags.ts), lines traced (lines.ts, network.ts) with their arrows
// (arrows.ts), and all of it assembled into the v2 graph (graph.ts).
import type { BBox } from '../types.js';
import { findArrows } from './arrows.js';
import { frameComponents, inkShareOf } from './border.js';
import { assemble, type PlacedSymbol } from './graph.js';
import { findLegend, slug, type FoundLegend } from './legend.js';
import { findSegments } from './lines.js';
import { buildNetwork } from './network.js';
import { prepareSheet, type PreparedSheet } from './prepare.js';
import { binarise, strokeWidth, type GreyPixels, type Mask } from './raster.js';
import { genericShapes } from './shapes.js';
import { fusedLines, readFused, type DrawnSymbol } from './outline-text.js';
import { ruleFusedLines } from './rule-text.js';
import { detectSymbols, drawnHit, PAD, type LegendPicture } from './symbols.js';
import { assignTags } from './tags.js';
import { tallIs } from './tall-stems.js';
import { soften } from './templates.js';
import { harmonise, itemsFromWords, readGroupsTwice, TAG_SHAPE, textGroups, textHeight } from './text.js';
import type { DetectInput, LegendEntry, SchematicGraph, TextItem } from './types.js';

/** Text read with this confidence or more counts as text (symbol parts read as letters score lower). */
const MIN_TEXT_CONFIDENCE = 0.5;
/**
 * A tag's shape (letters, a hyphen, digits: "NRV-858", "HV-153A") is evidence enough at a lower
 * confidence: OCR scores clean tags as low as 0.3, and symbol parts do not read as one.
 */
const MIN_TAG_CONFIDENCE = 0.2;
/** Pixels an outline is grown by before the ink beside a tag's line counts as the line's (outline-text.ts). */
const FUSED_REACH = 1;
const kept = (i: TextItem): boolean => i.confidence >= MIN_TEXT_CONFIDENCE || (i.confidence >= MIN_TAG_CONFIDENCE && TAG_SHAPE.test(i.text.trim()));

export interface SheetText {
  th: number;
  items: TextItem[];
}

/**
 * The sheet's text: the words given, or OCR of its text-like components. Characters are sought up
 * to `maxShare` of the image's shorter side tall: 3 per cent suits a whole sheet (its symbols are
 * not taken for letters); an image of a legend table alone has a few rows of text at most, so a
 * caller reading one allows much more.
 */
export async function sheetText(sheet: PreparedSheet, input: Pick<DetectInput, 'words' | 'ocr'>, maxShare = 0.03): Promise<SheetText> {
  const { cc, frame } = sheet;
  const found = textHeight(cc, Math.round(maxShare * Math.min(frame.workWidth, frame.workHeight)));
  const th = found || Math.max(8, Math.round(5 * sheet.stroke));
  if (input.words && input.words.length > 0) return { th, items: itemsFromWords(input.words, frame) };
  if (!input.ocr || !found) return { th, items: [] };
  const twice = await readGroupsTwice(textGroups(cc, th), cc, sheet.mask, frame, sheet.original, th, input.ocr);
  const read = await readFused(twice, ruleFusedLines(twice, sheet.mask, cc, th), cc, sheet.mask, frame, sheet.original, th, input.ocr);
  return { th, items: harmonise(tallIs(read, sheet.mask, cc).filter((i) => kept(i) && /[A-Za-z0-9].*[A-Za-z0-9]/.test(i.text))) };
}

/** The sheet's ink without its text (characters erased; a text layer's word boxes cleared). */
export function withoutText(sheet: PreparedSheet, text: SheetText): Mask {
  const out = new Uint8Array(sheet.mask.data);
  const members = new Set(text.items.flatMap((t) => t.members));
  for (let i = 0; i < out.length; i++) if (out[i] && members.has(sheet.cc.labels[i]!)) out[i] = 0;
  for (const t of text.items) {
    if (t.members.length > 0) continue;
    for (let y = Math.max(0, Math.floor(t.box[1])); y < Math.min(sheet.mask.height, Math.ceil(t.box[3])); y++) out.fill(0, y * sheet.mask.width + Math.max(0, Math.floor(t.box[0])), y * sheet.mask.width + Math.min(sheet.mask.width, Math.ceil(t.box[2])));
  }
  return { data: out, width: sheet.mask.width, height: sheet.mask.height };
}

function clear(mask: Mask, boxes: BBox[], grow: number): Mask {
  const out = new Uint8Array(mask.data);
  for (const b of boxes) {
    const x0 = Math.max(0, Math.floor(b[0] - grow));
    const x1 = Math.min(mask.width, Math.ceil(b[2] + grow));
    for (let y = Math.max(0, Math.floor(b[1] - grow)); y < Math.min(mask.height, Math.ceil(b[3] + grow)); y++) out.fill(0, y * mask.width + x0, y * mask.width + x1);
  }
  return { data: out, width: mask.width, height: mask.height };
}

/** Legend entries with ids and classes (a label's slug; repeated labels numbered). */
export function legendEntries(labels: Array<{ label: string; bbox: BBox | null }>): LegendEntry[] {
  const seen = new Map<string, number>();
  return labels.map((l, i) => {
    const base = slug(l.label) || 'symbol';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { id: `L${i + 1}`, class: n === 1 ? base : `${base}_${n}`, subtype: null, label: l.label, source_crop_url: null, bbox: l.bbox };
  });
}

/**
 * Pictures of a separate legend image: their ink, and one pen width for all of them (the middle
 * of their own measures; a single small picture of slanted strokes measures wider than its pen).
 */
function knownPictures(crops: GreyPixels[]): LegendPicture[] {
  const masks = crops.map((c) => binarise(c, 15).mask);
  const pens = masks.map((m) => strokeWidth(m)).sort((a, b) => a - b);
  const pen = pens[Math.floor(pens.length / 2)] ?? 2;
  return masks.map((m) => ({ picture: m, pen }));
}

export async function detectSchematic(input: DetectInput): Promise<SchematicGraph> {
  const sheet = await prepareSheet(input.image);
  const { frame, stroke } = sheet;
  const text = await sheetText(sheet, input);
  const { th } = text;
  const known = input.legend ?? [];
  const found: FoundLegend = known.length > 0 ? { entries: [], region: null, pictureText: [] } : findLegend(text.items, sheet.cc, th, 3);
  // A legend picture read as text is ink of the sheet, not text.
  if (found.pictureText.length > 0) text.items = text.items.filter((t) => !found.pictureText.includes(t));
  const clean = withoutText(sheet, text);
  const legend: LegendEntry[] =
    known.length > 0 ? known.map((k) => k.entry) : legendEntries(found.entries.map((e) => ({ label: e.label, bbox: frame.boxToOriginal(e.symbol) })));
  const pictures: LegendPicture[] = known.length > 0 ? knownPictures(known.map((k) => k.crop)) : found.entries.map((e) => ({ box: e.symbol }));
  const exclude = found.region ? [found.region] : [];
  let symbols: PlacedSymbol[];
  if (legend.length > 0) {
    const det = await detectSymbols({ page: soften(clean), cleanMask: clean, th, stroke, exclude, inkWithText: sheet.mask }, pictures, known.length === 0);
    const border = frameComponents(sheet.cc, frame.workWidth, frame.workHeight);
    const hits = det.hits.filter((h) => inkShareOf(sheet.cc, border, h.box, frame.workWidth) < 0.5);
    symbols = hits.map((h) => {
      const e = legend[h.entry]!;
      return { box: [h.box[0] + PAD, h.box[1] + PAD, h.box[2] - PAD, h.box[3] - PAD], cls: e.class, subtype: e.subtype, legendId: e.id, rotation: h.rot, score: h.score, tag: null };
    });
    // Tag characters fused with a matched symbol's outline, read again without the outline.
    if (input.ocr && !(input.words && input.words.length > 0)) {
      const drawn: DrawnSymbol[] = [];
      for (const h of hits) {
        const pic = det.pictures[h.entry];
        if (pic) drawn.push({ box: h.box, ink: await drawnHit(stroke, pic, h) });
      }
      const fused = fusedLines(text.items, drawn, sheet.mask, sheet.cc, th, FUSED_REACH);
      text.items = await readFused(text.items, fused, sheet.cc, sheet.mask, frame, sheet.original, th, input.ocr);
    }
  } else symbols = genericShapes(clean, th, stroke, exclude);
  const outside = (t: TextItem): boolean => !exclude.some((r) => t.box[0] >= r[0] && t.box[2] <= r[2] && t.box[1] >= r[1] && t.box[3] <= r[3]);
  const tags = assignTags(symbols.map((s) => s.box), text.items.filter(outside), 3 * th);
  symbols.forEach((s, i) => (s.tag = tags[i] ?? null));
  const boxes = symbols.map((s) => s.box);
  // Symbols cleared a pen width beyond their boxes: a box a pixel or two small (a scale 1 per cent
  // off) left a big symbol's side on the page, traced as a pipe with false junctions on it.
  const lineMask = clear(clean, [...boxes, ...exclude], Math.max(1, Math.round(stroke)));
  const segments = findSegments(lineMask, { minRun: Math.max(5, Math.round(0.5 * th)), maxWidth: Math.max(4, 2.5 * stroke), dashGap: th, symbols: boxes });
  const net = buildNetwork(segments, boxes, clean, 2 * stroke + 3);
  const arrows = findArrows(clean, segments, [...net.junctions.map((j) => j.at), ...net.crossings], th);
  const parts = assemble(frame, symbols, net, arrows, 2 * stroke + 2);
  const signalOnly = new Set(parts.nodes.filter((n) => n.class !== 'junction').map((n) => n.class));
  for (const e of parts.edges) {
    if (e.class === 'signal') continue;
    for (const id of [e.source, e.target]) signalOnly.delete(parts.nodes.find((n) => n.id === id)?.class ?? '');
  }
  const linked = new Set(parts.edges.flatMap((e) => [e.source, e.target]).map((id) => parts.nodes.find((n) => n.id === id)?.class));
  return {
    version: 'v2',
    network: { nodes: parts.nodes, edges: parts.edges },
    subgraphs: [],
    arrows: parts.arrows,
    legend,
    legend_draft: null,
    image_width: input.image.width,
    image_height: input.image.height,
    total_pages: 1,
    non_flow_classes: [...signalOnly].filter((c) => linked.has(c)).sort(),
  };
}
