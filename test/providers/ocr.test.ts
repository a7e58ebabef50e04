// OCR engines on text rendered here: exact text, word boxes within a few pixels of where the SVG
// put the ink, regions, and PP-OCR detection covering every line. One engine per kind per file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableOcrKinds, createOcrEngine, NativeTesseractEngine, PpocrEngine, type OcrEngine, type OcrKind } from '../../src/providers/ocr/index.js';
import { PipelineError } from '../../src/pipeline/types.js';
import { loadConfig } from '../../src/config.js';
import { createEngines } from '../../src/providers/engines.js';
import { readingOrder } from '../../src/providers/ocr/reading-order.js';
import { parseTsv } from '../../src/providers/ocr/tesseract-native.js';
import type { BBox } from '../../src/pipeline/types.js';
import { renderTextImage, type TextImage } from '../fixtures/text-image.js';

const LINES = [
  'Scanned pages become searchable text.',
  'Invoice 2024-117 totals $1,234.56 (paid).',
  'Call +1 555 0100, or email help@example.com',
  'The quick brown fox jumps over the lazy dog!',
];
const TOLERANCE = 3;

const nativeAvailable = await NativeTesseractEngine.isAvailable();

function expectNear(actual: BBox, expected: BBox, what: string): void {
  for (let i = 0; i < 4; i++) expect(Math.abs(actual[i]! - expected[i]!), `${what}: ${actual.join()} vs ${expected.join()}`).toBeLessThanOrEqual(TOLERANCE);
}

const contains = (outer: BBox, inner: BBox, slack = 2): boolean =>
  outer[0] <= inner[0] + slack && outer[1] <= inner[1] + slack && outer[2] >= inner[2] - slack && outer[3] >= inner[3] - slack;

let page: TextImage;
beforeAll(async () => {
  page = await renderTextImage(LINES);
});

