// The pages of a document come from a "source": the PDF or image as uploaded, or a PDF converted
// from it (Office through LibreOffice, text/Markdown/HTML typeset by us). prepare builds the
// source once per file version and stores it; page steps on any worker load it from storage.
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StepPorts } from '../context.js';
import type { DocumentsTable } from '../db/types.js';
import { formatOf } from '../documents/formats.js';
import { derivedPrefix } from '../documents/keys.js';
import { imagePages } from '../pipeline/images.js';
import { convertOfficeToPdf } from '../pipeline/office.js';
import { openPdf, type PdfDoc } from '../pipeline/pdf/document.js';
import { textToPdf } from '../pipeline/text-pdf.js';
import { PipelineError } from '../pipeline/types.js';
import { newId } from '../util.js';

export type SourceKind = 'pdf' | 'image';

export interface SourceRef {
  kind: SourceKind;
  key: string;
}

export const derivedSourceKey = (doc: DocumentsTable): string => `${derivedPrefix(doc.id, doc.version)}source.pdf`;

/** Where the pages of this document version come from (the converted PDF may not exist yet). */
export function sourceRef(doc: DocumentsTable): SourceRef {
  const format = formatOf(doc.file_type);
  // No file: `pagelens fsck --repair` found its blob gone and kept the rest of the document.
  if (!doc.file_path) throw new PipelineError('The document has no file (it was lost from storage); upload it again to reprocess', 'unsupported');
  if (!format) throw new PipelineError(`Unsupported document type ${doc.file_type}`, 'unsupported');
  if (format.kind === 'pdf') return { kind: 'pdf', key: doc.file_path };
  if (format.kind === 'image') return { kind: 'image', key: doc.file_path };
  return { kind: 'pdf', key: derivedSourceKey(doc) };
}

export const imageLimits = (app: StepPorts) => ({ maxPixels: app.config.maxPagePixels, maxPages: app.config.maxPages });

async function readBlob(app: StepPorts, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Converts Office and text documents to a stored PDF; returns the page count of the source. */
export async function prepareSource(app: StepPorts, doc: DocumentsTable): Promise<number> {
  const format = formatOf(doc.file_type);
  const ref = sourceRef(doc);
  if (!format || !doc.file_path) throw new PipelineError(`Unsupported document type ${doc.file_type}`, 'unsupported');
  let pdfBytes: Uint8Array | null = null;
  if (format.kind === 'office') {
    if (!app.config.libreofficePath) {
      throw new PipelineError('Office documents need LibreOffice, which is not installed on this server', 'unsupported');
    }
    const workDir = path.join(app.tmpDir, `convert-${newId()}`);
    await mkdir(workDir, { recursive: true });
    try {
      const input = path.join(workDir, `original.${format.extensions[0] ?? format.file_type}`);
      await app.storage.download(doc.file_path, input);
      const output = await convertOfficeToPdf(input, {
        soffice: app.config.libreofficePath,
        timeoutMs: app.config.convertTimeoutSeconds * 1000,
        memoryMb: app.config.convertMemoryMb,
        workDir,
        extension: format.extensions[0] ?? format.file_type,
      });
      pdfBytes = await readFile(output);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  } else if (format.kind === 'text') {
    const text = (await readBlob(app, doc.file_path)).toString('utf8');
    const kind = format.file_type === 'html' ? 'html' : format.file_type === 'markdown' ? 'markdown' : 'text';
    pdfBytes = await textToPdf(text, kind, { maxPages: app.config.maxPages });
  }
  let pages: number;
  if (ref.kind === 'image') {
    pages = await imagePages(await readBlob(app, ref.key), imageLimits(app));
  } else {
    const bytes = pdfBytes ?? (await readBlob(app, ref.key));
    const pdf = await openPdf(bytes);
    pages = pdf.pageCount;
    pdf.close();
  }
  if (pages > app.config.maxPages) {
    throw new PipelineError(`The document has ${pages} pages; this server accepts at most ${app.config.maxPages}`, 'too_many_pages');
  }
  if (pdfBytes) await app.storage.putBuffer(ref.key, Buffer.from(pdfBytes), 'application/pdf');
  return pages;
}

export interface LoadedSource {
  kind: SourceKind;
  bytes: Buffer;
  pdf: PdfDoc | null;
}

// Pages of one document usually follow each other on a worker: keep the last sources open. A
// worker runs pages of several documents at once, so a source leaves the cache while pages may
// still be reading it: it is closed only when its last reader lets it go.
interface CachedSource {
  source: Promise<LoadedSource>;
  readers: number;
  evicted: boolean;
}
const cache = new Map<string, CachedSource>();
const CACHE_SIZE = 2;

export interface SourceLease {
  source: LoadedSource;
  /** Lets the source go; it is closed once it has left the cache and no reader holds it. */
  release(): void;
}

function closeIfUnused(entry: CachedSource): void {
  if (entry.evicted && entry.readers === 0) void entry.source.then((s) => s.pdf?.close()).catch(() => undefined);
}

/** The document's source, held open until `release` (call it exactly once, in a finally). */
export async function acquireSource(app: StepPorts, doc: DocumentsTable): Promise<SourceLease> {
  const ref = sourceRef(doc);
  const id = ref.key;
  let entry = cache.get(id);
  if (!entry) {
    const source = (async () => {
      const bytes = await readBlob(app, ref.key);
      return { kind: ref.kind, bytes, pdf: ref.kind === 'pdf' ? await openPdf(bytes) : null };
    })();
    const created: CachedSource = { source, readers: 0, evicted: false };
    entry = created;
    cache.set(id, created);
    source.catch(() => {
      if (cache.get(id) === created) cache.delete(id);
    });
    while (cache.size > CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      const evicted = cache.get(oldest);
      cache.delete(oldest);
      if (evicted) {
        evicted.evicted = true;
        closeIfUnused(evicted);
      }
    }
  } else {
    cache.delete(id);
    cache.set(id, entry); // most recently used last
  }
  const held = entry;
  held.readers++;
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    held.readers--;
    closeIfUnused(held);
  };
  try {
    return { source: await held.source, release };
  } catch (err) {
    release();
    throw err;
  }
}

/** Runs `fn` with the document's source held open. */
export async function withSource<T>(app: StepPorts, doc: DocumentsTable, fn: (source: LoadedSource) => Promise<T>): Promise<T> {
  const lease = await acquireSource(app, doc);
  try {
    return await fn(lease.source);
  } finally {
    lease.release();
  }
}
