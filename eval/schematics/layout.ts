// Where things go on a generated sheet (millimetres): process rows of equipment and inline items
// joined by pipes (bends where ports differ in height), vertical links between rows that start or
// end at dotted junctions and cross other pipes without a dot, valves on vertical pipes, instrument
// bubbles with signal lines to actuators and impulse lines to pipes, flow arrows and tags.
import { between, chance, pick, type Port, type Random } from './draw.js';
import { crossingPoint, dist, inflate, inside, overlaps, pieces, segBox, touches, turnPorts, type Box, type P, type Rotation } from './geometry.js';
import type { SymbolClass, SymbolDrawing } from './symbols.js';

export interface Item {
  id: string;
  cls: SymbolClass;
  variant: number;
  drawing: SymbolDrawing;
  rot: Rotation;
  /** Drawing scale (mm per drawing unit). */
  s: number;
  /** World box of the turned, scaled drawing (stroke not included). */
  box: Box;
  ports: Port[];
  used: Set<number>;
  tag: string | null;
  /** Lines of text drawn inside the symbol (instruments, connectors). */
  inner: string[] | null;
  tagBox: Box | null;
}

export interface Junction {
  id: string;
  at: P;
}

export interface Edge {
  id: string;
  source: string;
  target: string;
  points: P[];
  kind: 'pipe' | 'signal';
  directed: boolean;
  arrow: { at: P; dir: number } | null;
}

export interface Layout {
  items: Item[];
  junctions: Junction[];
  edges: Edge[];
  crossings: P[];
}

export interface LayoutStyle {
  symbolScale: number;
  /** Inline valves that may stand in vertical pipes. */
  valveClasses: SymbolClass[];
  variants: Map<string, number>;
  tagSize: number;
  arrowLen: number;
}

const CLEAR = 1.2;

export class Planner {
  readonly items: Item[] = [];
  readonly junctions: Junction[] = [];
  readonly edges: Edge[] = [];
  readonly crossings: P[] = [];
  private nextId = 1;
  private nextEdge = 1;
  private readonly numbers = new Set<string>();

  constructor(
    readonly r: Random,
    readonly area: Box,
    readonly style: LayoutStyle,
  ) {}

  /** Boxes nothing else may overlap: symbols, tags. */
  private obstacles(ignore: Set<string> = new Set()): Box[] {
    return this.items.flatMap((it) => [...(ignore.has(it.id) ? [] : [inflate(it.box, CLEAR)]), ...(it.tagBox ? [it.tagBox] : [])]);
  }

  makeItem(cls: SymbolClass, rot: Rotation, x: number, y: number): Item {
    const variant = this.style.variants.get(cls.label) ?? 0;
    const drawing = cls.draw(variant);
    const s = this.style.symbolScale;
    const turned = rot === 90 || rot === 270;
    const w = (turned ? drawing.h : drawing.w) * s;
    const h = (turned ? drawing.w : drawing.h) * s;
    return { id: `s${this.nextId++}`, cls, variant, drawing, rot, s, box: [x, y, x + w, y + h], ports: turnPorts(drawing.ports, drawing.w, drawing.h, rot, s, x, y), used: new Set(), tag: null, inner: null, tagBox: null };
  }

  /** The item moved so that its port `i` lies on `at`. */
  moveTo(it: Item, i: number, at: P): Item {
    const p = it.ports[i]!;
    const dx = at[0] - p.x;
    const dy = at[1] - p.y;
    return { ...it, box: [it.box[0] + dx, it.box[1] + dy, it.box[2] + dx, it.box[3] + dy], ports: it.ports.map((q) => ({ ...q, x: q.x + dx, y: q.y + dy })) };
  }

  fits(box: Box, ignore?: Set<string>, skipEdges: Set<string> = new Set()): boolean {
    return (
      inside(box, this.area) &&
      !this.obstacles(ignore).some((o) => overlaps(o, box)) &&
      !this.edges.some((e) => !skipEdges.has(e.id) && pieces(e.points).some(([a, b]) => overlaps(segBox(a, b, 0.6), box)))
    );
  }

  add(it: Item): Item {
    this.items.push(it);
    return it;
  }

  portOn(it: Item, side: Port['side'], signal = false): number {
    const i = it.ports.findIndex((p, k) => p.side === side && (p.signal ?? false) === signal && !it.used.has(k));
    return i;
  }

  addEdge(source: string, target: string, points: P[], kind: Edge['kind'] = 'pipe'): Edge {
    const e: Edge = { id: `e${this.nextEdge++}`, source, target, points, kind, directed: false, arrow: null };
    this.edges.push(e);
    return e;
  }

