// Drawn in the test: P&ID symbols as SVG, a legend table of them (one symbol and its label a
// row, with or without rules) and a sheet with the symbols placed on it, rendered by sharp.
import sharp from 'sharp';

export interface SymbolDef {
  class: string;
  label: string;
  /** SVG drawing in a 60 x 40 box. */
  svg: string;
}

const S = 'fill="none" stroke="black" stroke-width="2.5"';

export const SYMBOLS: SymbolDef[] = [
  { class: 'gate_valve', label: 'Gate valve', svg: `<path d="M5 5 L55 35 L55 5 L5 35 Z" ${S}/>` },
  { class: 'centrifugal_pump', label: 'Centrifugal pump', svg: `<circle cx="30" cy="20" r="17" ${S}/><path d="M30 3 L58 3" ${S}/><path d="M20 36 L12 39 M40 36 L48 39" ${S}/>` },
  { class: 'instrument', label: 'Instrument', svg: `<circle cx="30" cy="20" r="17" ${S}/><path d="M13 20 L47 20" ${S}/>` },
  { class: 'check_valve', label: 'Check valve', svg: `<path d="M5 5 L55 35 L55 5 L5 35 Z" ${S}/><path d="M5 35 L30 20 L5 5 Z" fill="black"/>` },
  { class: 'vessel', label: 'Vessel', svg: `<rect x="18" y="2" width="24" height="36" rx="10" ${S}/>` },
];

const svgPng = (width: number, height: number, body: string): Promise<Buffer> =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${body}</svg>`))
    .png()
    .toBuffer();

/** A legend table: a title row, then one row per symbol (picture left, label right), ruled or not. */
export function legendTable(symbols: SymbolDef[], options: { rules: boolean; title?: string }): Promise<Buffer> {
  const rowH = 60;
  const top = options.title ? 50 : 10;
  const width = 420;
  const height = top + rowH * symbols.length + 10;
  let body = options.title ? `<text x="20" y="34" font-family="DejaVu Sans" font-size="22" font-weight="bold">${options.title}</text>` : '';
  symbols.forEach((s, i) => {
    const y = top + i * rowH;
    body += `<g transform="translate(30 ${y + 10})">${s.svg}</g>`;
    body += `<text x="140" y="${y + 38}" font-family="DejaVu Sans" font-size="20">${s.label}</text>`;
    if (options.rules) body += `<path d="M10 ${y} L${width - 10} ${y}" stroke="black" stroke-width="2"/>`;
  });
  if (options.rules) {
    const bottom = top + rowH * symbols.length;
    body += `<path d="M10 ${bottom} L${width - 10} ${bottom} M10 ${top} L10 ${bottom} M${width - 10} ${top} L${width - 10} ${bottom} M115 ${top} L115 ${bottom}" stroke="black" stroke-width="2"/>`;
  }
  return svgPng(width, height, body);
}

/** One symbol alone (a legend picture), at `scale`. */
export const symbolPng = (s: SymbolDef, scale = 1): Promise<Buffer> =>
  svgPng(Math.round(64 * scale), Math.round(44 * scale), `<g transform="scale(${scale}) translate(2 2)">${s.svg}</g>`);

export interface Placed {
  def: SymbolDef;
  bbox: [number, number, number, number];
  rotation: number;
}

/**
 * A sheet with each symbol drawn at (x, y), scaled and turned by `rotation` degrees clockwise,
 * joined by pipes from box to box; the boxes are where each symbol's 60 x 40 picture lands.
 */
export async function sheet(items: Array<{ def: SymbolDef; x: number; y: number; scale: number; rotation: number }>): Promise<{ png: Buffer; placed: Placed[]; width: number; height: number }> {
  const width = 800;
  const height = 400;
  let body = '';
  const placed: Placed[] = [];
  for (const it of items) {
    const w = 60 * it.scale;
    const h = 40 * it.scale;
    const turned = it.rotation % 180 !== 0;
    const bw = turned ? h : w;
    const bh = turned ? w : h;
    body += `<g transform="translate(${it.x + bw / 2} ${it.y + bh / 2}) rotate(${it.rotation}) scale(${it.scale}) translate(-30 -20)">${it.def.svg}</g>`;
    placed.push({ def: it.def, bbox: [it.x - 2, it.y - 2, it.x + bw + 2, it.y + bh + 2], rotation: it.rotation });
  }
  // A pipe from each symbol's box to the next one's, at the height of the first's middle.
  for (let i = 0; i + 1 < placed.length; i++) {
    const [a, b] = [placed[i]!.bbox, placed[i + 1]!.bbox];
    const y = (a[1] + a[3]) / 2;
    body += `<path d="M${a[2]} ${y} L${(a[2] + b[0]) / 2} ${y} L${(a[2] + b[0]) / 2} ${(b[1] + b[3]) / 2} L${b[0]} ${(b[1] + b[3]) / 2}" fill="none" stroke="black" stroke-width="2"/>`;
  }
  return { png: await svgPng(width, height, body), placed, width, height };
}
