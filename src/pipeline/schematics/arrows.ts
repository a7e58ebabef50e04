// Flow arrows on lines: a filled arrowhead widens the line over a short stretch, wide at its
// base and narrowing to its point, so the line's width profile is lopsided there; it points to
// its narrow end. A junction dot widens it evenly and is not an arrow.
import type { BBox } from '../types.js';
import type { Segment } from './lines.js';
import type { Pt } from './network.js';
import type { Mask } from './raster.js';

export interface FoundArrow {
  box: BBox;
  /** Clockwise degrees: 0 right, 90 down, 180 left, 270 up. */
  direction: number;
  /** The segment and where along it (its coordinate). */
  seg: Segment;
  at: number;
}

/** Width of the ink across the line at `t`, counted outwards from the line while it stays ink. */
function across(mask: Mask, s: Segment, t: number, reach: number): number {
  const { data, width, height } = mask;
  let n = 0;
  const c = Math.round(s.pos - 0.5);
  for (const dir of [-1, 1]) {
    for (let k = dir === -1 ? 0 : 1; k <= reach; k++) {
      const u = c + dir * k;
      const [x, y] = s.dir === 'h' ? [t, u] : [u, t];
      if (x < 0 || y < 0 || x >= width || y >= height || !data[y * width + x]) break;
      n++;
    }
  }
  return n;
}

export function findArrows(mask: Mask, segs: Segment[], avoid: Pt[], th: number): FoundArrow[] {
  const out: FoundArrow[] = [];
  const reach = Math.round(1.5 * th);
  for (const s of segs) {
    if (s.dashed) continue;
    const thick = Math.max(2.2 * s.width, s.width + 4);
    const prof: number[] = [];
    for (let t = Math.floor(s.start); t < Math.ceil(s.end); t++) prof.push(across(mask, s, t, reach));
    let i = 0;
    while (i < prof.length) {
      if (prof[i]! < thick) {
        i++;
        continue;
      }
      let j = i;
      while (j < prof.length && prof[j]! >= 0.6 * thick) j++;
      // Include the narrow tip, which may be thinner than `thick`.
      const a = i;
      const b = j;
      i = j;
      const len = b - a;
      if (len < 3 || len > 3 * th) continue;
      const t0 = s.start + a;
      const t1 = s.start + b;
      const mid = (t0 + t1) / 2;
      const centre: Pt = s.dir === 'h' ? [mid, s.pos] : [s.pos, mid];
      if (avoid.some((p) => Math.hypot(p[0] - centre[0], p[1] - centre[1]) < len / 2 + 2 * s.width)) continue;
      const third = Math.max(1, Math.floor(len / 3));
      const head = prof.slice(a, a + third).reduce((x, y) => x + y, 0) / third;
      const tail = prof.slice(b - third, b).reduce((x, y) => x + y, 0) / third;
      if (Math.max(head, tail) < 1.4 * Math.min(head, tail)) continue;
      const widest = Math.max(...prof.slice(a, b));
      if (len < 0.8 * widest) continue;
      // Wide at the start: it points towards increasing coordinates.
      const forward = head > tail;
      const direction = s.dir === 'h' ? (forward ? 0 : 180) : forward ? 90 : 270;
      const half = widest / 2;
      const box: BBox = s.dir === 'h' ? [t0, s.pos - half, t1, s.pos + half] : [s.pos - half, t0, s.pos + half, t1];
      out.push({ box, direction, seg: s, at: mid });
    }
  }
  return out;
}
