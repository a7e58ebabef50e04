// Where the CPU of one chart extraction goes (issue 13): each generated chart (scanned at 200 dpi
// with BENCH_SCANNED=1, as bench/components-charts.ts) extracted one at a time, with every OCR call
// recorded (size, the tesseract process's CPU seconds) and this process's own CPU, in all and by
// thread (the main thread, libvips' workers, V8's). CPU seconds grow far less than wall time with
// the load of a shared machine, but they do grow (cores shared, caches thrashed): compare two trees
// in the same conditions, alternating runs.
// Build: tsc -p tsconfig.bench.json; run: node dist-bench/bench/charts-cpu.js
// Settings: BENCH_CHARTS (28), BENCH_SEED (500), BENCH_SCANNED=1, BENCH_REPEAT (1: runs over the set).
import { readdirSync, readFileSync } from 'node:fs';
import { tesseractCpu } from './proc-cpu.js';
import { loadavg } from 'node:os';
import type { PageText } from '../src/pipeline/types.js';
import { extractChart } from '../src/pipeline/charts/index.js';
import { benchCharts } from './chart-set.js';
import { chartOcrEngine, sparseTextOcr } from '../eval/charts/ocr.js';
import sharp from 'sharp';

const CHARTS = Number(process.env.BENCH_CHARTS ?? 28);
const SEED = Number(process.env.BENCH_SEED ?? 500);
const SCANNED = process.env.BENCH_SCANNED === '1';
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);

/** CPU ms of this process's threads by name (main thread, libuv pool, V8 workers, libvips). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[\d-]+$/, '');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(name, (out.get(name) ?? 0) + 10 * (Number(f[11]) + Number(f[12])));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
const byThread = new Map<string, number>();

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const engine = await chartOcrEngine(1);
const sparse = sparseTextOcr(engine);
let calls: string[] = [];
const ocr = async (png: Buffer): Promise<PageText> => {
  const meta = await sharp(png).metadata();
  const t0 = tesseractCpu();
  const out = await sparse(png);
  calls.push(`${meta.width}x${meta.height}:${(tesseractCpu() - t0).toFixed(2)}`);
  return out;
};
try {
  const charts = await benchCharts(CHARTS, SEED, SCANNED);
  await extractChart({ ...charts[0]!, ocr });
  const own: number[] = [], tess: number[] = [], wall: number[] = [], total: number[] = [];
  for (let r = 0; r < REPEAT; r++)
    for (const [i, c] of charts.entries()) {
      calls = [];
      const t0 = tesseractCpu();
      const th0 = threadCpu();
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      await extractChart({ png: c.png, width: c.width, height: c.height, ocr });
      const w = performance.now() - w0;
      const u = process.cpuUsage(c0);
      for (const [k, v] of threadCpu()) byThread.set(k, (byThread.get(k) ?? 0) + v - (th0.get(k) ?? 0));
      const o = (u.user + u.system) / 1000, t = 1000 * (tesseractCpu() - t0);
      own.push(o);
      tess.push(t);
      wall.push(w);
      total.push(o + t);
      if (r === 0) console.log(`${SEED + i} ${c.truth.kind} ${c.width}x${c.height} wall ${w.toFixed(0)} node ${o.toFixed(0)} tess ${t.toFixed(0)} | ${calls.join(' ')}`);
    }
  const line = (name: string, xs: number[]): string => `${name} p50 ${pct(xs, 50).toFixed(0)} p90 ${pct(xs, 90).toFixed(0)} mean ${(xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(0)}`;
  console.log(`${CHARTS}x${REPEAT} ${SCANNED ? 'scanned ' : ''}charts, load ${loadavg()[0]!.toFixed(1)} | ${line('wall ms', wall)} | ${line('node CPU ms', own)} | ${line('tesseract CPU ms', tess)} | ${line('CPU ms', total)}`);
  console.log(`CPU ms a chart by thread: ${[...byThread].filter(([, v]) => v > 0).map(([k, v]) => `${k} ${(v / charts.length / REPEAT).toFixed(0)}`).join(', ')}`);
} finally {
  await engine.close();
}
