// Standalone table components and table export, timed without HTTP (which adds well under a
// millisecond): (1) the extract_component work on one table image (decode, ruling lines, OCR of the
// image with its rules painted out, structure, HTML), warm native tesseract; (2) exporting a long
// table that continues over 100 pages: merge, a zip of CSV, an XLSX workbook. Prints p50/p90 wall
// time and p50 CPU time of this process (tesseract runs in child processes: its CPU is not counted).
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/bench/component-tables.js
// Settings: BENCH_RUNS (10).
import { cpus, loadavg } from 'node:os';
import { renderImagePage } from '../src/pipeline/images.js';
import { tableCsv, tablesXlsx, zipTextFiles } from '../src/pipeline/tables/export-files.js';
import { parseHtmlTable } from '../src/pipeline/tables/index.js';
import { mergeContinued, tableRows, type LinkedTable } from '../src/pipeline/tables/merge.js';
import { tableExtractor } from '../src/extractors/table.js';
import { extractFromImage, imageInput } from '../src/processing/component-kind.js';
import { createOcrEngine } from '../src/providers/ocr/index.js';
import { renderTableImage } from '../test/fixtures/table-image.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const LIMITS = { maxPixels: 50_000_000, maxPages: 1 };

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function time(label: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  const cold = performance.now() - t0;
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const c = process.cpuUsage();
    await fn();
    ms.push(performance.now() - s);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(`${label}: p50 ${pct(ms, 50).toFixed(1)} ms, p90 ${pct(ms, 90).toFixed(1)} ms; CPU p50 ${pct(cpu, 50).toFixed(1)} ms (first ${cold.toFixed(0)} ms, ${RUNS} runs)`);
}

const row = (i: number): string[] => [`P-${1000 + i}`, `${(i * 37.5).toFixed(1)}`, i % 3 ? 'OK' : 'Worn', `${i},${(i * 7) % 1000}`, `(${i % 50})`, 'note'];

async function main(): Promise<void> {
  console.log(`cores ${cpus().length}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const engine = await createOcrEngine('tesseract-native', { workers: 1 });
  try {
    const header = ['Pump', 'Hours', 'Status', 'Count', 'Delta', 'Remark'];
    const small = await renderTableImage([header.slice(0, 3), ...Array.from({ length: 3 }, (_, i) => row(i).slice(0, 3))], { ruled: true });
    const large = await renderTableImage([header, ...Array.from({ length: 25 }, (_, i) => row(i))], { ruled: true, colWidth: 200, fontSize: 24, rowHeight: 48 });
    const borderless = await renderTableImage([header, ...Array.from({ length: 25 }, (_, i) => row(i))], { ruled: false, colWidth: 220, fontSize: 24, rowHeight: 48 });
    const smallRows = [header.slice(0, 3), ...Array.from({ length: 3 }, (_, i) => row(i).slice(0, 3))];
    const largeRows = [header, ...Array.from({ length: 25 }, (_, i) => row(i))];
    for (const [label, png, expected] of [
      ['table image 4 x 3 ruled', small, smallRows],
      ['table image 26 x 6 ruled', large, largeRows],
      ['table image 26 x 6 borderless', borderless, largeRows],
    ] as const) {
      const page = await renderImagePage(png, 1, LIMITS);
      const out = await extractFromImage(tableExtractor, imageInput(page, { ocr: () => Promise.resolve(engine) }));
      const html = out.grounding?.html_table;
      const got = typeof html === 'string' ? tableRows(parseHtmlTable(html)) : [];
      const right = expected.flatMap((r, i) => r.map((text, k) => (got[i]?.[k] === text ? 1 : 0))).reduce((a: number, b) => a + b, 0);
      const total = expected.flat().length;
      await time(`${label} (${page.width}x${page.height}; ${right}/${total} cells exactly right)`, async () => extractFromImage(tableExtractor, imageInput(await renderImagePage(png, 1, LIMITS), { ocr: () => Promise.resolve(engine) })));
    }
  } finally {
    await engine.close();
  }

  const PAGES = 100;
  const bodyRows = (p: number) => Array.from({ length: 40 }, (_, i) => `<tr>${row(p * 40 + i).map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  const head = '<thead><tr><th>Pump</th><th>Hours</th><th>Status</th><th>Count</th><th>Delta</th><th>Remark</th></tr></thead>';
  const tables: LinkedTable[] = Array.from({ length: PAGES }, (_, p) => ({
    componentId: `t${p}`,
    pageNumber: p + 1,
    grid: parseHtmlTable(`<table>${head}<tbody>${bodyRows(p)}</tbody></table>`),
    continuesFrom: p > 0 ? `t${p - 1}` : null,
    continuedBy: p < PAGES - 1 ? `t${p + 1}` : null,
  }));
  await time(`merge ${PAGES} linked tables (41 x 6 each)`, () => Promise.resolve(mergeContinued(tables, true)));
  const merged = mergeContinued(tables, true);
  await time(`csv zip of the merged table (${merged[0]!.grid.rows} rows)`, () => Promise.resolve(zipTextFiles([{ name: 't.csv', text: tableCsv(merged[0]!.grid) }])));
  await time(`xlsx of the merged table`, () => tablesXlsx([{ name: 'Table 1', grid: merged[0]!.grid }]));
  await time(`xlsx of the ${PAGES} tables unmerged`, () => tablesXlsx(mergeContinued(tables, false).map((t, i) => ({ name: `Table ${i + 1}`, grid: t.grid }))));
  console.log(`load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

await main();
