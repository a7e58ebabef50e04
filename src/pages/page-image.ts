// Rules for a page's image: which page numbers exist, the signed URL of a rendered page, and
// the render job started for a page that has no image (one per page while it runs).
import type { Caller } from '../auth/caller.js';
import type { AppContext } from '../context.js';
import type { UnitOfWork } from '../db/tx.js';
import type { Db, DocumentsTable, PagesTable } from '../db/types.js';
import { getReadableDocument } from '../documents/access.js';
import { createJob } from '../jobs/create.js';
import { openJobsOfDocument } from '../jobs/repository.js';
import { renderPageJob } from '../processing/job-requests.js';
import { notFound } from '../http/errors.js';
import type { PageImageWire } from './helper-schemas.js';

export interface PageRef {
  doc: DocumentsTable;
  page: PagesTable | undefined;
}

/**
 * The readable document and its page row. A page exists when 1 <= n <= page_count; page_count is
 * 0 until processing has opened the file and counted its pages, so until then every page is a 404.
 */
export async function findPage(db: Db, caller: Caller, documentId: string, pageNumber: number): Promise<PageRef> {
  const doc = await getReadableDocument(db, caller, documentId);
  if (doc.page_count === 0) throw notFound(`Page ${pageNumber} not found: the document's pages are not known until its processing has counted them`);
  if (pageNumber < 1 || pageNumber > doc.page_count) throw notFound(`Page ${pageNumber} not found: the document has ${doc.page_count} page(s)`);
  const page = await db
    .selectFrom('pages')
    .selectAll()
    .where('document_id', '=', doc.id)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  return { doc, page };
}


/**
 * A queued or running job that will produce this page's image: a render_page job for it, or the
 * document's processing job when that covers the page. Reusing it means a second call while the
 * page renders gets the same job.
 */
async function activeRenderJob(db: Db, doc: DocumentsTable, pageNumber: number): Promise<string | undefined> {
  const jobs = await openJobsOfDocument(db, doc.id, ['render_page', 'process_document']);
  for (const job of jobs) {
    const p = JSON.parse(job.payload) as { page_number?: number; pages?: number[]; version?: number };
    if (p.version !== doc.version) continue;
    if (job.kind === 'render_page' && p.page_number === pageNumber) return job.id;
    if (job.kind === 'process_document' && (!p.pages || p.pages.includes(pageNumber))) return job.id;
  }
  return undefined;
}

export async function pageImage(ctx: AppContext, uow: UnitOfWork, caller: Caller, documentId: string, pageNumber: number): Promise<PageImageWire> {
  const { trx } = uow;
  const { doc, page } = await findPage(trx, caller, documentId, pageNumber);
  const base = { document_id: doc.id, page_number: pageNumber };
  if (page?.image_key) {
    const url = await ctx.storage.signedUrl(page.image_key, { method: 'GET', expiresInSeconds: ctx.config.signedUrlTtlSeconds });
    return { ...base, status: 'rendered', image_url: url, width: page.width, height: page.height, dpi: page.dpi, job_status_id: null };
  }
  // A no-op write takes the document row's lock: concurrent calls for one document queue up
  // here, so the second one sees the first one's job instead of starting another.
  await trx.updateTable('documents').set((eb) => ({ page_count: eb.ref('page_count') })).where('id', '=', doc.id).execute();
  const jobId =
    (await activeRenderJob(trx, doc, pageNumber)) ??
    (await createJob(uow, ctx.jobs, renderPageJob(doc, caller.userId, pageNumber)));
  return { ...base, status: 'rendering', image_url: null, width: null, height: null, dpi: null, job_status_id: jobId };
}
