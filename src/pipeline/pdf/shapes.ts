// Drawn path objects of a page with their paint (fill and stroke colours, line width), for readers
// that need the drawing itself rather than its ruling lines: charts drawn as vector graphics.
import { apply, type Matrix } from './geometry.js';
import { forEachPath } from './path-objects.js';
import type { Pdfium } from './pdfium.js';

/** One subpath in page pixels: its points in drawing order (a curve's control points included). */
export interface ShapePath {
  points: Array<[number, number]>;
  closed: boolean;
  /** Has bezier segments (a circle, a rounded corner, an arc). */
  curved: boolean;
}

/** A drawn path object: its subpaths and paint (RGBA, 0-255; null where not filled or stroked). */
export interface DrawnShape {
  paths: ShapePath[];
  fill: [number, number, number, number] | null;
  stroke: [number, number, number, number] | null;
  /** Line width in page pixels (0 when not stroked). */
  strokeWidth: number;
}

// fpdf_edit.h
const FPDF_SEGMENT_LINETO = 0;
const FPDF_SEGMENT_BEZIERTO = 1;
const FPDF_SEGMENT_MOVETO = 2;
/** A page with more path objects than this is a map or a plot of raw samples: not read as shapes. */
const MAX_SHAPES = 20_000;

interface Ctx {
  p: Pdfium;
  device: Matrix;
  /** 6 floats (FS_MATRIX) + 4 uints (colour) + 2 ints (draw mode). */
  buf: number;
  out: DrawnShape[];
}

/**
 * Every filled or stroked path of the page in page pixels (`device` maps user space to them),
 * descending into form XObjects; bezier control points are kept as points of the subpath.
 */
export function readShapes(p: Pdfium, page: number, device: Matrix): DrawnShape[] {
  return p.scratch(64, (buf) => {
    const ctx: Ctx = { p, device, buf, out: [] };
    forEachPath(p, page, device, buf, (obj, m) => {
      const shape = path(ctx, obj, m);
      if (shape) ctx.out.push(shape);
      return ctx.out.length < MAX_SHAPES;
    });
    return ctx.out.length >= MAX_SHAPES ? [] : ctx.out;
  });
}

function colour(ctx: Ctx, obj: number, stroke: boolean): [number, number, number, number] | null {
  const { p, buf } = ctx;
  const at = buf + 24;
  const ok = stroke ? p.api.FPDFPageObj_GetStrokeColor(obj, at, at + 4, at + 8, at + 12) : p.api.FPDFPageObj_GetFillColor(obj, at, at + 4, at + 8, at + 12);
  if (!ok) return null;
  return [p.i32(at, 0), p.i32(at, 1), p.i32(at, 2), p.i32(at, 3)];
}

function path(ctx: Ctx, obj: number, m: Matrix): DrawnShape | undefined {
  const { p, buf } = ctx;
  const { api } = p;
  const modeAt = buf + 40;
  if (!api.FPDFPath_GetDrawMode(obj, modeAt, modeAt + 4)) return undefined;
  const filled = p.i32(modeAt) !== 0;
  const stroked = p.i32(modeAt + 4) !== 0;
  if (!filled && !stroked) return undefined; // clipping paths and invisible ones
  const fill = filled ? colour(ctx, obj, false) : null;
  const stroke = stroked ? colour(ctx, obj, true) : null;
  if ((!fill || fill[3] === 0) && (!stroke || stroke[3] === 0)) return undefined;

  const paths: ShapePath[] = [];
  let cur: ShapePath | undefined;
  const n = api.FPDFPath_CountSegments(obj);
  const pt = buf + 48;
  for (let i = 0; i < n; i++) {
    const seg = api.FPDFPath_GetPathSegment(obj, i);
    if (!seg || !api.FPDFPathSegment_GetPoint(seg, pt, pt + 4)) continue;
    const [x, y] = apply(m, p.f32(pt, 0), p.f32(pt, 1));
    const type = api.FPDFPathSegment_GetType(seg);
    if (type === FPDF_SEGMENT_MOVETO || !cur) {
      cur = { points: [[x, y]], closed: false, curved: false };
      paths.push(cur);
    } else if (type === FPDF_SEGMENT_LINETO || type === FPDF_SEGMENT_BEZIERTO) {
      cur.points.push([x, y]);
      if (type === FPDF_SEGMENT_BEZIERTO) cur.curved = true;
    }
    if (api.FPDFPathSegment_GetClose(seg)) cur.closed = true;
  }
  if (paths.length === 0) return undefined;
  let strokeWidth = 0;
  if (stroke && api.FPDFPageObj_GetStrokeWidth(obj, pt)) strokeWidth = p.f32(pt, 0) * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  return {
    paths,
    fill: fill && fill[3] > 0 ? fill : null,
    stroke: stroke && stroke[3] > 0 ? stroke : null,
    strokeWidth,
  };
}
