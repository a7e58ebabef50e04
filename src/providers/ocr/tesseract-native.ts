// Debian's tesseract CLI (package tesseract-ocr), TSV output. Each pool slot keeps one long-lived
// tesseract per page segmentation mode, fed image paths on stdin (`stream_filelist`), so the model
// is loaded once per process instead of once per image. Optional: the engine is offered only when
// `tesseract` with English data is on the PATH.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open, unlink, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GreyPixels } from '../../pipeline/tables/scan-text.js';
import type { BBox, PageText, TextLine, Word } from '../../pipeline/types.js';
import { PipelineError } from '../../pipeline/types.js';
import { clip, lineOf, type OcrEngine, type RecognizeOptions } from './engine.js';
import { Pool } from './pool.js';
import { cropForOcr, decodeGrey, pgm, pgmHeader, tiffHeader, type GreyImage } from './raster.js';
import { PSM } from './tesseract.js';

export interface NativeTesseractOptions {
  /** Processes run at once. Default 1. */
  workers?: number;
  /** Kill a tesseract process after this long on one image. Default 60 s. */
  timeoutMs?: number;
  /** The executable; default `tesseract` from the PATH. */
  binary?: string;
}

// One thread per process: parallelism comes from the pool, and OpenMP threads fight over cores.
const ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(binary: string, args: string[], input: Buffer | undefined, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], env: ENV });
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

// Same settings as the tesseract.js engine: LSTM only, no inverted-text retry.
const tesseractArgs = (psm: string): string[] => [
  '-', 'stdout', '-l', 'eng', '--oem', '1', '--psm', psm, '-c', 'tessedit_do_invert=0', '-c', 'stream_filelist=1', 'tsv',
];

interface Request {
  page: number;
  rows: string[];
  resolve: (tsv: string) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One tesseract process reading image paths from stdin, one image at a time. TSV rows carry the
 * image's number in the stream (page_num); after each image a blank sentinel image is sent, and
 * the sentinel's page row tells that the image's rows are complete.
 */
export class TesseractProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private next = 1;
  private pending: Request | undefined;
  private partial = '';
  private stderrTail = '';
  private exited = false;

  constructor(
    binary: string,
    psm: string,
    private readonly sentinel: string,
  ) {
    this.child = spawn(binary, tesseractArgs(psm), { stdio: ['pipe', 'pipe', 'pipe'], env: ENV });
    // An idle process must not keep Node running; a request in flight holds its timer.
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as Socket).unref();
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => (this.stderrTail = (this.stderrTail + chunk).slice(-2000)));
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (e) => {
      this.exited = true;
      this.fail(e);
    });
    this.child.on('close', (code, signal) => {
      this.exited = true;
      const last = this.stderrTail.trim().split('\n').pop();
      this.fail(new PipelineError(`tesseract failed: ${last || `exit ${code ?? signal}`}`, 'conversion_failed'));
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** The TSV rows (no header) of the image at `file`, a PGM or PNG. */
  recognize(file: string, timeoutMs: number): Promise<string> {
    if (this.pending) return Promise.reject(new Error('a tesseract process reads one image at a time'));
    if (this.exited) return Promise.reject(new PipelineError('tesseract has exited', 'conversion_failed'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new PipelineError(`tesseract took longer than ${Math.round(timeoutMs / 1000)} s on one image.`, 'timeout'));
        this.kill();
      }, timeoutMs);
      this.pending = { page: this.next, rows: [], resolve, reject, timer };
      this.next += 2;
      this.child.stdin.write(`${file}\n${this.sentinel}\n`);
    });
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  /** Ends the input; tesseract exits once it has read it. */
  end(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('close', () => resolve());
      // Held again so that Node waits for the exit rather than leaving before it.
      this.child.ref();
      for (const stream of [this.child.stdout, this.child.stderr]) (stream as unknown as Socket).ref();
      this.child.stdin.end();
    });
  }

  private onData(chunk: string): void {
    const text = this.partial + chunk;
    const cut = text.lastIndexOf('\n');
    this.partial = text.slice(cut + 1);
    if (cut < 0) return;
    for (const row of text.slice(0, cut).split('\n')) {
      const req = this.pending;
      if (!req) continue;
      const f = row.split('\t', 2);
      const page = Number(f[1]);
      if (page === req.page) req.rows.push(row);
      else if (f[0] === '1' && page === req.page + 1) {
        this.pending = undefined;
        clearTimeout(req.timer);
        req.resolve(req.rows.join('\n'));
      }
    }
  }

  private fail(err: Error): void {
    const req = this.pending;
    if (!req) return;
    this.pending = undefined;
    clearTimeout(req.timer);
    req.reject(err);
  }
}

/**
 * Words and lines from tesseract's TSV (level 5 rows are words; block/paragraph/line numbers
 * group them), in the order tesseract wrote them, which is its reading order.
 */
