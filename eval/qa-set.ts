// A generated question-answering set: fictional companies whose reports state known facts in
// running text, a table and a bar chart, spread over four pages, plus questions whose answer no
// document contains. Deterministic for a seed. Shared by eval/qa.ts and bench/qa.ts.
import { buildPdf, helveticaWidth, rect, textAt, type PageSpec } from '../test/fixtures/pdf-builder.js';

export type Category = 'text' | 'table' | 'chart' | 'unanswerable';

export interface QaItem {
  question: string;
  /** null: the documents do not contain the answer. */
  answer: string | null;
  category: Category;
  /** Index of the document and page holding the answer. */
  doc: number | null;
  page: number | null;
}

/** A text run as drawn: PDF points, baseline at y. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
}

export interface QaDocument {
  name: string;
  pages: PageSpec[];
  /** Every text run of each page as drawn (for benches that skip the pipeline). */
  placed: PlacedText[][];
}

/** A run's box in page-image pixels at `dpi` (US Letter), as the text layer would give it. */
export function placedBox(t: PlacedText, dpi = 150): [number, number, number, number] {
  const k = dpi / 72;
  return [t.x * k, (792 - t.y - t.size) * k, (t.x + helveticaWidth(t.text, t.size)) * k, (792 - t.y + t.size * 0.25) * k];
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const SYL = ['var', 'nok', 'tel', 'usa', 'bri', 'dan', 'kor', 'mel', 'zan', 'tor', 'quin', 'lo', 'fen', 'rak', 'sil', 'mar', 'vek', 'os', 'tral', 'ben', 'dor', 'ix', 'pal', 'gre'];
const SECTORS = ['Mining', 'Foods', 'Textiles', 'Logistics', 'Robotics', 'Optics', 'Ceramics', 'Shipping'];
const FIRST = ['Mara', 'Ivo', 'Lena', 'Tomas', 'Greta', 'Anselm', 'Rhea', 'Oskar', 'Nadia', 'Bruno', 'Edda', 'Pavel'];
const FILLER = 'the of and to in is that for it as with was on be by this are from at or an which during year work teams new plans local'.split(' ');

class Names {
  private readonly used = new Set<string>();
  constructor(private readonly r: () => number) {}
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)]!;
  }
  word(): string {
    for (;;) {
      const n = 2 + Math.floor(this.r() * 2);
      let w = '';
      for (let i = 0; i < n; i++) w += this.pick(SYL);
      w = w[0]!.toUpperCase() + w.slice(1);
      if (w.length >= 5 && w.length <= 11 && !this.used.has(w)) {
        this.used.add(w);
        return w;
      }
    }
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
}

/** A page of text lines (10 pt, 16 pt apart) with filler prose around the given sentences. */
function textLines(n: Names, facts: string[], fillers: number): string[] {
  const lines: string[] = [];
  const filler = (): string => {
    let s = '';
    while (helveticaWidth(s, 10) < 400) s += `${n.pick(FILLER)} `;
    return `${s.trim()}.`.replace(/^./, (c) => c.toUpperCase());
  };
  for (const f of facts) {
    for (let i = 0; i < fillers; i++) lines.push(filler());
    lines.push(f);
  }
  lines.push(filler());
  return lines;
}

let placing: PlacedText[] = [];
/** textAt that also records the run. */
function put(x: number, y: number, size: number, text: string): string {
  placing.push({ text, x, y, size });
  return textAt(x, y, size, text);
}
const draw = (lines: string[], top = 740): string => lines.map((l, i) => put(72, top - i * 16, 10, l)).join('');

