// docs6 (issue 15, branch issue-15j-docs): a TRAINING split of new documents, stated the ways real
// condition reports state facts and the older generator (qa-hard-set.ts) does not: the fact before
// the asset's name ("Installed in 1983 by X, Pump TK-412 ..."), parentheses and relative clauses,
// two or three facts a sentence, "It ..." / "Its ..." sentences after the sentence naming the
// asset, key-data lists ("Weight (kg): 4,500", "- Manufacturer: ...") under a heading that may or
// may not name it, units written out or in the label, intervals in weeks, hyphenated durations ("a
// 29-year service life"), headings that do not name the asset, sister units of other plants as
// distractors, and a maintenance table with its own columns in shuffled row order. Written by the
// helper who tunes on it (so it is a training split, not a held-out one) without reading docs5.
// Asset tags have two letters and three digits ("Blower RK-417"), unlike every other split, and the
// stream has its own seed, so the files join the others in one corpus. Asked only when --split
// names docs6.
import { textAt, type PageSpec } from '../test/fixtures/pdf-builder.js';
import type { AnswerType, HardDocument, HardItem } from './qa-hard-set.js';
import { Draw, lcg, MONTHS, thousands } from './qa-hard-draw.js';

const SYL = ['ram', 'sel', 'bo', 'tin', 'gar', 'vel', 'hus', 'ken', 'mo', 'lit', 'drag', 'fen', 'os', 'ber', 'kro', 'nes'];

const KINDS = ['Blower', 'Agitator', 'Pump', 'Dryer', 'Scrubber', 'Feeder', 'Hoist', 'Compressor', 'Boiler', 'Evaporator'];
const FIRST = ['Petra', 'Tomas', 'Linnea', 'Henrik', 'Agnes', 'Viktor', 'Frida', 'Oskar', 'Signe', 'Mikael'];

type Fact = 'year' | 'installer' | 'maker' | 'interval' | 'mass' | 'power' | 'flow' | 'pressure' | 'cost' | 'efficiency' | 'engineer' | 'site' | 'commissioned' | 'life' | 'standby';
const TYPE: Record<Fact, AnswerType> = {
  year: 'year', installer: 'organisation', maker: 'organisation', interval: 'duration', mass: 'quantity', power: 'quantity', flow: 'rate', pressure: 'quantity',
  cost: 'money', efficiency: 'percentage', engineer: 'person', site: 'place', commissioned: 'date', life: 'duration', standby: 'yes/no',
};

/** A drawn value: its number or name, and how a sentence, a list line or a parenthesis states it with the gold answer. */
interface Value {
  raw: string;
  /** Predicate after the asset as subject ("weighs 4,500 kg"), with its gold answer. */
  preds: Array<{ text: string; gold: string }>;
  /** "Its ..." sentence bodies (after "Its"), or whole sentences with "it". */
  its: Array<{ text: string; gold: string }>;
  /** Key-data line ("Weight (kg): 4,500"). */
  list: Array<{ text: string; gold: string }>;
  /** Opening participial phrase ("Installed in 1983"), and parenthesis ("installed 1983"). */
  lead?: { text: string; gold: string };
  paren?: { text: string; gold: string };
}

