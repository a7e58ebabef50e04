// The text of one page: the PDF's text layer when it is usable, else the page image read by
// the OCR engine (scans, photos, image-only PDF pages, pages whose text layer is garbage or
// partial: textQuality). A PDF page that needs OCR is drawn straight into greyscale pixels at
// its scan's resolution and encoded to PNG once, after it has been straightened.
import sharp from 'sharp';
import type { PdfDoc } from '../pdf/document.js';
import { textQuality } from '../pdf/quality.js';
import { CHECK_DPI, implausibleLayer, layerMissesText, type LayerProblem } from './layer-check.js';
import type { GreyPixels } from '../tables/scan-background.js';
import type { PageText, RenderedPage, Segment } from '../types.js';
import { meanConfidence, readScannedPage, type PageRecognizer } from './read-scan.js';

export interface RenderSettings {
  /** The DPI pages are rendered at (PAGELENS_RENDER_DPI). */
  renderDpi: number;
  /** Most pixels a page image may have (PAGELENS_MAX_PAGE_PIXELS). */
  maxPagePixels: number;
}

export interface ReadSettings extends RenderSettings {
  /** 0..1: a text layer of lower quality (textQuality) is read again by OCR. */
  minTextQuality: number;
  /** Highest DPI a scan is drawn at for OCR (default MAX_SCAN_DPI). */
  maxScanDpi?: number;
}

/** The render DPI, lowered for pages so large that maxPagePixels would be exceeded. */
export function dpiFor(settings: RenderSettings, widthPt: number, heightPt: number): number {
  const pixelsAt = (dpi: number): number => ((widthPt * dpi) / 72) * ((heightPt * dpi) / 72);
  const dpi = settings.renderDpi;
  if (pixelsAt(dpi) <= settings.maxPagePixels) return dpi;
  return Math.max(1, Math.floor(dpi * Math.sqrt(settings.maxPagePixels / pixelsAt(dpi))));
}

/** Mean word confidence a reading needs to replace a usable text layer over a scan. */
const SURE_READING = 0.6;

/** A scan drawn within this share of its own resolution is drawn pixel for pixel (PdfDoc.renderGrey). */
const OWN_RESOLUTION = 0.02;

/** Scans are rendered at their own resolution up to this; above it OCR costs more and reads no better. */
export const MAX_SCAN_DPI = 300;

/** Page `n` of `pdf` at the configured DPI (pages whose text layer is read, and page images on their own). */
export function renderPdfPage(pdf: PdfDoc, n: number, settings: RenderSettings): Promise<RenderedPage> {
  const size = pdf.pageSize(n);
  return pdf.render(n, dpiFor(settings, size.width, size.height));
}

export interface PageReading {
  text: PageText;
  /**
   * The page as its words' boxes refer to it: the rendered page, or for a scan the page turned
   * upright and straightened (a greyscale PNG), which is what is stored and shown.
   */
  page: RenderedPage;
  /** Ruling lines found in a scan's pixels (table structure); undefined for a text layer. */
  rules?: Segment[];
  /** A scan's page as read, in grey (the pixels of `page.png`): later steps need not decode it again. */
  grey?: GreyPixels;
}

async function greyOf(png: Buffer): Promise<GreyPixels> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

async function pngOf(img: GreyPixels): Promise<Buffer> {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

/** `known`: the recogniser is told the resolution (a PDF page's, from its size); else it estimates it. */
async function scanned(img: GreyPixels, dpi: number, reader: PageRecognizer, known: boolean): Promise<PageReading> {
  const scan = await readScannedPage(img, reader, known ? dpi : undefined);
  const page = { png: await pngOf(scan.img), width: scan.img.width, height: scan.img.height, dpi };
  return { text: { source: 'ocr', lines: scan.lines }, page, rules: scan.rules, grey: scan.img };
}

/**
 * Why the text layer of a scan (a page covered by a picture of `scanDpi`) is read again: another
 * tool's invisible OCR text that is misread, or a layer that leaves lines of the scan's text
 * uncovered. Born-digital pages (no such picture) are taken as they are.
 */
export function scanLayerProblem(pdf: PdfDoc, n: number, layer: PageText, dpi: number, scanDpi: number | undefined): LayerProblem | undefined {
  if (scanDpi === undefined || layer.lines.length === 0) return undefined;
  if (implausibleLayer(layer, pdf.invisibleTextShare(n))) return 'implausible';
  if (layerMissesText(pdf.renderGrey(n, CHECK_DPI), layer, dpi)) return 'partial';
  return undefined;
}

/**
 * Page `n` of a PDF read as processing reads it: the text layer at the configured DPI when it
 * is usable (textQuality, and for a scan scanLayerProblem); otherwise the page drawn in grey at
 * its scan's own resolution (a picture covering the page: between the configured DPI and
 * MAX_SCAN_DPI; a 200-dpi scan drawn at 150 dpi loses a quarter of every glyph's pixels before
 * recognition) and read as a scan.
 */
export async function readPdfPage(pdf: PdfDoc, n: number, settings: ReadSettings, ocr: () => Promise<PageRecognizer>): Promise<PageReading> {
  const size = pdf.pageSize(n);
  const dpi = dpiFor(settings, size.width, size.height);
  const layer = pdf.text(n, dpi);
  const scan = pdf.scanDpi(n);
  const garbage = textQuality(layer) < settings.minTextQuality;
  if (!garbage && scanLayerProblem(pdf, n, layer, dpi, scan) === undefined) return { text: layer, page: await pdf.render(n, dpi) };
  const reader = await ocr();
  const wanted = scan === undefined ? settings.renderDpi : Math.max(settings.renderDpi, Math.min(settings.maxScanDpi ?? MAX_SCAN_DPI, Math.round(scan)));
  const ocrDpi = dpiFor({ ...settings, renderDpi: wanted }, size.width, size.height);
  // A scan drawn at its own resolution (within 2 %) is drawn pixel for pixel, unsmoothed.
  const own = scan !== undefined && Math.abs(ocrDpi / scan - 1) < OWN_RESOLUTION;
  const read = await scanned(pdf.renderGrey(n, ocrDpi, own), ocrDpi, reader, true);
  // A layer that reads as text but misses part of the scan, or reads oddly, is replaced only by
  // a reading the engine is sure of: a scan in a script it has no model for stays as the layer.
  if (!garbage && meanConfidence(read.text.lines) < SURE_READING) return { text: layer, page: await pdf.render(n, dpi) };
  return read;
}

/**
 * A page image read as a scan: an image file's page already rendered to PNG, or its pixels
 * (renderImageGrey: the same grey values without a PNG encoded and decoded on the way).
 */
export async function readImagePage(page: RenderedPage | (GreyPixels & { dpi: number }), ocr: () => Promise<PageRecognizer>): Promise<PageReading> {
  const reader = await ocr();
  // (an image file's resolution may be a default standing for "unknown": tesseract's estimate then)
  return scanned('png' in page ? await greyOf(page.png) : page, page.dpi, reader, false);
}
