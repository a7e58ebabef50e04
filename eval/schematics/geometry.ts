// Plain geometry of the schematic generator, in millimetres: boxes, rotation of symbol drawings
// by quarter turns, and the tests a new pipe must pass (no symbol hit, clean crossings).
import type { Port, Side } from './draw.js';

export type P = [number, number];
export type Box = [number, number, number, number];
export type Rotation = 0 | 90 | 180 | 270;

export const inflate = (b: Box, m: number): Box => [b[0] - m, b[1] - m, b[2] + m, b[3] + m];
export const overlaps = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
export const inside = (b: Box, r: Box): boolean => b[0] >= r[0] && b[1] >= r[1] && b[2] <= r[2] && b[3] <= r[3];
export const segBox = (a: P, b: P, m: number): Box => [Math.min(a[0], b[0]) - m, Math.min(a[1], b[1]) - m, Math.max(a[0], b[0]) + m, Math.max(a[1], b[1]) + m];
export const dist = (a: P, b: P): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

const TURN: Record<Rotation, Record<Side, Side>> = {
  0: { l: 'l', r: 'r', t: 't', b: 'b' },
  90: { l: 't', t: 'r', r: 'b', b: 'l' },
  180: { l: 'r', r: 'l', t: 'b', b: 't' },
  270: { l: 'b', b: 'r', r: 't', t: 'l' },
};

/** A point of a w x h drawing turned clockwise by `rot` (screen axes, y down), in the turned box. */
export function turn(x: number, y: number, w: number, h: number, rot: Rotation): P {
  switch (rot) {
    case 0:
      return [x, y];
    case 90:
      return [h - y, x];
    case 180:
      return [w - x, h - y];
    case 270:
      return [y, w - x];
  }
}

export const turnSide = (s: Side, rot: Rotation): Side => TURN[rot][s];

/** The SVG transform that draws a w x h drawing (scaled by s) turned by `rot` with its box at x, y. */
export function placeTransform(x: number, y: number, w: number, h: number, rot: Rotation, s: number): string {
  const W = w * s;
  const H = h * s;
  const m: Record<Rotation, string> = { 0: '1 0 0 1 0 0', 90: `0 1 -1 0 ${H} 0`, 180: `-1 0 0 -1 ${W} ${H}`, 270: `0 -1 1 0 0 ${W}` };
  return `translate(${x} ${y}) matrix(${m[rot]}) scale(${s})`;
}

export function turnPorts(ports: Port[], w: number, h: number, rot: Rotation, s: number, x: number, y: number): Port[] {
  return ports.map((p) => {
    const [tx, ty] = turn(p.x * s, p.y * s, w * s, h * s, rot);
    return { ...p, x: x + tx, y: y + ty, side: turnSide(p.side, rot) };
  });
}

/** Axis-aligned segments a-b and c-d crossing at right angles strictly inside both: the point. */
export function crossingPoint(a: P, b: P, c: P, d: P, margin: number): P | null {
  const h1 = a[1] === b[1];
  const h2 = c[1] === d[1];
  if (h1 === h2) return null;
  const [hs, he, vs, ve] = h1 ? [a, b, c, d] : [c, d, a, b];
  const x = vs[0];
  const y = hs[1];
  const within = (v: number, p: number, q: number): boolean => v > Math.min(p, q) + margin && v < Math.max(p, q) - margin;
  return within(x, hs[0], he[0]) && within(y, vs[1], ve[1]) ? [x, y] : null;
}

/** Whether two axis-aligned segments touch or run along each other (anything but a clean crossing). */
export function touches(a: P, b: P, c: P, d: P, gap: number): boolean {
  if (!overlaps(segBox(a, b, gap / 2), segBox(c, d, gap / 2))) return false;
  return crossingPoint(a, b, c, d, gap) === null;
}

export const pieces = (pts: P[]): Array<[P, P]> => pts.slice(1).map((p, i) => [pts[i]!, p]);
