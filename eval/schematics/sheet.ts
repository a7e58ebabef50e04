// One generated sheet in millimetres: its style, the classes it uses, the legend table, the notes
// block, the title block, the frame and the drawing (plan.ts), written out as one SVG, with the
// truth about everything drawn.
import { between, chance, esc, num, pick, type Random } from './draw.js';
import { inflate, placeTransform, turn, type Box, type P } from './geometry.js';
import type { Item, Layout } from './layout.js';
import { planDrawing } from './plan.js';
import { slug, SYMBOL_CLASSES, type SymbolClass } from './symbols.js';

export interface SheetStyle {
  W: number;
  H: number;
  dpi: number;
  font: string;
  symbolScale: number;
  symbolStroke: number;
  pipeStroke: number;
  signalStroke: number;
  tagSize: number;
  legendSize: number;
  legendScale: number;
  legendGrid: 'full' | 'rows' | 'outer' | 'none';
  legendPos: 'right' | 'bottom';
  legendUpper: boolean;
  legendHeading: string;
  junctionR: number;
  arrowLen: number;
  zones: boolean;
  variants: Map<string, number>;
}

export interface LegendTruth {
  label: string;
  cls: string;
  /** The symbol's picture in the legend, stroke included. */
  box: Box;
}

export interface SheetMm {
  style: SheetStyle;
  svg: string;
  layout: Layout;
  legend: LegendTruth[];
  legendBox: Box;
  titleBox: Box;
  notesBox: Box | null;
  drawingArea: Box;
}

const CHAR_W = 0.72;
const NOTES = [
  'ALL LINES TO BE SLOPED TOWARDS DRAINS.',
  'INSTRUMENT TAGS FOLLOW ISA 5.1.',
  'VALVES ARE SHOWN IN THEIR NORMAL POSITION.',
  'DIMENSIONS IN MILLIMETRES UNLESS NOTED.',
  'VENTS AND DRAINS ARE NOT SHOWN.',
  'HEAT TRACE ALL WATER LINES.',
  'CONTROL VALVES FAIL CLOSED.',
  'SEE PID-100-002 FOR UTILITIES.',
  'LINE SIZES IN INCHES.',
];

export function chooseStyle(r: Random, opts: { dpi?: number; paper?: 'A3' | 'A4' } = {}): SheetStyle {
  const paper = opts.paper ?? (chance(r, 0.7) ? 'A3' : 'A4');
  const variants = new Map(SYMBOL_CLASSES.map((c) => [c.label, Math.floor(r() * c.variants)]));
  return {
    W: paper === 'A3' ? 420 : 297,
    H: paper === 'A3' ? 297 : 210,
    dpi: opts.dpi ?? pick(r, [150, 200, 250, 300]),
    font: pick(r, ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'DejaVu Sans Condensed']),
    symbolScale: between(r, 0.95, 1.3),
    symbolStroke: between(r, 0.25, 0.45),
    pipeStroke: between(r, 0.3, 0.6),
    signalStroke: between(r, 0.22, 0.32),
    tagSize: between(r, 2.4, 3.2),
    legendSize: between(r, 2.4, 3.0),
    legendScale: chance(r, 0.6) ? 1 : between(r, 0.75, 1.4),
    legendGrid: pick(r, ['full', 'full', 'rows', 'outer', 'none'] as const),
    legendPos: chance(r, 0.7) ? 'right' : 'bottom',
    legendUpper: chance(r, 0.3),
    legendHeading: pick(r, ['LEGEND', 'SYMBOL LEGEND', 'LEGEND OF SYMBOLS', 'Legend']),
    junctionR: between(r, 0.8, 1.3),
    arrowLen: between(r, 2.8, 4),
    zones: chance(r, 0.5),
    variants,
  };
}

/** The sheet's classes: equipment for row ends, inline items, instruments; 11 to 18 in all. */
function chooseClasses(r: Random): SymbolClass[] {
  const byKind = (k: SymbolClass['kind'][]): SymbolClass[] => SYMBOL_CLASSES.filter((c) => k.includes(c.kind)).sort(() => r() - 0.5);
  const equipment = byKind(['equipment', 'connector']).slice(0, 2 + Math.floor(r() * 3));
  const inline = byKind(['valve', 'actuated', 'fitting', 'branch']).slice(0, 6 + Math.floor(r() * 7));
  const instruments = byKind(['instrument']).slice(0, 1 + Math.floor(r() * 3));
  if (!inline.some((c) => c.kind === 'actuated')) inline.push(byKind(['actuated'])[0]!);
  return [...equipment, ...inline, ...instruments];
}

const text = (x: number, y: number, s: string, size: number, anchor: 'start' | 'middle' = 'start'): string =>
  `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}"${anchor === 'middle' ? ' text-anchor="middle"' : ''}>${esc(s)}</text>`;

