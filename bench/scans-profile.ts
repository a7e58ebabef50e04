// Where the CPU of a scanned page goes (issue 22's dense pages, as bench/ingest.ts's scanned-real
// part makes them): each page read as processing reads it (readPdfPage), one page at a time, with
// every call to the recogniser recorded (kind, pixels, the tesseract processes' CPU seconds it
// took) and this process's own CPU for the page. Load on the machine does not change CPU seconds.
// Build: tsc -p tsconfig.bench.json; run: node dist-bench/bench/scans-profile.js
// Settings: BENCH_SCANS_SEED (22), BENCH_SCANS_DPI (200), EVAL_DATA (/work/shared/data),
// BENCH_SCANS_ONLY (pages whose 'file pN' contains one of these, comma-separated).
import { tesseractCpu } from './proc-cpu.js';
import { openPdf } from '../src/pipeline/pdf/document.js';
import { readPdfPage } from '../src/pipeline/scan/page-text.js';
import type { PageRecognizer } from '../src/pipeline/scan/read-scan.js';
import type { GreyPixels } from '../src/pipeline/tables/scan-background.js';
import { NativeTesseractEngine } from '../src/providers/ocr/index.js';
import { densePages, imageOnlyPdf, scanImage } from '../eval/scan-pages.js';

const SEED = Number(process.env.BENCH_SCANS_SEED ?? 22);
const DPI = Number(process.env.BENCH_SCANS_DPI ?? 200);
const ONLY = process.env.BENCH_SCANS_ONLY?.split(',');
const SETTINGS = { renderDpi: 150, maxPagePixels: 40_000_000, minTextQuality: 0.5 };

interface Call {
  kind: string;
  pixels: number;
  cpu: number;
}

/** The engine with each call's kind, pixels and tesseract CPU recorded in `calls`. */
function recording(engine: NativeTesseractEngine, calls: Call[]): PageRecognizer {
  const timed = async <T>(kind: string, img: GreyPixels, fn: () => Promise<T>): Promise<T> => {
    const before = tesseractCpu();
    const out = await fn();
    calls.push({ kind, pixels: img.width * img.height, cpu: tesseractCpu() - before });
    return out;
  };
  return {
    readPage: (img, dpi) => timed('page', img, () => engine.readPage(img, dpi)),
    readBlock: (img, dpi) => timed('block', img, () => engine.readBlock(img, dpi)),
    orientation: (img) => timed('orientation', img, () => engine.orientation(img)),
  };
}

const engine = await NativeTesseractEngine.create({ workers: 1, timeoutMs: 600_000 });
const totals = new Map<string, { n: number; cpu: number; mpx: number }>();
let node = 0;
let pages = 0;
console.log('| page | calls (kind Mpx CPU s) | tesseract CPU s | Node CPU s |');
console.log('|---|---|---|---|');
try {
  for (const ref of densePages(process.env.EVAL_DATA ?? '/work/shared/data')) {
    const name = `${ref.file.split('/').pop()} p${ref.page}`;
    if (ONLY && !ONLY.some((o) => name.includes(o))) continue;
    const pdf = await imageOnlyPdf([await scanImage(ref, SEED, DPI)]);
    const doc = await openPdf(pdf);
    const calls: Call[] = [];
    const t0 = tesseractCpu();
    const c0 = process.cpuUsage();
    try {
      await readPdfPage(doc, 1, SETTINGS, () => Promise.resolve(recording(engine, calls)));
    } finally {
      doc.close();
    }
    const c = process.cpuUsage(c0);
    const own = (c.user + c.system) / 1e6;
    node += own;
    pages++;
    for (const call of calls) {
      const t = totals.get(call.kind) ?? { n: 0, cpu: 0, mpx: 0 };
      totals.set(call.kind, { n: t.n + 1, cpu: t.cpu + call.cpu, mpx: t.mpx + call.pixels / 1e6 });
    }
    const list = calls.map((k) => `${k.kind} ${(k.pixels / 1e6).toFixed(1)} ${k.cpu.toFixed(2)}`).join(', ');
    console.log(`| ${name} | ${list} | ${(tesseractCpu() - t0).toFixed(2)} | ${own.toFixed(2)} |`);
  }
} finally {
  await engine.close();
}
console.log('\n| call | count | Mpx | tesseract CPU s per page |');
console.log('|---|---|---|---|');
for (const [k, t] of totals) console.log(`| ${k} | ${t.n} | ${t.mpx.toFixed(1)} | ${(t.cpu / Math.max(1, pages)).toFixed(3)} |`);
console.log(`\nNode (read only, no layout or storage): ${(node / Math.max(1, pages)).toFixed(3)} CPU s per page over ${pages} pages`);
