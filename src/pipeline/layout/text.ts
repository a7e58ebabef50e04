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

interface Building {
  lines: number[];
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

/** Whether `line` continues `block`: close below it, overlapping it, of a similar size, same list state. */
function continues(block: Building, line: TextLine, lines: TextLine[], lh: number, pageHeight: number): boolean {
  const prev = lines[block.lines[block.lines.length - 1]!]!;
  const h = Math.max(height(line.bbox), 1);
  const ph = Math.max(height(prev.bbox), 1);
  if (zoneOf(line.bbox, pageHeight) !== block.zone) return false;
  if (line.bbox[1] < prev.bbox[1] + 0.3 * ph) return false; // not below (a new column or an aside)
  if (Math.max(h, ph) / Math.min(h, ph) > 1.25) return false;
  if (xOverlap(block.bbox, line.bbox) <= 0) return false;
  const gap = line.bbox[1] - prev.bbox[3];
  const marker = startsWithMarker(line.text);
  if (block.markerX !== undefined) {
    if (gap > 1.2 * Math.max(lh, ph)) return false;
    if (marker) return Math.abs(line.bbox[0] - block.markerX) <= 0.6 * lh;
    return line.bbox[0] > block.markerX + 0.3 * lh; // a hanging continuation line
  }
  if (marker) return false; // a list starts after a paragraph
  return gap <= 0.7 * Math.max(lh, ph);
}

/** Median line height of the block. */
const blockLineHeight = (b: Building, lines: TextLine[]): number => median(b.lines.map((i) => height(lines[i]!.bbox)));

function classify(b: Building, lines: TextLine[], lh: number, first: boolean): TextBlock {
  const ls = b.lines.map((i) => lines[i]!);
  const text = ls.map((l) => l.text).join(' ');
  const base = { bbox: b.bbox, lines: b.lines };
  if (b.zone !== 'body' && ls.length <= 2 && text.length <= 120) {
    const pageNumber = /^(?:page\s*)?[-–]?\s*\d{1,4}\s*[-–]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i.test(text.trim());
    return { ...base, kind: b.zone === 'top' ? 'header' : 'footer', confidence: pageNumber ? 0.85 : 0.65 };
  }
  const ratio = blockLineHeight(b, lines) / Math.max(lh, 1);
  const words = text.split(/\s+/).length;
  if (ratio >= 1.3 && ls.length <= 4) return { ...base, kind: 'title', confidence: ratio >= 1.6 ? 0.85 : 0.7 };
  if (b.markerX !== undefined) return { ...base, kind: 'list', confidence: ls.filter((l) => startsWithMarker(l.text)).length >= 2 ? 0.75 : 0.55 };
  // A short single line opening the page, a little larger than the body or set apart: a title.
  if (first && ls.length === 1 && words <= 12 && !/[.,;:]$/.test(text.trim()) && ratio >= 1.1) return { ...base, kind: 'title', confidence: 0.5 };
  return { ...base, kind: 'text', confidence: ls.length >= 2 ? 0.8 : 0.6 };
}

/** Blocks of the lines `indexes` (in reading order); `lh` is the body line height. */
export function textBlocks(lines: TextLine[], indexes: number[], lh: number, pageHeight: number): TextBlock[] {
  const built: Building[] = [];
  let cur: Building | undefined;
  for (const i of indexes) {
    const line = lines[i]!;
    if (cur && continues(cur, line, lines, lh, pageHeight)) {
      cur.lines.push(i);
      cur.bbox = union(cur.bbox, line.bbox);
      continue;
    }
    cur = { lines: [i], bbox: [...line.bbox], zone: zoneOf(line.bbox, pageHeight) };
    if (startsWithMarker(line.text)) cur.markerX = line.bbox[0];
    built.push(cur);
  }
  const firstBody = built.find((b) => b.zone === 'body');
  return built.map((b) => classify(b, lines, lh, b === firstBody));
}
