// Flowchart extraction, scored on figures with known graphs (eval/graph-metrics.ts):
//   - generated: seeded flowcharts drawn by Graphviz `dot` (test/fixtures/flowchart-gen.ts) in
//     two splits: "dev" (seeds 1..N, the ones looked at while building) and "held-out" (seeds
//     100001.., never looked at or tuned on); rank directions, fonts, fills, pen colours,
//     rounded boxes, spline/polyline/orthogonal edges and resolutions vary;
//   - styled (test/fixtures/flowchart-styles.ts): the same kind of graphs drawn the way other tools
//     draw them (pastel fills with coloured borders, shadows, hand-placed layouts, labels set
//     apart, small diamonds, start/end dots, other arrowheads, scans): "train-styles" (seeds
//     200001..) to find and fix misses, "held-out-styles" (seeds 500001..; read once before the
//     fix for runaway fragments, so no longer clean) and "held-out-styles2" (seeds 900001..,
//     first run once at the end of that fix, never read) and "held-out-styles3" (seeds 1100001..,
//     first run once before the edge fixes of issue 13u and once after, never read); "train-styles2"
//     (seeds 1300001..) is a second training split for those fixes; "held-out-styles4" (seeds
//     1700001..) was added by issue 13fh, first run once on main and once on that fix, never read;
//     "train-styles3" (seeds 2300001.., drawn like held-out-styles4) is a third training split,
//     added by issue 13fp and measured once before any change: tuning on it is allowed;
//   - figures-dev: PlantUML and blockdiag renders with true graphs, clean and scan-like
//     (../shared/data/figures-dev/flowcharts; its README): a generalisation check on renderers
//     the extractor was not built on, reported separately. Scored against the full graph (merge
//     diamonds are drawn, so they are nodes).
// Metrics: node-text F1 (a node counts when paired with a true node and its text is exactly
// right, case and spacing aside), edge F1 (paired ends, direction included), label accuracy over
// the edges found; every Mermaid text produced is parsed by Mermaid's own parser and failures
// are counted. OCR: native tesseract, one worker, through the port the product gives figure
// extractors (src/extractors/figure.ts: the text blocks read as one single-block sheet).
// Build: make dist-bench/.built; run: node dist-bench/eval/flowcharts.js (or make eval-flowcharts)
// Settings: EVAL_COUNT (120 per generated split), EVAL_DEV_DATA (../shared/data/figures-dev),
// EVAL_SPLITS (dev,held-out,figures-dev; also train-styles, train-styles2, train-styles3,
// held-out-styles, held-out-styles2, held-out-styles3, held-out-styles4), EVAL_WORST (8: worst
// figures listed per split), EVAL_DUMP (a folder: each miss's image, DOT, true and extracted
// graphs; dev and the train-styles splits only, never a held-out split).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeFlowGraph, extractFlowchart, flowGraphToMermaid, type FlowGraph } from '../src/pipeline/flowcharts/index.js';
import { figureBlockText, figureText } from '../src/extractors/figure.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine } from '../src/providers/ocr/index.js';
import { drawFlowchart } from '../test/fixtures/flowchart-gen.js';
import { drawStyledFlowchart } from '../test/fixtures/flowchart-styles.js';
import { scoreGraph, totals, type GraphScore, type TrueGraph } from './graph-metrics.js';
import { mermaidError } from './mermaid-check.js';

const COUNT = Number(process.env.EVAL_COUNT ?? 120);
const DEV_DATA = process.env.EVAL_DEV_DATA ?? join(process.cwd(), '..', 'shared', 'data', 'figures-dev');
const SPLITS = (process.env.EVAL_SPLITS ?? 'dev,held-out,figures-dev').split(',');
const WORST = Number(process.env.EVAL_WORST ?? 8);
const DUMP = process.env.EVAL_DUMP;

interface Case {
  name: string;
  png: Buffer;
  truth: TrueGraph;
  dot?: string;
}

interface Result {
  name: string;
  score: GraphScore;
  ms: number;
  mermaidOk: boolean;
}

