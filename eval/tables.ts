// Table structure recognition on ICDAR 2013 (competition-dataset-eu and -us), scored as the
// competition scores it: adjacency relations between each non-empty cell and its nearest
// non-empty neighbour to the right and below (per row and column a spanning cell covers),
// compared by content; precision / recall / F1 over relations. Two tasks:
//   - regions given: every ground-truth region (NAME-reg.xml box) → recognizeTable;
//   - end to end: detectLayout's table regions on every page → recognizeTable.
// Relations are pooled per document (a document's detected relations against its ground-truth
// ones, as multisets); we print totals over all relations (micro) and the mean of per-document
// precision and recall (the competition averages per document).
// Steps are measured one by one on the same regions: the plain baseline (rows = text lines,
// columns = x-gaps no word crosses, no drawn lines), + spanning cells, + multi-line cells, + rules.
// Content is compared after NFKC and dropping everything but letters and digits.
// Build: make dist-bench/.built; run: node dist-bench/eval/tables.js
// Settings: EVAL_DATA (/work/shared/data/icdar2013), EVAL_FILES (comma list, e.g. eu-001,us-020),
// EVAL_WORST (15), EVAL_E2E (1: also end to end; 0: regions given only), EVAL_JSON (path: per-file F1),
// EVAL_SCAN (1: instead, the scanned path: pages rendered at 200 dpi, regions given, each table
// read as processing reads it: src/pipeline/tables/scan-text.ts cleans the region, finds its
// rules and has the OCR engine read it), EVAL_SCAN_DPI (200), EVAL_SCAN_OCR (table: the product's
// path, default; page: words from page-level OCR and rules from the page's pixels, as before
// 2026-11-23; region: recognizeRegions on each table's crop, uncleaned; scan: the page read once by
// pipeline/scan (bands turned, rules painted out, ruled tables read as blocks), the table's cells from those page words, issue 22), EVAL_SCAN_ENGINE (the OCR
// kind; default native tesseract when installed), EVAL_SCAN_PSM (experiments: the tesseract page
// segmentation mode tables are read in), EVAL_SCAN_CLEAN (0: read the uncleaned crop),
// EVAL_SCAN_E2E (1: also end to end on every page: page OCR, detectLayout with pixel rules, the table path),
// EVAL_LIMIT (only the first N documents), EVAL_OCR_CACHE (folder of cached OCR results,
// /tmp/pagelens-eval-ocr; 'off').
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { detectLayout, inkMap } from '../src/pipeline/layout/index.js';
import { openPdf } from '../src/pipeline/pdf/document.js';
import { BASELINE, FULL, recognizeTable, type StructureOptions } from '../src/pipeline/tables/structure.js';
import type { BBox, Segment, Word } from '../src/pipeline/types.js';
import { relationsOf, relationsOfGrid, scoreRelations, type Relation, type SpanCell } from '../src/pipeline/tables/adjacency.js';
import { add, bodySignatures, cellTexts, counts, gridRows, multisetMatch, prf, type Counts } from './table-metrics.js';
import { cachedOcr, gtTables, ocrCache, pageOcrKey, toPixels } from './icdar.js';
import { imageRulesOfPng } from '../src/pipeline/tables/image-rules.js';
import { prepareScan, readScannedPage } from '../src/pipeline/scan/read-scan.js';
import { availableOcrKinds, createOcrEngine, NativeTesseractEngine, type OcrKind } from '../src/providers/ocr/index.js';
import { decodeGrey, type GreyImage } from '../src/providers/ocr/raster.js';
import { columnCuts, evenLineHeights, prepareTableImage, readTableText, type PreparedTable, type TableTextReader } from '../src/pipeline/tables/scan-text.js';

