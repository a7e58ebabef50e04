// Table detection on ICDAR 2013 (competition-dataset-eu and -us): every page of every PDF goes
// through openPdf → text + segments (+ a 50 dpi ink map) → detectLayout, and the 'table' regions
// are scored against NAME-reg.xml: region precision / recall / F1 at IoU ≥ 0.5 (one-to-one),
// character-level precision / recall (words by their centres) and the competition's
// completeness (ground-truth tables wholly inside one detection) and purity (detections holding
// no words of anything but one ground-truth table); the worst files are listed.
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/eval/layout.js
// Settings: EVAL_DATA (/work/shared/data/icdar2013), EVAL_DPI (72), EVAL_INK (1: render an ink
// map; 0: text and segments only), EVAL_FILES (comma list of names, e.g. eu-001,us-020),
// EVAL_VERBOSE (1: print each page's boxes), EVAL_WORST (10), EVAL_IOU (0.5: the match threshold),
// EVAL_SCAN (1: the scanned path, below), EVAL_SCAN_RULES (1: with it, rules found in the pixels as segments).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLayout, inkMap } from '../src/pipeline/layout/index.js';
import { openPdf } from '../src/pipeline/pdf/document.js';
import type { BBox, Segment, TextLine, Word } from '../src/pipeline/types.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine } from '../src/providers/ocr/index.js';
import { cachedOcr, ocrCache, pageOcrKey } from './icdar.js';
import { imageRulesOfPng } from '../src/pipeline/tables/image-rules.js';

const DATA = process.env.EVAL_DATA ?? '/work/shared/data/icdar2013';
// EVAL_SCAN=1: the scanned path instead: pages rendered at EVAL_DPI (200), lines from page OCR
// (native tesseract when installed; cached, see icdar.ts), no drawn segments, the ink map of
// the rendered page, as processing does for images and scans.
const SCAN = process.env.EVAL_SCAN === '1';
const DPI = Number(process.env.EVAL_DPI ?? (SCAN ? 200 : 72));
const SCAN_RULES = process.env.EVAL_SCAN_RULES === '1';
const INK = process.env.EVAL_INK !== '0';
const INK_DPI = 100;
const FILES = process.env.EVAL_FILES ? new Set(process.env.EVAL_FILES.split(',')) : undefined;
const VERBOSE = process.env.EVAL_VERBOSE === '1';
const WORST = Number(process.env.EVAL_WORST ?? 10);
const MIN_IOU = Number(process.env.EVAL_IOU ?? 0.5);

interface GtRegion {
  page: number;
  /** PDF user space, origin bottom-left. */
  box: [number, number, number, number];
}

function attr(tag: string, name: string): number {
  const m = new RegExp(`\\b${name}\\s*=\\s*['"]([^'"]*)['"]`).exec(tag);
  return m ? Number(m[1]) : Number.NaN;
}

function parseRegions(xml: string): GtRegion[] {
  const out: GtRegion[] = [];
  for (const m of xml.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
    const bb = /<bounding-box\b[^>]*>/.exec(m[2]!)?.[0];
    if (!bb) continue;
    out.push({ page: attr(m[1]!, 'page'), box: [attr(bb, 'x1'), attr(bb, 'y1'), attr(bb, 'x2'), attr(bb, 'y2')] });
  }
  return out;
}

/**
 * Ground-truth box → page pixels. The boxes are in points from the bottom-left corner of the page
 * as displayed (on the one page with /Rotate 90, eu-015 p1, they fit the turned page).
 */
function toPixels(box: GtRegion['box'], pageHeight: number): BBox {
  const s = DPI / 72;
  const [x0, x1] = [Math.min(box[0], box[2]), Math.max(box[0], box[2])];
  const [y0, y1] = [Math.min(box[1], box[3]), Math.max(box[1], box[3])];
  return [x0 * s, (pageHeight - y1) * s, x1 * s, (pageHeight - y0) * s];
}

function iou(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = (x: BBox): number => (x[2] - x[0]) * (x[3] - x[1]);
  return (w * h) / (area(a) + area(b) - w * h);
}

const inside = (b: BBox, w: Word): boolean => {
  const x = (w.bbox[0] + w.bbox[2]) / 2;
  const y = (w.bbox[1] + w.bbox[3]) / 2;
  return x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
};

