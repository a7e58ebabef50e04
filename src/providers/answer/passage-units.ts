// Units of a passage that can carry an answer: sentences (lines joined where a sentence wraps),
// "label: value" lines, and table or chart cells found from the page's geometry (a value with its
// row label, column header and caption). The extractive engine scores these against a question.

import type { BBox } from '../../pipeline/types.js';
import { definiteAntecedents } from './coreference.js';
import { headerOver } from './header-cut.js';
import { numbersOnly, upperHeader, upperWords } from './header-rows.js';
import { labelValueRows, leadersAsColons } from './label-rows.js';
import { completedLines, wrapsByLayout } from './line-wrap.js';
import { restoreStops } from './lost-stops.js';
import { impliedSubjects, namesIn, subjectBefore } from './subject.js';
import { captionAbove, sourceOf } from './table-references.js';
import { isNumeric } from './text.js';
import type { Passage, PassageLine } from './types.js';

export interface Unit {
  text: string;
  context: string;
  bboxes: BBox[];
  span: string | null;
  kind: 'sentence' | 'cell';
  /** A "label: value" line of running text (a key-data list), not a table's geometric cell. */
  listed?: boolean;
  /**
   * A table-row line's table caption (units()): read with the cell, not shown in its evidence, so
   * the page-geometry copy of the value (with its row and header boxes) stays a separate evidence.
   */
  caption?: string;
  /** The heading question a sentence follows (a leaflet's "Why should I ...?"): read with it by free-text questions only. */
  asked?: string;
  /** A geometric table cell's row label and column header, apart (superlatives compare a column). */
  row?: string;
  column?: string;
}

/** A caption's label alone, cut from its title by the sentence split ("Figure 4.", "Table CA8."). */
const LABEL_ONLY = /^(?:table|figure|fig\.|chart|exhibit)\s+[A-Z]{0,4}[-.]?\d+(?:\.\d+)*[a-z]?\.$/i;

const ENDS_SENTENCE = /[.!?:;]$/;
/** A line ending in a comma or a word that cannot end a sentence or heading was wrapped mid-sentence. */
const WRAPPED = /(,|\b(on|of|the|a|an|by|at|in|to|for|and|or|with|from|is|was|are|were|be|been|which|that|than|per|under|after|before|since))$/;

/** Whether `next` continues the sentence of `prev` (a lower-case start, or `prev` cut after such a word). */
export function continuesLine(prev: string, next: string): boolean {
  return !ENDS_SENTENCE.test(prev) && (/^[a-z]/.test(next) || WRAPPED.test(prev));
}

/** The kind of table-row chunks (search/component-chunks TABLE_CHUNK_KIND): their rows are whole. */
const TABLE_KIND = 'table';

/** Whether line `next` goes on with the sentence of `prev`: by its wording, or by the page's layout (wrapsByLayout). */
const joinsLine = (page: PassageLine[]) => (prev: PassageLine, next: PassageLine): boolean =>
  continuesLine(prev.text.trim(), next.text.trim()) || wrapsByLayout(prev, next, page);

/**
 * Sentences of the chunk's lines; a line that does not end a sentence continues into a lower-case
 * next line, any next line when it was cut mid-phrase, or when it runs to its column's right edge.
 */
function sentences(lines: PassageLine[], page: PassageLine[] = lines): Unit[] {
  const groups: Array<{ text: string; bboxes: BBox[] }> = [];
  const joins = joinsLine(page);
  let prev: PassageLine | null = null;
  for (const line of lines) {
    const text = line.text.trim();
    if (text === '') continue;
    const last = groups.at(-1);
    if (last && prev && (continuesLine(last.text, text) || joins(prev, line))) {
      last.text += ` ${text}`;
      if (line.bbox) last.bboxes.push(line.bbox);
    } else groups.push({ text, bboxes: line.bbox ? [line.bbox] : [] });
    prev = line;
  }
  const out: Unit[] = [];
  for (const g of groups) {
    // A caption's label ("Figure 4.") is no sentence of its own: it stays with its title.
    const pieces = restoreStops(g.text).split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/).reduce<string[]>((acc, s) => {
      const prev = acc.at(-1);
      if (prev !== undefined && LABEL_ONLY.test(prev)) acc[acc.length - 1] = `${prev} ${s}`;
      else acc.push(s);
      return acc;
    }, []);
    for (const s of pieces) {
      if (s.trim() !== '') out.push({ text: s.trim(), context: '', bboxes: g.bboxes, span: null, kind: 'sentence' });
    }
  }
  return out;
}

const cy = (b: BBox): number => (b[1] + b[3]) / 2;
const overlapX = (a: BBox, b: BBox): number => Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
const height = (b: BBox): number => b[3] - b[1];

/**
 * A numeric line, or a line whose text ends in a number after a label (a narrow first column
 * runs the row label and the first cell together): the number with its box (the label's share
 * of the box estimated from the characters) and the label.
 */
