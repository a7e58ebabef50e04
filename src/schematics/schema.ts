// The JSON Schema of the canonical v2 envelope (graph.ts), as TypeBox: the validator of every
// write (validate.ts), the response schema of GET /components/{id}/schematic and the OpenAPI
// component `SchematicGraphV2`. docs/schematic-v2.md prints it. Sizes are bounded so a body can
// never hold more than the service is willing to store and export.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import type { Box, Point, SchematicGraphV2 } from './graph.js';

export const LIMITS = {
  nodes: 20_000,
  edges: 50_000,
  pointsPerEdge: 10_000,
  subgraphs: 5_000,
  arrows: 50_000,
  legendEntries: 2_000,
  nonFlowClasses: 1_000,
  idLength: 100,
  classLength: 200,
  textLength: 2_000,
  /** A source_crop_url: a data URL may be 32 KB (32,768 characters), a storage URL far less. */
  cropUrlLength: 32 * 1024,
  imageSide: 1_000_000,
  pages: 100_000,
} as const;

const Coordinate = Type.Number({ minimum: -LIMITS.imageSide, maximum: LIMITS.imageSide });

export const BoxSchema = Type.Unsafe<Box>(
  Type.Array(Coordinate, { minItems: 4, maxItems: 4, description: '[x0, y0, x1, y1] in pixels of the image, x0 <= x1 and y0 <= y1' }),
);
export const PointSchema = Type.Unsafe<Point>(Type.Array(Coordinate, { minItems: 2, maxItems: 2, description: '[x, y]' }));

export const ElementId = Type.String({ minLength: 1, maxLength: LIMITS.idLength, description: 'unique among the elements of its list' });
export const ClassName = Type.String({ minLength: 1, maxLength: LIMITS.classLength });
const Text = Type.String({ maxLength: LIMITS.textLength });
const NullableText = Type.Union([Text, Type.Null()]);
const NullableId = Type.Union([ElementId, Type.Null()]);

export const SchematicNodeSchema = Type.Object(
  {
    id: ElementId,
    class: ClassName,
    subtype: Type.Union([ClassName, Type.Null()]),
    bbox: BoxSchema,
    rotation: Type.Number({ minimum: -360, maximum: 360, description: 'clockwise degrees from the legend picture' }),
    transcription: NullableText,
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    legend_id: NullableId,
  },
  { additionalProperties: false },
);

export const SchematicEdgeSchema = Type.Object(
  {
    id: ElementId,
    source: ElementId,
    target: ElementId,
    points: Type.Array(PointSchema, { maxItems: LIMITS.pointsPerEdge, description: 'the polyline from source to target, bends included' }),
    directed: Type.Boolean(),
    class: ClassName,
    label: NullableText,
  },
  { additionalProperties: false },
);

export const SchematicSubgraphSchema = Type.Object(
  {
    id: ElementId,
    label: Text,
    node_ids: Type.Array(ElementId, { maxItems: LIMITS.nodes }),
    bbox: Type.Union([BoxSchema, Type.Null()]),
  },
  { additionalProperties: false },
);

export const SchematicArrowSchema = Type.Object(
  {
    id: ElementId,
    bbox: BoxSchema,
    direction: Type.Number({ minimum: -360, maximum: 360, description: 'clockwise degrees, 0 = right, 90 = down' }),
    edge_id: NullableId,
  },
  { additionalProperties: false },
);

export const CropUrl = Type.String({
  maxLength: LIMITS.cropUrlLength,
  description: "a data:image/... URL of at most 32 KB, or storage://<key> under this document's legend_crops/ prefix",
});

export const LegendEntrySchema = Type.Object(
  {
    id: ElementId,
    class: ClassName,
    subtype: Type.Union([ClassName, Type.Null()]),
    label: Text,
    source_crop_url: Type.Union([CropUrl, Type.Null()]),
    bbox: Type.Union([BoxSchema, Type.Null()]),
  },
  { additionalProperties: false },
);

export const LegendSchema = Type.Array(LegendEntrySchema, { maxItems: LIMITS.legendEntries });

export const ImageSide = Type.Integer({ minimum: 0, maximum: LIMITS.imageSide });
export const PageCount = Type.Integer({ minimum: 1, maximum: LIMITS.pages });
export const NonFlowClasses = Type.Array(ClassName, { maxItems: LIMITS.nonFlowClasses });

export const SchematicGraphV2Schema = named(
  'SchematicGraphV2',
  Type.Object(
    {
      version: Type.Literal('v2'),
      network: Type.Object(
        {
          nodes: Type.Array(SchematicNodeSchema, { maxItems: LIMITS.nodes }),
          edges: Type.Array(SchematicEdgeSchema, { maxItems: LIMITS.edges }),
        },
        { additionalProperties: false },
      ),
      subgraphs: Type.Array(SchematicSubgraphSchema, { maxItems: LIMITS.subgraphs }),
      arrows: Type.Array(SchematicArrowSchema, { maxItems: LIMITS.arrows }),
      legend: LegendSchema,
      legend_draft: Type.Union([LegendSchema, Type.Null()]),
      image_width: ImageSide,
      image_height: ImageSide,
      total_pages: PageCount,
      non_flow_classes: NonFlowClasses,
    },
    {
      additionalProperties: false,
      description: 'The canonical v2 schematic envelope (docs/schematic-v2.md). Coordinates are pixels of the component image, origin top left.',
    },
  ),
);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time proof that the schema and graph.ts describe the same shape. */
export const SCHEMA_MATCHES_GRAPH_TS: Same<Static<typeof SchematicGraphV2Schema>, SchematicGraphV2> = true;