function drawValue(f: Fact, d: Draw): Value {
  switch (f) {
    case 'year': {
      const y = String(d.int(1975, 2021));
      return { raw: y, preds: [{ text: `was installed in ${y}`, gold: y }, { text: `has been in place since ${y}`, gold: y }], its: [{ text: `It was installed in ${y}.`, gold: y }, { text: `Its installation dates from ${y}.`, gold: y }], list: [{ text: `Year of installation: ${y}`, gold: y }, { text: `Installed: ${y}`, gold: y }], lead: { text: `Installed in ${y}`, gold: y }, paren: { text: `installed ${y}`, gold: y } };
    }
    case 'installer': {
      const o = `${d.word()} ${d.one(['Contracting', 'Montage AB', 'Plant Services', 'Erection Ltd', 'Anlagenbau GmbH'])}`;
      return { raw: o, preds: [{ text: `was installed by ${o}`, gold: o }, { text: `was erected by ${o}`, gold: o }], its: [{ text: `It was put in by ${o}.`, gold: o }, { text: `Its installation was carried out by ${o}.`, gold: o }], list: [{ text: `Installer: ${o}`, gold: o }, { text: `Installation contractor: ${o}`, gold: o }], lead: { text: `Erected by ${o}`, gold: o }, paren: { text: `installed by ${o}`, gold: o } };
    }
    case 'maker': {
      const o = `${d.word()} ${d.one(['Pumps Ltd', 'Maschinenfabrik', 'Industries', 'Process Equipment', 'Works Oy', '& Sons'])}`;
      return { raw: o, preds: [{ text: `was manufactured by ${o}`, gold: o }, { text: `was supplied by ${o}`, gold: o }, { text: `is a unit made by ${o}`, gold: o }], its: [{ text: `It was built by ${o}.`, gold: o }, { text: `Its manufacturer is ${o}.`, gold: o }], list: [{ text: `Manufacturer: ${o}`, gold: o }, { text: `Make: ${o}`, gold: o }], lead: { text: `Supplied by ${o}`, gold: o }, paren: { text: `manufacturer ${o}`, gold: o } };
    }
    case 'interval': {
      const w = d.int(2, 52);
      const m = d.int(3, 36);
      return { raw: `${w} weeks`, preds: [{ text: `is inspected every ${w} weeks`, gold: `${w} weeks` }, { text: `follows a ${w}-week inspection cycle`, gold: String(w) }, { text: `is examined at intervals of ${m} months`, gold: `${m} months` }], its: [{ text: `Its inspection interval is ${w} weeks.`, gold: `${w} weeks` }, { text: `It is inspected on a ${m}-month cycle.`, gold: String(m) }], list: [{ text: `Inspection interval (weeks): ${w}`, gold: String(w) }, { text: `Inspection every: ${m} months`, gold: `${m} months` }], paren: { text: `inspected every ${w} weeks`, gold: `${w} weeks` } };
    }
    case 'mass': {
      const n = thousands(d.int(150, 26000));
      return { raw: n, preds: [{ text: `weighs ${n} kg`, gold: `${n} kg` }, { text: `has an operating weight of ${n} kilograms`, gold: n }, { text: `has a mass of ${n} kg`, gold: `${n} kg` }], its: [{ text: `It weighs ${n} kilograms.`, gold: n }, { text: `Its weight is ${n} kg.`, gold: `${n} kg` }], list: [{ text: `Weight (kg): ${n}`, gold: n }, { text: `Mass: ${n} kg`, gold: `${n} kg` }], paren: { text: `${n} kg`, gold: `${n} kg` } };
    }
    case 'power': {
      const n = String(d.int(3, 950));
      return { raw: n, preds: [{ text: `is driven by a ${n} kW motor`, gold: `${n} kW` }, { text: `has a rated power of ${n} kilowatts`, gold: n }, { text: `draws ${n} kW at full load`, gold: `${n} kW` }], its: [{ text: `Its motor is rated at ${n} kW.`, gold: `${n} kW` }, { text: `It draws ${n} kilowatts at full load.`, gold: n }], list: [{ text: `Rated power (kW): ${n}`, gold: n }, { text: `Motor power: ${n} kW`, gold: `${n} kW` }], paren: { text: `${n} kW`, gold: `${n} kW` } };
    }
    case 'flow': {
      const n = String(d.int(4, 980));
      return { raw: n, preds: [{ text: `delivers ${n} m3/h`, gold: `${n} m3/h` }, { text: `handles ${n} cubic metres per hour`, gold: n }, { text: `has a design flow of ${n} m3/h`, gold: `${n} m3/h` }], its: [{ text: `Its design flow is ${n} m3/h.`, gold: `${n} m3/h` }, { text: `It handles ${n} cubic metres per hour.`, gold: n }], list: [{ text: `Design flow (m3/h): ${n}`, gold: n }, { text: `Capacity: ${n} m3/h`, gold: `${n} m3/h` }], paren: { text: `${n} m3/h`, gold: `${n} m3/h` } };
    }
    case 'pressure': {
      const n = String(d.int(2, 64));
      return { raw: n, preds: [{ text: `is designed for ${n} bar`, gold: `${n} bar` }, { text: `has a design pressure of ${n} bar`, gold: `${n} bar` }], its: [{ text: `Its design pressure is ${n} bar.`, gold: `${n} bar` }, { text: `It is rated for a pressure of ${n} bar.`, gold: `${n} bar` }], list: [{ text: `Design pressure (bar): ${n}`, gold: n }, { text: `Design pressure: ${n} bar`, gold: `${n} bar` }], paren: { text: `design pressure ${n} bar`, gold: `${n} bar` } };
    }
    case 'cost': {
      const n = thousands(d.int(6, 950) * 1000);
      return { raw: n, preds: [{ text: `cost EUR ${n}`, gold: `EUR ${n}` }, { text: `was purchased for ${n} euros`, gold: n }, { text: `was acquired at a price of EUR ${n}`, gold: `EUR ${n}` }], its: [{ text: `Its purchase price was EUR ${n}.`, gold: `EUR ${n}` }, { text: `It was bought for ${n} euros.`, gold: n }], list: [{ text: `Purchase price (EUR): ${n}`, gold: n }, { text: `Price paid: EUR ${n}`, gold: `EUR ${n}` }] };
    }
    case 'efficiency': {
      const n = d.int(52, 97);
      return { raw: String(n), preds: [{ text: `runs at ${n}% efficiency`, gold: `${n}%` }, { text: `achieves an efficiency of ${n} percent`, gold: String(n) }], its: [{ text: `Its efficiency is ${n}%.`, gold: `${n}%` }, { text: `It operates at an efficiency of ${n} percent.`, gold: String(n) }], list: [{ text: `Efficiency (%): ${n}`, gold: String(n) }, { text: `Efficiency: ${n}%`, gold: `${n}%` }], paren: { text: `efficiency ${n}%`, gold: `${n}%` } };
    }
    case 'engineer': {
      const p = `${d.one(FIRST)} ${d.word()}`;
      return { raw: p, preds: [{ text: `is looked after by ${p}`, gold: p }, { text: `falls under the responsibility of ${p}`, gold: p }], its: [{ text: `Its responsible engineer is ${p}.`, gold: p }, { text: `It is maintained under the supervision of ${p}.`, gold: p }], list: [{ text: `Responsible engineer: ${p}`, gold: p }, { text: `Engineer in charge: ${p}`, gold: p }], paren: { text: `engineer: ${p}`, gold: p } };
    }
    case 'site': {
      const s = d.word();
      return { raw: s, preds: [{ text: `is located at the ${s} works`, gold: s }, { text: `stands in ${s}`, gold: s }, { text: `operates at the ${s} site`, gold: s }], its: [{ text: `It is sited at ${s}.`, gold: s }, { text: `Its location is the ${s} plant.`, gold: s }], list: [{ text: `Location: ${s}`, gold: s }, { text: `Site: ${s}`, gold: s }], lead: { text: `Located at the ${s} works`, gold: s }, paren: { text: `${s} site`, gold: s } };
    }
    case 'commissioned': {
      const day = d.int(1, 28);
      const mon = d.one(MONTHS);
      const y = d.int(1981, 2023);
      const v = d.r() < 0.5 ? `${day} ${mon} ${y}` : `${mon} ${day}, ${y}`;
      return { raw: v, preds: [{ text: `was commissioned on ${v}`, gold: v }, { text: `entered service on ${v}`, gold: v }], its: [{ text: `It was commissioned on ${v}.`, gold: v }, { text: `Its commissioning took place on ${v}.`, gold: v }], list: [{ text: `Commissioning date: ${v}`, gold: v }, { text: `Commissioned: ${v}`, gold: v }], lead: { text: `Commissioned on ${v}`, gold: v }, paren: { text: `commissioned ${v}`, gold: v } };
    }
    case 'life': {
      const n = d.int(8, 45);
      return { raw: String(n), preds: [{ text: `is designed for a ${n}-year service life`, gold: String(n) }, { text: `has an expected service life of ${n} years`, gold: `${n} years` }], its: [{ text: `Its expected service life is ${n} years.`, gold: `${n} years` }, { text: `It is planned for a ${n}-year lifetime.`, gold: String(n) }], list: [{ text: `Service life (years): ${n}`, gold: String(n) }, { text: `Design life: ${n} years`, gold: `${n} years` }], paren: { text: `design life ${n} years`, gold: `${n} years` } };
    }
    case 'standby': {
      const yes = d.r() < 0.5;
      const g = yes ? 'Yes' : 'No';
      return { raw: g, preds: [{ text: yes ? 'is backed up by a standby unit' : 'has no standby unit', gold: g }], its: [{ text: yes ? 'It has a standby unit.' : 'It has no standby unit.', gold: g }, { text: yes ? 'A standby unit is kept for it.' : 'No standby unit is kept for it.', gold: g }], list: [{ text: `Standby unit: ${yes ? 'yes' : 'none'}`, gold: g }] };
    }
  }
}

