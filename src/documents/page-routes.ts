// HTTP for /api/v0/documents/{document_id}/pages/{page_number}/{image,template-match,ocr-regions,
// detect-text-in-region}: the page image (rendered on demand) and the ephemeral page helpers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import {
  DetectTextInRegionRequest,
  DetectTextInRegionResponse,
  OcrRegionsRequest,
  OcrRegionsResponse,
  PageImageResponse,
  TemplateMatchRequest,
  TemplateMatchResponse,
} from '../pages/helper-schemas.js';
import { detectTextInRegion, ocrRegions, templateMatch } from '../pages/helpers.js';
import { pageImage } from '../pages/page-image.js';
import { PageParams } from '../pages/schemas.js';

const TAGS = ['pages'];
const PAGE = '/api/v0/documents/:document_id/pages/:page_number';

export function pageHelperRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.get(
      `${PAGE}/image`,
      {
        schema: { params: PageParams },
        config: op({
          operationId: 'get_page_image',
          summary: "The page image's URL; starts rendering it (a job to poll) when the page has no image",
          tags: TAGS,
          response: PageImageResponse,
        }),
      },
      async (request) => {
        const { document_id: id, page_number: n } = request.params;
        return inTransaction(db, (uow) => pageImage(ctx, uow, callerOf(request), id, n));
      },
    );

    app.post(
      `${PAGE}/template-match`,
      {
        schema: { params: PageParams, body: TemplateMatchRequest },
        config: op({
          operationId: 'template_match',
          summary: 'Regions of the page like the template rectangle (TM_CCOEFF_NORMED + non-maximum suppression); not stored',
          tags: TAGS,
          response: TemplateMatchResponse,
          body: { kind: 'json', schema: TemplateMatchRequest },
        }),
      },
      async (request) => templateMatch(ctx, callerOf(request), request.params.document_id, request.params.page_number, request.body),
    );

    app.post(
      `${PAGE}/ocr-regions`,
      {
        schema: { params: PageParams, body: OcrRegionsRequest },
        config: op({
          operationId: 'ocr_regions',
          summary: 'Text and word boxes of each region (detection per region, one recognition batch); not stored',
          tags: TAGS,
          response: OcrRegionsResponse,
          body: { kind: 'json', schema: OcrRegionsRequest },
        }),
      },
      async (request) => ocrRegions(ctx, callerOf(request), request.params.document_id, request.params.page_number, request.body),
    );

    app.post(
      `${PAGE}/detect-text-in-region`,
      {
        schema: { params: PageParams, body: DetectTextInRegionRequest },
        config: op({
          operationId: 'detect_text_in_region',
          summary: 'Text boxes whose centre lies inside the polygon (detection only); not stored',
          tags: TAGS,
          response: DetectTextInRegionResponse,
          body: { kind: 'json', schema: DetectTextInRegionRequest },
        }),
      },
      async (request) => detectTextInRegion(ctx, callerOf(request), request.params.document_id, request.params.page_number, request.body),
    );
  };
}
