// Responses are checked against the schema each route declares in `op({ response })`: the schema
// is attached as Fastify's response schema (so replies are serialised by it), and with
// `checkResponses` (tests) every JSON reply is validated against it before it is sent, so a
// handler that drifts from its declared shape fails loudly instead of being trimmed silently.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { HttpError } from './errors.js';

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

/** The JSON schema of a route's success reply, when it declares one (files and 204s have none). */
export function responseSchemaOf(route: Pick<RouteOptions, 'config'>): { status: number; schema: TSchema } | undefined {
  const meta = route.config?.openapi;
  if (!meta || meta.response === null || typeof meta.response === 'string') return undefined;
  return { status: meta.status ?? 200, schema: meta.response };
}

/** onRoute: gives the route its declared success schema as Fastify's response schema. */
export function attachResponseSchema(route: RouteOptions): void {
  const declared = responseSchemaOf(route);
  if (!declared) return;
  const schema = (route.schema ??= {});
  const response = (schema.response ??= {}) as Record<string, unknown>;
  response[String(declared.status)] ??= declared.schema;
}

/** Validates each JSON reply of a route with a declared schema; a mismatch is a 500 naming it. */
export function checkResponses(app: FastifyInstance): void {
  // Strict: no coercion, no defaults, no removal, so what is validated is what the handler returned.
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, removeAdditional: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-internal' });
  const compiled = new WeakMap<object, ValidateFunction>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const declared = responseSchemaOf(request.routeOptions);
    if (!declared || reply.statusCode !== declared.status) return payload;
    let validate = compiled.get(declared.schema);
    if (!validate) {
      validate = ajv.compile(declared.schema);
      compiled.set(declared.schema, validate);
    }
    if (validate(payload)) return payload;
    const where = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new HttpError(500, `The response of ${request.method} ${request.routeOptions.url ?? ''} does not match its schema: ${where.join('; ')}`);
  });
}
