// Text lines → blocks (paragraphs, lists, titles, running headers and footers).
import type { BBox, TextLine } from '../types.js';
import { height, median, union, xOverlap } from './geometry.js';
import type { RegionKind } from './types.js';

export interface TextBlock {
  kind: Extract<RegionKind, 'title' | 'text' | 'list' | 'header' | 'footer'>;
  bbox: BBox;
  lines: number[];
  confidence: number;
}

/** Bullets, dashes, "1.", "(a)", "iv)", "a)". */
const MARKER = /^(?:[•●○◦▪■□‣⁃∙·*\-–—]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)])(?:\s|$)/u;
/** Share of the page height at the top and bottom where running headers and footers live. */
const MARGIN_ZONE = 0.07;

export const startsWithMarker = (text: string): boolean => MARKER.test(text.trim());

/** One visual line: text lines read one after another on the same row ("6.4" + its heading, "•" + its item). */
interface Unit {
  lines: number[];
  bbox: BBox;
  text: string;
}

interface Building {
  units: Unit[];
  bbox: BBox;
  /** x of the first item's marker when the block is a list. */
  markerX?: number;
  zone: 'top' | 'body' | 'bottom';
}

function zoneOf(b: BBox, pageHeight: number): Building['zone'] {
  if (b[3] <= pageHeight * MARGIN_ZONE) return 'top';
  if (b[1] >= pageHeight * (1 - MARGIN_ZONE)) return 'bottom';
  return 'body';
}

/** Consecutive lines sharing a row, at most three line heights apart, joined. */
function units(lines: TextLine[], indexes: number[], lh: number): Unit[] {
  const out: Unit[] = [];
  for (const i of indexes) {
    const b = lines[i]!.bbox;
    const last = out[out.length - 1];
    if (last) {
      const o = Math.min(last.bbox[3], b[3]) - Math.max(last.bbox[1], b[1]);
      if (o >= 0.5 * Math.min(height(last.bbox), height(b)) && b[0] >= last.bbox[2] && b[0] - last.bbox[2] <= 3 * lh) {
        last.lines.push(i);
        last.bbox = union(last.bbox, b);
        last.text += ` ${lines[i]!.text}`;
        continue;
      }
    }
    out.push({ lines: [i], bbox: [...b], text: lines[i]!.text });
  }
  return out;
}

/** Whether `u` continues `block`: close below it, overlapping it, of a similar size, same list state. */
function continues(block: Building, u: Unit, lh: number, pageHeight: number): boolean {
  const prev = block.units[block.units.length - 1]!.bbox;
  const h = Math.max(height(u.bbox), 1);
  const ph = Math.max(height(prev), 1);
  if (zoneOf(u.bbox, pageHeight) !== block.zone) return false;
  if (u.bbox[1] < prev[1] + 0.3 * ph) return false; // not below (a new column or an aside)
  if (Math.max(h, ph) / Math.min(h, ph) > 1.18) return false; // a heading over its paragraph
  if (xOverlap(block.bbox, u.bbox) <= 0) return false;
  const gap = u.bbox[1] - prev[3];
  const marker = startsWithMarker(u.text);
  if (block.markerX !== undefined) {
    if (gap > 1.2 * Math.max(lh, ph)) return false;
    if (marker) return Math.abs(u.bbox[0] - block.markerX) <= 0.6 * lh;
    return u.bbox[0] > block.markerX + 0.3 * lh; // a hanging continuation line
  }
  if (marker) return false; // a list starts after a paragraph
  return gap <= 0.7 * Math.max(lh, ph);
}

function classify(b: Building, lines: TextLine[], lh: number, first: boolean): TextBlock {
  const text = b.units.map((u) => u.text).join(' ');
  const n = b.units.length;
  const base = { bbox: b.bbox, lines: b.units.flatMap((u) => u.lines) };
  if (b.zone !== 'body' && n <= 2 && text.length <= 120) {
    const pageNumber = /^(?:page\s*)?[-–]?\s*\d{1,4}\s*[-–]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i.test(text.trim());
    return { ...base, kind: b.zone === 'top' ? 'header' : 'footer', confidence: pageNumber ? 0.85 : 0.65 };
  }
  const ratio = median(base.lines.map((i) => height(lines[i]!.bbox))) / Math.max(lh, 1);
  if (ratio >= 1.3 && n <= 4) return { ...base, kind: 'title', confidence: ratio >= 1.6 ? 0.85 : 0.7 };
  if (b.markerX !== undefined) return { ...base, kind: 'list', confidence: b.units.filter((u) => startsWithMarker(u.text)).length >= 2 ? 0.75 : 0.55 };
  // A short single line opening the page, a little larger than the body: a title.
  if (first && n === 1 && text.split(/\s+/).length <= 12 && !/[.,;:]$/.test(text.trim()) && ratio >= 1.1) return { ...base, kind: 'title', confidence: 0.5 };
  return { ...base, kind: 'text', confidence: n >= 2 ? 0.8 : 0.6 };
}

/** Blocks of the lines `indexes` (in reading order); `lh` is the body line height. */
export function textBlocks(lines: TextLine[], indexes: number[], lh: number, pageHeight: number): TextBlock[] {
  const built: Building[] = [];
  for (const u of units(lines, indexes, lh)) {
    // The block this goes on: of those it continues, the one whose last line is nearest above
    // (columns come out right even when the reading order interleaves their lines).
    let best: Building | undefined;
    let bestGap = Infinity;
    for (const b of built) {
      const gap = u.bbox[1] - b.units[b.units.length - 1]!.bbox[3];
      if (gap < bestGap && continues(b, u, lh, pageHeight)) [best, bestGap] = [b, gap];
    }
    if (best) {
      best.units.push(u);
      best.bbox = union(best.bbox, u.bbox);
      continue;
    }
    const block: Building = { units: [u], bbox: [...u.bbox], zone: zoneOf(u.bbox, pageHeight) };
    if (startsWithMarker(u.text)) block.markerX = u.bbox[0];
    built.push(block);
  }
  const firstBody = built.find((b) => b.zone === 'body');
  return built.map((b) => classify(b, lines, lh, b === firstBody));
}
