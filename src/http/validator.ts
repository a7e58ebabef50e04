// Two Ajv instances: query strings, paths and headers arrive as text and are coerced to their
// declared types; JSON bodies are not coerced, so {"name": 5} is a 422 as it is in FastAPI.
import { Ajv, type Options } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

const base: Options = { removeAdditional: true, useDefaults: true, allErrors: true, strict: false };

function make(options: Options): Ajv {
  const ajv = new Ajv({ ...base, ...options });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-internal' });
  return ajv;
}

const coercing = make({ coerceTypes: 'array' });
const strictTypes = make({ coerceTypes: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictTypes : coercing;
  return ajv.compile(schema as object);
};