/** Questions in this split's own words, per fact. */
const ASK: Record<Fact, Array<(a: string) => string>> = {
  year: [(a) => `Which year was ${a} installed in?`, (a) => `When did ${a} go in?`, (a) => `Installation year of ${a}?`],
  installer: [(a) => `Which contractor installed ${a}?`, (a) => `Who put ${a} in?`, (a) => `Who erected ${a}?`],
  maker: [(a) => `Who manufactured ${a}?`, (a) => `Which company built ${a}?`, (a) => `Who is the maker of ${a}?`],
  interval: [(a) => `How often is ${a} inspected?`, (a) => `What's the inspection interval for ${a}?`],
  mass: [(a) => `How heavy is ${a}?`, (a) => `What does ${a} weigh?`],
  power: [(a) => `What is the motor power of ${a}?`, (a) => `How many kW does ${a} draw?`],
  flow: [(a) => `What flow does ${a} deliver?`, (a) => `What is the capacity of ${a} in m3/h?`],
  pressure: [(a) => `What is the design pressure of ${a}?`, (a) => `What pressure is ${a} rated for?`],
  cost: [(a) => `How much did ${a} cost?`, (a) => `What was the purchase price of ${a}?`],
  efficiency: [(a) => `How efficient is ${a}?`, (a) => `What efficiency does ${a} run at?`],
  engineer: [(a) => `Who is the responsible engineer for ${a}?`, (a) => `Who looks after ${a}?`],
  site: [(a) => `Where is ${a} located?`, (a) => `At which site is ${a}?`],
  commissioned: [(a) => `When was ${a} commissioned?`, (a) => `On what date did ${a} enter service?`],
  life: [(a) => `What is the service life of ${a}?`, (a) => `How many years is ${a} expected to last?`],
  standby: [(a) => `Does ${a} have a standby unit?`, (a) => `Is there a standby unit for ${a}?`],
};
/** Short noun phrases of each fact for two- and three-part questions. */
const NOUN: Record<Exclude<Fact, 'standby'>, string> = {
  year: 'installation year', installer: 'installer', maker: 'manufacturer', interval: 'inspection interval', mass: 'weight', power: 'motor power', flow: 'design flow',
  pressure: 'design pressure', cost: 'purchase price', efficiency: 'efficiency', engineer: 'responsible engineer', site: 'location', commissioned: 'commissioning date', life: 'service life',
};

