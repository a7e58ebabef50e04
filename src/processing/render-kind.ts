// `render_page`: renders one page image on demand (GET /documents/{id}/pages/{n}/image when the
// page has no image: never processed that far, image deleted, or its render failed). Only the
// image and thumbnail: text, layout and descriptions stay the processing job's work. A page row
// that does not exist yet is created with no text; processing replaces it (and these blobs).
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import { documentPrefix } from '../documents/keys.js';
import type { SingleKind } from '../jobs/kinds.js';
import { PipelineError } from '../pipeline/types.js';
import { newId } from '../util.js';
import { render, thumbnailOf } from './page.js';
import { pageRow, setPageImageIfMissing } from '../pages/repository.js';
import { RenderPagePayload, type RenderPagePayloadT } from './job-requests.js';
import { loadSource } from './source.js';


export const renderPageKind: SingleKind<RenderPagePayloadT, StepPorts> = {
  name: 'render_page',
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(RenderPagePayload, value)) throw new Error('invalid render_page payload');
    return value;
  },
  async run(ctx, p) {
    const { ports: app } = ctx;
    const { db } = app.database;
    if (!ctx.documentId) throw new Error('render_page job without a document');
    const doc = await db.selectFrom('documents').selectAll().where('id', '=', ctx.documentId).executeTakeFirst();
    if (!doc) throw new PipelineError('The document was deleted', 'unsupported');
    if (doc.version !== p.version) throw new PipelineError(`The file was replaced (now version ${doc.version})`, 'unsupported');
    if ((await pageRow(db, doc.id, p.page_number))?.image_key) return; // rendered meanwhile (by processing)
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
      const image = { width: page.width, height: page.height, dpi: page.dpi, image_key: keys.image, thumbnail_key: keys.thumbnail };
      used = await ctx.commit((trx) => setPageImageIfMissing(trx, doc.id, doc.version, p.page_number, image));
    } finally {
      // Blobs no record points at (a lost race, a failed commit) go at once.
      if (!used) await app.storage.deletePrefix(prefix).catch(() => undefined);
    }
  },
};
