// A harder question-answering set (issue 15): technical files about plant assets (pumps, boilers,
// compressors...) of 3-10 pages, each asset with a random subset of typed facts (year, date,
// interval, quantity, rate, money, percentage, person, organisation, place, yes/no) written in one
// of several document phrasings, distractor facts about similar assets of other sites on the same
// pages, and a maintenance table. Questions: verbatim (worded like the document), paraphrased (the
// way people ask), two-part, table cells and absent facts. Documents split into train (2 of 3) and
// held-out (every 3rd); held-out paraphrases and two-part joiners come from their own template
// lists, written before any tuning and never used to tune. Deterministic for a seed.
import { buildPdf, textAt, type PageSpec } from '../test/fixtures/pdf-builder.js';
import { TRAIN2 } from './qa-hard-train2.js';
import { TRAIN3 } from './qa-hard-train3.js';
import { JOIN_SHAPES, PAIRED, THREE_PART_SHAPES, TRAIN4, TRAIN4B, TWO_PART_SHAPES } from './qa-hard-train4.js';
import { HELD3 } from './qa-hard-held3.js';
import { HELD4, HELD4_TABLE, HELD4_THREE, HELD4_TWO } from './qa-hard-held4.js';
import { TRAIN5, TRAIN5B } from './qa-hard-train5.js';
import { TRAIN6, TRAIN6_CHECKS, TRAIN6_NEGATED, TRAIN6_UNSTATED, type Train6FactName } from './qa-hard-train6.js';
import { TRAIN7, TRAIN7_BARE, TRAIN7_MANY, TRAIN7_TWO, type Train7FactName } from './qa-hard-train7.js';
import { TRAIN8, TRAIN8_NEIGHBOURS, TRAIN8_TWO, type Train8FactName } from './qa-hard-train8.js';

export type HardCategory = 'verbatim' | 'paraphrased' | 'two-part' | 'three-part' | 'table' | 'absent';
export type AnswerType = 'year' | 'date' | 'duration' | 'quantity' | 'rate' | 'money' | 'percentage' | 'person' | 'organisation' | 'place' | 'yes/no';

export interface HardItem {
  question: string;
  /** Gold answers (two for a two-part question, three for three-part); empty: absent from the documents. */
  answers: string[];
  category: HardCategory;
  type: AnswerType | 'two-part' | 'three-part' | 'absent';
  split: 'train' | 'held-out' | 'held2' | 'held3' | 'held4' | 'docs5' | 'docs6' | 'train2' | 'train3' | 'train4' | 'train4b' | 'train5' | 'train5b' | 'train6' | 'train7' | 'docs7' | 'train8' | 'docs8';
  doc: number;
  /** Page (1-based) of each answer. */
  pages: number[];
}

