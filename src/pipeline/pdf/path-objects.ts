// A page's path objects, form XObjects descended into, each with its full matrix to page pixels:
// the walk the segment reader (table rulings) and the shape reader (vector charts) share.
import { multiply, type Matrix } from './geometry.js';
import type { Pdfium } from './pdfium.js';

// fpdf_edit.h
const FPDF_PAGEOBJ_PATH = 2;
const FPDF_PAGEOBJ_FORM = 5;
const MAX_DEPTH = 8;
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/**
 * Calls `onPath` with every path object of the page and the matrix from its coordinates to page
 * pixels (`device` maps user space to them); the walk stops when `onPath` returns false. `buf` is
 * scratch memory of at least 6 floats (FS_MATRIX), overwritten before each call.
 */
export function forEachPath(p: Pdfium, page: number, device: Matrix, buf: number, onPath: (obj: number, toPixels: Matrix) => boolean): void {
  const { api } = p;
  const objectMatrix = (obj: number): Matrix =>
    api.FPDFPageObj_GetMatrix(obj, buf) ? [p.f32(buf, 0), p.f32(buf, 1), p.f32(buf, 2), p.f32(buf, 3), p.f32(buf, 4), p.f32(buf, 5)] : IDENTITY;
  const visit = (obj: number, parent: Matrix, depth: number): boolean => {
    if (!obj) return true;
    const type = api.FPDFPageObj_GetType(obj);
    if (type === FPDF_PAGEOBJ_FORM && depth < MAX_DEPTH) {
      const m = multiply(objectMatrix(obj), parent);
      const n = api.FPDFFormObj_CountObjects(obj);
      for (let i = 0; i < n; i++) if (!visit(api.FPDFFormObj_GetObject(obj, i), m, depth + 1)) return false;
    } else if (type === FPDF_PAGEOBJ_PATH) return onPath(obj, multiply(multiply(objectMatrix(obj), parent), device));
    return true;
  };
  const count = api.FPDFPage_CountObjects(page);
  for (let i = 0; i < count; i++) if (!visit(api.FPDFPage_GetObject(page, i), IDENTITY, 0)) return;
}
