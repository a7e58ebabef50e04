// Wire shapes of components and visual components, named as the spec names them.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, StringEnum, Timestamp, Uuid } from '../http/schemas.js';
import { COMPONENT_TYPES, ORIGINS } from './model.js';

/** A JSON object of any shape (grounding data, metadata). */
const JsonObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description });

const ComponentTypeEnum = StringEnum(COMPONENT_TYPES);

const BboxSchema = Type.Array(Type.Number(), {
  minItems: 4,
  maxItems: 4,
  description: '[x0, y0, x1, y1] in pixels of the rendered page image (GET /pages/{n}/image), x0 < x1, y0 < y1',
});

export const DocumentVisualComponentGetResponse = named(
  'DocumentVisualComponentGetResponse',
  Type.Object({
    id: Uuid('the public ID of the visual component'),
    document_id: Uuid(),
    component_id: Uuid('the component record holding the extraction (GET /components/{component_id})'),
    page_number: Type.Integer(),
    type: ComponentTypeEnum,
    label: Type.String(),
    bbox: BboxSchema,
    confidence: Type.Integer({ minimum: 0, maximum: 100 }),
    origin: StringEnum(ORIGINS, { description: "'pipeline' (found by processing) or 'manual' (drawn by a person)" }),
    status: Type.String({ description: "the component's extraction status: pending, processing, done, degraded or error" }),
    grounding_data: JsonObject('the editable extraction result'),
    metadata: Type.Optional(JsonObject('detector details; omitted when include_metadata=false')),
    image_url: Nullable(Type.String({ description: 'signed, expiring URL of the cropped region image' })),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type VisualComponentWire = Static<typeof DocumentVisualComponentGetResponse>;

export const VisualComponentCreateRequest = named(
  'VisualComponentCreateRequest',
  Type.Object({
    page_number: Type.Integer({ minimum: 1 }),
    bbox: BboxSchema,
    component_type: ComponentTypeEnum,
    label: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
);
export type VisualComponentCreate = Static<typeof VisualComponentCreateRequest>;

export const VisualComponentUpdateRequest = named(
  'VisualComponentUpdateRequest',
  Type.Object({
    bbox: Type.Optional(BboxSchema),
    component_type: Type.Optional(ComponentTypeEnum),
    label: Type.Optional(Type.String({ maxLength: 1000 })),
    grounding_data: Type.Optional(JsonObject('replaces the stored grounding data as a whole')),
  }),
);
export type VisualComponentUpdate = Static<typeof VisualComponentUpdateRequest>;

export const VisualComponentDeleteResponse = Type.Object({
  id: Uuid(),
  component_id: Uuid(),
  deleted: Type.Boolean(),
});

export const ListVisualComponentsQuery = Type.Object({
  page_number: Type.Optional(Type.Integer()),
  include_metadata: Type.Boolean({ default: true }),
  types: Type.Optional(
    Type.Array(Type.String(), {
      description: 'repeat for several types (?types=chart&types=table; comma-separated also works); omit for all',
    }),
  ),
});
export type ListVisualComponentsFilters = Static<typeof ListVisualComponentsQuery>;

export const VisualComponentParams = Type.Object({ document_id: Uuid(), component_id: Uuid() });
/** PUT declares component_id as a plain string (spec); an ID that is no UUID matches nothing. */
export const VisualComponentPutParams = Type.Object({ document_id: Uuid(), component_id: Type.String() });

export const ComponentGetResponse = named(
  'ComponentGetResponse',
  Type.Object({
    id: Uuid(),
    component_type: ComponentTypeEnum,
    status: Type.String({ description: 'pending, processing, done, degraded or error' }),
    document_id: Nullable(Uuid()),
    image_url: Nullable(Type.String({ description: 'signed, expiring URL of the source image' })),
    grounding: JsonObject('the extraction output (Mermaid and graph, data table, HTML, ...)'),
    description: Nullable(Type.String()),
    error: Nullable(Type.String()),
    tokens_in: Type.Integer(),
    tokens_out: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type ComponentWire = Static<typeof ComponentGetResponse>;

export const GroundingUpdateRequest = named(
  'GroundingUpdateRequest',
  Type.Object({
    html_table: Type.Optional(
      Type.String({
        maxLength: 2_000_000,
        description: 'a corrected table (tables, and the data table of charts): one <table> with thead/tbody, tr, th/td, rowspan/colspan, <br>',
      }),
    ),
    intermediate_json: Type.Optional(JsonObject('a corrected graph (flowcharts, diagrams, mind maps): nodes [{id, shape, text, bbox}], edges [{source, target, label}]; the Mermaid code is regenerated')),
  }),
);
export type GroundingUpdate = Static<typeof GroundingUpdateRequest>;

export const ComponentUpdateResponse = named('ComponentUpdateResponse', Type.Object(ComponentGetResponse.properties));

export const ComponentDeleteResponse = named(
  'ComponentDeleteResponse',
  Type.Object({
    id: Uuid(),
    deleted: Type.Boolean(),
    visual_component_ids: Type.Array(Uuid(), { description: 'visual components removed with it' }),
  }),
);

export const ComponentIdParams = Type.Object({ component_id: Type.String() });
export const ComponentUuidParams = Type.Object({ component_id: Uuid() });