export interface HardDocument {
  name: string;
  pages: PageSpec[];
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const KINDS = ['Pump', 'Boiler', 'Compressor', 'Chiller', 'Fan', 'Transformer', 'Conveyor', 'Crane', 'Generator', 'Mixer', 'Turbine', 'Separator'];
const SYL = ['nor', 'vik', 'stad', 'berg', 'lund', 'hav', 'ost', 'mar', 'kel', 'dal', 'rud', 'tor', 'fal', 'sun', 'brek', 'hol', 'vas', 'ling'];
const FIRST = ['Greta', 'Anders', 'Maja', 'Johan', 'Elin', 'Karl', 'Sofia', 'Nils', 'Ingrid', 'Lars', 'Astrid', 'Erik', 'Hanna', 'Olof'];
const ORG_SUFFIX = ['Mechanical', 'Engineering', 'Installations', 'Industrial Services', 'Technik', 'Montage'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const FILLER = [
  'All work on the site follows the general safety instructions.',
  'Operators record readings at the start of each shift.',
  'The control room monitors alarms around the clock.',
  'Spare parts are kept in the central store.',
  'Drawings are filed in the document archive of the site.',
  'Lubrication follows the schedule of the manufacturer.',
  'Any leak must be reported to the shift supervisor.',
  'Access to the plant room requires a permit.',
  'The electrical supply is protected by residual current devices.',
  'Noise protection is required in the machine hall.',
];

class Pick {
  private readonly used = new Set<string>();
  constructor(readonly r: () => number) {}
  one<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)]!;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  unique(make: () => string): string {
    for (;;) {
      const v = make();
      if (!this.used.has(v)) {
        this.used.add(v);
        return v;
      }
    }
  }
  word(): string {
    return this.unique(() => {
      let w = '';
      for (let i = 0, n = this.int(2, 3); i < n; i++) w += this.one(SYL);
      return w[0]!.toUpperCase() + w.slice(1);
    });
  }
  shuffle<T>(xs: T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.r() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

type FactName = 'year' | 'installer' | 'interval' | 'mass' | 'power' | 'flow' | 'cost' | 'efficiency' | 'engineer' | 'location' | 'commissioned' | 'life' | 'standby';

interface FactSpec {
  type: AnswerType;
  value: (p: Pick) => string;
  /** Document phrasings, each with the question worded like it. */
  forms: Array<{ doc: (a: string, v: string) => string; ask: (a: string) => string }>;
  /** Paraphrases used on train documents. */
  train: Array<(a: string) => string>;
  /** Paraphrases used only on held-out documents (never tuned on). */
  heldOut: Array<(a: string) => string>;
  /** Second half of a two-part question ("... and in which year?"), train and held-out. */
  joinTrain: string[];
  joinHeldOut: string[];
}

const FACTS: Record<FactName, FactSpec> = {
  year: {
    type: 'year',
    value: (p) => String(p.int(1978, 2022)),
    forms: [
      { doc: (a, v) => `${a} was installed in ${v}.`, ask: (a) => `In which year was ${a} installed?` },
      { doc: (a, v) => `Installation of ${a} was completed in ${v}.`, ask: (a) => `In which year was installation of ${a} completed?` },
    ],
    train: [(a) => `In what year was ${a} put in?`, (a) => `When was ${a} installed?`, (a) => `What year did ${a} go in?`],
    heldOut: [(a) => `What year was ${a} set up?`, (a) => `Since which year has ${a} been in place?`, (a) => `When did they fit ${a}?`],
    joinTrain: ['in which year', 'when was that'],
    joinHeldOut: ['what year was it'],
  },
  installer: {
    type: 'organisation',
    value: (p) => `${p.word()} ${p.one(ORG_SUFFIX)}`,
    forms: [
      { doc: (a, v) => `${a} was installed by ${v}.`, ask: (a) => `Who installed ${a}?` },
      { doc: (a, v) => `The installation contractor for ${a} was ${v}.`, ask: (a) => `Who was the installation contractor for ${a}?` },
    ],
    train: [(a) => `Which company put in ${a}?`, (a) => `Which firm did the installation of ${a}?`, (a) => `Who did the installation of ${a}?`],
    heldOut: [(a) => `Which contractor fitted ${a}?`, (a) => `Who was hired to mount ${a}?`],
    joinTrain: ['who installed it'],
    joinHeldOut: ['which contractor fitted it'],
  },
  interval: {
    type: 'duration',
    value: (p) => `${p.int(2, 72)} months`,
    forms: [
      { doc: (a, v) => `The inspection interval of ${a} is ${v}.`, ask: (a) => `What is the inspection interval of ${a}?` },
      { doc: (a, v) => `${a} must be inspected every ${v}.`, ask: (a) => `How often must ${a} be inspected?` },
    ],
    train: [(a) => `How often does ${a} have to be inspected?`, (a) => `How frequently is ${a} inspected?`, (a) => `What is the inspection frequency for ${a}?`],
    heldOut: [(a) => `At what intervals is ${a} examined?`, (a) => `How much time may pass between two inspections of ${a}?`],
    joinTrain: ['how often is it inspected'],
    joinHeldOut: ['at what intervals is it examined'],
  },
  mass: {
    type: 'quantity',
    value: (p) => `${thousands(p.int(120, 24000))} kg`,
    forms: [
      { doc: (a, v) => `${a} weighs ${v}.`, ask: (a) => `How much does ${a} weigh?` },
      { doc: (a, v) => `The mass of ${a} is ${v}.`, ask: (a) => `What is the mass of ${a}?` },
    ],
    train: [(a) => `What is the weight of ${a}?`, (a) => `How heavy is ${a}?`, (a) => `What mass does ${a} have?`],
    heldOut: [(a) => `How many kilograms is ${a}?`, (a) => `What does ${a} weigh in total?`],
    joinTrain: ['how heavy is it'],
    joinHeldOut: ['how many kilograms is it'],
  },
  power: {
    type: 'quantity',
    value: (p) => `${p.int(2, 900)} kW`,
    forms: [
      { doc: (a, v) => `The rated power of ${a} is ${v}.`, ask: (a) => `What is the rated power of ${a}?` },
      { doc: (a, v) => `${a} draws ${v} at full load.`, ask: (a) => `How much does ${a} draw at full load?` },
    ],
    train: [(a) => `How much power does ${a} use?`, (a) => `What is the power rating of ${a}?`],
    heldOut: [(a) => `How many kilowatts does ${a} need?`, (a) => `What is the electrical load of ${a}?`],
    joinTrain: ['what is its power rating'],
    joinHeldOut: ['how many kilowatts does it need'],
  },
  flow: {
    type: 'rate',
    value: (p) => `${p.int(3, 950)} m3/h`,
    forms: [
      { doc: (a, v) => `The rated flow of ${a} is ${v}.`, ask: (a) => `What is the rated flow of ${a}?` },
      { doc: (a, v) => `${a} moves ${v} at its design point.`, ask: (a) => `How much does ${a} move at its design point?` },
    ],
    train: [(a) => `What flow rate does ${a} achieve?`, (a) => `How many cubic metres per hour can ${a} move?`],
    heldOut: [(a) => `What throughput is ${a} rated for?`, (a) => `What volume per hour does ${a} handle?`],
    joinTrain: ['what flow rate does it achieve'],
    joinHeldOut: ['what throughput is it rated for'],
  },
  cost: {
    type: 'money',
    value: (p) => `EUR ${thousands(p.int(4, 900) * 1000)}`,
    forms: [
      { doc: (a, v) => `The purchase price of ${a} was ${v}.`, ask: (a) => `What was the purchase price of ${a}?` },
      { doc: (a, v) => `${a} was bought for ${v}.`, ask: (a) => `For how much was ${a} bought?` },
    ],
    train: [(a) => `How much did ${a} cost?`, (a) => `What did ${a} cost to buy?`, (a) => `How much was paid for ${a}?`],
    heldOut: [(a) => `What was the price of ${a}?`, (a) => `How much money was spent acquiring ${a}?`],
    joinTrain: ['how much did it cost'],
    joinHeldOut: ['what was its price'],
  },
  efficiency: {
    type: 'percentage',
    value: (p) => `${p.int(55, 98)}%`,
    forms: [
      { doc: (a, v) => `The efficiency of ${a} is ${v}.`, ask: (a) => `What is the efficiency of ${a}?` },
      { doc: (a, v) => `${a} reaches an efficiency of ${v} in normal operation.`, ask: (a) => `What efficiency does ${a} reach in normal operation?` },
    ],
    train: [(a) => `How efficient is ${a}?`, (a) => `What percentage efficiency does ${a} have?`],
    heldOut: [(a) => `At what efficiency does ${a} operate?`, (a) => `How efficiently does ${a} run?`],
    joinTrain: ['how efficient is it'],
    joinHeldOut: ['at what efficiency does it operate'],
  },
  engineer: {
    type: 'person',
    value: (p) => `${p.one(FIRST)} ${p.word()}`,
    forms: [
      { doc: (a, v) => `The engineer responsible for ${a} is ${v}.`, ask: (a) => `Who is the engineer responsible for ${a}?` },
      { doc: (a, v) => `${v} is in charge of ${a}.`, ask: (a) => `Who is in charge of ${a}?` },
    ],
    train: [(a) => `Which engineer is responsible for ${a}?`, (a) => `Who looks after ${a}?`, (a) => `Who is responsible for ${a}?`],
    heldOut: [(a) => `Who is accountable for ${a}?`, (a) => `Which person oversees ${a}?`],
    joinTrain: ['who is responsible for it'],
    joinHeldOut: ['who oversees it'],
  },
  location: {
    type: 'place',
    value: (p) => p.word(),
    forms: [
      { doc: (a, v) => `${a} is located in ${v}.`, ask: (a) => `Where is ${a} located?` },
      { doc: (a, v) => `${a} stands at the ${v} site.`, ask: (a) => `At which site does ${a} stand?` },
    ],
    train: [(a) => `Where can ${a} be found?`, (a) => `In which town is ${a}?`, (a) => `Where is ${a}?`],
    heldOut: [(a) => `Where is ${a} situated?`, (a) => `What is the location of ${a}?`],
    joinTrain: ['where is it'],
    joinHeldOut: ['where is it situated'],
  },
  commissioned: {
    type: 'date',
    value: (p) => `${p.int(1, 28)} ${p.one(MONTHS)} ${p.int(1980, 2023)}`,
    forms: [
      { doc: (a, v) => `${a} was commissioned on ${v}.`, ask: (a) => `When was ${a} commissioned?` },
      { doc: (a, v) => `The commissioning date of ${a} was ${v}.`, ask: (a) => `What was the commissioning date of ${a}?` },
    ],
    train: [(a) => `On what date was ${a} commissioned?`, (a) => `When did ${a} enter service?`, (a) => `What day was ${a} commissioned?`],
    heldOut: [(a) => `On which day did ${a} start operating?`, (a) => `When was ${a} first put into operation?`],
    joinTrain: ['when was it commissioned'],
    joinHeldOut: ['on which day did it start operating'],
  },
  life: {
    type: 'duration',
    value: (p) => `${p.int(8, 40)} years`,
    forms: [
      { doc: (a, v) => `The expected service life of ${a} is ${v}.`, ask: (a) => `What is the expected service life of ${a}?` },
      { doc: (a, v) => `${a} is designed for a lifetime of ${v}.`, ask: (a) => `For what lifetime is ${a} designed?` },
    ],
    train: [(a) => `How long is ${a} expected to last?`, (a) => `What is the design life of ${a}?`],
    heldOut: [(a) => `For how many years should ${a} remain in use?`, (a) => `What lifespan is planned for ${a}?`],
    joinTrain: ['how long should it last'],
    joinHeldOut: ['for how many years should it remain in use'],
  },
  standby: {
    type: 'yes/no',
    value: (p) => (p.r() < 0.5 ? 'Yes' : 'No'),
    forms: [
      { doc: (a, v) => (v === 'Yes' ? `${a} has a standby unit.` : `${a} has no standby unit.`), ask: (a) => `Does ${a} have a standby unit?` },
      { doc: (a, v) => (v === 'Yes' ? `A standby unit is provided for ${a}.` : `No standby unit is provided for ${a}.`), ask: (a) => `Is a standby unit provided for ${a}?` },
    ],
    train: [(a) => `Is there a standby unit for ${a}?`, (a) => `Does ${a} come with a standby unit?`],
    heldOut: [(a) => `Is a backup unit available for ${a}?`, (a) => `Has ${a} got a spare standby machine?`],
    joinTrain: [],
    joinHeldOut: [],
  },
};

const FACT_NAMES = Object.keys(FACTS) as FactName[];
const TABLE_COLUMNS = [
  { header: 'Operating hours', value: (p: Pick) => thousands(p.int(300, 90000)), verbatim: (a: string) => `What are the operating hours of ${a}?`, train: (a: string) => `How many hours has ${a} run?`, heldOut: (a: string) => `For how many hours has ${a} operated?` },
  { header: 'Vibration (mm/s)', value: (p: Pick) => `${p.int(1, 11)}.${p.int(0, 9)}`, verbatim: (a: string) => `What is the vibration of ${a}?`, train: (a: string) => `What vibration level was measured on ${a}?`, heldOut: (a: string) => `How strongly does ${a} vibrate?` },
  { header: 'Noise (dB)', value: (p: Pick) => String(p.int(55, 105)), verbatim: (a: string) => `What is the noise of ${a}?`, train: (a: string) => `How loud is ${a}?`, heldOut: (a: string) => `What noise level does ${a} produce?` },
  { header: 'Spare parts (EUR)', value: (p: Pick) => thousands(p.int(100, 60000)), verbatim: (a: string) => `What are the spare parts of ${a} in EUR?`, train: (a: string) => `How much was spent on spare parts for ${a}?`, heldOut: (a: string) => `What did the spare parts for ${a} cost?` },
];

interface Asset {
  name: string;
  facts: Map<FactName, { value: string; form: number }>;
}

const LINE_GAP = 15;
const TOP = 740;
const BOTTOM = 80;

/** Lays out lines top to bottom, starting a new page when one is full. */
class Pages {
  readonly pages: string[][] = [[]];
  private y = TOP;
  add(text: string, size = 10): number {
    if (this.y < BOTTOM) this.newPage();
    this.pages.at(-1)!.push(textAt(72, this.y, size, text));
    this.y -= size > 10 ? LINE_GAP + 6 : LINE_GAP;
    return this.pages.length;
  }
  newPage(): void {
    this.pages.push([]);
    this.y = TOP;
  }
  room(): number {
    return Math.floor((this.y - BOTTOM) / LINE_GAP);
  }
  /** A table: header row and one row per asset in five columns; returns the page. */
  table(caption: string, headers: string[], rows: string[][]): number {
    if (this.room() < rows.length + 4) this.newPage();
    const page = this.add(caption, 11);
    const xs = [72, 190, 290, 390, 480];
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

/**
 * A second held-out set of wordings (issue 15, written 2026-11-25 after the first held-out split
 * had been read to sort misses by cause): paraphrases and two-part joiners nobody has tuned on,
 * asked about the held-out documents' facts. No wording repeats one of the verbatim, train or
 * first held-out lists (a first draft did, for mass, cost, efficiency, location and life, and
 * was replaced before being used for anything). Its questions are drawn with their own random
 * stream, so the train and held-out questions are the same as before.
 */
const HELD2: Record<FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: { ask: [(a) => `When did ${a} get installed?`, (a) => `Which year saw ${a} installed?`], join: ['what year did it get installed'] },
  installer: { ask: [(a) => `Which installer was used for ${a}?`, (a) => `Who carried out the installation work on ${a}?`], join: ['which firm carried out the installation'] },
  interval: { ask: [(a) => `How regularly is ${a} checked?`, (a) => `After how long is ${a} due for its next inspection?`], join: ['how regularly is it checked'] },
  mass: { ask: [(a) => `What does ${a} tip the scales at?`, (a) => `How many kg is ${a}?`], join: ['what does it weigh'] },
  power: { ask: [(a) => `How much electricity does ${a} draw?`, (a) => `What wattage does ${a} need?`], join: ['how much electricity does it draw'] },
  flow: { ask: [(a) => `What output per hour is ${a} designed for?`, (a) => `At what rate does ${a} move fluid?`], join: ['what output per hour is it designed for'] },
  cost: { ask: [(a) => `How expensive was ${a}?`, (a) => `What did ${a} set the plant back?`], join: ['how expensive was it'] },
  efficiency: { ask: [(a) => `What percentage of energy does ${a} convert usefully?`, (a) => `How good is the efficiency of ${a}?`], join: ['how good is its efficiency'] },
  engineer: { ask: [(a) => `Which engineer manages ${a}?`, (a) => `Whom should I contact about ${a}?`], join: ['which engineer manages it'] },
  location: { ask: [(a) => `In which place does ${a} sit?`, (a) => `Which town hosts ${a}?`], join: ['which town hosts it'] },
  commissioned: { ask: [(a) => `What date did ${a} go into service?`, (a) => `When was ${a} handed over for operation?`], join: ['on what date did it go into service'] },
  life: { ask: [(a) => `For how long can ${a} be operated before replacement?`, (a) => `How many years of service are planned for ${a}?`], join: ['how many years of service are planned'] },
  standby: { ask: [(a) => `Is there a reserve unit for ${a}?`, (a) => `Can another unit take over if ${a} fails?`], join: [] },
};

export function generateHardQaSet(documents: number, seed = 15): { docs: HardDocument[]; items: HardItem[] } {
  const p = new Pick(rng(seed));
  const heldDocs: Array<{ d: number; assets: Asset[]; where: Map<string, number>; table: { page: number; values: string[][] } }> = [];
  const trainDocs: Array<{ d: number; assets: Asset[]; where: Map<string, number>; table: { page: number; values: string[][] } }> = [];
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const usedTags = new Set<string>();
  const tag = (): string =>
    p.unique(() => {
      const t = `${p.one(KINDS)} ${String.fromCharCode(65 + p.int(0, 11))}-${p.int(2, 99)}`;
      usedTags.add(t);
      return t;
    });
  for (let d = 0; d < documents; d++) {
    const split = d % 3 === 2 ? 'held-out' : 'train';
    const site = p.word();
    const assets: Asset[] = [];
    for (let i = 0, n = p.int(3, 7); i < n; i++) {
      const facts = new Map<FactName, { value: string; form: number }>();
      for (const f of p.shuffle(FACT_NAMES).slice(0, p.int(6, 9))) facts.set(f, { value: FACTS[f].value(p), form: p.int(0, 1) });
      assets.push({ name: tag(), facts });
    }
    const out = new Pages();
    out.add(`Technical file: ${site} plant`, 14);
    out.add(`This file describes ${assets.length} assets of the ${site} plant and their maintenance.`);
    for (const f of p.shuffle(FILLER).slice(0, 3)) out.add(f);
    const where = new Map<string, number>();
    for (const a of assets) {
      if (out.room() < 14 || p.r() < 0.35) out.newPage();
      out.add(a.name, 12);
      const lines: Array<{ key: FactName | null; text: string }> = [...a.facts].map(([f, v]) => ({ key: f, text: FACTS[f].forms[v.form]!.doc(a.name, v.value) }));
      // Distractors: the same kinds of fact about a similar asset of another site.
      for (let k = 0; k < 2; k++) {
        const f = p.one(FACT_NAMES);
        const other = `${a.name.split(' ')[0]!} ${String.fromCharCode(65 + p.int(0, 11))}-${p.int(2, 99)}`;
        if (assets.some((x) => x.name === other) || usedTags.has(other)) continue;
        lines.push({ key: null, text: `For comparison, ${FACTS[f].forms[p.int(0, 1)]!.doc(`${other} at the ${p.word()} plant`, FACTS[f].value(p)).replace(/^./, (c) => c.toLowerCase())}` });
      }
      for (const l of p.shuffle(lines)) {
        if (p.r() < 0.3) out.add(p.one(FILLER));
        const page = out.add(l.text);
        if (l.key) where.set(`${a.name}|${l.key}`, page);
      }
    }
    const tableValues = assets.map(() => TABLE_COLUMNS.map((c) => c.value(p)));
    const tablePage = out.table(`Table ${d + 1}: Maintenance figures of the ${site} plant`, ['Asset', ...TABLE_COLUMNS.map((c) => c.header)], assets.map((a, i) => [a.name, ...tableValues[i]!]));
    for (const f of p.shuffle(FILLER).slice(0, 2)) out.add(f);
    while (out.pages.length < 3) {
      out.newPage();
      for (const f of FILLER.slice(0, 4)) out.add(f);
    }
    if (out.pages.length > 10) throw new Error(`document ${d} has ${out.pages.length} pages`);
    docs.push({ name: `${site} technical file.pdf`, pages: out.pages.map((c) => ({ content: c.join('') })) });
    const table = { page: tablePage, values: tableValues };
    if (split === 'held-out') heldDocs.push({ d, assets, where, table });
    else trainDocs.push({ d, assets, where, table });

    // Questions.
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split, doc: d, pages });
    for (const a of assets) {
      const facts = [...a.facts];
      for (const [f, v] of p.shuffle(facts).slice(0, 2)) ask(FACTS[f].forms[v.form]!.ask(a.name), [v.value], 'verbatim', FACTS[f].type, [where.get(`${a.name}|${f}`)!]);
      for (const [f, v] of p.shuffle(facts).slice(0, 2)) {
        const spec = FACTS[f];
        ask(p.one(split === 'train' ? spec.train : spec.heldOut)(a.name), [v.value], 'paraphrased', spec.type, [where.get(`${a.name}|${f}`)!]);
      }
      // Two-part: a paraphrase of one fact and the short form of another.
      const pair = p.shuffle(facts.filter(([f]) => f !== 'standby')).slice(0, 2);
      const [one, two] = pair;
      if (one && two && p.r() < 0.7) {
        const [f1, v1] = one;
        const [f2, v2] = two;
        const first = p.one(split === 'train' ? FACTS[f1].train : FACTS[f1].heldOut)(a.name).replace(/\?$/, '');
        const joins = split === 'train' ? FACTS[f2].joinTrain : FACTS[f2].joinHeldOut;
        ask(`${first}, and ${p.one(joins)}?`, [v1.value, v2.value], 'two-part', 'two-part', [where.get(`${a.name}|${f1}`)!, where.get(`${a.name}|${f2}`)!]);
      }
      // Absent: a fact this file does not state about this asset.
      const missing = FACT_NAMES.filter((f) => !a.facts.has(f));
      if (missing.length && p.r() < 0.6) {
        const f = p.one(missing);
        const spec = FACTS[f];
        const q = p.r() < 0.5 ? spec.forms[p.int(0, 1)]!.ask(a.name) : p.one(split === 'train' ? spec.train : spec.heldOut)(a.name);
        ask(q, [], 'absent', 'absent', []);
      }
    }
    // Table cells.
    for (let k = 0; k < 3; k++) {
      const i = p.int(0, assets.length - 1);
      const c = p.int(0, TABLE_COLUMNS.length - 1);
      const col = TABLE_COLUMNS[c]!;
      const q = k === 0 ? col.verbatim(assets[i]!.name) : split === 'train' ? col.train(assets[i]!.name) : col.heldOut(assets[i]!.name);
      ask(q, [tableValues[i]![c]!], 'table', 'quantity', [tablePage]);
    }
    // Absent: an asset of a kind and number no file describes.
    const ghost = p.unique(() => `${p.one(KINDS)} ${String.fromCharCode(65 + p.int(0, 11))}-${p.int(100, 999)}`);
    const f = p.one(FACT_NAMES);
    ask(FACTS[f].forms[0]!.ask(ghost), [], 'absent', 'absent', []);
  }
  // The second held-out wordings, on the held-out documents, from their own random stream.
  const q = new Pick(rng(seed + 0x5eed2));
  for (const { d, assets, where } of heldDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'held2', doc: d, pages });
    for (const a of assets) {
      const facts = [...a.facts];
      for (const [f, v] of q.shuffle(facts).slice(0, 2)) ask(q.one(HELD2[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [where.get(`${a.name}|${f}`)!]);
      const [one, two] = q.shuffle(facts.filter(([f]) => f !== 'standby')).slice(0, 2);
      if (one && two && q.r() < 0.7) {
        const first = q.one(HELD2[one[0]].ask)(a.name).replace(/\?$/, '');
        ask(`${first}, and ${q.one(HELD2[two[0]].join)}?`, [one[1].value, two[1].value], 'two-part', 'two-part', [where.get(`${a.name}|${one[0]}`)!, where.get(`${a.name}|${two[0]}`)!]);
      }
    }
  }
  // The second and third training wordings on the training documents, and the third held-out
  // wordings on the held-out documents, each from its own random stream.
  for (const [split, wordings, salt, on] of [['train2', TRAIN2, 0x7a2, trainDocs], ['train3', TRAIN3, 0x7a3, trainDocs], ['held3', HELD3, 0x4e3, heldDocs]] as const) {
    const t = new Pick(rng(seed + salt));
    for (const { d, assets, where } of on) {
      const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
        items.push({ question, answers, category, type, split, doc: d, pages });
      for (const a of assets) {
        const facts = [...a.facts];
        for (const [f, v] of t.shuffle(facts).slice(0, 2)) ask(t.one(wordings[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [where.get(`${a.name}|${f}`)!]);
        const [one, two] = t.shuffle(facts.filter(([f]) => f !== 'standby')).slice(0, 2);
        if (one && two && t.r() < 0.7) {
          const first = t.one(wordings[one[0]].ask)(a.name).replace(/[?.]$/, '');
          ask(`${first}, and ${t.one(wordings[two[0]].join)}?`, [one[1].value, two[1].value], 'two-part', 'two-part', [where.get(`${a.name}|${one[0]}`)!, where.get(`${a.name}|${two[0]}`)!]);
        }
      }
    }
  }
  // The fourth training wordings (multi-part questions), on the training documents, own stream.
  const t4 = new Pick(rng(seed + 0x7a4));
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train4', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of t4.shuffle(facts).slice(0, 1)) ask(t4.one(TRAIN4[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const parts = t4.shuffle(facts.filter(([f]) => f !== 'standby'));
      const [one, two, three] = parts;
      if (!one || !two) continue;
      const q1 = t4.one(TRAIN4[one[0]].ask)(a.name).replace(/[?.]$/, '');
      const shape = t4.one(TWO_PART_SHAPES);
      ask(shape(q1, t4.one(TRAIN4[two[0]].join), a.name, t4.one(TRAIN4[one[0]].noun), t4.one(TRAIN4[two[0]].noun)), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
      const paired = PAIRED.filter((p) => p.facts.every((f) => a.facts.has(f)));
      if (paired.length && t4.r() < 0.6) {
        const p = t4.one(paired);
        ask(p.ask(a.name), p.facts.map((f) => a.facts.get(f)!.value), 'two-part', 'two-part', p.facts.map(page));
      }
      if (three && t4.r() < 0.3) {
        const shape3 = t4.one(THREE_PART_SHAPES);
        const nouns: [string, string, string] = [t4.one(TRAIN4[one[0]].noun), t4.one(TRAIN4[two[0]].noun), t4.one(TRAIN4[three[0]].noun)];
        ask(shape3(q1, t4.one(TRAIN4[two[0]].join), t4.one(TRAIN4[three[0]].join), a.name, nouns), [one[1].value, two[1].value, three[1].value], 'three-part', 'three-part', [page(one[0]), page(two[0]), page(three[0])]);
      }
    }
  }
  // The second batch of the fourth training wordings, on the training documents, own stream.
  const t4b = new Pick(rng(seed + 0x7a5));
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train4b', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of t4b.shuffle(facts).slice(0, 1)) ask(t4b.one(TRAIN4B[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      for (let k = 0; k < 2; k++) {
        const [one, two] = t4b.shuffle(facts.filter(([f]) => f !== 'standby'));
        if (!one || !two) continue;
        const q1 = t4b.one(TRAIN4B[one[0]].ask)(a.name).replace(/[?.]$/, '');
        ask(t4b.one(JOIN_SHAPES)(q1, t4b.one(TRAIN4B[two[0]].join)), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
      }
    }
  }
  // The fifth training wordings (single questions in many words, and their two-part joins), on
  // the training documents, own stream.
  const t5 = new Pick(rng(seed + 0x7a6));
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train5', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of t5.shuffle(facts).slice(0, 3)) ask(t5.one(TRAIN5[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [one, two] = t5.shuffle(facts.filter(([f]) => f !== 'standby'));
      if (!one || !two) continue;
      const q1 = t5.one(TRAIN5[one[0]].ask)(a.name).replace(/[?.]$/, '');
      ask(t5.one(JOIN_SHAPES)(q1, t5.one(TRAIN5[two[0]].join)), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
    }
  }
  // The second batch of the fifth training wordings: every asset's purchase price, and one other fact.
  const t5b = new Pick(rng(seed + 0x7a7));
  for (const { d, assets, where } of trainDocs) {
    for (const a of assets) {
      const asked = [...a.facts].filter(([f]) => TRAIN5B[f] !== undefined);
      const cost = asked.find(([f]) => f === 'cost');
      const other = t5b.shuffle(asked.filter(([f]) => f !== 'cost'))[0];
      for (const [f, v] of [cost, other].filter((x) => x !== undefined)) {
        items.push({ question: t5b.one(TRAIN5B[f]!)(a.name), answers: [v.value], category: 'paraphrased', type: FACTS[f].type, split: 'train5b', doc: d, pages: [where.get(`${a.name}|${f}`)!] });
      }
    }
  }
  // The fourth held-out wordings (single, two- and three-part, absent and table questions), on
  // the held-out documents, own stream.
  const h4 = new Pick(rng(seed + 0x4e4));
  const fresh = freshHeld4();
  for (const { d, assets, where, table } of heldDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'held4', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of h4.shuffle(facts).slice(0, 3)) ask(h4.one(fresh.ask[f])(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [one, two, three] = h4.shuffle(facts.filter(([f]) => f !== 'standby'));
      if (one && two) {
        const q1 = h4.one(fresh.ask[one[0]])(a.name).replace(/[?.]$/, '');
        const [j1, j2] = [h4.one(fresh.join[one[0]]), h4.one(fresh.join[two[0]])];
        if (h4.r() < 0.8) ask(h4.one(HELD4_TWO)(q1, j1, j2, a.name), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
        if (three && h4.r() < 0.4) {
          const j3 = h4.one(fresh.join[three[0]]);
          ask(h4.one(HELD4_THREE)(q1, j1, j2, j3, a.name), [one[1].value, two[1].value, three[1].value], 'three-part', 'three-part', [page(one[0]), page(two[0]), page(three[0])]);
        }
      }
      const missing = FACT_NAMES.filter((f) => !a.facts.has(f));
      if (missing.length && h4.r() < 0.5) ask(h4.one(fresh.ask[h4.one(missing)])(a.name), [], 'absent', 'absent', []);
    }
    for (let k = 0; k < 3; k++) {
      const i = h4.int(0, assets.length - 1);
      const c = h4.int(0, TABLE_COLUMNS.length - 1);
      ask(h4.one(fresh.table[TABLE_COLUMNS[c]!.header]!)(assets[i]!.name), [table.values[i]![c]!], 'table', 'quantity', [table.page]);
    }
    const ghost = `${h4.one(KINDS)} ${String.fromCharCode(65 + h4.int(0, 11))}-${h4.int(100, 999)}`;
    ask(h4.one(fresh.ask[h4.one(FACT_NAMES)])(ghost), [], 'absent', 'absent', []);
  }
  // The sixth training wordings (yes/no, who, which year; negated questions, checks of a stated
  // value, facts never stated), on the training documents, own stream.
  const t6 = new Pick(rng(seed + 0x7a8));
  const T6_FACTS: Train6FactName[] = ['year', 'installer', 'engineer', 'standby'];
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train6', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const has = T6_FACTS.filter((f) => a.facts.has(f));
      for (const f of has) ask(t6.one(TRAIN6[f].ask)(a.name), [a.facts.get(f)!.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const standby = a.facts.get('standby');
      if (standby && t6.r() < 0.5) ask(t6.one(TRAIN6_NEGATED)(a.name), [standby.value === 'Yes' ? 'No' : 'Yes'], 'paraphrased', 'yes/no', [page('standby')]);
      const checkable = has.filter((f): f is Exclude<Train6FactName, 'standby'> => f !== 'standby');
      if (checkable.length) {
        const f = t6.one(checkable);
        const own = a.facts.get(f)!.value;
        const others = assets.map((x) => x.facts.get(f)?.value).filter((v): v is string => v !== undefined && v !== own);
        const yes = others.length === 0 || t6.r() < 0.5;
        ask(t6.one(TRAIN6_CHECKS[f])(a.name, yes ? own : t6.one(others)), [yes ? 'Yes' : 'No'], 'paraphrased', 'yes/no', [page(f)]);
      }
      const missing = T6_FACTS.filter((f) => !a.facts.has(f));
      if (missing.length) ask(t6.one(TRAIN6[t6.one(missing)].ask)(a.name), [], 'absent', 'absent', []);
      if (t6.r() < 0.4) ask(t6.one(TRAIN6_UNSTATED)(a.name), [], 'absent', 'absent', []);
      const [one, two] = t6.shuffle(has.filter((f) => f !== 'standby'));
      if (one && two && t6.r() < 0.6) {
        const q1 = t6.one(TRAIN6[one].ask)(a.name).replace(/[?.]$/, '');
        ask(`${q1}, and ${t6.one(TRAIN6[two].join).replace(/^and /, '')}?`, [a.facts.get(one)!.value, a.facts.get(two)!.value], 'two-part', 'two-part', [page(one), page(two)]);
      }
    }
  }
  // The seventh training wordings (three or more parts, and two parts in the same frames), on the
  // training documents, own stream.
  const t7 = new Pick(rng(seed + 0x7a9));
  const { wordings: T7, bare: T7_BARE } = freshTrain7();
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, pages: number[]) =>
      items.push({ question, answers, category, type: category === 'two-part' ? 'two-part' : 'three-part', split: 'train7', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = t7.shuffle([...a.facts.keys()].filter((f): f is Train7FactName => f !== 'standby'));
      const parts = (fs: Train7FactName[]) => ({ a: a.name, n: fs.map((f) => t7.one(T7[f].noun)), q: fs.map((f) => t7.one(T7[f].about)), first: t7.one(T7[fs[0]!].ask)(a.name) });
      const gold = (fs: Train7FactName[]): string[] => fs.map((f) => a.facts.get(f)!.value);
      if (facts.length >= 3) {
        const fs = facts.slice(0, facts.length >= 4 && t7.r() < 0.3 ? 4 : 3);
        ask(t7.one(TRAIN7_MANY)(parts(fs)), gold(fs), 'three-part', fs.map(page));
      }
      if (facts.length >= 2) {
        const fs = t7.shuffle(facts).slice(0, 2);
        ask(t7.one(TRAIN7_TWO)(parts(fs)), gold(fs), 'two-part', fs.map(page));
      }
      const bare = T7_BARE.filter((b) => b.facts.every((f) => a.facts.has(f)));
      if (bare.length && t7.r() < 0.6) {
        const b = t7.one(bare);
        ask(b.ask(a.name), gold(b.facts), b.facts.length === 2 ? 'two-part' : 'three-part', b.facts.map(page));
      }
    }
  }
  // The eighth training wordings (time asked in many ways, new two-part joins, absent neighbours of
  // stated facts), on the training documents, own stream.
  const t8 = new Pick(rng(seed + 0x7aa));
  const T8 = freshTrain8().wordings;
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train8', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = t8.shuffle([...a.facts.keys()].filter((f): f is Train8FactName => f !== 'standby'));
      // Durations always, two other facts.
      const picked = [...facts.filter((f) => FACTS[f].type === 'duration'), ...facts.filter((f) => FACTS[f].type !== 'duration').slice(0, 2)];
      for (const f of picked) ask(t8.one(T8[f].ask)(a.name), [a.facts.get(f)!.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [f1, f2] = t8.shuffle(facts);
      if (f1 && f2 && t8.r() < 0.8) {
        const q = t8.one(TRAIN8_TWO)(a.name, t8.one(T8[f1].ask)(a.name), t8.one(T8[f2].about), t8.one(T8[f1].noun), t8.one(T8[f2].noun));
        ask(q, [a.facts.get(f1)!.value, a.facts.get(f2)!.value], 'two-part', 'two-part', [page(f1), page(f2)]);
      }
      const near = facts.flatMap((f) => TRAIN8_NEIGHBOURS[f] ?? []).filter((f) => !a.facts.has(f));
      if (near.length && t8.r() < 0.7) ask(t8.one(T8[t8.one(near)].ask)(a.name), [], 'absent', 'absent', []);
    }
  }
  return { docs, items };
}

