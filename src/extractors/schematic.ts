// The schematic extractor: symbols (from the sheet's legend, or generic shapes when it has none),
// tags, lines with junctions, crossings, bends and arrows, as the canonical v2 graph
// (src/pipeline/schematics). Grounding: the graph with its counts; grounding_data: the graph and
// the review flag, { graph, reviewed: false }. Coordinates are pixels of the component's image
// (the region cut from the page). Schematics are edited through their own routes
// (/components/{id}/schematic...), not through html_table or intermediate_json.
import { detectSchematic, type SchematicGraph } from '../pipeline/schematics/index.js';
import type { GreyPixels } from '../pipeline/tables/scan-text.js';
import type { BBox, Word } from '../pipeline/types.js';
import type { SchematicGraphV2 } from '../schematics/graph.js';
import { EditRejected, type Extraction, type Extractor, type ExtractorInput, type GroundingEdit, type GroundingEditRequest } from './types.js';

/** The pipeline's graph is the canonical v2 graph, member for member (checked here at compile time). */
export const asV2 = (g: SchematicGraph): SchematicGraphV2 => g;

function cropGrey(img: GreyPixels, b: BBox): GreyPixels {
  const x0 = Math.max(0, Math.floor(b[0]));
  const y0 = Math.max(0, Math.floor(b[1]));
  const x1 = Math.min(img.width, Math.ceil(b[2]));
  const y1 = Math.min(img.height, Math.ceil(b[3]));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const out = new Uint8Array(w * h).fill(255);
  for (let y = 0; y < h && y0 + y < img.height; y++) out.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x0 + Math.min(w, img.width - x0)), y * w);
  return { data: out, width: w, height: h };
}

/** The region's pixels and, on born-digital pages, its words moved into the region's pixels. */
async function regionOf(input: ExtractorInput): Promise<{ image: GreyPixels; words: Word[] | undefined }> {
  const page = await input.grey();
  const [bx0, by0, bx1, by1] = input.bbox;
  const whole = bx0 <= 0 && by0 <= 0 && bx1 >= page.width && by1 >= page.height;
  const image = whole ? page : cropGrey(page, input.bbox);
  const x0 = whole ? 0 : Math.max(0, Math.floor(bx0));
  const y0 = whole ? 0 : Math.max(0, Math.floor(by0));
  if (input.textSource !== 'pdf') return { image, words: undefined };
  const words = input.words
    .filter((w) => {
      const cx = (w.bbox[0] + w.bbox[2]) / 2;
      const cy = (w.bbox[1] + w.bbox[3]) / 2;
      return cx >= x0 && cy >= y0 && cx < x0 + image.width && cy < y0 + image.height;
    })
    .map((w) => ({ ...w, bbox: [w.bbox[0] - x0, w.bbox[1] - y0, w.bbox[2] - x0, w.bbox[3] - y0] as BBox }));
  // A born-digital schematic whose text is drawn as paths has no words: read it instead.
  return { image, words: words.length > 0 ? words : undefined };
}

export const schematicExtractor: Extractor = {
  type: 'schematic',
  async extract(input: ExtractorInput): Promise<Extraction> {
    const { image, words } = await regionOf(input);
    const graph = asV2(await detectSchematic({ image, ...(words ? { words } : {}), ocr: await input.ocr() }));
    const stats = { node_count: graph.network.nodes.length, edge_count: graph.network.edges.length, legend_count: graph.legend.length, source: 'pipeline' };
    const empty = graph.network.nodes.length === 0;
    return {
      grounding: { graph, ...stats },
      groundingData: { graph, reviewed: false },
      status: empty ? 'degraded' : 'done',
      error: empty ? 'No schematic symbols or lines were found in the region' : null,
    };
  },
  edit(request: GroundingEditRequest): Promise<GroundingEdit> {
    const field = request.html_table !== undefined ? 'html_table' : 'intermediate_json';
    return Promise.reject(new EditRejected([field], 'schematic components are edited through /components/{component_id}/schematic (the graph, its legend and its review flag), not through html_table or intermediate_json'));
  },
};
