// Hostile and broken inputs end their job in `error` with a message a person understands,
// without crashing or hanging a worker; a PDF encrypted with an empty password still works.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { buildPdf, textAt } from '../fixtures/pdf-builder.js';
import { buildZip, deflatedZeros } from '../fixtures/zip-builder.js';
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

/**
 * A DOCX-shaped zip whose document part inflates to 1 GiB of zeros, built in milliseconds from
 * copies of one deflated block (compressing 1 GiB for real took 30 s on a loaded 2-core machine).
 */
function zipBombDocx(): Buffer {
  const types =
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(types) },
    { name: '_rels/.rels', data: Buffer.from('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>') },
    { name: 'word/document.xml', raw: deflatedZeros(1024) },
  ]);
}

describe('hostile inputs (sqlite, local queue)', () => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_QUEUE: 'local', PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('hostile@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
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
    // A decoder that tried would take minutes or run out of memory: the test's timeout is the bound.
    const job = await outcome('huge.png', hugePngHeader());
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/50000\s*[x×]\s*50000|2,500,000,000|too large|pixels/i);
  });

  it('refuses a zip bomb disguised as a DOCX before converting it', async () => {
    const job = await outcome('bomb.docx', zipBombDocx());
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/bomb|expands to more than/i);
  });
});
