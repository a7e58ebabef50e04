// `extract_component`: runs the extractor of a standalone component (POST /components with an
// image, or PUT /components/{id}/upload-url) on its stored image. Tables get what scanned pages
// get (extractScannedTableGrounding over the whole image: fills flattened, rules found in the
// pixels and painted out, the region read as one block by the configured OCR engine, then the
// table extractor). The component goes pending -> processing -> done; an
// image the extractor cannot read, or an OCR failure, ends it in 'error' with the message (and
// the job with it); a table in which no text was recognised is stored 'degraded'.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../db/types.js';
import { StepStopped, type SingleKind, type StepContext } from '../jobs/kinds.js';
import { extractScannedTableGrounding } from '../components/tables.js';
import { renderImagePage } from '../pipeline/images.js';
import { PipelineError } from '../pipeline/types.js';
import { errorMessage, nowIso } from '../util.js';
import { decodeGrey } from '../providers/ocr/raster.js';
import type { TableTextReader } from '../pipeline/tables/scan-text.js';
import { ocrEngine } from './ocr.js';
import { imageLimits } from './source.js';

const ExtractComponentPayload = Type.Object({
  component_id: Type.String({ minLength: 1 }),
  /** The image this job was started for; a newer upload has its own job and wins. */
  image_key: Type.String({ minLength: 1 }),
});
type ExtractComponentPayloadT = Static<typeof ExtractComponentPayload>;

export interface Outcome {
  status: 'processing' | 'done' | 'degraded' | 'error';
  grounding?: Record<string, unknown>;
  error: string | null;
}

/** Writes the component's state, only while it still has the image this job is for. */
function setOutcome(trx: Db, p: ExtractComponentPayloadT, o: Outcome) {
  return trx
    .updateTable('components')
    .set({ status: o.status, error: o.error, updated_at: nowIso(), ...(o.grounding ? { grounding: JSON.stringify(o.grounding) } : {}) })
    .where('id', '=', p.component_id)
    .where('image_key', '=', p.image_key)
    .execute();
}

async function readBlob(ctx: StepContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.app.storage.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The table of a rendered image (the whole image is the table): grounding with cell boxes in its pixels. */
export async function tableOfImage(page: { png: Buffer; width: number; height: number }, ocr: TableTextReader): Promise<Outcome> {
  const bbox: [number, number, number, number] = [0, 0, page.width, page.height];
  const table = await extractScannedTableGrounding(await decodeGrey(page.png), bbox, ocr);
  const grounding = { ...table.groundingData, image_width: page.width, image_height: page.height };
  const cells = Array.isArray(table.groundingData.cells) ? table.groundingData.cells.length : 0;
  if (cells === 0) return { status: 'degraded', grounding, error: 'No table text was recognised in the image' };
  return { status: 'done', grounding, error: null };
}

async function extractTableOfImage(ctx: StepContext, image: Buffer): Promise<Outcome> {
  const page = await renderImagePage(image, 1, imageLimits(ctx.app));
  await ctx.checkpoint();
  return tableOfImage(page, await ocrEngine(ctx.app));
}

export const extractComponentKind: SingleKind<ExtractComponentPayloadT> = {
  name: 'extract_component',
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(ExtractComponentPayload, value)) throw new Error('invalid extract_component payload');
    return value;
  },
  async run(ctx, p) {
    const { db } = ctx.app.database;
    const row = await db.selectFrom('components').select(['component_type', 'image_key']).where('id', '=', p.component_id).executeTakeFirst();
    if (!row || row.image_key !== p.image_key) return; // deleted, or a newer image has its own job
    if (row.component_type !== 'table') throw new PipelineError(`No extractor for ${row.component_type} components`, 'unsupported');
    await ctx.commit((trx) => setOutcome(trx, p, { status: 'processing', error: null }));
    let outcome: Outcome;
    try {
      outcome = await extractTableOfImage(ctx, await readBlob(ctx, p.image_key));
    } catch (err) {
      if (err instanceof StepStopped) {
        // A cancel ends the extraction for good (the job's commits are refused from now on);
        // a lost lease means another worker runs it again, so nothing is written then.
        if (err.reason === 'cancelled') await setOutcome(db, p, { status: 'error', error: 'The extraction was cancelled' });
        throw err;
      }
      const message = err instanceof PipelineError ? err.message : `The extraction failed: ${errorMessage(err)}`;
      await ctx.commit((trx) => setOutcome(trx, p, { status: 'error', error: message }));
      throw err;
    }
    await ctx.commit((trx) => setOutcome(trx, p, outcome));
  },
};