function trailingNumber(line: PassageLine): { line: { text: string; bbox: BBox }; label: { text: string; bbox: BBox } | null } | null {
  const text = line.text.trim();
  if (!line.bbox) return null;
  if (isNumeric(text)) return { line: { text, bbox: line.bbox }, label: null };
  const m = /^(.*[A-Za-z].*?)\s+([$€£]?[-+]?\d[\d,]*(?:\.\d+)?%?|[$€£][-+]?\d[\d,]*(?:\.\d+)?(?:[KMB]|bn|mn))$/.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const [x0, y0, x1, y1] = line.bbox;
  const cut = x0 + ((x1 - x0) * (m[1].length + 1)) / text.length;
  return { line: { text: m[2], bbox: [cut, y0, x1, y1] }, label: { text: m[1], bbox: [x0, y0, cut, y1] } };
}

/** A table-row grounding line: several "column: value" cells joined by "; ". */
const GROUNDING_ROW = /:\s[^;]*;\s[^;:]+:\s/;

/** A table's or figure's caption line. */
const CAPTION = /^(table|figure|fig\.|chart|graph)\b/i;

/** A line of running text rather than a row label: a sentence's end, or many words. */
export const proseLine = (text: string): boolean => {
  const words = text.trim().split(/\s+/).length;
  return words >= 9 || (words >= 5 && /[.!?]$/.test(text.trim()));
};

/**
 * Table cells and chart values: a numeric line with its row label (leftmost text on the same
 * row), its column header (nearest text above in the same column) or chart label (nearest text
 * below), and the caption (nearest "Table"/"Figure"/"Chart" line above).
 */
export function cells(lines: PassageLine[], page: PassageLine[]): Unit[] {
  // A table-row chunk's "column: value; column: value" line is the table's grounding, not a line of
  // the page: it is no row label or header of another value.
  const boxed = page.filter((l): l is { text: string; bbox: BBox } => l.bbox !== null && l.text.trim() !== '' && !GROUNDING_ROW.test(l.text));
  const out: Unit[] = [];
  // A chunk may end between a row label and its values: a cell counts as the chunk's when the
  // chunk holds its value, its row label or its header.
  const inChunk = new Set(lines.filter((l) => l.bbox).map((l) => `${l.text}|${(l.bbox ?? []).join(',')}`));
  const has = (l: PassageLine | undefined): boolean => l !== undefined && inChunk.has(`${l.text}|${(l.bbox ?? []).join(',')}`);
  // Every value box of the page: a header line over several values of a row is cut between them.
  const values = page.flatMap((l) => {
    const t = trailingNumber(l);
    return t ? [t.line.bbox] : [];
  });
  for (const pageLine of page) {
    const split = trailingNumber(pageLine);
    if (!split) continue;
    const { line, label } = split;
    const value = line.text;
    const b = line.bbox;
    const tol = height(b) * 0.6;
    const row = boxed.filter((o) => Math.abs(cy(o.bbox) - cy(b)) < tol && o.bbox[2] <= b[0] + 1 && !isNumeric(o.text));
    const rowLabel = label ?? row.sort((x, y) => x.bbox[0] - y.bbox[0])[0];
    // A number after a line of prose (a page number beside a sentence, "... liabilities of $219.2")
    // is no table value: its "row label" is a sentence.
    if (rowLabel && proseLine(rowLabel.text)) continue;
    const column = boxed.filter((o) => o !== line && overlapX(o.bbox, b) > 0 && !numbersOnly(o.text));
    const above = column.filter((o) => o.bbox[3] <= b[1] + 1).sort((x, y) => y.bbox[3] - x.bbox[3]);
    const below = column.filter((o) => o.bbox[1] >= b[3] - 1).sort((x, y) => x.bbox[1] - y.bbox[1]);
    // A table cell has a header above; a chart value (no row label) is named by the label under its bar.
    const header = rowLabel ? above[0] : (below[0] ?? above[0]);
    if (!rowLabel && !header) continue;
    if (!has(pageLine) && !has(rowLabel) && !has(header)) continue;
    const caption = boxed
      .filter((o) => CAPTION.test(o.text.trim()) && o.bbox[3] <= b[1])
      .sort((x, y) => y.bbox[3] - x.bbox[3])[0];
    // A name elsewhere on the row (the asset's tag in a column after an "Area" column) names the value too.
    const rowNames = rowLabel
      ? boxed
          .filter((o) => o !== rowLabel && o !== pageLine && Math.abs(cy(o.bbox) - cy(b)) < tol && !isNumeric(o.text) && o.text.trim().split(/\s+/).length <= 6 && namesIn(o.text).length > 0)
          .sort((x, y) => x.bbox[0] - y.bbox[0])
      : [];
    const rowValues = values.filter((v) => Math.abs(cy(v) - cy(b)) < tol);
    // A header row stacked on the column's header names the cell too, upper words first.
    const upper = rowLabel && header ? upperHeader(header, above.slice(1)) : undefined;
    const headerText = header ? [upper && upperWords(upper, b, rowValues, headerOver(upper, b, rowValues)), headerOver(header, b, rowValues)].filter((s) => s).join(' ') : undefined;
    const name = [rowLabel?.text.trim(), ...rowNames.map((o) => o.text.trim()), headerText].filter((s) => s).join(', ');
    out.push({
      text: `${name}: ${value}`,
      context: caption?.text.trim() ?? '',
      bboxes: [b, ...[rowLabel?.bbox, ...rowNames.map((o) => o.bbox), header?.bbox, upper?.bbox].filter((x): x is BBox => x !== undefined)],
      span: value,
      kind: 'cell',
      ...(rowLabel && headerText ? { row: rowLabel.text.trim(), column: headerText } : {}),
    });
  }
  return out;
}

