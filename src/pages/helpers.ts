// Rules for the page helpers: template matching, OCR of regions and text detection in a polygon
// on a rendered page image. Results are computed per request and never stored.
import type { Caller } from '../auth/caller.js';
import type { AppContext } from '../context.js';
import { conflict, validationError } from '../http/errors.js';
import { boundsOf, centroidOf, containsPoint, polygonProblem, rowOrder, type Point } from '../pipeline/page-helpers/polygon.js';
import { isFlat, matchTemplate, type Rotation, type TemplateMatch } from '../pipeline/page-helpers/template-match.js';
import type { BBox, Word } from '../pipeline/types.js';
import type { PpocrEngine } from '../providers/ocr/index.js';
import { decodeGrey, type GreyImage } from '../providers/ocr/raster.js';
import {
  MAX_VARIANTS,
  type DetectTextInRegionRequestT,
  type DetectTextInRegionWire,
  type OcrRegionsRequestT,
  type OcrRegionsWire,
  type TemplateMatchRequestT,
  type TemplateMatchWire,
} from './helper-schemas.js';
import { findPage } from './page-image.js';

interface RenderedPage {
  documentId: string;
  pageNumber: number;
  img: GreyImage;
}

// Interactive tools call several helpers on one page in a row: keep the last pages decoded.
// Keys name immutable blobs (a new render gets a new key), so an entry never goes stale.
const decoded = new Map<string, Promise<GreyImage>>();
const DECODED_PAGES = 4;

