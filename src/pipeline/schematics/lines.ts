// Pipes and signal lines as straight horizontal and vertical segments: runs of ink along rows
// (columns) stacked into strokes, thin strokes kept as lines, collinear pieces joined across the
// gaps of a dashed line (never across a symbol), dashed ones marked.
import type { BBox } from '../types.js';
import type { Mask } from './raster.js';

export interface Segment {
  /** 'h': along x at y = pos; 'v': along y at x = pos. */
  dir: 'h' | 'v';
  pos: number;
  start: number;
  end: number;
  /** Stroke thickness in pixels. */
  width: number;
  dashed: boolean;
  /** The widest gap joined across (a dashed line's); 0 or absent for one unbroken stroke. */
  gap?: number;
}

interface Stroke {
  /** Per row (column) of the stroke: run start and end. */
  rows: Array<{ at: number; a: number; b: number }>;
}

/** Strokes along one direction: runs of `minRun` or more, stacked where they overlap. */
function strokes(mask: Mask, horizontal: boolean, minRun: number): Stroke[] {
  const { data, width, height } = mask;
  const lines = horizontal ? height : width;
  const along = horizontal ? width : height;
  const at = (line: number, k: number): number => (horizontal ? data[line * width + k]! : data[k * width + line]!);
  const done: Stroke[] = [];
  let open: Array<{ s: Stroke; a: number; b: number; seen: number }> = [];
  for (let line = 0; line < lines; line++) {
    const runs: Array<[number, number]> = [];
    let start = -1;
    for (let k = 0; k <= along; k++) {
      const on = k < along && at(line, k) === 1;
      if (on && start < 0) start = k;
      else if (!on && start >= 0) {
        if (k - start >= minRun) runs.push([start, k]);
        start = -1;
      }
    }
    const next: typeof open = [];
    for (const [a, b] of runs) {
      const o = open.find((x) => x.seen === line - 1 && Math.min(b, x.b) - Math.max(a, x.a) >= 0.5 * Math.min(b - a, x.b - x.a));
      if (o) {
        o.s.rows.push({ at: line, a, b });
        o.a = a;
        o.b = b;
        o.seen = line;
        next.push(o);
      } else next.push({ s: { rows: [{ at: line, a, b }] }, a, b, seen: line });
    }
    for (const o of open) if (!next.includes(o)) done.push(o.s);
    open = next;
  }
  for (const o of open) done.push(o.s);
  return done;
}

/** A stroke as a segment: its core rows (at least 60% of its longest run) give position and width. */
function toSegment(s: Stroke, dir: 'h' | 'v', maxWidth: number): Segment | null {
  const longest = Math.max(...s.rows.map((r) => r.b - r.a));
  const core = s.rows.filter((r) => r.b - r.a >= 0.6 * longest);
  const width = core.length;
  if (width > maxWidth) return null;
  const start = Math.min(...core.map((r) => r.a));
  const end = Math.max(...core.map((r) => r.b));
  if (end - start < 2 * width) return null;
  const pos = core.reduce((sum, r) => sum + r.at, 0) / core.length + 0.5;
  return { dir, pos, start, end, width, dashed: false };
}

const crossesBox = (s: Segment, from: number, to: number, boxes: BBox[]): boolean =>
  boxes.some((b) => (s.dir === 'h' ? s.pos >= b[1] && s.pos <= b[3] && from < b[2] && to > b[0] : s.pos >= b[0] && s.pos <= b[2] && from < b[3] && to > b[1]));

/** Collinear segments joined across gaps up to `gap` (not across symbols); several gaps make a dashed line. */
function joinCollinear(segs: Segment[], gap: number, boxes: BBox[]): Segment[] {
  const sorted = [...segs].sort((a, b) => a.pos - b.pos || a.start - b.start);
  const out: Array<Segment & { gaps: number; ink: number; widest: number }> = [];
  for (const s of sorted) {
    const prev = [...out].reverse().find((o) => Math.abs(o.pos - s.pos) <= 1.5 && s.start >= o.start);
    if (prev && s.start - prev.end <= gap && s.start - prev.end > 0 && !crossesBox(prev, prev.end, s.start, boxes)) {
      prev.gaps++;
      prev.widest = Math.max(prev.widest, s.start - prev.end);
      prev.ink += s.end - s.start;
      prev.end = Math.max(prev.end, s.end);
      prev.width = Math.max(prev.width, s.width);
      continue;
    }
    if (prev && s.start <= prev.end) {
      prev.ink += Math.max(0, s.end - prev.end);
      prev.end = Math.max(prev.end, s.end);
      continue;
    }
    out.push({ ...s, gaps: 0, ink: s.end - s.start, widest: 0 });
  }
  return out.map(({ gaps, ink, widest, ...s }) => ({ ...s, dashed: gaps >= 2 && ink < 0.85 * (s.end - s.start), gap: widest }));
}

export interface LineOptions {
  /** Shortest run that may be part of a line. */
  minRun: number;
  /** Widest stroke that is a line (not a filled mark). */
  maxWidth: number;
  /** Widest gap of a dashed line. */
  dashGap: number;
  /** Symbols: lines are never joined across them. */
  symbols: BBox[];
}

export function findSegments(mask: Mask, opts: LineOptions): Segment[] {
  const out: Segment[] = [];
  for (const dir of ['h', 'v'] as const) {
    const segs = strokes(mask, dir === 'h', opts.minRun).flatMap((s) => toSegment(s, dir, opts.maxWidth) ?? []);
    out.push(...joinCollinear(segs, opts.dashGap, opts.symbols));
  }
  return out;
}

/**
 * The radius of the largest all-ink disc centred within `search` pixels of (x, y): a junction dot
 * is much wider than the lines that meet in it, a plain crossing is not.
 */
export function inkDiscRadius(mask: Mask, x: number, y: number, search: number, maxR: number): number {
  let best = 0;
  const { data, width, height } = mask;
  const s = Math.ceil(search);
  for (let cy = Math.round(y) - s; cy <= Math.round(y) + s; cy++) {
    for (let cx = Math.round(x) - s; cx <= Math.round(x) + s; cx++) {
      let r = best;
      for (; r <= maxR; r += 0.5) {
        let full = true;
        const ri = Math.ceil(r);
        for (let dy = -ri; dy <= ri && full; dy++) {
          for (let dx = -ri; dx <= ri; dx++) {
            if (dx * dx + dy * dy > r * r) continue;
            const px = cx + dx;
            const py = cy + dy;
            if (px < 0 || py < 0 || px >= width || py >= height || !data[py * width + px]) {
              full = false;
              break;
            }
          }
        }
        if (!full) break;
      }
      best = Math.max(best, r - 0.5);
    }
  }
  return best;
}
