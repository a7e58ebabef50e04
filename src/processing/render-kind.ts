// `render_page`: renders one page image on demand (GET /documents/{id}/pages/{n}/image when the
// page has no image: never processed that far, image deleted, or its render failed). Only the
// image and thumbnail: text, layout and descriptions stay the processing job's work. A page row
// that does not exist yet is created with no text; processing replaces it (and these blobs).
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import type { Db, DocumentsTable } from '../db/types.js';
import { inTransaction } from '../db/tx.js';
import { documentPrefix } from '../documents/keys.js';
import type { SingleKind } from '../jobs/kinds.js';
import { PipelineError } from '../pipeline/types.js';
import { newId } from '../util.js';
import { render, thumbnailOf } from './page.js';
import { pageRow, setPageImageIfMissing } from '../pages/repository.js';
import { RenderPagePayload, type RenderPagePayloadT } from './job-requests.js';
import { withSource } from './source.js';


/** Writes a page image record in a transaction; false when the page had one meanwhile. */
type ImageCommit = (fn: (trx: Db) => Promise<boolean>) => Promise<boolean>;

/** Renders one page and stores its image and thumbnail; the blobs go again if the record is not written. */
async function renderAndStore(app: StepPorts, doc: DocumentsTable, pageNumber: number, commit: ImageCommit, checkpoint: () => Promise<void>): Promise<void> {
  const { page, thumbnail } = await withSource(app, doc, async (source) => {
    const rendered = await render(app, source, pageNumber);
    return { page: rendered, thumbnail: await thumbnailOf(source, pageNumber, rendered) };
  });
  await checkpoint();
  const prefix = `${documentPrefix(doc.id)}pages/${pageNumber}/${newId()}/`;
  const keys = { image: `${prefix}page.png`, thumbnail: `${prefix}thumbnail.png` };
  let used = false;
  try {
    await app.storage.putBuffer(keys.image, page.png, 'image/png');
    await app.storage.putBuffer(keys.thumbnail, thumbnail, 'image/png');
    const image = { width: page.width, height: page.height, dpi: page.dpi, image_key: keys.image, thumbnail_key: keys.thumbnail };
    used = await commit((trx) => setPageImageIfMissing(trx, doc.id, doc.version, pageNumber, image));
  } finally {
    // Blobs no record points at (a lost race, a failed commit) go at once.
    if (!used) await app.storage.deletePrefix(prefix).catch(() => undefined);
  }
}

/**
 * Renders a page that has no image now, in the caller's process (an export that needs every
 * page image, e.g. the schematic COCO export); a page rendered meanwhile is left as it is.
 */
export async function renderMissingPage(app: StepPorts, doc: DocumentsTable, pageNumber: number): Promise<void> {
  if ((await pageRow(app.database.db, doc.id, pageNumber))?.image_key) return;
  await renderAndStore(app, doc, pageNumber, (fn) => inTransaction(app.database.db, ({ trx }) => fn(trx)), async () => undefined);
}

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
    await renderAndStore(app, doc, p.page_number, (fn) => ctx.commit(fn), () => ctx.checkpoint());
  },
};
