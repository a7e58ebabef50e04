// `pagelens fsck`, the looking half: every blob in the store against every record that points at
// one. Blobs live under their owner's prefix (`documents/<id>/...`, `components/<id>/...`), so a
// blob is an orphan when no record points at it: its document or component is gone, or its
// record moved on to another key (a page processed again, a crop replaced) without it being
// deleted. A record is dangling when the blob it points at is gone.
//
// What fsck never calls an orphan: blobs younger than the minimum age (a write whose record is
// about to be committed), blobs under a prefix waiting in the deletion outbox (being deleted), the
// converted source of a document's current version (derived/v<N>/), the blobs of pending direct
// uploads, and keys outside documents/ and components/ (not PageLens's: listed as unknown).
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import * as components from '../components/repository.js';
import { pendingDeletions } from '../documents/blob-deletions.js';
import { derivedPrefix } from '../documents/keys.js';
import * as documents from '../documents/repository.js';
import * as pages from '../pages/repository.js';
import type { BlobEntry, BlobStore } from '../storage/blob-store.js';

const BATCH = 500;

export interface OrphanBlob {
  key: string;
  size: number;
  modified_at: string;
  /** `documents/<id>/` or `components/<id>/` */
  owner: string;
  /** Whether the owning document or component still exists (else the whole prefix is dead). */
  owner_exists: boolean;
}

export interface DanglingRecord {
  table: 'documents' | 'pages' | 'components';
  id: string;
  /** file_path (documents), image_key / thumbnail_key / words_key (pages), image_key (components) */
  column: 'file_path' | pages.PageBlobColumn;
  key: string;
}

export interface BlobScan {
  /** Blobs listed. */
  blobs: number;
  orphans: OrphanBlob[];
  dangling: DanglingRecord[];
  /** Outbox deletions older than the minimum age (a deletion that should have run long ago). */
  staleDeletions: number;
  /** Keys outside documents/ and components/: not PageLens's, never touched. */
  unknown: string[];
}

export interface ScanOptions {
  /** Blobs written after this are never orphans; outbox rows created after it are not stale. */
  cutoff: Date;
}

interface Owner {
  prefix: string;
  kind: 'document' | 'component';
  id: string;
}

export function ownerOf(key: string): Owner | null {
  const m = /^(documents|components)\/([^/]+)\//.exec(key);
  if (!m?.[1] || !m[2]) return null;
  return { prefix: m[0], kind: m[1] === 'documents' ? 'document' : 'component', id: m[2] };
}

/** What the records point at, and the records whose blob is not in the listing. */
interface References {
  keys: Set<string>;
  /** derived/v<current version>/ of every document */
  prefixes: Set<string>;
  documents: Set<string>;
  components: Set<string>;
  missing: DanglingRecord[];
}

async function collectReferences(db: Kysely<Database>, listed: Set<string>): Promise<References> {
  const refs: References = { keys: new Set(), prefixes: new Set(), documents: new Set(), components: new Set(), missing: [] };
  const point = (record: Omit<DanglingRecord, 'key'>, key: string | null): void => {
    if (!key) return;
    refs.keys.add(key);
    if (!listed.has(key)) refs.missing.push({ ...record, key });
  };
  for (let after = ''; ; ) {
    const docs = await documents.documentFileRefs(db, after, BATCH);
    if (docs.length === 0) break;
    after = docs[docs.length - 1]?.id ?? after;
    const ids = docs.map((d) => d.id);
    for (const d of docs) {
      refs.documents.add(d.id);
      refs.prefixes.add(derivedPrefix(d.id, d.version));
      point({ table: 'documents', id: d.id, column: 'file_path' }, d.file_path);
    }
    // A pending upload's blob has usually not arrived: pointed at, never dangling.
    for (const u of await documents.pendingUploadRefs(db, ids)) refs.keys.add(u.storage_key);
    for (const p of await pages.pageBlobRefs(db, ids)) {
      for (const column of pages.PAGE_BLOB_COLUMNS) point({ table: 'pages', id: p.id, column }, p[column]);
    }
    for (const c of await components.componentImageRefs(db, ids)) {
      refs.components.add(c.id);
      point({ table: 'components', id: c.id, column: 'image_key' }, c.image_key);
    }
  }
  for (let after = ''; ; ) {
    const rows = await components.standaloneComponentRefs(db, after, BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id ?? after;
    for (const c of rows) {
      refs.components.add(c.id);
      point({ table: 'components', id: c.id, column: 'image_key' }, c.image_key);
    }
    for (const u of await components.componentUploadRefs(db, rows.map((c) => c.id))) refs.keys.add(u.storage_key);
  }
  return refs;
}

/** Which of these keys some record points at right now (a fresh look, just before acting). */
export async function referencedNow(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    for (const k of await documents.referencedDocumentKeys(db, batch)) out.add(k);
    for (const k of await pages.referencedPageKeys(db, batch)) out.add(k);
    for (const k of await components.referencedComponentKeys(db, batch)) out.add(k);
  }
  return out;
}

