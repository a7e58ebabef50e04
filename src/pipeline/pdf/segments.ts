// Straight drawn segments (table rulings, diagram edges) from a page's path objects.
import type { Segment } from '../types.js';
import { apply, type Matrix } from './geometry.js';
import { forEachPath } from './path-objects.js';
import type { Pdfium } from './pdfium.js';

// fpdf_edit.h
const FPDF_SEGMENT_LINETO = 0;
const FPDF_SEGMENT_BEZIERTO = 1;
const FPDF_SEGMENT_MOVETO = 2;

/** Filled rectangles thinner than this (points) are drawn rules; they become their centre line. */
const THIN_RULE_PT = 2;

interface Ctx {
  p: Pdfium;
  device: Matrix;
  scale: number;
  /** 6 floats (FS_MATRIX) + 2 floats (point) + 2 ints (draw mode). */
  buf: number;
  out: Segment[];
}

/**
 * Segments of every stroked path (curves skipped; closed subpaths give their closing edge, so a
 * rectangle gives its four edges) and of thin filled rectangles, descending into form XObjects.
 * `device` maps user space to page pixels; `scale` is pixels per point for line widths.
 */
export function readSegments(p: Pdfium, page: number, device: Matrix, scale: number): Segment[] {
  return p.scratch(40, (buf) => {
    const ctx: Ctx = { p, device, scale, buf, out: [] };
    forEachPath(p, page, device, buf, (obj, m) => {
      path(ctx, obj, m);
      return true;
    });
    return ctx.out;
  });
}

function path(ctx: Ctx, obj: number, m: Matrix): void {
  const { p, buf } = ctx;
  const { api } = p;
  const modeAt = buf + 32;
  if (!api.FPDFPath_GetDrawMode(obj, modeAt, modeAt + 4)) return;
  const filled = p.i32(modeAt) !== 0;
  const stroked = p.i32(modeAt + 4) !== 0;
  if (!filled && !stroked) return; // clipping paths and invisible ones

  const points: Array<{ type: number; x: number; y: number; close: boolean }> = [];
  const n = api.FPDFPath_CountSegments(obj);
  for (let i = 0; i < n; i++) {
    const seg = api.FPDFPath_GetPathSegment(obj, i);
    if (!seg || !api.FPDFPathSegment_GetPoint(seg, buf + 24, buf + 28)) continue;
    const [x, y] = apply(m, p.f32(buf, 6), p.f32(buf, 7));
    points.push({ type: api.FPDFPathSegment_GetType(seg), x, y, close: api.FPDFPathSegment_GetClose(seg) });
  }

  const edges: Array<[number, number, number, number]> = [];
  let start: [number, number] | undefined;
  let cur: [number, number] | undefined;
  for (const pt of points) {
    if (pt.type === FPDF_SEGMENT_MOVETO) start = [pt.x, pt.y];
    else if (pt.type === FPDF_SEGMENT_LINETO && cur) edges.push([cur[0], cur[1], pt.x, pt.y]);
    else if (pt.type !== FPDF_SEGMENT_LINETO && pt.type !== FPDF_SEGMENT_BEZIERTO) continue;
    cur = [pt.x, pt.y]; // a curve's points only move the pen
    if (pt.close && start) {
      edges.push([pt.x, pt.y, start[0], start[1]]);
      cur = start;
    }
  }
  const lineWidth = strokeWidth(ctx, obj, m);
  if (stroked) {
    for (const [x0, y0, x1, y1] of edges) push(ctx.out, x0, y0, x1, y1, lineWidth);
  } else {
    thinRule(ctx, edges);
  }
}

/** A filled axis-aligned rectangle thinner than THIN_RULE_PT: its long centre line. */
function thinRule(ctx: Ctx, edges: Array<[number, number, number, number]>): void {
  if (edges.length < 3 || edges.length > 5) return;
  const xs = edges.flatMap((e) => [e[0], e[2]]);
  const ys = edges.flatMap((e) => [e[1], e[3]]);
  const axisAligned = edges.every((e) => Math.abs(e[0] - e[2]) < 0.01 || Math.abs(e[1] - e[3]) < 0.01);
  if (!axisAligned) return;
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const limit = THIN_RULE_PT * ctx.scale;
  const w = x1 - x0;
  const h = y1 - y0;
  if (h <= limit && w > h) push(ctx.out, x0, (y0 + y1) / 2, x1, (y0 + y1) / 2, Math.max(h, 0.5));
  else if (w <= limit && h > w) push(ctx.out, (x0 + x1) / 2, y0, (x0 + x1) / 2, y1, Math.max(w, 0.5));
}

function strokeWidth(ctx: Ctx, obj: number, m: Matrix): number {
  const { p, buf } = ctx;
  const w = p.api.FPDFPageObj_GetStrokeWidth(obj, buf + 24) ? p.f32(buf, 6) : 1;
  // A zero-width line is drawn one device pixel wide.
  return Math.max(w * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])), 1);
}

function push(out: Segment[], x0: number, y0: number, x1: number, y1: number, width: number): void {
  if (Math.hypot(x1 - x0, y1 - y0) < 0.5) return;
  const r = (v: number): number => Math.round(v * 100) / 100;
  out.push({ x0: r(x0), y0: r(y0), x1: r(x1), y1: r(y1), width: r(width) });
}
