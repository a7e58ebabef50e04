// ICDAR 2013 table competition ground truth: NAME-str.xml (cells with start/end row and column
// and content, per table and region) joined with NAME-reg.xml (region boxes).
import type { BBox } from '../src/pipeline/types.js';
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

/** Tables (one per table region) of a document, with the region box of reg.xml. */
export function gtTables(strXml: string, regXml: string): GtTable[] {
  const boxes: Array<{ table: string; page: number; box: GtTable['box'] }> = [];
  for (const t of regXml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    const id = /\bid\s*=\s*['"]([^'"]*)['"]/.exec(t[1]!)?.[1] ?? '';
    for (const m of t[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const bb = /<bounding-box\b[^>]*>/.exec(m[2]!)?.[0];
      if (bb) boxes.push({ table: id, page: attr(m[1]!, 'page'), box: [attr(bb, 'x1'), attr(bb, 'y1'), attr(bb, 'x2'), attr(bb, 'y2')] });
    }
  }
  const out: GtTable[] = [];
  for (const t of strXml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    const id = /\bid\s*=\s*['"]([^'"]*)['"]/.exec(t[1]!)?.[1] ?? '';
    for (const m of t[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const page = attr(m[1]!, 'page');
      const cells: SpanCell[] = [];
      for (const c of m[2]!.matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)) {
        const sr = attr(c[1]!, 'start-row');
        const sc = attr(c[1]!, 'start-col');
        const er = attr(c[1]!, 'end-row');
        const ec = attr(c[1]!, 'end-col');
        const text = unescape(/<content>([\s\S]*?)<\/content>/.exec(c[2]!)?.[1] ?? '');
        cells.push({ row: sr, col: sc, rowspan: (Number.isNaN(er) ? sr : er) - sr + 1, colspan: (Number.isNaN(ec) ? sc : ec) - sc + 1, text });
      }
      const same = boxes.filter((b) => b.page === page);
      const box = (same.find((b) => b.table === id) ?? same[0])?.box;
      if (box) out.push({ table: id, page, box, cells });
    }
  }
  return out;
}

/** A ground-truth box → page pixels at `dpi` (top-left origin). */
export function toPixels(box: GtTable['box'], pageHeight: number, dpi: number): BBox {
  const s = dpi / 72;
  const [x0, x1] = [Math.min(box[0], box[2]), Math.max(box[0], box[2])];
  const [y0, y1] = [Math.min(box[1], box[3]), Math.max(box[1], box[3])];
  return [x0 * s, (pageHeight - y1) * s, x1 * s, (pageHeight - y0) * s];
}
