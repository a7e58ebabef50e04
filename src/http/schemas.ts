// Wire shapes shared by every domain.
import { Type, type TSchema } from 'typebox';
import { named } from './openapi.js';

export const ValidationError = named(
  'ValidationError',
  Type.Object({
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
    msg: Type.String(),
    type: Type.String(),
  }),
);

export const HTTPValidationError = named(
  'HTTPValidationError',
  Type.Object({ detail: Type.Array(ValidationError) }),
);

export const Uuid = (description?: string) =>
  Type.String({ format: 'uuid', ...(description ? { description } : {}) });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** limit 1..200 (default 50) and offset >= 0 (default 0), as the spec bounds list endpoints. */
export const pageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
};

export const DocumentIdParams = Type.Object({ document_id: Uuid() });

/** A string enum as FastAPI writes it: {"type": "string", "enum": [...]}, typed as the union. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** PUT: the raw bytes to upload_url. POST (S3): a multipart form of `fields`, then the file as `file`. */
export const UploadMethod = Type.Union([Type.Literal('PUT'), Type.Literal('POST')], {
  description: 'PUT the raw bytes to upload_url, or POST a multipart form of fields followed by the file (field "file")',
});
export const UploadFields = Type.Record(Type.String(), Type.String(), { description: 'form fields a POST upload sends before the file; empty for PUT' });
