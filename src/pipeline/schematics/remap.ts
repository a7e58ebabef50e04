// Matches the detections of a schematic graph whose class names no legend entry to a legend
// entry, and rewrites their class, subtype and transcription (the entry's label) to it, with the
// entry's id as legend_id. Pipe junctions are never remapped.
// - With a vision model: each detection's crop is shown with the legend crops and the labels, and
//   the model names the entry (or none) as JSON.
// - Without one: visual similarity. The detection's crop (its box on the page, scaled from graph
//   to image pixels) and each legend crop are trimmed to their ink, resized to SIZE x SIZE, and
//   compared by normalised cross-correlation, the detection turned by 0, 90, 180 and 270 degrees;
//   a score is damped when the ink boxes' aspect ratios disagree. The best entry scoring at least
//   MIN_SCORE wins; its score becomes the node's confidence and the turn its rotation.
import sharp from 'sharp';
import type { GreyPixels } from '../tables/scan-background.js';

type Box = [number, number, number, number];

/** A node of the v2 graph as src/schematics/graph.ts has it (the pipeline imports nothing outside itself). */
export interface RemapNode {
  id: string;
  class: string;
  subtype: string | null;
  bbox: Box;
  rotation: number;
  transcription: string | null;
  confidence: number;
  legend_id: string | null;
}

export interface RemapLegendEntry {
  id: string;
  class: string;
  subtype: string | null;
  label: string;
}

/** What remapping reads and writes of the v2 graph; the rest of it is handed back untouched. */
export interface RemapGraph {
  network: { nodes: RemapNode[] };
  legend: RemapLegendEntry[];
  image_width: number;
  image_height: number;
}

/** The vision model port (ChatModel fits it). */
export interface RemapVision {
  readonly vision: boolean;
  complete(req: { system?: string; prompt: string; images?: Buffer[]; maxTokens?: number; temperature?: number; json?: boolean }): Promise<{ text: string }>;
}

export const SIZE = 32;
export const MIN_SCORE = 0.5;
/** Gaussian sigma (px of the SIZE x SIZE sample): a stroke a pixel off still correlates. */
const BLUR = 2;
const JUNCTION = 'junction';
/** Most ink pixels an edge column or row of a crop may have to count as a line's end (a pipe). */
const STUB = 4;
const TURNS = [0, 90, 180, 270] as const;

/** The nodes that name no legend entry's class (junctions aside). */
export function unmatchedNodes(graph: RemapGraph): RemapNode[] {
  const classes = new Set(graph.legend.map((e) => e.class));
  return graph.network.nodes.filter((n) => n.class !== JUNCTION && !classes.has(n.class));
}

function crop(img: GreyPixels, box: Box): GreyPixels | null {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(img.width, Math.ceil(box[2]));
  const y1 = Math.min(img.height, Math.ceil(box[3]));
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  const data = new Uint8Array((x1 - x0) * (y1 - y0));
  for (let y = y0; y < y1; y++) data.set(img.data.subarray(y * img.width + x0, y * img.width + x1), (y - y0) * (x1 - x0));
  return { data, width: x1 - x0, height: y1 - y0 };
}

/** The box of the pixels darker than the middle of the image's range, or null when it is blank. */
function inkBox(img: GreyPixels): Box | null {
  let lo = 255;
  let hi = 0;
  for (const v of img.data) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi - lo < 40) return null;
  const t = (lo + hi) / 2;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[y * img.width + x]! >= t) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return null;
  return withoutStubs(img, t, [x0, y0, x1 + 1, y1 + 1]);
}

/**
 * The box less the ends of lines that run into it across an edge (pipes attached to the symbol):
 * edge columns (rows) with at most STUB ink pixels, up to a sixth of the box from each side.
 */
function withoutStubs(img: GreyPixels, t: number, box: Box): Box {
  let [x0, y0, x1, y1] = box;
  const inkIn = (xa: number, xb: number, ya: number, yb: number): number => {
    let n = 0;
    for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) if (img.data[y * img.width + x]! < t) n++;
    return n;
  };
  const maxX = Math.floor((x1 - x0) / 6);
  const maxY = Math.floor((y1 - y0) / 6);
  for (let k = 0; k < maxX && inkIn(x0, x0 + 1, y0, y1) <= STUB; k++) x0++;
  for (let k = 0; k < maxX && inkIn(x1 - 1, x1, y0, y1) <= STUB; k++) x1--;
  for (let k = 0; k < maxY && inkIn(x0, x1, y0, y0 + 1) <= STUB; k++) y0++;
  for (let k = 0; k < maxY && inkIn(x0, x1, y1 - 1, y1) <= STUB; k++) y1--;
  return [x0, y0, x1, y1];
}

const rawOf = (img: GreyPixels) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } });

interface Sample {
  /** SIZE x SIZE pixels, mean 0 and unit norm (zero when flat). */
  v: Float64Array;
  /** Width over height of the ink. */
  aspect: number;
}

async function sampleOf(img: GreyPixels): Promise<Sample | null> {
  const box = inkBox(img);
  const ink = box && crop(img, [box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1]);
  if (!box || !ink) return null;
  const data = await rawOf(ink).resize(SIZE, SIZE, { fit: 'fill', kernel: 'cubic' }).blur(BLUR).extractChannel(0).raw().toBuffer();
  const v = Float64Array.from(data);
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    v[i]! -= mean;
    norm += v[i]! ** 2;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return { v, aspect: (box[2] - box[0]) / Math.max(1, box[3] - box[1]) };
}