async function readBlob(ctx: AppContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function greyPage(ctx: AppContext, key: string): Promise<GreyImage> {
  let entry = decoded.get(key);
  if (entry) decoded.delete(key);
  else {
    entry = readBlob(ctx, key).then(decodeGrey);
    entry.catch(() => decoded.delete(key));
  }
  decoded.set(key, entry);
  while (decoded.size > DECODED_PAGES) decoded.delete(decoded.keys().next().value ?? key);
  return entry;
}

/** The page's decoded image; 409 when the page has no image yet (GET .../image renders it). */
async function renderedPage(ctx: AppContext, caller: Caller, documentId: string, pageNumber: number): Promise<RenderedPage> {
  const { doc, page } = await findPage(ctx.database.db, caller, documentId, pageNumber);
  if (!page?.image_key) {
    throw conflict(`Page ${pageNumber} is not rendered yet; GET /api/v0/documents/${doc.id}/pages/${pageNumber}/image renders it`);
  }
  return { documentId: doc.id, pageNumber, img: await greyPage(ctx, page.image_key) };
}

/** A rectangle of whole pixels inside the page, or a 422 at `loc` saying what is wrong with it. */
function pageRect(raw: number[], img: GreyImage, loc: Array<string | number>): BBox {
  const r = raw.map((v) => Math.round(v)) as BBox;
  const [x0, y0, x1, y1] = r;
  if (x1 <= x0 || y1 <= y0) throw validationError(loc, 'The rectangle has zero size (need x0 < x1 and y0 < y1)');
  if (x1 - x0 > img.width || y1 - y0 > img.height) {
    throw validationError(loc, `The rectangle is larger than the page (${img.width} x ${img.height} pixels)`);
  }
  if (x0 < 0 || y0 < 0 || x1 > img.width || y1 > img.height) {
    throw validationError(loc, `The rectangle is not inside the page (0..${img.width} x 0..${img.height} pixels)`);
  }
  return r;
}

const sameBox = (a: BBox, b: BBox): boolean => a.every((v, i) => v === b[i]);
const within = (inner: BBox, outer: BBox): boolean => inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

export interface TemplateMatchOutcome {
  template: BBox;
  matches: Array<TemplateMatch & { is_template: boolean }>;
  truncated: boolean;
}

/** Checks the request against the page (422s) and matches; shared by the route and bench/eval. */
export async function templateMatchOn(img: GreyImage, body: TemplateMatchRequestT): Promise<TemplateMatchOutcome> {
  const template = pageRect(body.template, img, ['body', 'template']);
  const region = body.search_region ? pageRect(body.search_region, img, ['body', 'search_region']) : undefined;
  const scales = [...new Set(body.scales)];
  const rotations = [...new Set(body.rotations)] as Rotation[];
  if (scales.length * rotations.length > MAX_VARIANTS) {
    throw validationError(['body', 'scales'], `At most ${MAX_VARIANTS} scale x rotation combinations per request (got ${scales.length * rotations.length})`);
  }
  if (isFlat(img, template)) throw validationError(['body', 'template'], 'The template rectangle is blank (one grey level); there is nothing to match');
  const area = region ?? ([0, 0, img.width, img.height] as BBox);
  const fits = scales.some((s) => {
    const w = Math.round((template[2] - template[0]) * s);
    const h = Math.round((template[3] - template[1]) * s);
    return rotations.some((r) => {
      const [tw, th] = r === 90 || r === 270 ? [h, w] : [w, h];
      return tw <= area[2] - area[0] && th <= area[3] - area[1];
    });
  });
  if (!fits) throw validationError(['body', 'search_region'], 'The template (at every requested scale and rotation) is larger than the search region');

  const result = await matchTemplate(img, template, {
    threshold: body.threshold,
    maxResults: body.max_results,
    searchRegion: region,
    scales,
    rotations,
    nmsIou: body.nms_iou,
  });
  let matches = result.matches.map((m) => ({ ...m, is_template: m.scale === 1 && m.rotation === 0 && sameBox(m.bbox, template) }));
  let truncated = result.truncated;
  // The template's own place always matches itself; keep it in the answer even where rounding
  // put its score a hair under a threshold of 1 or suppression preferred a neighbour.
  if (scales.includes(1) && rotations.includes(0) && within(template, area) && !matches.some((m) => m.is_template)) {
    matches = [{ bbox: template, score: 1, scale: 1, rotation: 0, is_template: true }, ...matches];
    if (matches.length > body.max_results) {
      matches = matches.slice(0, body.max_results);
      truncated = true;
    }
  }
  return { template, matches, truncated };
}

export async function templateMatch(ctx: AppContext, caller: Caller, documentId: string, pageNumber: number, body: TemplateMatchRequestT): Promise<TemplateMatchWire> {
  const page = await renderedPage(ctx, caller, documentId, pageNumber);
  const out = await templateMatchOn(page.img, body);
  return {
    document_id: page.documentId,
    page_number: pageNumber,
    template: out.template,
    threshold: body.threshold,
    matches: out.matches.map((m) => ({ ...m, score: Math.round(m.score * 10_000) / 10_000 })),
    truncated: out.truncated,
  };
}

export interface RegionText {
  bbox: BBox;
  text: string;
  words: Word[];
}

/**
 * 1. text boxes inside each region, top-to-bottom then left-to-right; 2. one recognition batch
 * over every box of every region; 3. each region's words in that order, joined with single spaces.
 */
export async function readRegions(engine: PpocrEngine, img: GreyImage, regions: BBox[]): Promise<RegionText[]> {
  const perRegion = await Promise.all(
    regions.map(async (r) => {
      const boxes = await engine.detectIn(img, r);
      return rowOrder(boxes).map((i) => boxes[i]!);
    }),
  );
  const read = await engine.readLines(img, perRegion.flat());
  let at = 0;
  return regions.map((bbox, r) => {
    const words = perRegion[r]!.flatMap(() => read[at++]!.flatMap((line) => line.words));
    return { bbox, text: words.map((w) => w.text).join(' '), words };
  });
}

export async function ocrRegions(ctx: AppContext, caller: Caller, documentId: string, pageNumber: number, body: OcrRegionsRequestT): Promise<OcrRegionsWire> {
  const page = await renderedPage(ctx, caller, documentId, pageNumber);
  const regions = body.regions.map((r, i) => pageRect(r, page.img, ['body', 'regions', i]));
  const read = await readRegions(await ctx.engines.helperOcr(), page.img, regions);
  return {
    document_id: page.documentId,
    page_number: pageNumber,
    regions: read.map((r) => ({
      ...r,
      words: r.words.map((w) => ({ text: w.text, bbox: w.bbox, confidence: Math.round(w.confidence * 1000) / 1000 })),
    })),
  };
}

/** Checks the polygon against the page (422s), detects in its padded bounding rectangle, keeps centres inside. */
export async function detectInPolygon(engine: PpocrEngine, img: GreyImage, points: number[][], pad: number): Promise<BBox[]> {
  const polygon = points.map((p) => [p[0], p[1]] as Point);
  polygon.forEach(([x, y], i) => {
    if (!(x >= 0 && y >= 0 && x <= img.width && y <= img.height)) {
      throw validationError(['body', 'polygon', i], `The point is outside the page (0..${img.width} x 0..${img.height} pixels)`);
    }
  });
  const problem = polygonProblem(polygon);
  if (problem) throw validationError(['body', 'polygon'], problem);
  const b = boundsOf(polygon);
  const crop: BBox = [
    Math.max(0, Math.floor(b[0]) - pad),
    Math.max(0, Math.floor(b[1]) - pad),
    Math.min(img.width, Math.ceil(b[2]) + pad),
    Math.min(img.height, Math.ceil(b[3]) + pad),
  ];
  const boxes = (await engine.detectInCrop(img, crop)).filter((box) => containsPoint(polygon, centroidOf(box)));
  return rowOrder(boxes).map((i) => boxes[i]!);
}

export async function detectTextInRegion(
  ctx: AppContext,
  caller: Caller,
  documentId: string,
  pageNumber: number,
  body: DetectTextInRegionRequestT,
): Promise<DetectTextInRegionWire> {
  const page = await renderedPage(ctx, caller, documentId, pageNumber);
  const bboxes = await detectInPolygon(await ctx.engines.helperOcr(), page.img, body.polygon, body.padding);
  return { document_id: page.documentId, page_number: pageNumber, bboxes };
}
