// tesseract.js (WebAssembly) with a small pool of workers. Everything it needs is loaded from
// installed packages: the worker script and core from tesseract.js(-core), the English LSTM model
// from @tesseract.js-data/eng. Nothing is fetched or cached at run time.
import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import type { GreyPixels } from '../../pipeline/tables/scan-text.js';
import type { BBox, PageText, TextLine, Word } from '../../pipeline/types.js';
import { clip, lineOf, type OcrEngine, type RecognizeOptions } from './engine.js';
import { Pool } from './pool.js';
import { cropForOcr, decodeGrey, pgm, type GreyImage } from './raster.js';

export interface TesseractOptions {
  /** Workers recognising in parallel (each holds its own model: about 90 MB with a page in flight). Default 1. */
  workers?: number;
  /** Folder holding eng.traineddata.gz; default: the installed @tesseract.js-data/eng (best_int). */
  langPath?: string;
}

/** Page segmentation modes used here (tesseract's numbering). */
export const PSM = { auto: '3', block: '6', line: '7' } as const;
type Psm = (typeof PSM)[keyof typeof PSM];

interface PooledWorker {
  worker: Tesseract.Worker;
  psm: Psm | undefined;
}

const require = createRequire(import.meta.url);

function installedPaths(langPath?: string): { langPath: string; workerPath: string } {
  return {
    langPath: langPath ?? path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  };
}

const toBox = (b: Tesseract.Bbox): BBox => [b.x0, b.y0, b.x1, b.y1];

/** Lines in tesseract's reading order (blocks → paragraphs → lines), mapped to page pixels. */
export function linesFromPage(page: Tesseract.Page, toPage: (b: BBox) => BBox = (b) => b): TextLine[] {
  const lines: TextLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words: Word[] = line.words.map((w) => ({ text: w.text.trim(), bbox: toPage(toBox(w.bbox)), confidence: Math.max(0, Math.min(1, w.confidence / 100)) }));
        const out = lineOf(words);
        if (out) lines.push(out);
      }
    }
  }
  return lines;
}

export class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract';

  private constructor(private readonly pool: Pool<PooledWorker>) {}

  static async create(options: TesseractOptions = {}): Promise<TesseractEngine> {
    const count = Math.max(1, Math.floor(options.workers ?? 1));
    const paths = installedPaths(options.langPath);
    const workers = await Promise.all(
      Array.from({ length: count }, () =>
        Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, { ...paths, gzip: true, cacheMethod: 'none' }),
      ),
    );
    // tesseract retries low-confidence lines as white-on-black text; documents rarely have any, so
    // skip the retry. Its diagnostics ("Estimating resolution as …") would go to our stderr.
    await Promise.all(workers.map((w) => w.setParameters({ tessedit_do_invert: '0', debug_file: '/dev/null' })));
    return new TesseractEngine(new Pool(workers.map((worker): PooledWorker => ({ worker, psm: undefined }))));
  }

  get workers(): number {
    return this.pool.size;
  }

  async recognize(png: Buffer, opts: RecognizeOptions = {}): Promise<PageText> {
    if (opts.regions) return { source: 'ocr', lines: (await this.recognizeRegions(png, opts.regions)).flat() };
    const img = await decodeGrey(png);
    const page = await this.run(pgm(img.width, img.height, img.data), PSM.auto);
    return { source: 'ocr', lines: linesFromPage(page) };
  }

  async recognizeRegions(png: Buffer, regions: BBox[]): Promise<TextLine[][]> {
    const img = await decodeGrey(png);
    return Promise.all(regions.map((r) => this.recognizeCrop(img, r, PSM.block)));
  }

  /**
   * One line of text per box (PSM 7, for boxes from a text detector), in the order given;
   * an empty list where nothing was read.
   */
  async recognizeLines(img: GreyImage, boxes: BBox[]): Promise<TextLine[][]> {
    return Promise.all(boxes.map((b) => this.recognizeCrop(img, b, PSM.line)));
  }

  /** The words of a prepared image read as one block (PSM 6: cleaned table regions, tables/scan-text.ts). */
  async readPage(img: GreyPixels): Promise<TextLine[]> {
    return linesFromPage(await this.run(pgm(img.width, img.height, Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length)), PSM.auto));
  }

  async readBlock(img: GreyPixels): Promise<TextLine[]> {
    return linesFromPage(await this.run(pgm(img.width, img.height, Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length)), PSM.block));
  }

  async close(): Promise<void> {
    const workers = await this.pool.drain();
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }

  private async recognizeCrop(img: GreyImage, region: BBox, psm: Psm): Promise<TextLine[]> {
    const crop = await cropForOcr(img, region, { pad: 10, minHeight: 20 });
    if (!crop) return [];
    const page = await this.run(crop.pgm, psm);
    return linesFromPage(page, crop.toPage).flatMap((line) => {
      const words = line.words.flatMap((w) => {
        const bbox = clip(w.bbox, region);
        return bbox ? [{ ...w, bbox }] : [];
      });
      const out = lineOf(words);
      return out ? [out] : [];
    });
  }

  private run(image: Buffer, psm: Psm): Promise<Tesseract.Page> {
    return this.pool.use(async (w) => {
      if (w.psm !== psm) {
        await w.worker.setParameters({ tessedit_pageseg_mode: psm as Tesseract.PSM });
        w.psm = psm;
      }
      const result = await w.worker.recognize(image, {}, { blocks: true, text: false });
      return result.data;
    });
  }
}