/** The train8 wordings that repeat no held-out wording (as freshTrain7; which ones is never printed). */
export function freshTrain8(): { wordings: typeof TRAIN8; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const asWhole = (j: string): string => norm(j.replace(/\bit\b/, name));
  const held = new Set<string>();
  for (const f of FACT_NAMES) {
    for (const ask of [...FACTS[f].heldOut, ...HELD2[f].ask, ...HELD3[f].ask, ...HELD4[f].ask]) held.add(norm(ask(name)));
    for (const j of [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join, ...HELD4[f].join]) {
      held.add(norm(j));
      held.add(asWhole(j));
    }
  }
  let dropped = 0;
  const wordings = {} as typeof TRAIN8;
  for (const f of Object.keys(TRAIN8) as Train8FactName[]) {
    const ask = TRAIN8[f].ask.filter((a) => !held.has(norm(a(name))));
    const about = TRAIN8[f].about.filter((j) => !held.has(norm(j)) && !held.has(asWhole(j)));
    dropped += TRAIN8[f].ask.length - ask.length + TRAIN8[f].about.length - about.length;
    wordings[f] = { ask: ask.length ? ask : [(a: string) => `What is the ${TRAIN8[f].noun[0]!} of ${a}?`], about: about.length ? about : TRAIN8[f].noun.map((n) => `what is its ${n}`), noun: TRAIN8[f].noun };
  }
  return { wordings, dropped };
}

