// Mind map extraction on seeded mind maps with known trees, drawn by Graphviz (`twopi` radial and
// `dot` tree layouts; test/fixtures/flowchart-gen.ts): "dev" seeds 1..N and "held-out" seeds
// 100001.. (never looked at or tuned on); "train2" seeds 200001.. drawn with more variety (organic
// `neato`/`fdp` layouts, curved branches, filled leaves, two-line labels; `MindmapVariety`), a
// second training signal that neither dev nor held-out shares. Metric: tree-edit accuracy = 1 - (unit-cost tree edit
// distance between the extracted and the true tree, children in canonical order) / (size of
// the larger tree), averaged over figures; also the share of figures extracted exactly. Every
// Mermaid `mindmap` text produced is parsed by Mermaid's own parser.
// Build: make dist-bench/.built; run: node dist-bench/eval/mindmaps.js (or make eval-mindmaps)
// Settings: EVAL_COUNT (120 per split), EVAL_SPLITS (dev,held-out; also train2), EVAL_WORST (8),
// EVAL_DUMP (a folder: each miss's PNG, DOT, true and extracted trees; never for held-out).
import { extractMindmap, mindmapToMermaid } from '../src/pipeline/flowcharts/index.js';
import { figureBlockText, figureText } from '../src/extractors/figure.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine } from '../src/providers/ocr/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { drawMindmap, type MindmapVariety } from '../test/fixtures/flowchart-gen.js';
import { treeAccuracy, treeOf, type Tree } from './graph-metrics.js';
import { mermaidError } from './mermaid-check.js';

const COUNT = Number(process.env.EVAL_COUNT ?? 120);
const SPLITS = (process.env.EVAL_SPLITS ?? 'dev,held-out').split(',');
const WORST = Number(process.env.EVAL_WORST ?? 8);
const DUMP = process.env.EVAL_DUMP;

const indent = (t: Tree, depth = 0): string => `${'  '.repeat(depth)}${t.text}\n${t.children.map((c) => indent(c, depth + 1)).join('')}`;

async function run(label: string, from: number, engine: OcrEngine, variety: MindmapVariety = {}, dump?: string): Promise<void> {
  if (dump) await mkdir(dump, { recursive: true });
  const rows: { seed: number; accuracy: number; ms: number }[] = [];
  let mermaidFailures = 0;
  for (let seed = from; seed < from + COUNT; seed++) {
    const drawn = await drawMindmap(seed, variety);
    const t0 = performance.now();
    const tree = await extractMindmap({ png: drawn.png, width: 0, height: 0, ocr: (png) => figureText(engine, png), ocrBlock: (png) => figureBlockText(engine, png) });
    const ms = performance.now() - t0;
    const error = await mermaidError(mindmapToMermaid(tree));
    if (error) {
      mermaidFailures++;
      console.error(`seed ${seed}: Mermaid rejects the output: ${error.slice(0, 200)}`);
    }
    const accuracy = treeAccuracy(treeOf(tree.root), drawn.truth);
    rows.push({ seed, accuracy, ms });
    if (dump && accuracy < 1) {
      await writeFile(`${dump}/${seed}.png`, drawn.png);
      await writeFile(`${dump}/${seed}.txt`, `accuracy ${accuracy.toFixed(3)}\n--- truth\n${indent(drawn.truth)}--- extracted\n${indent(treeOf(tree.root))}--- dot\n${drawn.dot}\n`);
    }
  }
  const mean = rows.reduce((a, r) => a + r.accuracy, 0) / rows.length;
  const exact = rows.filter((r) => r.accuracy === 1).length;
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `${label}: ${rows.length} mind maps; tree-edit accuracy ${mean.toFixed(4)}; exact ${exact}/${rows.length}; Mermaid parsed ${rows.length - mermaidFailures}/${rows.length}; ` +
      `time p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, p90 ${ms[Math.floor(ms.length * 0.9)]?.toFixed(0)} ms`,
  );
  for (const r of [...rows].sort((a, b) => a.accuracy - b.accuracy).slice(0, WORST)) {
    if (r.accuracy >= 1) break;
    console.log(`  seed ${r.seed}: ${r.accuracy.toFixed(3)}`);
  }
}

async function main(): Promise<void> {
  const kinds = await availableOcrKinds();
  const engine = await createOcrEngine(kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract', { workers: 1 });
  try {
    if (SPLITS.includes('dev')) await run(`generated dev (seeds 1-${COUNT})`, 1, engine, {}, DUMP && `${DUMP}/dev`);
    if (SPLITS.includes('train2')) await run(`generated train2, varied (seeds 200001-${200000 + COUNT})`, 200001, engine, { varied: true }, DUMP && `${DUMP}/train2`);
    if (SPLITS.includes('held-out')) await run(`generated held-out (seeds 100001-${100000 + COUNT})`, 100001, engine);
  } finally {
    await engine.close();
  }
}

await main();
