// OCR quality and speed per engine: pages of known English text rendered at 200 dpi, then made
// "scanned-like" (rotated 0.5–1.5°, blurred, gaussian noise, JPEG), read back through the image
// ingest (renderImagePage) and each available engine. Prints the character error rate
// (Levenshtein on whitespace-normalised text) and pages/s.
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/eval/ocr.js
// Settings: EVAL_PAGES (20), EVAL_WORKERS (2: recognisers per engine and pages in flight),
// EVAL_ENGINES (comma list, default every available kind), EVAL_SEED (1), EVAL_NOISE (σ of the
// gaussian noise in grey levels, 12), EVAL_JPEG_QUALITY (75).
import sharp from 'sharp';
import { renderImagePage } from '../src/pipeline/images.js';
import { availableOcrKinds, createOcrEngine, type OcrKind } from '../src/providers/ocr/index.js';
import { editDistance } from '../test/fixtures/text-image.js';

const PAGES = Number(process.env.EVAL_PAGES ?? 20);
const WORKERS = Number(process.env.EVAL_WORKERS ?? 2);
const SEED = Number(process.env.EVAL_SEED ?? 1);
const NOISE = Number(process.env.EVAL_NOISE ?? 12);
const JPEG_QUALITY = Number(process.env.EVAL_JPEG_QUALITY ?? 75);
const DPI = 200;
const WIDTH = Math.round(8.5 * DPI);
const HEIGHT = Math.round(11 * DPI);
const MARGIN = 150;
const FONT_PX = Math.round((11 / 72) * DPI);
const LINE_PX = Math.round(FONT_PX * 1.45);
const CHARS_PER_LINE = 68;

/** mulberry32: a small seeded generator, so every run evaluates the same pages. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were ' +
  'their one all we can her has there been if more when will would who so no time people year report market company ' +
  'system data value process between number water during without however government information development research ' +
  'quarter revenue customer service quality results contract delivery invoice payment schedule measure budget account ' +
  'manager engineering document summary analysis review policy project building station pressure temperature network ' +
  'signal average current increase reduced approved following previous several important available general public ' +
  "long-term well-known it's don't company's isn't we'll"
).split(/\s+/);

function numberToken(r: () => number): string {
  const n = Math.floor(r() * 9000) + 10;
  switch (Math.floor(r() * 7)) {
    case 0:
      return String(n);
    case 1:
      return `${(n / 100).toFixed(2)}`;
    case 2:
      return `${(r() * 60).toFixed(1)}%`;
    case 3:
      return `$${n.toLocaleString('en-US')}.${String(Math.floor(r() * 100)).padStart(2, '0')}`;
    case 4:
      return `2024-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    case 5:
      return `(see page ${1 + Math.floor(r() * 300)})`;
    default:
      return `${1 + Math.floor(r() * 12)}:${String(Math.floor(r() * 60)).padStart(2, '0')}`;
  }
}

function sentence(r: () => number): string {
  const length = 6 + Math.floor(r() * 12);
  const words: string[] = [];
  for (let i = 0; i < length; i++) {
    let w = r() < 0.1 ? numberToken(r) : WORDS[Math.floor(r() * WORDS.length)]!;
    if (i === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    if (i > 1 && i < length - 2 && r() < 0.08) w += r() < 0.7 ? ',' : ';';
    words.push(w);
  }
  if (r() < 0.08) words.splice(1 + Math.floor(r() * (length - 2)), 0, `"${WORDS[Math.floor(r() * WORDS.length)]!}"`);
  const end = r();
  return words.join(' ') + (end < 0.8 ? '.' : end < 0.9 ? '?' : '!');
}

/** Greedy wrap by character count (the fonts' average advance keeps 68 characters inside the margins). */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && cur.length + 1 + w.length > CHARS_PER_LINE) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

