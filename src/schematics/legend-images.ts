// The pixels the legend jobs work on: blobs read whole, images decoded to greyscale, legend crops
// loaded from their source_crop_url (a data URL or a storage URL), and the image a schematic's
// coordinates refer to (the component's image: a region's crop, a standalone component's upload).
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ComponentsTable, Db } from '../db/types.js';
import * as repo from '../components/repository.js';
import { cropPng } from '../components/crop.js';
import { parseBbox } from '../components/model.js';
import type { GreyPixels } from '../pipeline/tables/scan-background.js';
import { PipelineError } from '../pipeline/types.js';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.js';
import type { LegendEntry } from './graph.js';
import { storageKeyOf } from './legend-crops.js';
import type { SchematicTarget } from './service.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stored blob, or null when it is not there. */
export async function readBlobOrNull(storage: BlobStore, key: string): Promise<Buffer | null> {
  try {
    return await readAll(await storage.get(key));
  } catch (err) {
    if (err instanceof BlobNotFoundError) return null;
    throw err;
  }
}

/** An image's first frame as greyscale pixels, transparency on white. */
export async function greyOf(image: Buffer): Promise<GreyPixels> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The pictures of the legend entries that have one, by entry id (a crop gone from storage is left out). */
export async function legendPictures(storage: BlobStore, legend: readonly LegendEntry[]): Promise<Map<string, GreyPixels>> {
  const out = new Map<string, GreyPixels>();
  for (const entry of legend) {
    const url = entry.source_crop_url;
    if (url === null) continue;
    const key = storageKeyOf(url);
    const bytes = key === null ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64') : await readBlobOrNull(storage, key);
    if (bytes === null || bytes.length === 0) continue;
    try {
      out.set(entry.id, await greyOf(bytes));
    } catch {
      // An undecodable picture counts as none.
    }
  }
  return out;
}

/**
 * The image the schematic's coordinates refer to: the component's stored image (a region's crop
 * of its page, a standalone component's upload), else the region cut from its page image.
 */
export async function schematicImage(db: Db, storage: BlobStore, target: SchematicTarget): Promise<Buffer> {
  const component: ComponentsTable = target.component;
  if (component.image_key) {
    const own = await readBlobOrNull(storage, component.image_key);
    if (own) return own;
  }
  if (target.visual) {
    const page = await repo.findPage(db, target.visual.document_id, target.visual.page_number);
    const pageImage = page?.image_key ? await readBlobOrNull(storage, page.image_key) : null;
    if (pageImage) return cropPng(pageImage, parseBbox(target.visual.bbox));
  }
  throw new PipelineError('The schematic has no image to compare its detections with (no stored crop or page image)', 'unsupported');
}
