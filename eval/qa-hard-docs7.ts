// docs7 (issue 15, branch issue-15k-qa): a TRAINING split of documents whose facts sit in tables
// laid out the ways real equipment lists lay them out and the other generators do not: columns in
// any order and named with other words or a unit in the header ("Operating hours", "Brg. temp
// (deg C)", "Vibration, mm/s"), the asset's column somewhere other than first (after an "Area" or
// "Line" column), and transposed tables (one column per asset, one row per property). Each report
// also has a short text and a second table of another plant's units (distractors). Questions ask
// the cells in words other than the header's, and properties no column holds (answer: not found).
// Written by the helper who tunes on it, without reading docs5. Tags have two letters and four
// digits ("Chiller KM-2041"), unlike every other split, and the stream has its own seed. Asked only
// when --split names docs7.
import { textAt, type PageSpec } from '../test/fixtures/pdf-builder.js';
import type { HardDocument, HardItem } from './qa-hard-set.js';
import { Draw, lcg, thousands } from './qa-hard-draw.js';

const SYL = ['tor', 'vik', 'sa', 'len', 'dal', 'mar', 'kis', 'ul', 'fors', 'bri', 'ham', 'ne'];

const KINDS = ['Chiller', 'Crusher', 'Centrifuge', 'Kiln', 'Mill', 'Separator', 'Fan', 'Press', 'Extruder', 'Conveyor'];

/** A property a column (or a transposed table's row) holds: header wordings, a value, and questions in other words. */
interface Column {
  key: string;
  headers: string[];
  value: (d: Draw) => string;
  ask: Array<(a: string) => string>;
}

const COLUMNS: Column[] = [
  { key: 'hours', headers: ['Operating hours', 'Hours run', 'Running time (h)', 'Service hours'], value: (d) => thousands(d.int(300, 90000)), ask: [(a) => `How many hours has ${a} run so far?`, (a) => `What is the operating time of ${a} in hours?`, (a) => `How many running hours does ${a} show?`] },
  { key: 'temp', headers: ['Bearing temp. (C)', 'Brg. temp (C)', 'Bearing temp., deg C'], value: (d) => String(d.int(31, 96)), ask: [(a) => `How hot were the bearings of ${a}?`, (a) => `What bearing temperature did ${a} show?`, (a) => `Bearing temperature measured on ${a}?`] },
  { key: 'orders', headers: ['Work orders open', 'Outstanding WOs', 'Open WOs'], value: (d) => String(d.int(0, 19)), ask: [(a) => `How many work orders are still open on ${a}?`, (a) => `How many outstanding work orders does ${a} have?`] },
  { key: 'score', headers: ['Condition index', 'Condition (1-5)', 'Health score'], value: (d) => `${d.int(1, 4)}.${d.int(0, 9)}`, ask: [(a) => `What condition rating was given to ${a}?`, (a) => `How was ${a} rated for condition?`, (a) => `What is the health score of ${a}?`] },
  { key: 'vibration', headers: ['Vibration (mm/s)', 'Vib. velocity, mm/s', 'Vib. level [mm/s]'], value: (d) => `${d.int(0, 11)}.${d.int(0, 9)}`, ask: [(a) => `What vibration level was recorded on ${a}?`, (a) => `How strongly does ${a} vibrate, in mm/s?`] },
  { key: 'overhaul', headers: ['Last overhaul', 'Year of last overhaul', 'Overhauled (year)'], value: (d) => String(d.int(2006, 2025)), ask: [(a) => `When was ${a} last overhauled?`, (a) => `In what year was the latest overhaul of ${a}?`] },
  { key: 'noise', headers: ['Noise (dB(A))', 'Sound level, dB', 'Noise level [dBA]'], value: (d) => String(d.int(62, 104)), ask: [(a) => `How loud is ${a}?`, (a) => `What noise level does ${a} produce?`, (a) => `What sound level was measured at ${a}?`] },
  { key: 'oil', headers: ['Oil change (h)', 'Oil change every (h)', 'Lube interval (h)'], value: (d) => thousands(d.int(500, 9000)), ask: [(a) => `After how many hours does ${a} get fresh oil?`, (a) => `How many operating hours between oil changes on ${a}?`] },
];

const AREAS = ['North hall', 'Boiler house', 'Line 2', 'Line 3', 'East wing', 'Yard', 'Basement', 'Roof deck'];
const FILLER = [
  'Figures were read from the maintenance system on the day of the audit.',
  'Values in brackets give the unit of each column.',
  'Units not listed below are covered by a separate report.',
  'The plant ran at reduced load during the audit week.',
];

const TOP = 750;
const GAP = 16;

/** Layout of a table: the plain one with the asset first, the asset after another column, or transposed. */
type Shape = 'asset-first' | 'asset-later' | 'transposed';

