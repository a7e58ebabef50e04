// New documents for the hard question-answering set (issue 15, docs5; written 2026-11-28 blind to
// the engine: by someone who read only eval/qa-hard-set.ts's generator and the scorer, never the
// engine, its tuning wordings or its figures). Technical reports about plant assets with the same
// kinds of fact as qa-hard-set.ts, stated the ways real reports state them and the generator's
// own phrasings do not: the fact before the asset name, participial and relative clauses, two
// facts in one sentence, "It ..." sentences after the asset was named, key-data lists with and
// without bullets, units in the label ("Weight (kg): 4,500"), written-out units, hyphenated
// durations ("an 18-month cycle"), intervals in weeks, flows in l/s, two date orders, sentences
// wrapped over two lines, and two new facts (manufacturer, design pressure). Distractor facts
// about sister units of other plants sit in the same sections; each file has a maintenance table
// with its own columns, before or after the asset sections. Questions (single, two- and
// three-part, absent, table) use their own wordings, formal and casual. Asset tags use the
// letters M-Z, which qa-hard-set.ts never uses (A-L), so both sets can share one corpus.
// Gold answers are the value as printed, or just its number where the unit is printed in the
// label, hyphenated or written out (so "4,500 kg" and "4,500 kilograms" both score). Own random
// stream: the other splits' documents and questions are untouched.
import { helveticaWidth, textAt } from '../test/fixtures/pdf-builder.js';
import type { HardCategory, HardDocument, HardItem } from './qa-hard-set.js';
import { Draw, mulberry, thousands } from './qa-hard-draw.js';
import { FACTS5, SPECS, type Fact5, type Form, type Value } from './qa-hard-docs5-facts.js';

const KINDS = ['Pump', 'Boiler', 'Compressor', 'Heat Exchanger', 'Blower', 'Cooling Tower', 'Chiller', 'Dryer', 'Scrubber', 'Evaporator', 'Condenser', 'Fan'];
const SYL = ['hol', 'mvik', 'ebo', 'sand', 'gran', 'fors', 'ek', 'ham', 'rby', 'stro', 'lin', 'ang', 'skog', 'vall', 'bro', 'tun', 'ask', 'myr'];
const ROLES = ['cooling water circuit', 'feed water system', 'raw material handling', 'compressed air supply', 'district heating', 'waste water treatment', 'packaging line', 'main process line'];
const FILLER = [
  'Hot work in this area needs a written permit from the shift manager.',
  'Readings that fall outside the normal band are logged in the operations diary.',
  'The plant is manned on weekdays; at night an on-call technician covers alarms.',
  'Critical spares are listed in appendix C of the maintenance manual.',
  'All lifting gear is certified by an accredited body once a year.',
  'Isolation and lock-out follow the site procedure SP-114.',
  'Cable routes are shown on the single-line diagram of the substation.',
  'Oil samples are sent to an external laboratory for analysis.',
  'Changes to set points require approval by the process owner.',
  'The fire detection system covers every room described in this report.',
];


/** Two facts in one sentence. */
const PAIRS: Array<{ facts: [Fact5, Fact5]; say: (a: string, x: Value, y: Value) => string }> = [
  { facts: ['year', 'installer'], say: (a, y, o) => `Installed in ${y.text} by ${o.text}, ${a} replaced an older unit of the same type.` },
  { facts: ['year', 'installer'], say: (a, y, o) => `${o.text} completed the installation of ${a} in ${y.text}.` },
  { facts: ['year', 'installer'], say: (a, y, o) => `${a} was installed in ${y.text} (contractor: ${o.text}).` },
  { facts: ['mass', 'power'], say: (a, m, w) => `${a} weighs ${m.text} and is driven by a motor rated at ${w.text}.` },
  { facts: ['manufacturer', 'year'], say: (a, m, y) => `Built by ${m.text} and installed in ${y.text}, ${a} is one of the older units on site.` },
  { facts: ['engineer', 'interval'], say: (a, e, i) => `${e.text}, the responsible engineer, has ${a} inspected every ${i.text}.` },
  { facts: ['flow', 'pressure'], say: (a, f, p) => `${a} is designed for ${f.text} at a pressure of ${p.text}.` },
  { facts: ['commissioned', 'location'], say: (a, d, l) => `${a} was commissioned on ${d.text} at the ${l.text} site.` },
  { facts: ['cost', 'life'], say: (a, c, l) => `${a} was purchased for ${c.text} and is expected to last ${l.text}.` },
];

