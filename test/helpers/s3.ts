// A real S3 protocol server (s3rver) on a free local port with a fresh bucket, for one test suite.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver accepts any signature made with its built-in account. */
export const S3RVER_CREDENTIALS = {
  PAGELENS_S3_ACCESS_KEY_ID: 'S3RVER',
  PAGELENS_S3_SECRET_ACCESS_KEY: 'S3RVER',
};

export interface TestS3 {
  /** The PAGELENS_STORAGE_URL value: the bucket plus `prefix` (when given). */
  url: string;
  /** The same server, for a bucket that was never created. */
  urlFor(bucket: string, prefix?: string): string;
  /** The credential variables the app needs next to `url`. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  /** Every object key in the bucket (full keys, prefix included), sorted; read with a client of our own. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(options: { prefix?: string } = {}): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pagelens-s3-'));
  const bucket = `pagelens-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const urlFor = (name: string, prefix = options.prefix ?? ''): string => {
    const q = new URLSearchParams({ endpoint, region: 'us-east-1', force_path_style: 'true' });
    return `s3://${name}/${prefix}?${q.toString()}`;
  };
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: urlFor(bucket),
    urlFor,
    env: { ...S3RVER_CREDENTIALS },
    bucket,
    endpoint,
    async keys(prefix = '') {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