const TABLE_COLUMNS = [
  { header: 'Run hours', value: (d: Draw) => thousands(d.int(400, 95000)), ask: (a: string) => `How many run hours does ${a} have?` },
  { header: 'Bearing temp. (C)', value: (d: Draw) => String(d.int(35, 95)), ask: (a: string) => `What bearing temperature was recorded on ${a}?` },
  { header: 'Open work orders', value: (d: Draw) => String(d.int(0, 14)), ask: (a: string) => `How many open work orders are there for ${a}?` },
  { header: 'Condition score', value: (d: Draw) => `${d.int(1, 5)}.${d.int(0, 9)}`, ask: (a: string) => `What condition score did ${a} get?` },
  { header: 'Oil change (h)', value: (d: Draw) => thousands(d.int(500, 8000)), ask: (a: string) => `After how many hours is the oil of ${a} changed?` },
  { header: 'Last overhaul', value: (d: Draw) => String(d.int(2009, 2025)), ask: (a: string) => `In which year was ${a} last overhauled?` },
];

const HEADINGS = ['Mechanical condition', 'Findings', 'Process equipment', 'Rotating machinery', 'Observations on site', 'Equipment description', 'Current state'];
const FILLER = [
  'The survey was carried out during a planned shutdown.',
  'Photographs of the findings are kept in the project archive.',
  'No safety-critical defects were observed during the walk-down.',
  'The recommendations below are ranked by urgency.',
  'Readings were taken with calibrated instruments.',
  'Access routes were clear at the time of the visit.',
];