/** Distractor sentences: a fact of a sister unit at another plant; `lower`: the sentence may start lower-case after a lead-in. */
const DISTRACT: Array<(s: string, lower: string) => string> = [
  (s) => `(${s})`,
  (_s, lower) => `By way of comparison, ${lower}`,
  (_s, lower) => `For reference only: ${lower}`,
  (s) => `${s} That unit is not covered by this report.`,
];

/** Multi-part question shapes: the first part as a question, the others as joiners or nouns. */
const TWO: Array<(q1: string, j2: string, a: string, n1: string, n2: string) => string> = [
  (q1, j2) => `${q1}? Also, ${j2}?`,
  (q1, j2) => `${q1} - and ${j2}?`,
  (_q, _j, a, n1, n2) => `For ${a}, give me ${n1} and ${n2}.`,
  (_q, _j, a, n1, n2) => `What are ${n1} and ${n2} of ${a}?`,
  (_q, _j, a, n1, n2) => `${a}: ${n1} and ${n2}?`,
  (_q, _j, a, n1, n2) => `I'd like to know ${n1} of ${a} as well as ${n2}.`,
  (q1, j2) => `Two questions: ${q1.replace(/[?.]$/, '')}, and ${j2}?`,
];
const THREE: Array<(q1: string, j2: string, j3: string, a: string, n: [string, string, string]) => string> = [
  (q1, j2, j3) => `${q1}? Also, ${j2}, and ${j3}?`,
  (_q, _j2, _j3, a, n) => `Please list ${n[0]}, ${n[1]} and ${n[2]} of ${a}.`,
  (_q, _j2, _j3, a, n) => `${a} - ${n[0]}, ${n[1]}, ${n[2]}?`,
];

const TABLE5 = [
  { header: 'Run hours', value: (p: Draw) => thousands(p.int(500, 120000)), ask: [(a: string) => `How many run hours has ${a} logged?`, (a: string) => `run hours ${a}`, (a: string) => `What running time is recorded for ${a} in the maintenance table?`] },
  { header: 'Vib. (mm/s)', value: (p: Draw) => `${p.int(0, 12)}.${p.int(0, 9)}`, ask: [(a: string) => `What vibration was recorded on ${a}?`, (a: string) => `vibration reading for ${a}?`, (a: string) => `How many mm/s of vibration does ${a} show?`] },
  { header: 'Sound dB(A)', value: (p: Draw) => String(p.int(58, 108)), ask: [(a: string) => `What sound level was measured at ${a}?`, (a: string) => `How many dB(A) does ${a} emit?`, (a: string) => `how noisy is ${a}`] },
  { header: 'Oil fill (l)', value: (p: Draw) => String(p.int(2, 900)), ask: [(a: string) => `How many litres of oil does ${a} hold?`, (a: string) => `What is the oil fill of ${a}?`, (a: string) => `oil quantity in ${a}?`] },
  { header: 'Spares held', value: (p: Draw) => String(p.int(0, 48)), ask: [(a: string) => `How many spares are held for ${a}?`, (a: string) => `How many spare parts are in stock for ${a}?`] },
  { header: 'Downtime (h)', value: (p: Draw) => String(p.int(0, 640)), ask: [(a: string) => `How many hours of downtime did ${a} have?`, (a: string) => `What downtime is recorded for ${a}?`, (a: string) => `downtime ${a} in hours`] },
];

interface Asset5 {
  name: string;
  role: string;
  facts: Map<Fact5, Value>;
}

const TOP = 745;
const BOTTOM = 70;
const GAP = 14;
const WIDTH = 462;

