// `embed_chunks` (queue 'models'): computes the embeddings of a document's chunks that have none
// for the configured model yet, batch by batch, each batch committed with its token usage and the
// job's progress. Queued by the processing job's finalize (queueChunkEmbedding) when embeddings
// are configured; a separate job, so a failing embeddings service fails this job (its status
// says why) and never the document's processing. Chunks without vectors are still found by full text.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Kysely, Transaction } from 'kysely';
import { inTransaction, type AfterCommit } from '../db/tx.js';
import type { Database, Db, DocumentsTable } from '../db/types.js';
import type { StepPorts } from '../context.js';
import { createJob, type JobSubmitter } from '../jobs/create.js';
import type { SingleKind } from '../jobs/kinds.js';
import { documentsWithOpenJob, setProgress } from '../jobs/repository.js';
import { encodeVector, normalize, type Embedder } from '../providers/embeddings/index.js';
import { nowIso } from '../util.js';
import { recordEmbeddingUsage } from './semantic.js';

export const EMBED_JOB_KIND = 'embed_chunks';
/** Longer chunk texts are cut before embedding (endpoints refuse inputs past their context, ~8k tokens). */
const MAX_CHARS = 8000;

const EmbedPayload = Type.Object({});
type EmbedPayloadT = Static<typeof EmbedPayload>;

/** Chunks of the document still without a vector of this model, in reading order. */
function missing(db: Db, documentId: string, model: string) {
  return db
    .selectFrom('chunks')
    .where('chunks.document_id', '=', documentId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('chunk_embeddings as e').select('e.chunk_id').whereRef('e.chunk_id', '=', 'chunks.id').where('e.model', '=', model))));
}

export const embedChunksKind: SingleKind<EmbedPayloadT, StepPorts> = {
  name: EMBED_JOB_KIND,
  queue: 'models',
  mode: 'single',
  parse(payload) {
    const value = Value.Default(EmbedPayload, structuredClone(payload));
    if (!Value.Check(EmbedPayload, value)) throw new Error('invalid embed_chunks payload');
    return value;
  },
  async run(ctx) {
    const { db } = ctx.ports.database;
    // Embeddings switched off since the job was queued, or the document deleted: nothing to do.
    const embedder = ctx.ports.engines.embedder;
    if (!embedder || !ctx.documentId) return;
    const doc = await db.selectFrom('documents').select(['id', 'organization_id']).where('id', '=', ctx.documentId).executeTakeFirst();
    if (!doc) return;
    const counted = await missing(db, doc.id, embedder.model).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    let done = 0;
    // Every batch embeds (or loses to a concurrent delete) its chunks, so this ends; the bound guards against surprises.
    for (let round = 0; round <= Math.ceil(total / embedder.batchSize) + 1; round++) {
      await ctx.checkpoint();
      const batch = await missing(db, doc.id, embedder.model)
        .select(['chunks.id', 'chunks.text'])
        .orderBy('chunks.page_number')
        .orderBy('chunks.seq')
        .orderBy('chunks.id')
        .limit(embedder.batchSize)
        .execute();
      if (batch.length === 0) break;
      // Endpoints reject empty inputs.
      const embedded = await embedder.embed(batch.map((c) => c.text.slice(0, MAX_CHARS).trim() || '-'));
      done += batch.length;
      await ctx.commit(async (trx) => {
        // A page reprocessed meanwhile replaced its chunks: vectors of chunks that are gone are dropped.
        const alive = new Set((await trx.selectFrom('chunks').select('id').where('id', 'in', batch.map((c) => c.id)).execute()).map((r) => r.id));
        const now = nowIso();
        const rows = batch.flatMap((c, i) => {
          const v = embedded.vectors[i];
          return v && alive.has(c.id)
            ? [{ chunk_id: c.id, document_id: doc.id, model: embedder.model, dimensions: v.length, vector: encodeVector(normalize(v)), created_at: now }]
            : [];
        });
        if (rows.length > 0) await trx.insertInto('chunk_embeddings').values(rows).onConflict((oc) => oc.columns(['chunk_id', 'model']).doNothing()).execute();
        await recordEmbeddingUsage(trx, ctx.ports.config.llm.prices, { provider: embedder.provider, model: embedder.model, tokensIn: embedded.tokensIn }, { organizationId: doc.organization_id, documentId: doc.id });
        const progress = total > 0 ? Math.min(99, Math.floor((Math.min(done, total) * 100) / total)) : 0;
        await setProgress(trx, ctx.jobId, progress);
      });
    }
  },
};

/** Queues the embedding of the document's chunks (in the caller's transaction) when embeddings are configured. */
export async function queueChunkEmbedding(
  uow: { trx: Transaction<Database>; after: AfterCommit },
  jobs: JobSubmitter,
  enabled: boolean,
  doc: Pick<DocumentsTable, 'id' | 'organization_id' | 'owner_id' | 'name'>,
): Promise<string | null> {
  if (!enabled) return null;
  return createJob(uow, jobs, {
    kind: EMBED_JOB_KIND,
    documentId: doc.id,
    organizationId: doc.organization_id,
    ownerId: doc.owner_id,
    documentName: `Embeddings: ${doc.name}`,
  });
}

/**
 * Queues an embed_chunks job for every document with chunks that lack a vector of the configured
 * model and no such job open (`pagelens embeddings backfill`): after embeddings were switched on
 * or the model changed, after the service was down, or for component chunks rewritten by an edit.
 */
export async function queueMissingEmbeddings(app: { database: { db: Kysely<Database> }; jobs: JobSubmitter; engines: { embedder: Embedder | null } }): Promise<string[]> {
  const embedder = app.engines.embedder;
  if (!embedder) return [];
  const { db } = app.database;
  const docs = await db
    .selectFrom('documents')
    .select(['documents.id', 'documents.organization_id', 'documents.owner_id', 'documents.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chunks')
          .select('chunks.id')
          .whereRef('chunks.document_id', '=', 'documents.id')
          .where((e2) => e2.not(e2.exists(e2.selectFrom('chunk_embeddings as e').select('e.chunk_id').whereRef('e.chunk_id', '=', 'chunks.id').where('e.model', '=', embedder.model)))),
      ),
    )
    .where('documents.id', 'not in', documentsWithOpenJob(db, EMBED_JOB_KIND))
    .orderBy('documents.created_at')
    .execute();
  const ids: string[] = [];
  for (const doc of docs) {
    const id = await inTransaction(db, (uow) => queueChunkEmbedding(uow, app.jobs, true, doc));
    if (id) ids.push(id);
  }
  return ids;
}
