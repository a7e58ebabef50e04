// The served /openapi.json against the spec's operations.json: for every operation the app
// serves, path, method, parameters (name, location, type, format, required, default, bounds,
// enum), body schema name, response schema name and success status must match exactly.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

interface SpecParam {
  name: string;
  in: 'path' | 'query';
  type: string;
  required: boolean;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  /** A repeatable query parameter (?types=a&types=b): served as an array of `type`. */
  array?: boolean;
}

interface SpecOperation {
  method: string;
  path: string;
  params: SpecParam[];
  body: { kind: string; schema: string } | null;
  response: string | null;
  status: number;
}

interface OaSchema {
  type?: string;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  $ref?: string;
  items?: OaSchema;
}

interface OaOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: OaSchema }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: OaSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: OaSchema }> }>;
}

const SPEC_DIR = path.resolve(import.meta.dirname, '../../../shared/spec');
const SNAPSHOT = path.resolve(import.meta.dirname, '../../docs/openapi.json');
const UPDATE = process.env.PAGELENS_UPDATE_GOLDEN === '1';

/** Operations that must be served by now; grows as issues land. */
const REQUIRED_NOW = [
  'POST /api/v0/documents',
  'GET /api/v0/documents',
  'GET /api/v0/documents/tags',
  'GET /api/v0/documents/formats',
  'GET /api/v0/documents/{document_id}',
  'PUT /api/v0/documents/{document_id}',
  'DELETE /api/v0/documents/{document_id}',
  'GET /api/v0/documents/{document_id}/upload-url',
  'PUT /api/v0/documents/{document_id}/upload-url',
  'PUT /api/v0/documents/{document_id}/file',
  'POST /api/v0/documents/{document_id}/tags',
  'GET /api/v0/documents/{document_id}/tags',
  'DELETE /api/v0/documents/{document_id}/tags',
  'POST /api/v0/documents/{document_id}/retention-policies',
  'GET /api/v0/documents/{document_id}/retention-policies',
  'DELETE /api/v0/documents/{document_id}/retention-policies/{retention_policy_id}',
  // job engine
  'GET /api/v0/job-statuses',
  'GET /api/v0/job-statuses/summary',
  'GET /api/v0/job-statuses/{job_status_id}/page-runs',
  'GET /api/v0/job-statuses/{job_status_id}',
  'POST /api/v0/job-statuses/{job_status_id}/cancel',
  'GET /api/v0/queue-status',
  // processing pipeline
  'POST /api/v0/documents/{document_id}/reprocessing-jobs',
  'POST /api/v0/documents/{document_id}/component-reprocessing-jobs',
  'GET /api/v0/documents/{document_id}/page-descriptions',
  'GET /api/v0/documents/{document_id}/page-descriptions/{page_number}',
  'PUT /api/v0/documents/{document_id}/page-descriptions/{page_number}',
  'GET /api/v0/documents/{document_id}/pages/{page_number}/image',
  'POST /api/v0/documents/{document_id}/pages/{page_number}/template-match',
  'POST /api/v0/documents/{document_id}/pages/{page_number}/ocr-regions',
  'POST /api/v0/documents/{document_id}/pages/{page_number}/detect-text-in-region',
  'GET /api/v0/documents/{document_id}/visual-components',
  'POST /api/v0/documents/{document_id}/visual-components',
  'GET /api/v0/documents/{document_id}/visual-components/{component_id}',
  'PUT /api/v0/documents/{document_id}/visual-components/{component_id}',
  'DELETE /api/v0/documents/{document_id}/visual-components/{component_id}',
  'GET /api/v0/documents/{document_id}/components',
  'GET /api/v0/components/{component_id}',
  'DELETE /api/v0/components/{component_id}',
  'POST /api/v0/components',
  'GET /api/v0/components/{component_id}/upload-url',
  'PUT /api/v0/components/{component_id}/upload-url',
  // questions and answers
  'GET /api/v0/threads/{thread_id}',
  'GET /api/v0/questions/{question_id}',
  'POST /api/v0/documents/{document_id}/pages/{page_number}/responses',
  'POST /api/v0/components/{component_id}/responses',
  'POST /api/v0/documents/{document_id}/visual-components/{component_id}/responses',
  // search, usage and statistics
  'POST /api/v0/documents/search',
  'GET /api/v0/documents/search/{search_id}',
  'POST /api/v0/documents/token-usage',
  'POST /api/v0/documents/stats',
  // schematics (issue 14)
  'GET /api/v0/components/{component_id}/schematic',
  'PUT /api/v0/components/{component_id}/schematic',
  'GET /api/v0/components/{component_id}/schematic/export',
  'PATCH /api/v0/components/{component_id}/schematic/reviewed',
  'PUT /api/v0/components/{component_id}/schematic/legend',
  'POST /api/v0/components/{component_id}/schematic/legend/apply-remap',
  'POST /api/v0/components/{component_id}/schematic/legend/extract-from-image',
  'DELETE /api/v0/components/{component_id}/schematic/legend/draft',
  'GET /api/v0/documents/{document_id}/schematic/coco-export',
  'GET /api/v0/documents/{document_id}/schematic/archive',
  'PUT /api/v0/documents/{document_id}/schematic/archive',
];

const refName = (s: OaSchema | undefined): string | undefined => s?.$ref?.replace('#/components/schemas/', '');

