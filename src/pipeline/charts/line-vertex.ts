// A line chart is a polyline with a vertex at every data point. Read at the category's column, the
// trace is off at a sharp vertex (the stroke and its marker spread along the steeper side, the
// more so where a scan's blur thickens them) and on a steep segment a category position a few
// pixels off (a tick blurred wide, a label's box) misreads the value. The segments on either side
// are straight between the vertices: fitted away from the vertex and extended, they meet at it.

/** A straight fit of the trace over some columns: y at column x0, and its slope. */
export interface SideFit {
  y0: number;
  slope: number;
  /** Root-mean-square distance of the columns from the fit (pixels). */
  rms: number;
}

/**
 * Least-squares line through the trace's known columns in [from, to], its y given at `x0`; one
 * refit without columns far off the first (a crossing line's or a label's pixels in the trace).
 * Undefined with fewer than `minColumns` columns.
 */
export function fitSide(line: Float64Array, from: number, to: number, x0: number, minColumns: number): SideFit | undefined {
  const xs: number[] = [], ys: number[] = [];
  for (let x = Math.max(0, Math.ceil(from)); x <= Math.min(line.length - 1, Math.floor(to)); x++)
    if (!Number.isNaN(line[x]!)) {
      xs.push(x - x0);
      ys.push(line[x]!);
    }
  let fit = leastSquares(xs, ys);
  if (!fit || xs.length < minColumns) return undefined;
  const limit = Math.max(2, 2.5 * fit.rms);
  const keep = xs.map((x, i) => Math.abs(ys[i]! - (fit!.y0 + fit!.slope * x)) <= limit);
  if (keep.some((k) => !k)) {
    const kx = xs.filter((_, i) => keep[i]), ky = ys.filter((_, i) => keep[i]);
    if (kx.length < minColumns) return undefined;
    fit = leastSquares(kx, ky);
  }
  return fit;
}

function leastSquares(xs: number[], ys: number[]): SideFit | undefined {
  const n = xs.length;
  if (n < 2) return undefined;
  const mx = xs.reduce((s, v) => s + v, 0) / n, my = ys.reduce((s, v) => s + v, 0) / n;
  let sxx = 0, sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (ys[i]! - my);
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx, y0 = my - slope * mx;
  const rms = Math.sqrt(xs.reduce((s, x, i) => s + (ys[i]! - y0 - slope * x) ** 2, 0) / n);
  return { y0, slope, rms };
}

/** Share of the spacing kept clear of a vertex (its marker, the stroke's turn) on either side. */
const NEAR = 0.2;
/** Share of the spacing a side's fit reaches out to (short of the next vertex). */
const FAR = 0.8;

/**
 * The line's y at the data point whose category sits at column `x` (categories `spacing` apart):
 * where straight segments on both sides meet within a fifth of the spacing of `x`, the meeting
 * point; where they run on in one direction (a point on a straight stretch), their mean at `x`.
 * Undefined where either side is missing or not straight (a smoothed curve, an end of the line):
 * the caller then reads the trace where it is.
 */
export function vertexAt(line: Float64Array, x: number, spacing: number): number | undefined {
  if (!(spacing >= 12)) return undefined;
  const minColumns = Math.max(4, Math.round(0.3 * (FAR - NEAR) * spacing));
  const left = fitSide(line, x - FAR * spacing, x - NEAR * spacing, x, minColumns);
  const right = fitSide(line, x + NEAR * spacing, x + FAR * spacing, x, minColumns);
  if (!left || !right) return undefined;
  // A side that bends (a smoothed curve) is no straight segment.
  const bend = Math.max(1.5, 0.02 * spacing);
  if (left.rms > bend || right.rms > bend) return undefined;
  const turn = left.slope - right.slope;
  // Nearly one direction on both sides: the point lies on a straight stretch.
  if (Math.abs(turn) < 0.05) return Math.abs(left.y0 - right.y0) <= 2 * bend ? (left.y0 + right.y0) / 2 : undefined;
  const dx = (right.y0 - left.y0) / turn;
  if (Math.abs(dx) > NEAR * spacing) return undefined;
  return left.y0 + left.slope * dx;
}
