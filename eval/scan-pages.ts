// Real PDF pages made into seeded scans (issue 22): rendered in grey, turned by up to 1.2°,
// blurred, noised and JPEG-compressed. Shared by the scanned evaluation (eval/scans.ts) and the
// dense-page ingest bench (bench/ingest.ts, BENCH_INGEST=scanned-real), so that both measure the
// same pages degraded the same way.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { openPdf } from '../src/pipeline/pdf/document.js';
import { rng } from '../bench/rng.js';
import { addScanPage, scanLike } from '../test/fixtures/scan-like.js';

/** The resolutions a page is scanned at, one drawn per page. */
export const DPIS = [150, 200, 300];

export interface PageRef {
  split: string;
  file: string;
  page: number;
}

/** The pages issue 22 names (its "dense pages"): federal-register pages 1-12 and WARN-report pages 1-8. */
export function densePages(data: string): PageRef[] {
  const dir = join(data, 'pdfplumber-tests');
  return [
    ...Array.from({ length: 12 }, (_, i) => ({ split: 'train', file: join(dir, 'federal-register-2020-17221.pdf'), page: i + 1 })),
    ...Array.from({ length: 8 }, (_, i) => ({ split: 'train', file: join(dir, 'WARN-Report-for-7-1-2015-to-03-25-2016.pdf'), page: i + 1 })),
  ];
}

/** Each page's scan has its own seeded stream, so a page's scan is the same whichever splits a run samples. */
export function pageRandom(seed: number, ref: PageRef): () => number {
  const h = createHash('sha1').update(`${seed}:${ref.file.split('/').pop()}:${ref.page}`).digest();
  return rng(h.readUInt32LE(0));
}

export interface ScanImage {
  ref: PageRef;
  dpi: number;
  jpeg: Buffer;
}

/**
 * The page as a scan-like JPEG, seeded by `seed` and the page. `dpi` fixes the resolution (the
 * bench's 200 dpi); the page's draw of one is still taken, so the turn, blur, noise and quality
 * are those the evaluation gives the page at the same seed.
 */
export async function scanImage(ref: PageRef, seed: number, dpi?: number): Promise<ScanImage> {
  const random = pageRandom(seed, ref);
  const drawn = DPIS[Math.floor(random() * DPIS.length)]!;
  const at = dpi ?? drawn;
  const opts = {
    dpi: at,
    angle: (random() * 2 - 1) * 1.2,
    blur: 0.4 + random() * 0.6,
    noise: 6 + random() * 8,
    jpegQuality: Math.round(55 + random() * 30),
  };
  const doc = await openPdf(readFileSync(ref.file));
  try {
    const png = (await doc.render(ref.page, at)).png;
    return { ref, dpi: at, jpeg: await scanLike(png, opts, random) };
  } finally {
    doc.close();
  }
}

/** Scans as one image-only PDF: a page of each scan's size holding its JPEG, in order. */
export async function imageOnlyPdf(scans: Array<{ jpeg: Buffer; dpi: number }>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const s of scans) await addScanPage(pdf, s.jpeg, s.dpi);
  return pdf.save();
}
