// Storage crop URLs must name blobs that exist: checked for every legend entry of a write before
// anything is stored, a few HEAD requests at a time.
import { validationError } from '../http/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { LegendEntry, SchematicGraphV2 } from './graph.js';
import { storageKeyOf } from './legend-crops.js';
import type { Path } from './validate.js';

const HEAD_BATCH = 16;

/**
 * A 422 at the first legend entry whose storage crop URL names no stored blob. `at` is each
 * list's path in the v2 graph; `where` maps a v2 path to the body's own, under `loc`.
 */
export async function checkStoredCrops(
  storage: BlobStore,
  lists: Array<{ entries: readonly LegendEntry[]; at: Path }>,
  loc: Path,
  where: (at: Path) => Path = (at) => at,
  /** Keys known to be there (about to be stored by the same request). */
  provided: ReadonlySet<string> = new Set(),
): Promise<void> {
  const wanted: Array<{ key: string; loc: Path }> = [];
  for (const { entries, at } of lists) {
    entries.forEach((e, i) => {
      const key = e.source_crop_url === null ? null : storageKeyOf(e.source_crop_url);
      if (key !== null && !provided.has(key)) wanted.push({ key, loc: [...loc, ...where([...at, i, 'source_crop_url'])] });
    });
  }
  for (let i = 0; i < wanted.length; i += HEAD_BATCH) {
    const batch = wanted.slice(i, i + HEAD_BATCH);
    const found = await Promise.all(batch.map((w) => storage.head(w.key)));
    const missing = batch.findIndex((_, k) => found[k] === null);
    if (missing >= 0) throw validationError(batch[missing]!.loc, `No legend crop is stored at ${batch[missing]!.key}`, 'value_error');
  }
}

/** The legend lists of a graph whose crops must be stored. */
export const legendLists = (g: SchematicGraphV2) => [
  { entries: g.legend, at: ['legend'] },
  { entries: g.legend_draft ?? [], at: ['legend_draft'] },
];
