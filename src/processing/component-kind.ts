// `extract_component`: runs the extractor of a standalone component (POST /components with an
// image, or PUT /components/{id}/upload-url) on its stored image, through the same extractor
// registry as document pages (src/extractors). The whole image is the component's region and it
// has no text layer, so extractors read it as a scan (tables: fills flattened, rules found in the
// pixels and painted out, the region read as one block by the configured OCR engine). The
// component goes pending -> processing -> done; an image the extractor cannot read, or an OCR
// failure, ends it in 'error' with the message (and the job with it); an extraction that found
// nothing usable is stored 'degraded'.
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import type { Db } from '../db/types.js';
import { StepStopped, type SingleKind, type StepContext } from '../jobs/kinds.js';
import type { Extractor, ExtractorInput } from '../extractors/index.js';
import { renderImagePage } from '../pipeline/images.js';
import { PipelineError } from '../pipeline/types.js';
import { errorMessage, nowIso } from '../util.js';
import { decodeGrey } from '../providers/ocr/raster.js';
import type { OcrEngine } from '../providers/ocr/index.js';
import type { ChatModel } from '../providers/llm/index.js';
import { ExtractComponentPayload, type ExtractComponentPayloadT } from './job-requests.js';
import { imageLimits } from './source.js';

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

async function readBlob(ctx: StepContext<StepPorts>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.ports.storage.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** An image as the extractor's input: the whole image is the region, read as a scan. */
export function imageInput(page: { png: Buffer; width: number; height: number }, engines: { ocr: () => Promise<OcrEngine>; vision?: ChatModel | null }): ExtractorInput {
  let grey: ReturnType<typeof decodeGrey> | undefined;
  return {
    page,
    bbox: [0, 0, page.width, page.height],
    textSource: 'ocr',
    words: [],
    segments: [],
    grey: () => (grey ??= decodeGrey(page.png)),
    ocr: () => engines.ocr(),
    vision: engines.vision ?? null,
  };
}

/** Runs `extractor` over a rendered image: grounding in its pixels, plus the image's size. */
export async function extractFromImage(extractor: Extractor, input: ExtractorInput): Promise<Outcome> {
  const out = await extractor.extract(input);
  // A standalone component has no visual component: its record keeps the full detail (cells, graph).
  const grounding = { ...out.groundingData, image_width: input.page.width, image_height: input.page.height };
  if (out.status === 'degraded') return { status: 'degraded', grounding, error: out.error };
  return { status: 'done', grounding, error: null };
}

export const extractComponentKind: SingleKind<ExtractComponentPayloadT, StepPorts> = {
  name: 'extract_component',
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(ExtractComponentPayload, value)) throw new Error('invalid extract_component payload');
    return value;
  },
  async run(ctx, p) {
    const { ports } = ctx;
    const { db } = ports.database;
    const row = await db.selectFrom('components').select(['component_type', 'image_key']).where('id', '=', p.component_id).executeTakeFirst();
    if (!row || row.image_key !== p.image_key) return; // deleted, or a newer image has its own job
    const extractor = ports.extractors.get(row.component_type);
    await ctx.commit((trx) => setOutcome(trx, p, { status: 'processing', error: null }));
    let outcome: Outcome;
    try {
      const page = await renderImagePage(await readBlob(ctx, p.image_key), 1, imageLimits(ports));
      await ctx.checkpoint();
      outcome = await extractFromImage(extractor, imageInput(page, { ocr: () => ports.engines.ocr(), vision: ports.engines.chatModel }));
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
