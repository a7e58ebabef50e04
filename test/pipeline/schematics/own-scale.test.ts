// A legend picture drawn much larger on the sheet (a column at two and a half times its legend
// size) whose page pieces do not vote for its scale: other pieces of like shape (arcs of other
// sizes) outvote it, the voted scales fit nothing, and the own-scale search must then try its
// ladder of scales instead of giving the class up.
import { describe, expect, it } from 'vitest';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import { detectSymbols } from '../../../src/pipeline/schematics/symbols.js';
import { soften } from '../../../src/pipeline/schematics/templates.js';
import type { BBox } from '../../../src/pipeline/types.js';

const PEN = 2;

function canvas(w: number, h: number): Mask {
  return { data: new Uint8Array(w * h), width: w, height: h };
}

/** A round pen PEN wide along the points (drawn densely). */
function stroke(m: Mask, pts: Array<[number, number]>): void {
  const r = PEN / 2;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [a, b] = [pts[i]!, pts[i + 1]!];
    const n = Math.ceil(2 * Math.hypot(b[0] - a[0], b[1] - a[1])) + 1;
    for (let k = 0; k <= n; k++) {
      const cx = a[0] + ((b[0] - a[0]) * k) / n;
      const cy = a[1] + ((b[1] - a[1]) * k) / n;
      for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        if (x >= 0 && y >= 0 && x < m.width && y < m.height && (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) m.data[y * m.width + x] = 1;
      }
    }
  }
}

const arc = (cx: number, cy: number, rad: number, from: number, to: number, flat = 1): Array<[number, number]> =>
  Array.from({ length: 25 }, (_, k) => {
    const a = from + ((to - from) * k) / 24;
    return [cx + rad * Math.cos(a), cy + flat * rad * Math.sin(a)];
  });

/** A distillation column: a tall capsule with trays from alternate sides, `s` times the base size. */
function column(m: Mask, x: number, y: number, s: number): BBox {
  const w = 20 * s;
  const h = 84 * s;
  const rad = w / 2;
  stroke(m, arc(x + rad, y + rad, rad, Math.PI, 2 * Math.PI));
  stroke(m, arc(x + rad, y + h - rad, rad, 0, Math.PI));
  stroke(m, [[x, y + rad], [x, y + h - rad]]);
  stroke(m, [[x + w, y + rad], [x + w, y + h - rad]]);
  for (let k = 0; k < 4; k++) {
    const ty = y + rad + ((k + 1) * (h - 2 * rad)) / 5;
    stroke(m, k % 2 ? [[x + w, ty], [x + w - 0.6 * w, ty]] : [[x, ty], [x + 0.6 * w, ty]]);
  }
  return [x, y, x + w, y + h];
}

describe('own scale of a big legend picture', () => {
  it('finds a column drawn 2.5 times its legend size where its pieces are outvoted', async () => {
    const m = canvas(700, 700);
    // The legend picture, right, in its excluded region (a sheet tall enough for the column:
    // no symbol is sought larger than two fifths of its shorter side).
    const legend = column(m, 560, 20, 1);
    const big = column(m, 40, 40, 2.5);
    // Arcs shaped like the legend picture's caps as its residual has them (the cut of its long
    // sides leaves them 16 x 6 inside the pen) at other scales, three of each: they vote.
    for (const [k, s] of [1.3, 1.5, 1.7].entries()) for (let j = 0; j < 3; j++) stroke(m, arc(170 + 110 * j, 80 + 80 * k, 8 * s, Math.PI, 2 * Math.PI, 0.75));
    const ctx = { page: soften(m), cleanMask: m, th: 10, stroke: PEN, exclude: [[540, 0, 700, 700] as BBox] };
    const det = await detectSymbols(ctx, [{ box: [legend[0] - 2, legend[1] - 2, legend[2] + 2, legend[3] + 2] }], true);
    const hit = det.hits.find((h) => h.box[0] < big[2] && h.box[2] > big[0] && h.box[1] < big[3] && h.box[3] > big[1]);
    expect(hit).toBeDefined();
    expect(det.scales[0]).toBeGreaterThan(2.2);
    expect(det.scales[0]).toBeLessThan(2.8);
  });
});