/**
 * The train7 wordings that repeat no held-out wording of any split (held-out, held2, held3, held4;
 * ignoring case and a final ? or ., a question about "it" also compared as a whole question about
 * the asset): train7 asks only these, so that tuning on it tunes on no held-out wording. Which
 * ones were left out is never printed (that would show held-out wordings); `dropped` counts them.
 */
export function freshTrain7(): { wordings: typeof TRAIN7; bare: typeof TRAIN7_BARE; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const asWhole = (j: string): string => norm(j.replace(/\bit\b/, name));
  const held = new Set<string>();
  for (const f of FACT_NAMES) {
    for (const ask of [...FACTS[f].heldOut, ...HELD2[f].ask, ...HELD3[f].ask, ...HELD4[f].ask]) held.add(norm(ask(name)));
    for (const j of [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join, ...HELD4[f].join]) {
      held.add(norm(j));
      held.add(asWhole(j));
    }
  }
  let dropped = 0;
  const keep = <T>(list: T[], repeats: (x: T) => boolean): T[] => {
    const fresh = list.filter((x) => !repeats(x));
    dropped += list.length - fresh.length;
    return fresh;
  };
  const wordings = {} as typeof TRAIN7;
  for (const f of Object.keys(TRAIN7) as Train7FactName[]) {
    const about = keep(TRAIN7[f].about, (j) => held.has(norm(j)) || held.has(asWhole(j)));
    const ask = keep(TRAIN7[f].ask, (a) => held.has(norm(a(name))) || held.has(norm(`${a(name)}?`)));
    // A fact left with no wording of a kind borrows its noun phrase ("what is its <noun>").
    wordings[f] = { noun: TRAIN7[f].noun, about: about.length ? about : TRAIN7[f].noun.map((n) => `what is its ${n}`), ask: ask.length ? ask : [(a: string) => `What is the ${TRAIN7[f].noun[0]!} of ${a}`] };
  }
  const bare = keep(TRAIN7_BARE, (b) => held.has(norm(b.ask(name))));
  return { wordings, bare, dropped };
}