interface Block {
  w: number;
  h: number;
  /** Draws the block with its top-left corner at x, y; returns SVG and the truth it makes. */
  draw(x: number, y: number): { svg: string; legend: LegendTruth[] };
}

function legendBlock(style: SheetStyle, classes: SymbolClass[], maxH: number): Block {
  const size = style.legendSize;
  const ls = style.symbolScale * style.legendScale;
  const drawings = classes.map((c) => c.draw(style.variants.get(c.label) ?? 0));
  // Big equipment is drawn smaller in the legend than on the sheet, so its rows stay low.
  const scales = drawings.map((d) => Math.min(ls, 22 / d.h, 34 / d.w));
  const labels = classes.map((c) => (style.legendUpper ? c.label.toUpperCase() : c.label));
  const symW = Math.max(16, ...drawings.map((d, k) => d.w * scales[k]! + 7));
  const labW = Math.max(...labels.map((l) => l.length)) * CHAR_W * size * 0.85 + 7;
  const rowH = drawings.map((d, k) => Math.max(size * 2.8, d.h * scales[k]! + 4.5));
  const head = size * 3.2;
  let pairs = 1;
  const split = (p: number): number[][] => {
    const per = Math.ceil(classes.length / p);
    return Array.from({ length: p }, (_, i) => classes.map((_, k) => k).slice(i * per, (i + 1) * per));
  };
  const colH = (ks: number[]): number => ks.reduce((s, k) => s + rowH[k]!, 0);
  while (pairs < 6 && Math.max(...split(pairs).map(colH)) + head > maxH) pairs++;
  const cols = split(pairs);
  const h = head + Math.max(...cols.map(colH));
  const w = pairs * (symW + labW);
  return {
    w,
    h,
    draw(x, y) {
      const out: string[] = [];
      const legend: LegendTruth[] = [];
      const grid = style.legendGrid;
      const lw = 0.35;
      if (grid !== 'none') out.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" stroke-width="${lw}"/>`, `<line x1="${num(x)}" y1="${num(y + head)}" x2="${num(x + w)}" y2="${num(y + head)}" stroke-width="${lw}"/>`);
      const texts = [text(x + w / 2, y + head / 2 + size * 0.36, style.legendHeading, size * 1.1, 'middle')];
      cols.forEach((ks, p) => {
        const cx = x + p * (symW + labW);
        if (grid === 'full' || (grid !== 'none' && p > 0)) {
          if (p > 0) out.push(`<line x1="${num(cx)}" y1="${num(y + head)}" x2="${num(cx)}" y2="${num(y + h)}" stroke-width="${lw}"/>`);
          if (grid === 'full') out.push(`<line x1="${num(cx + symW)}" y1="${num(y + head)}" x2="${num(cx + symW)}" y2="${num(y + h)}" stroke-width="${lw}"/>`);
        }
        let ry = y + head;
        for (const k of ks) {
          const d = drawings[k]!;
          const scale = scales[k]!;
          const sx = cx + (symW - d.w * scale) / 2;
          const sy = ry + (rowH[k]! - d.h * scale) / 2;
          out.push(`<g transform="${placeTransform(sx, sy, d.w, d.h, 0, scale)}" stroke-width="${num(style.symbolStroke / scale)}">${d.svg}</g>`);
          legend.push({ label: labels[k]!, cls: slug(classes[k]!.label), box: inflate([sx, sy, sx + d.w * scale, sy + d.h * scale], style.symbolStroke / 2) });
          texts.push(text(cx + symW + 2.5, ry + rowH[k]! / 2 + size * 0.36, labels[k]!, size));
          ry += rowH[k]!;
          if ((grid === 'full' || grid === 'rows') && ry < y + h - 0.1) out.push(`<line x1="${num(cx)}" y1="${num(ry)}" x2="${num(cx + symW + labW)}" y2="${num(ry)}" stroke-width="${lw}"/>`);
        }
      });
      return { svg: out.join('') + `<g fill="#000" stroke="none">${texts.join('')}</g>`, legend };
    },
  };
}

function notesBlock(r: Random, size: number): Block {
  const lines = ['NOTES:', ...[...NOTES].sort(() => r() - 0.5).slice(0, 3 + Math.floor(r() * 3)).map((n, i) => `${i + 1}. ${n}`)];
  const boxed = chance(r, 0.5);
  const w = Math.max(...lines.map((l) => l.length)) * CHAR_W * size * 0.85 + 6;
  const h = lines.length * size * 1.6 + 4;
  return {
    w,
    h,
    draw(x, y) {
      const t = lines.map((l, i) => text(x + 3, y + 3 + size * (1.6 * i + 1), l, size));
      return { svg: (boxed ? `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" stroke-width="0.35"/>` : '') + `<g fill="#000" stroke="none">${t.join('')}</g>`, legend: [] };
    },
  };
}