const DATA = process.env.EVAL_DATA ?? '/work/shared/data/icdar2013';
const FILES = process.env.EVAL_FILES ? new Set(process.env.EVAL_FILES.split(',')) : undefined;
const WORST = Number(process.env.EVAL_WORST ?? 15);
const E2E = process.env.EVAL_E2E !== '0';
const JSON_OUT = process.env.EVAL_JSON;
const DPI = 72;
const SCAN = process.env.EVAL_SCAN === '1';
const SCAN_DPI = Number(process.env.EVAL_SCAN_DPI ?? 200);
const SCAN_OCR = process.env.EVAL_SCAN_OCR === 'region' ? 'region' : process.env.EVAL_SCAN_OCR === 'page' ? 'page' : process.env.EVAL_SCAN_OCR === 'scan' ? 'scan' : 'table';
/** Bumped when the cleaning changes, so cached reads of older cleanings are not reused. */
const CLEAN_VERSION = 9;
const SCAN_E2E = process.env.EVAL_SCAN_E2E === '1';
const LIMIT = Number(process.env.EVAL_LIMIT ?? Infinity);

const STEPS: Array<[string, StructureOptions]> = [
  ['baseline (whitespace gaps, lines as rows)', BASELINE],
  ['+ spanning cells', { rules: false, multiline: false, spans: true }],
  ['+ multi-line cells', { rules: false, multiline: true, spans: true }],
  ['+ drawn rules (PageLens)', FULL],
];

interface Tally {
  gt: number;
  det: number;
  ok: number;
  /** Sums of per-document precision and recall, and the number of documents. */
  pSum: number;
  rSum: number;
  docs: number;
}
const tally = (): Tally => ({ gt: 0, det: 0, ok: 0, pSum: 0, rSum: 0, docs: 0 });