/** The second- to sixth-training wordings (for one asset name) that repeat a held-out, held2 or held3 wording. */
export function trainRepeats(): string[] {
  const name = 'Pump X-1';
  const held = new Set<string>();
  for (const f of FACT_NAMES) {
    for (const ask of [...FACTS[f].heldOut, ...HELD2[f].ask, ...HELD3[f].ask]) held.add(ask(name).toLowerCase());
    for (const j of [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join]) held.add(j.toLowerCase());
  }
  const out: string[] = [];
  for (const f of FACT_NAMES) {
    for (const set of [TRAIN2, TRAIN3, TRAIN4, TRAIN4B, TRAIN5, TRAIN6 as Partial<typeof TRAIN5>]) {
      if (set[f] === undefined) continue;
      for (const ask of set[f].ask) if (held.has(ask(name).toLowerCase())) out.push(ask(name));
      for (const j of set[f].join) if (held.has(j.toLowerCase())) out.push(j);
    }
  }
  for (const f of FACT_NAMES) for (const ask of TRAIN5B[f] ?? []) if (held.has(ask(name).toLowerCase())) out.push(ask(name));
  for (const ask of [...TRAIN6_NEGATED, ...TRAIN6_UNSTATED]) if (held.has(ask(name).toLowerCase())) out.push(ask(name));
  for (const f of ['year', 'installer', 'engineer'] as const) for (const ask of TRAIN6_CHECKS[f]) if (held.has(ask(name, 'X').toLowerCase())) out.push(ask(name, 'X'));
  for (const p of PAIRED) if (held.has(p.ask(name).toLowerCase())) out.push(p.ask(name));
  // A held joiner asked as a whole question about the asset ("what does it weigh" ~ "What does Pump X-1 weigh?").
  const asWhole = (j: string): string => `${j.replace(/\bit\b/, name)}?`.toLowerCase();
  const heldJoins = new Set(FACT_NAMES.flatMap((f) => [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join].map(asWhole)));
  for (const f of FACT_NAMES) for (const ask of [...TRAIN4[f].ask, ...TRAIN4B[f].ask, ...TRAIN5[f].ask, ...(TRAIN5B[f] ?? []), ...((TRAIN6 as Partial<typeof TRAIN5>)[f]?.ask ?? [])]) if (heldJoins.has(ask(name).toLowerCase())) out.push(ask(name));
  return out;
}