/** Lays out lines top to bottom, wrapping long ones, starting a new page when one is full. */
class Layout {
  readonly pages: string[][] = [[]];
  private y = TOP;
  /** Adds a text wrapped at spaces, never inside a `keep` string; returns the page of the line holding each `keep` (the first line's page if none). */
  add(text: string, size = 10, x = 72, keep: string[] = []): number[] {
    let marked = text;
    for (const k of keep) marked = marked.replace(k, k.replace(/ /g, '\u00a0'));
    const lines: string[] = [];
    let cur = '';
    for (const w of marked.split(' ')) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && helveticaWidth(next.replace(/\u00a0/g, ' '), size) > WIDTH - (x - 72)) {
        lines.push(cur);
        cur = w;
      } else cur = next;
    }
    lines.push(cur);
    const pages = keep.map(() => 0);
    let first = 0;
    for (const raw of lines) {
      const line = raw.replace(/\u00a0/g, ' ');
      if (this.y < BOTTOM) this.newPage();
      this.pages.at(-1)!.push(textAt(x, this.y, size, line));
      this.y -= size > 10 ? GAP + 7 : GAP;
      first ||= this.pages.length;
      keep.forEach((k, i) => {
        if (pages[i] === 0 && line.includes(k)) pages[i] = this.pages.length;
      });
    }
    return keep.length ? pages.map((pg) => pg || first) : [first];
  }
  skip(points = 6): void {
    this.y -= points;
  }
  newPage(): void {
    this.pages.push([]);
    this.y = TOP;
  }
  room(): number {
    return Math.floor((this.y - BOTTOM) / GAP);
  }
  table(caption: string, headers: string[], rows: string[][], xs: number[]): number {
    if (this.room() < rows.length + 4) this.newPage();
    const page = this.add(caption, 11)[0]!;
    headers.forEach((h, i) => this.pages.at(-1)!.push(textAt(xs[i]!, this.y, 9, h)));
    this.y -= 17;
    for (const r of rows) {
      r.forEach((v, i) => this.pages.at(-1)!.push(textAt(xs[i]!, this.y, 9, v)));
      this.y -= 15;
    }
    this.y -= 12;
    return page;
  }
}

