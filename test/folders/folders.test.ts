// Folders through HTTP on both databases: CRUD, bounds, cycles, organization scoping,
// creator/admin rights, document filtering by folder and what deleting a folder leaves behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf } from '../fixtures/files.js';

interface FolderBody {
  id: string;
  name: string;
  parent_id: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
  document_count: number;
}

const MISSING = '7d0c6d43-31a5-4b7c-9a52-7b1a7e2f8f11';

describe.each(DB_KINDS)('folders (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let mallory: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@example.com');
    bob = await t.user('bob@example.com');
    admin = await t.user('root@example.com', { admin: true });
    mallory = await t.user('mallory@other.example', { org: 'other' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function create(user: TestUser, payload: Record<string, unknown>): Promise<FolderBody> {
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/folders', headers: user.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FolderBody>();
  }

  const get = (user: TestUser, id: string) => t.app.inject({ url: `/api/v0/folders/${id}`, headers: user.auth });
  const put = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/v0/folders/${id}`, headers: user.auth, payload });
  const del = (user: TestUser, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v0/folders/${id}`, headers: user.auth });

  async function upload(user: TestUser, fields: Record<string, string> = {}): Promise<string> {
    const body = multipart(fields, [{ filename: 'report.pdf', content: samplePdf() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ document_id: string }>().document_id;
  }

  it('creates, gets, renames and deletes a folder', async () => {
    const folder = await create(alice, { name: '  Reports  ' });
    expect(folder).toMatchObject({ name: 'Reports', parent_id: null, owner_id: alice.id, document_count: 0 });
    expect(folder.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(alice, folder.id)).json()).toEqual(folder);
    // Another member of the organization sees it too.
    expect((await get(bob, folder.id)).statusCode).toBe(200);

    const renamed = await put(alice, folder.id, { name: 'Annual reports' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: folder.id, name: 'Annual reports', parent_id: null });
    expect(renamed.json<FolderBody>().updated_at >= folder.updated_at).toBe(true);

    const gone = await del(alice, folder.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ id: folder.id, deleted: true });
    expect((await get(alice, folder.id)).statusCode).toBe(404);
    expect((await del(alice, folder.id)).statusCode).toBe(404);
  });

  it('allows duplicate names and nests folders', async () => {
    const a = await create(alice, { name: 'Same' });
    const b = await create(alice, { name: 'Same', parent_id: null });
    expect(a.id).not.toBe(b.id);
    const child = await create(bob, { name: 'Child', parent_id: a.id });
    expect(child.parent_id).toBe(a.id);
    const missingParent = await t.app.inject({
      method: 'POST',
      url: '/api/v0/folders',
      headers: alice.auth,
      payload: { name: 'x', parent_id: MISSING },
    });
    expect(missingParent.statusCode).toBe(404);
  });

  it('lists with a total, bounds and a parent filter', async () => {
    const user = await t.user('lister@example.com', { org: 'listers' });
    const root = await create(user, { name: 'root' });
    for (const name of ['a', 'b', 'c']) await create(user, { name, parent_id: root.id });
    const all = await t.app.inject({ url: '/api/v0/folders', headers: user.auth });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 4, limit: 50, offset: 0 });

    const children = await t.app.inject({ url: `/api/v0/folders?parent_id=${root.id}&limit=2`, headers: user.auth });
    const page1 = children.json<{ folders: FolderBody[]; total: number }>();
    expect(page1.total).toBe(3);
    expect(page1.folders).toHaveLength(2);
    const page2 = await t.app.inject({
      url: `/api/v0/folders?parent_id=${root.id}&limit=2&offset=2`,
      headers: user.auth,
    });
    const rest = page2.json<{ folders: FolderBody[] }>().folders;
    expect(rest).toHaveLength(1);
    const names = [...page1.folders, ...rest].map((f) => f.name).sort();
    expect(names).toEqual(['a', 'b', 'c']);

    const unknown = await t.app.inject({ url: `/api/v0/folders?parent_id=${MISSING}`, headers: user.auth });
    expect(unknown.json()).toMatchObject({ folders: [], total: 0 });

    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'parent_id=nope']) {
      const res = await t.app.inject({ url: `/api/v0/folders?${q}`, headers: user.auth });
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ detail: Array<{ loc: string[] }> }>().detail[0]?.loc[0]).toBe('query');
    }
    expect((await t.app.inject({ url: '/api/v0/folders?limit=200', headers: user.auth })).statusCode).toBe(200);
  });

  it('answers 422 for non-UUID ids and invalid bodies', async () => {
    const bad = await get(alice, '123');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      detail: [{ loc: ['path', 'folder_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }],
    });
    expect((await put(alice, 'abc', { name: 'x' })).statusCode).toBe(422);
    expect((await del(alice, 'abc')).statusCode).toBe(422);
    const folder = await create(alice, { name: 'valid' });
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(256) }, { name: 5 }, { name: 'x', parent_id: 'p' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v0/folders', headers: alice.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const payload of [{ name: '' }, { name: ' ' }, { parent_id: 'p' }, { parent_id: 3 }]) {
      const res = await put(alice, folder.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await create(alice, { name: 'x'.repeat(255) })).name).toHaveLength(255);
  });

  it('moves folders and rejects cycles on body.parent_id', async () => {
    const top = await create(alice, { name: 'top' });
    const mid = await create(alice, { name: 'mid', parent_id: top.id });
    const leaf = await create(alice, { name: 'leaf', parent_id: mid.id });
    const other = await create(alice, { name: 'other' });

    for (const target of [top.id, mid.id, leaf.id]) {
      const res = await put(alice, top.id, { parent_id: target });
      expect(res.statusCode, target).toBe(422);
      expect(res.json<{ detail: Array<{ loc: string[]; type: string }> }>().detail[0]).toMatchObject({
        loc: ['body', 'parent_id'],
        type: 'folder_cycle',
      });
    }
    expect((await put(alice, top.id, { parent_id: MISSING })).statusCode).toBe(404);

    expect((await put(alice, top.id, { parent_id: leaf.id.toUpperCase() })).statusCode).toBe(422);
    const moved = await put(alice, leaf.id, { parent_id: other.id.toUpperCase() });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parent_id: other.id });
    // The old ancestor may now go under the moved folder's new tree, as no cycle forms.
    const down = await put(alice, top.id, { parent_id: leaf.id });
    expect(down.statusCode).toBe(200);
    const toRoot = await put(alice, top.id, { parent_id: null });
    expect(toRoot.json()).toMatchObject({ parent_id: null });
  });

  it('lets only the creator or an admin rename, move or delete (403), but every member use it', async () => {
    const folder = await create(alice, { name: 'alice only' });
    const res = await put(bob, folder.id, { name: 'mine now' });
    expect(res.statusCode).toBe(403);
    expect(typeof res.json<{ detail: string }>().detail).toBe('string');
    expect((await put(bob, folder.id, { parent_id: null })).statusCode).toBe(403);
    expect((await del(bob, folder.id)).statusCode).toBe(403);
    // Using it: a subfolder and a document in it.
    const sub = await create(bob, { name: 'bob sub', parent_id: folder.id });
    await upload(bob, { folder_id: folder.id });
    expect((await put(admin, folder.id, { name: 'by admin' })).json()).toMatchObject({ name: 'by admin' });
    // The creator of a subfolder can move it even within someone else's folder.
    expect((await put(bob, sub.id, { parent_id: null })).statusCode).toBe(200);
    expect((await del(admin, folder.id)).statusCode).toBe(200);
  });

  it("hides another organization's folders (404) and keeps its lists apart", async () => {
    const folder = await create(alice, { name: 'secret' });
    expect((await get(mallory, folder.id)).statusCode).toBe(404);
    expect((await get(mallory, folder.id)).json()).toEqual({ detail: 'Folder not found' });
    expect((await put(mallory, folder.id, { name: 'x' })).statusCode).toBe(404);
    expect((await del(mallory, folder.id)).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/v0/folders', headers: mallory.auth });
    expect(list.json<{ folders: FolderBody[] }>().folders.map((f) => f.id)).not.toContain(folder.id);
    const children = await t.app.inject({ url: `/api/v0/folders?parent_id=${folder.id}`, headers: mallory.auth });
    expect(children.json()).toMatchObject({ total: 0 });
    const under = await t.app.inject({
      method: 'POST',
      url: '/api/v0/folders',
      headers: mallory.auth,
      payload: { name: 'x', parent_id: folder.id },
    });
    expect(under.statusCode).toBe(404);
    const own = await create(mallory, { name: 'theirs' });
    expect((await put(mallory, own.id, { parent_id: folder.id })).statusCode).toBe(404);
    expect((await put(alice, folder.id, { parent_id: own.id })).statusCode).toBe(404);
    // Uploading into another organization's folder is a 404 as well.
    const body = multipart({ folder_id: folder.id }, [{ filename: 'r.pdf', content: samplePdf() }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...mallory.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(404);
  });

  it('counts visible documents, filters documents by folder, and leaves documents when deleted', async () => {
    const folder = await create(alice, { name: 'docs' });
    const sub = await create(alice, { name: 'sub', parent_id: folder.id });
    const mine = await upload(alice, { folder_id: folder.id });
    await upload(alice, { folder_id: folder.id, visibility: 'organization' });
    await upload(bob, { folder_id: folder.id }); // private to bob
    const deep = await upload(alice, { folder_id: sub.id });

    expect((await get(alice, folder.id)).json()).toMatchObject({ document_count: 2 });
    expect((await get(bob, folder.id)).json()).toMatchObject({ document_count: 2 });
    const list = await t.app.inject({ url: `/api/v0/folders?parent_id=${folder.id}`, headers: alice.auth });
    expect(list.json<{ folders: FolderBody[] }>().folders).toEqual([expect.objectContaining({ id: sub.id, document_count: 1 })]);

    const filtered = await t.app.inject({ url: `/api/v0/documents?folder_id=${folder.id}`, headers: alice.auth });
    expect(filtered.json()).toMatchObject({ total: 2 });
    expect(filtered.json<{ documents: Array<{ folder_id: string }> }>().documents.every((d) => d.folder_id === folder.id)).toBe(true);

    expect((await del(alice, folder.id)).statusCode).toBe(200);
    expect((await get(alice, sub.id)).statusCode).toBe(404);
    for (const id of [mine, deep]) {
      const doc = await t.app.inject({ url: `/api/v0/documents/${id}`, headers: alice.auth });
      expect(doc.statusCode).toBe(200);
      expect(doc.json()).toMatchObject({ folder_id: null });
    }
    const after = await t.app.inject({ url: `/api/v0/documents?folder_id=${folder.id}`, headers: bob.auth });
    expect(after.json()).toMatchObject({ total: 0 });
  });

  it('shows the folder operations in /openapi.json', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(doc.paths['/api/v0/folders']?.post?.operationId).toBe('create_folder');
    expect(doc.paths['/api/v0/folders']?.get?.operationId).toBe('list_folders');
    expect(doc.paths['/api/v0/folders/{folder_id}']?.put?.tags).toEqual(['folders']);
    for (const name of ['Folder', 'FolderCreateRequest', 'FolderUpdateRequest', 'FolderListResponse', 'FolderDeleteResponse']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });
});
