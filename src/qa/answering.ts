// The answering steps, shared by the question job and the page/component responses: gather
// passages, read each for evidence with the engine, answer from the evidence.
import type { Db } from '../db/types.js';
import type { BBox } from '../pipeline/types.js';
import { PART_NOT_FOUND, type FinalAnswer, type Passage, type PassageLine, type Usage } from '../providers/answer/index.js';
import type { PriceTable } from '../providers/llm/prices.js';
import { TABLE_CHUNK_KIND } from '../search/component-chunks.js';
import { recordTokenUsage } from '../search/usage.js';
import { subjectAtEnd } from '../providers/answer/subject.js';
import { isRowKey } from './row-keys.js';

/** A stored chunk's lines: chunk text lines pair with its line boxes when the counts agree. */
export function chunkLines(text: string, bboxes: BBox[]): PassageLine[] {
  const lines = text.split('\n');
  if (lines.length === bboxes.length) return lines.map((t, i) => ({ text: t, bbox: bboxes[i] ?? null }));
  return [{ text: text.replace(/\n/g, ' '), bbox: null }];
}

/**
 * A page's chunks in reading order: its text chunks first, in their order, then its component
 * chunks (table rows, chart data). Both kinds number their chunks from 0, so ordering by `seq`
 * alone interleaved them, and a table row read between two text chunks became the subject of an
 * "Its ..." sentence opening the second (issue 15: "Its commissioning took place on ...").
 */
export function textChunksFirst<T extends { kind: string; seq: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => Number(a.kind !== 'text') - Number(b.kind !== 'text') || a.seq - b.seq);
}

/** Every chunk line of the given pages and of the page before each (subjectAtEnd), keyed `${documentId}:${page}`. */
export async function pageLines(db: Db, pages: Array<{ documentId: string; pageNumber: number }>): Promise<Map<string, PassageLine[]>> {
  const out = new Map<string, PassageLine[]>();
  const byDoc = new Map<string, Set<number>>();
  for (const p of pages) {
    const set = byDoc.get(p.documentId) ?? new Set<number>();
    set.add(p.pageNumber);
    if (p.pageNumber > 1) set.add(p.pageNumber - 1);
    byDoc.set(p.documentId, set);
  }
  for (const [documentId, numbers] of byDoc) {
    const rows = await db
      .selectFrom('chunks')
      .select(['page_number', 'kind', 'seq', 'text', 'bboxes'])
      .where('document_id', '=', documentId)
      .where('page_number', 'in', [...numbers])
      .orderBy('page_number')
      .orderBy('seq')
      .execute();
    for (const r of textChunksFirst(rows)) {
      const key = `${documentId}:${r.page_number}`;
      const lines = out.get(key) ?? [];
      lines.push(...chunkLines(r.text, JSON.parse(r.bboxes) as BBox[]));
      out.set(key, lines);
    }
  }
  return out;
}

/**
 * A table-row chunk ("label\nrow > path: column: value; column: value", one box per value) as
 * the table's label and one "row, column: value" line per cell with the cell's box, so that
 * readers take each value with its own row and column rather than the whole row as one sentence.
 */
export function tableRowLines(text: string, bboxes: BBox[]): PassageLine[] | null {
  const nl = text.lastIndexOf('\n');
  const label = nl >= 0 ? text.slice(0, nl).trim() : '';
  const parts = text.slice(nl + 1).split('; ');
  const first = parts[0] ?? '';
  // With a row path the first part is "row: column: value"; without one, "column: value".
  const rowCut = first.indexOf(': ') < first.lastIndexOf(': ') ? first.indexOf(': ') : -1;
  const row = rowCut >= 0 ? first.slice(0, rowCut) : '';
  const cells = [rowCut >= 0 ? first.slice(rowCut + 2) : first, ...parts.slice(1)].map((p) => {
    const cut = p.lastIndexOf(': ');
    return cut > 0 ? { column: p.slice(0, cut), value: p.slice(cut + 2) } : null;
  });
  if (cells.some((c) => c === null || c.value.trim() === '')) return null;
  const boxes = bboxes.length === cells.length ? bboxes : null;
  const lines: PassageLine[] = label ? [{ text: label, bbox: null }] : [];
  // Values that name the row (an asset's tag in a later column) name every other value of it too.
  const keys = cells.filter((c) => isRowKey(c!.value, c!.column));
  cells.forEach((c, i) => {
    const others = keys.filter((k) => k !== c).map((k) => k!.value);
    // A header line ending in a colon ("Launch:" over "May 21, 2009") keeps no colon inside the name: the last ": " parts name from value.
    const name = [row.replace(/ > /g, ', '), ...others, c!.column.replace(/ > /g, ', ')].filter((x) => x).join(', ').replace(/:(?=\s)/g, '');
    lines.push({ text: `${name}: ${c!.value}`, bbox: boxes?.[i] ?? null });
  });
  return lines;
}

export function passageOf(hit: { documentId: string; pageNumber: number; kind: string; text: string; bboxes: BBox[] }, page: Map<string, PassageLine[]>): Passage {
  const lines = (hit.kind === TABLE_CHUNK_KIND ? tableRowLines(hit.text, hit.bboxes) : null) ?? chunkLines(hit.text, hit.bboxes);
  const before = page.get(`${hit.documentId}:${hit.pageNumber - 1}`);
  return { documentId: hit.documentId, pageNumber: hit.pageNumber, kind: hit.kind, lines, pageLines: page.get(`${hit.documentId}:${hit.pageNumber}`) ?? lines, carriedSubject: before ? subjectAtEnd(before) : null };
}

/** Records one model call's tokens and cost; the offline engine makes none. */
export async function recordUsage(
  db: Db,
  prices: PriceTable,
  usage: Usage | null,
  target: { organizationId: string; documentId: string | null; questionId: number | null; purpose: string },
): Promise<void> {
  if (!usage) return;
  await recordTokenUsage(db, prices, usage, target);
}

/**
 * Whether the offline reader, having answered from the fused rankings, also reads the best prose
 * passages ranked on their own: only when it found nothing (or nothing for a part) over all kinds
 * of chunks. Table rows repeating their caption can crowd prose out of the rankings; reading prose
 * always let more prose compete with stated answers (the lost branch of issue 15).
 */
export function wantsProseLook(provider: string, chunkType: string, answer: Pick<FinalAnswer, 'text' | 'not_found'>): boolean {
  return provider === 'offline' && chunkType === 'all' && (answer.not_found || answer.text.includes(PART_NOT_FOUND));
}
