// One page of a document: render it, read its text (PDF text layer, or OCR when there is none
// or it is garbage), describe it, cut it into search chunks, and store all of it so that a
// retry replaces, never duplicates, what an earlier attempt wrote.
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import type { Db, DocumentsTable } from '../db/types.js';
import { documentPrefix } from '../documents/keys.js';
import { queueBlobDeletion } from '../documents/repository.js';
import type { StepContext } from '../jobs/kinds.js';
import { chunkLines } from '../pipeline/chunk.js';
import { describePage, type PageDescription } from '../pipeline/describe.js';
import { renderImagePage } from '../pipeline/images.js';
import { textQuality } from '../pipeline/pdf/quality.js';
import type { PageText, RenderedPage } from '../pipeline/types.js';
import { runBlobDeletion } from '../storage/gc.js';
import { newId, nowIso } from '../util.js';
import { describePageWithModel, ProviderError } from '../providers/llm/index.js';
import { chatModel } from './model.js';
import { ocrEngine } from './ocr.js';
import { imageLimits, loadSource, type LoadedSource } from './source.js';

export interface PageOptions {
  overwriteEditedDescription: boolean;
}

/** The render DPI, lowered for pages so large that PAGELENS_MAX_PAGE_PIXELS would be exceeded. */
export function dpiFor(app: AppContext, widthPt: number, heightPt: number): number {
  const pixelsAt = (dpi: number): number => ((widthPt * dpi) / 72) * ((heightPt * dpi) / 72);
  const dpi = app.config.renderDpi;
  if (pixelsAt(dpi) <= app.config.maxPagePixels) return dpi;
  return Math.max(1, Math.floor(dpi * Math.sqrt(app.config.maxPagePixels / pixelsAt(dpi))));
}

async function render(app: AppContext, source: LoadedSource, pageNumber: number): Promise<RenderedPage> {
  if (source.pdf) {
    const size = source.pdf.pageSize(pageNumber);
    return source.pdf.render(pageNumber, dpiFor(app, size.width, size.height));
  }
  return renderImagePage(source.bytes, pageNumber, imageLimits(app));
}

async function readText(app: AppContext, source: LoadedSource, pageNumber: number, page: RenderedPage): Promise<PageText> {
  if (source.pdf) {
    const layer = source.pdf.text(pageNumber, page.dpi);
    if (textQuality(layer) >= app.config.ocrMinTextQuality) return layer;
  }
  const engine = await ocrEngine(app);
  const recognised = await engine.recognize(page.png);
  return { ...recognised, source: 'ocr' };
}

export interface DescribedPage extends PageDescription {
  source: 'extractive' | 'model';
  usage: { provider: string; model: string; tokensIn: number; tokensOut: number } | null;
}

/**
 * A model-written description when a model service is configured, else (or when the call fails)
 * the extractive one. The network call happens outside any transaction.
 */
async function describe(app: AppContext, pageNumber: number, page: RenderedPage, text: PageText, log: (msg: string) => void): Promise<DescribedPage> {
  const offline: DescribedPage = { ...describePage(pageNumber, text.lines), source: 'extractive', usage: null };
  const model = chatModel(app);
  if (!model) return offline;
  try {
    const out = await describePageWithModel(model, {
      pageNumber,
      png: page.png,
      text: text.lines.map((l) => l.text).join('\n'),
      components: [],
    });
    return {
      description: out.description,
      headings: out.headings,
      source: 'model',
      usage: { provider: model.provider, model: model.model, tokensIn: out.tokensIn, tokensOut: out.tokensOut },
    };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log(`model description failed, using the extractive one: ${err.message}`);
    return offline;
  }
}

async function putPageBlobs(app: AppContext, prefix: string, page: RenderedPage, text: PageText) {
  const thumbnail = await sharp(page.png).resize({ width: 256, withoutEnlargement: true }).png().toBuffer();
  const keys = { image: `${prefix}page.png`, thumbnail: `${prefix}thumbnail.png`, words: `${prefix}text.json` };
  await app.storage.putBuffer(keys.image, page.png, 'image/png');
  await app.storage.putBuffer(keys.thumbnail, thumbnail, 'image/png');
  await app.storage.putBuffer(keys.words, Buffer.from(JSON.stringify(text)), 'application/json');
  return keys;
}

