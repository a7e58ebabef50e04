// `process_document`: prepare (convert to a page source, count pages) -> one task run per page
// (processPage) -> finalize (document summary, page count, the version now processed; queues
// the chunks' embeddings when they are configured).
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import type { Db, DocumentsTable } from '../db/types.js';
import type { FanOutKind, StepContext } from '../jobs/kinds.js';
import { summarizeDocument } from '../pipeline/describe.js';
import { PipelineError } from '../pipeline/types.js';
import { nowIso } from '../util.js';
import { removeComponentsBeyondPage } from '../components/pipeline-writes.js';
import { linkTableContinuations } from '../components/tables.js';
import { queueBlobDeletion } from '../documents/blob-deletions.js';
import { AfterCommit } from '../db/tx.js';
import { queueChunkEmbedding } from '../search/embed-kind.js';
import { processPage } from './page.js';
import { ProcessDocumentPayload, type ProcessDocumentPayloadT } from './job-requests.js';
import { prepareSource } from './source.js';


async function currentDocument(db: Db, ctx: StepContext<StepPorts>, version: number): Promise<DocumentsTable> {
  if (!ctx.documentId) throw new Error('process_document job without a document');
  const doc = await db.selectFrom('documents').selectAll().where('id', '=', ctx.documentId).executeTakeFirst();
  if (!doc) throw new PipelineError('The document was deleted', 'unsupported');
  if (doc.version !== version) {
    throw new PipelineError(`The file was replaced (now version ${doc.version}); that version is processed by its own job`, 'unsupported');
  }
  return doc;
}

export const processDocumentKind: FanOutKind<ProcessDocumentPayloadT, StepPorts> = {
  name: 'process_document',
  queue: 'cpu',
  mode: 'fanout',
  parse(payload) {
    const value = Value.Default(ProcessDocumentPayload, structuredClone(payload));
    if (!Value.Check(ProcessDocumentPayload, value)) throw new Error('invalid process_document payload');
    return value;
  },
  async prepare(ctx, p) {
    const { db } = ctx.ports.database;
    const doc = await currentDocument(db, ctx, p.version);
    const pages = await prepareSource(ctx.ports, doc);
    await ctx.commit(async (trx) => {
      await trx.updateTable('documents').set({ page_count: pages }).where('id', '=', doc.id).execute();
    });
    return { pages };
  },
  async page(ctx, p, pageNumber) {
    if (p.pages && !p.pages.includes(pageNumber)) return;
    const doc = await currentDocument(ctx.ports.database.db, ctx, p.version);
    await processPage(ctx, doc, pageNumber, { overwriteEditedDescription: p.overwrite_edited_descriptions });
  },
  async finalize(ctx, p) {
    const { db } = ctx.ports.database;
    const doc = await currentDocument(db, ctx, p.version);
    const descriptions = await db
      .selectFrom('page_descriptions')
      .select(['page_number', 'description', 'headings'])
      .where('document_id', '=', doc.id)
      .where('page_number', '<=', doc.page_count)
      .orderBy('page_number')
      .execute();
    const summary = summarizeDocument(
      descriptions.map((d) => ({ description: d.description, headings: JSON.parse(d.headings) as string[] })),
    );
    const after = new AfterCommit();
    await ctx.commit(async (trx) => {
      // A replacement file may have fewer pages: drop what the old version had beyond them.
      for (const table of ['pages', 'page_descriptions', 'chunks'] as const) {
        await trx.deleteFrom(table).where('document_id', '=', doc.id).where('page_number', '>', doc.page_count).execute();
      }
      for (const prefix of await removeComponentsBeyondPage(trx, doc.id, doc.page_count)) await queueBlobDeletion(trx, prefix);
      await linkTableContinuations(trx, doc.id);
      await trx
        .updateTable('documents')
        .set({ summary, processed_version: p.version, updated_at: nowIso() })
        .where('id', '=', doc.id)
        .execute();
      // The chunks are final now: their embeddings are computed by a job of their own (queue models).
      await queueChunkEmbedding({ trx, after }, ctx.ports.jobs, ctx.ports.config.embeddings.enabled, doc);
    });
    await after.run(() => undefined);
  },
};
