// Tick marks along the bottom axis: where a category axis puts its categories, whether or not its
// labels can be read (labels drawn at an angle, or too small for OCR). A tick is a short run of
// rule pixels standing on the axis line, inward or outward; a gridline meeting the axis counts
// too (gridlines are drawn at the ticks).
import type { Rules } from './marks.js';

/**
 * x positions of the ticks on the lowest long horizontal rule of the frame `ruled`, between its
 * left and right sides (the frame's own sides are not ticks). Adjacent columns make one tick.
 */
export function bottomTicks(rules: Rules, width: number, height: number, ruled: [number, number, number, number], rgb?: Uint8Array): number[] {
  const onAxis = axisTicks(rules, width, height, ruled);
  return onAxis.length >= 2 || !rgb ? onAxis : hangingTicks(rules, rgb, width, height, ruled);
}

/**
 * A panel drawn without an axis line (a grey ground) has its ticks hang a pixel or two below its
 * edge, not standing on a rule: short dark grey strokes starting within 3 pixels below the lowest
 * rule and ending on paper. Ticks are all alike, so only the strokes of the commonest start and
 * length are kept (letters of a label set close under the panel start and end anywhere).
 */
function hangingTicks(rules: Rules, rgb: Uint8Array, width: number, height: number, ruled: [number, number, number, number]): number[] {
  const bottom = rules.horizontal.filter((r) => r.y >= ruled[3] - 4);
  if (bottom.length === 0) return [];
  const yBot = Math.max(...bottom.map((r) => r.y));
  const reach = Math.max(3, Math.round(height * 0.05));
  const inked = (x: number, y: number): boolean => {
    const i = 3 * (y * width + x), r = rgb[i]!, g = rgb[i + 1]!, b = rgb[i + 2]!;
    return Math.max(r, g, b) - Math.min(r, g, b) < 36 && r + g + b < 3 * 200;
  };
  const strokes: { x: number; y0: number; n: number }[] = [];
  for (let x = ruled[0] + 3; x < ruled[2] - 3; x++) {
    let y0 = yBot + 1;
    while (y0 <= yBot + 3 && y0 < height && !inked(x, y0)) y0++;
    if (y0 > yBot + 3) continue;
    let n = 0;
    while (y0 + n < height && n <= reach && inked(x, y0 + n)) n++;
    if (n >= 3 && n <= reach) strokes.push({ x, y0, n });
  }
  const key = (s: { y0: number; n: number }): string => `${s.y0}:${s.n}`;
  const counts = new Map<string, number>();
  for (const s of strokes) counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  const common = [...counts].sort((p, q) => q[1] - p[1])[0]?.[0];
  return strokeCentres(strokes.filter((s) => key(s) === common).map((s) => s.x), 2);
}

/**
 * The centres of runs of adjacent columns (sorted) no wider than `maxSpan` pixels: wider runs are
 * no tick stroke (a letter or a bar's outline lying on the axis).
 */
function strokeCentres(cols: number[], maxSpan: number): number[] {
  const ticks: number[] = [];
  for (let i = 0; i < cols.length; ) {
    let j = i;
    while (j + 1 < cols.length && cols[j + 1]! - cols[j]! <= 1) j++;
    if (cols[j]! - cols[i]! <= maxSpan) ticks.push((cols[i]! + cols[j]!) / 2);
    i = j + 1;
  }
  return ticks;
}

function axisTicks(rules: Rules, width: number, height: number, ruled: [number, number, number, number]): number[] {
  const bottom = rules.horizontal.filter((r) => r.y >= ruled[3] - 4);
  if (bottom.length === 0) return [];
  const yTop = Math.min(...bottom.map((r) => r.y)), yBot = Math.max(...bottom.map((r) => r.y));
  const x0 = Math.max(...bottom.map((r) => r.x0), ruled[0]), x1 = Math.min(...bottom.map((r) => r.x1), ruled[2]);
  // A tick is at least 3 pixels long (shorter runs are anti-aliased text or a marker's edge) and
  // at most a twentieth of the picture's height beyond the line (longer: a gridline, counted alike).
  const reach = Math.max(3, Math.round(height * 0.05));
  const runFrom = (x: number, y: number, step: number): number => {
    let n = 0;
    for (let yy = y; yy >= 0 && yy < height && n < reach && rules.mask[yy * width + x]; yy += step) n++;
    return n;
  };
  const cols: number[] = [];
  for (let x = x0 + 3; x < x1 - 3; x++) if (runFrom(x, yTop - 1, -1) >= 3 || runFrom(x, yBot + 1, 1) >= 3) cols.push(x);
  return strokeCentres(cols, 4);
}

/**
 * The evenly spaced ticks of a category axis: the longest run of ticks whose gaps agree within
 * 15 % (a stray short stroke, or the frame's corner, breaks no run of a real axis's ticks).
 */
export function evenTicks(ticks: number[]): number[] {
  let best: number[] = [];
  for (let i = 0; i + 1 < ticks.length; i++) {
    const d = ticks[i + 1]! - ticks[i]!;
    if (d < 4) continue;
    const run = [ticks[i]!, ticks[i + 1]!];
    for (let j = i + 2; j < ticks.length; j++) {
      const gap = ticks[j]! - run[run.length - 1]!;
      if (Math.abs(gap - d) <= Math.max(1.5, 0.15 * d)) run.push(ticks[j]!);
      else if (gap > d * 1.15) break;
    }
    if (run.length > best.length) best = run;
  }
  return best;
}

/**
 * Where a line chart's categories sit when no tick marks show (a grey ground with white gridlines):
 * the series' bends, pooled. Every series bends at the categories (markers and corners), so the
 * pooled bends, merged within `near` pixels, hold the categories at even steps; a stray bend
 * between two is skipped by the even run.
 */
export function vertexSlots(bends: number[][], near: number): number[] {
  const xs = bends.flat().sort((a, b) => a - b);
  const centres: number[] = [];
  for (let i = 0; i < xs.length; ) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1]! - xs[j]! <= near) j++;
    centres.push((xs[i]! + xs[j]!) / 2);
    i = j + 1;
  }
  return evenTicks(centres);
}
