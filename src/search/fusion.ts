// Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): a chunk's fused score is the
// sum over the ranked lists it appears in of 1 / (k + rank), rank counted from 1. Only ranks
// matter, so BM25 / ts_rank scores and cosine similarities never need a common scale. k = 60 is
// the paper's constant; it damps the lead of the very first ranks over the next ones.
import type { ChunkHit } from './chunk-search.js';

export const RRF_K = 60;

/** The lists fused into one ranking, best first, each chunk once, with the fused score; ties keep the better best rank. */
export function fuseByRank(lists: ChunkHit[][], limit: number, k = RRF_K): ChunkHit[] {
  const fused = new Map<string, { hit: ChunkHit; score: number; bestRank: number; order: number }>();
  let order = 0;
  for (const list of lists) {
    list.forEach((hit, i) => {
      const entry = fused.get(hit.chunkId);
      const share = 1 / (k + i + 1);
      if (entry) {
        entry.score += share;
        entry.bestRank = Math.min(entry.bestRank, i);
      } else {
        fused.set(hit.chunkId, { hit, score: share, bestRank: i, order: order++ });
      }
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map((e) => ({ ...e.hit, score: e.score }));
}
