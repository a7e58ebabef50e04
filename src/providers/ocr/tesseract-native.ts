// Debian's tesseract CLI (package tesseract-ocr), one process per image with a timeout, TSV output.
// Optional: the engine is offered only when `tesseract` with English data is on the PATH.
import { spawn } from 'node:child_process';
import type { BBox, PageText, TextLine, Word } from '../../pipeline/types.js';
import { PipelineError } from '../../pipeline/types.js';
import { clip, lineOf, type OcrEngine, type RecognizeOptions } from './engine.js';
import { Pool } from './pool.js';
import { cropForOcr, decodeGrey, pgm, type GreyImage } from './raster.js';
import { PSM } from './tesseract.js';

export interface NativeTesseractOptions {
  /** Processes run at once. Default 1. */
  workers?: number;
  /** Kill a tesseract process after this long. Default 60 s. */
  timeoutMs?: number;
  /** The executable; default `tesseract` from the PATH. */
  binary?: string;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(binary: string, args: string[], input: Buffer | undefined, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // One thread per process: parallelism comes from the pool, and OpenMP threads fight over cores.
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
    // The process may exit before reading all input (bad image); that error is reported by `close`.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/**
 * Words and lines from tesseract's TSV (level 5 rows are words; block/paragraph/line numbers
 * group them), in the order tesseract wrote them, which is its reading order.
 */
export function parseTsv(tsv: string, toPage: (b: BBox) => BBox = (b) => b): TextLine[] {
  const groups = new Map<string, Word[]>();
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join('\t').trim();
    if (!text) continue;
    const [left, top, width, height, conf] = f.slice(6, 11).map(Number) as [number, number, number, number, number];
    const key = f.slice(1, 5).join('/');
    const words = groups.get(key) ?? [];
    words.push({ text, bbox: toPage([left, top, left + width, top + height]), confidence: Math.max(0, Math.min(1, conf / 100)) });
    groups.set(key, words);
  }
  return [...groups.values()].flatMap((words) => lineOf(words) ?? []);
}

export class NativeTesseractEngine implements OcrEngine {
  readonly name = 'tesseract-native';
  private static available: Promise<boolean> | undefined;

  private constructor(
    private readonly pool: Pool<number>,
    private readonly binary: string,
    private readonly timeoutMs: number,
  ) {}

  /** Whether `tesseract` runs here and has the English model (checked once per process). */
  static isAvailable(binary = 'tesseract'): Promise<boolean> {
    const check = async (): Promise<boolean> => {
      try {
        const r = await run(binary, ['--list-langs'], undefined, 10_000);
        return r.code === 0 && /^eng$/m.test(r.stdout);
      } catch {
        return false;
      }
    };
    if (binary !== 'tesseract') return check();
    NativeTesseractEngine.available ??= check();
    return NativeTesseractEngine.available;
  }

  static async create(options: NativeTesseractOptions = {}): Promise<NativeTesseractEngine> {
    const binary = options.binary ?? 'tesseract';
    if (!(await NativeTesseractEngine.isAvailable(binary))) {
      throw new Error('tesseract-native needs the `tesseract` command with English data (Debian: apt-get install tesseract-ocr tesseract-ocr-eng)');
    }
    const slots = Array.from({ length: Math.max(1, Math.floor(options.workers ?? 1)) }, (_, i) => i);
    return new NativeTesseractEngine(new Pool(slots), binary, options.timeoutMs ?? 60_000);
  }

  async recognize(png: Buffer, opts: RecognizeOptions = {}): Promise<PageText> {
    if (opts.regions) return { source: 'ocr', lines: (await this.recognizeRegions(png, opts.regions)).flat() };
    const img = await decodeGrey(png);
    return { source: 'ocr', lines: parseTsv(await this.tsv(pgm(img.width, img.height, img.data), PSM.auto)) };
  }

  async recognizeRegions(png: Buffer, regions: BBox[]): Promise<TextLine[][]> {
    const img = await decodeGrey(png);
    return Promise.all(regions.map((r) => this.recognizeCrop(img, r, PSM.block)));
  }

  /** One line of text per box (PSM 7), like TesseractEngine.recognizeLines. */
  async recognizeLines(img: GreyImage, boxes: BBox[]): Promise<TextLine[][]> {
    return Promise.all(boxes.map((b) => this.recognizeCrop(img, b, PSM.line)));
  }

  async close(): Promise<void> {
    await this.pool.drain();
  }

  private async recognizeCrop(img: GreyImage, region: BBox, psm: string): Promise<TextLine[]> {
    const crop = await cropForOcr(img, region, { pad: 10, minHeight: 20 });
    if (!crop) return [];
    const lines = parseTsv(await this.tsv(crop.pgm, psm), crop.toPage);
    return lines.flatMap((line) => {
      const words = line.words.flatMap((w) => {
        const bbox = clip(w.bbox, region);
        return bbox ? [{ ...w, bbox }] : [];
      });
      return lineOf(words) ?? [];
    });
  }

  private tsv(image: Buffer, psm: string): Promise<string> {
    return this.pool.use(async () => {
      // Same settings as the tesseract.js engine: LSTM only, no inverted-text retry.
      const args = ['stdin', 'stdout', '-l', 'eng', '--oem', '1', '--psm', psm, '-c', 'tessedit_do_invert=0', 'tsv'];
      const r = await run(this.binary, args, image, this.timeoutMs);
      if (r.timedOut) throw new PipelineError(`tesseract took longer than ${Math.round(this.timeoutMs / 1000)} s on one image.`, 'timeout');
      if (r.code !== 0) throw new PipelineError(`tesseract failed: ${r.stderr.trim().split('\n').pop() ?? `exit ${r.code}`}`, 'conversion_failed');
      return r.stdout;
    });
  }
}
