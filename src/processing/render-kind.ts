// `render_page`: renders one page image on demand (GET /documents/{id}/pages/{n}/image when the
// page has no image: never processed that far, image deleted, or its render failed). Only the
// image and thumbnail: text, layout and descriptions stay the processing job's work. A page row
// that does not exist yet is created with no text; processing replaces it (and these blobs).
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { documentPrefix } from '../documents/keys.js';
import type { SingleKind } from '../jobs/kinds.js';
import { PipelineError } from '../pipeline/types.js';
import { newId, nowIso } from '../util.js';
import { render, thumbnailOf } from './page.js';
import { loadSource } from './source.js';

export const RenderPagePayload = Type.Object({
  page_number: Type.Integer({ minimum: 1 }),
  /** The file version whose page is rendered; a replaced file fails the job. */
  version: Type.Integer({ minimum: 1 }),
});
export type RenderPagePayloadT = Static<typeof RenderPagePayload>;

export const renderPageKind: SingleKind<RenderPagePayloadT> = {
  name: 'render_page',
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(RenderPagePayload, value)) throw new Error('invalid render_page payload');
    return value;
  },
  async run(ctx, p) {
    const { app } = ctx;
    const { db } = app.database;
    if (!ctx.documentId) throw new Error('render_page job without a document');
    const doc = await db.selectFrom('documents').selectAll().where('id', '=', ctx.documentId).executeTakeFirst();
    if (!doc) throw new PipelineError('The document was deleted', 'unsupported');
    if (doc.version !== p.version) throw new PipelineError(`The file was replaced (now version ${doc.version})`, 'unsupported');
    const has = async (): Promise<boolean> =>
      !!(await db
        .selectFrom('pages')
        .select('image_key')
        .where('document_id', '=', doc.id)
        .where('page_number', '=', p.page_number)
        .where('image_key', 'is not', null)
        .executeTakeFirst());
    if (await has()) return; // rendered meanwhile (by processing)
    const source = await loadSource(app, doc);
    const page = await render(app, source, p.page_number);
    const thumbnail = await thumbnailOf(source, p.page_number, page);
    await ctx.checkpoint();
    const prefix = `${documentPrefix(doc.id)}pages/${p.page_number}/${newId()}/`;
    const keys = { image: `${prefix}page.png`, thumbnail: `${prefix}thumbnail.png` };
    let used = false;
    try {
      await app.storage.putBuffer(keys.image, page.png, 'image/png');
      await app.storage.putBuffer(keys.thumbnail, thumbnail, 'image/png');
      used = await ctx.commit(async (trx) => {
        const row = await trx
          .selectFrom('pages')
          .select(['id', 'image_key'])
          .where('document_id', '=', doc.id)
          .where('page_number', '=', p.page_number)
          .executeTakeFirst();
        const now = nowIso();
        const image = { width: page.width, height: page.height, dpi: page.dpi, image_key: keys.image, thumbnail_key: keys.thumbnail, updated_at: now };
        if (!row) {
          await trx
            .insertInto('pages')
            .values({
              id: newId(),
              document_id: doc.id,
              page_number: p.page_number,
              document_version: doc.version,
              text_source: 'none',
              text: '',
              words_key: null,
              layout: '[]',
              created_at: now,
              ...image,
            })
            .execute();
          return true;
        }
        if (row.image_key) return false;
        await trx.updateTable('pages').set(image).where('id', '=', row.id).execute();
        return true;
      });
    } finally {
      // Blobs no record points at (a lost race, a failed commit) go at once.
      if (!used) await app.storage.deletePrefix(prefix).catch(() => undefined);
    }
  },
};
