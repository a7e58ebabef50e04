// Document tags through HTTP on both databases: create-if-missing, case-insensitive reuse,
// validation, removal with orphan clean-up, and counts over the documents the caller can see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf } from '../fixtures/files.js';

const DOCS = '/api/v0/documents';

interface DocBody {
  id: string;
  tags: string[];
}

interface TagBody {
  id: string;
  name: string;
  created_at: string;
  document_count: number;
}

describe.each(DB_KINDS)('document tags (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@tags.test', { org: 'Tags Org' });
    carol = await t.user('carol@tags.test', { org: 'Tags Org' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(user: TestUser, fields: Record<string, string> = {}): Promise<string> {
    const body = multipart(fields, [{ filename: 'doc.pdf', content: samplePdf() }]);
    const res = await t.app.inject({ method: 'POST', url: DOCS, headers: { ...user.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    return res.json<{ document_id: string }>().document_id;
  }

  const addTag = (user: TestUser, id: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${DOCS}/${id}/tags`, headers: user.auth, payload: payload as object });
  const removeTag = (user: TestUser, id: string, payload: unknown) =>
    t.app.inject({ method: 'DELETE', url: `${DOCS}/${id}/tags`, headers: user.auth, payload: payload as object });

  async function docTags(user: TestUser, id: string): Promise<TagBody[]> {
    const res = await t.app.inject({ url: `${DOCS}/${id}/tags`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json<TagBody[]>();
  }

  async function allTags(user: TestUser): Promise<Record<string, number>> {
    const res = await t.app.inject({ url: `${DOCS}/tags`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.json<TagBody[]>().map((tag) => [tag.name, tag.document_count]));
  }

  async function tagRows(): Promise<string[]> {
    const rows = await t.ctx.database.db
      .selectFrom('tags')
      .select('name')
      .where('organization_id', '=', alice.organizationId)
      .orderBy('name_key')
      .execute();
    return rows.map((r) => r.name);
  }

  it('creates a missing tag and links it, answering with the document', async () => {
    const id = await upload(alice);
    const res = await addTag(alice, id, { name: '  Legal  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DocBody>()).toMatchObject({ id, tags: ['Legal'] });
    const tags = await docTags(alice, id);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ name: 'Legal', document_count: 1 });
    expect(tags[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(tags[0]?.created_at ?? ''))).toBe(false);
    expect(await tagRows()).toContain('Legal');
    // Adding it again changes nothing.
    const again = await addTag(alice, id, { name: 'Legal' });
    expect(again.json<DocBody>().tags).toEqual(['Legal']);
    expect((await docTags(alice, id))[0]?.id).toBe(tags[0]?.id);
  });

  it('reuses a tag case-insensitively, keeping the first spelling', async () => {
    const one = await upload(alice);
    const two = await upload(alice);
    expect((await addTag(alice, one, { name: 'Finance' })).statusCode).toBe(200);
    const res = await addTag(alice, two, { name: 'finance' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DocBody>().tags).toEqual(['Finance']);
    expect((await addTag(alice, one, { name: 'FINANCE' })).json<DocBody>().tags).toEqual(['Finance']);
    // Unicode compatibility forms fold to the same tag too.
    expect((await addTag(alice, one, { name: 'ＦＩＮＡＮＣＥ' })).json<DocBody>().tags).toEqual(['Finance']);
    expect((await tagRows()).filter((n) => n.toLowerCase() === 'finance')).toEqual(['Finance']);
    expect((await allTags(alice)).Finance).toBe(2);
    const [a] = await docTags(alice, one);
    const [b] = await docTags(alice, two);
    expect(a?.id).toBe(b?.id);
    const filtered = await t.app.inject({ url: `${DOCS}?tag_name=fInAnCe`, headers: alice.auth });
    expect(filtered.json<{ total: number }>().total).toBe(2);
  });

  it('answers 422 for blank, over-long, missing or mistyped names and changes nothing', async () => {
    const id = await upload(alice);
    const before = await tagRows();
    const cases: unknown[] = [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 5 }, { name: null }];
    for (const payload of cases) {
      for (const send of [addTag, removeTag]) {
        const res = await send(alice, id, payload);
        expect(res.statusCode, `${send === addTag ? 'POST' : 'DELETE'} ${JSON.stringify(payload)}`).toBe(422);
        const detail = res.json<{ detail: Array<{ loc: unknown[]; msg: string; type: string }> }>().detail;
        expect(detail[0]?.loc[0]).toBe('body');
        expect(typeof detail[0]?.msg).toBe('string');
      }
    }
    const blank = await addTag(alice, id, { name: '   ' });
    expect(blank.json()).toMatchObject({ detail: [{ loc: ['body', 'name'], type: 'string_too_short' }] });
    const noBody = await t.app.inject({ method: 'DELETE', url: `${DOCS}/${id}/tags`, headers: alice.auth });
    expect(noBody.statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${DOCS}/${id}/tags`,
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(422);
    expect(await tagRows()).toEqual(before);
    // Exactly at the limit is fine.
    const longest = 'y'.repeat(100);
    expect((await addTag(alice, id, { name: longest })).json<DocBody>().tags).toEqual([longest]);
  });

  it('answers 404 for an unknown document and 422 for a non-UUID id', async () => {
    const unknown = '7d0c6d43-31a5-4b7c-9a52-7b1a7e2f8f11';
    for (const res of [
      await addTag(alice, unknown, { name: 'x' }),
      await removeTag(alice, unknown, { name: 'x' }),
      await t.app.inject({ url: `${DOCS}/${unknown}/tags`, headers: alice.auth }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Document not found' });
    }
    const bad = await addTag(alice, 'nope', { name: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc).toEqual(['path', 'document_id']);
  });

  it('removes a link with a DELETE body; an orphaned tag disappears, a shared one stays', async () => {
    const one = await upload(alice, { tags: 'Shared, Lonely' });
    const two = await upload(alice, { tags: 'shared' });
    expect(await allTags(alice)).toMatchObject({ Shared: 2, Lonely: 1 });

    const res = await removeTag(alice, one, { name: 'SHARED' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DocBody>()).toMatchObject({ id: one, tags: ['Lonely'] });
    expect((await allTags(alice)).Shared).toBe(1);
    expect(await tagRows()).toContain('Shared');

    const lonely = await removeTag(alice, one, { name: 'lonely' });
    expect(lonely.json<DocBody>().tags).toEqual([]);
    expect(Object.keys(await allTags(alice))).not.toContain('Lonely');
    expect(await tagRows()).not.toContain('Lonely');

    // Not on this document (though it exists elsewhere), or not at all: 404, nothing removed.
    const notOnDoc = await removeTag(alice, one, { name: 'Shared' });
    expect(notOnDoc.statusCode).toBe(404);
    expect(typeof notOnDoc.json<{ detail: unknown }>().detail).toBe('string');
    expect((await removeTag(alice, one, { name: 'Never-existed' })).statusCode).toBe(404);
    expect((await removeTag(alice, one, { name: 'Lonely' })).statusCode).toBe(404);
    expect((await docTags(alice, two)).map((tag) => tag.name)).toEqual(['Shared']);

    // A tag removed as an orphan is created afresh next time.
    const readded = await addTag(alice, one, { name: 'lonely' });
    expect(readded.json<DocBody>().tags).toEqual(['lonely']);
  });

  it('counts only documents the caller can see, sorted by name', async () => {
    // carol's private documents carry a tag alice also uses; alice must not count them.
    const mine = await upload(alice, { tags: 'Zeta, alpha, Counted', visibility: 'organization' });
    await upload(alice, { tags: 'counted' });
    await upload(carol, { tags: 'Counted' });
    await upload(carol, { tags: 'Counted, carol-only' });
    const carolShared = await upload(carol, { tags: 'Counted', visibility: 'organization' });

    const forAlice = await allTags(alice);
    expect(forAlice.Counted).toBe(3);
    expect(forAlice).not.toHaveProperty('carol-only');
    const forCarol = await allTags(carol);
    expect(forCarol.Counted).toBe(4);
    expect(forCarol['carol-only']).toBe(1);

    // Per-document listing reports the same visible counts, sorted case-insensitively.
    const tags = await docTags(alice, mine);
    expect(tags.map((tag) => [tag.name, tag.document_count])).toEqual([
      ['alpha', 1],
      ['Counted', 3],
      ['Zeta', 1],
    ]);
    expect((await docTags(carol, carolShared)).map((tag) => [tag.name, tag.document_count])).toEqual([['Counted', 4]]);

    const res = await t.app.inject({ url: `${DOCS}/tags`, headers: alice.auth });
    const names = res.json<TagBody[]>().map((tag) => tag.name);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    for (const tag of res.json<TagBody[]>()) expect(tag.document_count).toBeGreaterThan(0);
  });
});
