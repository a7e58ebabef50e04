// The retention sweeper on both databases: documents past created_at + their shortest policy are
// deleted like DELETE /documents (records, tags, links, blobs), the others stay.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired, type SweepLog } from '../../src/retention/sweeper.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { attach, createPolicy, uploadDoc, type UploadedDoc } from './helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Logged {
  level: 'info' | 'warn';
  obj: object;
  msg: string;
}

function memoryLog(): SweepLog & { lines: Logged[] } {
  const lines: Logged[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
}

async function blobsOf(t: TestApp, documentId: string): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, 'blobs', 'documents', documentId), { recursive: true });
  } catch {
    return [];
  }
}

describe.each(DB_KINDS)('retention sweeper (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let eve: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@example.com', { org: 'acme' });
    eve = await t.user('eve@example.com', { org: 'other' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function exists(id: string): Promise<boolean> {
    const row = await t.ctx.database.db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  it('does nothing when no document has a policy', async () => {
    await uploadDoc(t, alice);
    const summary = await sweepExpired(t.ctx, new Date(Date.now() + 1000 * DAY_MS), memoryLog());
    expect(summary).toEqual({ deleted: [], blobs: 0 });
  });

  it('deletes expired documents with their records and blobs; the shortest policy wins', async () => {
    const day = await createPolicy(t, alice, 'one day', 1);
    const month = await createPolicy(t, alice, 'one month', 30);
    const eveWeek = await createPolicy(t, eve, 'eve week', 3);

    const short = await uploadDoc(t, alice, { name: 'short', tags: 'temp' });
    const both = await uploadDoc(t, alice, { name: 'both', tags: 'temp' });
    const long = await uploadDoc(t, alice, { name: 'long', tags: 'temp' });
    const none = await uploadDoc(t, alice, { name: 'none', tags: 'temp' });
    const eveDoc = await uploadDoc(t, eve, { name: 'eve' });
    for (const [doc, policy] of [
      [short, day],
      [both, month],
      [both, day],
      [long, month],
    ] as const) {
      expect((await attach(t, alice, doc.id, policy.id)).statusCode).toBe(200);
    }
    expect((await attach(t, eve, eveDoc.id, eveWeek.id)).statusCode).toBe(200);
    for (const doc of [short, both, long, none, eveDoc]) expect(await blobsOf(t, doc.id)).not.toEqual([]);

    // Not yet: nothing expires before created_at + 1 day.
    const early = await sweepExpired(t.ctx, new Date(Date.parse(short.created_at) + DAY_MS - 1000), memoryLog());
    expect(early.deleted).toEqual([]);

    const log = memoryLog();
    const now = new Date(Date.now() + 5 * DAY_MS);
    const summary = await sweepExpired(t.ctx, now, log);
    const expected = (doc: UploadedDoc, days: number, organizationId: string) => ({
      id: doc.id,
      name: doc.name,
      organization_id: organizationId,
      expired_at: new Date(Date.parse(doc.created_at) + days * DAY_MS).toISOString(),
    });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const wanted = [
      expected(short, 1, alice.organizationId),
      expected(both, 1, alice.organizationId),
      expected(eveDoc, 3, eve.organizationId),
    ];
    expect([...summary.deleted].sort(byId)).toEqual(wanted.sort(byId));
    expect(summary.blobs).toBe(3);

    const { db } = t.ctx.database;
    for (const doc of [short, both, eveDoc]) {
      expect(await exists(doc.id)).toBe(false);
      expect(await blobsOf(t, doc.id)).toEqual([]);
      expect(await db.selectFrom('document_tags').selectAll().where('document_id', '=', doc.id).execute()).toEqual([]);
      expect(
        await db.selectFrom('document_retention_policies').selectAll().where('document_id', '=', doc.id).execute(),
      ).toEqual([]);
      expect(await db.selectFrom('job_statuses').selectAll().where('document_id', '=', doc.id).execute()).toEqual([]);
      const get = await t.app.inject({ url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
      expect(get.statusCode).toBe(404);
    }
    for (const doc of [long, none]) {
      expect(await exists(doc.id)).toBe(true);
      expect(await blobsOf(t, doc.id)).not.toEqual([]);
    }
    expect(await db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    // The tag stays for the documents that still carry it; the policies themselves stay.
    const tags = await t.app.inject({ url: '/api/v0/documents/tags', headers: alice.auth });
    expect(tags.json()).toMatchObject([{ name: 'temp', document_count: 2 }]);
    expect((await t.app.inject({ url: `/api/v0/retention-policies/${day.id}`, headers: alice.auth })).statusCode).toBe(200);

    const deletedLines = log.lines.filter((l) => l.level === 'info' && l.msg.includes('document deleted'));
    expect(deletedLines).toHaveLength(3);
    const bothLine = deletedLines.find((l) => (l.obj as { document_id?: string }).document_id === both.id);
    expect(bothLine?.obj).toMatchObject({
      name: 'both',
      organization_id: alice.organizationId,
      policy: { id: day.id, name: 'one day', retain_days: 1 },
    });

    // A second sweep finds nothing more until the month has passed.
    expect((await sweepExpired(t.ctx, now, memoryLog())).deleted).toEqual([]);
    const later = await sweepExpired(t.ctx, new Date(Date.parse(long.created_at) + 30 * DAY_MS), memoryLog());
    expect(later.deleted.map((d) => d.id)).toEqual([long.id]);
    expect(await exists(none.id)).toBe(true);
  });

  it('keeps a document whose policy was detached or deleted', async () => {
    const p = await createPolicy(t, alice, 'gone soon', 1);
    const q = await createPolicy(t, alice, 'deleted soon', 1);
    const detached = await uploadDoc(t, alice);
    const orphaned = await uploadDoc(t, alice);
    expect((await attach(t, alice, detached.id, p.id)).statusCode).toBe(200);
    expect((await attach(t, alice, orphaned.id, q.id)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${detached.id}/retention-policies/${p.id}`,
      headers: alice.auth,
    });
    expect(del.statusCode).toBe(200);
    const delPolicy = await t.app.inject({ method: 'DELETE', url: `/api/v0/retention-policies/${q.id}`, headers: alice.auth });
    expect(delPolicy.statusCode).toBe(200);
    const summary = await sweepExpired(t.ctx, new Date(Date.now() + 10 * DAY_MS), memoryLog());
    expect(summary.deleted.map((d) => d.id)).not.toContain(detached.id);
    expect(summary.deleted.map((d) => d.id)).not.toContain(orphaned.id);
    expect(await exists(detached.id)).toBe(true);
    expect(await exists(orphaned.id)).toBe(true);
  });

  it('retries blob deletions left pending by an earlier failure', async () => {
    const { db } = t.ctx.database;
    await t.ctx.storage.putBuffer('documents/leftover-doc/files/a.bin', Buffer.from('x'));
    await db
      .insertInto('blob_deletions')
      .values({
        id: '11111111-1111-4111-8111-111111111111',
        prefix: 'documents/leftover-doc/',
        created_at: new Date().toISOString(),
      })
      .execute();
    const summary = await sweepExpired(t.ctx, new Date(), memoryLog());
    expect(summary).toEqual({ deleted: [], blobs: 1 });
    expect(await db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    expect(await t.ctx.storage.list('documents/leftover-doc/')).toEqual([]);
  });
});
