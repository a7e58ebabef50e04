import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageType } from '../../src/search/page-type.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { seedComponent, seedDocument, seedPage, seedUsage } from './seed.js';

describe('pageType', () => {
  const page = (text_source: string, text: string, layout: unknown[]) => pageType({ text_source, text, layout: JSON.stringify(layout) });
  it('classifies pages by text source and the area of table/figure regions', () => {
    expect(page('none', '', [])).toBe('empty');
    expect(page('pdf', 'hello', [{ kind: 'text', bbox: [0, 0, 100, 100] }])).toBe('text');
    expect(page('ocr', 'hello', [{ kind: 'text', bbox: [0, 0, 100, 100] }])).toBe('scanned');
    expect(page('pdf', 'x', [{ kind: 'text', bbox: [0, 0, 100, 40] }, { kind: 'table', bbox: [0, 50, 100, 110] }])).toBe('table');
    expect(page('ocr', 'x', [{ kind: 'figure', bbox: [0, 0, 100, 100] }])).toBe('figure');
    expect(page('pdf', 'x', [{ kind: 'text', bbox: [0, 0, 100, 40] }, { kind: 'table', bbox: [0, 0, 100, 30] }, { kind: 'figure', bbox: [0, 0, 100, 30] }])).toBe('mixed');
    expect(page('pdf', 'x', [{ kind: 'text', bbox: [0, 0, 100, 60] }, { kind: 'table', bbox: [0, 0, 100, 40] }])).toBe('text');
    expect(pageType({ text_source: 'pdf', text: 'x', layout: 'not json' })).toBe('text');
  });
});

describe.each(DB_KINDS)('token usage and stats (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let d1: string;
  let d2: string;
  let bobPrivate: string;
  let eveDoc: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@acme.test');
    bob = await t.user('bob@acme.test');
    eve = await t.user('eve@evil.test', { org: 'evil' });
    const db = t.ctx.database.db;
    const a = { organizationId: alice.organizationId, ownerId: alice.id };
    d1 = await seedDocument(db, a);
    d2 = await seedDocument(db, { ...a, visibility: 'organization' });
    bobPrivate = await seedDocument(db, { organizationId: bob.organizationId, ownerId: bob.id });
    eveDoc = await seedDocument(db, { organizationId: eve.organizationId, ownerId: eve.id, visibility: 'organization' });
    await seedUsage(db, alice.organizationId, d1, { model: 'gpt-a', tokensIn: 1000, tokensOut: 200, cost: '0.00015' });
    await seedUsage(db, alice.organizationId, d1, { model: 'gpt-b', purpose: 'question', tokensIn: 1234, tokensOut: 10, cost: '0.0001851' });
    await seedUsage(db, alice.organizationId, d2, { model: 'gpt-a', tokensIn: 1, tokensOut: 2, cost: '0.1' });
    await seedUsage(db, bob.organizationId, bobPrivate, { model: 'gpt-a', tokensIn: 50, tokensOut: 50, cost: '1' });
    await seedUsage(db, alice.organizationId, null, { model: 'gpt-a', tokensIn: 99, tokensOut: 99, cost: '9' });

    await seedPage(db, d1, 1, { textSource: 'pdf', text: 'prose', layout: [{ kind: 'text', bbox: [0, 0, 10, 10] }] });
    await seedPage(db, d1, 2, { textSource: 'ocr', text: 'scan', layout: [] });
    await seedPage(db, d2, 1, { textSource: 'pdf', text: 't', layout: [{ kind: 'table', bbox: [0, 0, 10, 10] }] });
    await seedPage(db, d2, 2, { textSource: 'none', text: '', layout: [] });
    await seedPage(db, bobPrivate, 1, { textSource: 'pdf', text: 'x', layout: [] });
    await seedComponent(db, { id: d1, ...a }, 'table', 'done', 1);
    await seedComponent(db, { id: d1, ...a }, 'chart', 'degraded', 2);
    await seedComponent(db, { id: d2, ...a }, 'table', 'pending', 1);
    await seedComponent(db, { id: bobPrivate, organizationId: bob.organizationId, ownerId: bob.id }, 'diagram', 'degraded', 1);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (user: TestUser, what: 'token-usage' | 'stats', ids: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v0/documents/${what}`, headers: user.auth, payload: { document_ids: ids } });

  it('aggregates token usage exactly over the listed documents', async () => {
    const res = await post(alice, 'token-usage', [d1, d2, d1]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      document_count: 2,
      calls: 3,
      tokens_in: 2235,
      tokens_out: 212,
      total_tokens: 2447,
      cost: '0.1003351',
      by_document: [
        { document_id: d1, calls: 2, tokens_in: 2234, tokens_out: 210, total_tokens: 2444, cost: '0.0003351' },
        { document_id: d2, calls: 1, tokens_in: 1, tokens_out: 2, total_tokens: 3, cost: '0.1' },
      ],
      by_model: [
        { provider: 'openai', model: 'gpt-a', calls: 2, tokens_in: 1001, tokens_out: 202, total_tokens: 1203, cost: '0.10015' },
        { provider: 'openai', model: 'gpt-b', calls: 1, tokens_in: 1234, tokens_out: 10, total_tokens: 1244, cost: '0.0001851' },
      ],
      by_purpose: [
        { purpose: 'page_description', calls: 2, tokens_in: 1001, tokens_out: 202, total_tokens: 1203, cost: '0.10015' },
        { purpose: 'question', calls: 1, tokens_in: 1234, tokens_out: 10, total_tokens: 1244, cost: '0.0001851' },
      ],
    });
    // Bob sees d2 (organization) only.
    expect((await post(bob, 'token-usage', [d2])).json<{ cost: string }>().cost).toBe('0.1');
  });

  it('aggregates pages, page types and components over the listed documents', async () => {
    const res = await post(alice, 'stats', [d1, d2]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      document_count: 2,
      page_count: 4,
      page_types: { text: 1, scanned: 1, table: 1, figure: 0, mixed: 0, empty: 1 },
      component_count: 3,
      components_by_type: { table: 2, chart: 1 },
      degraded_components: 1,
      visual_component_count: 4,
    });
  });

  it('any unknown or invisible document in the list is a 404; malformed lists are 422', async () => {
    for (const what of ['token-usage', 'stats'] as const) {
      expect((await post(alice, what, [d1, bobPrivate])).statusCode).toBe(404);
      expect((await post(alice, what, [d1, eveDoc])).statusCode).toBe(404);
      expect((await post(bob, what, [d1])).statusCode).toBe(404);
      expect((await post(eve, what, [d2])).statusCode).toBe(404);
      expect((await post(alice, what, ['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(404);
      expect((await post(alice, what, [])).statusCode).toBe(422);
      expect((await post(alice, what, ['nope'])).statusCode).toBe(422);
      expect((await post(alice, what, undefined)).statusCode).toBe(422);
    }
  });
});
