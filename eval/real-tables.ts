// Tables on real PDFs from other projects' test suites (../shared/data/pdfplumber-tests), end to
// end as processing reads a born-digital page: the page's text and drawn segments, detectLayout's
// table regions, recognizeTable on each. Ground truth: eval/real-tables/*.json, written by hand
// (each file's `note` says how), with a `split`: "train" tables were looked at while fixing the
// extractor; "held" ones were held out until issue-16d, which looked at them (no longer a true
// held-out); "held2" ones were written in issue-16e on pages no extractor work had read, and are
// never to be tuned on. Each expected table is paired with the detected table on its
// page that shares most cell texts (one to one); an expected table with no detection scores zero.
// Metrics (eval/table-metrics.ts): exact cell text F1 and body-row integrity F1.
// Build: make dist-bench/.built; run: node dist-bench/eval/real-tables.js (make eval-real-tables)
// Settings: EVAL_REAL_DATA (/work/shared/data/pdfplumber-tests), EVAL_REAL_TRUTH (eval/real-tables),
// EVAL_FILES (comma list of truth names), EVAL_SHOW (1: print each extracted table's rows).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLayout, inkMap } from '../src/pipeline/layout/index.js';
import { openPdf, type PdfDoc } from '../src/pipeline/pdf/document.js';
import { recognizeTable } from '../src/pipeline/tables/structure.js';
import type { TableGrid } from '../src/pipeline/tables/types.js';
import { add, cellTexts, counts, gridRows, multisetMatch, prf, scoreTable, type Counts } from './table-metrics.js';

const DATA = process.env.EVAL_REAL_DATA ?? '/work/shared/data/pdfplumber-tests';
const TRUTH = process.env.EVAL_REAL_TRUTH ?? 'eval/real-tables';
const FILES = process.env.EVAL_FILES ? new Set(process.env.EVAL_FILES.split(',')) : undefined;
const SHOW = process.env.EVAL_SHOW === '1';
const DPI = 72;

const SPLITS = ['train', 'held', 'held2'] as const;
type Split = (typeof SPLITS)[number];
const SPLIT_LABEL: Record<Split, string> = {
  train: 'train',
  held: 'held (looked at in issue-16d)',
  held2: 'held2 (fresh held-out, issue-16e)',
};

interface Truth {
  name: string;
  source: string;
  page: number;
  split: Split;
  header_rows: number;
  rows: string[][];
}

function loadTruth(): Truth[] {
  return readdirSync(TRUTH)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(join(TRUTH, f), 'utf8')) as Omit<Truth, 'name'>), name: f.slice(0, -5) }))
    .filter((t) => !FILES || FILES.has(t.name))
    .map((t) => {
      if (!SPLITS.includes(t.split)) throw new Error(`${t.name}: unknown split ${String(t.split)}`);
      return t;
    });
}

/** The tables processing would extract on a page. */
async function pageTables(doc: PdfDoc, n: number): Promise<TableGrid[]> {
  const size = doc.pageSize(n);
  const text = doc.text(n, DPI);
  const segments = doc.segments(n, DPI);
  const ink = await inkMap((await doc.render(n, 100)).png, Math.round((size.width * 100) / 144));
  const words = text.lines.flatMap((l) => l.words);
  const regions = detectLayout({ width: size.width, height: size.height, lines: text.lines, segments, ink });
  return regions.filter((r) => r.kind === 'table').map((r) => recognizeTable({ bbox: r.bbox, words, segments }));
}

const fx = (v: number): string => v.toFixed(3);
const line = (label: string, cells: Counts, rows: Counts): string => {
  const c = prf(cells);
  const r = prf(rows);
  return `| ${label} | ${cells.gt} | ${fx(c.p)} | ${fx(c.r)} | ${fx(c.f)} | ${rows.gt} | ${fx(r.p)} | ${fx(r.r)} | ${fx(r.f)} |`;
};

async function main(): Promise<void> {
  const started = Date.now();
  const truth = loadTruth();
  const docs = new Map<string, PdfDoc>();
  const pages = new Map<string, TableGrid[]>();
  const totals = Object.fromEntries(SPLITS.map((s) => [s, { cells: counts(), rows: counts() }])) as Record<
    Split,
    { cells: Counts; rows: Counts }
  >;
  const out: string[] = [];
  try {
    // Expected tables grouped by page, so that detections are shared out one to one.
    const byPage = new Map<string, Truth[]>();
    for (const t of truth) byPage.set(`${t.source}#${t.page}`, [...(byPage.get(`${t.source}#${t.page}`) ?? []), t]);
    for (const [key, expected] of byPage) {
      const { source, page } = expected[0]!;
      let doc = docs.get(source);
      if (!doc) {
        doc = await openPdf(readFileSync(join(DATA, source)));
        docs.set(source, doc);
      }
      const found = pages.get(key) ?? (await pageTables(doc, page));
      pages.set(key, found);
      const free = new Set(found.map((_, i) => i));
      // Greedy pairing by shared cell texts, the best-sharing pairs first.
      const pairs = expected.flatMap((t) => found.map((g, i) => ({ t, i, ok: multisetMatch(cellTexts(t.rows), cellTexts(gridRows(g))).ok })));
      pairs.sort((a, b) => b.ok - a.ok);
      const chosen = new Map<Truth, number>();
      for (const p of pairs) {
        if (p.ok <= 0 || !free.has(p.i) || chosen.has(p.t)) continue;
        chosen.set(p.t, p.i);
        free.delete(p.i);
      }
      for (const t of expected) {
        const i = chosen.get(t);
        const grid = i === undefined ? undefined : found[i];
        const s = scoreTable(t.rows, t.header_rows, grid);
        add(totals[t.split].cells, s.cells);
        add(totals[t.split].rows, s.rows);
        out.push(line(`${t.name} (${t.split}${grid ? `, ${grid.rows}×${grid.cols}` : ', not found'})`, s.cells, s.rows));
        if (SHOW && grid) for (const r of gridRows(grid)) console.log(`  ${t.name}: ${r.map((c) => c.replace(/\n/g, '⏎')).join(' | ')}`);
      }
    }
  } finally {
    for (const d of docs.values()) d.close();
  }
  const n = (s: Split): number => truth.filter((t) => t.split === s).length;
  console.log(`Real PDFs (pdfplumber test files), end to end: ${truth.length} hand-made tables on ${pages.size} pages`);
  console.log('| table | GT cells | cell P | cell R | exact cell text F1 | GT body rows | row P | row R | body-row F1 |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const l of out) console.log(l);
  for (const s of SPLITS) console.log(line(`**${SPLIT_LABEL[s]} (${n(s)} tables)**`, totals[s].cells, totals[s].rows));
  console.log(`\nwhole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