function titleBlock(r: Random, w: number, h: number): Block {
  const rows = ['PAGELENS PROCESS CO.', `P&ID UNIT ${Math.floor(between(r, 100, 900))} ${pick(r, ['FEED', 'REFLUX', 'COOLING WATER', 'STEAM', 'PRODUCT'])}`, `DWG PID-${Math.floor(between(r, 100, 999))}-00${Math.floor(between(r, 1, 9))}  REV ${Math.floor(between(r, 0, 5))}`, 'DATE 2026-11-25  SCALE NTS'];
  return {
    w,
    h,
    draw(x, y) {
      const rh = h / rows.length;
      const lines = rows.slice(1).map((_, i) => `<line x1="${num(x)}" y1="${num(y + rh * (i + 1))}" x2="${num(x + w)}" y2="${num(y + rh * (i + 1))}" stroke-width="0.35"/>`);
      const t = rows.map((s, i) => text(x + 2.5, y + rh * i + rh / 2 + 1, s, Math.min(2.8, rh * 0.45)));
      return { svg: `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" stroke-width="0.5"/>${lines.join('')}<g fill="#000" stroke="none">${t.join('')}</g>`, legend: [] };
    },
  };
}

function itemSvg(it: Item, style: SheetStyle): string {
  const d = it.drawing;
  const g = `<g transform="${placeTransform(it.box[0], it.box[1], d.w, d.h, it.rot, it.s)}" stroke-width="${num(style.symbolStroke / it.s)}">${d.svg}</g>`;
  if (!it.inner || !d.inner) return g;
  const [cx, cy] = turn(d.inner.cx * it.s, d.inner.cy * it.s, d.w * it.s, d.h * it.s, it.rot);
  const size = d.inner.size * Math.min(1.15, it.s);
  const x = it.box[0] + cx;
  const y = it.box[1] + cy;
  const lines = it.inner.length === 1 ? [text(x, y + size * 0.36, it.inner[0]!, size, 'middle')] : [text(x, y - 0.9, it.inner[0]!, size, 'middle'), text(x, y + 0.9 + size * 0.73, it.inner[1]!, size, 'middle')];
  return `${g}<g fill="#000" stroke="none">${lines.join('')}</g>`;
}

function drawingSvg(layout: Layout, style: SheetStyle): string {
  const out: string[] = [];
  for (const e of layout.edges) {
    const pts = e.points.map((p) => `${num(p[0])},${num(p[1])}`).join(' ');
    out.push(e.kind === 'signal' ? `<polyline points="${pts}" stroke-width="${num(style.signalStroke)}" stroke-dasharray="2 1.3"/>` : `<polyline points="${pts}" stroke-width="${num(style.pipeStroke)}"/>`);
    if (e.arrow) out.push(`<polygon points="${arrowPoints(e.arrow.at, e.arrow.dir, style.arrowLen).map((p) => `${num(p[0])},${num(p[1])}`).join(' ')}" fill="#000" stroke="none"/>`);
  }
  for (const j of layout.junctions) out.push(`<circle cx="${num(j.at[0])}" cy="${num(j.at[1])}" r="${num(style.junctionR)}" fill="#000" stroke="none"/>`);
  for (const it of layout.items) out.push(itemSvg(it, style));
  const tags = layout.items.flatMap((it) => (it.tagBox && !it.inner && it.tag ? [text((it.tagBox[0] + it.tagBox[2]) / 2, it.tagBox[3] - style.tagSize * 0.11, it.tag, style.tagSize, 'middle')] : []));
  out.push(`<g fill="#000" stroke="none">${tags.join('')}</g>`);
  return out.join('');
}

export function arrowPoints(at: P, dir: number, len: number): P[] {
  const a = (dir * Math.PI) / 180;
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  const hw = len * 0.38;
  return [
    [at[0] + (ux * len) / 2, at[1] + (uy * len) / 2],
    [at[0] - (ux * len) / 2 - uy * hw, at[1] - (uy * len) / 2 + ux * hw],
    [at[0] - (ux * len) / 2 + uy * hw, at[1] - (uy * len) / 2 - ux * hw],
  ];
}

function zoneMarks(style: SheetStyle): string {
  const out: string[] = [];
  const t: string[] = [];
  const n = Math.round((style.W - 20) / 50);
  for (let i = 0; i <= n; i++) {
    const x = 10 + ((style.W - 20) * i) / n;
    out.push(`<line x1="${num(x)}" y1="5" x2="${num(x)}" y2="10"/>`, `<line x1="${num(x)}" y1="${num(style.H - 10)}" x2="${num(x)}" y2="${num(style.H - 5)}"/>`);
    if (i < n) t.push(text(x + (style.W - 20) / n / 2, 8.8, String(i + 1), 2.5, 'middle'), text(x + (style.W - 20) / n / 2, style.H - 6.2, String(i + 1), 2.5, 'middle'));
  }
  return `<g stroke-width="0.3">${out.join('')}</g><g fill="#000" stroke="none">${t.join('')}</g>`;
}