  /**
   * Whether a new path may be drawn: inside the area, clear of symbols and tags (its own end items
   * excepted, which it may only touch at their ports), and meeting other pipes only in clean
   * crossings away from bends, junctions and other crossings. Returns the crossings it makes.
   */
  checkPath(points: P[], ends: Item[], skipEdges: Set<string>): P[] | null {
    const ps = pieces(points);
    const endIds = new Set(ends.map((e) => e.id));
    const obstacles = this.obstacles(endIds);
    for (const [a, b] of ps) {
      const box = segBox(a, b, 0.5);
      if (!inside(box, this.area)) return null;
      if (obstacles.some((o) => overlaps(o, box))) return null;
      for (const it of ends) if (overlaps(inflate(it.box, -0.8), segBox(a, b, 0))) return null;
    }
    const found: P[] = [];
    const vertices = [...this.edges.flatMap((e) => e.points), ...this.junctions.map((j) => j.at), ...this.crossings, ...points];
    for (const e of this.edges) {
      if (skipEdges.has(e.id)) continue;
      for (const [c, d] of pieces(e.points)) {
        for (const [a, b] of ps) {
          const x = crossingPoint(a, b, c, d, 5);
          if (x) {
            if (vertices.some((v) => dist(v, x) < 5) || found.some((v) => dist(v, x) < 5)) return null;
            found.push(x);
          } else if (touches(a, b, c, d, 2)) return null;
        }
      }
    }
    return found;
  }

  /** Splits `e` at point `at` (on one of its pieces) with a new junction; returns it. */
  splitEdge(e: Edge, at: P): Junction {
    const j: Junction = { id: `j${this.nextId++}`, at };
    let k = 0;
    for (const [i, [a, b]] of pieces(e.points).entries()) {
      const onH = a[1] === b[1] && at[1] === a[1] && at[0] > Math.min(a[0], b[0]) && at[0] < Math.max(a[0], b[0]);
      const onV = a[0] === b[0] && at[0] === a[0] && at[1] > Math.min(a[1], b[1]) && at[1] < Math.max(a[1], b[1]);
      if (onH || onV) k = i;
    }
    const first = [...e.points.slice(0, k + 1), at];
    const second = [at, ...e.points.slice(k + 1)];
    this.edges.splice(this.edges.indexOf(e), 1);
    this.addEdge(e.source, j.id, first, e.kind);
    this.addEdge(j.id, e.target, second, e.kind);
    this.junctions.push(j);
    return j;
  }

  /** A point on a straight piece of a pipe at least `margin` from its ends and from every other feature. */
  pointOnPipe(e: Edge, horizontal: boolean, margin: number): P | null {
    const options = pieces(e.points).filter(([a, b]) => (horizontal ? a[1] === b[1] : a[0] === b[0]) && dist(a, b) >= 2 * margin + 2);
    if (options.length === 0) return null;
    const [a, b] = pick(this.r, options);
    const t = between(this.r, margin, dist(a, b) - margin) / dist(a, b);
    const at: P = [Math.round((a[0] + (b[0] - a[0]) * t) * 2) / 2, Math.round((a[1] + (b[1] - a[1]) * t) * 2) / 2];
    const features = [...this.junctions.map((j) => j.at), ...this.crossings];
    return features.some((f) => dist(f, at) < margin) ? null : at;
  }

  tagNumber(prefix: string): string {
    for (;;) {
      const n = `${prefix}-${Math.floor(between(this.r, 1, 9.99))}${String(Math.floor(between(this.r, 1, 99.99))).padStart(2, '0')}${chance(this.r, 0.15) ? pick(this.r, ['A', 'B']) : ''}`;
      if (!this.numbers.has(n)) {
        this.numbers.add(n);
        return n;
      }
    }
  }

  /** Puts a tag next to the item (above/below for horizontal runs, right/left otherwise). */
  placeTag(it: Item, text: string, charW: number, verticalRun: boolean): void {
    const size = this.style.tagSize;
    const w = text.length * charW * size;
    const h = size * 0.95;
    const cx = (it.box[0] + it.box[2]) / 2;
    const cy = (it.box[1] + it.box[3]) / 2;
    const gap = 1.6;
    const spots: Box[] = verticalRun
      ? [
          [it.box[2] + gap, cy - h / 2, it.box[2] + gap + w, cy + h / 2],
          [it.box[0] - gap - w, cy - h / 2, it.box[0] - gap, cy + h / 2],
        ]
      : [
          [cx - w / 2, it.box[1] - gap - h, cx + w / 2, it.box[1] - gap],
          [cx - w / 2, it.box[3] + gap, cx + w / 2, it.box[3] + gap + h],
        ];
    const order = chance(this.r, 0.7) ? spots : [...spots].reverse();
    const arrows = this.edges.flatMap((e) => (e.arrow ? [[e.arrow.at[0] - 3, e.arrow.at[1] - 3, e.arrow.at[0] + 3, e.arrow.at[1] + 3] as Box] : []));
    for (const spot of order) {
      const padded = inflate(spot, 0.8);
      if (this.fits(padded, new Set([it.id])) && !overlaps(padded, it.box) && !arrows.some((a) => overlaps(a, padded))) {
        it.tag = text;
        it.tagBox = spot;
        return;
      }
    }
  }
}
