// A page that is only its scan's JPEG is decoded, not drawn: the same grey pixels as PDFium's
// drawing at the scan's own resolution, and PDFium still draws every page where that would not hold.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openPdf, type PdfDoc } from '../../src/pipeline/pdf/document.js';
import { scanPixels } from '../../src/pipeline/scan/page-text.js';
import { cropGreyPng, cropPng } from '../../src/components/crop.js';
import { rng } from '../../bench/rng.js';
import { addScanPage, scanLike } from '../fixtures/scan-like.js';
import { drawTextPage } from '../fixtures/text-image.js';

const DPI = 200;

/** A 403 x 304 px scan-like JPEG (400 x 300 turned by 0.6°) of a few lines of text (RGB as sharp writes it, or one grey channel). */
async function scanJpeg(grey: boolean): Promise<Buffer> {
  const png = await drawTextPage(['Inspection of valve V-101 passed.', 'Pressure 12.5 bar, 21 °C.'], { width: 400, fontSize: 20, lineHeight: 40 });
  const page = await sharp(png).resize(400, 300, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
  const jpeg = await scanLike(page, { angle: 0.6, blur: 0.5, noise: 8, jpegQuality: 70, dpi: DPI }, rng(5));
  return grey ? sharp(jpeg).toColourspace('b-w').jpeg({ quality: 90 }).toBuffer() : jpeg;
}

async function withPdf(build: (pdf: PDFDocument) => Promise<void>, fn: (doc: PdfDoc) => Promise<void>): Promise<void> {
  const pdf = await PDFDocument.create();
  await build(pdf);
  const doc = await openPdf(await pdf.save());
  try {
    await fn(doc);
  } finally {
    doc.close();
  }
}

const same = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

describe('scan pixels from the page JPEG', () => {
  for (const grey of [false, true]) {
    it(`decodes a page that is only a${grey ? ' grey' : 'n RGB'} JPEG to the pixels PDFium draws`, async () => {
      const jpeg = await scanJpeg(grey);
      expect((await sharp(jpeg).metadata()).channels).toBe(grey ? 1 : 3);
      await withPdf(
        (pdf) => addScanPage(pdf, jpeg, DPI),
        async (doc) => {
          expect(doc.scanJpeg(1, DPI)?.equals(jpeg)).toBe(true);
          const drawn = doc.renderGrey(1, DPI, true);
          const decoded = await scanPixels(doc, 1, DPI, true);
          expect([decoded.width, decoded.height]).toEqual([403, 304]);
          expect(same(decoded.data, drawn.data)).toBe(true);
        },
      );
    });
  }

  it('draws the page with PDFium when it holds more than the picture, or at another resolution', async () => {
    const jpeg = await scanJpeg(true);
    await withPdf(
      async (pdf) => {
        await addScanPage(pdf, jpeg, DPI);
        // (a stamp or another tool's visible text drawn over the scan)
        pdf.getPage(0).drawText('APPROVED', { x: 10, y: 10, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
      },
      async (doc) => {
        expect(doc.scanJpeg(1, DPI)).toBeUndefined();
        expect(same((await scanPixels(doc, 1, DPI, true)).data, doc.renderGrey(1, DPI, true).data)).toBe(true);
      },
    );
    await withPdf(
      (pdf) => addScanPage(pdf, jpeg, DPI),
      async (doc) => {
        expect(doc.scanJpeg(1, 150)).toBeUndefined();
        const at150 = await scanPixels(doc, 1, 150, false);
        expect([at150.width, at150.height]).toEqual([302, 228]);
      },
    );
  });

  it('crops a scan region from its grey pixels as from its PNG', async () => {
    const decoded = await sharp(await scanJpeg(true)).raw().toBuffer({ resolveWithObject: true });
    const img = { data: new Uint8Array(decoded.data), width: decoded.info.width, height: decoded.info.height };
    const png = await sharp(decoded.data, { raw: { width: img.width, height: img.height, channels: 1 } }).png().toBuffer();
    for (const box of [[10.5, 20.2, 200.7, 150] as const, [-5, -5, 1000, 1000] as const]) {
      const a = await sharp(await cropGreyPng(img, [...box])).raw().toBuffer({ resolveWithObject: true });
      const b = await sharp(await cropPng(png, [...box])).raw().toBuffer({ resolveWithObject: true });
      expect(a.info).toEqual(b.info);
      expect(a.data.equals(b.data)).toBe(true);
    }
  });
});
