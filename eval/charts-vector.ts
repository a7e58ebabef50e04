// Charts drawn as vector graphics in PDFs, read as processing reads a born-digital page: the
// charts of eval/charts.ts (Vega-Lite specs with known data, seeded; a training split and a
// held-out split never looked at while tuning) laid out by Vega and written into PDFs by two
// writers (pdf-lib's shapes, or raw operators rounded to 0.01 pt: test/fixtures/chart-pdf.ts).
// Each chart is read from its drawing (src/pipeline/charts/vector); where that gives up, from
// the rendered page with the text layer's words (extractChart), as the chart extractor does.
// Prints per split: the share read from the drawing, chart type accuracy, the share of values
// within 2 % of the axis range and the share exact (equal to the data as printed), and the time
// per chart. EVAL_RASTER=1 also reads every chart from its rendered page alone (the reading
// before vector charts were read from the drawing), for comparison.
// Build: make -o node_modules/.installed dist-bench/.built; run: node dist-bench/eval/charts-vector.js
// Settings: EVAL_TRAIN (160), EVAL_HELDOUT (80), EVAL_RASTER (0), EVAL_DUMP (a folder for per-chart results).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractChart, type ChartExtraction } from '../src/pipeline/charts/index.js';
import { readVectorChart } from '../src/pipeline/charts/vector/index.js';
import { openPdf } from '../src/pipeline/pdf/document.js';
import { generateChart, type ChartTruth } from '../test/fixtures/chart-image.js';
import { chartPdf } from '../test/fixtures/chart-pdf.js';
import { scoreChart, type ChartScore } from './charts/metrics.js';

const TRAIN = Number(process.env.EVAL_TRAIN ?? 160);
const HELDOUT = Number(process.env.EVAL_HELDOUT ?? 80);
const HELDOUT_SEED = 100_001;
const RASTER = process.env.EVAL_RASTER === '1';
const DUMP = process.env.EVAL_DUMP;
const DPI = 150;
/** Exact: off by no more than this share of the axis range (floating-point noise only). */
const EXACT = 1e-9;

interface Result {
  id: string;
  truth: ChartTruth;
  vector: boolean;
  score: ChartScore;
  exact: number;
  /** Reading the chart: the drawing (or the fallback), in ms. */
  ms: number;
  raster?: { score: ChartScore; exact: number; ms: number };
  ex: ChartExtraction;
}

async function readOne(seed: number): Promise<Result> {
  const gen = await generateChart(seed);
  const { pdf } = await chartPdf(gen.spec, seed % 2 ? 'operators' : 'shapes');
  const doc = await openPdf(pdf);
  try {
    const words = doc.text(1, DPI).lines.flatMap((l) => l.words);
    const page = await doc.render(1, DPI);
    const t0 = performance.now();
    const vec = readVectorChart({ shapes: doc.shapes(1, DPI), words, x0: 0, y0: 0, width: page.width, height: page.height });
    const ex = vec ?? (await extractChart({ png: page.png, width: page.width, height: page.height, words }));
    const ms = performance.now() - t0;
    const result: Result = { id: `seed-${seed}`, truth: gen.truth, vector: vec !== null, score: scoreChart(gen.truth, ex), exact: scoreChart(gen.truth, ex, EXACT).within, ms, ex };
    if (RASTER) {
      const t1 = performance.now();
      const r = await extractChart({ png: page.png, width: page.width, height: page.height, words });
      result.raster = { score: scoreChart(gen.truth, r), exact: scoreChart(gen.truth, r, EXACT).within, ms: performance.now() - t1 };
    }
    return result;
  } finally {
    doc.close();
  }
}

async function run(name: string, first: number, count: number): Promise<Result[]> {
  const results: Result[] = [];
  for (let seed = first; seed < first + count; seed++) results.push(await readOne(seed));
  if (DUMP) {
    mkdirSync(DUMP, { recursive: true });
    writeFileSync(path.join(DUMP, `vector-${name}.json`), JSON.stringify(results.map((r) => ({ id: r.id, vector: r.vector, score: r.score, exact: r.exact, truth: r.truth, got: { type: r.ex.chart_type, table: r.ex.table, warnings: r.ex.warnings } })), null, 1));
  }
  return results;
}

const pct = (a: number, b: number): string => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
const median = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]!.toFixed(1) : '-';
};

function report(name: string, rs: Result[]): void {
  const sum = (xs: Result[], f: (r: Result) => number): number => xs.reduce((s, r) => s + f(r), 0);
  const line = (label: string, xs: Result[]): string => {
    const values = sum(xs, (r) => r.score.values);
    return (
      `${label} ${xs.length}: drawing ${pct(sum(xs, (r) => (r.vector ? 1 : 0)), xs.length)}, type ${pct(sum(xs, (r) => (r.score.typeOk ? 1 : 0)), xs.length)}, ` +
      `2% ${pct(sum(xs, (r) => r.score.within), values)}, exact ${pct(sum(xs, (r) => r.exact), values)}`
    );
  };
  const vec = rs.filter((r) => r.vector), fb = rs.filter((r) => !r.vector);
  const kinds = [...new Set(rs.map((r) => r.truth.kind))].sort();
  console.log(`${line(name, rs)} (${sum(rs, (r) => r.score.values)} values)`);
  console.log(`    read from the drawing: ${line('', vec)}; median ${median(vec.map((r) => r.ms))} ms/chart`);
  console.log(`    fallback to pixels: ${line('', fb)}; median ${median(fb.map((r) => r.ms))} ms/chart`);
  for (const k of kinds) console.log(`    ${line(k, rs.filter((r) => r.truth.kind === k))}`);
  const rr = rs.filter((r) => r.raster);
  if (rr.length) {
    const values = sum(rr, (r) => r.raster!.score.values);
    console.log(
      `    pixels only (before): type ${pct(sum(rr, (r) => (r.raster!.score.typeOk ? 1 : 0)), rr.length)}, 2% ${pct(sum(rr, (r) => r.raster!.score.within), values)}, ` +
        `exact ${pct(sum(rr, (r) => r.raster!.exact), values)}; median ${median(rr.map((r) => r.raster!.ms))} ms/chart`,
    );
  }
}

console.log(`vector chart eval on ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}`);
if (TRAIN > 0) report('train (seeds 1..)', await run('train', 1, TRAIN));
if (HELDOUT > 0) report(`held-out (seeds ${HELDOUT_SEED}..)`, await run('heldout', HELDOUT_SEED, HELDOUT));
