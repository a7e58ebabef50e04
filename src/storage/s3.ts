// Blobs in any S3-compatible bucket. Keys live under an optional prefix taken from the storage URL.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidKey, BlobNotFoundError, type BlobEntry, type BlobStore, type SignedUpload, type SignOptions } from './blob-store.js';

export interface S3Location {
  bucket: string;
  prefix: string;
  clientConfig: S3ClientConfig;
}

/** s3://bucket/prefix?endpoint=http://host:port&region=us-east-1&force_path_style=true */
export function parseS3Url(url: string, env: Record<string, string | undefined>): S3Location {
  const u = new URL(url);
  const bucket = u.hostname;
  if (!bucket) throw new Error('PAGELENS_STORAGE_URL: s3:// URL needs a bucket name');
  const prefix = u.pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  const endpoint = u.searchParams.get('endpoint');
  const accessKeyId = env.PAGELENS_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.PAGELENS_S3_SECRET_ACCESS_KEY;
  const clientConfig: S3ClientConfig = {
    region: u.searchParams.get('region') ?? env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: u.searchParams.get('force_path_style') === 'true' || endpoint !== null,
    // Checksums only where an operation requires one: by default the SDK sends streamed bodies
    // aws-chunked with a trailing CRC (stored verbatim by S3-compatible servers that do not decode it)
    // and bakes the empty body's CRC into presigned PUT URLs, so every real upload to them fails.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
  return { bucket, prefix: prefix === '' ? '' : `${prefix}/`, clientConfig };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly loc: S3Location) {
    this.client = new S3Client(loc.clientConfig);
  }

  private full(key: string): string {
    assertValidKey(key);
    return `${this.loc.prefix}${key}`;
  }

  async putFile(key: string, filePath: string, contentType?: string): Promise<void> {
    const { size } = await stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.loc.bucket,
        Key: this.full(key),
        Body: createReadStream(filePath),
        ContentLength: size,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  }

  async putBuffer(key: string, data: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.loc.bucket,
        Key: this.full(key),
        Body: data,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.loc.bucket, Key: this.full(key) }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      return out.Body;
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async download(key: string, filePath: string): Promise<void> {
    await pipeline(await this.get(key), createWriteStream(filePath));
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.loc.bucket, Key: this.full(key) }));
      return { size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.loc.bucket, Key: this.full(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.entries(prefix)).map((e) => e.key);
  }

  async entries(prefix: string): Promise<BlobEntry[]> {
    const out: BlobEntry[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.loc.bucket,
          Prefix: `${this.loc.prefix}${prefix}`,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key.slice(this.loc.prefix.length), size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.loc.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: this.full(k) })), Quiet: true },
        }),
      );
      // S3 reports per-key failures in a 200 answer; throw so the deletion stays queued for a retry.
      const failed = out.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(`S3 could not delete ${failed.length} of ${batch.length} blobs (${failed[0]?.Key}: ${failed[0]?.Code})`);
      }
    }
    return keys.length;
  }

  // async so that a bad key rejects the promise, as every other method does, instead of throwing.
  async signedUrl(key: string, options: SignOptions): Promise<string> {
    const command =
      options.method === 'PUT'
        ? new PutObjectCommand({
            Bucket: this.loc.bucket,
            Key: this.full(key),
            ...(options.contentType ? { ContentType: options.contentType } : {}),
          })
        : new GetObjectCommand({ Bucket: this.loc.bucket, Key: this.full(key) });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  /**
   * A presigned POST: a signed policy whose content-length-range S3 enforces (EntityTooLarge), so a
   * URL cannot store more than maxBytes. A presigned PUT cannot carry a size range.
   */
  async signedUpload(key: string, options: { expiresInSeconds: number; maxBytes: number }): Promise<SignedUpload> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.loc.bucket,
      Key: this.full(key),
      Conditions: [['content-length-range', 0, options.maxBytes]],
      Expires: options.expiresInSeconds,
    });
    return { url, method: 'POST', fields };
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.loc.bucket }));
  }
}