const TOP = 750;
const BOTTOM = 70;
const GAP = 14;
const WRAP = 92;

/** Lines top to bottom with page breaks; long sentences wrap between words (a value never splits). */
class Layout {
  readonly pages: string[][] = [[]];
  private y = TOP;
  line(text: string, size = 10, x = 72): number {
    if (this.y < BOTTOM) this.newPage();
    this.pages.at(-1)!.push(textAt(x, this.y, size, text));
    this.y -= size > 10 ? GAP + 8 : GAP;
    return this.pages.length;
  }
  /** A sentence wrapped over lines: returns its first page (a sentence never crosses a page). */
  para(text: string): number {
    const words = text.split(' ');
    const lines: string[] = [];
    let cur = '';
    for (const w of words) {
      if (cur && cur.length + w.length + 1 > WRAP) {
        lines.push(cur);
        cur = w;
      } else cur = cur ? `${cur} ${w}` : w;
    }
    if (cur) lines.push(cur);
    if (this.room() < lines.length) this.newPage();
    const page = this.pages.length;
    for (const l of lines) this.line(l);
    return page;
  }
  gap(): void {
    this.y -= 8;
  }
  newPage(): void {
    this.pages.push([]);
    this.y = TOP;
  }
  room(): number {
    return Math.floor((this.y - BOTTOM) / GAP);
  }
  table(caption: string, headers: string[], rows: string[][]): number {
    if (this.room() < rows.length + 4) this.newPage();
    const page = this.line(caption, 11);
    const xs = [72, 200, 300, 400, 490];
    headers.forEach((h, i) => this.pages.at(-1)!.push(textAt(xs[i]!, this.y, 9, h)));
    this.y -= 18;
    for (const r of rows) {
      r.forEach((v, i) => this.pages.at(-1)!.push(textAt(xs[i]!, this.y, 9, v)));
      this.y -= 16;
    }
    this.y -= 10;
    return page;
  }
}

interface AssetFacts {
  name: string;
  values: Map<Fact, { gold: string; page: number }>;
}

