// Figure → graph: shapes, their text, connectors with direction, edge labels. One general
// procedure for flowcharts, block diagrams, org charts and mind maps; `mode` only decides what
// free-standing text is (edge labels in flowcharts; nodes in mind maps; either in diagrams).
import type { BBox, Word } from '../types.js';
import { boxOfPixels, components, dilate, erode } from './components.js';
import { findStrokes, joinCrossings, strokeEdges, type RawEdge, type Stroke } from './connectors.js';
import { labelReach, rereadEdges, withoutLabelInk } from './label-ink.js';
import { colourDistance, decodeRgb, despeckled, dominantColour, foreground, grain, inkOver, strokeWidth, type Mask, type Rgb, type RgbImage } from './raster.js';
import { boxedLabels } from './boxed-labels.js';
import { capEdges } from './edge-cap.js';
import { withFaintLines } from './faint-lines.js';
import { orientBareLines } from './flow-order.js';
import { withoutFillSpecks } from './fill-specks.js';
import { closeGaps } from './holes.js';
import { findShapes, type Region } from './shapes.js';
import { freeBlocks, joinWords, readBlocks, shapeBlock, type TextBlock } from './text.js';
import { notchedBlock } from './text-notches.js';
import { inkOverFills, spilledBlock } from './text-spill.js';
import { typeSizeOf } from './type-size.js';
import { splitBranches } from '../mindmaps/branches.js';
import type { FigureInput, FlowDirection, FlowEdge, FlowGraph, FlowNode, NodeShape } from './types.js';

export type FigureMode = 'flowchart' | 'diagram' | 'mindmap';

/** Heights of small, letter-like components of a mask. */
export function letterHeights(mask: Mask): number[] {
  const found: { h: number; size: number }[] = [];
  components(mask, 1, (c) => {
    const w = c.bbox[2] - c.bbox[0];
    const h = c.bbox[3] - c.bbox[1];
    const fill = c.size / (w * h);
    if (!c.touchesBorder && h >= 5 && h <= 64 && w <= 3 * h && c.size >= 8 && fill > 0.1 && fill < 0.85) found.push({ h, size: c.size });
    return false;
  });
  return withoutSpecks(found);
}

/**
 * Grain left in a scanned fill (holes and flecks a few pixels across) can outnumber the letters
 * and pull the median glyph height down to the grain's size, and every size rule with it (shape
 * fragments then pass as nodes). Specks carry little ink: components far shorter than the height
 * at which half the ink lies are not letters.
 */
export function withoutSpecks(found: { h: number; size: number }[]): number[] {
  const byHeight = [...found].sort((a, b) => a.h - b.h);
  const ink = byHeight.reduce((s, c) => s + c.size, 0);
  let acc = 0;
  let inkMedian = 0;
  for (const c of byHeight) {
    acc += c.size;
    if (acc >= ink / 2) {
      inkMedian = c.h;
      break;
    }
  }
  return found.filter((c) => c.h * 3 >= inkMedian).map((c) => c.h);
}

/**
 * Pixels of the foreground that stand out from it the most: where shapes are filled, their fill
 * joins the letters to one solid, and the letters are the ink farther from the background than the
 * fill (the split of the foreground's distances from the background that best separates two
 * groups, Otsu's).
 */
function strongInk(img: RgbImage, fg: Mask, bg: Rgb): Mask {
  const hist = new Float64Array(256);
  const dist = new Uint8Array(fg.data.length);
  for (let p = 0; p < fg.data.length; p++) {
    if (!fg.data[p]) continue;
    dist[p] = colourDistance(img.data, p * 3, bg);
    hist[dist[p]!]!++;
  }
  let total = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    total += hist[v]!;
    sum += v * hist[v]!;
  }
  let best = 0;
  let bestVar = -1;
  let n0 = 0;
  let s0 = 0;
  for (let t = 0; t < 255; t++) {
    n0 += hist[t]!;
    s0 += t * hist[t]!;
    const n1 = total - n0;
    if (n0 === 0 || n1 === 0) continue;
    const between = n0 * n1 * (s0 / n0 - (sum - s0) / n1) ** 2;
    if (between > bestVar) {
      bestVar = between;
      best = t;
    }
  }
  const data = new Uint8Array(fg.data.length);
  for (let p = 0; p < data.length; p++) data[p] = fg.data[p] && dist[p]! > best ? 1 : 0;
  return { width: fg.width, height: fg.height, data };
}

