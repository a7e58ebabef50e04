// The payloads of the two legend job kinds (POST .../schematic/legend/extract-from-image and
// .../legend/apply-remap) and the one builder per kind the request side uses, so a payload is
// typed where the job is created and checked again by the kind's parser when it runs.
import { Type, type Static } from 'typebox';
import type { NewJob } from '../jobs/create.js';

const Target = {
  component_id: Type.String({ minLength: 1 }),
  /** The region's public ID (a standalone component's own ID). */
  vc_id: Type.String({ minLength: 1 }),
  /** Who asked: the revision the job writes names them. */
  requested_by: Type.String({ minLength: 1 }),
};

export const ExtractLegendPayload = Type.Object({
  ...Target,
  /** The uploaded legend image (checked PNG, JPEG, WebP or GIF); deleted when the job ends. */
  image_key: Type.String({ minLength: 1 }),
});
export type ExtractLegendPayloadT = Static<typeof ExtractLegendPayload>;

export const RemapLegendPayload = Type.Object(Target);
export type RemapLegendPayloadT = Static<typeof RemapLegendPayload>;

export interface LegendJobTarget {
  componentId: string;
  vcId: string;
  documentId: string | null;
  organizationId: string;
  /** The job's searchable name: the document's, or the uploaded file's for a standalone component. */
  name: string;
}

export const EXTRACT_LEGEND_KIND = 'extract_schematic_legend';
export const REMAP_LEGEND_KIND = 'remap_schematic_legend';

function job<P extends object>(kind: string, t: LegendJobTarget, ownerId: string, payload: P): NewJob<P> {
  return { kind, documentId: t.documentId, organizationId: t.organizationId, ownerId, documentName: t.name, payload };
}

/** Reads the legend table stored at `imageKey` into the schematic's legend_draft. */
export const extractLegendJob = (t: LegendJobTarget, ownerId: string, imageKey: string): NewJob<ExtractLegendPayloadT> =>
  job(EXTRACT_LEGEND_KIND, t, ownerId, { component_id: t.componentId, vc_id: t.vcId, requested_by: ownerId, image_key: imageKey });

/** Matches the schematic's detections that match no legend entry to one. */
export const remapLegendJob = (t: LegendJobTarget, ownerId: string): NewJob<RemapLegendPayloadT> =>
  job(REMAP_LEGEND_KIND, t, ownerId, { component_id: t.componentId, vc_id: t.vcId, requested_by: ownerId });
