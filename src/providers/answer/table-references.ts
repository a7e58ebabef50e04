// Questions about a table or figure itself rather than its values: "Which table shows X?" is
// answered by the table's label ("Table CA8"), "What is the source of the X table?" by the text of
// the "Source:" line printed under it. A caption or a sentence that cites the label ("... at retail
// (Table CA8)") carries the label; a source line is read with the caption above it on the page, so
// that the question's words about the table (its subject, its year) can find it.
import type { BBox } from '../../pipeline/types.js';

/** Kinds of labelled displays, as a question and a document name them. */
const KINDS: Record<string, RegExp> = {
  table: /^tables?$/i,
  figure: /^(?:figures?|fig\.?|charts?|graphs?|exhibits?)$/i,
  appendix: /^(?:appendix|appendices|annex|annexes)$/i,
};

const kindOf = (word: string): string | null => Object.entries(KINDS).find(([, re]) => re.test(word))?.[0] ?? null;

/** The kind of display a question asks the label of ("Which table lists ..." -> table), or null. */
export function referenceAsked(question: string): string | null {
  const m = /^\s*(?:in\s+)?(?:which|what)\s+(tables?|figures?|fig\.?|charts?|graphs?|exhibits?|appendix|annex)\b/i.exec(question);
  return m?.[1] ? kindOf(m[1]) : null;
}

/** A display label: the kind's word and its number ("Table 8.12", "Table CA8", "Figure 3b", "Annex II"). */
const LABEL = /\b(Tables?|Figures?|Fig\.|Charts?|Graphs?|Exhibits?|Appendix|Annex)\s+([A-Z]{0,4}[-.]?\d+(?:[.-]\d+)*[a-z]?|[IVX]{1,5}\b|[A-Z]\b)/g;

/** Whether position `at` of a text falls on a display label's number ("2.2" of "Exhibit 2.2"): a name, not a value. */
export function onLabelNumber(text: string, at: number): boolean {
  for (const m of text.matchAll(LABEL)) {
    const end = m.index + m[0].length;
    if (at >= end - m[2]!.length - 1 && at < end) return true;
  }
  return false;
}

/** The first label of the asked kind in a text, as written ("Table CA8"), or null. */
export function referenceIn(kind: string, text: string): string | null {
  for (const m of text.matchAll(LABEL)) {
    if (kindOf(m[1]!) === kind) return `${m[1]!.replace(/s$/, '')} ${m[2]!}`;
  }
  return null;
}

/** Whether a question asks where a table's or figure's data come from ("What is the source of ...?"). */
export const sourceAsked = (question: string): boolean =>
  /^\s*(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?:data\s+)?sources?\s+(?:of|for)\b|^\s*where\s+(?:do|does|did)\s+.+\s+come\s+from\b/i.test(question);

/** The source a "Source: ..." line names, up to its first ";" (notes may follow), or null. */
export function sourceOf(text: string): string | null {
  const m = /^\s*(?:data\s+)?sources?\s*:\s*(.+)$/i.exec(text);
  const source = m?.[1]?.split(';')[0]?.trim().replace(/[.,]+$/, '');
  return source && /\p{L}/u.test(source) ? source : null;
}

/** A table's or figure's caption line. */
const CAPTION = /^(?:table|figure|fig\.|chart|graph|exhibit)\s/i;

interface BoxedLine {
  text: string;
  bbox: BBox | null;
}

/** Lines above a source line that may title its table when no caption line says "Table ...". */
const TITLE_LINES = 15;

/**
 * The caption a source line belongs to: the nearest caption line above it on the page whose
 * columns overlap it (side-by-side figures each have their own), or the nearest above at all;
 * without one, the words of the lines above it back to the previous source line (an untitled
 * table's title is among them, as a caption is read).
 */
export function captionAbove(source: BBox, page: BoxedLine[]): string | null {
  const boxed = page.filter((l): l is { text: string; bbox: BBox } => l.bbox !== null && l.text.trim() !== '' && l.bbox[3] <= source[1] + 1);
  const above = boxed.filter((l) => CAPTION.test(l.text.trim())).sort((a, b) => b.bbox[3] - a.bbox[3]);
  const overlapping = above.find((l) => Math.min(l.bbox[2], source[2]) > Math.max(l.bbox[0], source[0]));
  const caption = (overlapping ?? above[0])?.text.trim();
  if (caption) return caption;
  const lines: string[] = [];
  for (const l of boxed.sort((a, b) => b.bbox[3] - a.bbox[3])) {
    if (sourceOf(l.text) !== null || lines.length >= TITLE_LINES) break;
    // Rows of values ("Morocco: Signed TA (EURm): 21.09") are the table's body, not its title.
    if (/\p{L}/u.test(l.text) && !/:\s*[-+$€£(]?\d/.test(l.text)) lines.unshift(l.text.trim());
  }
  return lines.length > 0 ? lines.join(' ') : null;
}