/** The docs5 documents and their questions (split 'docs5'; `doc` indexes the returned docs). */
export function generateDocs5Set(documents = 14, seed = 0xd0c5 + 15): { docs: HardDocument[]; items: HardItem[] } {
  const p = new Draw(mulberry(seed), SYL);
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const names = new Set<string>();
  const asked = new Set<string>();
  const tagOf = (kind: string): string => `${kind} ${String.fromCharCode(77 + p.int(0, 13))}-${p.int(1, 199)}`;
  /** A tag no asset, sister unit or absent asset of this set has had. */
  const freshTag = (kind: () => string): string => {
    for (;;) {
      const t = tagOf(kind());
      if (!names.has(t)) {
        names.add(t);
        return t;
      }
    }
  };
  for (let d = 0; d < documents; d++) {
    const site = p.word();
    const assets: Asset5[] = [];
    for (let i = 0, n = p.int(4, 7); i < n; i++) {
      const name = freshTag(() => p.one(KINDS));
      const facts = new Map<Fact5, Value>();
      for (const f of p.shuffle(FACTS5).slice(0, p.int(6, 10))) facts.set(f, SPECS[f].value(p));
      assets.push({ name, role: p.one(ROLES), facts });
    }
    const out = new Layout();
    const year = p.int(2019, 2026);
    out.add(p.one([`${site} works - technical condition report ${year}`, `Asset report, ${site} plant (${year} revision)`, `${site}: plant equipment file`]), 15);
    out.add(`This report covers ${assets.length} items of equipment at ${site} and the state of their maintenance as of ${year}.`);
    for (const f of p.shuffle(FILLER).slice(0, 2)) out.add(f);
    out.skip();
    // The maintenance table, with its own columns in its own order, first or last.
    const cols = p.shuffle(TABLE5.map((_, i) => i)).slice(0, 4);
    const values = assets.map(() => cols.map((c) => TABLE5[c]!.value(p)));
    const rowOrder = p.shuffle(assets.map((_, i) => i));
    const xs = [72, 200, 300, 400, 490];
    const tableFirst = p.chance(0.4);
    const tableCaption = p.one([`Table ${d + 1}. Maintenance record, ${site}`, `Maintenance summary for the ${site} plant`, `Condition data (${site}, ${year})`]);
    const drawTable = (): number => out.table(tableCaption, ['Tag', ...cols.map((c) => TABLE5[c]!.header)], rowOrder.map((i) => [assets[i]!.name, ...values[i]!]), xs);
    let tablePage = tableFirst ? drawTable() : 0;
    const where = new Map<string, { page: number; gold: string }>();
    const headingStyle = p.int(0, 2);
    assets.forEach((a, ai) => {
      if (out.room() < 12 || p.chance(0.25)) out.newPage();
      else out.skip(8);
      if (headingStyle === 0) out.add(`${ai + 2}. ${a.name}`, 12);
      else if (headingStyle === 1) out.add(`${a.name} - ${a.role}`, 12);
      else out.add(`${ai + 2}.${p.int(1, 4)} Equipment in the ${a.role}`, 12);
      const left = new Map(a.facts);
      const paragraphs: Array<() => void> = [];
      // Key data list: two to four facts as label lines.
      if (p.chance(0.45)) {
        const listed = p.shuffle([...left.keys()]).slice(0, p.int(2, 4));
        const bullet = p.one(['- ', '* ', '']);
        const heading = p.one([`Key data for ${a.name}:`, `${a.name} - key data`, `Main data of ${a.name}`]);
        const lines: Array<{ f: Fact5; text: string; gold: string }> = [];
        for (const f of listed) {
          const v = left.get(f)!;
          const label = p.shuffle(SPECS[f].labels).map((l) => ({ l, text: l.line(v) })).find((x) => x.text !== null)!;
          lines.push({ f, text: `${bullet}${label.text!}`, gold: label.l.core ? v.core : v.gold });
          left.delete(f);
        }
        paragraphs.push(() => {
          out.add(heading);
          for (const l of lines) where.set(`${a.name}|${l.f}`, { page: out.add(l.text, 10, 84, [l.text.slice(bullet.length)])[0]!, gold: l.gold });
        });
      }
      // Two facts in one sentence.
      const pairs = PAIRS.filter((x) => x.facts.every((f) => left.has(f)));
      if (pairs.length && p.chance(0.6)) {
        const pair = p.one(pairs);
        const [f1, f2] = pair.facts;
        const [v1, v2] = [left.get(f1)!, left.get(f2)!];
        const text = pair.say(a.name, v1, v2);
        left.delete(f1);
        left.delete(f2);
        paragraphs.push(() => {
          const [page1, page2] = out.add(text, 10, 72, [v1.text, v2.text]);
          where.set(`${a.name}|${f1}`, { page: page1!, gold: v1.gold });
          where.set(`${a.name}|${f2}`, { page: page2!, gold: v2.gold });
        });
      }
      // The rest in sentences, some of them "It ..." sentences right after one naming the asset.
      const rest = p.shuffle([...left.keys()]);
      for (let i = 0; i < rest.length; ) {
        const f = rest[i]!;
        const v = left.get(f)!;
        const form = p.one(SPECS[f].forms);
        const group: Array<{ f: Fact5; v: Value; form: Form; text: string }> = [{ f, v, form, text: form.say(a.name, v) }];
        i++;
        if (i < rest.length && p.chance(0.35) && form.say(a.name, v).startsWith(a.name)) {
          const g = rest[i]!;
          const it = p.one(SPECS[g].it);
          group.push({ f: g, v: left.get(g)!, form: it, text: it.say(a.name, left.get(g)!) });
          i++;
        }
        paragraphs.push(() => {
          for (const s of group) {
            const shown = s.form.core ? s.v.core : s.v.text;
            where.set(`${a.name}|${s.f}`, { page: out.add(s.text, 10, 72, [shown])[0]!, gold: s.form.core ? s.v.core : s.v.gold });
          }
        });
      }
      // Distractors: a sister unit of another plant, the same kind of fact.
      for (let k = 0, n = p.int(1, 3); k < n; k++) {
        const kind = a.name.slice(0, a.name.lastIndexOf(' '));
        const other = freshTag(() => kind);
        const f = p.one(FACTS5);
        const v = SPECS[f].value(p);
        const who = p.one([`${other} at the ${p.word()} plant`, `${other} of the ${p.word()} works`, `the sister unit ${other} (${p.word()})`]);
        const said = p.one(SPECS[f].forms).say(who, v);
        // A sentence opening with a name (the unit's, a person's or a firm's) keeps its capital after a lead-in.
        const lower = said.startsWith(other) || (SPECS[f].type !== 'yes/no' && said.startsWith(v.text)) ? said : said[0]!.toLowerCase() + said.slice(1);
        const sentence = p.one(DISTRACT)(said[0]!.toUpperCase() + said.slice(1), lower);
        paragraphs.splice(p.int(0, paragraphs.length), 0, () => void out.add(sentence));
      }
      for (const para of paragraphs) {
        if (p.chance(0.25)) out.add(p.one(FILLER));
        para();
      }
    });
    if (!tableFirst) {
      out.skip(10);
      tablePage = drawTable();
    }
    out.add(p.one(['Open items are tracked in the maintenance system.', 'End of report.', 'Next revision of this report is due in twelve months.']));
    while (out.pages.length < 3) {
      out.newPage();
      for (const f of FILLER.slice(3, 8)) out.add(f);
    }
    if (out.pages.length > 10) throw new Error(`docs5 document ${d} has ${out.pages.length} pages`);
    docs.push({ name: `${site} condition report.pdf`, pages: out.pages.map((c) => ({ content: c.join('') })) });

    // Questions.
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]): void => {
      if (asked.has(question)) return;
      asked.add(question);
      items.push({ question, answers, category, type, split: 'docs5', doc: d, pages });
    };
    for (const a of assets) {
      const at = (f: Fact5) => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts.keys()];
      for (const f of p.shuffle(facts).slice(0, 3)) ask(p.one(SPECS[f].ask)(a.name), [at(f).gold], 'paraphrased', SPECS[f].type, [at(f).page]);
      const [one, two, three] = p.shuffle(facts.filter((f) => f !== 'standby'));
      if (one && two && p.chance(0.7)) {
        const q1 = p.one(SPECS[one].ask)(a.name).replace(/[?.]$/, '');
        ask(p.one(TWO)(q1, p.one(SPECS[two].join), a.name, p.one(SPECS[one].noun), p.one(SPECS[two].noun)), [at(one).gold, at(two).gold], 'two-part', 'two-part', [at(one).page, at(two).page]);
        if (three && p.chance(0.3)) {
          const n: [string, string, string] = [p.one(SPECS[one].noun), p.one(SPECS[two].noun), p.one(SPECS[three].noun)];
          ask(p.one(THREE)(q1, p.one(SPECS[two].join), p.one(SPECS[three].join), a.name, n), [at(one).gold, at(two).gold, at(three).gold], 'three-part', 'three-part', [at(one).page, at(two).page, at(three).page]);
        }
      }
      const missing = FACTS5.filter((f) => !a.facts.has(f));
      if (missing.length && p.chance(0.5)) ask(p.one(SPECS[p.one(missing)].ask)(a.name), [], 'absent', 'absent', []);
    }
    for (let k = 0; k < 3; k++) {
      const i = p.int(0, assets.length - 1);
      const c = p.int(0, cols.length - 1);
      ask(p.one(TABLE5[cols[c]!]!.ask)(assets[i]!.name), [values[i]![c]!], 'table', 'quantity', [tablePage]);
    }
    // Absent: a tag no file of this set names.
    const ghost = freshTag(() => p.one(KINDS));
    ask(p.one(SPECS[p.one(FACTS5)].ask)(ghost), [], 'absent', 'absent', []);
  }
  return { docs, items };
}