function addDoc(t: Tally, gt: Relation[], det: Relation[]): { p: number; r: number; f: number } {
  const ok = scoreRelations(gt, det);
  t.gt += gt.length;
  t.det += det.length;
  t.ok += ok;
  const p = det.length ? ok / det.length : gt.length ? 0 : 1;
  const r = gt.length ? ok / gt.length : 1;
  t.pSum += p;
  t.rSum += r;
  t.docs++;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

const f1 = (p: number, r: number): number => (p + r ? (2 * p * r) / (p + r) : 0);
const fx = (v: number): string => v.toFixed(4);

function row(label: string, t: Tally): string {
  const p = t.det ? t.ok / t.det : 0;
  const r = t.gt ? t.ok / t.gt : 0;
  const mp = t.pSum / Math.max(1, t.docs);
  const mr = t.rSum / Math.max(1, t.docs);
  return `| ${label} | ${t.gt} | ${t.det} | ${t.ok} | ${fx(p)} | ${fx(r)} | ${fx(f1(p, r))} | ${fx(mp)} | ${fx(mr)} | ${fx(f1(mp, mr))} |`;
}

interface PageData {
  words: Word[];
  segments: Segment[];
  width: number;
  height: number;
  pageHeight: number;
  lines: ReturnType<Awaited<ReturnType<typeof openPdf>>['text']>['lines'];
  ink?: Awaited<ReturnType<typeof inkMap>>;
}

interface FileOut {
  name: string;
  f1: number;
  e2eF1?: number;
  gtRel: number;
  missed: Relation[];
  extra: Relation[];
  tables: number;
}

const timing = { tables: 0, ms: 0 };

/** Exact cell text and body-row integrity (eval/table-metrics.ts), pooled per run; ICDAR marks no header rows, so every row counts. */
const user = { given: { cells: counts(), rows: counts() }, e2e: { cells: counts(), rows: counts() } };
function spanRows(cells: SpanCell[]): string[][] {
  const rows: string[][] = [];
  for (const c of cells) {
    while (rows.length <= c.row) rows.push([]);
    const r = rows[c.row]!;
    while (r.length <= c.col) r.push('');
    r[c.col] = c.text;
  }
  return rows;
}
function addUser(into: { cells: Counts; rows: Counts }, gt: string[][][], det: string[][][]): void {
  add(into.cells, multisetMatch(gt.flatMap(cellTexts), det.flatMap(cellTexts)));
  add(into.rows, multisetMatch(gt.flatMap((t) => bodySignatures(t, 0)), det.flatMap((t) => bodySignatures(t, 0))));
}

function userRow(label: string, u: { cells: Counts; rows: Counts }): string {
  const c = prf(u.cells);
  const r = prf(u.rows);
  return `| ${label} | ${u.cells.gt} | ${fx(c.p)} | ${fx(c.r)} | ${fx(c.f)} | ${u.rows.gt} | ${fx(r.p)} | ${fx(r.r)} | ${fx(r.f)} |`;
}

async function runFile(dir: string, name: string, steps: Tally[], e2e: Tally): Promise<FileOut> {
  const bytes = readFileSync(join(dir, `${name}.pdf`));
  const tables = gtTables(readFileSync(join(dir, `${name}-str.xml`), 'utf8'), readFileSync(join(dir, `${name}-reg.xml`), 'utf8'));
  const doc = await openPdf(bytes);
  const pages = new Map<number, PageData>();
  try {
    const pageOf = async (n: number, ink: boolean): Promise<PageData> => {
      let p = pages.get(n);
      if (!p) {
        const size = doc.pageSize(n);
        const text = doc.text(n, DPI);
        p = { words: text.lines.flatMap((l) => l.words), segments: doc.segments(n, DPI), width: size.width, height: size.height, pageHeight: size.height, lines: text.lines };
        pages.set(n, p);
      }
      if (ink && !p.ink) p.ink = await inkMap((await doc.render(n, 100)).png, Math.round((p.width * 100) / 144));
      return p;
    };
    const gtRel = tables.flatMap((t) => relationsOf(t.cells));
    let out: FileOut = { name, f1: 0, gtRel: gtRel.length, missed: [], extra: [], tables: tables.length };
    const gtRows = tables.map((t) => spanRows(t.cells));
    for (const [i, [, opts]] of STEPS.entries()) {
      const det: Relation[] = [];
      const detRows: string[][][] = [];
      for (const t of tables) {
        const p = await pageOf(t.page, false);
        const bbox = toPixels(t.box, p.pageHeight, DPI);
        const t0 = process.hrtime.bigint();
        const grid = recognizeTable({ bbox, words: p.words, segments: p.segments }, opts);
        if (opts === FULL) {
          timing.ms += Number(process.hrtime.bigint() - t0) / 1e6;
          timing.tables++;
        }
        det.push(...relationsOfGrid(grid));
        if (opts === FULL) detRows.push(gridRows(grid));
      }
      if (opts === FULL) addUser(user.given, gtRows, detRows);
      const s = addDoc(steps[i]!, gtRel, det);
      if (opts === FULL) {
        const counts = new Map<string, number>();
        for (const r of det) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
        const missed: Relation[] = [];
        for (const r of gtRel) {
          const c = counts.get(r.key) ?? 0;
          if (c > 0) counts.set(r.key, c - 1);
          else missed.push(r);
        }
        const gtCounts = new Map<string, number>();
        for (const r of gtRel) gtCounts.set(r.key, (gtCounts.get(r.key) ?? 0) + 1);
        const extra: Relation[] = [];
        for (const r of det) {
          const c = gtCounts.get(r.key) ?? 0;
          if (c > 0) gtCounts.set(r.key, c - 1);
          else extra.push(r);
        }
        out = { ...out, f1: s.f, missed, extra };
      }
    }
    if (E2E) {
      const det: Relation[] = [];
      const detRows: string[][][] = [];
      for (let n = 1; n <= doc.pageCount; n++) {
        const p = await pageOf(n, true);
        const regions = detectLayout({ width: p.width, height: p.height, lines: p.lines, segments: p.segments, ink: p.ink });
        for (const r of regions.filter((x) => x.kind === 'table')) {
          const grid = recognizeTable({ bbox: r.bbox, words: p.words, segments: p.segments });
          det.push(...relationsOfGrid(grid));
          detRows.push(gridRows(grid));
        }
      }
      addUser(user.e2e, gtRows, detRows);
      out.e2eF1 = addDoc(e2e, gtRel, det).f;
    }
    return out;
  } finally {
    doc.close();
  }
}

/** Published results, Göbel et al., "ICDAR 2013 Table Competition" (ICDAR 2013), see docs/benchmarks.md. */
const PUBLISHED: Array<[string, number, number, number]> = [
  ['Nurminen (competition, regions given)', 0.9409, 0.9512, 0.946],
  ['FineReader (competition, regions given)', 0.8835, 0.871, 0.8772],
  ['OmniPage (competition, regions given)', 0.838, 0.846, 0.842],
];

/**
 * Cache key part for what the reader is given: a hash of the cleaned image (so a change to the
 * cleaning re-reads only the tables it changes) and the column strips it is cut into.
 */
function stripKey(prepared: PreparedTable | undefined, bbox: BBox): string {
  if (!prepared) return '';
  const cuts = columnCuts(prepared, bbox);
  const hash = createHash('sha1').update(prepared.img.data).digest('hex').slice(0, 12);
  return `-${hash}${cuts.length ? `-cols${cuts.join('_')}` : ''}`;
}

/** The image path on rendered pages: OCR words + ruling lines from pixels, regions given. */
async function runScanned(): Promise<void> {
  const started = Date.now();
  const kinds = await availableOcrKinds();
  const kind = (process.env.EVAL_SCAN_ENGINE as OcrKind | undefined) ?? (kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract');
  // (a dense page can pass the service's 60 s per image on the shared box at load 20+)
  const engine = await createOcrEngine(kind, { workers: 1, timeoutMs: 1000 * Number(process.env.EVAL_SCAN_TIMEOUT_S ?? 600) });
  // EVAL_SCAN_PSM (experiments, native tesseract only): the page segmentation mode tables are read in.
  const psm = process.env.EVAL_SCAN_PSM;
  const reader: TableTextReader = psm && engine instanceof NativeTesseractEngine ? { readBlock: (img) => engine.readImage(img, psm) } : engine;
  const clean = process.env.EVAL_SCAN_CLEAN !== '0';
  const variant = `${engine.name}-${SCAN_OCR}${SCAN_OCR === 'table' ? `-psm${psm ?? 'default'}-${clean ? `clean${CLEAN_VERSION}` : 'raw'}` : ''}-${SCAN_DPI}`;
  const t = tally();
  const e2e = tally();
  let e2ePages = 0;
  let e2eTables = 0;
  const perFileE2e = new Map<string, number>();
  const perFile: Array<[string, number, number, number]> = [];
  // Every document's relations, for the splits printed at the end.
  const kept: Array<{ name: string; gt: Relation[]; det: Relation[]; found?: Relation[] }> = [];
  let pages = 0;
  let done = 0;
  try {
    for (const subset of ['eu', 'us']) {
      const dir = join(DATA, `competition-dataset-${subset}`);
      const present = new Set(readdirSync(dir));
      const names = [...present].filter((f) => f.endsWith('.pdf') && present.has(f.replace(/\.pdf$/, '-str.xml')) && present.has(f.replace(/\.pdf$/, '-reg.xml'))).map((f) => f.slice(0, -4)).sort();
      for (const name of names) {
        if (FILES && !FILES.has(name)) continue;
        if (done++ >= LIMIT) break;
        const tables = gtTables(readFileSync(join(dir, `${name}-str.xml`), 'utf8'), readFileSync(join(dir, `${name}-reg.xml`), 'utf8'));
        const doc = await openPdf(readFileSync(join(dir, `${name}.pdf`)));
        try {
          const cache = new Map<number, { png: Buffer; grey: GreyImage; words: Word[]; segments: Segment[] }>();
          const det: Relation[] = [];
          const detRows: string[][][] = [];
          for (const [i, table] of tables.entries()) {
            let p = cache.get(table.page);
            const bbox = toPixels(table.box, doc.pageSize(table.page).height, SCAN_DPI);
            if (!p) {
              const png = (await doc.render(table.page, SCAN_DPI)).png;
              const grey = await decodeGrey(png);
              let words = SCAN_OCR === 'page' ? (await cachedOcr(pageOcrKey(name, table.page, engine.name, SCAN_DPI), async () => (await engine.recognize(png)).lines)).flatMap((l) => l.words) : [];
              let segments = await imageRulesOfPng(png);
              if (SCAN_OCR === 'scan') {
                // (clean renders: no skew or turn is found, so the page's coordinates are the ground truth's)
                words = (await cachedOcr(`${pageOcrKey(name, table.page, engine.name, SCAN_DPI)}-scan1`, async () => (await readScannedPage(grey, engine)).lines)).flatMap((l) => l.words);
                segments = prepareScan(grey).rules;
              }
              p = { png, grey, words, segments };
              cache.set(table.page, p);
              pages++;
            }
            const page = p;
            const pad = SCAN_DPI / 10;
            let words: Word[];
            let segments = page.segments;
            if (SCAN_OCR === 'page') words = page.words;
            else if (SCAN_OCR === 'scan') words = evenLineHeights(page.words.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= bbox[0] && (w.bbox[0] + w.bbox[2]) / 2 <= bbox[2] && (w.bbox[1] + w.bbox[3]) / 2 >= bbox[1] && (w.bbox[1] + w.bbox[3]) / 2 <= bbox[3]));
            else if (SCAN_OCR === 'table') {
              const prepared = prepareTableImage(page.grey, bbox, { clean });
              if (clean) segments = prepared?.rules ?? [];
              // The cache holds the words as read; evenLineHeights is what readTableText applies after.
              // A table cut into columns at full-height rules is read strip by strip: its own key.
              words = evenLineHeights(await cachedOcr(`${name}-t${i}-${variant}${stripKey(prepared, bbox)}`, async () => (await readTableText(page.grey, bbox, reader, { clean, asRead: true })).words));
            }
            // 'region': the table's crop recognised on its own through recognizeRegions (an experiment; see the header).
            else words = ((await engine.recognizeRegions(page.png, [[bbox[0] - pad, bbox[1] - pad, bbox[2] + pad, bbox[3] + pad]]))[0] ?? []).flatMap((l) => l.words);
            const grid = recognizeTable({ bbox, words, segments });
            det.push(...relationsOfGrid(grid));
            detRows.push(gridRows(grid));
          }
          addUser(user.given, tables.map((x) => spanRows(x.cells)), detRows);
          const gt = tables.flatMap((x) => relationsOf(x.cells));
          const s = addDoc(t, gt, det);
          kept.push({ name, gt, det });
          perFile.push([name, s.f, gt.length, scoreRelations(gt, det)]);
          if (SCAN_E2E) {
            // End to end: every page rendered and OCRed as processing does, detectLayout on the OCR
            // lines, the ink map and the rules found in the pixels; each table region read by readTableText.
            const found: Relation[] = [];
            for (let n = 1; n <= doc.pageCount; n++) {
              const png = (await doc.render(n, SCAN_DPI)).png;
              const grey = await decodeGrey(png);
              const lines = await cachedOcr(pageOcrKey(name, n, engine.name, SCAN_DPI), async () => (await engine.recognize(png)).lines);
              const regions = detectLayout({ width: grey.width, height: grey.height, lines, segments: await imageRulesOfPng(png), ink: await inkMap(png) }).filter((r) => r.kind === 'table');
              e2ePages++;
              e2eTables += regions.length;
              for (const r of regions) {
                const prepared = prepareTableImage(grey, r.bbox);
                const rules = prepared?.rules ?? [];
                const words = evenLineHeights(await cachedOcr(`${name}-p${n}-e2e-${r.bbox.map(Math.round).join('_')}-${variant}${stripKey(prepared, r.bbox)}`, async () => (await readTableText(grey, r.bbox, reader, { asRead: true })).words));
                found.push(...relationsOfGrid(recognizeTable({ bbox: r.bbox, words, segments: rules })));
              }
            }
            const e = addDoc(e2e, gt, found);
            perFileE2e.set(name, e.f);
            kept[kept.length - 1]!.found = found;
          }
        } finally {
          doc.close();
        }
      }
    }
  } finally {
    await engine.close();
  }
  console.log(`ICDAR 2013 tables, scanned path: ${perFile.length} documents, ${pages} pages rendered at ${SCAN_DPI} dpi, OCR ${engine.name} (${SCAN_OCR}${SCAN_OCR === 'table' ? `, psm ${psm ?? 'default'}, ${clean ? 'cleaned' : 'not cleaned'}` : ''}), rules from pixels, regions given`);
  console.log('| method | GT relations | detected | correct | precision | recall | F1 | mean doc P | mean doc R | F1 of means |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(row('PageLens image path (OCR words + pixel rules), regions given', t));
  if (SCAN_E2E) console.log(row(`PageLens image path end to end (${e2ePages} pages, ${e2eTables} table regions detected on OCR lines)`, e2e));
  // The same splits as the born-digital run: EU / US, every third document by name and the rest.
  console.log('\nSplits (scanned path; regions given, then end to end):');
  console.log('| split | GT relations | detected | correct | precision | recall | F1 | mean doc P | mean doc R | F1 of means |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const splits: Array<[string, (d: (typeof kept)[number], i: number) => boolean]> = [
    ['EU', (d) => d.name.startsWith('eu')],
    ['US', (d) => d.name.startsWith('us')],
    ['held: every third document by name', (_, i) => i % 3 === 2],
    ['the other documents', (_, i) => i % 3 !== 2],
  ];
  for (const [label, pick] of splits) {
    const docs = kept.filter(pick);
    const given = tally();
    const end = tally();
    for (const d of docs) {
      addDoc(given, d.gt, d.det);
      if (d.found) addDoc(end, d.gt, d.found);
    }
    console.log(row(`${label} (${docs.length} documents), regions given`, given));
    if (SCAN_E2E) console.log(row(`${label} (${docs.length} documents), end to end`, end));
  }
  console.log('\nUser-level metrics (eval/table-metrics.ts; pooled per document, every row counts), regions given:');
  console.log('| path | GT cells | cell P | cell R | exact cell text F1 | GT rows | row P | row R | body-row F1 |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(userRow('scanned path (PageLens)', user.given));
  console.log('\nWorst files:');
  for (const [name, f, gt, ok] of perFile.sort((a, b) => a[1] - b[1]).slice(0, WORST)) console.log(`- ${name}: F1 ${fx(f)} (${ok}/${gt} relations found)${perFileE2e.has(name) ? `; end to end ${fx(perFileE2e.get(name)!)}` : ''}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(Object.fromEntries(perFile.map(([name, f]) => [name, f])), null, 1));
  console.log(`\nOCR not from the cache: ${ocrCache.calls} calls, ${(ocrCache.ms / 1000).toFixed(1)} s (${(ocrCache.ms / Math.max(1, ocrCache.calls)).toFixed(0)} ms per call); whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  if (SCAN) return runScanned();
  const started = Date.now();
  const steps = STEPS.map(() => tally());
  const e2e = tally();
  const files: FileOut[] = [];
  for (const subset of ['eu', 'us']) {
    const dir = join(DATA, `competition-dataset-${subset}`);
    const present = new Set(readdirSync(dir));
    const names = [...present].filter((f) => f.endsWith('.pdf') && present.has(f.replace(/\.pdf$/, '-str.xml')) && present.has(f.replace(/\.pdf$/, '-reg.xml'))).map((f) => f.slice(0, -4)).sort();
    for (const name of names) if (!FILES || FILES.has(name)) files.push(await runFile(dir, name, steps, e2e));
  }
  console.log(`ICDAR 2013 table structure, ${files.length} documents, ${files.reduce((s, f) => s + f.tables, 0)} table regions; adjacency relations of non-empty cells`);
  console.log('| method | GT relations | detected | correct | precision | recall | F1 | mean doc P | mean doc R | F1 of means |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  STEPS.forEach(([label], i) => console.log(row(`${label}, regions given`, steps[i]!)));
  if (E2E) console.log(row('PageLens end to end (detectLayout regions)', e2e));
  for (const [label, r, p, f] of PUBLISHED) console.log(`| ${label} | | | | ${fx(p)} | ${fx(r)} | ${fx(f)} | | | |`);
  console.log('\nUser-level metrics (eval/table-metrics.ts; pooled per document, ICDAR has no header marks so every row counts):');
  console.log('| path | GT cells | cell P | cell R | exact cell text F1 | GT rows | row P | row R | body-row F1 |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(userRow('regions given (PageLens)', user.given));
  if (E2E) console.log(userRow('end to end (detectLayout regions)', user.e2e));
  // Splits of the same PageLens run, regions given: EU / US, and every third document by name
  // ("held", the overfitting check used while adding rules) against the rest.
  const split = (fs: FileOut[]): Tally => {
    const t = tally();
    for (const f of fs) {
      const ok = f.gtRel - f.missed.length;
      const det = ok + f.extra.length;
      t.gt += f.gtRel;
      t.det += det;
      t.ok += ok;
      t.pSum += det ? ok / det : f.gtRel ? 0 : 1;
      t.rSum += f.gtRel ? ok / f.gtRel : 1;
      t.docs++;
    }
    return t;
  };
  console.log('\nSplits (PageLens, regions given):');
  console.log('| split | GT relations | detected | correct | precision | recall | F1 | mean doc P | mean doc R | F1 of means |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(row(`EU (${files.filter((f) => f.name.startsWith('eu')).length} documents)`, split(files.filter((f) => f.name.startsWith('eu')))));
  console.log(row(`US (${files.filter((f) => f.name.startsWith('us')).length} documents)`, split(files.filter((f) => f.name.startsWith('us')))));
  console.log(row(`held: every third document by name (${files.filter((_, i) => i % 3 === 2).length})`, split(files.filter((_, i) => i % 3 === 2))));
  console.log(row(`the other documents (${files.filter((_, i) => i % 3 !== 2).length})`, split(files.filter((_, i) => i % 3 !== 2))));
  const worst = files.filter((f) => f.f1 < 0.999).sort((a, b) => a.f1 - b.f1).slice(0, WORST);
  console.log('\nWorst files (regions given): F1, missed / extra relations with examples');
  const show = (r: Relation[]): string => r.slice(0, 3).map((x) => `${x.dir} "${x.a.slice(0, 20)}"→"${x.b.slice(0, 20)}"`).join('; ');
  for (const f of worst) console.log(`- ${f.name}: F1 ${fx(f.f1)} (e2e ${f.e2eF1 === undefined ? '-' : fx(f.e2eF1)}), ${f.missed.length}/${f.gtRel} missed, ${f.extra.length} extra; missed: ${show(f.missed)}; extra: ${show(f.extra)}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(Object.fromEntries(files.map((f) => [f.name, { f1: f.f1, e2e: f.e2eF1 }])), null, 1));
  const total = (Date.now() - started) / 1000;
  console.log(`\n${timing.tables} tables structured in ${timing.ms.toFixed(0)} ms: ${((1000 * timing.tables) / Math.max(1, timing.ms)).toFixed(0)} tables/s (recognizeTable alone, text and segments read already); whole run ${total.toFixed(1)} s`);
}

await main();