/** One page: a title, text lines, then tables; returns the page content. */
class Page {
  readonly parts: string[] = [];
  y = TOP;
  line(text: string, size = 10): void {
    this.parts.push(textAt(72, this.y, size, text));
    this.y -= size > 10 ? GAP + 8 : GAP;
  }
  table(caption: string, rows: string[][]): void {
    this.y -= 6;
    this.line(caption, 11);
    // Each column as wide as its longest text (about 4.7 pt a character at 9 pt) plus a gutter, so no two cells touch.
    const xs = [72];
    for (let k = 1; k < rows[0]!.length; k++) xs.push(xs[k - 1]! + Math.max(...rows.map((r) => r[k - 1]!.length)) * 4.7 + 18);
    rows.forEach((r, i) => {
      r.forEach((v, k) => this.parts.push(textAt(Math.round(xs[k]!), this.y, 9, v)));
      this.y -= i === 0 ? 18 : 16;
    });
    this.y -= 10;
  }
}

/** The grid of a table: header row first; `cols` are the properties, `assets` the row keys (or column keys, transposed). */
function grid(shape: Shape, assets: string[], cols: Array<{ col: Column; header: string; values: string[] }>, areas: string[], assetHeader: string): string[][] {
  if (shape === 'transposed') return [['Parameter', ...assets], ...cols.map((c) => [c.header, ...c.values])];
  if (shape === 'asset-first') return [[assetHeader, ...cols.map((c) => c.header)], ...assets.map((a, i) => [a, ...cols.map((c) => c.values[i]!)])];
  // The asset after an area column and one property.
  return [
    ['Area', cols[0]!.header, assetHeader, ...cols.slice(1).map((c) => c.header)],
    ...assets.map((a, i) => [areas[i]!, cols[0]!.values[i]!, a, ...cols.slice(1).map((c) => c.values[i]!)]),
  ];
}

export function generateDocs7Set(count = 16, seed = 0x7d07): { docs: HardDocument[]; items: HardItem[] } {
  const d = new Draw(lcg(seed), SYL);
  const qd = new Draw(lcg(seed ^ 0x3c3c), SYL);
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const tag = (kind: string): string =>
    d.unique(() => `${kind} ${String.fromCharCode(65 + d.int(0, 25))}${String.fromCharCode(65 + d.int(0, 25))}-${d.int(1000, 9999)}`);
  const shapes: Shape[] = ['asset-first', 'asset-later', 'transposed'];
  for (let doc = 0; doc < count; doc++) {
    const page = new Page();
    const plant = d.word();
    const shape = shapes[doc % 3]!;
    page.line(`Equipment audit - ${plant} site`, 14);
    for (const f of d.shuffle(FILLER).slice(0, 2)) page.line(f);
    const n = shape === 'transposed' ? 4 : d.int(4, 6);
    // Three or four properties: with an area column the asset needs a place too (5 columns at most).
    const picked = d.shuffle(COLUMNS).slice(0, shape === 'asset-first' ? 4 : 3);
    const assets = Array.from({ length: n }, () => tag(d.one(KINDS)));
    const cols = picked.map((col) => ({ col, header: d.one(col.headers), values: assets.map(() => col.value(d)) }));
    const areas = d.shuffle(AREAS).slice(0, n);
    const assetHeader = d.one(['Equipment', 'Tag', 'Unit', 'Asset']);
    page.line(`The ${n} units below were audited at ${plant} in ${d.int(2024, 2026)}.`);
    page.table(`Table ${d.int(1, 3)}: ${d.one(['Condition data', 'Audit results', 'Equipment status', 'Key figures'])}`, grid(shape, assets, cols, areas, assetHeader));
    // A second table of units at another plant, same kind of columns: distractors for the retriever.
    const others = Array.from({ length: 3 }, () => tag(d.one(KINDS)));
    const otherCols = d.shuffle(COLUMNS).slice(0, 3).map((col) => ({ col, header: d.one(col.headers), values: others.map(() => col.value(d)) }));
    page.line(`For comparison, the ${d.word()} site reports the following for its own units.`);
    page.table(`Table ${d.int(4, 6)}: Reference units`, grid('asset-first', others, otherCols, [], assetHeader));
    docs.push({ name: `${plant} equipment audit.pdf`, pages: [{ content: page.parts.join('') } satisfies PageSpec] });

    const ask = (question: string, answers: string[], category: HardItem['category'], type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'docs7', doc, pages });
    assets.forEach((a, i) => {
      for (const c of qd.shuffle(cols).slice(0, 2)) ask(qd.one(c.col.ask)(a), [c.values[i]!], 'table', 'quantity', [1]);
      // A property no column of this report holds for the asset: not found.
      const held = new Set(cols.map((c) => c.col.key));
      const missing = COLUMNS.filter((c) => !held.has(c.key));
      if (qd.r() < 0.5) ask(qd.one(qd.one(missing).ask)(a), [], 'absent', 'absent', []);
    });
    // A unit of the reference table asked about a property only the audited units have.
    const o = qd.int(0, others.length - 1);
    const onlyOurs = cols.filter((c) => !otherCols.some((x) => x.col.key === c.col.key));
    if (onlyOurs.length) ask(qd.one(qd.one(onlyOurs).col.ask)(others[o]!), [], 'absent', 'absent', []);
  }
  return { docs, items };
}
