// Office conversion through LibreOffice and the zip guard in front of it. The Office documents are
// made by LibreOffice itself in the setup; without soffice (CI installs it) those tests skip.
import { fodp } from '../fixtures/office.js';
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertOfficeToPdf, findExecutable, type OfficeOptions } from '../../src/pipeline/office.js';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { PipelineError } from '../../src/pipeline/types.js';
import { checkZipArchive, DEFAULT_ZIP_LIMITS } from '../../src/pipeline/zip-guard.js';
import { buildZip, deflatedZeros } from '../fixtures/zip-builder.js';

const run = promisify(execFile);
const soffice = await findExecutable('soffice');
const NO_SOFFICE = 'LibreOffice (soffice) is not installed here; CI installs it';

const root = mkdtempSync(join(tmpdir(), 'pagelens-convert-'));
afterAll(() => rmSync(root, { recursive: true, force: true, maxRetries: 5 }));
let counter = 0;
const dir = (): string => mkdtempSync(join(root, `case-${counter++}-`));

async function failure(promise: Promise<unknown>): Promise<PipelineError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PipelineError) return err;
    throw err;
  }
  throw new Error('expected a PipelineError');
}

function write(name: string, data: Buffer | string): string {
  const path = join(root, name);
  writeFileSync(path, data);
  return path;
}

/** The text of every page of a PDF, lines joined with spaces. */
async function pdfText(path: string): Promise<{ pages: number; text: string }> {
  const doc = await openPdf(readFileSync(path));
  try {
    let text = '';
    for (let n = 1; n <= doc.pageCount; n++) text += doc.text(n, 72).lines.map((l) => l.text).join(' ') + ' ';
    return { pages: doc.pageCount, text };
  } finally {
    doc.close();
  }
}

describe('zip guard', () => {
  const small = buildZip([
    { name: 'mimetype', data: Buffer.from('application/zip') },
    { name: 'folder/', data: Buffer.alloc(0) },
    // Very compressible but small: the ratio rule ignores it.
    { name: 'blank.xml', data: Buffer.alloc(200_000, 0x20) },
  ]);

  it('accepts an ordinary archive', async () => {
    await expect(checkZipArchive(write('ok.zip', small))).resolves.toBeUndefined();
  });

  it('rejects a decompression bomb from its headers alone, quickly', async () => {
    const path = write('bomb.docx', buildZip([{ name: 'word/document.xml', raw: deflatedZeros(300) }]));
    const err = await failure(checkZipArchive(path));
    expect(err.code).toBe('malformed');
    // The ratio message comes from the central directory pass, before anything is inflated.
    expect(err.message).toMatch(/expands .* times .*decompression bomb/);
  });

  it('rejects an archive whose entries together exceed the size limit', async () => {
    const parts = [0, 1, 2].map((i) => ({ name: `part${i}.bin`, raw: deflatedZeros(4) }));
    const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 10 * 1024 * 1024, maxRatio: 10_000 };
    const err = await failure(checkZipArchive(write('big.zip', buildZip(parts)), limits));
    expect(err.code).toBe('malformed');
    expect(err.message).toBe('The file expands to more than 10 MB (a decompression bomb?)');
  });

  it('rejects too many entries', async () => {
    const parts = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from(`file ${i}`) }));
    const err = await failure(checkZipArchive(write('many.zip', buildZip(parts)), { ...DEFAULT_ZIP_LIMITS, maxEntries: 10 }));
    expect(err.code).toBe('malformed');
    expect(err.message).toMatch(/20 zip entries; at most 10/);
  });

  it('catches an entry that expands beyond the size its header declares', async () => {
    // Claims 40 KB but holds 20 MiB of zeros: the headers look harmless.
    const zeros = deflatedZeros(20);
    const path = write('liar.zip', buildZip([{ name: 'content.xml', raw: { ...zeros, size: 40_000 } }]));
    const err = await failure(checkZipArchive(path));
    expect(err.code).toBe('malformed');
    expect(err.message).toMatch(/beyond the size its header declares \(a decompression bomb\?\)/);
  });

  it('rejects damaged archives', async () => {
    for (const data of [small.subarray(0, small.length - 30), randomBytes(5000), Buffer.alloc(0)]) {
      const err = await failure(checkZipArchive(write('damaged.zip', data)));
      expect(err.code).toBe('malformed');
      expect(err.message).toMatch(/damaged or is not a valid zip-based document/);
    }
  });
});

