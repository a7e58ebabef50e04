// Symbols without a legend: the drawing's residual pieces (residual.ts) grouped, and each group
// named by the simple outline most of its ink lies on (a circle, a rectangle, a diamond, the
// crossed diagonals of a valve), "symbol" when none fits.
import type { BBox } from '../types.js';
import type { PlacedSymbol } from './graph.js';
import { seedsOf } from './match.js';
import type { Mask } from './raster.js';
import { pieces, withoutLongRuns } from './residual.js';

type Outline = (x: number, y: number) => number;

/** Distance-like measures from a point (box-relative, 0..1 each axis) to each outline. */
const OUTLINES: Record<string, Outline> = {
  circle: (x, y) => Math.abs(Math.hypot(x - 0.5, y - 0.5) - 0.5),
  rectangle: (x, y) => Math.min(x, 1 - x, y, 1 - y),
  diamond: (x, y) => Math.abs(Math.abs(x - 0.5) + Math.abs(y - 0.5) - 0.5) / Math.SQRT2,
  valve: (x, y) => Math.min(Math.abs(x - y), Math.abs(x + y - 1)) / Math.SQRT2,
};

export function classifyShape(mask: Mask, box: BBox, stroke: number): { cls: string; score: number } {
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const tol = (1.5 * stroke + 1) / Math.max(w, h);
  let ink = 0;
  const near = new Map<string, number>();
  for (let y = Math.floor(box[1]); y < Math.ceil(box[3]); y++) {
    for (let x = Math.floor(box[0]); x < Math.ceil(box[2]); x++) {
      if (!mask.data[y * mask.width + x]) continue;
      ink++;
      const u = (x + 0.5 - box[0]) / w;
      const v = (y + 0.5 - box[1]) / h;
      for (const [name, f] of Object.entries(OUTLINES)) if (f(u, v) <= tol) near.set(name, (near.get(name) ?? 0) + 1);
    }
  }
  let best = { cls: 'symbol', score: 0 };
  for (const [name, n] of near) if (n / Math.max(1, ink) > best.score) best = { cls: name, score: n / Math.max(1, ink) };
  return best.score >= 0.7 ? best : { cls: 'symbol', score: best.score };
}

export function genericShapes(clean: Mask, th: number, stroke: number, exclude: BBox[]): PlacedSymbol[] {
  const residual = withoutLongRuns(clean, Math.round(4 * th));
  const seeds = seedsOf(pieces(residual, 0.6 * th), 0.5 * th, 12 * th);
  const out: PlacedSymbol[] = [];
  for (const b of seeds) {
    const size = Math.max(b[2] - b[0], b[3] - b[1]);
    if (size < 1.5 * th || size > 12 * th) continue;
    const cx = (b[0] + b[2]) / 2;
    const cy = (b[1] + b[3]) / 2;
    if (exclude.some((r) => cx >= r[0] && cx <= r[2] && cy >= r[1] && cy <= r[3])) continue;
    const shape = classifyShape(clean, b, stroke);
    out.push({ box: b, cls: shape.cls, subtype: null, legendId: null, rotation: 0, score: Math.round(shape.score * 100) / 100, tag: null });
  }
  return out;
}
