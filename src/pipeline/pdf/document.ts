// A PDF opened in PDFium: page sizes, page images, text with boxes and drawn segments.
// Page numbers are 1-based, like the API's page_number. Every PDFium handle is freed before a
// method returns, so memory stays flat however many pages are processed.
import sharp from 'sharp';
import { PipelineError, type BBox, type PageText, type RenderedPage, type Segment } from '../types.js';
import { apply, deviceMatrix, type Matrix, type PageBox } from './geometry.js';
import { discardIfTrapped, getPdfium, type Pdfium } from './pdfium.js';
import { readSegments } from './segments.js';
import { readShapes, type DrawnShape } from './shapes.js';
import { charsToWords, dropDuplicateChars, orderLines, type PlacedChar } from './text-order.js';

export interface PdfDoc {
  readonly pageCount: number;
  /**
   * Page size in points as displayed (after /Rotate, and after the quarter turns that bring a
   * page whose text mostly runs sideways or upside down upright: see uprightTurns).
   */
  pageSize(n: number): { width: number; height: number };
  /** The page as a PNG on white, annotations included, at `dpi`. */
  render(n: number, dpi: number): Promise<RenderedPage>;
  /**
   * The page as greyscale pixels (one byte each, rows top to bottom), as `render` draws it;
   * `unsmoothed`: pictures drawn without PDFium's image smoothing (see renderGrey below).
   */
  renderGrey(n: number, dpi: number, unsmoothed?: boolean): { data: Uint8Array; width: number; height: number };
  /** Words and lines from the text layer, in page pixels at `dpi`, lines in reading order. */
  text(n: number, dpi: number): PageText;
  /** Straight stroked lines and rectangle edges, in page pixels at `dpi`. */
  segments(n: number, dpi: number): Segment[];
  /** Every filled or stroked path with its colours, in page pixels at `dpi` (vector charts). */
  shapes(n: number, dpi: number): DrawnShape[];
  /**
   * The resolution of the picture that covers the page when the page is a scan (an image over
   * at least SCAN_COVER of it), in pixels per inch as displayed; undefined otherwise.
   */
  scanDpi(n: number): number | undefined;
  /**
   * Share (0..1) of the text layer's characters drawn invisibly (render modes 3 and 7): the
   * text another tool's OCR lays over a scan. 0 for a page without text.
   */
  invisibleTextShare(n: number): number;
  close(): void;
}

/** Share of the page an image must cover for the page to be a scan of that image. */
const SCAN_COVER = 0.8;
const FPDF_PAGEOBJ_IMAGE = 3;
// fpdf_edit.h FPDF_TEXT_RENDERMODE: 3 draws nothing, 7 only adds the glyphs to the clip path.
const TEXT_RENDER_INVISIBLE = 3;
const TEXT_RENDER_CLIP = 7;
const MAX_MODE_SAMPLES = 2000;

// fpdfview.h
const FPDF_ERR_PASSWORD = 4;
const FPDF_ERR_SECURITY = 5;
const FPDF_ANNOT = 0x01;
const FPDF_REVERSE_BYTE_ORDER = 0x10;
const FPDF_RENDER_NO_SMOOTHIMAGE = 0x2000;
const FPDFBitmap_BGR = 2;

const MALFORMED = 'The PDF is damaged or truncated and cannot be read';

/** A page is turned upright only when this many characters and most of them agree on a direction. */
const MIN_CHARS_TO_TURN = 20;
const TURN_SHARE = 0.6;

function openError(code: number, withPassword: boolean): PipelineError {
  if (code === FPDF_ERR_PASSWORD) {
    return new PipelineError(withPassword ? 'The password for the PDF is wrong' : 'The PDF is protected by a password', 'encrypted');
  }
  if (code === FPDF_ERR_SECURITY) return new PipelineError('The PDF uses an unsupported encryption scheme', 'unsupported');
  return new PipelineError(MALFORMED, 'malformed'); // FPDF_ERR_FILE, _FORMAT, _UNKNOWN
}

export async function openPdf(data: Uint8Array, options: { password?: string } = {}): Promise<PdfDoc> {
  const pdfium = await getPdfium();
  const { api } = pdfium;
  let dataPtr: number; // PDFium reads from this buffer until the document closes
  try {
    dataPtr = pdfium.copyIn(data);
  } catch (err) {
    discardIfTrapped(err);
    throw new PipelineError('The PDF is too large to open', 'unsupported');
  }
  let doc = 0;
  try {
    doc = api.FPDF_LoadMemDocument(dataPtr, data.length, options.password ?? '');
    if (!doc) throw openError(api.FPDF_GetLastError(), !!options.password);
    const pageCount = api.FPDF_GetPageCount(doc);
    if (pageCount <= 0) throw new PipelineError(MALFORMED, 'malformed');
    return new Document(pdfium, doc, dataPtr, pageCount);
  } catch (err) {
    if (doc) api.FPDF_CloseDocument(doc);
    pdfium.free(dataPtr);
    discardIfTrapped(err);
    throw err;
  }
}

