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
import { describePage, type ComponentMention, type PageDescription } from '../pipeline/describe.js';
import { detectLayout, inkMap, type LayoutRegion } from '../pipeline/layout/index.js';
import { renderImagePage } from '../pipeline/images.js';
import { textQuality } from '../pipeline/pdf/quality.js';
import type { PageText, RenderedPage, Segment } from '../pipeline/types.js';
import { componentPrefix, newCropKey } from '../components/keys.js';
import { cropPng } from '../components/crop.js';
import { extractScannedTableGrounding, extractTableGrounding, type TableGrounding } from '../components/tables.js';
import { decodeGrey, type GreyImage } from '../providers/ocr/raster.js';
import { imageRulesOfPng } from '../pipeline/tables/image-rules.js';
import { replacePipelineComponents, type PipelineRegion } from '../components/pipeline-writes.js';
import { runBlobDeletion } from '../storage/gc.js';
import { errorMessage, newId, nowIso } from '../util.js';
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

export async function render(app: AppContext, source: LoadedSource, pageNumber: number): Promise<RenderedPage> {
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
async function describe(
  app: AppContext,
  pageNumber: number,
  page: RenderedPage,
  text: PageText,
  components: ComponentMention[],
): Promise<DescribedPage> {
  const offline: DescribedPage = { ...describePage(pageNumber, text.lines, components), source: 'extractive', usage: null };
  const model = chatModel(app);
  if (!model) return offline;
  try {
    const out = await describePageWithModel(model, {
      pageNumber,
      png: page.png,
      text: text.lines.map((l) => l.text).join('\n'),
      components,
    });
    return {
      description: out.description,
      headings: out.headings,
      source: 'model',
      usage: { provider: model.provider, model: model.model, tokensIn: out.tokensIn, tokensOut: out.tokensOut },
    };
  } catch (err) {
    // A model failure never fails the page: the offline description stands in.
    if (!(err instanceof ProviderError)) throw err;
    return offline;
  }
}

const CAPTION = /^(table|figure|fig\.|chart|diagram|graph|exhibit|schematic)\s*[\dA-Z]/i;

/** A caption line just above or below a region ("Table 3: ...", "Figure 2 ..."), else ''. */
function captionOf(region: LayoutRegion, text: PageText, page: RenderedPage): string {
  const reach = page.height * 0.05;
  const near = text.lines.filter(
    (l) =>
      CAPTION.test(l.text.trim()) &&
      l.bbox[0] < region.bbox[2] &&
      l.bbox[2] > region.bbox[0] &&
      (Math.abs(l.bbox[3] - region.bbox[1]) < reach || Math.abs(l.bbox[1] - region.bbox[3]) < reach),
  );
  return near[0]?.text.trim().slice(0, 200) ?? '';
}

export interface DetectedComponent extends PipelineRegion {
  componentId: string;
  crop: Buffer | null;
}

/**
 * Layout regions of the page, and the tables and figures among them as components with crops.
 * A failing detector or crop degrades the page's layout, never the page: the page keeps its
 * text and description, and a region that could not be cropped is stored 'degraded'.
 */
async function layoutOf(app: AppContext, source: LoadedSource, pageNumber: number, page: RenderedPage, text: PageText) {
  let regions: LayoutRegion[] = [];
  let segments: Segment[] = [];
  try {
    segments = source.pdf ? source.pdf.segments(pageNumber, page.dpi) : [];
    // A scan has no drawn paths: its ruling lines come from the full-resolution pixels, which
    // finds ruled and framed tables far better than the ink map's coarse lines (ICDAR 2013
    // rendered: tables matched 129 of 156 instead of 101; docs/benchmarks.md).
    if (!segments.length && text.source === 'ocr') segments = await imageRulesOfPng(page.png);
    regions = detectLayout({ width: page.width, height: page.height, lines: text.lines, segments, ink: await inkMap(page.png) });
  } catch {
    regions = [];
  }
  const components: DetectedComponent[] = [];
  let grey: GreyImage | undefined;
  for (const region of regions) {
    if (region.kind !== 'table' && region.kind !== 'figure') continue;
    const type = region.kind === 'table' ? 'table' : (region.figure_type ?? 'diagram');
    let crop: Buffer | null = null;
    let error: string | undefined;
    try {
      crop = await cropPng(page.png, region.bbox);
    } catch (err) {
      error = `could not crop the region: ${errorMessage(err)}`;
    }
    // The table extractor: structure from the page's words and drawn rules (a failure leaves
    // the region pending, never fails the page).
    let table: TableGrounding | undefined;
    if (type === 'table') {
      try {
        if (text.source === 'ocr') {
          // Scans and images: the region is cleaned and read again on its own (page-level OCR
          // reads tables badly), and its ruling lines come from its pixels.
          grey ??= await decodeGrey(page.png);
          table = await extractScannedTableGrounding(grey, region.bbox, await ocrEngine(app));
        } else table = extractTableGrounding(region.bbox, text.lines.flatMap((l) => l.words), segments);
      } catch {
        table = undefined;
      }
    }
    components.push({
      componentId: newId(),
      type,
      label: captionOf(region, text, page),
      bbox: region.bbox,
      confidence: Math.round(region.confidence * 100),
      metadata: { detector: 'layout', region_kind: region.kind },
      crop,
      ...(error ? { error } : {}),
      ...(table ? { grounding: table.grounding, groundingData: table.groundingData } : {}),
    });
  }
  return { regions, components };
}

const THUMBNAIL_WIDTH = 256;

/** A small preview: rendered directly by PDFium at a low DPI (cheaper than shrinking the page PNG). */
export async function thumbnailOf(source: LoadedSource, pageNumber: number, page: RenderedPage): Promise<Buffer> {
  if (source.pdf) {
    const dpi = Math.max(1, Math.floor((page.dpi * THUMBNAIL_WIDTH) / page.width));
    if (dpi < page.dpi) return (await source.pdf.render(pageNumber, dpi)).png;
  }
  return sharp(page.png).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).png().toBuffer();
}

