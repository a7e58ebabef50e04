// HTTP for a component's schematic: GET/PUT /components/{id}/schematic, its export, the review
// flag, the legend, the legend draft and the two legend jobs (extract-from-image, apply-remap).
// Every route takes the required vc_id; the rules are in src/schematics/service.ts and
// src/schematics/legend-job-service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { maxUploadBytes, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { validationError } from '../http/errors.js';
import { op } from '../http/openapi.js';
import { receiveUpload, removeQuietly } from '../documents/upload.js';
import { queueLegendExtraction, queueLegendRemap } from '../schematics/legend-job-service.js';
import { entityTables } from '../schematics/entity-tables.js';
import { entityCsvZip, entityXlsx } from '../schematics/export-files.js';
import { SchematicGraphV2Schema } from '../schematics/schema.js';
import * as schemas from '../schematics/schemas.js';
import { clearLegendDraft, commitSchematic, getSchematic, prepareLegend, preparePut, setReviewed, type SchematicChange, type SchematicRef } from '../schematics/service.js';
import { ComponentPostResponse } from './create-schemas.js';
import { ComponentIdParams } from './schemas.js';
import { componentToWire } from './wire.js';

const TAGS = ['schematics'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The request's component and region: the path's component_id and the query's vc_id. */
const refOf = (request: { params: { component_id: string }; query: { vc_id: string } }): SchematicRef => ({
  componentId: request.params.component_id,
  vcId: request.query.vc_id,
});

export function componentSchematicRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const deps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  const limits = { maxPixels: ctx.config.maxPagePixels, maxPages: ctx.config.maxPages };
  return async (app) => {
    const apply = async (request: Parameters<typeof callerOf>[0], ref: SchematicRef, change: SchematicChange, what: string) => {
      const written = await inTransaction(db, (uow) => commitSchematic(uow, callerOf(request), ref, change));
      request.log.info({ component_id: ref.componentId, vc_id: ref.vcId, written }, what);
    };

    app.get(
      '/api/v0/components/:component_id/schematic',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery },
        config: op({
          operationId: 'get_component_schematic',
          summary: "The component's schematic graph as the canonical v2 envelope (an empty canvas before detection)",
          tags: TAGS,
          response: SchematicGraphV2Schema,
        }),
      },
      async (request) => (await getSchematic(db, callerOf(request), refOf(request))).graph,
    );

    app.put(
      '/api/v0/components/:component_id/schematic',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery, body: schemas.SchematicImportBody },
        config: op({
          operationId: 'put_component_schematic',
          summary: 'Replace the schematic graph: a v0, v1, bare legacy or v2 body, detected from the body and stored as v2',
          description: 'The body is checked completely (422 at the path of the first error) before grounding_data.graph is overwritten atomically; the review flag is kept. See docs/schematic-v2.md.',
          tags: TAGS,
          body: { kind: 'json', schema: schemas.SchematicImportBody },
          response: null,
        }),
      },
      async (request, reply) => {
        const ref = refOf(request);
        const change = await preparePut(db, ctx.storage, callerOf(request), ref, request.body);
        await apply(request, ref, change, 'schematic replaced');
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/v0/components/:component_id/schematic/export',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicExportQuery },
        config: op({
          operationId: 'export_component_schematic',
          summary: 'The schematic as json (the v2 envelope), csv (a zip with one CSV per entity) or xlsx (one sheet per entity)',
          tags: TAGS,
          response: SchematicGraphV2Schema,
        }),
      },
      async (request, reply) => {
        const ref = refOf(request);
        const { graph, reviewed } = await getSchematic(db, callerOf(request), ref);
        if (request.query.format === 'json') return graph;
        const tables = entityTables(graph, reviewed);
        const stem = `schematic-${ref.vcId.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 64)}`;
        if (request.query.format === 'csv') {
          return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${stem}.zip"`).send(entityCsvZip(tables));
        }
        return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${stem}.xlsx"`).send(await entityXlsx(tables));
      },
    );

    app.patch(
      '/api/v0/components/:component_id/schematic/reviewed',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery, body: schemas.PatchReviewedRequest },
        config: op({
          operationId: 'patch_component_schematic_reviewed',
          summary: 'Set grounding_data.reviewed at once (not staged)',
          tags: TAGS,
          body: { kind: 'json', schema: schemas.PatchReviewedRequest },
          response: null,
        }),
      },
      async (request, reply) => {
        await apply(request, refOf(request), setReviewed(request.body.reviewed), 'schematic review flag set');
        return reply.code(204).send();
      },
    );

    app.put(
      '/api/v0/components/:component_id/schematic/legend',
      {
        // Checked strictly by the service (an unknown member is a 422, never silently dropped).
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery, body: schemas.SchematicImportBody },
        config: op({
          operationId: 'replace_component_schematic_legend',
          summary: "Replace graph.legend as a whole; the rest of the graph stays. Each source_crop_url: a data URL of at most 32 KB or storage:// under this document's legend_crops/",
          tags: TAGS,
          body: { kind: 'json', schema: schemas.ReplaceLegendRequest },
          response: null,
        }),
      },
      async (request, reply) => {
        const ref = refOf(request);
        const change = await prepareLegend(db, ctx.storage, callerOf(request), ref, request.body);
        await apply(request, ref, change, 'schematic legend replaced');
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/v0/components/:component_id/schematic/legend/apply-remap',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery },
        config: op({
          operationId: 'apply_component_schematic_legend_remap',
          summary: 'A job that matches each detection whose class names no legend entry to one (vision model when configured, else visual similarity to the legend crops) and rewrites its class, subtype and transcription',
          description: '409 when the legend is empty, or when no entry has a crop and no vision model is configured. Poll job_status_id; the graph changes with a grounding revision.',
          tags: TAGS,
          response: ComponentPostResponse,
        }),
      },
      async (request) => {
        const ref = refOf(request);
        const queued = await queueLegendRemap({ db, jobs: ctx.jobs, vision: ctx.engines.chatModel }, callerOf(request), ref);
        request.log.info({ component_id: queued.component.id, vc_id: ref.vcId, job_status_id: queued.jobStatusId }, 'schematic legend remap queued');
        return { component_id: queued.component.id, job_status_id: queued.jobStatusId, component: await componentToWire(deps, queued.component) };
      },
    );

    app.post(
      '/api/v0/components/:component_id/schematic/legend/extract-from-image',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery },
        config: op({
          operationId: 'extract_component_schematic_legend_from_image',
          summary: 'A job that reads a legend table image (PNG, JPEG, WebP or GIF, else 415) into graph.legend_draft, each symbol crop stored under legend_crops/',
          description: 'Poll job_status_id, refetch the schematic, review legend_draft, then DELETE .../legend/draft.',
          tags: TAGS,
          body: { kind: 'multipart', schema: schemas.Body_extract_legend_from_image },
          response: ComponentPostResponse,
        }),
      },
      async (request) => {
        const ref = refOf(request);
        const upload = await receiveUpload(request, { tmpDir: ctx.tmpDir, maxBytes: maxUploadBytes(ctx), fileField: 'file' });
        try {
          if (!upload.file) throw validationError(['body', 'file'], 'Field required', 'missing');
          const queued = await queueLegendExtraction({ db, storage: ctx.storage, jobs: ctx.jobs, limits }, callerOf(request), ref, upload.file);
          request.log.info({ component_id: queued.component.id, vc_id: ref.vcId, job_status_id: queued.jobStatusId }, 'schematic legend extraction queued');
          return { component_id: queued.component.id, job_status_id: queued.jobStatusId, component: await componentToWire(deps, queued.component) };
        } finally {
          await removeQuietly(upload.file?.tmpPath);
        }
      },
    );

    app.delete(
      '/api/v0/components/:component_id/schematic/legend/draft',
      {
        schema: { params: ComponentIdParams, querystring: schemas.SchematicQuery },
        config: op({
          operationId: 'delete_component_schematic_legend_draft',
          summary: 'Clear graph.legend_draft (a no-op when there is none)',
          tags: TAGS,
          response: null,
        }),
      },
      async (request, reply) => {
        await apply(request, refOf(request), clearLegendDraft, 'schematic legend draft cleared');
        return reply.code(204).send();
      },
    );
  };
}
