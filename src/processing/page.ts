// One page of a document: render it, read its text (PDF text layer, or OCR when there is none
// or it is garbage), describe it, cut it into search chunks, and store all of it so that a
// retry replaces, never duplicates, what an earlier attempt wrote.
import sharp from 'sharp';
import type { StepPorts } from '../context.js';
import type { Db, DocumentsTable } from '../db/types.js';
import { documentPrefix } from '../documents/keys.js';
import { queueBlobDeletion, runBlobDeletion } from '../documents/blob-deletions.js';
import type { StepContext } from '../jobs/kinds.js';
import { chunkLines } from '../pipeline/chunk.js';
import { describePage, type ComponentMention, type PageDescription } from '../pipeline/describe.js';
import { detectLayout, inkMap, inkMapOf, type LayoutRegion } from '../pipeline/layout/index.js';
import { renderImageGrey, renderImagePage } from '../pipeline/images.js';
import { readImagePage, readPdfPage, renderPdfPage, type PageReading } from '../pipeline/scan/page-text.js';
import type { DrawnShape } from '../pipeline/pdf/shapes.js';
import type { PageText, RenderedPage, Segment } from '../pipeline/types.js';
import type { GreyPixels } from '../pipeline/tables/scan-background.js';
import { componentPrefix, newCropKey } from '../components/keys.js';
import { cropGreyPng, cropPng } from '../components/crop.js';
import type { Extraction, ExtractorInput } from '../extractors/index.js';
import { decodeGrey } from '../providers/ocr/raster.js';
import { replacePipelineComponents, type PipelineRegion } from '../components/pipeline-writes.js';
import { storeGeneratedDescription } from '../pages/descriptions.js';
import { pageRow, upsertProcessedPage } from '../pages/repository.js';
import { replacePageTextChunks } from '../search/page-chunks.js';
import { recordTokenUsage } from '../search/usage.js';
import { errorMessage, newId } from '../util.js';
import { describePageWithModel, ProviderError } from '../providers/llm/index.js';
import { imageLimits, withSource, type LoadedSource } from './source.js';

export interface PageOptions {
  overwriteEditedDescription: boolean;
}

export async function render(app: StepPorts, source: LoadedSource, pageNumber: number): Promise<RenderedPage> {
  if (source.pdf) return renderPdfPage(source.pdf, pageNumber, app.config);
  return renderImagePage(source.bytes, pageNumber, imageLimits(app));
}

/**
 * The page's text and the page image it refers to: a PDF's text layer, or OCR of a scan or an
 * image, which comes back turned upright and straightened (that image is the one stored and shown).
 */
async function readPage(app: StepPorts, source: LoadedSource, pageNumber: number): Promise<PageReading> {
  const ocr = () => app.engines.ocr();
  if (source.pdf) return readPdfPage(source.pdf, pageNumber, { ...app.config, minTextQuality: app.config.ocrMinTextQuality }, ocr);
  return readImagePage(await renderImageGrey(source.bytes, pageNumber, imageLimits(app)), ocr);
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
  app: StepPorts,
  pageNumber: number,
  page: RenderedPage,
  text: PageText,
  components: ComponentMention[],
): Promise<DescribedPage> {
  const offline: DescribedPage = { ...describePage(pageNumber, text.lines, components), source: 'extractive', usage: null };
  const model = app.engines.chatModel;
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
async function layoutOf(app: StepPorts, source: LoadedSource, pageNumber: number, reading: PageReading) {
  const { page, text } = reading;
  let regions: LayoutRegion[] = [];
  let segments: Segment[] = [];
  try {
    // A scan has no drawn paths: its ruling lines were found in the full-resolution pixels when
    // it was read (pipeline/scan), which finds ruled and framed tables far better than the ink
    // map's coarse lines (ICDAR 2013 rendered: tables matched 129 of 156 instead of 101; docs/benchmarks.md).
    segments = reading.rules ?? (source.pdf ? source.pdf.segments(pageNumber, page.dpi) : []);
    // (a scan's grey pixels are at hand: no PNG decode)
    const ink = reading.grey ? inkMapOf(reading.grey) : await inkMap(page.png);
    regions = detectLayout({ width: page.width, height: page.height, lines: text.lines, segments, ink });
  } catch {
    regions = [];
  }
  const components: DetectedComponent[] = [];
  let grey: ReturnType<typeof decodeGrey> | undefined;
  let shapes: DrawnShape[] | undefined;
  const pdf = text.source === 'ocr' ? null : source.pdf;
  const words = text.lines.flatMap((l) => l.words);
  const input = (bbox: LayoutRegion['bbox']): ExtractorInput => ({
    page,
    bbox,
    textSource: text.source === 'ocr' ? 'ocr' : 'pdf',
    words,
    segments,
    // (a copy of a scan's pixels: they are the thumbnail's source afterwards)
    grey: () => (grey ??= reading.grey ? Promise.resolve({ ...reading.grey, data: Buffer.from(reading.grey.data) }) : decodeGrey(page.png)),
    ...(pdf ? { shapes: () => (shapes ??= pdf.shapes(pageNumber, page.dpi)) } : {}),
    ocr: () => app.engines.ocr(),
    vision: app.engines.chatModel,
  });
  for (const region of regions) {
    if (region.kind !== 'table' && region.kind !== 'figure') continue;
    const type = region.kind === 'table' ? 'table' : (region.figure_type ?? 'diagram');
    let crop: Buffer | null = null;
    let error: string | undefined;
    try {
      // (a scan's grey pixels are the page PNG's: no decode of it per region)
      crop = reading.grey ? await cropGreyPng(reading.grey, region.bbox) : await cropPng(page.png, region.bbox);
    } catch (err) {
      error = `could not crop the region: ${errorMessage(err)}`;
    }
    // The type's extractor (src/extractors), when it has one; a failure leaves the region
    // pending, never fails the page.
    let extracted: Extraction | undefined;
    if (app.extractors.has(type)) {
      try {
        extracted = await app.extractors.get(type).extract(input(region.bbox));
      } catch {
        extracted = undefined;
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
      ...(extracted ? { grounding: extracted.grounding, groundingData: extracted.groundingData } : {}),
    });
  }
  return { regions, components };
}

const THUMBNAIL_WIDTH = 256;

/**
 * A small preview: rendered directly by PDFium at a low DPI (cheaper than shrinking the page
 * PNG), or shrunk from the page's grey pixels when a scan's are at hand (the same picture as
 * shrinking its PNG, without decoding it).
 */
export async function thumbnailOf(source: LoadedSource, pageNumber: number, page: RenderedPage, grey?: GreyPixels): Promise<Buffer> {
  if (source.pdf) {
    const dpi = Math.max(1, Math.floor((page.dpi * THUMBNAIL_WIDTH) / page.width));
    if (dpi < page.dpi) return (await source.pdf.render(pageNumber, dpi)).png;
  }
  const image = grey
    ? sharp(Buffer.from(grey.data.buffer, grey.data.byteOffset, grey.data.length), { raw: { width: grey.width, height: grey.height, channels: 1 } })
    : sharp(page.png);
  return image.resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).png().toBuffer();
}