/** One asset's section in one of three styles; records each fact's gold answer and page. */
function writeAsset(out: Layout, d: Draw, name: string, facts: Fact[], sister: string): AssetFacts {
  const values = new Map<Fact, { gold: string; page: number }>();
  const v = new Map(facts.map((f) => [f, drawValue(f, d)] as const));
  const style = d.int(0, 2);
  const heading = d.r() < 0.5 ? `${d.int(2, 6)}.${d.int(1, 9)} ${d.one(HEADINGS)}` : name;
  out.gap();
  out.line(heading, 12);
  let rest = d.shuffle(facts);
  const take = (ok: (f: Fact) => boolean): Fact | undefined => {
    const f = rest.find(ok);
    if (f) rest = rest.filter((x) => x !== f);
    return f;
  };
  if (style === 2) {
    // Key data list (the heading names the asset, or a line above the list does).
    if (heading !== name) out.line(`${name} - key data`);
    const bullet = d.r() < 0.5 ? '- ' : '';
    const listed = rest.slice(0, Math.max(3, rest.length - 2));
    for (const f of listed) {
      const l = d.one(v.get(f)!.list);
      values.set(f, { gold: l.gold, page: out.line(`${bullet}${l.text}`) });
    }
    rest = rest.filter((f) => !listed.includes(f));
    for (const f of rest) {
      const s = d.one(v.get(f)!.its);
      const prefix = d.one(['Further, ', 'In addition, ', '']);
      values.set(f, { gold: s.gold, page: out.para(prefix ? `${prefix}${s.text[0]!.toLowerCase()}${s.text.slice(1)}` : s.text) });
    }
  } else {
    // First sentence names the asset: a fact before the name, a parenthesis, or a relative clause.
    const f1 = take((f) => v.get(f)!.lead !== undefined);
    const fp = take((f) => v.get(f)!.paren !== undefined);
    const fm = take(() => true);
    const fr = take(() => true);
    const lead = f1 && style === 0 ? v.get(f1)!.lead! : undefined;
    const paren = fp && d.r() < 0.6 ? v.get(fp)!.paren! : undefined;
    if (f1 && !lead) rest.unshift(f1);
    if (fp && !paren) rest.unshift(fp);
    let subject = paren ? `${name} (${paren.text})` : name;
    const main = fm ? d.one(v.get(fm)!.preds) : { text: 'was surveyed', gold: '' };
    let sentence: string;
    if (fr && d.r() < 0.5) {
      const rel = d.one(v.get(fr)!.preds);
      sentence = `${subject}, which ${rel.text}, ${main.text}.`;
      subject = '';
      const page = out.para(lead ? `${lead.text}, ${sentence}` : sentence);
      values.set(fr, { gold: rel.gold, page });
      if (fm) values.set(fm, { gold: main.gold, page });
    } else {
      if (fr) rest.unshift(fr);
      const second = rest.length > 0 && d.r() < 0.5 ? rest.shift() : undefined;
      const p2 = second ? d.one(v.get(second)!.preds) : undefined;
      sentence = `${subject} ${main.text}${p2 ? ` and ${p2.text}` : ''}.`;
      const page = out.para(lead ? `${lead.text}, ${sentence}` : sentence);
      if (fm) values.set(fm, { gold: main.gold, page });
      if (second && p2) values.set(second, { gold: p2.gold, page });
    }
    const first = values.size > 0 ? [...values.values()][0]!.page : out.pages.length;
    if (lead && f1) values.set(f1, { gold: lead.gold, page: first });
    if (paren && fp) values.set(fp, { gold: paren.gold, page: first });
    // The other facts in "It ..." / "Its ..." sentences, some two to a sentence.
    while (rest.length > 0) {
      const f = rest.shift()!;
      const s = d.one(v.get(f)!.its);
      const g = rest.length > 0 && d.r() < 0.3 ? rest.shift() : undefined;
      if (g) {
        const p = d.one(v.get(g)!.preds);
        const page = out.para(`${s.text.replace(/\.$/, '')}, and it ${p.text}.`);
        values.set(f, { gold: s.gold, page });
        values.set(g, { gold: p.gold, page });
      } else values.set(f, { gold: s.gold, page: out.para(s.text) });
    }
  }
  // A sister unit of another plant, stated after the asset's own facts (never between a name and its "It").
  const sf = d.one(facts.filter((f) => f !== 'standby'));
  const sv = drawValue(sf, d);
  const intro = d.one([`By way of comparison, ${sister} at another plant ${d.one(sv.preds).text}.`, `For reference only: ${sister} ${d.one(sv.preds).text}. That unit is not covered by this report.`]);
  out.para(intro);
  if (d.r() < 0.4) out.para(d.one(FILLER));
  return { name, values };
}