async function run(label: string, cases: AsyncIterable<Case> | Iterable<Case>, engine: OcrEngine, dump?: string): Promise<void> {
  if (dump) await mkdir(dump, { recursive: true });
  const results: Result[] = [];
  let mermaidFailures = 0;
  for await (const c of cases) {
    const t0 = performance.now();
    let graph: FlowGraph;
    try {
      graph = await extractFlowchart({ png: c.png, width: 0, height: 0, ocr: (png) => figureText(engine, png), ocrBlock: (png) => figureBlockText(engine, png) });
    } catch (e) {
      console.error(`${c.name}: extraction failed: ${e instanceof Error ? e.message : String(e)}`);
      graph = { nodes: [], edges: [] };
    }
    const ms = performance.now() - t0;
    describeFlowGraph(graph);
    const error = await mermaidError(flowGraphToMermaid(graph));
    if (error) {
      mermaidFailures++;
      console.error(`${c.name}: Mermaid rejects the output: ${error.slice(0, 200)}`);
    }
    const score = scoreGraph(graph, c.truth);
    results.push({ name: c.name, score, ms, mermaidOk: !error });
    if (dump && (score.textHits < score.truthNodes || score.edgeHits < score.truthEdges || score.predEdges > score.edgeHits || score.predNodes > score.truthNodes)) {
      const base = join(dump, c.name.replace(/\W+/g, '-'));
      const jpeg = c.png[0] === 0xff && c.png[1] === 0xd8;
      await writeFile(`${base}.${jpeg ? 'jpg' : 'png'}`, c.png);
      if (c.dot) await writeFile(`${base}.dot`, c.dot);
      await writeFile(`${base}.json`, JSON.stringify({ score, truth: c.truth, extracted: graph }, null, 1));
    }
  }
  const t = totals(results.map((r) => r.score));
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const f = (v: number): string => v.toFixed(4);
  console.log(
    `${label}: ${results.length} figures; node-text F1 ${f(t.nodeF1)} (P ${f(t.nodePrecision)} R ${f(t.nodeRecall)}); edge F1 ${f(t.edgeF1)} (P ${f(t.edgePrecision)} R ${f(t.edgeRecall)}); ` +
      `label accuracy ${f(t.labelAccuracy)}; Mermaid parsed ${results.length - mermaidFailures}/${results.length}; ` +
      `time p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, p90 ${ms[Math.floor(ms.length * 0.9)]?.toFixed(0)} ms`,
  );
  const perFigure = (r: Result): number => {
    const s = r.score;
    return (s.textHits + s.edgeHits) / Math.max(1, Math.max(s.predNodes, s.truthNodes) + Math.max(s.predEdges, s.truthEdges));
  };
  for (const r of [...results].sort((a, b) => perFigure(a) - perFigure(b)).slice(0, WORST)) {
    if (perFigure(r) >= 1) break;
    console.log(`  ${r.name}: ${JSON.stringify(r.score)}`);
  }
}

function* generated(from: number, count: number): Generator<Promise<Case>> {
  for (let seed = from; seed < from + count; seed++) {
    yield drawFlowchart(seed).then((d) => ({ name: `seed ${seed}`, png: d.png, truth: d.truth }));
  }
}

function* styled(from: number, count: number): Generator<Promise<Case>> {
  for (let seed = from; seed < from + count; seed++) {
    yield drawStyledFlowchart(seed).then((d) => ({ name: `seed ${seed}`, png: d.png, truth: d.truth, dot: d.dot }));
  }
}

async function* resolved(items: Iterable<Promise<Case>>): AsyncGenerator<Case> {
  for (const p of items) yield await p;
}

function* figuresDev(kind: 'clean' | 'scan'): Generator<Case> {
  const dir = join(DEV_DATA, 'flowcharts');
  for (const file of readdirSync(dir).sort()) {
    const scan = file.endsWith('-scan.jpg');
    if (!(kind === 'scan' ? scan : file.endsWith('.png'))) continue;
    const truthFile = join(dir, file.replace(/(-scan)?\.(png|jpg)$/, '.json'));
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as TrueGraph;
    yield { name: file, png: readFileSync(join(dir, file)), truth };
  }
}

async function main(): Promise<void> {
  const kinds = await availableOcrKinds();
  const engine = await createOcrEngine(kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract', { workers: 1 });
  try {
    if (SPLITS.includes('dev')) await run(`generated dev (seeds 1-${COUNT})`, resolved(generated(1, COUNT)), engine, DUMP && `${DUMP}/dev`);
    if (SPLITS.includes('held-out')) await run(`generated held-out (seeds 100001-${100000 + COUNT})`, resolved(generated(100001, COUNT)), engine);
    if (SPLITS.includes('train-styles')) await run(`styled train (seeds 200001-${200000 + COUNT})`, resolved(styled(200001, COUNT)), engine, DUMP && `${DUMP}/train-styles`);
    if (SPLITS.includes('train-styles2')) await run(`styled train 2 (seeds 1300001-${1300000 + COUNT})`, resolved(styled(1300001, COUNT)), engine, DUMP && `${DUMP}/train-styles2`);
    if (SPLITS.includes('train-styles3')) await run(`styled train 3 (seeds 2300001-${2300000 + COUNT})`, resolved(styled(2300001, COUNT)), engine, DUMP && `${DUMP}/train-styles3`);
    if (SPLITS.includes('held-out-styles')) await run(`styled held-out (seeds 500001-${500000 + COUNT})`, resolved(styled(500001, COUNT)), engine);
    if (SPLITS.includes('held-out-styles2')) await run(`styled held-out 2 (seeds 900001-${900000 + COUNT})`, resolved(styled(900001, COUNT)), engine);
    if (SPLITS.includes('held-out-styles3')) await run(`styled held-out 3 (seeds 1100001-${1100000 + COUNT})`, resolved(styled(1100001, COUNT)), engine);
    if (SPLITS.includes('held-out-styles4')) await run(`styled held-out 4 (seeds 1700001-${1700000 + COUNT})`, resolved(styled(1700001, COUNT)), engine);
    if (SPLITS.includes('figures-dev')) {
      if (!existsSync(join(DEV_DATA, 'flowcharts'))) console.log(`figures-dev: ${DEV_DATA}/flowcharts not found, skipped`);
      else {
        await run('figures-dev clean (PlantUML + blockdiag)', figuresDev('clean'), engine);
        await run('figures-dev scan-like', figuresDev('scan'), engine);
      }
    }
  } finally {
    await engine.close();
  }
}

await main();