interface Score {
  gt: number;
  det: number;
  matched: number;
  charsGt: number;
  charsDet: number;
  charsBoth: number;
  complete: number;
  pure: number;
  /** Sum of the IoU of matched pairs. */
  iouSum: number;
  /** Lowest IoU of a ground-truth table with its best detection (1 when there is none). */
  worstIou: number;
}

const zero = (): Score => ({ gt: 0, det: 0, matched: 0, charsGt: 0, charsDet: 0, charsBoth: 0, complete: 0, pure: 0, iouSum: 0, worstIou: 1 });

function add(a: Score, b: Score): void {
  for (const k of Object.keys(a) as Array<keyof Score>) if (k !== 'worstIou') a[k] += b[k];
  a.worstIou = Math.min(a.worstIou, b.worstIou);
}

function scorePage(gt: BBox[], det: BBox[], words: Word[]): Score {
  const s = zero();
  s.gt = gt.length;
  s.det = det.length;
  const pairs = gt.flatMap((g, i) => det.map((d, j) => ({ i, j, v: iou(g, d) }))).filter((p) => p.v >= MIN_IOU).sort((a, b) => b.v - a.v);
  const usedG = new Set<number>();
  const usedD = new Set<number>();
  for (const p of pairs) {
    if (usedG.has(p.i) || usedD.has(p.j)) continue;
    usedG.add(p.i);
    usedD.add(p.j);
    s.matched++;
    s.iouSum += p.v;
  }
  for (const g of gt) s.worstIou = Math.min(s.worstIou, Math.max(0, ...det.map((d) => iou(g, d))));
  for (const w of words) {
    const n = w.text.length;
    const g = gt.some((b) => inside(b, w));
    const d = det.some((b) => inside(b, w));
    if (g) s.charsGt += n;
    if (d) s.charsDet += n;
    if (g && d) s.charsBoth += n;
  }
  for (const g of gt) {
    const mine = words.filter((w) => inside(g, w));
    if (mine.length && det.some((d) => mine.every((w) => inside(d, w)))) s.complete++;
  }
  for (const d of det) {
    const mine = words.filter((w) => inside(d, w));
    if (mine.length && gt.some((g) => mine.every((w) => inside(g, w)))) s.pure++;
  }
  return s;
}

