// SVG drawing helpers of the schematic sheet generator: a builder that writes SVG elements in
// millimetres and keeps the extent of what it drew, so every symbol knows its exact box.

export type Side = 'l' | 'r' | 't' | 'b';

export interface Port {
  x: number;
  y: number;
  side: Side;
  /** A port for a dashed signal line (an actuator's top), not a process pipe. */
  signal?: boolean;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const between = (r: Random, lo: number, hi: number): number => lo + r() * (hi - lo);
export const chance = (r: Random, p: number): boolean => r() < p;

const f = (v: number): string => (Math.round(v * 1000) / 1000).toString();

/** SVG elements with their extent (stroke not included). */
export class Pen {
  readonly parts: string[] = [];
  x0 = Infinity;
  y0 = Infinity;
  x1 = -Infinity;
  y1 = -Infinity;

  extend(x: number, y: number): this {
    this.x0 = Math.min(this.x0, x);
    this.y0 = Math.min(this.y0, y);
    this.x1 = Math.max(this.x1, x);
    this.y1 = Math.max(this.y1, y);
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, extra = ''): this {
    this.parts.push(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${extra}/>`);
    return this.extend(x1, y1).extend(x2, y2);
  }

  dashed(x1: number, y1: number, x2: number, y2: number, dash: number): this {
    return this.line(x1, y1, x2, y2, ` stroke-dasharray="${f(dash)} ${f(dash * 0.8)}"`);
  }

  /** A polyline, or a polygon when `closed`; `fill` makes it solid. */
  poly(points: Array<[number, number]>, closed = true, fill = false): this {
    const d = points.map((p) => `${f(p[0])},${f(p[1])}`).join(' ');
    this.parts.push(closed ? `<polygon points="${d}"${fill ? ' fill="#000"' : ''}/>` : `<polyline points="${d}"/>`);
    for (const p of points) this.extend(p[0], p[1]);
    return this;
  }

  circle(cx: number, cy: number, r: number, fill = false): this {
    this.parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${fill ? ' fill="#000"' : ''}/>`);
    return this.extend(cx - r, cy - r).extend(cx + r, cy + r);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill = false): this {
    this.parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}"${fill ? ' fill="#000"' : ''}/>`);
    return this.extend(cx - rx, cy - ry).extend(cx + rx, cy + ry);
  }

  rect(x: number, y: number, w: number, h: number, fill = false): this {
    this.parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${fill ? ' fill="#000"' : ''}/>`);
    return this.extend(x, y).extend(x + w, y + h);
  }

  /** A raw path; the caller extends the box with the path's extremes. */
  path(d: string, fill = false): this {
    this.parts.push(`<path d="${d}"${fill ? ' fill="#000"' : ''}/>`);
    return this;
  }

  get svg(): string {
    return this.parts.join('');
  }
}

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export { f as num };