/** The spec writes the response as a schema name, 'array of X', or a description of a file. */
function expectedResponse(spec: SpecOperation): { kind: 'schema' | 'array'; name: string } | null {
  const r = spec.response;
  if (r === null) return null;
  const arr = /^array of ([A-Za-z_]\w*)$/.exec(r);
  if (arr?.[1]) return { kind: 'array', name: arr[1] };
  if (/^[A-Za-z_]\w*$/.test(r)) return { kind: 'schema', name: r };
  return null;
}

export function compareOperation(spec: SpecOperation, op: OaOperation): string[] {
  const problems: string[] = [];
  const params = op.parameters ?? [];
  for (const p of spec.params) {
    const got = params.find((x) => x.name === p.name);
    if (!got) {
      problems.push(`missing parameter ${p.name}`);
      continue;
    }
    if (got.in !== p.in) problems.push(`${p.name}: in ${got.in} != ${p.in}`);
    if ((got.required ?? false) !== p.required) problems.push(`${p.name}: required ${String(got.required)} != ${String(p.required)}`);
    const s = got.schema;
    if ((s.type === 'array') !== (p.array ?? false)) problems.push(`${p.name}: array ${String(s.type === 'array')} != ${String(p.array ?? false)}`);
    const type = s.type === 'array' ? s.items?.type : s.type;
    if (type !== p.type) problems.push(`${p.name}: type ${String(type)} != ${p.type}`);
    if (s.format !== p.format) problems.push(`${p.name}: format ${String(s.format)} != ${String(p.format)}`);
    if (JSON.stringify(s.default) !== JSON.stringify(p.default)) {
      problems.push(`${p.name}: default ${JSON.stringify(s.default)} != ${JSON.stringify(p.default)}`);
    }
    if (s.minimum !== p.minimum) problems.push(`${p.name}: minimum ${String(s.minimum)} != ${String(p.minimum)}`);
    if (s.maximum !== p.maximum) problems.push(`${p.name}: maximum ${String(s.maximum)} != ${String(p.maximum)}`);
    const gotEnum = s.enum ?? s.items?.enum;
    if (JSON.stringify(gotEnum) !== JSON.stringify(p.enum)) {
      problems.push(`${p.name}: enum ${JSON.stringify(gotEnum)} != ${JSON.stringify(p.enum)}`);
    }
  }
  for (const got of params) {
    if (!spec.params.some((p) => p.name === got.name)) problems.push(`extra parameter ${got.name}`);
  }
  if (spec.body) {
    const content = op.requestBody?.content ?? {};
    const wantType = spec.body.kind === 'multipart' ? 'multipart/form-data' : 'application/json';
    const media = content[wantType];
    if (!media) problems.push(`request body is not ${wantType}`);
    else if (/^[A-Za-z_]\w*$/.test(spec.body.schema) && refName(media.schema) !== spec.body.schema) {
      problems.push(`body schema ${String(refName(media.schema))} != ${spec.body.schema}`);
    }
    const wantRequired = spec.body.kind !== 'optional-json';
    if ((op.requestBody?.required ?? false) !== wantRequired) problems.push(`body required != ${String(wantRequired)}`);
  } else if (op.requestBody) {
    problems.push('unexpected request body');
  }
  const success = op.responses[String(spec.status)];
  if (!success) problems.push(`no ${spec.status} response`);
  const want = expectedResponse(spec);
  if (success && want) {
    const schema = success.content?.['application/json']?.schema;
    const got = want.kind === 'array' ? (schema?.type === 'array' ? refName(schema.items) : undefined) : refName(schema);
    if (got !== want.name) problems.push(`response ${String(got)} != ${spec.response}`);
  }
  const hasInput = spec.params.length > 0 || spec.body !== null;
  if (hasInput && !op.responses['422']) problems.push('no 422 response');
  return problems;
}

describe('API contract', () => {
  let t: TestApp;
  let served: { paths: Record<string, Record<string, OaOperation>> };
  const spec = JSON.parse(readFileSync(path.join(SPEC_DIR, 'operations.json'), 'utf8')) as {
    operations: SpecOperation[];
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const res = await t.app.inject({ url: '/openapi.json' });
    served = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('matches operations.json for every served operation', () => {
    const missing: string[] = [];
    const mismatched: string[] = [];
    let matching = 0;
    for (const op of spec.operations) {
      const key = `${op.method} ${op.path}`;
      const got = served.paths[op.path]?.[op.method.toLowerCase()];
      if (!got) {
        missing.push(key);
        continue;
      }
      const problems = compareOperation(op, got);
      if (problems.length === 0) matching++;
      else mismatched.push(`${key}: ${problems.join('; ')}`);
    }
    console.log(`contract: ${matching}/${spec.operations.length} operations match`);
    if (missing.length > 0) console.log(`not built yet (${missing.length}):\n  ${missing.join('\n  ')}`);
    expect(mismatched).toEqual([]);
    expect(REQUIRED_NOW.filter((k) => missing.includes(k))).toEqual([]);
  });

  it('serves the committed docs/openapi.json (regenerate with PAGELENS_UPDATE_GOLDEN=1)', () => {
    const text = `${JSON.stringify(served, null, 2)}\n`;
    if (UPDATE) writeFileSync(SNAPSHOT, text);
    expect(text).toBe(readFileSync(SNAPSHOT, 'utf8'));
  });

  it('is not left in golden-regeneration mode', () => {
    expect(UPDATE, 'PAGELENS_UPDATE_GOLDEN=1 rewrites golden files; unset it').toBe(false);
  });
});
