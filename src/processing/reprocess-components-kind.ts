// `reprocess_components` (POST /documents/{id}/component-reprocessing-jobs): extracts the named
// regions of a document again from their current bboxes, as one job. Each region is read from
// its stored page image with the page's words (the page's text.json: a PDF text layer, or the
// page OCR) and rules, through the same extractor registry as processing, and gets a fresh crop.
// Each region's grounding, crop and revision are committed together; a region whose type has no
// extractor, or whose extraction fails, ends 'degraded' with the reason and the job goes on. A
// region moved, retyped or deleted while the job ran is left to the person's newer edit.
import { Value } from 'typebox/value';
import { newCropKey } from '../components/keys.js';
import { cropPng } from '../components/crop.js';
import { writeReextraction, type ReextractOutcome } from '../components/grounding-writes.js';
import { parseBbox } from '../components/model.js';
import { findVisuals, setComponentStatus, type VisualRow } from '../components/repository.js';
import type { StepPorts } from '../context.js';
import type { DocumentsTable } from '../db/types.js';
import { queueBlobDeletion, runBlobDeletion } from '../documents/blob-deletions.js';
import type { ExtractorInput } from '../extractors/index.js';
import { StepStopped, type SingleKind, type StepContext } from '../jobs/kinds.js';
import { pageSources } from '../pages/repository.js';
import { prepareScan } from '../pipeline/scan/read-scan.js';
import { PipelineError, type PageText, type Segment, type Word } from '../pipeline/types.js';
import { decodeGrey } from '../providers/ocr/raster.js';
import { errorMessage } from '../util.js';
import { ReprocessComponentsPayload, type ReprocessComponentsPayloadT } from './job-requests.js';
import { acquireSource, type SourceLease } from './source.js';
import type { PdfDoc } from '../pipeline/pdf/document.js';

type PageInput = Omit<ExtractorInput, 'bbox'>;

