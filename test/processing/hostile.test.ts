// Hostile and broken inputs end their job in `error` with a message a person understands,
// without crashing or hanging a worker; a PDF encrypted with an empty password still works.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { buildPdf, textAt } from '../fixtures/pdf-builder.js';
import { silentLog } from '../jobs/helpers.js';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A PNG whose header claims 50,000 x 50,000 pixels (with a tiny, useless body). */
function hugePngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A DOCX-shaped zip whose document part inflates to 1 GiB of zeros. */
function zipBombDocx(dir: string): Buffer {
  const out = path.join(dir, 'bomb.docx');
  execFileSync('python3', [
    '-c',
    `import zipfile
z = zipfile.ZipFile(${JSON.stringify(out)}, 'w', zipfile.ZIP_DEFLATED)
z.writestr('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')
z.writestr('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>')
with z.open('word/document.xml', 'w', force_zip64=True) as f:
    block = b'\\0' * (1 << 20)
    for _ in range(1024):
        f.write(block)
z.close()`,
  ]);
  return readFileSync(out);
}

describe('hostile inputs (sqlite, local queue)', () => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;
  let work: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_QUEUE: 'local', PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('hostile@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    work = mkdtempSync(path.join(tmpdir(), 'pagelens-hostile-'));
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  const outcome = async (filename: string, content: Buffer) => (await uploadAndProcess(t, user, filename, content)).job;

  const pdf = buildPdf([{ content: textAt(72, 700, 12, 'Confidential memo') }]);

  it('reports a truncated PDF as damaged', async () => {
    const job = await outcome('cut.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)));
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/damaged or truncated/);
  });

  it('reports a password-protected PDF, and opens one with an empty user password', async () => {
    const locked = buildPdf([{ content: textAt(72, 700, 12, 'Confidential memo') }], {
      encrypt: { userPassword: 'secret', ownerPassword: 'owner' },
    });
    const job = await outcome('locked.pdf', locked);
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/protected by a password/);
    const open = buildPdf([{ content: textAt(72, 700, 12, 'Confidential memo') }], {
      encrypt: { userPassword: '', ownerPassword: 'owner' },
    });
    expect((await outcome('open.pdf', open)).status).toBe('done');
  });

  it('refuses an image whose header claims 50,000 x 50,000 pixels', async () => {
    const started = Date.now();
    const job = await outcome('huge.png', hugePngHeader());
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/50000\s*[x×]\s*50000|2,500,000,000|too large|pixels/i);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses a zip bomb disguised as a DOCX before converting it', async () => {
    const job = await outcome('bomb.docx', zipBombDocx(work));
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/bomb|expands to more than/i);
  });
});