async function putPageBlobs(app: AppContext, prefix: string, page: RenderedPage, text: PageText, thumbnail: Buffer) {
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
  layout: { regions: LayoutRegion[]; components: DetectedComponent[] },
  options: PageOptions & { prices: AppContext['config']['llm']['prices'] },
): Promise<string[]> {
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
    layout: JSON.stringify(layout.regions.map(({ kind, bbox, confidence, figure_type }) => ({ kind, bbox, confidence, figure_type }))),
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
  const crops = new Map(layout.components.filter((c) => c.crop).map((c) => [c.componentId, newCropKey(doc.id, c.componentId)]));
  const stale = await replacePipelineComponents(trx, doc, pageNumber, layout.components, (id) => crops.get(id) ?? null);
  // The earlier attempt's or version's blobs of this page go once this commit holds.
  if (previous?.image_key && previous.image_key !== keys.image) stale.push(previous.image_key.replace(/page\.png$/, ''));
  return stale;
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
  const layout = await layoutOf(app, source, pageNumber, page, text);
  const mentions = layout.components.map((c) => ({ type: c.type, label: c.label }));
  const described = await describe(app, pageNumber, page, text, mentions);
  await ctx.checkpoint();
  const prefix = `${documentPrefix(doc.id)}pages/${pageNumber}/${newId()}/`;
  const keys = await putPageBlobs(app, prefix, page, text, await thumbnailOf(source, pageNumber, page));
  for (const c of layout.components) {
    if (c.crop) await app.storage.putBuffer(newCropKey(doc.id, c.componentId), c.crop, 'image/png');
  }
  const written = [prefix, ...layout.components.map((c) => componentPrefix(doc.id, c.componentId))];
  let stale: Array<{ outboxId: string; prefix: string }> = [];
  try {
    stale = await ctx.commit(async (trx) => {
      const old = await writePage(trx, doc, pageNumber, page, text, keys, described, layout, { ...options, prices: app.config.llm.prices });
      return Promise.all(old.map(async (p) => ({ outboxId: await queueBlobDeletion(trx, p), prefix: p })));
    });
  } catch (err) {
    for (const p of written) await app.storage.deletePrefix(p).catch(() => undefined);
    throw err;
  }
  for (const s of stale) await runBlobDeletion(app.database.db, app.storage, s.outboxId, s.prefix).catch(() => undefined);
}