let engine: Promise<OcrEngine> | undefined;
/** The OCR engine of the scanned path: what processing's 'auto' picks. */
function scanEngine(): Promise<OcrEngine> {
  engine ??= availableOcrKinds().then((kinds) => createOcrEngine(kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract', { workers: 1 }));
  return engine;
}

/** Pages seen and milliseconds spent in detectLayout alone. */
const timing = { pages: 0, layoutMs: 0 };

interface FileResult {
  name: string;
  score: Score;
  notes: string[];
}

async function runFile(dir: string, name: string): Promise<FileResult> {
  const bytes = readFileSync(join(dir, `${name}.pdf`));
  const regions = parseRegions(readFileSync(join(dir, `${name}-reg.xml`), 'utf8'));
  const doc = await openPdf(bytes);
  const score = zero();
  const notes: string[] = [];
  try {
    for (let n = 1; n <= doc.pageCount; n++) {
      const size = doc.pageSize(n);
      const gt = regions.filter((r) => r.page === n).map((r) => toPixels(r.box, size.height));
      const width = (size.width * DPI) / 72;
      const height = (size.height * DPI) / 72;
      let text: { lines: TextLine[] };
      let ink: Awaited<ReturnType<typeof inkMap>> | undefined;
      let segments: Segment[] = [];
      if (SCAN) {
        const png = (await doc.render(n, DPI)).png;
        const ocr = await scanEngine();
        text = { lines: await cachedOcr(pageOcrKey(name, n, ocr.name, DPI), async () => (await ocr.recognize(png)).lines) };
        ink = INK ? await inkMap(png) : undefined;
        // EVAL_SCAN_RULES=1: ruling lines found in the full-resolution pixels as the segments.
        if (SCAN_RULES) segments = await imageRulesOfPng(png);
      } else {
        text = doc.text(n, DPI);
        ink = INK ? await inkMap((await doc.render(n, INK_DPI)).png, Math.round((size.width * INK_DPI) / 144)) : undefined;
        segments = doc.segments(n, DPI);
      }
      const t0 = process.hrtime.bigint();
      const regionsOut = detectLayout({ width, height, lines: text.lines, segments, ink });
      timing.layoutMs += Number(process.hrtime.bigint() - t0) / 1e6;
      timing.pages++;
      const det = regionsOut.filter((r) => r.kind === 'table').map((r) => r.bbox);
      const s = scorePage(gt, det, text.lines.flatMap((l) => l.words));
      add(score, s);
      const r = (b: BBox): string => `[${b.map((v) => Math.round(v)).join(',')}]`;
      if (s.matched < gt.length || s.matched < det.length || s.worstIou < 0.8) notes.push(`p${n}: gt ${gt.map(r).join(' ') || '-'} det ${det.map(r).join(' ') || '-'}`);
      if (VERBOSE) console.log(`${name} p${n}: gt ${gt.map(r).join(' ')} | ${regionsOut.map((x) => `${x.kind}${x.figure_type ? `/${x.figure_type}` : ''}${r(x.bbox)}`).join(' ')}`);
    }
  } finally {
    doc.close();
  }
  return { name, score, notes };
}

const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const f1 = (p: number, r: number): string => (p + r ? `${((200 * p * r) / (p + r)).toFixed(1)}%` : 'n/a');

function line(label: string, s: Score): string {
  const p = s.det ? s.matched / s.det : 0;
  const r = s.gt ? s.matched / s.gt : 0;
  const cp = s.charsDet ? s.charsBoth / s.charsDet : 0;
  const cr = s.charsGt ? s.charsBoth / s.charsGt : 0;
  return `| ${label} | ${s.gt} | ${s.det} | ${s.matched} | ${pct(s.matched, s.det)} | ${pct(s.matched, s.gt)} | ${f1(p, r)} | ${s.matched ? (s.iouSum / s.matched).toFixed(3) : 'n/a'} | ${pct(s.charsBoth, s.charsDet)} | ${pct(s.charsBoth, s.charsGt)} | ${f1(cp, cr)} | ${pct(s.complete, s.gt)} | ${pct(s.pure, s.det)} |`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const results = new Map<string, FileResult[]>();
  for (const subset of ['eu', 'us']) {
    const dir = join(DATA, `competition-dataset-${subset}`);
    // NAME-reg.xml beside NAME.pdf; "b" alternatives (us-011b-reg.xml for us-011a.pdf) are left out.
    const files = new Set(readdirSync(dir));
    const names = [...files].filter((f) => f.endsWith('.pdf') && files.has(f.replace(/\.pdf$/, '-reg.xml'))).map((f) => f.slice(0, -4)).sort();
    const out: FileResult[] = [];
    for (const name of names) if (!FILES || FILES.has(name)) out.push(await runFile(dir, name));
    results.set(subset, out);
  }
  if (engine) await (await engine).close();
  console.log(`ICDAR 2013 table regions, ${SCAN ? `scanned path (pages rendered, OCR lines, ${SCAN_RULES ? 'rules from the pixels' : 'no drawn segments'}${ocrCache.calls ? `, ${ocrCache.calls} pages OCRed in ${(ocrCache.ms / 1000).toFixed(0)} s` : ''}), ` : ''}${DPI} dpi, ink map ${INK ? 'on' : 'off'}; IoU ≥ ${MIN_IOU} one-to-one`);
  console.log('| subset | GT | detected | matched | precision | recall | F1 | mean IoU | char P | char R | char F1 | completeness | purity |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const all = zero();
  for (const [subset, files] of results) {
    const s = zero();
    for (const f of files) add(s, f.score);
    add(all, s);
    console.log(line(subset, s));
  }
  console.log(line('all', all));
  const errors = (f: FileResult): number => f.score.gt - f.score.matched + (f.score.det - f.score.matched);
  const worst = [...results.values()]
    .flat()
    .filter((f) => errors(f) > 0 || f.score.worstIou < 0.8)
    .sort((a, b) => errors(b) - errors(a) || a.score.worstIou - b.score.worstIou)
    .slice(0, WORST);
  console.log(`\nWorst files (missed + false tables, then lowest IoU of a ground-truth table):`);
  for (const f of worst) console.log(`- ${f.name}: ${f.score.gt - f.score.matched} missed, ${f.score.det - f.score.matched} false, lowest IoU ${f.score.worstIou.toFixed(2)}; ${f.notes.join('; ')}`);
  const total = (Date.now() - started) / 1000;
  console.log(`\n${timing.pages} pages in ${total.toFixed(1)} s; detectLayout ${(timing.layoutMs / Math.max(1, timing.pages)).toFixed(1)} ms/page`);
}

await main();