/** The sample turned clockwise by `deg` (a multiple of 90). */
function turned(s: Sample, deg: number): Sample {
  if (deg === 0) return s;
  const v = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const [sx, sy] = deg === 90 ? [y, SIZE - 1 - x] : deg === 180 ? [SIZE - 1 - x, SIZE - 1 - y] : [SIZE - 1 - y, x];
      v[y * SIZE + x] = s.v[sy * SIZE + sx]!;
    }
  }
  return { v, aspect: deg === 180 ? s.aspect : 1 / s.aspect };
}

function similarity(a: Sample, b: Sample): number {
  let dot = 0;
  for (let i = 0; i < a.v.length; i++) dot += a.v[i]! * b.v[i]!;
  const ratio = Math.min(a.aspect, b.aspect) / Math.max(a.aspect, b.aspect);
  return dot * Math.sqrt(ratio);
}

interface Match {
  entry: RemapLegendEntry;
  score: number;
  /** Clockwise degrees the detection is drawn turned from the legend picture. */
  rotation: number;
}

function bestBySimilarity(node: Sample, legend: Array<{ entry: RemapLegendEntry; sample: Sample }>): Match | null {
  let best: Match | null = null;
  for (const deg of TURNS) {
    const t = turned(node, deg);
    for (const { entry, sample } of legend) {
      const score = similarity(t, sample);
      // Turning the detection by deg clockwise matches the legend: it is drawn turned by -deg.
      // A turn wins only by a clear margin: a symmetric symbol keeps the first (0 degrees).
      if (!best || score > best.score + 1e-3) best = { entry, score, rotation: (360 - deg) % 360 };
    }
  }
  return best && best.score >= MIN_SCORE ? best : null;
}

const pngOf = (img: GreyPixels): Promise<Buffer> => rawOf(img).png().toBuffer();

async function bestByVision(vision: RemapVision, node: GreyPixels, legend: RemapLegendEntry[], crops: Map<string, GreyPixels>): Promise<Match | null> {
  const shown = legend.filter((e) => crops.has(e.id));
  const images = [await pngOf(node), ...(await Promise.all(shown.map((e) => pngOf(crops.get(e.id)!))))];
  const lines = legend.map((e) => {
    const at = shown.indexOf(e);
    return `- id ${JSON.stringify(e.id)}: ${JSON.stringify(e.label)} (class ${e.class})${at >= 0 ? `, pictured in image ${at + 2}` : ''}`;
  });
  const res = await vision.complete({
    system: 'You match symbols cut from engineering drawings (P&IDs, electrical schematics) to the entries of the drawing legend.',
    prompt: `Image 1 is a symbol cut from the drawing. The legend entries are:\n${lines.join('\n')}\nWhich legend entry does image 1 show? Answer with a JSON object {"legend_id": <the id, or null when none fits>, "confidence": <0 to 1>}.`,
    images,
    json: true,
    temperature: 0,
    maxTokens: 100,
  });
  let answer: unknown;
  try {
    answer = JSON.parse(/\{[\s\S]*\}/.exec(res.text)?.[0] ?? 'null');
  } catch {
    return null;
  }
  if (answer === null || typeof answer !== 'object') return null;
  const { legend_id: id, confidence } = answer as { legend_id?: unknown; confidence?: unknown };
  const entry = legend.find((e) => e.id === id);
  if (!entry) return null;
  const score = typeof confidence === 'number' && confidence >= 0 && confidence <= 1 ? confidence : 0.8;
  return { entry, score, rotation: -1 };
}

/**
 * The graph with each unmatched detection remapped to the legend entry it shows (when one is
 * found). `page` is the image the graph's coordinates refer to (scaled when its size differs from
 * image_width x image_height); `legendCrops` maps entry ids to their pictures.
 */
export async function remapDetections<G extends RemapGraph>(graph: G, page: GreyPixels, legendCrops: Map<string, GreyPixels>, vision: RemapVision | null): Promise<G> {
  const todo = unmatchedNodes(graph);
  if (todo.length === 0 || graph.legend.length === 0) return graph;
  const sx = graph.image_width > 0 ? page.width / graph.image_width : 1;
  const sy = graph.image_height > 0 ? page.height / graph.image_height : 1;
  const useVision = vision !== null && vision.vision;
  const samples: Array<{ entry: RemapLegendEntry; sample: Sample }> = [];
  if (!useVision) {
    for (const entry of graph.legend) {
      const picture = legendCrops.get(entry.id);
      const sample = picture ? await sampleOf(picture) : null;
      if (sample) samples.push({ entry, sample });
    }
    if (samples.length === 0) return graph;
  }
  const changed = new Map<string, RemapNode>();
  for (const node of todo) {
    const pixels = crop(page, [node.bbox[0] * sx, node.bbox[1] * sy, node.bbox[2] * sx, node.bbox[3] * sy]);
    if (!pixels) continue;
    let match: Match | null;
    if (useVision) match = await bestByVision(vision, pixels, graph.legend, legendCrops);
    else {
      const sample = await sampleOf(pixels);
      match = sample ? bestBySimilarity(sample, samples) : null;
    }
    if (!match) continue;
    const { entry } = match;
    changed.set(node.id, {
      ...node,
      class: entry.class,
      subtype: entry.subtype,
      transcription: entry.label,
      legend_id: entry.id,
      confidence: Math.round(match.score * 1000) / 1000,
      rotation: match.rotation >= 0 ? match.rotation : node.rotation,
    });
  }
  if (changed.size === 0) return graph;
  return { ...graph, network: { ...graph.network, nodes: graph.network.nodes.map((n) => changed.get(n.id) ?? n) } };
}
