// Wire shapes of a component's grounding history (beyond the spec; docs/api-decisions.md).
import { Type } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, pageQuery, StringEnum, Timestamp, Uuid } from '../http/schemas.js';
import { COMPONENT_TYPES } from './model.js';
import { REVISION_SOURCES } from './revisions.js';
import { ComponentGetResponse } from './schemas.js';

const JsonObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description });

export const GroundingRevision = named(
  'GroundingRevision',
  Type.Object({
    id: Uuid(),
    component_id: Uuid(),
    sequence: Type.Integer({ minimum: 1, description: "1 for the component's first kept grounding, then one more per write" }),
    source: StringEnum(REVISION_SOURCES, {
      description: "what wrote it: 'pipeline' (processing), 'edit' (PUT of the component or its region, a schematic write), 'reextract' (a component-reprocessing job), 'restore', 'import' (a schematic archive import)",
    }),
    created_by: Nullable(Uuid('the user who wrote it (or asked for the re-extraction); null for the processing pipeline')),
    job_status_id: Nullable(Uuid('the component-reprocessing job that wrote it')),
    restored_from: Nullable(Uuid('the revision a restore brought back')),
    component_type: StringEnum(COMPONENT_TYPES),
    status: Type.String({ description: "the component's status right after the write (done, degraded, ...)" }),
    error: Nullable(Type.String()),
    grounding: JsonObject("the component record's grounding as written"),
    grounding_data: Nullable(JsonObject("its region's grounding_data as written; null for a component without a region")),
    created_at: Timestamp,
  }),
);

export const GroundingRevisionListResponse = named(
  'GroundingRevisionListResponse',
  Type.Object({
    revisions: Type.Array(GroundingRevision, { description: 'newest first' }),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
);

export const GroundingRevisionRestoreResponse = named(
  'GroundingRevisionRestoreResponse',
  Type.Object({
    component: ComponentGetResponse,
    revision: GroundingRevision,
  }),
);

export const RevisionListQuery = Type.Object(pageQuery);
export const RevisionParams = Type.Object({ component_id: Uuid(), revision_id: Uuid() });
