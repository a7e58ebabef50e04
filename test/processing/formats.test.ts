// Every accepted format end to end through the HTTP API: upload, the job processes each page
// (render, text layer or OCR, description, chunks), and the results are readable.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { fodp, officeFile } from '../fixtures/office.js';
import { buildPdf, textAt } from '../fixtures/pdf-builder.js';
import { renderTextImage } from '../fixtures/text-image.js';
import { silentLog } from '../jobs/helpers.js';

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => {
  try {
    execFileSync('test', ['-x', p]);
    return true;
  } catch {
    return false;
  }
});

interface Description {
  page_number: number;
  description: string;
  headings: string[];
  source: string;
  edited: boolean;
}

/** A bottom-up 24-bit BMP from raw RGB pixels (sharp cannot write BMP). */
function bmp24(rgb: Buffer, width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const src = (y * width + x) * 3;
      const dst = 54 + (height - 1 - y) * row + x * 3;
      out[dst] = rgb[src + 2] ?? 0;
      out[dst + 1] = rgb[src + 1] ?? 0;
      out[dst + 2] = rgb[src] ?? 0;
    }
  }
  return out;
}

describe('document formats end to end (sqlite, local queue)', () => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;
  let work: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_QUEUE: 'local', PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('formats@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    work = mkdtempSync(path.join(tmpdir(), 'pagelens-formats-'));
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function processed(filename: string, content: Buffer) {
    const { job, ...posted } = await uploadAndProcess(t, user, filename, content);
    const descriptions = (
      await t.app.inject({ url: `/api/v0/documents/${posted.document_id}/page-descriptions`, headers: user.auth })
    ).json<Description[]>();
    const pages = await t.ctx.database.db
      .selectFrom('pages')
      .selectAll()
      .where('document_id', '=', posted.document_id)
      .orderBy('page_number')
      .execute();
    return { posted, job, descriptions, pages };
  }

  it('processes a born-digital PDF from its text layer', async () => {
    const pdf = buildPdf([
      { content: textAt(72, 700, 24, 'Quarterly Results') + textAt(72, 660, 11, 'Revenue grew by 12 percent in the third quarter.') },
      { content: textAt(72, 700, 11, 'The second page talks about costs.') },
    ]);
    const { job, descriptions, pages, posted } = await processed('results.pdf', pdf);
    expect(job).toMatchObject({ status: 'done', total_pages: 2, finished_pages: 2 });
    expect(pages.map((p) => [p.page_number, p.text_source, p.width, p.height])).toEqual([
      [1, 'pdf', 1275, 1650],
      [2, 'pdf', 1275, 1650],
    ]);
    expect(pages[0]?.text).toContain('Revenue grew by 12 percent in the third quarter.');
    expect(descriptions[0]?.headings).toEqual(['Quarterly Results']);
    expect(descriptions[0]?.description).toContain('Revenue grew by 12 percent');
    const doc = await t.app.inject({ url: `/api/v0/documents/${posted.document_id}`, headers: user.auth });
    expect(doc.json<{ summary: string }>().summary).toContain('Quarterly Results');
    const png = pages[0]?.image_key ? await t.ctx.storage.head(pages[0].image_key) : null;
    expect(png?.size).toBeGreaterThan(1000);
  });

  it('reads scanned pages (an image) with OCR', async () => {
    const image = await renderTextImage(['Invoice number 4711', 'Total due 1,250.00 EUR'], { fontSize: 36 });
    const { job, pages } = await processed('scan.png', image.png);
    expect(job.status).toBe('done');
    expect(pages[0]?.text_source).toBe('ocr');
    expect(pages[0]?.text).toContain('Invoice number 4711');
    expect(pages[0]?.text).toContain('1,250.00');
  });

  it('processes every image format, and a multi-page TIFF page by page', async () => {
    const base = (await renderTextImage(['Format check'], { fontSize: 40 })).png;
    const frames = await Promise.all([1, 2, 3].map((n) => renderTextImage([`Page ${n} of three`], { fontSize: 40 })));
    const tiff = await sharp(frames.map((f) => f.png), { join: { animated: true } }).tiff().toBuffer();
    const files: Array<[string, Buffer]> = [
      ['a.jpg', await sharp(base).jpeg().toBuffer()],
      ['a.webp', await sharp(base).webp().toBuffer()],
      ['a.gif', await sharp(base).gif().toBuffer()],
      ['a.tiff', tiff],
    ];
    for (const [name, content] of files) {
      const { job, pages } = await processed(name, content);
      expect(job.status, name).toBe('done');
      if (name === 'a.tiff') {
        expect(pages.map((p) => p.text)).toEqual(['Page 1 of three', 'Page 2 of three', 'Page 3 of three']);
      } else {
        expect(pages[0]?.text, name).toContain('Format check');
      }
    }
  });

  it('typesets text, Markdown and HTML into pages', async () => {
    const md = await processed('notes.md', Buffer.from('# Release Notes\n\nThe importer now handles **large** files.\n'));
    expect(md.job.status).toBe('done');
    expect(md.pages[0]?.text).toContain('The importer now handles large files.');
    expect(md.descriptions[0]?.headings).toContain('Release Notes');
    const html = await processed('page.html', Buffer.from('<!doctype html><html><body><h1>Safety</h1><p>Wear goggles &amp; gloves.</p><script>x()</script></body></html>'));
    expect(html.pages[0]?.text).toContain('Wear goggles & gloves.');
    expect(html.pages[0]?.text).not.toContain('x()');
    const txt = await processed('plain.txt', Buffer.from('Line one of plain text.\nLine two.'));
    expect(txt.pages[0]?.text).toContain('Line one of plain text.');
  });

  it.skipIf(!SOFFICE)('converts every Office format with LibreOffice', async () => {
    const soffice = SOFFICE ?? 'soffice';
    const text = 'Maintenance schedule for pump P-101.\n';
    const csv = 'Item,Qty\nBolts,40\n';
    const slides = fodp(['Valve V-7 inspection']);
    const cases: Array<[string, 'txt' | 'csv' | 'fodp', string, string]> = [
      ['docx', 'txt', text, 'pump P-101'],
      ['odt', 'txt', text, 'pump P-101'],
      ['rtf', 'txt', text, 'pump P-101'],
      ['doc', 'txt', text, 'pump P-101'],
      ['xlsx', 'csv', csv, 'Bolts'],
      ['ods', 'csv', csv, 'Bolts'],
      ['xls', 'csv', csv, 'Bolts'],
      ['pptx', 'fodp', slides, 'Valve V-7'],
      ['odp', 'fodp', slides, 'Valve V-7'],
      ['ppt', 'fodp', slides, 'Valve V-7'],
    ];
    for (const [format, source, content, expected] of cases) {
      const file = officeFile(work, soffice, format, content, source);
      const { job, pages, posted } = await processed(`file.${format}`, file);
      expect(job.status, `${format}: ${job.error_message ?? ''}`).toBe('done');
      expect(pages[0]?.text, format).toContain(expected);
      const doc = await t.app.inject({ url: `/api/v0/documents/${posted.document_id}`, headers: user.auth });
      expect(doc.json<{ file_type: string }>().file_type).toBe(format);
    }
  }, 400_000);

  it('reads a BMP', async () => {
    const { png } = await renderTextImage(['Bitmap works'], { fontSize: 40 });
    const { data, info } = await sharp(png).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { job, pages } = await processed('a.bmp', bmp24(data, info.width, info.height));
    expect(job.status).toBe('done');
    expect(pages[0]?.text).toContain('Bitmap works');
  });
});
