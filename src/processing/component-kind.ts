// `extract_component`: runs the extractor of a standalone component (POST /components with an
// image, or PUT /components/{id}/upload-url) on its stored image, through the same extractor
// registry as document pages (src/extractors). The whole image is the component's region and it
// has no text layer, so extractors read it as a scan (tables: fills flattened, rules found in the
// pixels and painted out, the region read as one block by the configured OCR engine). The
// component goes pending -> processing -> done; an image the extractor cannot read, or an OCR
// failure, ends it in 'error' with the message (and the job with it); an extraction that found
// nothing usable is stored 'degraded'. The options of POST /components (a baseline provider, the
// vision model's text correction) run around the extractor (src/extractors/baseline.ts); their
// model calls are recorded in token_usage and on the component in the same commit as the result.
import { Value } from 'typebox/value';
import { recordRevision } from '../components/revisions.js';
import type { StepPorts } from '../context.js';
import type { Db } from '../db/types.js';
import { StepStopped, type SingleKind, type StepContext } from '../jobs/kinds.js';
import { DEFAULT_EXTRACTION_OPTIONS, extractWithOptions, type ExtractionOptions, type Extractor, type ExtractorInput, type ExtractorOptions, type ModelCall } from '../extractors/index.js';
import { recordTokenUsage } from '../search/usage.js';
import { renderImagePage } from '../pipeline/images.js';
import { PipelineError } from '../pipeline/types.js';
import { errorMessage, nowIso } from '../util.js';
import { storedComponentType } from '../components/model.js';
import { decodeGrey } from '../providers/ocr/raster.js';
import type { OcrEngine } from '../providers/ocr/index.js';
import type { ChatModel } from '../providers/llm/index.js';
import { ExtractComponentPayload, type ExtractComponentPayloadT } from './job-requests.js';
import { imageLimits } from './source.js';

export interface Outcome {
  status: 'processing' | 'done' | 'degraded' | 'error';
  grounding?: Record<string, unknown>;
  /** A walk-through in words (include_description), stored as the component's description. */
  description?: string;
  error: string | null;
  /** Model calls the extraction made (baseline, text correction). */
  calls?: ModelCall[];
}

/** Writes the component's state, only while it still has the image this job is for; a grounding is kept as a revision. */
async function setOutcome(trx: Db, p: ExtractComponentPayloadT, o: Outcome): Promise<void> {
  const tokens = o.calls?.length
    ? { tokens_in: o.calls.reduce((n, c) => n + c.tokensIn, 0), tokens_out: o.calls.reduce((n, c) => n + c.tokensOut, 0) }
    : {};
  const res = await trx
    .updateTable('components')
    .set({
      status: o.status,
      error: o.error,
      updated_at: nowIso(),
      ...tokens,
      ...(o.grounding ? { grounding: JSON.stringify(o.grounding) } : {}),
      ...(o.description !== undefined ? { description: o.description } : {}),
    })
    .where('id', '=', p.component_id)
    .where('image_key', '=', p.image_key)
    .executeTakeFirst();
  if (o.grounding && Number(res.numUpdatedRows) > 0) await recordRevision(trx, { componentId: p.component_id, source: 'pipeline', userId: null });
}

async function readBlob(ctx: StepContext<StepPorts>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.ports.storage.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** An image as the extractor's input: the whole image is the region, read as a scan. */
export function imageInput(
  page: { png: Buffer; width: number; height: number },
  engines: { ocr: () => Promise<OcrEngine>; vision?: ChatModel | null },
  options: ExtractorOptions = {},
): ExtractorInput {
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
    options,
  };
}

/** Runs `extractor` over a rendered image: grounding in its pixels, plus the image's size. */
export async function extractFromImage(extractor: Extractor, input: ExtractorInput): Promise<Outcome> {
  const out = await extractor.extract(input);
  // A standalone component has no visual component: its record keeps the full detail (cells, graph).
  const grounding = { ...out.grounding, ...out.groundingData, image_width: input.page.width, image_height: input.page.height };
  const described = typeof out.groundingData.description === 'string' ? { description: out.groundingData.description } : {};
  if (out.status === 'degraded') return { status: 'degraded', grounding, error: out.error, ...described };
  return { status: 'done', grounding, error: null, ...described };
}

/** The payload's options, or the spec's defaults for jobs queued before options existed. */
function optionsOf(p: ExtractComponentPayloadT): ExtractionOptions {
  return p.options ? { baselineProvider: p.options.baseline_provider, fixTextWithVlm: p.options.fix_text_with_vlm } : DEFAULT_EXTRACTION_OPTIONS;
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
    const row = await db.selectFrom('components').select(['component_type', 'image_key', 'organization_id']).where('id', '=', p.component_id).executeTakeFirst();
    if (!row || row.image_key !== p.image_key) return; // deleted, or a newer image has its own job
    const options = optionsOf(p);
    const type = storedComponentType(row.component_type);
    // A type without an offline extractor runs on its vision-model baseline alone (checked when the job was created).
    const extractor = ports.extractors.has(type) || options.baselineProvider === null ? ports.extractors.get(type) : null;
    await ctx.commit((trx) => setOutcome(trx, p, { status: 'processing', error: null }));
    let outcome: Outcome;
    try {
      const page = await renderImagePage(await readBlob(ctx, p.image_key), 1, imageLimits(ports));
      await ctx.checkpoint();
      const input = imageInput(page, { ocr: () => ports.engines.ocr(), vision: ports.engines.chatModel }, { includeDescription: p.include_description === true });
      const out = await extractWithOptions({ extractor, type, input, options, engines: ports.engines });
      outcome = {
        status: out.status,
        grounding: { ...out.grounding, image_width: page.width, image_height: page.height },
        error: out.error,
        calls: out.calls,
        ...(typeof out.grounding.description === 'string' ? { description: out.grounding.description } : {}),
      };
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
    await ctx.commit(async (trx) => {
      await setOutcome(trx, p, outcome);
      for (const call of outcome.calls ?? []) {
        await recordTokenUsage(trx, ports.config.llm.prices, call, { organizationId: row.organization_id, purpose: call.purpose });
      }
    });
  },
};
