// Receives a multipart upload: the file part is streamed to a temp file (hashed on the way),
// never held in memory; text fields are collected. Over the size limit -> 413, temp file removed.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, validationError } from '../http/errors.js';
import { newId } from '../util.js';

export interface ReceivedFile {
  tmpPath: string;
  size: number;
  sha256: string;
  filename: string;
}

export interface ReceivedUpload {
  file: ReceivedFile | null;
  fields: Map<string, string[]>;
}

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `File too large: the limit is ${maxBytes} bytes`);
}

/** Room for multipart boundaries and the form's text fields on top of the file itself. */
const MULTIPART_OVERHEAD = 1024 * 1024;

export async function removeQuietly(filePath: string | undefined): Promise<void> {
  if (filePath) await rm(filePath, { force: true });
}

export async function receiveUpload(
  request: FastifyRequest,
  options: { tmpDir: string; maxBytes: number; fileField?: string },
): Promise<ReceivedUpload> {
  const fileField = options.fileField ?? 'file';
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Expected a multipart/form-data body');
  }
  // A declared length far over the limit is refused before a byte of the body is read.
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD) {
    throw tooLarge(options.maxBytes);
  }
  await mkdir(options.tmpDir, { recursive: true });
  const fields = new Map<string, string[]>();
  let file: ReceivedFile | null = null;
  let tmpPath: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes } })) {
      if (part.type === 'field') {
        const list = fields.get(part.fieldname) ?? [];
        list.push(typeof part.value === 'string' ? part.value : String(part.value));
        fields.set(part.fieldname, list);
        continue;
      }
      if (part.fieldname !== fileField || file !== null) {
        part.file.resume();
        throw validationError(['body', part.fieldname], `Unexpected file field '${part.fieldname}'`, 'extra_forbidden');
      }
      tmpPath = path.join(options.tmpDir, `${newId()}.upload`);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, meter, createWriteStream(tmpPath));
      if (part.file.truncated) throw tooLarge(options.maxBytes);
      file = { tmpPath, size, sha256: hash.digest('hex'), filename: part.filename || 'upload' };
    }
  } catch (err) {
    await removeQuietly(tmpPath);
    if (err instanceof HttpError) throw err;
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge(options.maxBytes);
    if (e.statusCode !== undefined && e.statusCode < 500) {
      throw validationError(['body'], e.message ?? 'Malformed multipart body', 'value_error');
    }
    throw err;
  }
  return { file, fields };
}

/** The single value of a text field, or undefined; several values of a single-valued field -> 422. */
export function singleField(fields: Map<string, string[]>, name: string): string | undefined {
  const values = fields.get(name);
  if (values === undefined || values.length === 0) return undefined;
  if (values.length > 1) throw validationError(['body', name], 'Expected a single value', 'value_error');
  return values[0];
}
