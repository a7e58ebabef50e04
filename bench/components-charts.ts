// Chart extraction speed: the whole extractChart call on one chart (decode, colours, rules, OCR of
// the chart through native tesseract in sparse-text mode, marks, axes, table) for generated charts
// of every kind, one chart at a time on a warm engine. Prints p50/p90 wall time per chart and the
// share spent in OCR. The goal is under 1 s a chart on 2 cores.
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/bench/components-charts.js
// Settings: BENCH_CHARTS (28: four of each kind), BENCH_SEED (500), BENCH_SCANNED=1 (each chart printed
// and scanned at 200 dpi by test/fixtures/chart-scan.ts first, as the eval's scan-like splits).
import { cpus, loadavg } from 'node:os';
import type { PageText } from '../src/pipeline/types.js';
import { extractChart } from '../src/pipeline/charts/index.js';
import { benchCharts } from './chart-set.js';
import { chartOcrEngine, sparseTextOcr } from '../eval/charts/ocr.js';

const CHARTS = Number(process.env.BENCH_CHARTS ?? 28);
const SEED = Number(process.env.BENCH_SEED ?? 500);
const SCANNED = process.env.BENCH_SCANNED === '1';

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const engine = await chartOcrEngine(1);
const sparse = sparseTextOcr(engine);
let ocrMs = 0;
const ocr = async (png: Buffer): Promise<PageText> => {
  const t = performance.now();
  try {
    return await sparse(png);
  } finally {
    ocrMs += performance.now() - t;
  }
};
try {
  const charts = await benchCharts(CHARTS, SEED, SCANNED);
  // Warm-up: tesseract loads its model on first use.
  await extractChart({ ...charts[0]!, ocr });
  const wall: number[] = [], ocrShare: number[] = [];
  const byKind = new Map<string, number[]>();
  for (const c of charts) {
    ocrMs = 0;
    const t0 = performance.now();
    await extractChart({ png: c.png, width: c.width, height: c.height, ocr });
    const ms = performance.now() - t0;
    wall.push(ms);
    ocrShare.push(ocrMs / ms);
    byKind.set(c.truth.kind, [...(byKind.get(c.truth.kind) ?? []), ms]);
  }
  const sizes = charts.map((c) => c.width * c.height);
  console.log(`chart extraction, ${CHARTS} ${SCANNED ? 'scanned ' : ''}charts (${Math.round(Math.min(...sizes) / 1000)}k–${Math.round(Math.max(...sizes) / 1000)}k pixels), ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
  console.log(`  per chart: p50 ${pct(wall, 50).toFixed(0)} ms, p90 ${pct(wall, 90).toFixed(0)} ms, mean ${(wall.reduce((s, x) => s + x, 0) / wall.length).toFixed(0)} ms; OCR share p50 ${(100 * pct(ocrShare, 50)).toFixed(0)}%`);
  for (const [kind, ms] of [...byKind].sort()) console.log(`  ${kind}: p50 ${pct(ms, 50).toFixed(0)} ms (${ms.length})`);
} finally {
  await engine.close();
}
