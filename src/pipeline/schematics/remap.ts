// Detections that match no legend entry (generic shapes, or a legend edited after detection)
// matched to one: by the vision model when one is configured (it is shown the detection and the
// legend pictures and names the entry), otherwise by likeness of pictures (both trimmed to their
// ink, brought to one size, compared at each quarter turn). The detection then takes the entry's
// class, subtype and name (as its transcription), as the API describes.
import { binarise, encodePng, resize, type GreyPixels } from './raster.js';
import { cutMask, inkBox } from './templates.js';
import type { LegendEntry, SchematicGraph, SchematicNode, VisionModel } from './types.js';

const SIDE = 32;

/** A picture as a SIDE x SIDE ink image (0/1 as floats), its ink trimmed and centred, aspect kept. */
async function normalised(img: GreyPixels): Promise<Float32Array | null> {
  const { mask } = binarise(img, 15);
  const box = inkBox(mask);
  if (!box) return null;
  const trimmed = cutMask(mask, box);
  const scale = SIDE / Math.max(trimmed.width, trimmed.height);
  const w = Math.max(1, Math.round(trimmed.width * scale));
  const h = Math.max(1, Math.round(trimmed.height * scale));
  const grey = await resize({ data: Uint8Array.from(trimmed.data, (v) => (v ? 0 : 255)), width: trimmed.width, height: trimmed.height }, w, h);
  const out = new Float32Array(SIDE * SIDE);
  const ox = Math.floor((SIDE - w) / 2);
  const oy = Math.floor((SIDE - h) / 2);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[(oy + y) * SIDE + ox + x] = (255 - grey.data[y * w + x]!) / 255;
  return out;
}

function turned(a: Float32Array, rot: number): Float32Array {
  if (rot === 0) return a;
  const out = new Float32Array(a.length);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const [nx, ny] = rot === 90 ? [SIDE - 1 - y, x] : rot === 180 ? [SIDE - 1 - x, SIDE - 1 - y] : [y, SIDE - 1 - x];
      out[ny * SIDE + nx] = a[y * SIDE + x]!;
    }
  }
  return out;
}

function correlation(a: Float32Array, b: Float32Array): number {
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    sa += a[i]!;
    sb += b[i]!;
  }
  const ma = sa / a.length;
  const mb = sb / b.length;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

/** The original image's pixels inside a box (clamped). */
function region(page: GreyPixels, b: [number, number, number, number]): GreyPixels {
  return cutMask(page, [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(page.width, b[2]), Math.min(page.height, b[3])], 255);
}

async function askVision(vision: VisionModel, crop: GreyPixels, legend: LegendEntry[], crops: Map<string, GreyPixels>): Promise<string | null> {
  const shown = legend.filter((e) => crops.has(e.id));
  const images = [await encodePng(crop), ...(await Promise.all(shown.map((e) => encodePng(crops.get(e.id)!))))];
  const list = shown.map((e, i) => `image ${i + 2}: ${e.id} "${e.label}"`).join('\n');
  const others = legend.filter((e) => !crops.has(e.id)).map((e) => `${e.id} "${e.label}" (no picture)`).join('\n');
  try {
    const res = await vision.complete({
      system: 'You match a symbol cut from an engineering drawing to the entry of the drawing legend it shows.',
      prompt: `Image 1 is a symbol from the drawing. The legend entries are:\n${list}${others ? `\n${others}` : ''}\nAnswer with JSON {"legend_id": "<id>"} naming the entry image 1 shows.`,
      images,
      json: true,
      maxTokens: 50,
      temperature: 0,
    });
    const m = /"legend_id"\s*:\s*"([^"]+)"/.exec(res.text);
    return m && legend.some((e) => e.id === m[1]) ? m[1]! : null;
  } catch {
    return null;
  }
}

export async function remapDetections(graph: SchematicGraph, page: GreyPixels, legendCrops: Map<string, GreyPixels>, vision: VisionModel | null): Promise<SchematicGraph> {
  const legend = graph.legend;
  if (legend.length === 0) return graph;
  const ids = new Set(legend.map((e) => e.id));
  const classes = new Set(legend.map((e) => e.class));
  const pictures = new Map<string, Float32Array>();
  for (const e of legend) {
    const c = legendCrops.get(e.id);
    const n = c ? await normalised(c) : null;
    if (n) pictures.set(e.id, n);
  }
  const nodes: SchematicNode[] = [];
  for (const node of graph.network.nodes) {
    const matches = node.class === 'junction' || (node.legend_id !== null && ids.has(node.legend_id) && classes.has(node.class));
    if (matches) {
      nodes.push(node);
      continue;
    }
    const crop = region(page, node.bbox);
    let pick: string | null = vision?.vision ? await askVision(vision, crop, legend, legendCrops) : null;
    if (!pick) {
      const mine = await normalised(crop);
      let best = -Infinity;
      if (mine) {
        for (const [id, pic] of pictures) {
          for (const rot of [0, 90, 180, 270]) {
            const s = correlation(turned(mine, rot), pic);
            if (s > best) {
              best = s;
              pick = id;
            }
          }
        }
      }
    }
    const entry = legend.find((e) => e.id === pick);
    nodes.push(entry ? { ...node, class: entry.class, subtype: entry.subtype, transcription: entry.label, legend_id: entry.id } : node);
  }
  return { ...graph, network: { ...graph.network, nodes } };
}
