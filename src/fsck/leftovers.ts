// Crash leftovers on this machine's disk: everything in DATA_DIR/tmp (partial multipart uploads
// `*.upload`, signed local PUTs `*.put`, upload checks `*.check`, LibreOffice work folders
// `convert-*`), temp blobs in the local store's `.tmp`, and empty blob folders. Only what is
// older than a cut-off counts: younger files may belong to a request or conversion still running.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../storage/blob-store.js';
import { LocalBlobStore } from '../storage/local.js';

export type LeftoverKind = 'data-tmp' | 'blob-tmp' | 'empty-dir';

export interface Leftover {
  path: string;
  kind: LeftoverKind;
}

export interface LeftoverCounts {
  dataTmp: number;
  blobTmp: number;
  emptyDirs: number;
}

export interface LeftoverPlaces {
  /** DATA_DIR/tmp */
  tmpDir: string;
  storage: BlobStore;
}

/** The newest modification time in a file or folder tree (a folder being written to is young). */
async function newestMtime(p: string): Promise<number> {
  const s = await stat(p).catch(() => null);
  if (!s) return Number.POSITIVE_INFINITY; // gone meanwhile: never "old"
  let newest = s.mtimeMs;
  if (s.isDirectory()) {
    for (const name of await readdir(p).catch(() => [] as string[])) newest = Math.max(newest, await newestMtime(path.join(p, name)));
  }
  return newest;
}

/** What a crash left on this machine, older than the cut-off. Removes nothing. */
export async function findLeftovers(places: LeftoverPlaces, olderThan: Date): Promise<Leftover[]> {
  const found: Leftover[] = [];
  for (const name of (await readdir(places.tmpDir).catch(() => [] as string[])).sort()) {
    const p = path.join(places.tmpDir, name);
    if ((await newestMtime(p)) < olderThan.getTime()) found.push({ path: p, kind: 'data-tmp' });
  }
  if (places.storage instanceof LocalBlobStore) {
    const blobs = await places.storage.findLeftovers(olderThan);
    for (const p of blobs.tmpFiles) found.push({ path: p, kind: 'blob-tmp' });
    for (const p of blobs.emptyDirs) found.push({ path: p, kind: 'empty-dir' });
  }
  return found;
}

/** Removes what findLeftovers found (a folder that got content meanwhile stays). */
export async function removeLeftovers(places: LeftoverPlaces, found: Leftover[]): Promise<LeftoverCounts> {
  const counts: LeftoverCounts = { dataTmp: 0, blobTmp: 0, emptyDirs: 0 };
  for (const l of found) {
    if (l.kind !== 'data-tmp' || !l.path.startsWith(places.tmpDir + path.sep)) continue;
    await rm(l.path, { force: true, recursive: true });
    counts.dataTmp++;
  }
  if (places.storage instanceof LocalBlobStore) {
    const removed = await places.storage.removeLeftovers({
      tmpFiles: found.filter((l) => l.kind === 'blob-tmp').map((l) => l.path),
      emptyDirs: found.filter((l) => l.kind === 'empty-dir').map((l) => l.path),
    });
    counts.blobTmp = removed.tmpFiles;
    counts.emptyDirs = removed.emptyDirs;
  }
  return counts;
}

/** findLeftovers, then removeLeftovers: each process's periodic sweep of its own disk. */
export async function sweepLeftovers(places: LeftoverPlaces, olderThan: Date): Promise<LeftoverCounts> {
  return removeLeftovers(places, await findLeftovers(places, olderThan));
}
