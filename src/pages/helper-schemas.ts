// Wire shapes of the page image and the page helpers (template match, OCR of regions, text
// detection in a polygon), named as the spec names them. Coordinates are pixels of the rendered
// page image (GET .../pages/{n}/image), origin top-left: boxes are [x0, y0, x1, y1].
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, StringEnum, Uuid } from '../http/schemas.js';
import { ROTATIONS } from '../pipeline/page-helpers/template-match.js';

export const Bbox = (description = '[x0, y0, x1, y1] in page-image pixels, x0 < x1, y0 < y1, inside the page') =>
  Type.Array(Type.Number(), { minItems: 4, maxItems: 4, description });

export const PageImageResponse = named(
  'PageImageResponse',
  Type.Object({
    document_id: Uuid(),
    page_number: Type.Integer(),
    status: StringEnum(['rendered', 'rendering'] as const, { description: "'rendered': image_url is set; 'rendering': poll job_status_id" }),
    image_url: Nullable(Type.String({ description: 'signed URL of the PNG, valid for PAGELENS_SIGNED_URL_TTL_S seconds' })),
    width: Nullable(Type.Integer()),
    height: Nullable(Type.Integer()),
    dpi: Nullable(Type.Integer()),
    job_status_id: Nullable(Uuid('the job rendering the page (GET /job-statuses/{id}); null once rendered')),
  }),
);
export type PageImageWire = Static<typeof PageImageResponse>;

export const MAX_SCALES = 5;
export const MAX_VARIANTS = 8;

export const TemplateMatchRequest = named(
  'TemplateMatchRequest',
  Type.Object({
    template: Bbox('the template rectangle [x0, y0, x1, y1], inside the page, at least 1 px each way, not blank'),
    threshold: Type.Number({ minimum: -1, maximum: 1, default: 0.8, description: 'minimum TM_CCOEFF_NORMED score of a match' }),
    max_results: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
    search_region: Type.Optional(Nullable(Bbox('where to look; default the whole page'))),
    scales: Type.Array(Type.Number({ minimum: 0.25, maximum: 4 }), {
      minItems: 1,
      maxItems: MAX_SCALES,
      default: [1],
      description: 'template sizes relative to the rectangle',
    }),
    rotations: Type.Array(Type.Unsafe<(typeof ROTATIONS)[number]>({ type: 'integer', enum: [...ROTATIONS] }), {
      minItems: 1,
      maxItems: 4,
      default: [0],
      description: `clockwise quarter turns of the template in degrees; scales x rotations at most ${MAX_VARIANTS}`,
    }),
    nms_iou: Type.Number({ minimum: 0, maximum: 1, default: 0.3, description: 'matches overlapping more than this (IoU) are merged, the best kept' }),
  }),
);
export type TemplateMatchRequestT = Static<typeof TemplateMatchRequest>;

export const TemplateMatchResponse = named(
  'TemplateMatchResponse',
  Type.Object({
    document_id: Uuid(),
    page_number: Type.Integer(),
    template: Bbox(),
    threshold: Type.Number(),
    matches: Type.Array(
      Type.Object({
        bbox: Bbox(),
        score: Type.Number({ description: 'TM_CCOEFF_NORMED, 1 = identical' }),
        scale: Type.Number(),
        rotation: Type.Integer(),
        is_template: Type.Boolean({ description: "true for the template's own location" }),
      }),
      { description: 'best first' },
    ),
    truncated: Type.Boolean({ description: 'more matches passed the threshold than max_results' }),
  }),
);
export type TemplateMatchWire = Static<typeof TemplateMatchResponse>;

const Word = Type.Object({ text: Type.String(), bbox: Bbox(), confidence: Type.Number({ minimum: 0, maximum: 1 }) });

export const MAX_OCR_REGIONS = 50;

export const OcrRegionsRequest = named(
  'OcrRegionsRequest',
  Type.Object({ regions: Type.Array(Bbox(), { minItems: 1, maxItems: MAX_OCR_REGIONS }) }),
);
export type OcrRegionsRequestT = Static<typeof OcrRegionsRequest>;

export const OcrRegionsResponse = named(
  'OcrRegionsResponse',
  Type.Object({
    document_id: Uuid(),
    page_number: Type.Integer(),
    regions: Type.Array(
      Type.Object({
        bbox: Bbox(),
        text: Type.String({ description: "the region's words in reading order, joined with single spaces" }),
        words: Type.Array(Word),
      }),
      { description: 'one per requested region, in the order given' },
    ),
  }),
);
export type OcrRegionsWire = Static<typeof OcrRegionsResponse>;

export const MAX_POLYGON_POINTS = 500;

export const DetectTextInRegionRequest = named(
  'DetectTextInRegionRequest',
  Type.Object({
    polygon: Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }), {
      minItems: 3,
      maxItems: MAX_POLYGON_POINTS,
      description: '[[x, y], ...] in page-image pixels: a simple polygon (not self-intersecting) inside the page',
    }),
    padding: Type.Integer({ minimum: 0, maximum: 200, default: 16, description: 'page pixels kept around the polygon for the detector' }),
  }),
);
export type DetectTextInRegionRequestT = Static<typeof DetectTextInRegionRequest>;

export const DetectTextInRegionResponse = named(
  'DetectTextInRegionResponse',
  Type.Object({
    document_id: Uuid(),
    page_number: Type.Integer(),
    bboxes: Type.Array(Bbox(), { description: 'text boxes whose centre is inside the polygon, top-to-bottom then left-to-right' }),
  }),
);
export type DetectTextInRegionWire = Static<typeof DetectTextInRegionResponse>;