/** Typical glyph height: the median height of small, letter-like foreground components. */
function glyphHeight(img: RgbImage, fg: Mask, bg: Rgb): number {
  let heights = letterHeights(fg);
  if (heights.length < 8) heights = letterHeights(strongInk(img, fg, bg));
  if (heights.length < 8) return Math.min(40, Math.max(8, 0.012 * Math.max(fg.width, fg.height)));
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]!;
}

interface Node {
  bbox: BBox;
  pixels: number[];
  shape: NodeShape;
  text: string;
  /** Size of the node's type: pixels per em from its words' widths (0 when none was read). */
  typeSize: number;
  /** Box of the glyphs found inside the shape. */
  textBox?: BBox;
}

/** A figure's graph and, by node id, how large its type is set (mind maps use it to find the centre). */
export interface FigureScene {
  graph: FlowGraph;
  typeSize: Map<string, number>;
}

/** From widths rather than heights: ascenders and descenders make a word's height vary. */
function typeSize(blocks: TextBlock[]): number {
  return typeSizeOf(blocks.flatMap((b) => b.words));
}

const JUNK = /^[|_~`'".,:;—–\-=[\](){}]+$/;

/** A diamond's sides beside its text, read as angle brackets (with stray quotes, bars, dashes or colons). */
const SIDE = /^[-=|/\\:'"‘’“”]*[<>«»‹›][<>«»‹›\-=|/\\:'"‘’“”]*$/;

/** OCR text of a node or label without stray border fragments read as punctuation. */
export function clean(text: string): string {
  const tokens = text.split(/\s+/).filter((t) => t !== '' && !JUNK.test(t));
  // Only at the ends: a comparison inside the text ("Total > 100?") stays.
  while (tokens.length > 1 && SIDE.test(tokens[0]!)) tokens.shift();
  while (tokens.length > 1 && SIDE.test(tokens[tokens.length - 1]!)) tokens.pop();
  return tokens.join(' ').trim();
}

function rectPixels(b: BBox, width: number, height: number): number[] {
  const out: number[] = [];
  for (let y = Math.max(0, Math.floor(b[1])); y < Math.min(height, Math.ceil(b[3])); y++) {
    for (let x = Math.max(0, Math.floor(b[0])); x < Math.min(width, Math.ceil(b[2])); x++) out.push(y * width + x);
  }
  return out;
}

const grow = (b: BBox, d: number): BBox => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];
const centre = (b: BBox): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/** Distance from a box to the nearest of some pixels (0 inside). */
function distanceToPixels(b: BBox, pixels: number[], width: number): number {
  let best = Infinity;
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    const dx = Math.max(b[0] - x, 0, x - b[2]);
    const dy = Math.max(b[1] - y, 0, y - b[3]);
    const d = dx * dx + dy * dy;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Words given with the figure (a PDF text layer) go to the block whose box holds their centre. */
function assignKnownWords(blocks: TextBlock[], words: Word[], pad: number): void {
  for (const w of words) {
    const [cx, cy] = centre(w.bbox);
    const b = blocks.find((k) => cx >= k.bbox[0] - pad && cx <= k.bbox[2] + pad && cy >= k.bbox[1] - pad && cy <= k.bbox[3] + pad);
    if (b) b.words.push(w);
  }
  for (const b of blocks) b.text = joinWords(b.words);
}

function regionMask(img: RgbImage, regions: Region[]): Mask {
  const data = new Uint8Array(img.width * img.height);
  for (const r of regions) for (const p of r.pixels) data[p] = 1;
  return { width: img.width, height: img.height, data };
}

export async function figureGraph(input: FigureInput, mode: FigureMode): Promise<FlowGraph> {
  return (await figureScene(input, mode)).graph;
}

export async function figureScene(input: FigureInput, mode: FigureMode): Promise<FigureScene> {
  const decoded = await decodeRgb(input.png);
  const bg = dominantColour(decoded);
  // Any grain at all (a clean render's flat areas repeat exactly): a scan, even a mild one.
  const grainy = grain(decoded, bg) >= 1;
  const img = await despeckled(decoded, bg);
  const { width, height } = img;
  const { mask: ink, threshold, noise, ceiling } = foreground(img, bg);
  const glyph = glyphHeight(img, ink, bg);
  const fg = grainy ? withoutFillSpecks(img, bg, ink, threshold, glyph) : ink;
  const stroke = strokeWidth(fg);
  const scale = { stroke, glyph };
  // On a scan, fills of several tints run past the threshold and the grain throws one of them
  // over it in specks: outlines are sought above all of them too (a clean render's fills are flat,
  // wholly on one side of the threshold); and pale thin outlines cut into dashes are sought with
  // the faint pixels that touch the ink (holes.ts).
  const low = Math.max(24, 4 * noise, 0.75 * threshold);
  const more = grainy ? [...(ceiling === undefined ? [] : [inkOver(img, bg, ceiling)]), withFaintLines(img, bg, fg, new Uint8Array(fg.data.length), low)] : [];
  const regions = findShapes(fg, scale, grainy ? { ink: closeGaps(fg), more: more.map(closeGaps) } : undefined);

  // Text inside shapes: the region (untrimmed: a flat diamond keeps its sharp ends) shrunk past
  // its outline.
  const whole = regions.map((r) => ({ ...r, pixels: r.untrimmed }));
  const inner = erode(regionMask(img, whole), stroke + 2).data;
  const blocks: TextBlock[] = [];
  // Letters read against the fills (text-spill.ts): made once, only when some shape is filled.
  const letters = regions.some((r) => !r.hollow) ? inkOverFills(img, fg, regions, threshold) : fg;
  const spilled = new Set<number>();
  regions.forEach((r, i) => {
    const within = r.untrimmed.filter((p) => inner[p]);
    const notched = r.notched ? notchedBlock(img, fg, within, r.untrimmed, i, scale, threshold) : undefined;
    const usual = notched ?? shapeBlock(img, within, i, threshold, r.untrimmed);
    const spill = notched ? undefined : spilledBlock(img, letters, within, r, usual, scale, threshold);
    if (spill) spilled.add(i);
    const block = spill ?? usual;
    if (block) blocks.push(block);
  });

  // Free text: foreground away from shapes and from the strokes that touch them (and from the
  // letters of a shape's text that run past its outline).
  const taken = dilate(regionMask(img, regions), stroke + 1).data;
  for (const b of blocks) if (regions[b.shape]?.notched || spilled.has(b.shape)) for (const p of b.pixels) taken[p] = 1;
  // The low threshold stays within a quarter of the full one: lower, scan halos and ringing join
  // labels and crossing lines to the connectors (extra edges).
  const lines = withFaintLines(img, bg, fg, taken, low);
  const strokes0 = findStrokes(lines, regions.map((r) => r.pixels), scale);
  for (const s of strokes0) for (const p of s.pixels) taken[p] = 1;
  const freeMask = new Uint8Array(fg.data.length);
  for (let i = 0; i < freeMask.length; i++) freeMask[i] = fg.data[i]! && !taken[i] ? 1 : 0;
  const free = freeBlocks(img, { width, height, data: freeMask }, bg, glyph);
  blocks.push(...free);

  const readers = [input.ocrBlock, input.ocr].filter((r) => r !== undefined);
  if (input.words && input.words.length > 0) assignKnownWords(blocks, input.words, glyph / 2);
  else if (readers.length > 0) await readBlocks(img, blocks, glyph, ...readers);
  for (const b of blocks) b.text = clean(b.text);

  const nodes: Node[] = regions.map((r, i) => {
    const own = blocks.filter((b) => b.shape === i);
    // Text spilled past both sides is a diamond's (text-spill.ts), whatever its cut middle looked like.
    const node: Node = { bbox: r.bbox, pixels: r.pixels, shape: spilled.has(i) ? 'decision' : r.kind, text: own.map((b) => b.text).join(' '), typeSize: typeSize(own) };
    if (own.length > 0) node.textBox = [Math.min(...own.map((b) => b.bbox[0])), Math.min(...own.map((b) => b.bbox[1])), Math.max(...own.map((b) => b.bbox[2])), Math.max(...own.map((b) => b.bbox[3]))];
    return node;
  });
  for (const n of nodes) n.shape = refineShape(n.shape, n.bbox, n.text, glyph);

  // Free text becomes nodes in mind maps, and in diagrams where a stroke ends at it.
  const freeText = free.filter((b) => /[\p{L}\p{N}]/u.test(b.text));
  const labels: TextBlock[] = [];
  for (const b of freeText) {
    const box = grow(b.bbox, 0.8 * glyph);
    const isNode =
      mode === 'mindmap' ||
      (mode === 'diagram' && strokes0.some((s) => s.contacts.length === 1 && distanceToPixels(box, s.pixels, width) === 0 && !nearMiddle(b.bbox, s.pixels, width)));
    if (isNode) nodes.push({ bbox: b.bbox, pixels: rectPixels(grow(b.bbox, Math.max(3, (mode === 'mindmap' ? 1.5 : 0.9) * glyph)), width, height), shape: 'text', text: b.text, typeSize: typeSize([b]) });
    else labels.push(b);
  }

  const found = nodes.some((n) => n.shape === 'text') ? findStrokes(lines, nodes.map((n) => n.pixels), scale) : strokes0;
  // Mind maps are drawn with straight lines from centre to centre, which cross other nodes.
  const strokes = mode === 'mindmap' ? splitBranches(joinCrossings(found, nodes.map((n) => n.bbox), width, stroke), nodes.map((n) => n.bbox), width, stroke) : found;
  const edgesOf = (s: Stroke): RawEdge[] => strokeEdges(s, width, (i) => centre(nodes[i]!.bbox), scale, mode === 'flowchart');
  const labelBoxes = mode === 'flowchart' ? labels.map((b) => labelReach(b.bbox, glyph)) : [];
  const raw: RawEdge[] = strokes.flatMap((s) => {
    const bare = withoutLabelInk(s, labelBoxes, width, scale);
    const first = edgesOf(s);
    if (!bare) return first;
    // Read again without the labels' letters (pixels kept whole for placing labels).
    return rereadEdges(first, edgesOf(bare.stroke).map((e) => ({ ...e, pixels: s.pixels })), bare.touched);
  });
  if (mode === 'mindmap') return assemble(nodes, raw, labels, width, glyph);
  const boxed = boxedLabels(nodes, raw, glyph, stroke);
  const edges = mode === 'flowchart' ? orientBareLines(boxed.raw, (i) => centre(boxed.nodes[i]!.bbox)) : boxed.raw;
  return assemble(boxed.nodes, edges, [...labels, ...boxed.labels], width, glyph);
}

/** Round outlines with one or two characters (or none) are on-page connectors. */
function refineShape(kind: NodeShape, b: BBox, text: string, glyph: number): NodeShape {
  const w = b[2] - b[0];
  const h = b[3] - b[1];
  const square = w / h > 0.8 && w / h < 1.25;
  if (kind === 'terminator' && square && text.replace(/\s/g, '').length <= 2 && Math.max(w, h) < 6 * glyph) return 'connector';
  return kind;
}

/** True when a box sits beside the middle of a stroke rather than at one of its ends. */
function nearMiddle(b: BBox, pixels: number[], width: number): boolean {
  const [cx, cy] = centre(b);
  let far = 0;
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    far = Math.max(far, Math.hypot(x - cx, y - cy));
  }
  const d = distanceToPixels(b, pixels, width);
  // An end at the text leaves most of the stroke on one side: its farthest pixel is far away;
  // a label beside the middle has stroke pixels on both sides.
  let left = 0;
  let right = 0;
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    if (Math.hypot(x - cx, y - cy) <= far * 0.6) continue;
    if (x < cx || y < cy) left++;
    else right++;
  }
  return d < far * 0.2 && left > 0 && right > 0;
}

function assemble(nodes: Node[], raw: RawEdge[], labels: TextBlock[], width: number, glyph: number): FigureScene {
  // Stable ids in reading order: bands of about two glyphs, then left to right.
  const order = nodes.map((_, i) => i).sort((a, b) => {
    const [ax, ay] = centre(nodes[a]!.bbox);
    const [bx, by] = centre(nodes[b]!.bbox);
    return Math.round(ay / (2 * glyph)) - Math.round(by / (2 * glyph)) || ax - bx;
  });
  const idOf = new Map<number, string>();
  order.forEach((i, k) => idOf.set(i, `n${k + 1}`));

  // One edge per ordered pair (a stroke can be cut in two by a label drawn across it).
  const byPair = new Map<string, { edge: RawEdge; pixels: number[] }>();
  for (const e of raw) {
    if (e.source === e.target) continue;
    const key = `${e.source}>${e.target}`;
    const had = byPair.get(key);
    if (had) had.pixels.push(...e.pixels);
    else byPair.set(key, { edge: e, pixels: [...e.pixels] });
  }
  const edges = capEdges([...byPair.values()], nodes.length, (e) => e.pixels.length);
  const edgeLabels = edges.map(() => [] as TextBlock[]);
  for (const l of labels) {
    let best = -1;
    let bestD = 2.5 * glyph;
    edges.forEach((e, k) => {
      const d = distanceToPixels(l.bbox, e.pixels, width);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    });
    if (best >= 0) edgeLabels[best]!.push(l);
  }
  const flowEdges: FlowEdge[] = edges.map((e, k) => {
    const ls = edgeLabels[k]!.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
    const out: FlowEdge = { source: idOf.get(e.edge.source)!, target: idOf.get(e.edge.target)!, label: ls.length ? ls.map((l) => l.text).join(' ') : null };
    if (!e.edge.directed) out.directed = false;
    const bbox = boxOfPixels(e.pixels, width);
    if (bbox) out.bbox = bbox;
    return out;
  });
  const flowNodes: FlowNode[] = order.map((i) => {
    const n = nodes[i]!;
    return { id: idOf.get(i)!, shape: n.shape, text: n.text, bbox: n.bbox };
  });
  const typeSize = new Map(order.map((i) => [idOf.get(i)!, nodes[i]!.typeSize]));
  return { graph: { nodes: flowNodes, edges: flowEdges, direction: direction(flowNodes, flowEdges) }, typeSize };
}

/** The main flow direction: where most edges point. */
function direction(nodes: FlowNode[], edges: FlowEdge[]): FlowDirection {
  const at = new Map(nodes.map((n) => [n.id, centre(n.bbox)]));
  const votes: Record<FlowDirection, number> = { TD: 0, LR: 0, BT: 0, RL: 0 };
  for (const e of edges) {
    const a = at.get(e.source);
    const b = at.get(e.target);
    if (!a || !b) continue;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    if (Math.abs(dy) >= Math.abs(dx)) votes[dy >= 0 ? 'TD' : 'BT']++;
    else votes[dx >= 0 ? 'LR' : 'RL']++;
  }
  return (Object.keys(votes) as FlowDirection[]).reduce((a, b) => (votes[b] > votes[a] ? b : a), 'TD');
}