describe('convertOfficeToPdf', () => {
  const fixtures = new Map<string, string>();
  const options = (workDir: string, extension: string, more: Partial<OfficeOptions> = {}): OfficeOptions => ({
    soffice: soffice ?? 'soffice',
    extension,
    timeoutMs: 60_000,
    memoryMb: 2048,
    workDir,
    ...more,
  });

  /** Documents made by LibreOffice from plain sources, in parallel (each with its own profile). */
  beforeAll(async () => {
    if (!soffice) return;
    const src = mkdtempSync(join(root, 'src-'));
    const sources: [string, string, string][] = [
      ['docx', 'words.txt', 'Quarterly pelican report\nRevenue grew in the northern region\n'],
      ['odt', 'odt.txt', 'Walrus inventory notes\nThe harbour count was steady\n'],
      ['xlsx', 'sheet.csv', 'Animal,Count\nzebra,42\nyak,7\n'],
      ['pptx', 'deck.fodp', fodp(['Slide about flamingo migration', 'Second slide about narwhal pods'])],
    ];
    await Promise.all(
      sources.map(async ([ext, name, content], i) => {
        writeFileSync(join(src, name), content);
        // A fresh profile's first start now and then aborts on a loaded machine (signal 6 while
        // LibreOffice sets the profile up): the fixture is made again once with another profile.
        const convert = (attempt: number) =>
          run(soffice, [`-env:UserInstallation=${pathToFileURL(join(src, `profile-${i}-${attempt}`)).href}`, '--headless', '--norestore', '--convert-to', ext, '--outdir', src, join(src, name)], { timeout: 60_000 });
        await convert(0).catch(() => convert(1));
        fixtures.set(ext, join(src, name.replace(/\.\w+$/, `.${ext}`)));
      }),
    );
  });

  const cases: [string, number, string[]][] = [
    ['docx', 1, ['Quarterly', 'pelican', 'report', 'Revenue', 'northern', 'region']],
    ['odt', 1, ['Walrus', 'inventory', 'harbour', 'steady']],
    ['xlsx', 1, ['Animal', 'Count', 'zebra', '42', 'yak', '7']],
    ['pptx', 2, ['flamingo', 'migration', 'narwhal', 'pods']],
  ];
  it.for(cases)('converts %s to a PDF with its words', { timeout: 60_000 }, async ([ext, pages, words], ctx) => {
    ctx.skip(!soffice, NO_SOFFICE);
    const workDir = dir();
    const started = Date.now();
    const pdf = await convertOfficeToPdf(fixtures.get(ext)!, options(workDir, ext));
    console.info(`${ext} → PDF in ${Date.now() - started} ms`);
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const result = await pdfText(pdf);
    expect(result.pages).toBe(pages);
    let at = -1;
    for (const word of words) {
      const next = result.text.indexOf(word, at + 1);
      expect(next, `"${word}" after position ${at} in: ${result.text}`).toBeGreaterThan(at);
      at = next;
    }
    // Only the PDF is left behind: the copy, the profile and the output folder are gone.
    expect(readdirSync(workDir)).toEqual([pdf.slice(workDir.length + 1)]);
  });

  it('runs conversions in parallel without them colliding', async (ctx) => {
    ctx.skip(!soffice, NO_SOFFICE);
    const workDir = dir();
    const pdfs = await Promise.all([1, 2, 3].map(() => convertOfficeToPdf(fixtures.get('docx')!, options(workDir, '.DOCX'))));
    expect(new Set(pdfs).size).toBe(3);
    for (const pdf of pdfs) expect((await pdfText(pdf)).text).toContain('pelican');
  }, 60_000);

  it('kills LibreOffice and everything it started when the time is up', async (ctx) => {
    ctx.skip(!soffice, NO_SOFFICE);
    const workDir = dir();
    const err = await failure(convertOfficeToPdf(fixtures.get('docx')!, options(workDir, 'docx', { timeoutMs: 300 })));
    expect(err.code).toBe('timeout');
    expect(err.message).toBe('Conversion took longer than 0.3 s');
    // No process still mentions the call's folder, and the folder itself is gone.
    expect(() => execFileSync('pgrep', ['-f', workDir])).toThrow();
    expect(readdirSync(workDir)).toEqual([]);
  }, 30_000);

  it('reports running out of the memory cap', async (ctx) => {
    ctx.skip(!soffice || !(await findExecutable('prlimit')), 'needs soffice and prlimit');
    const err = await failure(convertOfficeToPdf(fixtures.get('docx')!, options(dir(), 'docx', { memoryMb: 128 })));
    expect([err.code, err.message]).toEqual(['conversion_failed', 'LibreOffice ran out of memory (the limit is 128 MB)']);
  }, 30_000);

  it('reports a document LibreOffice cannot open', async (ctx) => {
    ctx.skip(!soffice, NO_SOFFICE);
    // A valid zip whose main part is cut off.
    const broken = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">') },
      { name: 'word/document.xml', data: Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:bo') },
    ]);
    const err = await failure(convertOfficeToPdf(write('broken.docx', broken), options(dir(), 'docx')));
    expect(err.code).toBe('conversion_failed');
    expect(err.message).toMatch(/could not open the document/);
  }, 60_000);

  it('stops a zip bomb before LibreOffice starts', async () => {
    const bomb = write('bomb2.docx', buildZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'word/document.xml', raw: deflatedZeros(300) }]));
    const err = await failure(convertOfficeToPdf(bomb, options(dir(), 'docx', { soffice: '/nonexistent/soffice' })));
    expect(err.code).toBe('malformed');
    expect(err.message).toMatch(/decompression bomb/);
  });

  it('recognises password-protected OOXML and ODF files without running LibreOffice', async () => {
    // Encrypted OOXML is an OLE compound file holding an "EncryptedPackage" stream.
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1000), Buffer.from('EncryptedPackage', 'utf16le'), randomBytes(3000)]);
    const odt = buildZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text') },
      {
        name: 'META-INF/manifest.xml',
        data: Buffer.from(
          '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml">' +
            '<manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>',
        ),
      },
      { name: 'content.xml', data: randomBytes(2000) },
    ]);
    for (const [name, data, ext] of [['locked.docx', cfb, 'docx'], ['locked.xlsx', cfb, 'xlsx'], ['locked.odt', odt, 'odt']] as const) {
      const err = await failure(convertOfficeToPdf(write(name, data), options(dir(), ext, { soffice: '/nonexistent/soffice' })));
      expect(err.code, name).toBe('encrypted');
      expect(err.message).toBe('The document is protected by a password');
    }
  });

  it('rejects files that are not what their type says, and types it does not convert', async () => {
    const junk = write('junk.doc', randomBytes(4000));
    const noSoffice = { soffice: '/nonexistent/soffice' };
    let err = await failure(convertOfficeToPdf(junk, options(dir(), 'doc', noSoffice)));
    expect([err.code, err.message]).toEqual(['malformed', 'The file is not a valid .doc document']);
    err = await failure(convertOfficeToPdf(write('plain.rtf', 'not rtf at all'), options(dir(), 'rtf', noSoffice)));
    expect(err.code).toBe('malformed');
    err = await failure(convertOfficeToPdf(junk, options(dir(), 'exe', noSoffice)));
    expect([err.code, err.message]).toEqual(['unsupported', 'Office documents of type .exe are not supported']);
    err = await failure(convertOfficeToPdf(write('ok.rtf', '{\\rtf1 hello}'), options(dir(), 'rtf', noSoffice)));
    expect([err.code, err.message]).toEqual(['unsupported', 'LibreOffice is not installed, so Office documents cannot be converted']);
  });
});

/** A flat ODF presentation with one text box per slide. */