export function composeSheet(r: Random, opts: { dpi?: number; paper?: 'A3' | 'A4' } = {}): SheetMm {
  const style = chooseStyle(r, opts);
  const classes = chooseClasses(r);
  const { W, H } = style;
  const frame: Box = [10, 10, W - 10, H - 10];
  const title = titleBlock(r, W === 420 ? 85 : 75, W === 420 ? 30 : 26);
  const notes = notesBlock(r, style.legendSize * 0.9);
  // Unused classes in the legend too, as real legends have.
  const extra = SYMBOL_CLASSES.filter((c) => !classes.includes(c)).sort(() => r() - 0.5).slice(0, Math.floor(r() * 3));
  const legendClasses = [...classes, ...extra].sort(() => r() - 0.5);
  const parts: string[] = [];
  let legendBox: Box;
  let notesBox: Box | null = null;
  let area: Box;
  let legendTruth: LegendTruth[];
  const titleBox: Box = [frame[2] - title.w, frame[3] - title.h, frame[2], frame[3]];
  parts.push(title.draw(titleBox[0], titleBox[1]).svg);
  // A legend too wide for its place goes to the other place, then smaller.
  const fits = (): boolean => {
    const lg = style.legendPos === 'right' ? legendBlock(style, legendClasses, frame[3] - frame[1] - title.h - 12) : legendBlock(style, legendClasses, 62);
    return style.legendPos === 'right' ? lg.w <= 0.4 * (W - 20) : lg.w <= W - 20 - title.w - 12;
  };
  for (let k = 0; k < 6 && !fits(); k++) {
    if (k % 2 === 0) style.legendPos = style.legendPos === 'right' ? 'bottom' : 'right';
    else style.legendScale *= 0.8;
  }
  // Still too wide: the right column, however wide (it never runs into the title block).
  if (!fits()) style.legendPos = 'right';
  if (style.legendPos === 'right') {
    const lg = legendBlock(style, legendClasses, frame[3] - frame[1] - title.h - 12);
    const lx = frame[2] - 4 - lg.w;
    const d = lg.draw(lx, frame[1] + 4);
    legendBox = [lx, frame[1] + 4, lx + lg.w, frame[1] + 4 + lg.h];
    legendTruth = d.legend;
    parts.push(d.svg);
    const colX = Math.min(lx, titleBox[0]);
    if (legendBox[3] + 6 + notes.h < titleBox[1] - 4) {
      const nx = frame[2] - 4 - notes.w;
      notesBox = [nx, titleBox[1] - 4 - notes.h, frame[2] - 4, titleBox[1] - 4];
      parts.push(notes.draw(nx, notesBox[1]).svg);
    }
    area = [frame[0] + 6, frame[1] + 6, Math.min(colX, notesBox ? notesBox[0] : colX) - 8, frame[3] - 6];
  } else {
    const lg = legendBlock(style, legendClasses, 62);
    const ly = frame[3] - 4 - lg.h;
    const d = lg.draw(frame[0] + 4, ly);
    legendBox = [frame[0] + 4, ly, frame[0] + 4 + lg.w, ly + lg.h];
    legendTruth = d.legend;
    parts.push(d.svg);
    const top = Math.min(ly, titleBox[1]);
    if (legendBox[2] + 6 + notes.w < titleBox[0] - 4) {
      notesBox = [titleBox[0] - 4 - notes.w, frame[3] - 4 - notes.h, titleBox[0] - 4, frame[3] - 4];
      parts.push(notes.draw(notesBox[0], notesBox[1]).svg);
    }
    area = [frame[0] + 6, frame[1] + 6, frame[2] - 6, Math.min(top, notesBox ? notesBox[1] : top) - 8];
  }
  const layout = planDrawing(r, area, { symbolScale: style.symbolScale, variants: style.variants, tagSize: style.tagSize, arrowLen: style.arrowLen, classes });
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round((W / 25.4) * style.dpi)}" height="${Math.round((H / 25.4) * style.dpi)}" viewBox="0 0 ${W} ${H}">`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="#fff"/>`,
    `<g fill="none" stroke="#000" font-family="${style.font}">`,
    `<rect x="${frame[0]}" y="${frame[1]}" width="${frame[2] - frame[0]}" height="${frame[3] - frame[1]}" stroke-width="0.7"/>`,
    style.zones ? zoneMarks(style) : '',
    ...parts,
    drawingSvg(layout, style),
    '</g></svg>',
  ].join('');
  return { style, svg, layout, legend: legendTruth, legendBox, titleBox, notesBox, drawingArea: area };
}