/** True when a queued deletion covers the key: a folder prefix above it, or the key itself. */
function beingDeleted(key: string, prefixes: Set<string>): boolean {
  if (prefixes.has(key)) return true;
  for (let i = key.indexOf('/'); i !== -1; i = key.indexOf('/', i + 1)) {
    if (prefixes.has(key.slice(0, i + 1))) return true;
  }
  return false;
}

/** Files of a document's or component's schematics below its prefix: legend crops, legend images waiting for their job. */
const SCHEMATIC_FILES = /^(legend_crops|legend-images)\//;

function derivedOf(key: string, prefixes: Set<string>): boolean {
  const m = /^documents\/[^/]+\/derived\/v\d+\//.exec(key);
  return m !== null && prefixes.has(m[0]);
}

export async function scanBlobs(db: Kysely<Database>, storage: BlobStore, options: ScanOptions): Promise<BlobScan> {
  // Listing first, records second: a blob written between the two is young, so never an orphan.
  const listing = await storage.entries('');
  const listed = new Set(listing.map((e) => e.key));
  const deletions = await pendingDeletions(db);
  const refs = await collectReferences(db, listed);
  const deleting = new Set(deletions.map((d) => d.prefix));
  const unknown: string[] = [];
  const candidates: BlobEntry[] = [];
  for (const e of listing) {
    const owner = ownerOf(e.key);
    if (!owner) {
      unknown.push(e.key);
      continue;
    }
    if (refs.keys.has(e.key) || derivedOf(e.key, refs.prefixes) || beingDeleted(e.key, deleting)) continue;
    // Schematic legend crops are pointed at from inside graphs (storage:// URLs in grounding
    // data, drafts and revisions alike): while their document or component lives, they stay.
    if (SCHEMATIC_FILES.test(e.key.slice(owner.prefix.length)) && (owner.kind === 'document' ? refs.documents.has(owner.id) : refs.components.has(owner.id))) continue;
    if (e.modifiedAt.getTime() >= options.cutoff.getTime()) continue;
    candidates.push(e);
  }
  const stillReferenced = await referencedNow(db, candidates.map((c) => c.key));
  const orphans: OrphanBlob[] = [];
  for (const e of candidates) {
    const owner = ownerOf(e.key);
    if (!owner || stillReferenced.has(e.key)) continue;
    const exists = owner.kind === 'document' ? refs.documents.has(owner.id) : refs.components.has(owner.id);
    orphans.push({ key: e.key, size: e.size, modified_at: e.modifiedAt.toISOString(), owner: owner.prefix, owner_exists: exists });
  }
  // A record committed after the listing points at a blob the listing missed: ask the store.
  const dangling: DanglingRecord[] = [];
  for (const m of refs.missing) {
    const present = await storage.head(m.key).catch(() => null);
    if (!present) dangling.push(m);
  }
  const staleDeletions = deletions.filter((d) => d.created_at < options.cutoff.toISOString()).length;
  return { blobs: listing.length, orphans, dangling, staleDeletions, unknown };
}
