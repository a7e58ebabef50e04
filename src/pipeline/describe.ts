// Extractive page descriptions: built only from the page's own text and components, so they
// never say anything the page does not. A model-written description replaces this when a
// model service is configured.
import type { TextLine } from './types.js';

export interface ComponentMention {
  type: string;
  label: string;
}

export interface PageDescription {
  description: string;
  headings: string[];
}

const height = (l: TextLine): number => l.bbox[3] - l.bbox[1];

/** The body text's line height: the median over characters, so a few big title lines don't count. */
function bodyHeight(lines: TextLine[]): number {
  const weighted = lines.map((l) => ({ h: height(l), n: l.text.length })).sort((a, b) => a.h - b.h);
  const total = weighted.reduce((sum, w) => sum + w.n, 0);
  let seen = 0;
  for (const w of weighted) {
    seen += w.n;
    if (seen * 2 >= total) return w.h;
  }
  return 0;
}

/** Lines set noticeably larger than the body text. */
export function findHeadings(lines: TextLine[]): string[] {
  const body = bodyHeight(lines);
  const headings: string[] = [];
  for (const l of lines) {
    const text = l.text.trim();
    if (text.length < 2 || text.length > 120 || !/[A-Za-z]/.test(text)) continue;
    const large = body > 0 && height(l) >= body * 1.3;
    if (large && !headings.includes(text)) headings.push(text);
    if (headings.length >= 8) break;
  }
  return headings;
}

/** The first sentences of the page's running text, up to about maxChars (linear time). */
function leadSentences(lines: TextLine[], skip: Set<string>, maxChars: number): string {
  let text = '';
  for (const l of lines) {
    const t = l.text.trim();
    if (t === '' || skip.has(t)) continue;
    text += (text ? ' ' : '') + t;
    if (text.length > maxChars * 2) break;
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  // The last sentence end (., ! or ? followed by a space) that fits.
  let cut = -1;
  for (let i = 0; i < maxChars; i++) {
    const c = text[i];
    if ((c === '.' || c === '!' || c === '?') && text[i + 1] === ' ') cut = i + 1;
  }
  return cut > 0 ? text.slice(0, cut) : `${text.slice(0, maxChars).replace(/\s+\S*$/, '')}…`;
}

export function describePage(pageNumber: number, lines: TextLine[], components: ComponentMention[] = []): PageDescription {
  const headings = findHeadings(lines);
  const parts: string[] = [];
  if (headings.length > 0) parts.push(`Page ${pageNumber}: ${headings.join(' / ')}.`);
  const lead = leadSentences(lines, new Set(headings), 400);
  if (lead !== '') parts.push(lead);
  if (components.length > 0) {
    const named = components.map((c) => (c.label ? `${c.type} "${c.label}"` : `a ${c.type}`));
    parts.push(`Visual components: ${named.join(', ')}.`);
  }
  if (parts.length === 0) parts.push(`Page ${pageNumber} has no readable text.`);
  return { description: parts.join(' '), headings };
}

/** A document summary from its page descriptions: the headings first, then the opening text. */
export function summarizeDocument(pages: Array<{ headings: string[]; description: string }>, maxChars = 600): string {
  const headings = [...new Set(pages.flatMap((p) => p.headings))].slice(0, 6);
  const first = pages.find((p) => !/has no readable text\.$/.test(p.description))?.description ?? '';
  const text = [headings.length > 0 ? `Covers: ${headings.join('; ')}.` : '', first].filter((s) => s !== '').join(' ');
  return text.length <= maxChars ? text : `${text.slice(0, maxChars).replace(/\s+\S*$/, '')}…`;
}
