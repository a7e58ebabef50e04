// Rasterising a generated sheet: the SVG drawn by sharp at the sheet's resolution, then for
// scan-like sheets a slight rotation, blur, grey paper, faded ink, noise and specks; and the truth
// in the final image's pixels, as a v2 schematic graph.
import sharp from 'sharp';
import { rotateGrey } from '../../src/pipeline/schematics/raster.js';
import type { Box as GBox, LegendEntry, SchematicArrow, SchematicEdge, SchematicGraphV2, SchematicNode } from '../../src/schematics/graph.js';
import { between, chance, type Random } from './draw.js';
import { arrowPoints, type SheetMm } from './sheet.js';
import { inflate, type Box, type P } from './geometry.js';
import { slug } from './symbols.js';

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Scan {
  angle: number;
  blur: number;
  noise: number;
  paper: number;
  ink: number;
  specks: number;
}

export interface SheetTruth {
  graph: SchematicGraphV2;
  /** Pipe crossings drawn without a dot (no node there). */
  crossings: Array<[number, number]>;
  /** Tag text boxes, by node id. */
  tagBoxes: Record<string, GBox>;
  regions: { legend: GBox; title: GBox; notes: GBox | null; drawing: GBox };
  dpi: number;
  scan: Scan | null;
  /** Stroke width of pipes in pixels. */
  pipeWidth: number;
}

export function chooseScan(r: Random, scanLike: boolean): Scan | null {
  if (!scanLike) return null;
  return {
    angle: (chance(r, 0.5) ? 1 : -1) * between(r, 0.15, 1.5),
    blur: between(r, 0.4, 1.1),
    noise: between(r, 3, 14),
    paper: between(r, 225, 250),
    ink: between(r, 10, 70),
    specks: Math.floor(between(r, 50, 400)),
  };
}

async function blur(img: Grey, sigma: number): Promise<Grey> {
  const { data, info } = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } })
    .blur(Math.max(0.3, sigma))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function degrade(img: Grey, scan: Scan, r: Random): void {
  const { data, width, height } = img;
  for (let i = 0; i < data.length; i++) {
    const v = scan.ink + ((scan.paper - scan.ink) * data[i]!) / 255;
    // Box-Muller with one uniform pair per pixel is costly on 17 M pixels: a sum of three uniforms is close enough.
    const n = (r() + r() + r() - 1.5) * 2 * scan.noise;
    data[i] = Math.max(0, Math.min(255, Math.round(v + n)));
  }
  for (let k = 0; k < scan.specks; k++) {
    const x = Math.floor(r() * width);
    const y = Math.floor(r() * height);
    const rad = 0.5 + r() * 1.5;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx * dx + dy * dy <= rad * rad && x + dx >= 0 && y + dy >= 0 && x + dx < width && y + dy < height) data[(y + dy) * width + x + dx] = Math.round(scan.ink + r() * 40);
  }
}

export async function rasterise(sheet: SheetMm, scan: Scan | null, r: Random): Promise<Grey> {
  const { data, info } = await sharp(Buffer.from(sheet.svg), { limitInputPixels: false }).flatten({ background: '#ffffff' }).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  let img: Grey = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  if (!scan) return img;
  img = rotateGrey(img, scan.angle);
  img = await blur(img, scan.blur);
  degrade(img, scan, r);
  return img;
}

/** Millimetres to the final image's pixels (scale, then the scan's turn about the centre). */
export function pixelMapper(sheet: SheetMm, width: number, height: number, scan: Scan | null): { point: (p: P) => [number, number]; box: (b: Box) => GBox } {
  const k = sheet.style.dpi / 25.4;
  const a = ((scan?.angle ?? 0) * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const point = (p: P): [number, number] => {
    const dx = p[0] * k - width / 2;
    const dy = p[1] * k - height / 2;
    return [width / 2 + cos * dx - sin * dy, height / 2 + sin * dx + cos * dy];
  };
  const round = (v: number): number => Math.round(v * 10) / 10;
  const box = (b: Box): GBox => {
    const c = [point([b[0], b[1]]), point([b[2], b[1]]), point([b[0], b[3]]), point([b[2], b[3]])];
    return [round(Math.min(...c.map((q) => q[0]))), round(Math.min(...c.map((q) => q[1]))), round(Math.max(...c.map((q) => q[0]))), round(Math.max(...c.map((q) => q[1])))];
  };
  return { point: (p) => { const q = point(p); return [round(q[0]), round(q[1])]; }, box };
}

export function truthOf(sheet: SheetMm, width: number, height: number, scan: Scan | null): SheetTruth {
  const { point, box } = pixelMapper(sheet, width, height, scan);
  const { layout, style } = sheet;
  const legend: LegendEntry[] = sheet.legend.map((l, i) => ({ id: `L${i + 1}`, class: l.cls, subtype: null, label: l.label, source_crop_url: null, bbox: box(l.box) }));
  const legendId = new Map(legend.map((l) => [l.class, l.id]));
  const nodes: SchematicNode[] = [
    ...layout.items.map((it): SchematicNode => ({
      id: it.id,
      class: slug(it.cls.label),
      subtype: null,
      bbox: box(inflate(it.box, style.symbolStroke / 2)),
      rotation: it.rot,
      transcription: it.tag,
      confidence: 1,
      legend_id: legendId.get(slug(it.cls.label)) ?? null,
    })),
    ...layout.junctions.map((j): SchematicNode => ({
      id: j.id,
      class: 'junction',
      subtype: null,
      bbox: box([j.at[0] - style.junctionR, j.at[1] - style.junctionR, j.at[0] + style.junctionR, j.at[1] + style.junctionR]),
      rotation: 0,
      transcription: null,
      confidence: 1,
      legend_id: null,
    })),
  ];
  const edges: SchematicEdge[] = layout.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, points: e.points.map(point), directed: e.directed, class: e.kind, label: null }));
  const arrows: SchematicArrow[] = layout.edges.flatMap((e) => {
    if (!e.arrow) return [];
    const pts = arrowPoints(e.arrow.at, e.arrow.dir, style.arrowLen);
    const b: Box = [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))];
    return [{ id: `a${e.id.slice(1)}`, bbox: box(b), direction: e.arrow.dir, edge_id: e.id }];
  });
  const tagBoxes: Record<string, GBox> = {};
  for (const it of layout.items) if (it.tagBox) tagBoxes[it.id] = box(it.tagBox);
  return {
    graph: {
      version: 'v2',
      network: { nodes, edges },
      subgraphs: [],
      arrows,
      legend,
      legend_draft: null,
      image_width: width,
      image_height: height,
      total_pages: 1,
      non_flow_classes: [],
    },
    crossings: layout.crossings.map(point),
    tagBoxes,
    regions: { legend: box(sheet.legendBox), title: box(sheet.titleBox), notes: sheet.notesBox ? box(sheet.notesBox) : null, drawing: box(sheet.drawingArea) },
    dpi: style.dpi,
    scan,
    pipeWidth: (style.pipeStroke * style.dpi) / 25.4,
  };
}