class Document implements PdfDoc {
  private closed = false;
  /** Extra clockwise quarter turns per page (uprightTurns), read once. */
  private readonly turns = new Map<number, number>();
  /** scanDpi per page, read once (with the text layer, on the same page load). */
  private readonly scanDpis = new Map<number, number | undefined>();

  constructor(
    private readonly pdfium: Pdfium,
    private readonly doc: number,
    private readonly dataPtr: number,
    readonly pageCount: number,
  ) {}

  pageSize(n: number): { width: number; height: number } {
    return this.withPage(n, (page) => this.size(page, n));
  }

  async render(n: number, dpi: number): Promise<RenderedPage> {
    const raw = this.renderRaw(n, dpi);
    const rowBytes = raw.width * 3;
    const packed = raw.stride === rowBytes ? raw.pixels : packRows(raw.pixels, raw.stride, rowBytes, raw.height);
    const png = await sharp(packed, { raw: { width: raw.width, height: raw.height, channels: 3 } })
      .png({ compressionLevel: 3, adaptiveFiltering: false }) // ~40% faster than 6 for ~5% more bytes
      .toBuffer();
    return { png, width: raw.width, height: raw.height, dpi };
  }

  /**
   * `unsmoothed` is for a scan drawn at its own resolution: PDFium smooths a picture even at
   * 1:1, and its filter lands a fraction of a pixel off, which softens every glyph (5 % less
   * edge contrast; a 150-dpi scan read 0.912 of its words instead of 0.971 from the JPEG itself).
   * Scaled pictures (up or down) need the smoothing: nearest pixels alias.
   */
  renderGrey(n: number, dpi: number, unsmoothed = false): { data: Uint8Array; width: number; height: number } {
    const raw = this.renderRaw(n, dpi, unsmoothed ? FPDF_RENDER_NO_SMOOTHIMAGE : 0);
    const { width, height, stride, pixels } = raw;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0, i = y * stride, o = y * width; x < width; x++, i += 3, o++) {
        // Rec. 601 luma in integers, as libvips' greyscale conversion weighs the channels.
        data[o] = (pixels[i]! * 77 + pixels[i + 1]! * 150 + pixels[i + 2]! * 29) >> 8;
      }
    }
    return { data, width, height };
  }

  /** The page drawn by PDFium into an RGB bitmap (rows `stride` bytes apart). */
  private renderRaw(n: number, dpi: number, flags = 0): { pixels: Buffer; width: number; height: number; stride: number } {
    const { api } = this.pdfium;
    return this.withPage(n, (page) => {
      const size = this.size(page, n);
      const width = Math.max(1, Math.round((size.width * dpi) / 72));
      const height = Math.max(1, Math.round((size.height * dpi) / 72));
      const bitmap = api.FPDFBitmap_CreateEx(width, height, FPDFBitmap_BGR, 0, 0);
      if (!bitmap) throw new PipelineError(`Page ${n} is too large to render at ${dpi} dpi`, 'too_many_pixels');
      try {
        api.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
        // Reverse byte order: PDFium writes RGB, which sharp takes as is.
        api.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, this.upright(page, n), FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER | flags);
        const stride = api.FPDFBitmap_GetStride(bitmap);
        const pixels = this.pdfium.copyOut(api.FPDFBitmap_GetBuffer(bitmap), stride * height);
        return { pixels, width, height, stride };
      } finally {
        api.FPDFBitmap_Destroy(bitmap);
      }
    }, dpi);
  }

  text(n: number, dpi: number): PageText {
    const chars = this.withPage(n, (page) => {
      // Whether the page is a scan decides how far its text layer is trusted: found on this load.
      if (!this.scanDpis.has(n)) this.scanDpis.set(n, this.scanDpiOf(page));
      const size = this.size(page, n);
      const bounds: Bounds = [(size.width * dpi) / 72, (size.height * dpi) / 72];
      return this.readChars(page, this.matrix(page, n, dpi), bounds);
    }, dpi);
    const lines = orderLines(charsToWords(dropDuplicateChars(chars)));
    return { source: lines.length ? 'pdf' : 'none', lines };
  }

  segments(n: number, dpi: number): Segment[] {
    return this.withPage(n, (page) => readSegments(this.pdfium, page, this.matrix(page, n, dpi), dpi / 72), dpi);
  }

  shapes(n: number, dpi: number): DrawnShape[] {
    return this.withPage(n, (page) => readShapes(this.pdfium, page, this.matrix(page, n, dpi)), dpi);
  }

  scanDpi(n: number): number | undefined {
    if (!this.scanDpis.has(n)) this.scanDpis.set(n, this.withPage(n, (page) => this.scanDpiOf(page)));
    return this.scanDpis.get(n);
  }

  private scanDpiOf(page: number): number | undefined {
    const p = this.pdfium;
    const { api } = p;
    return p.scratch(16, (buf) => {
      const pageArea = api.FPDF_GetPageWidthF(page) * api.FPDF_GetPageHeightF(page);
      let dpi: number | undefined;
      const raw = p.text;
      const count = raw.FPDFPage_CountObjects(page);
      for (let i = 0; i < count; i++) {
        const obj = raw.FPDFPage_GetObject(page, i);
        if (!obj || raw.FPDFPageObj_GetType(obj) !== FPDF_PAGEOBJ_IMAGE) continue;
        if (!api.FPDFPageObj_GetBounds(obj, buf, buf + 4, buf + 8, buf + 12)) continue;
        const area = (p.f32(buf, 2) - p.f32(buf, 0)) * (p.f32(buf, 3) - p.f32(buf, 1));
        if (area < SCAN_COVER * pageArea) continue;
        if (!api.FPDFImageObj_GetImagePixelSize(obj, buf, buf + 4)) continue;
        // Pixels over square inches, whichever way the image is turned on the page.
        const px = p.i32(buf, 0) * p.i32(buf, 1);
        if (px > 0 && area > 0) dpi = Math.max(dpi ?? 0, Math.sqrt(px / (area / 5184)));
      }
      return dpi;
    });
  }

  invisibleTextShare(n: number): number {
    const { api } = this.pdfium;
    return this.withPage(n, (page) => {
      const textPage = api.FPDFText_LoadPage(page);
      if (!textPage) return 0;
      try {
        const count = this.pdfium.text.FPDFText_CountChars(textPage);
        // A sample is enough for a share, and keeps the wrapped calls few on long pages.
        const step = Math.max(1, Math.floor(count / MAX_MODE_SAMPLES));
        const modes = new Map<number, number>();
        let seen = 0;
        let invisible = 0;
        for (let i = 0; i < count; i += step) {
          const obj = api.FPDFText_GetTextObject(textPage, i);
          if (!obj) continue;
          let mode = modes.get(obj);
          if (mode === undefined) modes.set(obj, (mode = api.FPDFTextObj_GetTextRenderMode(obj)));
          seen++;
          if (mode === TEXT_RENDER_INVISIBLE || mode === TEXT_RENDER_CLIP) invisible++;
        }
        return seen ? invisible / seen : 0;
      } finally {
        api.FPDFText_ClosePage(textPage);
      }
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pdfium.api.FPDF_CloseDocument(this.doc);
    this.pdfium.free(this.dataPtr);
  }

  private withPage<T>(n: number, fn: (page: number) => T, dpi = 72): T {
    if (!Number.isFinite(dpi) || dpi <= 0) throw new RangeError(`DPI must be a positive number, got ${dpi}`);
    if (this.closed) throw new Error('The PDF document is closed');
    if (!Number.isInteger(n) || n < 1 || n > this.pageCount) throw new RangeError(`Page ${n} is outside 1..${this.pageCount}`);
    const { api } = this.pdfium;
    const page = api.FPDF_LoadPage(this.doc, n - 1);
    if (!page) throw new PipelineError(`Page ${n} of the PDF is damaged and cannot be read`, 'malformed');
    try {
      return fn(page);
    } catch (err) {
      discardIfTrapped(err);
      throw err;
    } finally {
      api.FPDF_ClosePage(page);
    }
  }

  /** Displayed size in points, the upright turns included. */
  private size(page: number, n: number): { width: number; height: number } {
    const { api } = this.pdfium;
    const [w, h] = [api.FPDF_GetPageWidthF(page), api.FPDF_GetPageHeightF(page)];
    return this.upright(page, n) % 2 ? { width: h, height: w } : { width: w, height: h };
  }

  /** The same page box and rotation PDFium renders with (/Rotate, then the upright turns). */
  private matrix(page: number, n: number, dpi: number): Matrix {
    return this.baseMatrix(page, dpi, this.upright(page, n));
  }

  private baseMatrix(page: number, dpi: number, extraTurns: number): Matrix {
    const { api } = this.pdfium;
    return this.pdfium.scratch(16, (rect) => {
      // FS_RECTF: left, top, right, bottom
      if (!api.FPDF_GetPageBoundingBox(page, rect)) throw new PipelineError(MALFORMED, 'malformed');
      const box: PageBox = { left: this.pdfium.f32(rect, 0), top: this.pdfium.f32(rect, 1), right: this.pdfium.f32(rect, 2), bottom: this.pdfium.f32(rect, 3) };
      return deviceMatrix(box, api.FPDFPage_GetRotation(page) + extraTurns, dpi);
    });
  }

  private upright(page: number, n: number): number {
    let t = this.turns.get(n);
    if (t === undefined) {
      t = this.uprightTurns(page);
      this.turns.set(n, t);
    }
    return t;
  }

  /**
   * Clockwise quarter turns that make the page's text read left to right: a table set sideways
   * (or a page whose /Rotate leaves its text running down the screen) is analysed, rendered and
   * highlighted upright, like a scanner's auto-rotation. Each character's direction is its
   * matrix's x axis as displayed; the page turns when most characters run one other way.
   */
  private uprightTurns(page: number): number {
    const p = this.pdfium;
    const raw = p.text;
    const m = this.baseMatrix(page, 72, 0);
    const textPage = p.api.FPDFText_LoadPage(page);
    if (!textPage) return 0;
    try {
      return p.scratch(24, (buf) => {
        const votes = [0, 0, 0, 0];
        const count = raw.FPDFText_CountChars(textPage);
        for (let i = 0; i < count; i++) {
          if (raw.FPDFText_IsGenerated(textPage, i) === 1 || charText(raw.FPDFText_GetUnicode(textPage, i), false).trim() === '') continue;
          if (!raw.FPDFText_GetMatrix(textPage, i, buf)) continue;
          const [a, b] = [p.f32(buf, 0), p.f32(buf, 1)];
          const dx = m[0] * a + m[2] * b;
          const dy = m[1] * a + m[3] * b;
          if (dx === 0 && dy === 0) continue;
          // Device y points down, so a positive angle is clockwise: 1 = text running down the page.
          const q = ((Math.round(Math.atan2(dy, dx) / (Math.PI / 2)) % 4) + 4) % 4;
          votes[q]!++;
        }
        const total = votes.reduce((s, v) => s + v, 0);
        const best = votes.indexOf(Math.max(...votes));
        if (best === 0 || total < MIN_CHARS_TO_TURN || votes[best]! < TURN_SHARE * total) return 0;
        return (4 - best) % 4;
      });
    } finally {
      p.api.FPDFText_ClosePage(textPage);
    }
  }

  /** Characters in content order; those entirely off the page (invisible there) are dropped. */
  private readChars(page: number, m: Matrix, [width, height]: Bounds): PlacedChar[] {
    const p = this.pdfium;
    const raw = p.text;
    const textPage = p.api.FPDFText_LoadPage(page);
    if (!textPage) return [];
    try {
      // One scratch block: FS_RECTF (left, top, right, bottom floats) then the origin's two doubles.
      return p.scratch(32, (buf) => {
        const count = raw.FPDFText_CountChars(textPage);
        const chars: PlacedChar[] = [];
        for (let i = 0; i < count; i++) {
          const code = raw.FPDFText_GetUnicode(textPage, i);
          const text = charText(code, raw.FPDFText_HasUnicodeMapError(textPage, i) === 1);
          if (raw.FPDFText_IsGenerated(textPage, i) === 1 || text.trim() === '') {
            chars.push(BREAK);
            continue;
          }
          if (!raw.FPDFText_GetLooseCharBox(textPage, i, buf)) continue;
          const [x0, y0] = apply(m, p.f32(buf, 0), p.f32(buf, 1));
          const [x1, y1] = apply(m, p.f32(buf, 2), p.f32(buf, 3));
          let baseline = Number.NaN;
          if (raw.FPDFText_GetCharOrigin(textPage, i, buf + 16, buf + 24)) baseline = apply(m, p.f64(buf + 16), p.f64(buf + 24))[1];
          // The page matrix only turns by quarter turns, so two opposite corners bound the box.
          const bbox: BBox = [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
          if (bbox[2] < 0 || bbox[3] < 0 || bbox[0] > width || bbox[1] > height) continue;
          chars.push({ text, bbox, baseline });
        }
        return chars;
      });
    } finally {
      p.api.FPDFText_ClosePage(textPage);
    }
  }
}

/** PDFium marks a hyphen that ends a line as U+0002; unmappable glyphs become U+FFFD for textQuality. */
function charText(code: number, mapError: boolean): string {
  if (code === 2) return '-';
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || mapError) return '\uFFFD';
  return String.fromCodePoint(code);
}

/** Page size in pixels. */
type Bounds = [number, number];

const BREAK: PlacedChar = { text: ' ', bbox: [0, 0, 0, 0], baseline: Number.NaN };

function packRows(src: Buffer, stride: number, rowBytes: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(rowBytes * height);
  for (let y = 0; y < height; y++) src.copy(out, y * rowBytes, y * stride, y * stride + rowBytes);
  return out;
}