async function readBlob(ports: StepPorts, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ports.storage.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function wordsOf(json: Buffer): Word[] {
  const text = JSON.parse(json.toString('utf8')) as Partial<PageText>;
  return Array.isArray(text.lines) ? text.lines.flatMap((l) => (Array.isArray(l.words) ? l.words : [])) : [];
}

/**
 * The page as processing gave it to the extractors: its image, words and rules (a PDF's drawn
 * paths; a scan's rules found in its pixels). A message instead when the page cannot be read.
 */
async function pageInput(ports: StepPorts, doc: DocumentsTable, pageNumber: number, pdfOf: () => Promise<PdfDoc | null>): Promise<PageInput | string> {
  const page = await pageSources(ports.database.db, doc.id, pageNumber);
  if (!page?.image_key) return `Page ${pageNumber} has no rendered image: reprocess the document first`;
  if (page.document_version !== doc.version) return `Page ${pageNumber} is from an earlier file version: reprocess the document first`;
  const png = await readBlob(ports, page.image_key);
  const words = page.words_key ? wordsOf(await readBlob(ports, page.words_key)) : [];
  const textSource = page.text_source === 'pdf' ? 'pdf' : 'ocr';
  let segments: Segment[] = [];
  let pdf: PdfDoc | null = null;
  if (textSource === 'pdf') {
    pdf = await pdfOf();
    segments = pdf?.segments(pageNumber, page.dpi) ?? [];
  }
  // (found as when the scan was read: dark bands turned first, their edges kept as rules)
  else segments = prepareScan(await decodeGrey(png)).rules;
  let grey: ReturnType<typeof decodeGrey> | undefined;
  return {
    page: { png, width: page.width, height: page.height },
    textSource,
    words,
    segments,
    grey: () => (grey ??= decodeGrey(png)),
    ...(pdf ? { shapes: () => pdf.shapes(pageNumber, page.dpi) } : {}),
    ocr: () => ports.engines.ocr(),
    vision: ports.engines.chatModel,
  };
}

/** Runs the region's extractor and stores its crop; never throws but for a stop. */
async function reextract(ctx: StepContext<StepPorts>, doc: DocumentsTable, v: VisualRow, page: PageInput | string): Promise<ReextractOutcome> {
  if (typeof page === 'string') return { kind: 'failed', error: page };
  try {
    const extractor = ctx.ports.extractors.get(v.component_type);
    const bbox = parseBbox(v.bbox);
    const out = await extractor.extract({ ...page, bbox });
    await ctx.checkpoint();
    const cropKey = newCropKey(doc.id, v.component_id);
    await ctx.ports.storage.putBuffer(cropKey, await cropPng(page.page.png, bbox), 'image/png');
    return { kind: 'extracted', grounding: out.grounding, groundingData: out.groundingData, status: out.status, error: out.error, cropKey };
  } catch (err) {
    if (err instanceof StepStopped) throw err;
    return { kind: 'failed', error: err instanceof PipelineError ? err.message : `The extraction failed: ${errorMessage(err)}` };
  }
}

async function run(ctx: StepContext<StepPorts>, p: ReprocessComponentsPayloadT, doc: DocumentsTable, regions: VisualRow[], pending: Set<string>) {
  const { ports } = ctx;
  const pages = new Map<number, PageInput | string>();
  // The PDF is opened only for born-digital pages, and held until the last region is done.
  let lease: Promise<SourceLease> | null = null;
  const pdfOf = async (): Promise<PdfDoc | null> => (await (lease ??= acquireSource(ports, doc))).source.pdf;
  try {
    await eachRegion(ctx, p, doc, regions, pending, pages, pdfOf);
  } finally {
    if (lease) await (lease as Promise<SourceLease>).then((l) => l.release(), () => undefined);
  }
}

async function eachRegion(
  ctx: StepContext<StepPorts>,
  p: ReprocessComponentsPayloadT,
  doc: DocumentsTable,
  regions: VisualRow[],
  pending: Set<string>,
  pages: Map<number, PageInput | string>,
  pdfOf: () => Promise<PdfDoc | null>,
) {
  const { ports } = ctx;
  for (const v of regions) {
    await ctx.checkpoint();
    let page = pages.get(v.page_number);
    if (page === undefined) {
      try {
        page = await pageInput(ports, doc, v.page_number, pdfOf);
      } catch (err) {
        page = `Page ${v.page_number} could not be read: ${errorMessage(err)}`;
      }
      pages.clear(); // regions come page by page: keep one page's pixels at a time
      pages.set(v.page_number, page);
    }
    const outcome = await reextract(ctx, doc, v, page);
    const target = { documentId: doc.id, visualId: v.id, componentId: v.component_id, bbox: v.bbox, type: v.component_type };
    let written = false;
    let stale: { outboxId: string; prefix: string } | null = null;
    try {
      [written, stale] = await ctx.commit(async (trx) => {
        const r = await writeReextraction(trx, target, outcome, { userId: p.requested_by, jobStatusId: ctx.jobId });
        if (!r.written || !r.staleCrop) return [r.written, null] as const;
        return [true, { outboxId: await queueBlobDeletion(trx, r.staleCrop), prefix: r.staleCrop }] as const;
      });
    } finally {
      // A crop no record points at (the region changed meanwhile, or the commit failed) goes at once.
      if (outcome.kind === 'extracted' && outcome.cropKey && !written) await ports.storage.deletePrefix(outcome.cropKey).catch(() => undefined);
    }
    pending.delete(v.component_id);
    if (stale) await runBlobDeletion(ports.database.db, ports.storage, stale.outboxId, stale.prefix).catch(() => undefined);
  }
}

export const reprocessComponentsKind: SingleKind<ReprocessComponentsPayloadT, StepPorts> = {
  name: 'reprocess_components',
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(ReprocessComponentsPayload, value)) throw new Error('invalid reprocess_components payload');
    return value;
  },
  async run(ctx, p) {
    const { db } = ctx.ports.database;
    if (!ctx.documentId) throw new Error('reprocess_components job without a document');
    const doc = await db.selectFrom('documents').selectAll().where('id', '=', ctx.documentId).executeTakeFirst();
    if (!doc) throw new PipelineError('The document was deleted', 'unsupported');
    if (doc.version !== p.version) throw new PipelineError(`The file was replaced (now version ${doc.version})`, 'unsupported');
    // Regions deleted since the request are skipped; the rest go page by page.
    const regions = (await findVisuals(db, doc.id, p.visual_component_ids)).sort((a, b) => a.page_number - b.page_number);
    const pending = new Set(regions.map((v) => v.component_id));
    await ctx.commit((trx) => setComponentStatus(trx, [...pending], 'processing', null));
    try {
      await run(ctx, p, doc, regions, pending);
    } catch (err) {
      // A lost lease means another worker runs the job again: it sets the states then.
      if (err instanceof StepStopped && err.reason === 'lost') throw err;
      const message = err instanceof StepStopped ? 'The re-extraction was cancelled' : `The re-extraction failed: ${errorMessage(err)}`;
      await setComponentStatus(db, [...pending], 'degraded', message, 'processing').catch(() => undefined);
      throw err;
    }
  },
};
