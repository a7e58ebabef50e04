// ICDAR 2013 table competition ground truth: NAME-str.xml (cells with start/end row and column
// and content, per table and region) joined with NAME-reg.xml (region boxes).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BBox, TextLine, Word } from '../src/pipeline/types.js';
import type { SpanCell } from '../src/pipeline/tables/adjacency.js';

export interface GtTable {
  table: string;
  page: number;
  /** Region box in PDF user space (points, origin bottom-left). */
  box: [number, number, number, number];
  cells: SpanCell[];
}

function attr(tag: string, name: string): number {
  const m = new RegExp(`\\b${name}\\s*=\\s*['"]([^'"]*)['"]`).exec(tag);
  return m ? Number(m[1]) : Number.NaN;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string): string =>
  s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );

/**
 * Tables of a document, one per table and page: the regions of one table on one page (a table
 * set in several side-by-side blocks) are one grid, their cells offset by the regions'
 * col-increment and row-increment; the box is the union of reg.xml's boxes of that table there.
 */
export function gtTables(strXml: string, regXml: string): GtTable[] {
  const boxes: Array<{ table: string; page: number; box: GtTable['box'] }> = [];
  for (const t of regXml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    const id = /\bid\s*=\s*['"]([^'"]*)['"]/.exec(t[1]!)?.[1] ?? '';
    for (const m of t[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const bb = /<bounding-box\b[^>]*>/.exec(m[2]!)?.[0];
      if (bb) boxes.push({ table: id, page: attr(m[1]!, 'page'), box: [attr(bb, 'x1'), attr(bb, 'y1'), attr(bb, 'x2'), attr(bb, 'y2')] });
    }
  }
  const out = new Map<string, GtTable>();
  for (const t of strXml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    const id = /\bid\s*=\s*['"]([^'"]*)['"]/.exec(t[1]!)?.[1] ?? '';
    for (const m of t[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const page = attr(m[1]!, 'page');
      const dc = attr(m[1]!, 'col-increment') || 0;
      const dr = attr(m[1]!, 'row-increment') || 0;
      const key = `${id}:${page}`;
      let table = out.get(key);
      if (!table) {
        const mine = boxes.filter((b) => b.page === page && b.table === id);
        const same = mine.length ? mine : boxes.filter((b) => b.page === page).slice(0, 1);
        if (!same.length) continue;
        const xs = same.flatMap((b) => [b.box[0], b.box[2]]);
        const ys = same.flatMap((b) => [b.box[1], b.box[3]]);
        table = { table: id, page, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], cells: [] };
        out.set(key, table);
      }
      for (const c of m[2]!.matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)) {
        const sr = attr(c[1]!, 'start-row');
        const sc = attr(c[1]!, 'start-col');
        const er = attr(c[1]!, 'end-row');
        const ec = attr(c[1]!, 'end-col');
        const text = unescape(/<content>([\s\S]*?)<\/content>/.exec(c[2]!)?.[1] ?? '');
        table.cells.push({ row: sr + dr, col: sc + dc, rowspan: (Number.isNaN(er) ? sr : er) - sr + 1, colspan: (Number.isNaN(ec) ? sc : ec) - sc + 1, text });
      }
    }
  }
  return [...out.values()];
}

/** A ground-truth box → page pixels at `dpi` (top-left origin). */
export function toPixels(box: GtTable['box'], pageHeight: number, dpi: number): BBox {
  const s = dpi / 72;
  const [x0, x1] = [Math.min(box[0], box[2]), Math.max(box[0], box[2])];
  const [y0, y1] = [Math.min(box[1], box[3]), Math.max(box[1], box[3])];
  return [x0 * s, (pageHeight - y1) * s, x1 * s, (pageHeight - y0) * s];
}

/**
 * Words or lines of a rendered page or region from OCR, cached on disk between evaluation runs under
 * EVAL_OCR_CACHE (default /tmp/pagelens-eval-ocr; 'off' disables it). `key` must name the file,
 * page, region, engine and every setting that changes the result.
 */
export const ocrCache = {
  dir: process.env.EVAL_OCR_CACHE ?? '/tmp/pagelens-eval-ocr',
  /** OCR calls not answered from the cache, and their milliseconds. */
  calls: 0,
  ms: 0,
};

export async function cachedOcr<T extends Word[] | TextLine[]>(key: string, compute: () => Promise<T>): Promise<T> {
  const file = join(ocrCache.dir, `${key.replace(/[^\w.-]+/g, '_')}.json`);
  if (ocrCache.dir !== 'off' && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const t0 = Date.now();
  const words = await compute();
  ocrCache.ms += Date.now() - t0;
  ocrCache.calls++;
  if (ocrCache.dir !== 'off') {
    mkdirSync(ocrCache.dir, { recursive: true });
    writeFileSync(file, JSON.stringify(words));
  }
  return words;
}

/** A rendered page's OCR lines (page-level, as processing reads scans), cached. */
export function pageOcrKey(name: string, page: number, engine: string, dpi: number): string {
  return `${name}-p${page}-${engine}-pagelines-${dpi}`;
}