/** A short question standing as a sentence of the text (a leaflet's or FAQ's heading). */
export const headingQuestion = (text: string): boolean => /^[A-Z][^?]*\?$/.test(text.trim()) && text.trim().split(/\s+/).length <= 16;

/** Units of a passage: sentences, geometric table/chart cells, and "row, column: value" lines. */
export function units(passage: Passage): Unit[] {
  const out: Unit[] = [];
  // A chunk cut inside a sentence gets the page lines that complete it (table rows are whole).
  // A two-column data sheet's rows are read as "label: value" lines (label-rows.ts).
  // Dot leaders ("Weight ...... 4,500 kg") join a label to its value like a colon.
  const leaderPage = leadersAsColons(passage.pageLines);
  const pageLines = passage.kind === TABLE_KIND ? passage.pageLines : labelValueRows(leaderPage, leaderPage);
  const lines = passage.kind === TABLE_KIND ? passage.lines : labelValueRows(leadersAsColons(passage.lines), leaderPage);
  const own = passage.kind === TABLE_KIND ? lines : completedLines(lines, pageLines, joinsLine(pageLines));
  // A table-row chunk's lines are whole cells: none continues another (a caption cut after a comma,
  // "... Control Groups," ran into the first cell) and none is cut at a full stop ("FY 2010 Sept. 30, 2011: 389,933").
  const said = passage.kind === TABLE_KIND ? own.filter((l) => l.text.trim() !== '').map((l): Unit => ({ text: l.text.trim(), context: '', bboxes: l.bbox ? [l.bbox] : [], span: null, kind: 'sentence' })) : sentences(own, pageLines);
  // "It weighs ...", "Weight (kg): 4,500": read with the asset named last before them.
  // Nothing named above it on its page: the subject goes on from the page before.
  const subjects = impliedSubjects(said.map((u) => u.text), subjectBefore(lines, pageLines) ?? passage.carriedSubject ?? null);
  // A table-row chunk starts with its table's label (caption): its cells are read with it when
  // their own row and column are about the question (table-captions.ts; read with it always, other
  // rows of the generated maintenance table answered: docs6 table 0.984 -> 0.919).
  const caption = passage.kind === TABLE_KIND && passage.lines[0]?.bbox === null ? passage.lines[0].text.trim() : '';
  const antecedents = definiteAntecedents(said.map((u) => u.text));
  for (const [i, said1] of said.entries()) {
    // A "Source: ..." line is read with the caption of the table or figure it is printed under.
    const source = sourceOf(said1.text) !== null && said1.bboxes[0] ? (captionAbove(said1.bboxes[0], pageLines) ?? caption) : '';
    const context = [subjects[i] ?? '', antecedents[i] ?? '', source].filter((c) => c !== '').join(' ');
    // A leaflet's heading question ("Why should I consider a loan from the federal government?") is what the sentence after it answers.
    const asked = i > 0 && headingQuestion(said[i - 1]!.text) ? { asked: said[i - 1]!.text } : {};
    const u = { ...said1, ...(context ? { context } : {}), ...asked };
    const isCaption = caption !== '' && u.text === caption;
    // A grounding line of a table ("East Shaft, Q2: 25") is a cell: the value is its span.
    // (Up to 200 characters of names: a sub-row under its group and section, a column under its spanning headers.)
    const cell = isCaption ? null : /^([^:]{1,200}):\s+(\S(?:.{0,40}\S)?)$/.exec(u.text);
    if (cell && cell[2]!.split(/\s+/).length <= 5 && !/[.!?]$/.test(cell[2]!)) out.push({ ...u, span: cell[2]!, kind: 'cell', listed: true, ...(caption ? { caption } : {}) });
    else out.push(u);
  }
  return [...out, ...cells(passage.lines, passage.pageLines)];
}