export function generateQaSet(documents: number, seed = 7): { docs: QaDocument[]; items: QaItem[] } {
  const n = new Names(rng(seed));
  const docs: QaDocument[] = [];
  const items: QaItem[] = [];
  const companies: string[] = [];
  for (let d = 0; d < documents; d++) {
    const co = `${n.word()} ${n.pick(SECTORS)}`;
    companies.push(co);
    const year = n.int(1890, 2010);
    const city = n.word();
    const people = n.int(40, 9000);
    const ceo = `${n.pick(FIRST)} ${n.word()}`;
    const product = n.word();
    const revYear = n.int(2015, 2024);
    const revenue = n.int(11, 950);
    const text: Array<{ page: number; sentence: string; q: string; a: string }> = [
      { page: 1, sentence: `${co} was founded in ${year}.`, q: `In which year was ${co} founded?`, a: String(year) },
      { page: 1, sentence: `The headquarters of ${co} are in ${city}.`, q: `Where are the headquarters of ${co}?`, a: city },
      { page: 2, sentence: `${co} employs ${people} people.`, q: `How many people does ${co} employ?`, a: String(people) },
      { page: 2, sentence: `The chief executive of ${co} is ${ceo}.`, q: `Who is the chief executive of ${co}?`, a: ceo },
      { page: 3, sentence: `The main product of ${co} is the ${product} line.`, q: `What is the main product of ${co}?`, a: `${product} line` },
      { page: 3, sentence: `Revenue of ${co} in ${revYear} reached ${revenue} million euros.`, q: `What revenue did ${co} reach in ${revYear}?`, a: `${revenue} million euros` },
    ];
    const pageText = (p: number): string[] => textLines(n, text.filter((t) => t.page === p).map((t) => t.sentence), 3);
    for (const t of text) items.push({ question: t.q, answer: t.a, category: 'text', doc: d, page: t.page });

    // Page 2: a table of quarterly output per site, under its caption.
    const sites = [n.word(), n.word(), n.word()].map((w, i) => `${w} ${['Pit', 'Works', 'Yard'][i]!}`);
    const quarters = ['Q1', 'Q2', 'Q3', 'Q4'];
    const p2 = pageText(2);
    placing = [];
    let c2 = draw([`Annual report of ${co}`, ...p2]);
    const tableTop = 740 - (p2.length + 2) * 16;
    const caption = `Table ${d + 1}: Output of ${co} sites (units)`;
    c2 += put(72, tableTop, 11, caption);
    ['Site', ...quarters].forEach((h, i) => (c2 += put(72 + i * 90, tableTop - 20, 10, h)));
    sites.forEach((site, j) => {
      const values = quarters.map(() => n.int(10, 999));
      [site, ...values].forEach((v, i) => (c2 += put(72 + i * 90, tableTop - 38 - j * 18, 10, String(v))));
      const qi = n.int(0, 3);
      items.push({ question: `What was the ${quarters[qi]!} output of ${site}?`, answer: String(values[qi]), category: 'table', doc: d, page: 2 });
    });

    // Page 3: a bar chart of staff by region, value labels above the bars, region labels below.
    const placed2 = placing;
    const p3 = pageText(3);
    placing = [];
    let c3 = draw(p3);
    const chartCaption = `Figure ${d + 1}: Staff of ${co} by region`;
    const chartTop = 740 - (p3.length + 2) * 16;
    c3 += put(72, chartTop, 11, chartCaption);
    const regions = [n.word(), n.word(), n.word()];
    const staff = regions.map(() => n.int(5, 120));
    const base = 120;
    regions.forEach((region, i) => {
      const x = 100 + i * 110;
      const h = staff[i]! * 2;
      c3 += rect(x, base, 50, h);
      c3 += put(x + 10, base + h + 4, 9, String(staff[i]));
      c3 += put(x, base - 12, 9, region);
      items.push({ question: `How many staff does ${co} have in region ${region}?`, answer: String(staff[i]), category: 'chart', doc: d, page: 3 });
    });

    const placed3 = placing;
    placing = [];
    const c1 = draw([`Annual report of ${co}`, ...pageText(1)]);
    const placed1 = placing;
    placing = [];
    const c4 = draw(textLines(n, [`The ${n.word()} programme continued without change.`], 6));
    docs.push({
      name: `${co} annual report.pdf`,
      pages: [{ content: c1 }, { content: c2 }, { content: c3 }, { content: c4 }],
      placed: [placed1, placed2, placed3, placing],
    });
  }

  // Questions no document answers: unknown companies, unknown sites and regions, and facts the
  // reports never state about known companies.
  const unknownCo = (): string => `${n.word()} ${n.pick(SECTORS)}`;
  const templates = [
    (co: string) => `In which year was ${co} founded?`,
    (co: string) => `Where are the headquarters of ${co}?`,
    (co: string) => `How many people does ${co} employ?`,
    (co: string) => `Who is the chief executive of ${co}?`,
  ];
  for (let i = 0; i < 40; i++) items.push({ question: templates[i % 4]!(unknownCo()), answer: null, category: 'unanswerable', doc: null, page: null });
  const missing = [
    (co: string) => `What is the stock ticker of ${co}?`,
    (co: string) => `How many patents does ${co} hold?`,
    (co: string) => `Who audits the accounts of ${co}?`,
    (co: string) => `What was the net profit of ${co} in 2019?`,
  ];
  for (let i = 0; i < 40; i++) items.push({ question: missing[i % 4]!(companies[i % companies.length]!), answer: null, category: 'unanswerable', doc: null, page: null });
  for (let i = 0; i < 10; i++) items.push({ question: `What was the Q${(i % 4) + 1} output of ${n.word()} Pit?`, answer: null, category: 'unanswerable', doc: null, page: null });
  for (let i = 0; i < 10; i++) {
    items.push({ question: `How many staff does ${companies[i % companies.length]!} have in region ${n.word()}?`, answer: null, category: 'unanswerable', doc: null, page: null });
  }
  return { docs, items };
}

export const pdfOf = (doc: QaDocument): Buffer => buildPdf(doc.pages);
