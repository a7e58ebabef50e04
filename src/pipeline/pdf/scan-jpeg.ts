// A scanned page's own JPEG, when the page is nothing but that picture drawn pixel for pixel:
// the page's grey pixels are then the JPEG decoded natively (libjpeg-turbo in sharp: a grey
// 200-dpi page in ~40 ms) instead of drawn by PDFium (WebAssembly, ~95 ms). Only where the two
// give the same pixels: one grey or RGB 8-bit DCT image, no transparency, upright, covering the
// page box exactly, no annotations, no page rotation.
import type { Pdfium } from './pdfium.js';

const FPDF_PAGEOBJ_IMAGE = 3;
const FPDF_COLORSPACE_DEVICEGRAY = 1;
const FPDF_COLORSPACE_DEVICERGB = 2;
/** Points the picture's edges may miss the page box's by (float rounding of the matrix). */
const EDGE = 0.01;

/**
 * The raw DCTDecode stream of `page`'s only object when it is a grey or RGB JPEG of exactly
 * `width` x `height` pixels covering the page box unturned; undefined otherwise.
 */
export function soleGreyJpeg(pdfium: Pdfium, page: number, width: number, height: number): Buffer | undefined {
  const { api } = pdfium;
  const raw = pdfium.text;
  if (api.FPDFPage_GetRotation(page) !== 0 || api.FPDFPage_GetAnnotCount(page) !== 0) return undefined;
  if (raw.FPDFPage_CountObjects(page) !== 1) return undefined;
  const obj = raw.FPDFPage_GetObject(page, 0);
  if (!obj || raw.FPDFPageObj_GetType(obj) !== FPDF_PAGEOBJ_IMAGE || api.FPDFPageObj_HasTransparency(obj)) return undefined;
  const fits = pdfium.scratch(64, (buf) => {
    if (api.FPDFImageObj_GetImageFilterCount(obj) !== 1) return false;
    const n = api.FPDFImageObj_GetImageFilter(obj, 0, buf, 32);
    if (n !== 10 || pdfium.copyOut(buf, 9).toString('latin1') !== 'DCTDecode') return false;
    // FPDF_IMAGEOBJ_METADATA: width, height, horizontal_dpi, vertical_dpi, bits_per_pixel, colorspace, marked_content_id
    if (!api.FPDFImageObj_GetImageMetadata(obj, page, buf)) return false;
    if (pdfium.i32(buf, 0) !== width || pdfium.i32(buf, 1) !== height) return false;
    const [bits, space] = [pdfium.i32(buf, 4), pdfium.i32(buf, 5)];
    if (!(bits === 8 && space === FPDF_COLORSPACE_DEVICEGRAY) && !(bits === 24 && space === FPDF_COLORSPACE_DEVICERGB)) return false;
    // FS_MATRIX a b c d e f: no turn or shear, not flipped.
    if (!api.FPDFPageObj_GetMatrix(obj, buf)) return false;
    if (pdfium.f32(buf, 1) !== 0 || pdfium.f32(buf, 2) !== 0 || pdfium.f32(buf, 0) <= 0 || pdfium.f32(buf, 3) <= 0) return false;
    // The picture's bounds (left, bottom, right, top) on the page box (FS_RECTF left, top, right, bottom).
    if (!api.FPDFPageObj_GetBounds(obj, buf, buf + 4, buf + 8, buf + 12) || !api.FPDF_GetPageBoundingBox(page, buf + 16)) return false;
    const [l, b, r, t] = [0, 1, 2, 3].map((i) => pdfium.f32(buf, i)) as [number, number, number, number];
    const [bl, bt, br, bb] = [4, 5, 6, 7].map((i) => pdfium.f32(buf, i)) as [number, number, number, number];
    return Math.abs(l - bl) < EDGE && Math.abs(r - br) < EDGE && Math.abs(b - bb) < EDGE && Math.abs(t - bt) < EDGE;
  });
  if (!fits) return undefined;
  const size = api.FPDFImageObj_GetImageDataRaw(obj, 0, 0);
  if (size <= 0) return undefined;
  const ptr = pdfium.malloc(size);
  try {
    return api.FPDFImageObj_GetImageDataRaw(obj, ptr, size) === size ? pdfium.copyOut(ptr, size) : undefined;
  } finally {
    pdfium.free(ptr);
  }
}