export function generateDocs6Set(count = 12, seed = 0x6d06): { docs: HardDocument[]; items: HardItem[] } {
  const d = new Draw(lcg(seed), SYL);
  const qd = new Draw(lcg(seed ^ 0x5a5a), SYL);
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const tag = (kind: string): string =>
    d.unique(() => `${kind} ${String.fromCharCode(65 + d.int(0, 25))}${String.fromCharCode(65 + d.int(0, 25))}-${d.int(100, 999)}`);
  const all = Object.keys(TYPE) as Fact[];
  for (let doc = 0; doc < count; doc++) {
    const out = new Layout();
    const plant = d.word();
    out.line(`Condition report - ${plant} plant`, 14);
    out.line(`Prepared for the asset owner, ${d.one(MONTHS)} ${d.int(2024, 2026)}.`);
    for (const f of d.shuffle(FILLER).slice(0, 2)) out.line(f);
    const assets: AssetFacts[] = [];
    const n = d.int(4, 6);
    const tableFirst = d.r() < 0.3;
    const cols = d.shuffle(TABLE_COLUMNS).slice(0, 4);
    const names: string[] = [];
    for (let i = 0; i < n; i++) names.push(tag(d.one(KINDS)));
    const tableRows = d.shuffle(names.map((nm) => [nm, ...cols.map((c) => c.value(d))]));
    let tablePage = 0;
    const writeTable = (): void => {
      tablePage = out.table(`Table ${d.int(1, 4)}: Maintenance status`, ['Asset', ...cols.map((c) => c.header)], tableRows);
    };
    if (tableFirst) writeTable();
    const stated: Fact[][] = [];
    for (const nm of names) {
      const facts = d.shuffle(all).slice(0, d.int(5, 8));
      stated.push(facts);
      const sister = `${nm.split(' ')[0]} ${nm.split(' ')[1]!.slice(0, 2)}-${d.int(100, 999)}`;
      assets.push(writeAsset(out, d, nm, facts, sister));
    }
    if (!tableFirst) writeTable();
    docs.push({ name: `${plant} condition report.pdf`, pages: out.pages.map((c): PageSpec => ({ content: c.join('') })) });

    // Questions.
    const ask = (question: string, answers: string[], category: HardItem['category'], type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'docs6', doc, pages });
    assets.forEach((a, i) => {
      const facts = [...a.values.entries()];
      for (const [f, v] of qd.shuffle(facts).slice(0, 4)) ask(qd.one(ASK[f])(a.name), [v.gold], 'paraphrased', TYPE[f], [v.page]);
      const two = qd.shuffle(facts.filter(([f]) => f !== 'standby'));
      if (two.length >= 2) {
        const [[f1, v1], [f2, v2]] = [two[0]!, two[1]!] as [[Exclude<Fact, 'standby'>, { gold: string; page: number }], [Exclude<Fact, 'standby'>, { gold: string; page: number }]];
        const q = qd.one([
          `What is the ${NOUN[f1]} of ${a.name}, and its ${NOUN[f2]}?`,
          `${a.name}: ${NOUN[f1]} and ${NOUN[f2]}?`,
          `${ASK[f1][0]!(a.name).replace(/\?$/, '')}, and what is its ${NOUN[f2]}?`,
        ]);
        ask(q, [v1.gold, v2.gold], 'two-part', 'two-part', [v1.page, v2.page]);
      }
      if (two.length >= 3 && qd.r() < 0.6) {
        const [x, y, z] = [two[0]!, two[1]!, two[2]!] as Array<[Exclude<Fact, 'standby'>, { gold: string; page: number }]>;
        ask(`For ${a.name}, give the ${NOUN[x![0]]}, the ${NOUN[y![0]]} and the ${NOUN[z![0]]}.`, [x![1].gold, y![1].gold, z![1].gold], 'three-part', 'three-part', [x![1].page, y![1].page, z![1].page]);
      }
      const col = qd.int(0, cols.length - 1);
      const row = tableRows.find((r) => r[0] === a.name)!;
      ask(cols[col]!.ask(a.name), [row[col + 1]!], 'table', 'quantity', [tablePage]);
      // Absent: a fact not stated for this asset.
      const missing = all.filter((f) => !stated[i]!.includes(f) && f !== 'standby');
      if (missing.length > 0 && qd.r() < 0.5) ask(qd.one(ASK[qd.one(missing)])(a.name), [], 'absent', 'absent', []);
    });
    ask(qd.one(ASK[qd.one(all)])(`${qd.one(KINDS)} ${String.fromCharCode(65 + qd.int(0, 25))}${String.fromCharCode(65 + qd.int(0, 25))}-${qd.int(1000, 1999)}`), [], 'absent', 'absent', []);
  }
  return { docs, items };
}
