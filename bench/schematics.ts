// Schematic detection speed: the whole detectSchematic call (working copy, deskew, binarisation,
// OCR of the sheet's text through native tesseract, legend, template matching of every legend
// picture, lines, junctions, arrows, graph) on generated P&ID-like sheets at 300 dpi on A3
// (4961 x 3508 pixels, half of them scan-like), one sheet at a time on a warm engine. Prints
// p50/p90 wall time per sheet, the share spent in OCR, and the CPU time of this process (the
// machine is shared: other loads stretch wall time, not CPU time). The goal is under 5 s a sheet
// on 2 cores.
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/bench/schematics.js
// (or make bench-schematics). Settings: BENCH_SHEETS (6), BENCH_SEED (700; the generator's
// training and held-out seeds are elsewhere, so this is no tuning set).
import { cpus, loadavg } from 'node:os';
import { detectSchematic } from '../src/pipeline/schematics/index.js';
import type { SchematicOcr } from '../src/pipeline/schematics/types.js';
import { NativeTesseractEngine } from '../src/providers/ocr/index.js';
import { generateSheet } from '../eval/schematics/index.js';

const SHEETS = Number(process.env.BENCH_SHEETS ?? 6);
const SEED = Number(process.env.BENCH_SEED ?? 700);

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const engine = await NativeTesseractEngine.create({ workers: 1 });
let ocrMs = 0;
const ocr: SchematicOcr = {
  async readBlock(img) {
    const t = performance.now();
    try {
      return await engine.readBlock(img);
    } finally {
      ocrMs += performance.now() - t;
    }
  },
};
try {
  const wall: number[] = [];
  // CPU time of this process (tesseract runs in its own): the wall time's floor on an idle
  // machine, and a figure other loads on a shared machine do not inflate.
  const cpu: number[] = [];
  const share: number[] = [];
  let size = '';
  for (let i = 0; i < SHEETS + 1; i++) {
    // Generated one at a time: a 300-dpi A3 sheet is 17 M pixels.
    const s = await generateSheet(SEED + i, { dpi: 300, paper: 'A3' });
    size = `${s.grey.width} x ${s.grey.height}`;
    ocrMs = 0;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const g = await detectSchematic({ image: s.grey, ocr });
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    // The first sheet warms the engine (tesseract loads its model) and is not counted.
    if (i === 0) continue;
    wall.push(ms);
    cpu.push(cpuMs);
    share.push(ocrMs / ms);
    console.log(`  seed ${SEED + i}${s.truth.scan ? ' (scan)' : ''}: ${ms.toFixed(0)} ms (this process's CPU ${cpuMs.toFixed(0)} ms), OCR ${ocrMs.toFixed(0)} ms, ${g.network.nodes.length} nodes, ${g.network.edges.length} edges`);
  }
  console.log(`schematic detection, ${SHEETS} sheets of ${size} pixels (300 dpi A3), ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
  console.log(`  per sheet: p50 ${pct(wall, 50).toFixed(0)} ms, p90 ${pct(wall, 90).toFixed(0)} ms; OCR share p50 ${(100 * pct(share, 50)).toFixed(0)}% (goal < 5000 ms)`);
  console.log(`  this process's CPU per sheet: p50 ${pct(cpu, 50).toFixed(0)} ms, p90 ${pct(cpu, 90).toFixed(0)} ms`);
} finally {
  await engine.close();
}