async function writePage(
  trx: Db,
  doc: DocumentsTable,
  pageNumber: number,
  page: RenderedPage,
  text: PageText,
  keys: { image: string; thumbnail: string; words: string },
  described: DescribedPage,
  options: PageOptions & { prices: AppContext['config']['llm']['prices'] },
): Promise<string | null> {
  const now = nowIso();
  const previous = await trx
    .selectFrom('pages')
    .select('image_key')
    .where('document_id', '=', doc.id)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  const plain = text.lines.map((l) => l.text).join('\n');
  const row = {
    document_version: doc.version,
    width: page.width,
    height: page.height,
    dpi: page.dpi,
    image_key: keys.image,
    thumbnail_key: keys.thumbnail,
    text_source: text.source,
    text: plain,
    words_key: keys.words,
    layout: '[]',
    updated_at: now,
  };
  await trx
    .insertInto('pages')
    .values({ id: newId(), document_id: doc.id, page_number: pageNumber, created_at: now, ...row })
    .onConflict((oc) => oc.columns(['document_id', 'page_number']).doUpdateSet(row))
    .execute();

  const existing = await trx
    .selectFrom('page_descriptions')
    .select(['id', 'edited'])
    .where('document_id', '=', doc.id)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  const description = {
    description: described.description,
    headings: JSON.stringify(described.headings),
    source: described.source,
    edited: 0,
    model: described.usage?.model ?? null,
    updated_at: now,
  };
  if (described.usage) {
    // Spent tokens are recorded even if a later reprocess replaces this description.
    const u = described.usage;
    await trx
      .insertInto('token_usage')
      .values({
        id: newId(),
        organization_id: doc.organization_id,
        document_id: doc.id,
        question_id: null,
        purpose: 'page_description',
        provider: u.provider,
        model: u.model,
        tokens_in: u.tokensIn,
        tokens_out: u.tokensOut,
        cost: options.prices.costOf(u.model, u.tokensIn, u.tokensOut),
        created_at: now,
      })
      .execute();
  }
  if (!existing) {
    await trx
      .insertInto('page_descriptions')
      .values({ id: newId(), document_id: doc.id, page_number: pageNumber, created_at: now, ...description })
      .execute();
  } else if (existing.edited === 0 || options.overwriteEditedDescription) {
    await trx.updateTable('page_descriptions').set(description).where('id', '=', existing.id).execute();
  }

  await trx.deleteFrom('chunks').where('document_id', '=', doc.id).where('page_number', '=', pageNumber).execute();
  const chunks = chunkLines(text.lines);
  for (let i = 0; i < chunks.length; i += 50) {
    await trx
      .insertInto('chunks')
      .values(
        chunks.slice(i, i + 50).map((c) => ({
          id: newId(),
          document_id: doc.id,
          page_number: pageNumber,
          seq: c.seq,
          kind: 'text',
          text: c.text,
          bboxes: JSON.stringify(c.bboxes),
          created_at: now,
        })),
      )
      .execute();
  }
  // The earlier attempt's or version's blobs of this page go once this commit holds.
  if (!previous?.image_key || previous.image_key === keys.image) return null;
  return previous.image_key.replace(/page\.png$/, '');
}

export async function processPage(
  ctx: StepContext,
  doc: DocumentsTable,
  pageNumber: number,
  options: PageOptions,
): Promise<void> {
  const { app } = ctx;
  const source = await loadSource(app, doc);
  const page = await render(app, source, pageNumber);
  await ctx.checkpoint();
  const text = await readText(app, source, pageNumber, page);
  await ctx.checkpoint();
  const described = await describe(app, pageNumber, page, text, () => undefined);
  await ctx.checkpoint();
  const prefix = `${documentPrefix(doc.id)}pages/${pageNumber}/${newId()}/`;
  const keys = await putPageBlobs(app, prefix, page, text);
  let stale: { outboxId: string; prefix: string } | null = null;
  try {
    stale = await ctx.commit(async (trx) => {
      const old = await writePage(trx, doc, pageNumber, page, text, keys, described, { ...options, prices: app.config.llm.prices });
      return old ? { outboxId: await queueBlobDeletion(trx, old), prefix: old } : null;
    });
  } catch (err) {
    await app.storage.deletePrefix(prefix).catch(() => undefined);
    throw err;
  }
  if (stale) await runBlobDeletion(app.database.db, app.storage, stale.outboxId, stale.prefix).catch(() => undefined);
}
