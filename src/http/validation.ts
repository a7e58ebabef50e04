// Maps Ajv errors from Fastify's schema validation to FastAPI's HTTPValidationError items.
import type { ValidationIssue } from './errors.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const CONTEXT_TO_LOC: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function pathSegments(instancePath: string): Array<string | number> {
  return instancePath
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function describe(err: AjvError): { msg: string; type: string } {
  const p = err.params;
  switch (err.keyword) {
    case 'required':
      return { msg: 'Field required', type: 'missing' };
    case 'type':
      if (p.type === 'integer') return { msg: 'Input should be a valid integer', type: 'int_parsing' };
      if (p.type === 'number') return { msg: 'Input should be a valid number', type: 'float_parsing' };
      if (p.type === 'boolean') return { msg: 'Input should be a valid boolean', type: 'bool_parsing' };
      if (p.type === 'string') return { msg: 'Input should be a valid string', type: 'string_type' };
      if (p.type === 'array') return { msg: 'Input should be a valid list', type: 'list_type' };
      if (p.type === 'object') return { msg: 'Input should be a valid object', type: 'model_type' };
      return { msg: `Input should be of type ${String(p.type)}`, type: 'type_error' };
    case 'minimum':
      return { msg: `Input should be greater than or equal to ${String(p.limit)}`, type: 'greater_than_equal' };
    case 'maximum':
      return { msg: `Input should be less than or equal to ${String(p.limit)}`, type: 'less_than_equal' };
    case 'exclusiveMinimum':
      return { msg: `Input should be greater than ${String(p.limit)}`, type: 'greater_than' };
    case 'exclusiveMaximum':
      return { msg: `Input should be less than ${String(p.limit)}`, type: 'less_than' };
    case 'minLength':
      return { msg: `String should have at least ${String(p.limit)} characters`, type: 'string_too_short' };
    case 'maxLength':
      return { msg: `String should have at most ${String(p.limit)} characters`, type: 'string_too_long' };
    case 'minItems':
      return { msg: `List should have at least ${String(p.limit)} items`, type: 'too_short' };
    case 'maxItems':
      return { msg: `List should have at most ${String(p.limit)} items`, type: 'too_long' };
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues.map((v) => `'${String(v)}'`).join(', ') : '';
      return { msg: `Input should be ${allowed}`, type: 'enum' };
    }
    case 'const':
      return { msg: `Input should be ${JSON.stringify(p.allowedValue)}`, type: 'literal_error' };
    case 'format':
      if (p.format === 'uuid') return { msg: 'Input should be a valid UUID', type: 'uuid_parsing' };
      if (p.format === 'date-time') return { msg: 'Input should be a valid datetime', type: 'datetime_parsing' };
      return { msg: `Input should match format ${String(p.format)}`, type: 'value_error' };
    case 'pattern':
      return { msg: `String should match pattern '${String(p.pattern)}'`, type: 'string_pattern_mismatch' };
    case 'additionalProperties':
      return { msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
    default:
      return { msg: err.message ?? 'Invalid value', type: 'value_error' };
  }
}

export function toValidationIssues(errors: readonly AjvError[], context: string): ValidationIssue[] {
  const root = CONTEXT_TO_LOC[context] ?? context;
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const err of errors) {
    const loc: Array<string | number> = [root, ...pathSegments(err.instancePath)];
    if (err.keyword === 'required' && typeof err.params.missingProperty === 'string') {
      loc.push(err.params.missingProperty);
    }
    if (err.keyword === 'additionalProperties' && typeof err.params.additionalProperty === 'string') {
      loc.push(err.params.additionalProperty);
    }
    // anyOf/oneOf wrappers repeat the same location; keep the most specific message once.
    if (err.keyword === 'anyOf' || err.keyword === 'oneOf') continue;
    const { msg, type } = describe(err);
    const key = `${loc.join('.')}|${type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ loc, msg, type });
  }
  if (issues.length === 0) issues.push({ loc: [root], msg: 'Invalid input', type: 'value_error' });
  return issues;
}
