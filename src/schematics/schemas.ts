// Wire shapes of the schematic routes, named as the spec names them (their fields are ours where
// the spec does not show them). The graph itself is SchematicGraphV2 (schema.ts).
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { StringEnum, Uuid } from '../http/schemas.js';
import { LegendSchema } from './schema.js';

export const SchematicQuery = Type.Object({
  vc_id: Type.String({ description: "the public ID of the component's visual component (a standalone component's own ID)" }),
});

export const SchematicExportQuery = Type.Object({
  vc_id: SchematicQuery.properties.vc_id,
  format: StringEnum(['json', 'csv', 'xlsx'] as const, {
    default: 'json',
    description: 'json: the v2 envelope; csv: a zip with one CSV per entity; xlsx: one sheet per entity',
  }),
});

/** Any JSON object: PUT .../schematic detects the format from the body itself. */
export const SchematicImportBody = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: 'a v0 {version: "v0", schematic, pid}, v1 {version: "v1", network, annotations, ...}, bare legacy {schematic, pid} or v2 envelope (docs/schematic-v2.md)',
});

export const PatchReviewedRequest = named('PatchReviewedRequest', Type.Object({ reviewed: Type.Boolean() }));

export const ReplaceLegendRequest = named(
  'ReplaceLegendRequest',
  Type.Object(
    {
      legend: LegendSchema,
    },
    { additionalProperties: false, description: 'the new graph.legend, as a whole' },
  ),
);
export type ReplaceLegend = Static<typeof ReplaceLegendRequest>;

export const Body_import_document_archive = named(
  'Body_import_document_archive',
  Type.Object({ file: Type.String({ format: 'binary', description: 'a zip made by GET /documents/{id}/schematic/archive' }) }),
);

export const ImportArchiveResponse = named(
  'ImportArchiveResponse',
  Type.Object({
    document_id: Uuid(),
    components: Type.Array(
      Type.Object({
        id: Uuid('the public ID of the new visual component'),
        component_id: Uuid(),
        type: Type.Literal('schematic'),
        page_number: Type.Integer(),
        label: Type.String(),
      }),
      { description: 'the created components, in the order of the archive' },
    ),
  }),
);
export type ImportArchiveResult = Static<typeof ImportArchiveResponse>;

export const Body_extract_legend_from_image = named(
  'Body_extract_legend_from_image',
  Type.Object({
    file: Type.String({ format: 'binary', description: 'a PNG, JPEG, WebP or GIF of a symbol-legend table: one symbol and its label per row' }),
  }),
);
