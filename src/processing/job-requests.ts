// The payloads of the processing job kinds and the one builder per kind that every creator uses
// (upload, file replacement, reprocessing, page images, standalone components), so a payload is
// typed where the job is created and checked again by the kind's parser when it runs.
import { Type, type Static } from 'typebox';
import type { DocumentsTable } from '../db/types.js';
import type { ExtractionOptions } from '../extractors/options.js';
import type { NewJob } from '../jobs/create.js';

export const ProcessDocumentPayload = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  reason: Type.Optional(Type.String()),
  /** Only these pages (1-based); all when absent. */
  pages: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  overwrite_edited_descriptions: Type.Boolean({ default: false }),
});
export type ProcessDocumentPayloadT = Static<typeof ProcessDocumentPayload>;

export const RenderPagePayload = Type.Object({
  page_number: Type.Integer({ minimum: 1 }),
  /** The file version whose page is rendered; a replaced file fails the job. */
  version: Type.Integer({ minimum: 1 }),
});
export type RenderPagePayloadT = Static<typeof RenderPagePayload>;

export const ExtractComponentPayload = Type.Object({
  component_id: Type.String({ minLength: 1 }),
  /** The image this job was started for; a newer upload has its own job and wins. */
  image_key: Type.String({ minLength: 1 }),
  /** POST /components include_description: a walk-through in words becomes the component's description. */
  include_description: Type.Optional(Type.Boolean()),
  /** POST /components' baseline_provider and fix_text_with_vlm; the defaults when absent (jobs queued before they existed). */
  options: Type.Optional(
    Type.Object({
      baseline_provider: Type.Union([Type.Null(), Type.Literal('vlm'), Type.Literal('azure_document_intelligence'), Type.Literal('google_cloud_vision')]),
      fix_text_with_vlm: Type.Boolean(),
    }),
  ),
});
export type ExtractComponentPayloadT = Static<typeof ExtractComponentPayload>;

type DocumentRef = Pick<DocumentsTable, 'id' | 'organization_id' | 'name'>;

/** Processes (again) the document's current file version, all pages or the pages given. */
export function processDocumentJob(
  doc: DocumentRef,
  ownerId: string,
  payload: Omit<ProcessDocumentPayloadT, 'overwrite_edited_descriptions'> & { overwrite_edited_descriptions?: boolean },
): NewJob<ProcessDocumentPayloadT> {
  return {
    kind: 'process_document',
    documentId: doc.id,
    organizationId: doc.organization_id,
    ownerId,
    documentName: doc.name,
    payload: { ...payload, overwrite_edited_descriptions: payload.overwrite_edited_descriptions ?? false },
  };
}

/** Renders one page image of the document's current file version on demand. */
export function renderPageJob(doc: DocumentRef & Pick<DocumentsTable, 'version'>, ownerId: string, pageNumber: number): NewJob<RenderPagePayloadT> {
  return {
    kind: 'render_page',
    documentId: doc.id,
    organizationId: doc.organization_id,
    ownerId,
    documentName: doc.name,
    payload: { page_number: pageNumber, version: doc.version },
  };
}

/** Runs the extractor of a standalone component on the image stored at `imageKey`. */
export function extractComponentJob(
  component: { id: string; organization_id: string; owner_id: string },
  image: { key: string; name: string },
  options: ExtractionOptions,
): NewJob<ExtractComponentPayloadT> {
  return {
    kind: 'extract_component',
    documentId: null,
    organizationId: component.organization_id,
    ownerId: component.owner_id,
    documentName: image.name,
    payload: {
      component_id: component.id,
      image_key: image.key,
      options: { baseline_provider: options.baselineProvider, fix_text_with_vlm: options.fixTextWithVlm },
      ...(options.includeDescription ? { include_description: true } : {}),
    },
  };
}

export const ReprocessComponentsPayload = Type.Object({
  /** The file version the regions were drawn on; a replaced file fails the job. */
  version: Type.Integer({ minimum: 1 }),
  /** Public IDs of the visual components to extract again, in the request's order. */
  visual_component_ids: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  /** Who asked: the revisions it writes name them. */
  requested_by: Type.String({ minLength: 1 }),
});
export type ReprocessComponentsPayloadT = Static<typeof ReprocessComponentsPayload>;

/** Extracts the named regions of the document again, from their current bboxes, as one job. */
export function reprocessComponentsJob(
  doc: DocumentRef & Pick<DocumentsTable, 'version'>,
  ownerId: string,
  visualComponentIds: string[],
): NewJob<ReprocessComponentsPayloadT> {
  return {
    kind: 'reprocess_components',
    documentId: doc.id,
    organizationId: doc.organization_id,
    ownerId,
    documentName: doc.name,
    payload: { version: doc.version, visual_component_ids: visualComponentIds, requested_by: ownerId },
  };
}
