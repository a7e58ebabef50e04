// `pagelens fsck` and the periodic orphan sweep: find (scan.ts, leftovers.ts) and, asked to,
// repair. A repair loses no good data:
// - an orphan blob (no record points at it, older than the minimum age) is deleted, after one more
//   look at the database just before;
// - a dangling record keeps everything it still has and forgets only the missing blob: a
//   document's file_path becomes null (pages, text, components and answers stay; the file can be
//   uploaded again), a page's image, thumbnail or words key becomes null (the image is rendered
//   again on demand), a component's image_key becomes null; each only while it still holds that key;
// - deletions waiting in the outbox are carried out;
// - crash leftovers on this machine's disk are removed.
import type { Kysely } from 'kysely';
import * as components from '../components/repository.js';
import type { Database } from '../db/types.js';
import { drainBlobDeletions } from '../documents/blob-deletions.js';
import * as documents from '../documents/repository.js';
import * as pages from '../pages/repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { LocalBlobStore } from '../storage/local.js';
import { findLeftovers, removeLeftovers, type Leftover, type LeftoverCounts } from './leftovers.js';
import { referencedNow, scanBlobs, type DanglingRecord, type OrphanBlob } from './scan.js';

export interface FsckPorts {
  database: { db: Kysely<Database> };
  storage: BlobStore;
  /** DATA_DIR/tmp of this machine */
  tmpDir: string;
}

export interface FsckOptions {
  /** Only blobs, temp files and outbox rows older than this count (default in the CLI: 3600). */
  minAgeSeconds: number;
  repair: boolean;
  now?: Date;
}

export interface FsckRepairs {
  orphans_deleted: number;
  dangling_marked: number;
  deletions_run: number;
  leftovers_removed: number;
}

export interface FsckReport {
  storage: 'local' | 's3';
  min_age_s: number;
  blobs: number;
  orphans: OrphanBlob[];
  dangling: DanglingRecord[];
  stale_deletions: number;
  leftovers: Leftover[];
  unknown: string[];
  /** How many problems were found: orphans + dangling records + stale deletions + leftovers. */
  problems: number;
  repaired: FsckRepairs | null;
}

/** Deletes orphans that no record points at even now; on local files also their emptied folders. */
export async function deleteOrphans(ports: FsckPorts, orphans: OrphanBlob[]): Promise<number> {
  const claimed = await referencedNow(ports.database.db, orphans.map((o) => o.key));
  let deleted = 0;
  for (const o of orphans) {
    if (claimed.has(o.key)) continue;
    await ports.storage.delete(o.key);
    if (ports.storage instanceof LocalBlobStore) await ports.storage.removeEmptyParents(o.key);
    deleted++;
  }
  return deleted;
}

async function markDangling(db: Kysely<Database>, storage: BlobStore, records: DanglingRecord[]): Promise<number> {
  let marked = 0;
  for (const r of records) {
    if (await storage.head(r.key).catch(() => null)) continue; // it came back (or was late): keep the reference
    let changed = false;
    if (r.table === 'documents') changed = await documents.forgetMissingFile(db, r.id, r.key);
    else if (r.table === 'components') changed = await components.forgetMissingComponentImage(db, r.id, r.key);
    else if (r.column !== 'file_path') changed = await pages.forgetMissingPageBlob(db, r.id, r.column, r.key);
    if (changed) marked++;
  }
  return marked;
}

const leftoverTotal = (c: LeftoverCounts): number => c.dataTmp + c.blobTmp + c.emptyDirs;

export async function runFsck(ports: FsckPorts, options: FsckOptions): Promise<FsckReport> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.minAgeSeconds * 1000);
  const { db } = ports.database;
  const scan = await scanBlobs(db, ports.storage, { cutoff });
  const leftovers = await findLeftovers(ports, cutoff);
  const report: FsckReport = {
    storage: ports.storage.kind,
    min_age_s: options.minAgeSeconds,
    blobs: scan.blobs,
    orphans: scan.orphans,
    dangling: scan.dangling,
    stale_deletions: scan.staleDeletions,
    leftovers,
    unknown: scan.unknown,
    problems: scan.orphans.length + scan.dangling.length + scan.staleDeletions + leftovers.length,
    repaired: null,
  };
  if (!options.repair) return report;
  const repaired: FsckRepairs = { orphans_deleted: 0, dangling_marked: 0, deletions_run: 0, leftovers_removed: 0 };
  repaired.orphans_deleted = await deleteOrphans(ports, scan.orphans);
  repaired.dangling_marked = await markDangling(db, ports.storage, scan.dangling);
  if (scan.staleDeletions > 0) {
    await drainBlobDeletions(db, ports.storage);
    repaired.deletions_run = scan.staleDeletions;
  }
  repaired.leftovers_removed = leftoverTotal(await removeLeftovers(ports, leftovers));
  report.repaired = repaired;
  return report;
}

export interface OrphanSweep {
  orphans: number;
  dangling: number;
}

/**
 * The periodic pass (maintenance lease holder only: the store is shared): deletes orphan blobs
 * older than the cut-off on any backend; dangling records are only counted, for the log (losing
 * a blob is something an operator should look at: `pagelens fsck`).
 */
export async function sweepOrphans(ports: FsckPorts, cutoff: Date): Promise<OrphanSweep> {
  const scan = await scanBlobs(ports.database.db, ports.storage, { cutoff });
  return { orphans: await deleteOrphans(ports, scan.orphans), dangling: scan.dangling.length };
}