export function parseTsv(tsv: string, toPage: (b: BBox) => BBox = (b) => b): TextLine[] {
  const groups = new Map<string, Word[]>();
  for (const row of tsv.split('\n')) {
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

/** Orientation confidence under which tesseract's OSD is not followed. */
const OSD_MIN_CONFIDENCE = 1;

/**
 * Clockwise quarter turns from tesseract's OSD report, whose "Rotate: 270" is the clockwise angle
 * that makes the page upright (a page scanned a quarter turn clockwise reports 270).
 */
export function parseOsd(report: string): number | undefined {
  const rotate = /^Rotate:\s*(\d+)/m.exec(report);
  const conf = /^Orientation confidence:\s*([\d.]+)/m.exec(report);
  if (!rotate || !conf || Number(conf[1]) < OSD_MIN_CONFIDENCE) return undefined;
  return ((Math.round(Number(rotate[1]) / 90) % 4) + 4) % 4;
}

/** A pool slot: its tesseract processes, one per page segmentation mode, started on first use. */
interface Slot {
  id: number;
  processes: Map<string, TesseractProcess>;
  images: number;
}

export class NativeTesseractEngine implements OcrEngine {
  readonly name = 'tesseract-native';
  private static available: Promise<boolean> | undefined;

  private constructor(
    private readonly pool: Pool<Slot>,
    private readonly binary: string,
    private readonly timeoutMs: number,
    /** Images are handed over as files in here; removed on close. */
    private readonly dir: string,
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
    const dir = mkdtempSync(path.join(tmpdir(), 'pagelens-tesseract-'));
    // The sentinel sent after every image: blank, so tesseract reads it in well under a millisecond.
    writeFileSync(path.join(dir, 'sentinel.pgm'), pgm(64, 32, Buffer.alloc(64 * 32, 255)));
    const slots = Array.from({ length: Math.max(1, Math.floor(options.workers ?? 1)) }, (_, id) => ({ id, processes: new Map(), images: 0 }));
    return new NativeTesseractEngine(new Pool<Slot>(slots), binary, options.timeoutMs ?? 60_000, dir);
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

  /** A prepared page image with tesseract's page layout analysis (PSM 3), at `dpi` when known. */
  async readPage(img: GreyPixels, dpi?: number): Promise<TextLine[]> {
    return this.readImage(img, PSM.auto, dpi);
  }

  /**
   * Clockwise quarter turns that make the page upright, from tesseract's orientation and script
   * detection (PSM 0, osd.traineddata); undefined when it is not installed or not confident.
   * A process of its own per call: it is asked only of pages that look sideways or read badly.
   */
  async orientation(img: GreyPixels): Promise<number | undefined> {
    const input = pgm(img.width, img.height, Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length));
    const r = await run(this.binary, ['-', 'stdout', '--psm', '0'], input, this.timeoutMs).catch(() => undefined);
    return r?.code === 0 ? parseOsd(r.stdout) : undefined;
  }

  /** The words of a prepared image read as one block (PSM 6: cleaned table regions, tables/scan-text.ts). */
  async readBlock(img: GreyPixels, dpi?: number): Promise<TextLine[]> {
    return this.readImage(img, PSM.block, dpi);
  }

  /**
   * The lines of a whole prepared image in page segmentation mode `psm`; with `dpi`, handed
   * over as a TIFF that says it (tesseract's own estimate otherwise, see raster.ts tiff).
   */
  async readImage(img: GreyPixels, psm: string, dpi?: number): Promise<TextLine[]> {
    const pixels = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length);
    return parseTsv(await this.tsv([dpi ? tiffHeader(img.width, img.height, dpi) : pgmHeader(img.width, img.height), pixels], psm, dpi ? 'tif' : 'pgm'));
  }

  /** Tesseract processes running now (for tests: they are reused, and gone after close). */
  get processCount(): number {
    return this.pool.items.reduce((n, slot) => n + [...slot.processes.values()].filter((p) => p.alive).length, 0);
  }

  async close(): Promise<void> {
    const slots = await this.pool.drain();
    await Promise.all(slots.flatMap((slot) => [...slot.processes.values()].map((p) => p.end())));
    rmSync(this.dir, { recursive: true, force: true });
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

  /** `image`: the file's bytes, or its parts in order (a header and the page's pixels, written without joining them). */
  private tsv(image: Buffer | Buffer[], psm: string, ext = 'pgm'): Promise<string> {
    return this.pool.use(async (slot) => {
      let proc = slot.processes.get(psm);
      if (!proc?.alive) {
        proc = new TesseractProcess(this.binary, psm, path.join(this.dir, 'sentinel.pgm'));
        slot.processes.set(psm, proc);
      }
      const file = path.join(this.dir, `${slot.id}-${slot.images++}.${ext}`);
      if (Array.isArray(image)) {
        const handle = await open(file, 'w');
        try {
          const { bytesWritten } = await handle.writev(image);
          if (bytesWritten !== image.reduce((n, b) => n + b.length, 0)) throw new Error(`short write of ${file}`);
        } finally {
          await handle.close();
        }
      } else await writeFile(file, image);
      try {
        return await proc.recognize(file, this.timeoutMs);
      } finally {
        await unlink(file).catch(() => undefined);
      }
    });
  }
}
