// Builds /openapi.json from the routes themselves: each route's JSON schemas plus a little
// metadata (operation id, body and response schema names). Named schemas become components.
import type { RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';

export type BodyKind = 'json' | 'optional-json' | 'multipart';

export interface OperationMeta {
  operationId: string;
  summary: string;
  tags: string[];
  /** A named schema, 'zip' / 'xlsx' for files, or null for a bodiless success (204). */
  response: TSchema | 'zip' | 'xlsx' | 'text' | null;
  status?: number;
  body?: { kind: BodyKind; schema: TSchema };
  description?: string;
  /** Routes outside /api/v0 that need no token. */
  public?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OperationMeta;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const registry = new Map<string, string>(); // JSON text of a schema -> its component name
const components = new Map<string, TSchema>();

const keyOf = (schema: unknown): string => JSON.stringify(schema);

/** Gives a schema a component name; the name also becomes its title, as FastAPI does. */
export function named<T extends TSchema>(name: string, schema: T): T {
  if (components.has(name)) throw new Error(`schema name used twice: ${name}`);
  (schema as { title?: string }).title = name;
  components.set(name, schema);
  registry.set(keyOf(schema), name);
  return schema;
}

export function op(meta: OperationMeta): { openapi: OperationMeta } {
  return { openapi: meta };
}

/** Replaces every nested named schema by a $ref (the root itself is kept when keepRoot). */
function withRefs(schema: unknown, keepRoot: boolean): Json {
  if (Array.isArray(schema)) return schema.map((s) => withRefs(s, false));
  if (schema === null || typeof schema !== 'object') return schema as Json;
  if (!keepRoot) {
    const name = registry.get(keyOf(schema));
    if (name !== undefined) return { $ref: `#/components/schemas/${name}` };
  }
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = withRefs(v, false);
  return out;
}

interface ObjectSchema {
  properties?: Record<string, { description?: string; default?: unknown }>;
  required?: string[];
}

interface CollectedRoute {
  method: string;
  url: string;
  schema: { params?: ObjectSchema; querystring?: ObjectSchema };
  meta: OperationMeta;
}

export class OpenApiCollector {
  private readonly routes: CollectedRoute[] = [];

  onRoute = (route: RouteOptions): void => {
    const meta = route.config?.openapi;
    if (!meta) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      this.routes.push({ method, url: route.url, schema: (route.schema ?? {}) as CollectedRoute['schema'], meta });
    }
  };

  document(info: { title: string; version: string }): Record<string, Json> {
    const paths: Record<string, Record<string, Json>> = {};
    const used = new Set<string>();
    const noteRefs = (j: Json): Json => {
      const text = JSON.stringify(j);
      for (const m of text.matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)) if (m[1]) used.add(m[1]);
      return j;
    };
    for (const r of this.routes) {
      const oapiPath = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const parameters: Json[] = [];
      for (const [where, schema] of [
        ['path', r.schema.params],
        ['query', r.schema.querystring],
      ] as const) {
        const props = schema?.properties ?? {};
        const required = new Set(schema?.required ?? []);
        for (const [name, prop] of Object.entries(props)) {
          const p: Record<string, Json> = {
            name,
            in: where,
            // A parameter with a default is optional on the wire, whatever the static type says.
            required: where === 'path' || (required.has(name) && !('default' in prop)),
            schema: noteRefs(withRefs(prop, true)),
          };
          const description = prop.description;
          if (description) p.description = description;
          parameters.push(p);
        }
      }
      const operation: Record<string, Json> = {
        operationId: r.meta.operationId,
        summary: r.meta.summary,
        tags: r.meta.tags,
        parameters,
        responses: {},
      };
      if (r.meta.description) operation.description = r.meta.description;
      if (r.meta.public) operation.security = [];
      if (r.meta.body) {
        const contentType = r.meta.body.kind === 'multipart' ? 'multipart/form-data' : 'application/json';
        operation.requestBody = {
          required: r.meta.body.kind !== 'optional-json',
          content: { [contentType]: { schema: noteRefs(withRefs(r.meta.body.schema, false)) } },
        };
      }
      const status = String(r.meta.status ?? (r.meta.response === null ? 204 : 200));
      const responses: Record<string, Json> = {};
      const res = r.meta.response;
      if (res === null) responses[status] = { description: 'No Content' };
      else if (res === 'zip') responses[status] = { description: 'A zip file', content: { 'application/zip': {} } };
      else if (res === 'xlsx') {
        responses[status] = {
          description: 'A workbook',
          content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {} },
        };
      } else if (res === 'text') responses[status] = { description: 'Text', content: { 'text/plain': {} } };
      else {
        responses[status] = {
          description: 'Successful Response',
          content: { 'application/json': { schema: noteRefs(withRefs(res, false)) } },
        };
      }
      if (parameters.length > 0 || r.meta.body) {
        responses['422'] = {
          description: 'Validation Error',
          content: { 'application/json': { schema: noteRefs({ $ref: '#/components/schemas/HTTPValidationError' }) } },
        };
      }
      operation.responses = responses;
      paths[oapiPath] ??= {};
      const entry = paths[oapiPath];
      if (entry) entry[r.method.toLowerCase()] = operation;
    }
    // Emit every referenced component, following refs inside components too.
    const schemas: Record<string, Json> = {};
    const pending = [...used];
    while (pending.length > 0) {
      const name = pending.pop();
      if (name === undefined || schemas[name] !== undefined) continue;
      const schema = components.get(name);
      if (!schema) continue;
      const body = withRefs(schema, true);
      schemas[name] = body;
      for (const m of JSON.stringify(body).matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)) {
        if (m[1] && schemas[m[1]] === undefined) pending.push(m[1]);
      }
    }
    const sortedSchemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
    const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
    return {
      openapi: '3.1.0',
      info: { title: info.title, version: info.version },
      paths: sortedPaths,
      components: {
        schemas: sortedSchemas,
        securitySchemes: { HTTPBearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ HTTPBearer: [] }],
    };
  }
}