interface Page {
  svg: Buffer;
  text: string;
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function makePage(r: () => number, n: number): Page {
  const family = n % 2 === 0 ? 'DejaVu Serif' : 'DejaVu Sans';
  const texts: string[] = [];
  const els: string[] = [];
  let y = MARGIN + FONT_PX;
  const heading = `Section ${n + 1}: ${WORDS[Math.floor(r() * 60)]!} ${WORDS[60 + Math.floor(r() * 60)]!}`;
  els.push(`<text x="${MARGIN}" y="${y}" font-family="${family}" font-size="${Math.round(FONT_PX * 1.4)}" font-weight="bold">${escapeXml(heading)}</text>`);
  texts.push(heading);
  y += LINE_PX * 2;
  while (y < HEIGHT - MARGIN - LINE_PX * 3) {
    const para = Array.from({ length: 2 + Math.floor(r() * 4) }, () => sentence(r)).join(' ');
    for (const line of wrap(para)) {
      if (y > HEIGHT - MARGIN) break;
      els.push(`<text x="${MARGIN}" y="${y}" font-family="${family}" font-size="${FONT_PX}">${escapeXml(line)}</text>`);
      texts.push(line);
      y += LINE_PX;
    }
    y += Math.round(LINE_PX * 0.6);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>${els.join('')}</svg>`;
  return { svg: Buffer.from(svg), text: texts.join('\n') };
}

/** Rotated 0.5–1.5° either way, blurred, gaussian noise (σ NOISE grey levels), JPEG. */
async function scan(svg: Buffer, r: () => number): Promise<Buffer> {
  const angle = (0.5 + r()) * (r() < 0.5 ? -1 : 1);
  const rotated = await sharp(svg, { density: 72 })
    .flatten({ background: '#fff' })
    .rotate(angle, { background: '#fff' })
    .blur(0.7)
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = rotated.data;
  for (let i = 0; i < px.length; i += 2) {
    // Box–Muller: two independent normals per pair of uniforms.
    const u = Math.max(1e-9, r());
    const v = r();
    const m = Math.sqrt(-2 * Math.log(u)) * NOISE;
    px[i] = Math.max(0, Math.min(255, px[i]! + m * Math.cos(2 * Math.PI * v)));
    if (i + 1 < px.length) px[i + 1] = Math.max(0, Math.min(255, px[i + 1]! + m * Math.sin(2 * Math.PI * v)));
  }
  return sharp(px, { raw: { width: rotated.info.width, height: rotated.info.height, channels: 1 } })
    .withDensity(DPI)
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

interface Result {
  kind: OcrKind;
  cer: number;
  worst: number;
  pagesPerSecond: number;
}

async function evaluate(kind: OcrKind, pages: { png: Buffer; text: string }[]): Promise<Result> {
  const engine = await createOcrEngine(kind, { workers: WORKERS });
  try {
    // One warm-up page so that start-up (model load, JIT) is not counted as throughput.
    await engine.recognize(pages[0]!.png);
    const errors: number[] = new Array<number>(pages.length).fill(0);
    const t0 = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (next < pages.length) {
          const i = next++;
          const got = await engine.recognize(pages[i]!.png);
          errors[i] = editDistance(normalise(got.lines.map((l) => l.text).join('\n')), normalise(pages[i]!.text));
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const chars = pages.reduce((s, p) => s + normalise(p.text).length, 0);
    const worst = Math.max(...pages.map((p, i) => errors[i]! / normalise(p.text).length));
    return { kind, cer: errors.reduce((a, b) => a + b, 0) / chars, worst, pagesPerSecond: pages.length / seconds };
  } finally {
    await engine.close();
  }
}

async function main(): Promise<void> {
  const r = rng(SEED);
  const limits = { maxPixels: 100_000_000, maxPages: 1 };
  const pages: { png: Buffer; text: string }[] = [];
  for (let n = 0; n < PAGES; n++) {
    const page = makePage(r, n);
    const jpeg = await scan(page.svg, r);
    pages.push({ png: (await renderImagePage(jpeg, 1, limits)).png, text: page.text });
  }
  const chars = pages.reduce((s, p) => s + normalise(p.text).length, 0);
  console.log(`${PAGES} pages, ${chars} characters, ${WIDTH}×${HEIGHT} px at ${DPI} dpi, scanned-like (noise σ ${NOISE}, JPEG q${JPEG_QUALITY}); ${WORKERS} recogniser(s) per engine`);
  const wanted = process.env.EVAL_ENGINES?.split(',').map((s) => s.trim()) ?? [];
  const kinds = (await availableOcrKinds()).filter((k) => wanted.length === 0 || wanted.includes(k));
  console.log('| engine | CER | worst page CER | pages/s |\n|---|---|---|---|');
  for (const kind of kinds) {
    const res = await evaluate(kind, pages);
    console.log(`| ${res.kind} | ${(res.cer * 100).toFixed(2)}% | ${(res.worst * 100).toFixed(2)}% | ${res.pagesPerSecond.toFixed(2)} |`);
  }
}

await main();
