// Tables framed by horizontal rules only (a top and a bottom rule of the same extent), whose
// cells may be sentences: rows between the rules mostly split into two or more cells.
import type { BBox } from '../types.js';
import { coverage, unionAll, width } from './geometry.js';
import { isProse } from './columns.js';
import type { Row } from './rows.js';

export interface FramedTable {
  bbox: BBox;
  confidence: number;
}

/** Chains of rules of one extent (within two line heights at each end), top to bottom. */
function chains(rules: BBox[], lh: number): BBox[][] {
  const sorted = rules.filter((r) => width(r) >= 10 * lh).sort((a, b) => a[1] - b[1]);
  const out: BBox[][] = [];
  for (const r of sorted) {
    const chain = out.find((c) => {
      const last = c[c.length - 1]!;
      return Math.abs(last[0] - r[0]) <= 2 * lh && Math.abs(last[2] - r[2]) <= 2 * lh;
    });
    if (chain) chain.push(r);
    else out.push([r]);
  }
  return out;
}

/**
 * Tables between the first and last rule of a chain: at least three rows, most of them with two
 * or more cells, none two cells of running text; areas in `known` (tables found) are skipped.
 */
export function findFramedTables(rows: Row[], lh: number, rules: BBox[], known: BBox[]): FramedTable[] {
  const out: FramedTable[] = [];
  for (const chain of chains(rules, lh)) {
    if (chain.length < 2) continue;
    const top = chain[0]!;
    const bottom = chain[chain.length - 1]!;
    if (bottom[1] - top[3] < 2 * lh) continue;
    const frame: BBox = [Math.min(top[0], bottom[0]), top[1], Math.max(top[2], bottom[2]), bottom[3]];
    const inside = rows.filter((r) => coverage(r.bbox, frame) > 0.5);
    if (inside.length < 3 || inside.some((r) => r.bbox[0] < frame[0] - lh || r.bbox[2] > frame[2] + lh)) continue;
    const split = inside.filter((r) => r.chunks.length >= 2);
    if (split.length < 0.5 * inside.length || split.length < 3) continue;
    if (inside.some((r) => r.chunks.filter((c) => isProse(c, lh)).length >= 2)) continue;
    if (known.some((k) => coverage(k, frame) > 0.3 || coverage(frame, k) > 0.3)) continue;
    out.push({ bbox: unionAll([frame, ...inside.map((r) => r.bbox)])!, confidence: 0.6 });
  }
  return out;
}
