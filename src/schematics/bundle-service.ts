// Rules of a document's schematic bundles: the archive (export, and import as new components on
// any document) and the COCO dataset. Visible like the document (404 otherwise). An import is
// checked completely, then its blobs are stored (legend crops, region crops), then its records
// are committed in one transaction; if anything fails after a blob was stored, the blobs this
// import wrote are deleted again, so a refused archive leaves nothing behind.
import type { Readable } from 'node:stream';
import { zipSync, type Zippable } from 'fflate';
import type { Caller } from '../auth/caller.js';
import type { StepPorts } from '../context.js';
import { checkBbox, storeCrop } from '../components/crop.js';
import { writeGrounding } from '../components/grounding-writes.js';
import { newCropKey } from '../components/keys.js';
import { parseBbox } from '../components/model.js';
import * as repo from '../components/repository.js';
import { createVisualComponent } from '../components/visual-service.js';
import type { Db, DocumentsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { getReadableDocument } from '../documents/access.js';
import { conflict, validationError } from '../http/errors.js';
import { readZipMembers } from '../pipeline/zip-guard.js';
import { PipelineError } from '../pipeline/types.js';
import { renderMissingPage } from '../processing/render-kind.js';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.js';
import { newId, nowIso } from '../util.js';
import { ARCHIVE_MEMBER_LIMITS, buildArchive, MANIFEST, parseArchive, storedCropNames, type ArchivedComponent } from './archive.js';
import { COCO_ANNOTATIONS, cocoDataset, cocoFileName, type CocoPage } from './coco.js';
import type { Box, SchematicGraphV2 } from './graph.js';
import { schematicGrounding } from './grounding.js';
import { documentCropPrefix } from './legend-crops.js';
import type { ImportArchiveResult } from './schemas.js';
import { stateOf } from './service.js';
import { checkStoredCrops, legendLists } from './stored-crops.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The document's schematic regions, in page and reading order, with what each holds. */
async function documentSchematics(db: Db, doc: DocumentsTable): Promise<ArchivedComponent[]> {
  const visuals = await repo.listVisual(db, doc.id, { types: ['schematic'] });
  const components = new Map((await repo.findComponents(db, [...new Set(visuals.map((v) => v.component_id))])).map((c) => [c.id, c]));
  const cropPrefix = documentCropPrefix(doc.id);
  return visuals.flatMap((visual) => {
    const component = components.get(visual.component_id);
    if (!component || component.component_type !== 'schematic') return [];
    const { graph, reviewed } = stateOf({ component, visual, cropPrefix });
    return [{ visualId: visual.id, componentId: component.id, label: visual.label, pageNumber: visual.page_number, bbox: parseBbox(visual.bbox), graph, reviewed }];
  });
}

export const bundleStem = (name: string): string => name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'document';

export async function exportArchive(db: Db, storage: BlobStore, caller: Caller, documentId: string): Promise<{ document: DocumentsTable; zip: Buffer }> {
  const document = await getReadableDocument(db, caller, documentId);
  const components = await documentSchematics(db, document);
  const cropPrefix = documentCropPrefix(document.id);
  const crops = new Map<string, Buffer>();
  for (const name of storedCropNames(components.map((c) => c.graph), cropPrefix)) {
    try {
      crops.set(name, await readAll(await storage.get(`${cropPrefix}${name}`)));
    } catch (err) {
      if (!(err instanceof BlobNotFoundError)) throw err;
      throw conflict(`The legend crop ${cropPrefix}${name} is missing from storage; replace the legend entries that point at it`);
    }
  }
  return { document, zip: buildArchive({ documentId: document.id, exportedAt: nowIso(), cropPrefix, components, crops }) };
}

/** A checked archive whose blobs are stored, ready to commit (or to discard). */
export interface PreparedImport {
  document: DocumentsTable;
  items: Array<{ componentId: string; pageNumber: number; bbox: Box; label: string; graph: SchematicGraphV2; reviewed: boolean; cropKey: string | null }>;
  /** Blobs this import stored: deleted again when the commit fails. */
  written: string[];
}

export async function discardImport(storage: BlobStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

/** Stores a legend crop unless the same bytes are there already (an earlier import of the archive). */
async function storeLegendCrop(storage: BlobStore, key: string, data: Buffer, written: string[]): Promise<void> {
  if (await storage.head(key)) {
    if ((await readAll(await storage.get(key))).equals(data)) return;
    throw conflict(`A different legend crop is already stored at ${key}`);
  }
  await storage.putBuffer(key, data);
  written.push(key);
}

export async function prepareImport(db: Db, storage: BlobStore, caller: Caller, documentId: string, zipPath: string): Promise<PreparedImport> {
  const document = await getReadableDocument(db, caller, documentId);
  let members;
  try {
    members = await readZipMembers(zipPath, ARCHIVE_MEMBER_LIMITS);
  } catch (err) {
    if (err instanceof PipelineError) throw validationError(['body', 'file'], err.message, 'value_error');
    throw err;
  }
  const cropPrefix = documentCropPrefix(document.id);
  const parsed = parseArchive(members, cropPrefix);
  const pages = [];
  for (const c of parsed.components) {
    const at = ['body', 'file', MANIFEST, 'components', c.index];
    const page = await repo.findPage(db, document.id, c.pageNumber);
    if (!page) throw validationError([...at, 'page_number'], `The document has no page ${c.pageNumber}`, 'value_error');
    checkBbox(c.bbox, page, [...at, 'bbox']);
    pages.push(page);
  }
  const provided = new Set(parsed.crops.map((c) => `${cropPrefix}${c.name}`));
  for (const c of parsed.components) await checkStoredCrops(storage, legendLists(c.graph), ['body', 'file', c.file], (at) => at, provided);

  const written: string[] = [];
  try {
    for (const crop of parsed.crops) await storeLegendCrop(storage, `${cropPrefix}${crop.name}`, crop.data, written);
    const items = [];
    for (const [i, c] of parsed.components.entries()) {
      const componentId = newId();
      const imageKey = pages[i]?.image_key ?? null;
      let cropKey: string | null = null;
      if (imageKey) {
        cropKey = newCropKey(document.id, componentId);
        await storeCrop(storage, imageKey, c.bbox, cropKey);
        written.push(cropKey);
      }
      items.push({ componentId, pageNumber: c.pageNumber, bbox: c.bbox, label: c.label, graph: c.graph, reviewed: c.reviewed, cropKey });
    }
    return { document, items, written };
  } catch (err) {
    await discardImport(storage, written);
    throw err;
  }
}

/** Creates one new schematic component and region per archived component, with its graph. */
export async function commitImport(uow: UnitOfWork, caller: Caller, p: PreparedImport): Promise<ImportArchiveResult> {
  const components: ImportArchiveResult['components'] = [];
  for (const item of p.items) {
    const visual = await createVisualComponent(uow, caller, {
      doc: p.document,
      input: { page_number: item.pageNumber, bbox: item.bbox, component_type: 'schematic', label: item.label },
      bbox: item.bbox,
      componentId: item.componentId,
      cropKey: item.cropKey,
    });
    const stored = schematicGrounding(item.graph, item.reviewed);
    await writeGrounding(uow.trx, item.componentId, { grounding: stored, groundingData: stored, status: 'done', error: null }, { source: 'import', userId: caller.userId });
    components.push({ id: visual.id, component_id: item.componentId, type: 'schematic', page_number: item.pageNumber, label: item.label });
  }
  return { document_id: p.document.id, components };
}

/** Every schematic page image (rendered first where missing) and the COCO annotations of all schematics. */
export async function exportCoco(ports: StepPorts, caller: Caller, documentId: string): Promise<{ document: DocumentsTable; zip: Buffer }> {
  const { db } = ports.database;
  const document = await getReadableDocument(db, caller, documentId);
  const regions = await documentSchematics(db, document);
  const files: Zippable = {};
  const pages: CocoPage[] = [];
  for (const pageNumber of [...new Set(regions.map((r) => r.pageNumber))].sort((a, b) => a - b)) {
    let page = await repo.findPage(db, document.id, pageNumber);
    if (!page?.image_key) {
      try {
        await renderMissingPage(ports, document, pageNumber);
      } catch (err) {
        if (err instanceof PipelineError) throw conflict(`Page ${pageNumber} could not be rendered: ${err.message}`);
        throw err;
      }
      page = await repo.findPage(db, document.id, pageNumber);
    }
    if (!page?.image_key) throw conflict(`Page ${pageNumber} has no image`);
    const fileName = cocoFileName(pageNumber);
    // PNGs are compressed already: stored as they are.
    files[fileName] = [await readAll(await ports.storage.get(page.image_key)), { level: 0 }];
    pages.push({ pageNumber, fileName, width: page.width, height: page.height });
  }
  const createdAt = nowIso();
  const dataset = cocoDataset(pages, regions, { description: `Schematic symbols of ${document.name}`, createdAt });
  files[COCO_ANNOTATIONS] = Buffer.from(JSON.stringify(dataset));
  return { document, zip: Buffer.from(zipSync(files, { level: 6 })) };
}
