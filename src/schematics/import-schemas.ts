// JSON Schemas of the import-only wire formats (docs/schematic-v2.md): the v1 envelope (also what
// document archives carry) and the v0 envelope, whose bare legacy form has no `version`. Each is
// normalised to v2 by normalise.ts; these schemas check the shape first so an error names the
// path in the body as the client sent it.
import { Type, type Static } from 'typebox';
import { Nullable } from '../http/schemas.js';
import {
  BoxSchema,
  ClassName,
  CropUrl,
  ElementId,
  ImageSide,
  LIMITS,
  NonFlowClasses,
  PageCount,
  PointSchema,
} from './schema.js';

const Text = Type.String({ maxLength: LIMITS.textLength });
const Opt = Type.Optional;
const OrNull = Nullable;

// ---- v1 ---------------------------------------------------------------------------------------

export const V1Node = Type.Object(
  {
    id: ElementId,
    type: ClassName,
    subtype: Opt(OrNull(ClassName)),
    bbox: BoxSchema,
    angle: Opt(Type.Number({ minimum: -360, maximum: 360 })),
    text: Opt(OrNull(Text)),
    score: Opt(Type.Number({ minimum: 0, maximum: 1 })),
    legend_ref: Opt(OrNull(ElementId)),
  },
  { additionalProperties: false },
);

export const V1Edge = Type.Object(
  {
    id: ElementId,
    from: ElementId,
    to: ElementId,
    path: Opt(Type.Array(PointSchema, { maxItems: LIMITS.pointsPerEdge })),
    arrow: Opt(Type.Boolean()),
    kind: Opt(ClassName),
    label: Opt(OrNull(Text)),
  },
  { additionalProperties: false },
);

export const V1ArrowAnnotation = Type.Object(
  {
    kind: Type.Literal('arrow'),
    id: ElementId,
    bbox: BoxSchema,
    direction: Type.Number({ minimum: -360, maximum: 360 }),
    edge: Opt(OrNull(ElementId)),
  },
  { additionalProperties: false },
);

export const V1GroupAnnotation = Type.Object(
  {
    kind: Type.Literal('group'),
    id: ElementId,
    label: Opt(Text),
    members: Type.Array(ElementId, { maxItems: LIMITS.nodes }),
    bbox: Opt(OrNull(BoxSchema)),
  },
  { additionalProperties: false },
);

/** An annotation before its kind is known: checked again by the schema of its kind. */
export const V1AnyAnnotation = Type.Object(
  { kind: Type.Union([Type.Literal('arrow'), Type.Literal('group')]) },
  { additionalProperties: true },
);

export const V1LegendEntry = Type.Object(
  {
    id: ElementId,
    class: ClassName,
    subtype: Opt(OrNull(ClassName)),
    label: Text,
    source_crop_url: Opt(OrNull(CropUrl)),
    bbox: Opt(OrNull(BoxSchema)),
  },
  { additionalProperties: false },
);
const V1Legend = Type.Array(V1LegendEntry, { maxItems: LIMITS.legendEntries });

export const SchematicGraphV1Schema = Type.Object(
  {
    version: Type.Literal('v1'),
    network: Type.Object(
      {
        nodes: Type.Array(V1Node, { maxItems: LIMITS.nodes }),
        edges: Type.Array(V1Edge, { maxItems: LIMITS.edges }),
      },
      { additionalProperties: false },
    ),
    annotations: Type.Array(V1AnyAnnotation, { maxItems: LIMITS.arrows + LIMITS.subgraphs }),
    image: Type.Object({ width: ImageSide, height: ImageSide }, { additionalProperties: false }),
    legend: Opt(V1Legend),
    legend_draft: Opt(OrNull(V1Legend)),
    total_pages: Opt(PageCount),
    non_flow_classes: Opt(NonFlowClasses),
  },
  { additionalProperties: false },
);

export type V1NodeT = Static<typeof V1Node>;
export type V1EdgeT = Static<typeof V1Edge>;
export type V1ArrowT = Static<typeof V1ArrowAnnotation>;
export type V1GroupT = Static<typeof V1GroupAnnotation>;
export type V1LegendEntryT = Static<typeof V1LegendEntry>;

/** A v1 envelope with its annotations checked by kind. */
export interface SchematicGraphV1 extends Omit<Static<typeof SchematicGraphV1Schema>, 'annotations'> {
  annotations: Array<V1ArrowT | V1GroupT>;
}

// ---- v0 and bare legacy -----------------------------------------------------------------------

/** v0 symbol ids may be numbers; they become strings ("7"). */
const V0Id = Type.Union([ElementId, Type.Integer({ minimum: 0 })]);

export const V0Symbol = Type.Object(
  {
    id: V0Id,
    class: ClassName,
    bbox: BoxSchema,
    tag: Opt(OrNull(Text)),
    rotation: Opt(Type.Number({ minimum: -360, maximum: 360 })),
    confidence: Opt(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

export const V0Line = Type.Object(
  {
    from: V0Id,
    to: V0Id,
    points: Opt(Type.Array(PointSchema, { maxItems: LIMITS.pointsPerEdge })),
    arrow: Opt(Type.Boolean()),
    type: Opt(ClassName),
  },
  { additionalProperties: false },
);

export const V0LegendEntry = Type.Object(
  {
    class: ClassName,
    label: Text,
    crop: Opt(OrNull(CropUrl)),
  },
  { additionalProperties: false },
);

const V0Members = {
  schematic: Type.Object(
    {
      symbols: Type.Array(V0Symbol, { maxItems: LIMITS.nodes }),
      lines: Type.Array(V0Line, { maxItems: LIMITS.edges }),
    },
    { additionalProperties: false },
  ),
  pid: Type.Object(
    {
      width: ImageSide,
      height: ImageSide,
      legend: Opt(Type.Array(V0LegendEntry, { maxItems: LIMITS.legendEntries })),
    },
    { additionalProperties: false },
  ),
};

export const SchematicGraphV0Schema = Type.Object({ version: Type.Literal('v0'), ...V0Members }, { additionalProperties: false });
export const SchematicLegacySchema = Type.Object(V0Members, { additionalProperties: false });

export type SchematicGraphV0 = Static<typeof SchematicLegacySchema>;
