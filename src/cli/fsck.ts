// `pagelens fsck [--repair] [--min-age S]`: the report as JSON on stdout, a summary on stderr, and
// the exit code: 0 nothing found (or, with --repair, everything found was repaired), 1 problems
// found (without --repair) or left unrepaired, 2 fsck itself failed (database or storage away).
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { runFsck, type FsckReport } from '../fsck/fsck.js';
import { createBlobStore } from '../storage/index.js';
import { errorMessage } from '../util.js';

export const FSCK_CLEAN = 0;
export const FSCK_PROBLEMS = 1;
export const FSCK_ERROR = 2;

function repairedAll(report: FsckReport): boolean {
  const r = report.repaired;
  if (!r) return false;
  return (
    r.orphans_deleted === report.orphans.length &&
    r.dangling_marked === report.dangling.length &&
    r.deletions_run === report.stale_deletions &&
    r.leftovers_removed === report.leftovers.length
  );
}

export function fsckExitCode(report: FsckReport): number {
  if (report.problems === 0) return FSCK_CLEAN;
  return repairedAll(report) ? FSCK_CLEAN : FSCK_PROBLEMS;
}

/** Lines for stderr: what was found, and what was done about it. */
export function fsckSummary(report: FsckReport): string[] {
  const lines = [
    `fsck: ${report.blobs} blob(s) in the ${report.storage} store, counting only what is older than ${report.min_age_s} s`,
    `  orphan blobs (no record points at them): ${report.orphans.length}` +
      (report.orphans.length > 0 ? `, ${report.orphans.reduce((n, o) => n + o.size, 0)} bytes` : ''),
    `  dangling records (their blob is gone): ${report.dangling.length}`,
    `  blob deletions still queued: ${report.stale_deletions}`,
    `  crash leftovers on this machine: ${report.leftovers.length}`,
  ];
  if (report.unknown.length > 0) lines.push(`  keys outside documents/ and components/ (not PageLens's, left alone): ${report.unknown.length}`);
  const r = report.repaired;
  if (r) {
    lines.push(
      `repaired: ${r.orphans_deleted} orphan(s) deleted, ${r.dangling_marked} dangling record(s) marked, ` +
        `${r.deletions_run} queued deletion(s) run, ${r.leftovers_removed} leftover(s) removed`,
    );
  } else if (report.problems > 0) {
    lines.push('run again with --repair to fix (see docs/operations.md, "After a crash")');
  }
  return lines;
}

/**
 * Runs fsck with only what it needs (settings, the migrated database, the blob store: no engines,
 * no queue), prints the report and the summary, and answers the exit code. Never throws.
 */
export async function fsckCommand(options: { repair: boolean; minAgeSeconds: number }, say: (line: string) => void): Promise<number> {
  let database: ReturnType<typeof openDatabase> | null = null;
  try {
    const config = loadConfig();
    database = openDatabase(config.databaseUrl);
    await migrateToLatest(database.db);
    const ports = { database, storage: createBlobStore(config), tmpDir: path.join(config.dataDir, 'tmp') };
    const report = await runFsck(ports, options);
    for (const line of fsckSummary(report)) say(line);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return fsckExitCode(report);
  } catch (err) {
    say(`error: fsck failed: ${errorMessage(err)}`);
    return FSCK_ERROR;
  } finally {
    await database?.close().catch(() => undefined);
  }
}
