// Latency of the page helpers on a 150-dpi letter page (1275 x 1650), warm (OpenCV, the PP-OCR
// session and the tesseract.js workers started; the page decoded, as the service's page cache
// keeps it between calls). Measures the service functions behind the routes (validation +
// computation); HTTP and JSON add well under a millisecond. Prints p50/p90 wall time per helper
// and the p50 CPU time the process spent (all its threads): on a shared, loaded machine the wall
// time includes waiting for a core, the CPU time does not.
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/bench/page-helpers.js
// Settings: BENCH_RUNS (30), BENCH_REGIONS (8: regions per ocr-regions request).
import { cpus, loadavg } from 'node:os';
import { detectInPolygon, readRegions, templateMatchOn } from '../src/pages/helpers.js';
import { openPdf } from '../src/pipeline/pdf/document.js';
import type { BBox } from '../src/pipeline/types.js';
import { createHelperOcr } from '../src/providers/engines.js';
import { decodeGrey } from '../src/providers/ocr/raster.js';
import { buildPdf, textAt } from '../test/fixtures/pdf-builder.js';
import { symbolPage } from '../test/fixtures/symbol-page.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REGIONS = Number(process.env.BENCH_REGIONS ?? 8);

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function time(label: string, runs: number, fn: () => Promise<unknown>, per = 1): Promise<void> {
  const t0 = performance.now();
  await fn();
  const cold = performance.now() - t0;
  await fn();
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const c = process.cpuUsage();
    await fn();
    ms.push((performance.now() - s) / per);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000 / per);
  }
  console.log(
    `${label}: p50 ${pct(ms, 50).toFixed(1)} ms, p90 ${pct(ms, 90).toFixed(1)} ms; CPU time p50 ${pct(cpu, 50).toFixed(1)} ms ` +
      `(first call ${cold.toFixed(0)} ms, ${runs} runs)`,
  );
}

async function main(): Promise<void> {
  console.log(`cores ${cpus().length}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const symbols = await symbolPage(3);
  const symImg = await decodeGrey(symbols.png);
  const template = symbols.symbols[0]!.bbox;
  await time('template-match (44 px template, whole page)', RUNS, () =>
    templateMatchOn(symImg, { template, threshold: 0.8, max_results: 100, scales: [1], rotations: [0], nms_iou: 0.3 }),
  );

  const lines = Array.from({ length: 34 }, (_, i) => textAt(72, 720 - i * 19, 11, `Line ${i + 1}: pump P-${100 + i} pressure 4.${i % 10} bar, check weekly and record the level`));
  const doc = await openPdf(buildPdf([{ content: lines.join('') }]));
  const page = await doc.render(1, 150);
  const layer = doc.text(1, 150);
  doc.close();
  const img = await decodeGrey(page.png);
  console.log(`text page ${img.width} x ${img.height}`);
  const engine = await createHelperOcr();

  const block = layer.lines.slice(4, 14);
  const x0 = Math.min(...block.map((l) => l.bbox[0])) - 6;
  const x1 = Math.max(...block.map((l) => l.bbox[2])) + 6;
  const polygon = [[x0, block[0]!.bbox[1] - 4], [x1, block[0]!.bbox[1] - 4], [x1, block[9]!.bbox[3] + 4], [x0, block[9]!.bbox[3] + 4]];
  await time(`detect-text-in-region (10 lines, ${Math.round(x1 - x0)} x ${Math.round(block[9]!.bbox[3] - block[0]!.bbox[1] + 8)} px polygon)`, RUNS, () =>
    detectInPolygon(engine, img, polygon, 16),
  );
  const whole = [[0, 0], [img.width, 0], [img.width, img.height], [0, img.height]];
  await time('detect-text-in-region (whole page)', Math.max(5, Math.floor(RUNS / 3)), () => detectInPolygon(engine, img, whole, 16));

  const regions = layer.lines.slice(0, REGIONS).map((l): BBox => [l.bbox[0] - 4, l.bbox[1] - 4, l.bbox[2] + 4, l.bbox[3] + 4]);
  await time(`ocr-regions (${REGIONS} one-line regions per request), per region`, RUNS, () => readRegions(engine, img, regions), REGIONS);
  await time('ocr-regions (1 one-line region per request)', RUNS, () => readRegions(engine, img, regions.slice(0, 1)));
  const words = layer.lines[0]!.words.slice(0, 2);
  const small: BBox = [words[0]!.bbox[0] - 4, words[0]!.bbox[1] - 4, words[1]!.bbox[2] + 4, words[1]!.bbox[3] + 4];
  await time('ocr-regions (1 two-word region per request)', RUNS, () => readRegions(engine, img, [small]));
  await engine.close();
  console.log(`load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