describe.each<[OcrKind, boolean]>([
  ['tesseract', true],
  ['tesseract-native', nativeAvailable],
  ['ppocr', true],
])('%s engine', (kind, available) => {
  let engine: OcrEngine;
  beforeAll(async () => {
    if (available) engine = await createOcrEngine(kind);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it.skipIf(!available)('reads every line exactly, words boxed where they were drawn', async () => {
    const result = await engine.recognize(page.png);
    expect(engine.name).toBe(kind);
    expect(result.source).toBe('ocr');
    expect(result.lines.map((l) => l.text)).toEqual(LINES);
    for (const [i, line] of result.lines.entries()) {
      const expected = page.lines[i]!;
      expectNear(line.bbox, expected.bbox, `line ${i}`);
      expect(line.words.map((w) => w.text)).toEqual(expected.words.map((w) => w.text));
      for (const [j, word] of line.words.entries()) {
        expectNear(word.bbox, expected.words[j]!.bbox, `"${word.text}"`);
        expect(word.confidence).toBeGreaterThan(0.5);
        expect(word.confidence).toBeLessThanOrEqual(1);
      }
    }
  });

  it.skipIf(!available)('regions: only the text inside each, region by region', async () => {
    const pad = (b: BBox): BBox => [b[0] - 8, b[1] - 8, b[2] + 8, b[3] + 8];
    const second = pad(page.lines[1]!.bbox);
    const fourth = pad(page.lines[3]!.bbox);
    const lastWords = pad(page.lines[2]!.words.slice(-2).reduce((a, w) => [a[0], a[1], w.bbox[2], Math.max(a[3], w.bbox[3])], page.lines[2]!.words.at(-2)!.bbox));
    const perRegion = await engine.recognizeRegions(page.png, [fourth, second, lastWords]);
    expect(perRegion.map((lines) => lines.map((l) => l.text))).toEqual([[LINES[3]], [LINES[1]], ['email help@example.com']]);
    const flat = await engine.recognize(page.png, { regions: [second] });
    expect(flat.lines.map((l) => l.text)).toEqual([LINES[1]]);
    for (const [j, word] of flat.lines[0]!.words.entries()) expectNear(word.bbox, page.lines[1]!.words[j]!.bbox, word.text);
    expect(await engine.recognizeRegions(page.png, [[page.width - 30, 0, page.width, 20]])).toEqual([[]]);
  });
});

describe('PP-OCR detection', () => {
  let engine: PpocrEngine;
  beforeAll(async () => {
    engine = await PpocrEngine.create();
  });
  afterAll(async () => {
    await engine.close();
  });

  it('boxes cover every text line, one box per line, top to bottom', async () => {
    const boxes = await engine.detect(page.png);
    expect(boxes).toHaveLength(LINES.length);
    for (const [i, line] of page.lines.entries()) {
      expect(contains(boxes[i]!, line.bbox), `line ${i}: ${boxes[i]!.join()} vs ${line.bbox.join()}`).toBe(true);
      // Unclipped boxes hug the line: no more than a few pixels of margin.
      expect(boxes[i]![3] - boxes[i]![1]).toBeLessThan((line.bbox[3] - line.bbox[1]) * 1.6);
    }
  });

  it('reads a page scanned 1.5° askew: deskewed, boxes mapped back onto the tilted words', async () => {
    const askew = await renderTextImage(LINES, { rotate: 1.5 });
    const result = await engine.recognize(askew.png);
    expect(result.lines.map((l) => l.text)).toEqual(LINES);
    for (const [i, line] of result.lines.entries()) {
      // A tilted word's upright box, rotated back, is a little larger than its ink box.
      for (const [j, word] of line.words.entries()) {
        const expected = askew.lines[i]!.words[j]!.bbox;
        expect(contains(word.bbox, expected, 3), `"${word.text}": ${word.bbox.join()} vs ${expected.join()}`).toBe(true);
        expect(word.bbox[3] - word.bbox[1]).toBeLessThanOrEqual(expected[3] - expected[1] + 8);
      }
    }
  });

  it('finds nothing on a blank page', async () => {
    const blank = await renderTextImage([]);
    expect(await engine.detect(blank.png)).toEqual([]);
  });
});

describe('reading order of detected boxes', () => {
  it('title, then the left column, then the right one, then a footer', () => {
    const row = (y: number, x0: number, x1: number): BBox => [x0, y, x1, y + 20];
    const boxes: BBox[] = [
      row(130, 520, 900), // right column, line 2
      row(100, 40, 460), // left column, line 1
      row(20, 40, 900), // title across both
      row(100, 520, 900), // right column, line 1
      row(130, 40, 460), // left column, line 2
      row(160, 40, 300), // left column, line 3 (right column is shorter)
      row(220, 40, 900), // footer across both
    ];
    expect(readingOrder(boxes)).toEqual([2, 1, 4, 5, 3, 0, 6]);
  });

  it('words on one row left to right even when their tops differ', () => {
    const boxes: BBox[] = [
      [300, 12, 400, 30],
      [40, 10, 120, 32],
      [150, 14, 260, 30],
      [40, 50, 200, 70],
    ];
    expect(readingOrder(boxes)).toEqual([1, 2, 0, 3]);
  });
});

describe('native tesseract process handling', () => {
  it('is unavailable (and refuses to start) without the executable', async () => {
    expect(await NativeTesseractEngine.isAvailable('/nonexistent/tesseract')).toBe(false);
    await expect(NativeTesseractEngine.create({ binary: '/nonexistent/tesseract' })).rejects.toThrow(/tesseract-ocr/);
    expect(await availableOcrKinds()).toEqual(nativeAvailable ? ['tesseract', 'tesseract-native', 'ppocr'] : ['tesseract', 'ppocr']);
  });

  it.skipIf(!nativeAvailable)('a process over its time limit is killed: a timeout error', async () => {
    const engine = await NativeTesseractEngine.create({ timeoutMs: 1 });
    try {
      const err = await engine.recognize(page.png).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PipelineError);
      expect((err as PipelineError).code).toBe('timeout');
    } finally {
      await engine.close();
    }
  });
});

describe('PAGELENS_OCR_TIMEOUT_S', () => {
  it('defaults to 120 s, takes whole seconds from 5 to 3600, and refuses anything else', () => {
    expect(loadConfig({}).ocrTimeoutSeconds).toBe(120);
    expect(loadConfig({ PAGELENS_OCR_TIMEOUT_S: '300' }).ocrTimeoutSeconds).toBe(300);
    expect(() => loadConfig({ PAGELENS_OCR_TIMEOUT_S: '2' })).toThrow(/OCR_TIMEOUT_S/);
    expect(() => loadConfig({ PAGELENS_OCR_TIMEOUT_S: 'soon' })).toThrow(/OCR_TIMEOUT_S/);
  });

  it.skipIf(!nativeAvailable)("reaches the service's native engine: over it, the page read fails as a timeout", async () => {
    const engines = createEngines({ ...loadConfig({ PAGELENS_OCR: 'tesseract-native' }), ocrTimeoutSeconds: 0.001 });
    try {
      const err = await (await engines.ocr()).recognize(page.png).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((err as PipelineError).code).toBe('timeout');
    } finally {
      await engines.close();
    }
  });
});

describe.skipIf(!nativeAvailable)('native tesseract: long-lived processes', () => {
  it('one process per slot and mode reads image after image, each result its own, and ends on close', async () => {
    const other = await renderTextImage(['Second image, other words.', 'Nothing from the first one.']);
    const engine = await NativeTesseractEngine.create({ workers: 1 });
    try {
      expect(engine.processCount).toBe(0);
      const first = await engine.recognize(page.png);
      const second = await engine.recognize(other.png);
      const third = await engine.recognize(page.png);
      expect(first.lines.map((l) => l.text)).toEqual(LINES);
      expect(second.lines.map((l) => l.text)).toEqual(['Second image, other words.', 'Nothing from the first one.']);
      expect(third).toEqual(first);
      expect(engine.processCount).toBe(1); // the full-page mode's process, reused
      await engine.recognizeRegions(page.png, [page.lines[0]!.bbox]);
      expect(engine.processCount).toBe(2); // regions read in block mode by a second process
    } finally {
      await engine.close();
    }
    expect(engine.processCount).toBe(0);
    await expect(engine.recognize(page.png)).rejects.toThrow(/closed/);
  });

  it('a process that dies is replaced: the next image starts a new one', async () => {
    const engine = await NativeTesseractEngine.create();
    try {
      await engine.recognize(page.png);
      // Signal the running process to end: a stand-in for tesseract crashing between images.
      const { execFileSync } = await import('node:child_process');
      const pids = execFileSync('pgrep', ['-P', String(process.pid), 'tesseract']).toString().trim().split('\n').map(Number);
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(engine.processCount).toBe(0);
      const again = await engine.recognize(page.png);
      expect(again.lines.map((l) => l.text)).toEqual(LINES);
      expect(engine.processCount).toBe(1);
    } finally {
      await engine.close();
    }
  });
});

describe('tesseract TSV parsing', () => {
  it('groups level-5 rows into lines and skips empty words', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '4\t1\t1\t1\t1\t0\t10\t10\t200\t20\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t10\t50\t20\t96.5\tHello',
      '5\t1\t1\t1\t1\t2\t70\t10\t60\t20\t91\tworld',
      '5\t1\t1\t1\t2\t1\t10\t40\t40\t20\t0\t ',
      '5\t1\t1\t1\t3\t1\t10\t70\t40\t20\t88\tBye',
    ].join('\n');
    const lines = parseTsv(tsv, (b) => [b[0] + 1, b[1] + 2, b[2] + 1, b[3] + 2]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'Bye']);
    expect(lines[0]!.bbox).toEqual([11, 12, 131, 32]);
    expect(lines[0]!.words[0]).toEqual({ text: 'Hello', bbox: [11, 12, 61, 32], confidence: 0.965 });
  });
});
