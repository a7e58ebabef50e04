// The symbol library of the schematic sheet generator: 35 P&ID symbol classes drawn in
// millimetres (valves, fittings, rotating equipment, vessels, exchangers, instruments, an
// off-page connector), most in two drawing variants so that a sheet's style is not the only one
// seen. Each drawing knows its exact extent and its connection ports.
import { Pen, type Port } from './draw.js';

export type SymbolKind = 'valve' | 'actuated' | 'fitting' | 'branch' | 'equipment' | 'instrument' | 'connector';

export interface SymbolDrawing {
  /** Extent in mm; the drawing's box is [0, 0, w, h] (stroke not included). */
  w: number;
  h: number;
  svg: string;
  ports: Port[];
  /** Where text goes inside the symbol (instruments, connectors): centre and line pitch in mm. */
  inner?: { cx: number; cy: number; lines: number; size: number };
}

export interface SymbolClass {
  /** The legend's words; the class name is its slug. */
  label: string;
  kind: SymbolKind;
  variants: number;
  /** Tag prefixes ("FV") the generator picks from; empty: drawn without a tag. */
  tags: string[];
  draw(variant: number): SymbolDrawing;
}

export const slug = (label: string): string => label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

const bowtie = (p: Pen, x: number, y: number, w: number, h: number): Pen => p.poly([[x, y], [x + w, y + h], [x + w, y], [x, y + h]]);

/** Moves the drawing so its extent starts at 0,0 and moves the ports with it. */
function done(p: Pen, ports: Port[], inner?: SymbolDrawing['inner']): SymbolDrawing {
  const dx = -p.x0;
  const dy = -p.y0;
  return {
    w: p.x1 - p.x0,
    h: p.y1 - p.y0,
    svg: dx === 0 && dy === 0 ? p.svg : `<g transform="translate(${dx} ${dy})">${p.svg}</g>`,
    ports: ports.map((q) => ({ ...q, x: q.x + dx, y: q.y + dy })),
    ...(inner ? { inner: { ...inner, cx: inner.cx + dx, cy: inner.cy + dy } } : {}),
  };
}

const lr = (y: number, x1: number, x0 = 0): Port[] => [
  { x: x0, y, side: 'l' },
  { x: x1, y, side: 'r' },
];

const inlineValve = (label: string, tags: string[], extra: (p: Pen, v: number) => void, variants = 2): SymbolClass => ({
  label,
  kind: 'valve',
  variants,
  tags,
  draw(v) {
    const w = v === 0 ? 8 : 9;
    const h = v === 0 ? 5 : 5.6;
    const p = bowtie(new Pen(), 0, 0, w, h);
    extra(p, v);
    return done(p, lr(h / 2, w));
  },
});

const actuated = (label: string, tags: string[], actuator: (p: Pen, v: number) => number): SymbolClass => ({
  label,
  kind: 'actuated',
  variants: 2,
  tags,
  draw(v) {
    const p = new Pen();
    const top = actuator(p, v); // height of the actuator drawn from y=0
    const y = top + 3;
    bowtie(p, 0, y, 8, 5);
    p.line(4, y + 2.5, 4, top);
    return done(p, [...lr(y + 2.5, 8), { x: 4, y: 0, side: 't', signal: true }]);
  },
});

const instrument = (label: string, tags: string[], outline: (p: Pen) => void): SymbolClass => ({
  label,
  kind: 'instrument',
  variants: 1,
  tags,
  draw() {
    const p = new Pen();
    outline(p);
    return done(p, [
      { x: 5.5, y: 11, side: 'b' },
      { x: 0, y: 5.5, side: 'l' },
      { x: 11, y: 5.5, side: 'r' },
      { x: 5.5, y: 0, side: 't' },
    ], { cx: 5.5, cy: 5.5, lines: 2, size: 2.3 });
  },
});

const capsuleV = (p: Pen, w: number, h: number, head: number): Pen =>
  p.path(`M0,${head} A${w / 2},${head} 0 0 1 ${w},${head} L${w},${h - head} A${w / 2},${head} 0 0 1 0,${h - head} Z`).extend(0, 0).extend(w, h);