/**
 * The held4 wordings that repeat no verbatim or training wording, ignoring case and a final ? or .
 * (a joiner also repeats when, asked as a whole question about the asset, it is a training
 * question, or the other way round). held4 questions are drawn only from these, so the split
 * measures wordings the engine was never tuned on; `dropped` is how many were left out. Which
 * ones is never printed: that would show training wordings to whoever reads held4.
 */
type Held4Fact = keyof typeof HELD4;

export function freshHeld4(): { ask: Record<Held4Fact, Array<(a: string) => string>>; join: Record<Held4Fact, string[]>; table: Record<string, Array<(a: string) => string>>; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const asWhole = (j: string): string => norm(j.replace(/\bit\b/, name));
  const trainAsks = new Set<string>();
  const trainJoins = new Set<string>();
  for (const f of FACT_NAMES) {
    const sets = [TRAIN2, TRAIN3, TRAIN4, TRAIN4B, TRAIN5];
    for (const ask of [...FACTS[f].forms.map((x) => x.ask), ...FACTS[f].train, ...sets.flatMap((set) => set[f].ask), ...(TRAIN5B[f] ?? [])]) trainAsks.add(norm(ask(name)));
    for (const j of [...FACTS[f].joinTrain, ...sets.flatMap((set) => set[f].join)]) trainJoins.add(norm(j));
  }
  for (const f of Object.keys(TRAIN6) as Train6FactName[]) {
    for (const ask of TRAIN6[f].ask) trainAsks.add(norm(ask(name)));
    for (const j of TRAIN6[f].join) trainJoins.add(norm(j));
  }
  for (const ask of [...TRAIN6_NEGATED, ...TRAIN6_UNSTATED]) trainAsks.add(norm(ask(name)));
  for (const p of PAIRED) trainAsks.add(norm(p.ask(name)));
  for (const c of TABLE_COLUMNS) for (const ask of [c.verbatim, c.train]) trainAsks.add(norm(ask(name)));
  const trainJoinsWhole = new Set([...trainJoins].map(asWhole));
  let dropped = 0;
  // Keeps the fresh ones; a list that would be emptied keeps its first wording (counted as dropped anyway).
  const keep = <T>(list: T[], repeats: (x: T) => boolean): T[] => {
    const fresh = list.filter((x) => !repeats(x));
    dropped += list.length - fresh.length;
    return fresh.length > 0 ? fresh : list.slice(0, 1);
  };
  const askRepeats = (ask: (a: string) => string): boolean => trainAsks.has(norm(ask(name))) || trainJoinsWhole.has(norm(ask(name)));
  const ask = {} as Record<Held4Fact, Array<(a: string) => string>>;
  const join = {} as Record<Held4Fact, string[]>;
  for (const f of FACT_NAMES) {
    ask[f] = keep(HELD4[f].ask, askRepeats);
    join[f] = keep(HELD4[f].join, (j) => trainJoins.has(norm(j)) || trainAsks.has(asWhole(j)));
  }
  const table: Record<string, Array<(a: string) => string>> = {};
  for (const [header, asks] of Object.entries(HELD4_TABLE)) table[header] = keep(asks, (a) => trainAsks.has(norm(a(name))));
  return { ask, join, table, dropped };
}

export const hardPdfOf = (doc: HardDocument): Buffer => buildPdf(doc.pages);
