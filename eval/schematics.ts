// Schematic detection, scored on sheets with known graphs (eval/schematics/metrics.ts):
//   - generated P&ID-like sheets (eval/schematics/): "train" (seeds 1..60, the ones looked at
//     while building) and "held-out" (seeds 100001..100060, never looked at or tuned on), side by
//     side, and "held-out2" (seeds 200001..200060, likewise); "dev" (seeds 300001.., EVAL_COUNT of
//     them: a validation split that may be read and tuned on, dumped like training) and "held-out3"
//     (seeds 400001..400060, fixed with dev, never read); "dev2" (seeds 700001.., readable like
//     dev) and "held-out4" (seeds 800001..800060, never read), added together later;
//     150-300 dpi, half of them scan-like;
//   - "hand": sheets drawn by hand in another style (test/fixtures/schematic-hand.ts: an
//     electrical-style schematic with its own symbols, fonts and legend layout), a check on a
//     drawing the generator did not make.
// Goals: symbol precision and recall >= 0.95 (IoU >= 0.5, class right), tag accuracy >= 0.95,
// connection precision and recall >= 0.90, legend entry accuracy >= 0.95.
// OCR: native tesseract through src/providers/ocr, one worker.
// Build: make dist-bench/.built; run: node dist-bench/eval/schematics.js (or make eval-schematics)
// Settings: EVAL_COUNT (60 a generated split), EVAL_FROM (0: seeds of a split skipped first), EVAL_SPLITS (train,held-out,hand), EVAL_WORST (5),
// EVAL_SEEDS (a comma list of training seeds to run instead of the first EVAL_COUNT), EVAL_DUMP (a
// folder: each training and dev sheet's misses as JSON and its image as PNG; never held-out ones).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { detectSchematic } from '../src/pipeline/schematics/index.js';
import { NativeTesseractEngine } from '../src/providers/ocr/index.js';
import { handSheets } from '../test/fixtures/schematic-hand.js';
import { DEV2_SEEDS, DEV_SEEDS, generateSheet, HELD_OUT2_SEEDS, HELD_OUT3_SEEDS, HELD_OUT4_SEEDS, HELD_OUT_SEEDS, TRAIN_SEEDS } from './schematics/index.js';
import { missesOf, scoreSheet, totals, type SheetScore, type Totals } from './schematics/metrics.js';
import type { Grey, SheetTruth } from './schematics/render.js';

const COUNT = Number(process.env.EVAL_COUNT ?? 60);
const SPLITS = (process.env.EVAL_SPLITS ?? 'train,held-out,hand').split(',');
const WORST = Number(process.env.EVAL_WORST ?? 5);
const SEEDS = process.env.EVAL_SEEDS ? process.env.EVAL_SEEDS.split(',').map(Number) : null;
const DUMP = process.env.EVAL_DUMP ?? '';
/** Seeds of a generated split skipped first: a split run in parts side by side (EVAL_FROM, EVAL_COUNT). */
const FROM = Number(process.env.EVAL_FROM ?? 0);

interface Case {
  name: string;
  grey: Grey;
  truth: SheetTruth;
  /** Training and dev sheets only: their misses may be dumped and looked at. */
  dump?: boolean;
}

/** `readable`: training and dev sheets, whose misses may be dumped and looked at. */
async function* generated(seeds: number[], train: boolean, readable = train): AsyncIterable<Case> {
  for (const seed of train && SEEDS ? SEEDS : seeds.slice(FROM, FROM + COUNT)) {
    const s = await generateSheet(seed);
    yield { name: `seed ${seed} (${s.truth.dpi} dpi${s.truth.scan ? ', scan' : ''})`, grey: s.grey, truth: s.truth, dump: readable };
  }
}

async function* hand(): AsyncIterable<Case> {
  for (const h of await handSheets()) yield { name: h.name, grey: h.grey, truth: h.truth };
}