async function putPageBlobs(app: StepPorts, prefix: string, page: RenderedPage, text: PageText, thumbnail: Buffer) {
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
  options: PageOptions & { prices: StepPorts['config']['llm']['prices'] },
): Promise<string[]> {
  const previous = await pageRow(trx, doc.id, pageNumber);
  await upsertProcessedPage(trx, doc.id, pageNumber, {
    document_version: doc.version,
    width: page.width,
    height: page.height,
    dpi: page.dpi,
    image_key: keys.image,
    thumbnail_key: keys.thumbnail,
    text_source: text.source,
    text: text.lines.map((l) => l.text).join('\n'),
    words_key: keys.words,
    layout: JSON.stringify(layout.regions.map(({ kind, bbox, confidence, figure_type }) => ({ kind, bbox, confidence, figure_type }))),
  });
  if (described.usage) {
    // Spent tokens are recorded even if a later reprocess replaces this description.
    const u = described.usage;
    await recordTokenUsage(trx, options.prices, u, { organizationId: doc.organization_id, documentId: doc.id, purpose: 'page_description' });
  }
  await storeGeneratedDescription(
    trx,
    doc.id,
    pageNumber,
    { description: described.description, headings: described.headings, source: described.source, model: described.usage?.model ?? null },
    options.overwriteEditedDescription,
  );
  await replacePageTextChunks(trx, doc.id, pageNumber, chunkLines(text.lines));
  const crops = new Map(layout.components.filter((c) => c.crop).map((c) => [c.componentId, newCropKey(doc.id, c.componentId)]));
  const stale = await replacePipelineComponents(trx, doc, pageNumber, layout.components, (id) => crops.get(id) ?? null);
  // The earlier attempt's or version's blobs of this page go once this commit holds.
  if (previous?.image_key && previous.image_key !== keys.image) stale.push(previous.image_key.replace(/page\.png$/, ''));
  return stale;
}

export async function processPage(
  ctx: StepContext<StepPorts>,
  doc: DocumentsTable,
  pageNumber: number,
  options: PageOptions,
): Promise<void> {
  await withSource(ctx.ports, doc, (source) => processPageOf(ctx, doc, pageNumber, options, source));
}

async function processPageOf(
  ctx: StepContext<StepPorts>,
  doc: DocumentsTable,
  pageNumber: number,
  options: PageOptions,
  source: LoadedSource,
): Promise<void> {
  const { ports: app } = ctx;
  const reading = await readPage(app, source, pageNumber);
  const { page, text } = reading;
  await ctx.checkpoint();
  const layout = await layoutOf(app, source, pageNumber, reading);
  const mentions = layout.components.map((c) => ({ type: c.type, label: c.label }));
  const described = await describe(app, pageNumber, page, text, mentions);
  await ctx.checkpoint();
  const prefix = `${documentPrefix(doc.id)}pages/${pageNumber}/${newId()}/`;
  const keys = await putPageBlobs(app, prefix, page, text, await thumbnailOf(text.source === 'ocr' ? { ...source, pdf: null } : source, pageNumber, page, reading.grey));
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
