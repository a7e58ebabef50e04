// The text of one page: the PDF's text layer when it is usable, else the page image read by
// the OCR engine (scans, photos, image-only PDF pages, pages whose text layer is garbage).
import sharp from 'sharp';
import type { PdfDoc } from '../pdf/document.js';
import { textQuality } from '../pdf/quality.js';
import type { GreyPixels } from '../tables/scan-background.js';
import type { PageText, RenderedPage, Segment } from '../types.js';
import { readScannedPage, type PageRecognizer } from './read-scan.js';

export interface PageTextInput {
  /** The PDF the page belongs to; absent for image files. */
  pdf?: PdfDoc | null;
  pageNumber: number;
  page: RenderedPage;
  /** The OCR engine, started only when the page needs it. */
  ocr: () => Promise<PageRecognizer>;
  /** 0..1: a text layer of lower quality (textQuality) is read again by OCR. */
  minTextQuality: number;
}

export interface RenderSettings {
  /** The DPI pages are rendered at (PAGELENS_RENDER_DPI). */
  renderDpi: number;
  /** Most pixels a page image may have (PAGELENS_MAX_PAGE_PIXELS). */
  maxPagePixels: number;
}

/** The render DPI, lowered for pages so large that maxPagePixels would be exceeded. */
export function dpiFor(settings: RenderSettings, widthPt: number, heightPt: number): number {
  const pixelsAt = (dpi: number): number => ((widthPt * dpi) / 72) * ((heightPt * dpi) / 72);
  const dpi = settings.renderDpi;
  if (pixelsAt(dpi) <= settings.maxPagePixels) return dpi;
  return Math.max(1, Math.floor(dpi * Math.sqrt(settings.maxPagePixels / pixelsAt(dpi))));
}

/** Scans are rendered at their own resolution up to this; above it OCR costs more and reads no better. */
export const MAX_SCAN_DPI = 300;

/**
 * Page `n` of `pdf` as processing renders it: at the configured DPI, or a scanned page (one
 * picture covering it) at the scan's own resolution between that and MAX_SCAN_DPI. A 200-dpi
 * scan rendered at 150 dpi loses a quarter of every glyph's pixels before recognition.
 */
export function renderPdfPage(pdf: PdfDoc, n: number, settings: RenderSettings & { minTextQuality: number }): Promise<RenderedPage> {
  const size = pdf.pageSize(n);
  const scan = pdf.scanDpi(n);
  // (a picture under a usable text layer, a background or an OCRed scan, is not read again: no need for its pixels)
  const ocr = scan !== undefined && scan > settings.renderDpi && textQuality(pdf.text(n, 72)) < settings.minTextQuality;
  const wanted = ocr ? Math.min(MAX_SCAN_DPI, Math.round(scan)) : settings.renderDpi;
  return pdf.render(n, dpiFor({ ...settings, renderDpi: wanted }, size.width, size.height));
}

export interface PageReading {
  text: PageText;
  /**
   * The page as its words' boxes refer to it: the rendered page, or for a scan the page turned
   * upright and straightened (a new greyscale PNG), which is what is stored and shown.
   */
  page: RenderedPage;
  /** Ruling lines found in a scan's pixels (table structure); undefined for a text layer. */
  rules?: Segment[];
}

async function greyOf(png: Buffer): Promise<GreyPixels> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

export async function readPageText(input: PageTextInput): Promise<PageReading> {
  const { pdf, pageNumber, page } = input;
  if (pdf) {
    const layer = pdf.text(pageNumber, page.dpi);
    if (textQuality(layer) >= input.minTextQuality) return { text: layer, page };
  }
  const reader = await input.ocr();
  const scan = await readScannedPage(await greyOf(page.png), reader);
  let out = page;
  if (scan.turns || scan.skew) {
    const { data, width, height } = scan.img;
    const png = await sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels: 1 } })
      .png({ compressionLevel: 3, adaptiveFiltering: false })
      .toBuffer();
    out = { png, width, height, dpi: page.dpi };
  }
  return { text: { source: 'ocr', lines: scan.lines }, page: out, rules: scan.rules };
}
