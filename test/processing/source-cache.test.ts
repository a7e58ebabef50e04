// A worker runs pages of several documents at once: a PDF that leaves the source cache while a
// page still reads it must stay open until that page lets it go ("The PDF document is closed"
// on real documents processed together).
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { StepPorts } from '../../src/context.js';
import type { DocumentsTable } from '../../src/db/types.js';
import { acquireSource, withSource } from '../../src/processing/source.js';

async function pdfBytes(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 100]);
  return Buffer.from(await pdf.save());
}

function portsWith(blob: Buffer): StepPorts {
  const storage = {
    get: async () =>
      (async function* () {
        yield blob;
      })(),
  };
  return { storage } as unknown as StepPorts;
}

const docRow = (id: string) => ({ id, version: 1, file_type: 'pdf', file_path: `documents/${id}/file.pdf` }) as unknown as DocumentsTable;

describe('source cache', () => {
  it('keeps an evicted PDF open until its last reader releases it', async () => {
    const ports = portsWith(await pdfBytes());
    const first = await acquireSource(ports, docRow('src-a'));
    // Two more documents push the first out of the two-entry cache while it is still read.
    await withSource(ports, docRow('src-b'), async () => undefined);
    await withSource(ports, docRow('src-c'), async () => undefined);
    const pdf = first.source.pdf;
    expect(pdf).not.toBeNull();
    expect(pdf?.pageSize(1)).toEqual({ width: 200, height: 100 });
    first.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(() => pdf?.pageSize(1)).toThrow(/closed/);
  });

  it('shares one open PDF between readers of the same document and keeps it while cached', async () => {
    const ports = portsWith(await pdfBytes());
    const a = await acquireSource(ports, docRow('src-d'));
    const b = await acquireSource(ports, docRow('src-d'));
    expect(b.source.pdf).toBe(a.source.pdf);
    a.release();
    b.release();
    await new Promise((r) => setTimeout(r, 0));
    // Still the most recent entry: open for the next page.
    expect(a.source.pdf?.pageCount).toBe(1);
    expect(b.source.pdf?.pageSize(1).width).toBe(200);
  });
});
