// Quality of the page helpers on generated pages with known answers:
// - template match: pages with 4 symbol kinds x 6 copies at random places (gaussian noise added);
//   for each kind a random copy is the template; a match is right when it overlaps a copy of that
//   kind with IoU >= 0.5 (each copy counts once). Precision and recall at the default threshold.
// - ocr-regions: clean 11 pt text in a PDF rendered by PDFium at 150 dpi; each region is a line
//   of the PDF text layer (padded 4 px); word accuracy = words in the longest common subsequence
//   of read and true words / true words.
// - detect-text-in-region: polygons (rectangles and quadrilaterals) over blocks of the same pages;
//   recall = true words (text layer) wholly inside the polygon whose centre lies in a returned box.
// Build: node_modules/.bin/tsc -p tsconfig.bench.json; run: node dist-bench/eval/page-helpers.js
// Settings: EVAL_PAGES (10), EVAL_SEED (1), EVAL_NOISE (σ of the noise on symbol pages, 8).
import { detectInPolygon, readRegions, templateMatchOn } from '../src/pages/helpers.js';
import { openPdf } from '../src/pipeline/pdf/document.js';
import { iou } from '../src/pipeline/page-helpers/template-match.js';
import type { BBox } from '../src/pipeline/types.js';
import { createHelperOcr } from '../src/providers/engines.js';
import { decodeGrey, type GreyImage } from '../src/providers/ocr/raster.js';
import { buildPdf, textAt } from '../test/fixtures/pdf-builder.js';
import { rng, symbolPage } from '../test/fixtures/symbol-page.js';

const PAGES = Number(process.env.EVAL_PAGES ?? 10);
const SEED = Number(process.env.EVAL_SEED ?? 1);
const NOISE = Number(process.env.EVAL_NOISE ?? 8);

const DEFAULTS = { threshold: 0.8, max_results: 100, scales: [1], rotations: [0 as const], nms_iou: 0.3 };

async function noisy(png: Buffer, random: () => number): Promise<GreyImage> {
  const img = await decodeGrey(png);
  const data = Buffer.from(img.data);
  for (let i = 0; i < data.length; i++) {
    // Box-Muller gaussian
    const g = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + g * NOISE)));
  }
  return { ...img, data };
}

async function templateEval(): Promise<void> {
  let tp = 0;
  let reported = 0;
  let truth = 0;
  for (let p = 0; p < PAGES; p++) {
    const random = rng(SEED * 1000 + p);
    const page = await symbolPage(SEED * 1000 + p, { perKind: 6, lines: ['Legend: pump, valve, tank, gauge'] });
    const img = await noisy(page.png, random);
    for (const kind of ['valve', 'pump', 'tank', 'gauge']) {
      const copies = page.symbols.filter((s) => s.kind === kind);
      const template = copies[Math.floor(random() * copies.length)]!.bbox;
      const out = await templateMatchOn(img, { ...DEFAULTS, template });
      const used = new Set<number>();
      for (const m of out.matches) {
        const hit = copies.findIndex((c, i) => !used.has(i) && iou(c.bbox, m.bbox) >= 0.5);
        if (hit >= 0) {
          used.add(hit);
          tp++;
        }
      }
      reported += out.matches.length;
      truth += copies.length;
    }
  }
  console.log(
    `template-match: pages ${PAGES}, templates ${PAGES * 4}, copies ${truth}, reported ${reported}: ` +
      `precision ${((100 * tp) / reported).toFixed(2)} %, recall ${((100 * tp) / truth).toFixed(2)} % (goal >= 95 / >= 98)`,
  );
}

const VOCAB = (
  'Pump Valve Tank Gauge inlet outlet pressure flow rate check weekly monthly operator shall record the of and to ' +
  'in is for with on by from P-101 V-7 T-12 4.2 bar 75% 2027 March service report level alarm high low open closed'
).split(' ');

function textPages(seed: number): Buffer {
  const random = rng(seed);
  const pages: { content: string }[] = [];
  for (let p = 0; p < PAGES; p++) {
    let content = '';
    for (let i = 0; i < 34; i++) {
      const words = Array.from({ length: 6 + Math.floor(random() * 5) }, () => VOCAB[Math.floor(random() * VOCAB.length)]!);
      content += textAt(72, 720 - i * 19, 11, words.join(' '));
    }
    pages.push({ content });
  }
  return buildPdf(pages);
}

function lcs(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = [0];
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    prev = cur;
  }
  return prev[b.length]!;
}

async function textEval(): Promise<void> {
  const engine = await createHelperOcr();
  const pdf = textPages(SEED);
  const doc = await openPdf(pdf);
  let right = 0;
  let words = 0;
  let found = 0;
  let inPolygons = 0;
  const random = rng(SEED + 99);
  try {
    for (let p = 1; p <= doc.pageCount; p++) {
      const page = await doc.render(p, 150);
      const layer = doc.text(p, 150);
      const img = await decodeGrey(page.png);
      const regions = layer.lines.map((l): BBox => [l.bbox[0] - 4, l.bbox[1] - 4, l.bbox[2] + 4, l.bbox[3] + 4]);
      const read = await readRegions(engine, img, regions);
      read.forEach((r, i) => {
        const truth = layer.lines[i]!.words.map((w) => w.text);
        right += lcs(r.text.split(' ').filter(Boolean), truth);
        words += truth.length;
      });
      // Three polygons per page over random blocks of lines.
      for (let k = 0; k < 3; k++) {
        const first = Math.floor(random() * (layer.lines.length - 6));
        const block = layer.lines.slice(first, first + 3 + Math.floor(random() * 4));
        const x0 = Math.min(...block.map((l) => l.bbox[0])) - 6;
        const x1 = Math.max(...block.map((l) => l.bbox[2])) + 6;
        const y0 = block[0]!.bbox[1] - 4;
        const y1 = block[block.length - 1]!.bbox[3] + 4;
        // A quadrilateral every other time: the right edge leans in by 30 px at the bottom.
        const lean = k % 2 === 1 ? 30 : 0;
        const polygon = [[x0, y0], [x1, y0], [x1 - lean, y1], [x0, y1]];
        const boxes = await detectInPolygon(engine, img, polygon, 16);
        const inside = (x: number, y: number): boolean => y >= y0 && y <= y1 && x >= x0 && x <= x1 - (lean * (y - y0)) / (y1 - y0);
        for (const l of block) {
          for (const w of l.words) {
            if (!inside(w.bbox[0], w.bbox[1]) || !inside(w.bbox[2], w.bbox[3]) || !inside(w.bbox[2], w.bbox[1])) continue;
            inPolygons++;
            const cx = (w.bbox[0] + w.bbox[2]) / 2;
            const cy = (w.bbox[1] + w.bbox[3]) / 2;
            if (boxes.some((b) => cx >= b[0] && cx <= b[2] && cy >= b[1] && cy <= b[3])) found++;
          }
        }
      }
    }
  } finally {
    doc.close();
    await engine.close();
  }
  console.log(`ocr-regions: ${words} words on ${PAGES} pages at 150 dpi: word accuracy ${((100 * right) / words).toFixed(2)} % (goal >= 98)`);
  console.log(`detect-text-in-region: ${inPolygons} words inside ${PAGES * 3} polygons: recall ${((100 * found) / inPolygons).toFixed(2)} % (goal >= 97)`);
}

async function main(): Promise<void> {
  await templateEval();
  await textEval();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