export const SYMBOL_CLASSES: SymbolClass[] = [
  inlineValve('Gate valve', ['HV', 'XV'], () => undefined, 1),
  inlineValve('Globe valve', ['HV'], (p, v) => p.circle(v === 0 ? 4 : 4.5, v === 0 ? 2.5 : 2.8, v === 0 ? 1 : 1.25, true)),
  inlineValve('Ball valve', ['HV', 'BV'], (p, v) => p.circle(v === 0 ? 4 : 4.5, v === 0 ? 2.5 : 2.8, v === 0 ? 1.5 : 1.9)),
  {
    label: 'Check valve',
    kind: 'valve',
    variants: 2,
    tags: ['NRV', ''],
    draw(v) {
      const p = new Pen();
      if (v === 0) p.poly([[0, 0], [4, 2.5], [0, 5]]).poly([[8, 0], [4, 2.5], [8, 5]], true, true);
      else p.line(0, 0, 0, 5).line(8, 0, 8, 5).line(0, 2.5, 8, 2.5).poly([[2, 0.8], [6, 2.5], [2, 4.2]], true, true);
      return done(p, lr(2.5, 8));
    },
  },
  {
    label: 'Butterfly valve',
    kind: 'valve',
    variants: 2,
    tags: ['HV'],
    draw(v) {
      const p = new Pen().line(0, 0, 0, 6).line(6, 0, 6, 6);
      if (v === 0) p.circle(3, 3, 1, true).line(1.5, 5.6, 4.5, 0.4);
      else p.ellipse(3, 3, 1.2, 2.6);
      return done(p, lr(3, 6));
    },
  },
  inlineValve('Plug valve', ['HV'], (p, v) => p.rect(v === 0 ? 3.2 : 3.6, v === 0 ? 1.3 : 1.4, 1.6, v === 0 ? 2.4 : 2.8, true)),
  {
    label: 'Needle valve',
    kind: 'valve',
    variants: 1,
    tags: ['HV'],
    draw() {
      const p = bowtie(new Pen(), 0, 2, 8, 5).poly([[2.5, 0], [5.5, 0], [4, 4.5]], true, true);
      return done(p, lr(4.5, 8));
    },
  },
  {
    label: 'Diaphragm valve',
    kind: 'valve',
    variants: 1,
    tags: ['HV'],
    draw() {
      const p = bowtie(new Pen(), 0, 2.5, 8, 5).path('M2,2.5 A2,2 0 0 1 6,2.5').extend(2, 0.5).extend(6, 2.5);
      return done(p, lr(5, 8));
    },
  },
  actuated('Control valve', ['FV', 'PV', 'LV', 'TV'], (p, v) => {
    p.path('M1,3 A3,3 0 0 1 7,3 Z', v === 1).extend(1, 0).extend(7, 3);
    return 3;
  }),
  actuated('Solenoid valve', ['XV', 'SV'], (p, v) => {
    p.rect(1.5, 0, 5, 4);
    if (v === 0) p.line(1.5, 0, 6.5, 4).line(6.5, 0, 1.5, 4);
    else p.rect(3, 1.2, 2, 1.6, true);
    return 4;
  }),
  {
    label: 'Angle valve',
    kind: 'branch',
    variants: 1,
    tags: ['HV'],
    draw() {
      const p = new Pen().poly([[0, 0], [0, 5], [3.5, 2.5]]).poly([[1, 6], [6, 6], [3.5, 2.5]]);
      return done(p, [{ x: 0, y: 2.5, side: 'l' }, { x: 3.5, y: 6, side: 'b' }]);
    },
  },
  {
    label: 'Three-way valve',
    kind: 'branch',
    variants: 1,
    tags: ['HV', 'XV'],
    draw() {
      const p = bowtie(new Pen(), 0, 0, 8, 5).poly([[1.5, 7.5], [6.5, 7.5], [4, 2.5]]);
      return done(p, [...lr(2.5, 8), { x: 4, y: 7.5, side: 'b' }]);
    },
  },
  {
    label: 'Relief valve',
    kind: 'branch',
    variants: 1,
    tags: ['PSV'],
    draw() {
      const p = new Pen()
        .poly([[0, 13], [5, 13], [2.5, 9]])
        .poly([[6.5, 6.5], [6.5, 11.5], [2.5, 9]])
        .poly([[2.5, 9], [2.5, 7], [1.2, 6.2], [3.8, 5.2], [1.2, 4.2], [3.8, 3.2], [2.5, 2.5], [2.5, 0]], false)
        .line(1, 0, 4, 0);
      return done(p, [{ x: 2.5, y: 13, side: 'b' }, { x: 6.5, y: 9, side: 'r' }]);
    },
  },
  {
    label: 'Reducer',
    kind: 'fitting',
    variants: 2,
    tags: [],
    draw(v) {
      const p = new Pen().poly(v === 0 ? [[0, 0], [6, 1.2], [6, 3.8], [0, 5]] : [[0, 0], [6, 0], [6, 3], [0, 5]]);
      return done(p, v === 0 ? lr(2.5, 6) : [{ x: 0, y: 2.5, side: 'l' }, { x: 6, y: 1.5, side: 'r' }]);
    },
  },
  {
    label: 'Flange',
    kind: 'fitting',
    variants: 2,
    tags: [],
    draw(v) {
      const w = v === 0 ? 1.2 : 1.6;
      const h = v === 0 ? 5 : 6;
      return done(new Pen().line(0, 0, 0, h).line(w, 0, w, h).line(0, h / 2, w, h / 2), lr(h / 2, w));
    },
  },
  {
    label: 'Spectacle blind',
    kind: 'fitting',
    variants: 1,
    tags: [],
    draw() {
      const p = new Pen().circle(2, 2, 1.8).line(2, 3.8, 2, 4.2).circle(2, 6, 1.8, true);
      return done(p, lr(6, 3.8, 0.2));
    },
  },
  {
    label: 'Orifice plate',
    kind: 'fitting',
    variants: 1,
    tags: ['FE'],
    draw() {
      return done(new Pen().rect(0, 0, 2, 6).line(0, 3, 2, 3).line(1, 0, 1, 6), lr(3, 2));
    },
  },
  {
    label: 'Y-strainer',
    kind: 'fitting',
    variants: 1,
    tags: ['S', 'Y'],
    draw() {
      const p = new Pen().line(0, 1.5, 7, 1.5).line(3.5, 1.5, 6, 5.5).line(5, 6.3, 7, 4.7).line(0, 0, 0, 3).line(7, 0, 7, 3);
      return done(p, lr(1.5, 7));
    },
  },
  {
    label: 'Filter',
    kind: 'valve',
    variants: 2,
    tags: ['F', 'FL'],
    draw(v) {
      const p = new Pen().poly([[0, 3], [3, 0], [6, 3], [3, 6]]);
      if (v === 0) p.line(3, 0, 3, 6);
      else p.line(2, 1, 2, 5).line(4, 1, 4, 5);
      return done(p, lr(3, 6));
    },
  },
  {
    label: 'Centrifugal pump',
    kind: 'equipment',
    variants: 2,
    tags: ['P'],
    draw(v) {
      const p = new Pen().circle(5, 5, 5).line(5, 0, 10, 0);
      if (v === 0) p.line(2, 9, 0.8, 11).line(8, 9, 9.2, 11).line(0, 11, 10, 11);
      else p.poly([[3.5, 2.8], [7.5, 5], [3.5, 7.2]], true, true);
      return done(p, [{ x: 0, y: 5, side: 'l' }, { x: 10, y: 0, side: 'r' }]);
    },
  },
  {
    label: 'Positive displacement pump',
    kind: 'valve',
    variants: 2,
    tags: ['P'],
    draw(v) {
      const p = new Pen().circle(5, 5, 5);
      if (v === 0) p.circle(3.2, 5, 1.5).circle(6.8, 5, 1.5);
      else p.rect(2.6, 2.6, 4.8, 4.8);
      return done(p, lr(5, 10));
    },
  },
  {
    label: 'Compressor',
    kind: 'valve',
    variants: 2,
    tags: ['K', 'C'],
    draw(v) {
      const p = new Pen();
      if (v === 0) p.circle(6, 6, 6).line(1.2, 2.4, 10.8, 4.2).line(1.2, 9.6, 10.8, 7.8);
      else p.poly([[0, 0], [10, 3], [10, 7], [0, 10]]).circle(5, 5, 1.5);
      return done(p, v === 0 ? lr(6, 12) : lr(5, 10));
    },
  },
  {
    label: 'Blower',
    kind: 'valve',
    variants: 2,
    tags: ['B'],
    draw(v) {
      const p = new Pen().circle(5, 5, 5);
      if (v === 0) p.line(1.5, 1.5, 8.5, 8.5).line(8.5, 1.5, 1.5, 8.5);
      else p.line(5, 5, 5, 0.5).line(5, 5, 1.1, 7.25).line(5, 5, 8.9, 7.25);
      return done(p, lr(5, 10));
    },
  },
  {
    label: 'Vertical vessel',
    kind: 'equipment',
    variants: 2,
    tags: ['V', 'D'],
    draw(v) {
      const p = capsuleV(new Pen(), 14, 36, v === 0 ? 7 : 3.5);
      return done(p, [...lr(18, 14), { x: 7, y: 0, side: 't' }, { x: 7, y: 36, side: 'b' }]);
    },
  },
  {
    label: 'Horizontal vessel',
    kind: 'equipment',
    variants: 1,
    tags: ['V', 'D'],
    draw() {
      const p = new Pen()
        .path('M7,0 L29,0 A7,7 0 0 1 29,14 L7,14 A7,7 0 0 1 7,0 Z')
        .extend(0, 0)
        .extend(36, 14)
        .poly([[8, 14], [11, 14], [12, 17], [7, 17]])
        .poly([[25, 14], [28, 14], [29, 17], [24, 17]]);
      return done(p, [...lr(7, 36), { x: 18, y: 0, side: 't' }]);
    },
  },
  {
    label: 'Storage tank',
    kind: 'equipment',
    variants: 2,
    tags: ['TK', 'T'],
    draw(v) {
      const p = new Pen();
      if (v === 0) p.poly([[0, 6], [15, 0], [30, 6]], false).rect(0, 6, 30, 22);
      else p.path('M0,4 Q15,-4 30,4').extend(15, 0).rect(0, 4, 30, 24);
      return done(p, [...lr(v === 0 ? 24 : 24, 30), { x: 15, y: 0, side: 't' }]);
    },
  },
  {
    label: 'Shell and tube exchanger',
    kind: 'equipment',
    variants: 2,
    tags: ['E'],
    draw(v) {
      const p = new Pen();
      if (v === 0) {
        p.rect(0, 0, 26, 10).path('M26,0 A5,5 0 0 1 26,10').extend(31, 5).line(4, 0, 4, 10).path('M4,3 L27,3 A2,2 0 0 1 27,7 L4,7').extend(29, 5);
        return done(p, [...lr(5, 31), { x: 10, y: 0, side: 't' }, { x: 20, y: 10, side: 'b' }]);
      }
      p.rect(0, 0, 30, 10).line(3, 0, 3, 10).line(27, 0, 27, 10).line(3, 2.5, 27, 2.5).line(3, 5, 27, 5).line(3, 7.5, 27, 7.5);
      return done(p, [...lr(5, 30), { x: 10, y: 0, side: 't' }, { x: 20, y: 10, side: 'b' }]);
    },
  },
  {
    label: 'Plate heat exchanger',
    kind: 'equipment',
    variants: 2,
    tags: ['E'],
    draw(v) {
      const p = new Pen().rect(0, 0, 12, 18);
      if (v === 0) for (const x of [2, 4, 6, 8, 10]) p.line(x, 2, x, 16);
      else p.poly([[2, 3], [10, 6], [2, 9], [10, 12], [2, 15]], false);
      return done(p, lr(9, 12));
    },
  },
  {
    label: 'Heat exchanger',
    kind: 'valve',
    variants: 1,
    tags: ['E'],
    draw() {
      const p = new Pen().circle(5, 5, 5).poly([[0, 5], [2, 5], [3, 2], [4.3, 8], [5.7, 2], [7, 8], [8, 5], [10, 5]], false);
      return done(p, lr(5, 10));
    },
  },
  {
    label: 'Distillation column',
    kind: 'equipment',
    variants: 1,
    tags: ['C', 'T'],
    draw() {
      const p = capsuleV(new Pen(), 12, 50, 6);
      for (const [i, y] of [12, 18, 24, 30, 36].entries()) p.line(i % 2 === 0 ? 0 : 4, y, i % 2 === 0 ? 8 : 12, y);
      return done(p, [...lr(25, 12), { x: 6, y: 0, side: 't' }, { x: 6, y: 50, side: 'b' }]);
    },
  },
  {
    label: 'Off-page connector',
    kind: 'connector',
    variants: 1,
    tags: [],
    draw() {
      const p = new Pen().poly([[0, 0], [16, 0], [20, 3.5], [16, 7], [0, 7]]);
      return done(p, lr(3.5, 20), { cx: 8, cy: 3.5, lines: 1, size: 2.2 });
    },
  },
  instrument('Field instrument', ['PI', 'TI', 'PT', 'TT', 'FT', 'LT', 'LG'], (p) => p.circle(5.5, 5.5, 5.5)),
  instrument('Panel instrument', ['FIC', 'LIC', 'PIC', 'TIC'], (p) => p.circle(5.5, 5.5, 5.5).line(0, 5.5, 11, 5.5)),
  instrument('DCS instrument', ['FIC', 'LIC', 'PIC', 'TIC', 'FY'], (p) => p.rect(0, 0, 11, 11).circle(5.5, 5.5, 5.5)),
  instrument('PLC instrument', ['XS', 'HS', 'UY'], (p) => p.rect(0, 0, 11, 11).poly([[5.5, 0], [11, 5.5], [5.5, 11], [0, 5.5]])),
];

export const classByLabel = new Map(SYMBOL_CLASSES.map((c) => [c.label, c]));