async function run(label: string, cases: AsyncIterable<Case>, engine: NativeTesseractEngine): Promise<Totals> {
  const scores: Array<{ name: string; s: SheetScore; ms: number }> = [];
  for await (const c of cases) {
    const t0 = performance.now();
    const graph = await detectSchematic({ image: c.grey, ocr: engine });
    scores.push({ name: c.name, s: scoreSheet(graph, c.truth), ms: performance.now() - t0 });
    if (DUMP && c.dump) {
      mkdirSync(DUMP, { recursive: true });
      const base = join(DUMP, c.name.replace(/ \(.*/, '').replace(/\s+/g, '-'));
      writeFileSync(`${base}.json`, JSON.stringify({ name: c.name, ...missesOf(graph, c.truth) }, null, 1));
      await sharp(Buffer.from(c.grey.data.buffer, c.grey.data.byteOffset, c.grey.data.length), { raw: { width: c.grey.width, height: c.grey.height, channels: 1 } }).png().toFile(`${base}.png`);
    }
  }
  const t = totals(scores.map((x) => x.s));
  const sum = (f: (s: SheetScore) => number): number => scores.reduce((a, x) => a + f(x.s), 0);
  // Raw symbol counts, to pool the parts of a split run side by side.
  console.log(`${label} symbol counts: hits ${sum((s) => s.symbolHits)}, found ${sum((s) => s.symbolPred)}, true ${sum((s) => s.symbolTruth)}`);
  const ms = scores.map((x) => x.ms).sort((a, b) => a - b);
  console.log(`${label}: ${t.sheets} sheets, detection p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, p90 ${ms[Math.floor(ms.length * 0.9)]?.toFixed(0)} ms`);
  const miss = (x: SheetScore): number => x.symbolTruth - x.symbolHits + (x.symbolPred - x.symbolHits) + (x.edgeTruth - x.edgeHitsTruth) + (x.edgePred - x.edgeHitsPred) + (x.tagTruth - x.tagHits);
  for (const w of [...scores].sort((a, b) => miss(b.s) - miss(a.s)).slice(0, WORST)) {
    if (miss(w.s) === 0) break;
    const s = w.s;
    console.log(`  ${w.name}: symbols ${s.symbolHits}/${s.symbolTruth} (${s.symbolPred} found, ${s.located} placed), tags ${s.tagHits}/${s.tagTruth}, edges ${s.edgeHitsTruth}/${s.edgeTruth} (${s.edgeHitsPred}/${s.edgePred} found right), legend ${s.legendHits}/${s.legendTruth}`);
  }
  return t;
}

const f = (v: number): string => v.toFixed(3);
// A loaded machine runs one OCR image for minutes: EVAL_OCR_TIMEOUT_S (seconds) lifts the limit.
const engine = await NativeTesseractEngine.create({ workers: 1, timeoutMs: 1000 * Number(process.env.EVAL_OCR_TIMEOUT_S ?? 60) });
try {
  console.log(`schematic detection, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
  const results: Array<[string, Totals]> = [];
  for (const split of SPLITS) {
    if (split === 'train') results.push([split, await run(split, generated(TRAIN_SEEDS, true), engine)]);
    else if (split === 'held-out') results.push([split, await run(split, generated(HELD_OUT_SEEDS, false), engine)]);
    else if (split === 'held-out2') results.push([split, await run(split, generated(HELD_OUT2_SEEDS, false), engine)]);
    else if (split === 'dev') results.push([split, await run(split, generated(DEV_SEEDS, false, true), engine)]);
    else if (split === 'held-out3') results.push([split, await run(split, generated(HELD_OUT3_SEEDS, false), engine)]);
    else if (split === 'dev2') results.push([split, await run(split, generated(DEV2_SEEDS, false, true), engine)]);
    else if (split === 'held-out4') results.push([split, await run(split, generated(HELD_OUT4_SEEDS, false), engine)]);
    else if (split === 'hand') results.push([split, await run(split, hand(), engine)]);
  }
  const rows: Array<[string, (t: Totals) => string]> = [
    ['sheets', (t) => String(t.sheets)],
    ['symbol precision', (t) => f(t.symbolP)],
    ['symbol recall', (t) => f(t.symbolR)],
    ['tag accuracy', (t) => f(t.tagAccuracy)],
    ['connection precision', (t) => f(t.connectionP)],
    ['connection recall', (t) => f(t.connectionR)],
    ['flow direction (true arrows found)', (t) => f(t.direction)],
    ['junction precision', (t) => f(t.junctionP)],
    ['junction recall', (t) => f(t.junctionR)],
    ['crossings taken for junctions', (t) => t.crossingErrors],
    ['legend entry accuracy', (t) => f(t.legendAccuracy)],
  ];
  console.log(`\n| metric | ${results.map(([n]) => n).join(' | ')} |\n|---|${results.map(() => '---').join('|')}|`);
  for (const [name, get] of rows) console.log(`| ${name} | ${results.map(([, t]) => get(t)).join(' | ')} |`);
} finally {
  await engine.close();
}
