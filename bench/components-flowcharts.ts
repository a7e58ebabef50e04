// Flowchart extraction speed: 20-node flowcharts drawn by Graphviz (seeded, various styles),
// each extracted end to end (decode, shapes, connectors, text blocks, one OCR call on the text
// sheet, graph) with a warm native tesseract (one worker), then Mermaid text and description.
// Prints p50/p90 wall time per figure, the share spent waiting for OCR, and this process's CPU.
// Build: make dist-bench/.built; run: node dist-bench/bench/components-flowcharts.js (make bench-flowcharts)
// Settings: BENCH_RUNS (12 figures), BENCH_NODES (20).
import { cpus, loadavg } from 'node:os';
import { describeFlowGraph, extractFlowchart, extractMindmap, flowGraphToMermaid, mindmapToMermaid } from '../src/pipeline/flowcharts/index.js';
import type { PageText } from '../src/pipeline/types.js';
import { figureBlockText, figureText } from '../src/extractors/figure.js';
import { availableOcrKinds, createOcrEngine } from '../src/providers/ocr/index.js';
import { drawFlowchart, drawMindmap } from '../test/fixtures/flowchart-gen.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const NODES = Number(process.env.BENCH_NODES ?? 20);

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main(): Promise<void> {
  console.log(`cores ${cpus().length}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const kinds = await availableOcrKinds();
  const kind = kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract';
  const engine = await createOcrEngine(kind, { workers: 1 });
  try {
    let ocrMs = 0;
    const timed =
      (read: (e: typeof engine, png: Buffer) => Promise<PageText>) =>
      async (png: Buffer): Promise<PageText> => {
        const t = performance.now();
        const out = await read(engine, png);
        ocrMs += performance.now() - t;
        return out;
      };
    // The ports the product gives figure extractors (src/extractors/figure.ts).
    const ocr = timed(figureText);
    const ocrBlock = timed(figureBlockText);
    // Warm-up: starts the OCR process and loads its model.
    const warm = await drawFlowchart(999, { nodes: 6 });
    await extractFlowchart({ png: warm.png, width: 0, height: 0, ocr, ocrBlock });
    const wall: number[] = [];
    const cpu: number[] = [];
    const ocrShare: number[] = [];
    let nodes = 0;
    for (let i = 0; i < RUNS; i++) {
      const drawn = await drawFlowchart(5000 + i, { nodes: NODES });
      ocrMs = 0;
      const c = process.cpuUsage();
      const t0 = performance.now();
      const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
      flowGraphToMermaid(graph);
      describeFlowGraph(graph);
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c);
      wall.push(ms);
      cpu.push((used.user + used.system) / 1000);
      ocrShare.push(ocrMs / ms);
      nodes += graph.nodes.length;
    }
    console.log(
      `flowchart ${NODES} nodes (${kind}): p50 ${pct(wall, 50).toFixed(0)} ms, p90 ${pct(wall, 90).toFixed(0)} ms per figure; OCR wait p50 ${(100 * pct(ocrShare, 50)).toFixed(0)} %; ` +
        `CPU of this process p50 ${pct(cpu, 50).toFixed(0)} ms; ${(nodes / RUNS).toFixed(1)} nodes found on average (${RUNS} figures)`,
    );
    const mm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const drawn = await drawMindmap(7000 + i);
      const t0 = performance.now();
      mindmapToMermaid(await extractMindmap({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock }));
      mm.push(performance.now() - t0);
    }
    console.log(`mind map: p50 ${pct(mm, 50).toFixed(0)} ms, p90 ${pct(mm, 90).toFixed(0)} ms per figure (${RUNS} figures)`);
  } finally {
    await engine.close();
  }
}

await main();
