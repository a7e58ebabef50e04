// Two tenants on both databases: what a private and an organization-visible document show to the
// owner, a member of the same organization, an organization admin and a user of another organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf, samplePng } from '../fixtures/files.js';

const DOCS = '/api/v0/documents';

interface DocBody {
  id: string;
  name: string;
  version: number;
  visibility: string;
  summary: string;
  tags: string[];
}

interface TagBody {
  id: string;
  name: string;
  document_count: number;
}

interface ListBody {
  documents: Array<{ id: string }>;
  total: number;
}

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

describe.each(DB_KINDS)('two-tenant visibility (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let carol: TestUser;
  let admin: TestUser;
  let bob: TestUser;
  let bobAdmin: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@a.test', { org: 'Org A' });
    carol = await t.user('carol@a.test', { org: 'org a' });
    admin = await t.user('admin@a.test', { org: 'Org A', admin: true });
    bob = await t.user('bob@b.test', { org: 'Org B' });
    bobAdmin = await t.user('boss@b.test', { org: 'Org B', admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts alice, carol and the admin in one organization and bob in another', () => {
    expect(carol.organizationId).toBe(alice.organizationId);
    expect(admin.organizationId).toBe(alice.organizationId);
    expect(bob.organizationId).not.toBe(alice.organizationId);
    expect(bobAdmin.organizationId).toBe(bob.organizationId);
  });

  async function upload(user: TestUser, fields: Record<string, string> = {}): Promise<DocBody> {
    const body = multipart(fields, [{ filename: 'doc.pdf', content: samplePdf() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: DOCS,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ document: DocBody }>().document;
  }

  const getDoc = (user: TestUser, id: string) => t.app.inject({ url: `${DOCS}/${id}`, headers: user.auth });
  const update = (user: TestUser, id: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `${DOCS}/${id}`, headers: user.auth, payload });
  const remove = (user: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `${DOCS}/${id}`, headers: user.auth });
  const addTag = (user: TestUser, id: string, name: string) =>
    t.app.inject({ method: 'POST', url: `${DOCS}/${id}/tags`, headers: user.auth, payload: { name } });
  const docTags = (user: TestUser, id: string) => t.app.inject({ url: `${DOCS}/${id}/tags`, headers: user.auth });
  const removeTag = (user: TestUser, id: string, name: string) =>
    t.app.inject({ method: 'DELETE', url: `${DOCS}/${id}/tags`, headers: user.auth, payload: { name } });
  const replaceFile = (user: TestUser, id: string) => {
    const body = multipart({}, [{ filename: 'new.png', content: samplePng() }]);
    return t.app.inject({
      method: 'PUT',
      url: `${DOCS}/${id}/file`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const uploadUrl = (user: TestUser, id: string) => t.app.inject({ url: `${DOCS}/${id}/upload-url`, headers: user.auth });
  const adoptUpload = (user: TestUser, id: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${DOCS}/${id}/upload-url`,
      headers: user.auth,
      payload: { file_path: `documents/${id}/uploads/x.pdf` },
    });

  async function listIds(user: TestUser, query = ''): Promise<string[]> {
    const res = await t.app.inject({ url: `${DOCS}?limit=200${query}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json<ListBody>().documents.map((d) => d.id);
  }

  async function allTags(user: TestUser): Promise<TagBody[]> {
    const res = await t.app.inject({ url: `${DOCS}/tags`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json<TagBody[]>();
  }

  function expectNotFound(res: Injected, what: string): void {
    expect(res.statusCode, what).toBe(404);
    expect(res.json<{ detail: unknown }>(), what).toEqual({ detail: 'Document not found' });
  }

  function expectForbidden(res: Injected, what: string): void {
    expect(res.statusCode, what).toBe(403);
    expect(typeof res.json<{ detail: unknown }>().detail, what).toBe('string');
  }

  /** Every single-document operation answers exactly as for a document that does not exist. */
  async function expectInvisible(user: TestUser, id: string, tagName: string): Promise<void> {
    const who = user.email;
    expectNotFound(await getDoc(user, id), `${who} GET`);
    expectNotFound(await update(user, id, { name: 'hijacked' }), `${who} PUT`);
    expectNotFound(await update(user, id, { visibility: 'organization' }), `${who} PUT visibility`);
    expectNotFound(await addTag(user, id, 'Intruder'), `${who} POST tags`);
    expectNotFound(await docTags(user, id), `${who} GET tags`);
    expectNotFound(await removeTag(user, id, tagName), `${who} DELETE tags`);
    expectNotFound(await replaceFile(user, id), `${who} PUT file`);
    expectNotFound(await uploadUrl(user, id), `${who} GET upload-url`);
    expectNotFound(await adoptUpload(user, id), `${who} PUT upload-url`);
    expectNotFound(await remove(user, id), `${who} DELETE`);
    expect(await listIds(user), `${who} list`).not.toContain(id);
    expect(await listIds(user, `&tag_name=${encodeURIComponent(tagName)}`), `${who} list by tag`).not.toContain(id);
    expect(await listIds(user, `&owner_id=${alice.id}`), `${who} list by owner`).not.toContain(id);
  }

  it("hides alice's private document from carol, the admin and bob, and leaves it untouched", async () => {
    const doc = await upload(alice, { name: 'Private plan', tags: 'Secret-Plan' });
    expect(doc.visibility).toBe('private');
    expect(await listIds(alice)).toContain(doc.id);

    for (const user of [carol, admin, bob]) await expectInvisible(user, doc.id, 'Secret-Plan');
    for (const user of [carol, admin, bob]) {
      expect((await allTags(user)).map((tag) => tag.name), user.email).not.toContain('Secret-Plan');
    }

    const mine = await getDoc(alice, doc.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<DocBody>()).toMatchObject({ name: 'Private plan', version: 1, visibility: 'private', tags: ['Secret-Plan'] });
    expect(await allTags(alice)).toEqual([expect.objectContaining({ name: 'Secret-Plan', document_count: 1 })]);
    // The failed attempts created no tag rows either.
    const tagRows = await t.ctx.database.db.selectFrom('tags').select('name').execute();
    expect(tagRows.map((r) => r.name)).not.toContain('Intruder');
  });

  it('shares an organization-visible document with the organization only', async () => {
    const doc = await upload(alice, { name: 'Shared plan', tags: 'Roadmap' });
    const shared = await update(alice, doc.id, { visibility: 'organization' });
    expect(shared.statusCode).toBe(200);
    expect(shared.json<DocBody>().visibility).toBe('organization');

    // carol reads, lists, tags and edits it.
    const got = await getDoc(carol, doc.id);
    expect(got.statusCode).toBe(200);
    expect(got.json<DocBody>().tags).toEqual(['Roadmap']);
    expect(await listIds(carol)).toContain(doc.id);
    expect(await listIds(carol, '&tag_name=roadmap')).toEqual([doc.id]);
    expect(await listIds(carol, `&owner_id=${alice.id}`)).toContain(doc.id);
    const tagged = await addTag(carol, doc.id, 'Reviewed');
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json<DocBody>().tags).toEqual(['Reviewed', 'Roadmap']);
    const tags = await docTags(carol, doc.id);
    expect(tags.statusCode).toBe(200);
    expect(tags.json<TagBody[]>().map((tag) => tag.name)).toEqual(['Reviewed', 'Roadmap']);
    const untagged = await removeTag(carol, doc.id, 'reviewed');
    expect(untagged.statusCode).toBe(200);
    expect(untagged.json<DocBody>().tags).toEqual(['Roadmap']);
    const renamed = await update(carol, doc.id, { name: 'Shared plan v2', summary: 'edited by carol' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<DocBody>()).toMatchObject({ name: 'Shared plan v2', summary: 'edited by carol' });
    expect((await allTags(carol)).map((tag) => tag.name)).toContain('Roadmap');
    // Setting the visibility it already has is not a change of visibility.
    expect((await update(carol, doc.id, { visibility: 'organization' })).statusCode).toBe(200);

    // ...but cannot manage it.
    expectForbidden(await remove(carol, doc.id), 'carol DELETE');
    expectForbidden(await update(carol, doc.id, { visibility: 'private' }), 'carol PUT visibility');
    expectForbidden(await update(carol, doc.id, { visibility: 'private', name: 'sneaky' }), 'carol PUT visibility+name');
    const after = (await getDoc(alice, doc.id)).json<DocBody>();
    expect(after).toMatchObject({ name: 'Shared plan v2', visibility: 'organization' });

    // bob and even bob's admin, in another organization, still see nothing.
    for (const user of [bob, bobAdmin]) {
      await expectInvisible(user, doc.id, 'Roadmap');
      expect((await allTags(user)).map((tag) => tag.name)).not.toContain('Roadmap');
    }

    // The organization admin may change its visibility and delete it.
    const adminView = await update(admin, doc.id, { visibility: 'organization', name: 'Admin touched' });
    expect(adminView.statusCode).toBe(200);
    const deleted = await remove(admin, doc.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: doc.id, deleted: true });
    expectNotFound(await getDoc(alice, doc.id), 'alice after delete');
    expect((await allTags(alice)).map((tag) => tag.name)).not.toContain('Roadmap');
  });

  it('lets a member replace the file of a shared document and request an upload URL', async () => {
    const doc = await upload(alice, { visibility: 'organization' });
    const replaced = await replaceFile(carol, doc.id);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<{ document: DocBody }>().document.version).toBe(2);
    expect((await uploadUrl(carol, doc.id)).statusCode).toBe(200);
    expectNotFound(await replaceFile(bob, doc.id), 'bob PUT file');
    expectNotFound(await uploadUrl(bob, doc.id), 'bob GET upload-url');
  });

  it('lets the admin change the visibility of a shared document back to private, hiding it from members', async () => {
    const doc = await upload(alice, { visibility: 'organization' });
    expect((await getDoc(carol, doc.id)).statusCode).toBe(200);
    const res = await update(admin, doc.id, { visibility: 'private' });
    expect(res.statusCode).toBe(200);
    expectNotFound(await getDoc(carol, doc.id), 'carol after private');
    // Private means owner only: the admin no longer sees it either.
    expectNotFound(await getDoc(admin, doc.id), 'admin after private');
    expect((await getDoc(alice, doc.id)).statusCode).toBe(200);
  });

  it("hides bob's organization-visible document from every user of organization A", async () => {
    const doc = await upload(bob, { visibility: 'organization', tags: 'B-only' });
    expect((await getDoc(bobAdmin, doc.id)).statusCode).toBe(200);
    for (const user of [alice, carol, admin]) {
      expectNotFound(await getDoc(user, doc.id), `${user.email} GET`);
      expectNotFound(await remove(user, doc.id), `${user.email} DELETE`);
      expectNotFound(await update(user, doc.id, { visibility: 'private' }), `${user.email} PUT visibility`);
      expect(await listIds(user), `${user.email} list`).not.toContain(doc.id);
      expect((await allTags(user)).map((tag) => tag.name)).not.toContain('B-only');
    }
    expect((await remove(bobAdmin, doc.id)).statusCode).toBe(200);
  });

  it('keeps tag names per organization', async () => {
    const aliceDoc = await upload(alice, { visibility: 'organization', tags: 'FINANCE' });
    const bobDoc = await upload(bob);
    const before = (await allTags(alice)).find((tag) => tag.name === 'FINANCE');
    expect(before?.document_count).toBe(1);

    const tagged = await addTag(bob, bobDoc.id, 'Finance');
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json<DocBody>().tags).toEqual(['Finance']);
    const bobTags = await allTags(bob);
    expect(bobTags).toEqual([expect.objectContaining({ name: 'Finance', document_count: 1 })]);
    expect(bobTags[0]?.id).not.toBe(before?.id);
    expect(await listIds(bob, '&tag_name=finance')).toEqual([bobDoc.id]);

    // alice's tag keeps its spelling and count, and her listing does not see bob's document.
    expect((await allTags(alice)).find((tag) => tag.id === before?.id)).toMatchObject({
      name: 'FINANCE',
      document_count: 1,
    });
    expect(await listIds(carol, '&tag_name=Finance')).toEqual([aliceDoc.id]);

    // Removing bob's tag removes only bob's.
    expect((await removeTag(bob, bobDoc.id, 'finance')).statusCode).toBe(200);
    expect(await allTags(bob)).toEqual([]);
    expect((await allTags(alice)).map((tag) => tag.name)).toContain('FINANCE');
    // bob cannot remove alice's tag through his own document either.
    expect((await removeTag(bob, bobDoc.id, 'FINANCE')).statusCode).toBe(404);
  });
});
