// The ICDAR 2013 table competition's structure measure: adjacency relations between each
// non-empty cell and its nearest non-empty neighbour to the right (in each row the cell covers)
// and below (in each column it covers), compared by content. Used by eval/tables.ts and tests.
import type { TableGrid } from './types.js';

export interface Relation {
  dir: 'right' | 'below';
  a: string;
  b: string;
  /** dir + normalised contents: what is compared. */
  key: string;
}

export interface SpanCell {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  text: string;
}

/** Content as compared: NFKC, letters and digits only (spacing, punctuation and hyphenation aside). */
export function normalizeContent(s: string): string {
  return s.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Relations of a grid of spanning cells; cells whose content normalises to '' are blank. */
export function relationsOf(cells: SpanCell[]): Relation[] {
  const full = cells.map((c) => ({ ...c, n: normalizeContent(c.text) })).filter((c) => c.n);
  const out: Relation[] = [];
  const seen = new Set<string>();
  const push = (dir: Relation['dir'], i: number, j: number): void => {
    const id = `${dir}:${i}:${j}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ dir, a: full[i]!.text, b: full[j]!.text, key: `${dir}|${full[i]!.n}|${full[j]!.n}` });
  };
  full.forEach((c, i) => {
    for (let r = c.row; r < c.row + c.rowspan; r++) {
      let best = -1;
      full.forEach((d, j) => {
        if (j === i || d.row > r || d.row + d.rowspan <= r || d.col < c.col + c.colspan) return;
        if (best < 0 || d.col < full[best]!.col) best = j;
      });
      if (best >= 0) push('right', i, best);
    }
    for (let k = c.col; k < c.col + c.colspan; k++) {
      let best = -1;
      full.forEach((d, j) => {
        if (j === i || d.col > k || d.col + d.colspan <= k || d.row < c.row + c.rowspan) return;
        if (best < 0 || d.row < full[best]!.row) best = j;
      });
      if (best >= 0) push('below', i, best);
    }
  });
  return out;
}

export const relationsOfGrid = (g: TableGrid): Relation[] => relationsOf(g.cells);

/** Correct relations: the size of the multiset intersection of `gt` and `det` keys. */
export function scoreRelations(gt: Relation[], det: Relation[]): number {
  const counts = new Map<string, number>();
  for (const r of gt) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  let ok = 0;
  for (const r of det) {
    const c = counts.get(r.key) ?? 0;
    if (c > 0) {
      ok++;
      counts.set(r.key, c - 1);
    }
  }
  return ok;
}
