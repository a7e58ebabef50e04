// docs8 (issue 15, branch issue-15t-gen, written 2026-11-29): a TRAINING split of new documents for
// the kinds of question the engine answers worst: durations and intervals (an inspection cycle in
// months, a service interval in operating hours, a warranty and a design life in years), two-part
// questions over documents laid out in other ways, table cells in other table layouts, and absent
// facts that share words with stated ones (a service interval where only the inspection interval
// is given, a warranty where only the design life is) or that are stated only for a sister unit
// of the asset. Four layouts, one per file in turn: a narrative where later sentences say "It"; a
// key-data block per asset ("Inspection interval: 18 months"); a two-column data sheet table per
// asset whose values carry their units; a register table of every unit (sister units included)
// with the unit in the header, the rest in sentences. Written by the helper who tunes on it,
// without reading docs5 or any held-out wording; own kinds, tags and seed. Asked only when
// --split names docs8.
import type { PageSpec } from '../test/fixtures/pdf-builder.js';
import { LinePages } from './qa-hard-pages.js';
import type { HardDocument, HardItem } from './qa-hard-set.js';
import { Draw, lcg32, MONTHS, thousands } from './qa-hard-draw.js';

const SYL = ['kal', 'ro', 'vin', 'es', 'tun', 'gar', 'bo', 'lim', 'hed', 'sko', 'ram', 'fin'];

const KINDS = ['Blower', 'Agitator', 'Dryer', 'Scrubber', 'Hoist', 'Feeder', 'Grinder', 'Condenser', 'Evaporator', 'Compactor'];
const FIRST = ['Rut', 'Henrik', 'Lena', 'Tomas', 'Frida', 'Oskar', 'Vera', 'Jonas', 'Alma', 'Viktor'];
const ORG = ['Works', 'Engineering', 'Montage', 'Installations', 'Technik', 'Service'];

type Key = 'year' | 'installer' | 'inspection' | 'service' | 'warranty' | 'life' | 'mass' | 'power' | 'engineer' | 'site' | 'startup' | 'price' | 'capacity';

/** A fact: its value, the statements and key-data labels that give it, and questions in other words. */
interface Fact {
  type: HardItem['type'];
  /** The value as stated, and the gold answer (the part of it a right answer must hold). */
  value: (d: Draw) => { said: string; gold: string };
  /** Statements; those starting with the asset's name may say "It" after the first sentence. */
  says: Array<(a: string, v: string) => string>;
  /** Key-data and data-sheet labels. */
  labels: string[];
  /** A register column: header with its unit and the cell (bare number); only quantities have one. */
  column?: { header: string[]; cell: (said: string) => string };
  ask: Array<(a: string) => string>;
  /** The fact as a noun phrase, and as a question about "it", for two-part questions. */
  noun: string[];
  about: string[];
}

const bare = (said: string): string => said.replace(/^EUR\s/, '').replace(/\s.*$/, '');

const FACTS: Record<Key, Fact> = {
  year: {
    type: 'year',
    value: (d) => ({ said: String(d.int(1985, 2023)), gold: '' }),
    says: [(a, v) => `${a} went in during ${v}.`, (a, v) => `${a} has been in place since ${v}.`, (a, v) => `${a} was erected in ${v}.`],
    labels: ['Year installed', 'In place since', 'Installation year'],
    ask: [(a) => `What year did ${a} go into place?`, (a) => `Since when has ${a} been in place?`, (a) => `In which year was ${a} set up?`, (a) => `When was ${a} put in place?`],
    noun: ['year it was set up', 'installation year'],
    about: ['in what year was it set up', 'since when has it been there'],
  },
  installer: {
    type: 'organisation',
    value: (d) => ({ said: `${d.word()} ${d.one(ORG)}`, gold: '' }),
    says: [(a, v) => `${a} was set up by ${v}.`, (a, v) => `${v} carried out the installation of ${a}.`, (a, v) => `The fitting of ${a} was done by ${v}.`],
    labels: ['Installer', 'Installed by', 'Fitted by'],
    ask: [(a) => `Which contractor set up ${a}?`, (a) => `Which firm fitted ${a}?`, (a) => `Who carried out the installation of ${a}?`, (a) => `By whom was ${a} installed?`],
    noun: ['installing contractor', 'firm that set it up'],
    about: ['who fitted it', 'which firm installed it'],
  },
  inspection: {
    type: 'duration',
    value: (d) => ({ said: `${d.int(3, 60)} months`, gold: '' }),
    says: [
      (a, v) => `${a} is inspected every ${v}.`,
      (a, v) => `Inspections of ${a} take place every ${v}.`,
      (a, v) => `${a} is due for inspection every ${v}.`,
      (a, v) => `An inspection of ${a} is required at intervals of ${v}.`,
      (a, v) => `The time between two inspections of ${a} is ${v}.`,
    ],
    labels: ['Inspection interval', 'Inspected every', 'Inspection frequency'],
    ask: [
      (a) => `How often is ${a} inspected?`,
      (a) => `How many months are there between inspections of ${a}?`,
      (a) => `At what interval must ${a} be inspected?`,
      (a) => `How long is the gap between two inspections of ${a}?`,
      (a) => `Every how many months does ${a} get inspected?`,
      (a) => `What is the inspection cycle of ${a}?`,
      (a) => `How regularly does ${a} need an inspection?`,
      (a) => `How frequently do inspections of ${a} happen?`,
      (a) => `How much time passes between inspections of ${a}?`,
      (a) => `When is ${a} due for inspection, how often?`,
    ],
    noun: ['inspection interval', 'time between inspections', 'inspection cycle'],
    about: ['how often is it inspected', 'how long between its inspections', 'what is its inspection interval'],
  },
  service: {
    type: 'duration',
    value: (d) => {
      const n = thousands(d.int(5, 80) * 100);
      return { said: `${n} operating hours`, gold: n };
    },
    says: [
      (a, v) => `${a} is serviced every ${v}.`,
      (a, v) => `Servicing of ${a} is due after every ${v}.`,
      (a, v) => `The service interval of ${a} is ${v}.`,
    ],
    labels: ['Service interval', 'Serviced every', 'Service due every'],
    column: { header: ['Service interval (h)', 'Service every (h)'], cell: bare },
    ask: [
      (a) => `After how many operating hours is ${a} serviced?`,
      (a) => `How many running hours pass between services of ${a}?`,
      (a) => `How often does ${a} need servicing, in hours?`,
      (a) => `What is the service interval of ${a}?`,
      (a) => `Every how many hours is ${a} serviced?`,
      (a) => `How many hours can ${a} run before its next service?`,
    ],
    noun: ['service interval', 'hours between services'],
    about: ['how often is it serviced', 'how many hours between its services'],
  },
  warranty: {
    type: 'duration',
    value: (d) => ({ said: `${d.int(1, 6)} years`, gold: '' }),
    says: [(a, v) => `${a} is under warranty for ${v}.`, (a, v) => `The warranty on ${a} runs for ${v}.`, (a, v) => `The maker guarantees ${a} for ${v}.`],
    labels: ['Warranty', 'Warranty period', 'Guarantee'],
    ask: [
      (a) => `How long is the warranty on ${a}?`,
      (a) => `For how many years is ${a} covered by warranty?`,
      (a) => `What warranty period applies to ${a}?`,
      (a) => `How long is ${a} guaranteed for?`,
    ],
    noun: ['warranty period', 'length of the warranty'],
    about: ['how long is its warranty', 'for how long is it guaranteed'],
  },
  life: {
    type: 'duration',
    value: (d) => ({ said: `${d.int(10, 45)} years`, gold: '' }),
    says: [(a, v) => `${a} is expected to stay in use for ${v}.`, (a, v) => `${a} has a design life of ${v}.`, (a, v) => `${a} should remain serviceable for ${v}.`],
    labels: ['Design life', 'Expected life', 'Service life'],
    ask: [
      (a) => `How many years is ${a} expected to run?`,
      (a) => `How long is ${a} meant to last?`,
      (a) => `What is the life expectancy of ${a}?`,
      (a) => `For how long should ${a} remain in service?`,
    ],
    noun: ['design life', 'expected lifetime'],
    about: ['how long will it last', 'what is its expected life'],
  },
  mass: {
    type: 'quantity',
    value: (d) => ({ said: `${thousands(d.int(90, 30000))} kg`, gold: '' }),
    says: [(a, v) => `${a} weighs ${v}.`, (a, v) => `${a} has an operating mass of ${v}.`, (a, v) => `The weight of ${a} is ${v}.`],
    labels: ['Weight', 'Mass', 'Operating weight'],
    column: { header: ['Mass (kg)', 'Weight (kg)'], cell: bare },
    ask: [(a) => `What does ${a} weigh?`, (a) => `How heavy is ${a}?`, (a) => `What is the mass of ${a} in kg?`, (a) => `How many kilograms does ${a} weigh?`],
    noun: ['weight', 'mass'],
    about: ['how heavy is it', 'what does it weigh'],
  },
  power: {
    type: 'quantity',
    value: (d) => ({ said: `${d.int(2, 750)} kW`, gold: '' }),
    says: [(a, v) => `${a} is driven by a ${v} motor.`, (a, v) => `${a} needs ${v} of electrical power.`, (a, v) => `The motor of ${a} is rated at ${v}.`],
    labels: ['Motor rating', 'Drive power', 'Power'],
    column: { header: ['Power (kW)', 'Motor (kW)'], cell: bare },
    ask: [(a) => `How powerful is the motor of ${a}?`, (a) => `How many kilowatts does ${a} draw?`, (a) => `What is the drive power of ${a}?`, (a) => `How much electrical power does ${a} need?`],
    noun: ['motor rating', 'drive power'],
    about: ['how powerful is its motor', 'how many kW does it draw'],
  },
  engineer: {
    type: 'person',
    value: (d) => ({ said: `${d.one(FIRST)} ${d.word()}`, gold: '' }),
    says: [(a, v) => `${v} is the engineer who looks after ${a}.`, (a, v) => `${a} is the responsibility of ${v}.`, (a, v) => `The engineer in charge of ${a} is ${v}.`],
    labels: ['Responsible engineer', 'Engineer in charge', 'Contact engineer'],
    ask: [(a) => `Who is in charge of ${a}?`, (a) => `Which engineer looks after ${a}?`, (a) => `Who is the responsible engineer for ${a}?`, (a) => `Which person is responsible for ${a}?`],
    noun: ['responsible engineer', 'engineer in charge'],
    about: ['who looks after it', 'who is its engineer'],
  },
  site: {
    type: 'place',
    value: (d) => ({ said: d.word(), gold: '' }),
    says: [(a, v) => `${a} operates at the ${v} works.`, (a, v) => `${a} can be found in ${v}.`, (a, v) => `${a} is installed at the ${v} site.`],
    labels: ['Site', 'Location', 'Installed at'],
    ask: [(a) => `At which site is ${a}?`, (a) => `Where does ${a} operate?`, (a) => `In which town is ${a} located?`, (a) => `What is the location of ${a}?`],
    noun: ['site', 'location'],
    about: ['where is it', 'at which site does it run'],
  },
  startup: {
    type: 'date',
    value: (d) => ({ said: `${d.int(1, 28)} ${d.one(MONTHS)} ${d.int(1986, 2024)}`, gold: '' }),
    says: [(a, v) => `${a} was taken into operation on ${v}.`, (a, v) => `${a} started up on ${v}.`, (a, v) => `The start-up of ${a} took place on ${v}.`],
    labels: ['Start-up date', 'In operation since', 'Commissioned'],
    ask: [(a) => `On which date did ${a} start up?`, (a) => `What was the start-up date of ${a}?`, (a) => `When exactly was ${a} taken into operation?`, (a) => `What day did ${a} go into operation?`],
    noun: ['start-up date', 'date it went into operation'],
    about: ['on which date did it start up', 'when was it taken into operation'],
  },
  price: {
    type: 'money',
    value: (d) => ({ said: `EUR ${thousands(d.int(6, 950) * 1000)}`, gold: '' }),
    says: [(a, v) => `${a} was acquired for ${v}.`, (a, v) => `The price paid for ${a} was ${v}.`, (a, v) => `${a} cost ${v} to purchase.`],
    labels: ['Purchase price', 'Price paid', 'Acquisition cost'],
    column: { header: ['Price (EUR)', 'Purchase price (EUR)'], cell: bare },
    ask: [(a) => `What was paid for ${a}?`, (a) => `How much did ${a} cost?`, (a) => `What was the acquisition cost of ${a}?`, (a) => `At what price was ${a} bought?`],
    noun: ['purchase price', 'acquisition cost'],
    about: ['what did it cost', 'how much was paid for it'],
  },
  capacity: {
    type: 'rate',
    value: (d) => ({ said: `${d.int(4, 900)} m3/h`, gold: '' }),
    says: [(a, v) => `${a} handles ${v}.`, (a, v) => `${a} delivers up to ${v}.`, (a, v) => `The capacity of ${a} is ${v}.`],
    labels: ['Capacity', 'Throughput', 'Rated flow'],
    column: { header: ['Capacity (m3/h)', 'Flow (m3/h)'], cell: bare },
    ask: [(a) => `What throughput does ${a} manage?`, (a) => `How many m3/h can ${a} handle?`, (a) => `How much can ${a} deliver per hour?`, (a) => `What is the capacity of ${a} per hour?`],
    noun: ['capacity', 'throughput per hour'],
    about: ['how much can it deliver per hour', 'what is its throughput'],
  },
};
const KEYS = Object.keys(FACTS) as Key[];
/** Facts that share words with another fact: asked where only the other is stated, the answer is "not found". */
const NEIGHBOURS: Partial<Record<Key, Key[]>> = { inspection: ['service'], service: ['inspection'], warranty: ['life'], life: ['warranty'], year: ['startup'], startup: ['year'], installer: ['engineer'], engineer: ['installer'] };

type Layout = 'narrative' | 'key-data' | 'data-sheet' | 'register';
const LAYOUTS: Layout[] = ['narrative', 'key-data', 'data-sheet', 'register'];
const FILLER = [
  'Dates and intervals follow the maintenance plan in force this year.',
  'All units are covered by the plant insurance.',
  'Readings are logged by the operators on every shift.',
  'Work permits are issued by the site office.',
  'Spare parts are ordered through the central store.',
];

const SPACING = { top: 750, bottom: 70, gap: 15, titleExtra: 7, needStep: 16 };

interface Stated {
  value: { said: string; gold: string };
  page: number;
  /** Read from a table cell. */
  cell: boolean;
}
interface Unit {
  name: string;
  facts: Map<Key, Stated>;
}

const gold = (s: Stated): string => s.value.gold || s.value.said;
const noMark = (s: string): string => s.replace(/[?.]$/, '');

/** Two-part shapes: a whole first question, then the second fact as a question about "it" or as a noun phrase. */
const TWO: Array<(a: string, q1: string, about2: string, n1: string, n2: string) => string> = [
  (_a, q1, about2) => `${noMark(q1)}, and ${about2}?`,
  (_a, q1, about2) => `${noMark(q1)}? And ${about2}?`,
  (_a, q1, about2) => `${noMark(q1)} - also, ${about2}?`,
  (a, _q1, _about2, n1, n2) => `I need two things about ${a}: the ${n1} and the ${n2}.`,
  (_a, q1, about2) => `${noMark(q1)}; ${about2}?`,
  (a, _q1, _about2, n1, n2) => `What are the ${n1} and the ${n2} of ${a}?`,
  (a, _q1, about2, n1) => `Give me the ${n1} of ${a}, and tell me ${about2}.`,
  (a, _q1, _about2, n1, n2) => `${a}: ${n1} and ${n2}?`,
];

export function generateDocs8Set(count = 20, seed = 0x8d08): { docs: HardDocument[]; items: HardItem[] } {
  const d = new Draw(lcg32(seed), SYL);
  const qd = new Draw(lcg32(seed ^ 0x5a5a), SYL);
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const tag = (kind: string): string => d.unique(() => `${kind} ${String.fromCharCode(65 + d.int(0, 25))}${String.fromCharCode(65 + d.int(0, 25))}-${d.int(100, 999)}`);
  for (let doc = 0; doc < count; doc++) {
    const layout = LAYOUTS[doc % LAYOUTS.length]!;
    const plant = d.word();
    const out = new LinePages(SPACING);
    out.line(`${d.one(['Asset register', 'Maintenance file', 'Equipment records', 'Unit handbook'])} - ${plant} plant`, 14);
    for (const f of d.shuffle(FILLER).slice(0, 2)) out.line(f);
    const units: Unit[] = [];
    const sisters: Unit[] = [];
    const n = d.int(3, 5);
    for (let i = 0; i < n; i++) {
      const kind = d.one(KINDS);
      const name = tag(kind);
      const facts = new Map<Key, Stated>();
      for (const k of d.shuffle(KEYS).slice(0, d.int(6, 9))) facts.set(k, { value: FACTS[k].value(d), page: 0, cell: false });
      units.push({ name, facts });
      // A sister unit of the same kind, stating two or three facts, at least one its sister lacks.
      const lacking = KEYS.filter((k) => !facts.has(k));
      const sisterFacts = new Map<Key, Stated>();
      for (const k of [d.one(lacking), ...d.shuffle(KEYS).slice(0, d.int(1, 2))]) sisterFacts.set(k, { value: FACTS[k].value(d), page: 0, cell: false });
      sisters.push({ name: tag(kind), facts: sisterFacts });
    }
    const sisterLine = (s: Unit): string[] => {
      const [first, ...rest] = [...s.facts];
      const lines = [`Its sister unit ${s.name} is a separate machine of the same type.`];
      for (const [k, v] of [first!, ...rest]) {
        lines.push(d.one(FACTS[k].says)(s.name, v.value.said));
      }
      return lines;
    };
    const statedAt = (s: Unit, k: Key, page: number, cell = false): void => {
      const v = s.facts.get(k)!;
      v.page = page;
      v.cell = cell;
    };
    if (layout === 'register') {
      // One table of every unit and sister unit: the quantity facts with a column, the rest in sentences.
      const cols = d.shuffle(KEYS.filter((k) => FACTS[k].column)).slice(0, 3);
      const rows = d.shuffle([...units, ...sisters]);
      // A register row needs every column: a unit lacking one gets it (stated in the table).
      for (const u of rows) for (const k of cols) if (!u.facts.has(k)) u.facts.set(k, { value: FACTS[k].value(d), page: 0, cell: true });
      out.line(`The register below lists the ${units.length} units of the plant and their sister units elsewhere.`);
      const headers = cols.map((k) => d.one(FACTS[k].column!.header));
      const page = out.table(`Table ${doc + 1}: ${d.one(['Unit register', 'Register of units', 'Installed base'])}`, [
        [d.one(['Unit', 'Tag', 'Equipment']), ...headers],
        ...rows.map((u) => [u.name, ...cols.map((k) => FACTS[k].column!.cell(u.facts.get(k)!.value.said))]),
      ]);
      for (const u of rows)
        for (const k of cols) {
          statedAt(u, k, page, true);
          // The register shows the bare number (its unit is in the header): that is the answer.
          const v = u.facts.get(k)!;
          v.value = { said: v.value.said, gold: FACTS[k].column!.cell(v.value.said) };
        }
      units.forEach((u, i) => {
        out.need(8);
        out.line(u.name, 12);
        for (const [k, v] of d.shuffle([...u.facts].filter(([k]) => !cols.includes(k)))) statedAt(u, k, out.line(d.one(FACTS[k].says)(u.name, v.value.said)));
        const s = sisters[i]!;
        for (const [k, v] of [...s.facts].filter(([k]) => !cols.includes(k))) statedAt(s, k, out.line(d.one(FACTS[k].says)(s.name, v.value.said)));
      });
    } else {
      units.forEach((u, i) => {
        const s = sisters[i]!;
        if (layout === 'narrative') {
          out.need(u.facts.size + 6);
          out.line(u.name, 12);
          let first = true;
          for (const [k, v] of d.shuffle([...u.facts])) {
            const say = d.one(FACTS[k].says);
            // After the first sentence, one that opens with the name may say "It" (read with the heading's name).
            const mark = say('\u0001', v.value.said);
            const text = !first && mark.startsWith('\u0001') && d.r() < 0.6 ? mark.replace('\u0001', 'It') : say(u.name, v.value.said);
            statedAt(u, k, out.line(text));
            first = false;
            if (d.r() < 0.2) out.line(d.one(FILLER));
          }
        } else if (layout === 'key-data') {
          out.need(u.facts.size + 6);
          out.line(`${u.name} - ${d.one(['key data', 'main data', 'facts'])}`, 12);
          for (const [k, v] of d.shuffle([...u.facts])) statedAt(u, k, out.line(`${d.one(FACTS[k].labels)}: ${v.value.said}`));
        } else {
          const rows = d.shuffle([...u.facts]).map(([k, v]) => [d.one(FACTS[k].labels), v.value.said]);
          const page = out.table(`Table ${doc + 1}.${i + 1}: ${d.one(['Data sheet', 'Technical data', 'Unit data'])} of ${u.name}`, [[d.one(['Property', 'Item', 'Parameter']), 'Value'], ...rows]);
          for (const k of u.facts.keys()) statedAt(u, k, page, true);
        }
        const lines = sisterLine(s);
        out.need(lines.length);
        let k = 0;
        for (const line of lines) {
          const page = out.line(line);
          if (k > 0) statedAt(s, [...s.facts.keys()][k - 1]!, page);
          k++;
        }
      });
    }
    for (const f of d.shuffle(FILLER).slice(0, 2)) out.line(f);
    while (out.pages.length < 3) {
      out.newPage();
      for (const f of FILLER.slice(0, 3)) out.line(f);
    }
    docs.push({ name: `${plant} ${layout} file.pdf`, pages: out.pages.map((c) => ({ content: c.join('') }) satisfies PageSpec) });

    // Questions, from their own stream.
    const ask = (question: string, answers: string[], category: HardItem['category'], type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'docs8', doc, pages });
    const single = (u: Unit, k: Key): void => {
      const v = u.facts.get(k)!;
      ask(qd.one(FACTS[k].ask)(u.name), [gold(v)], v.cell ? 'table' : 'paraphrased', FACTS[k].type, [v.page]);
    };
    units.forEach((u, i) => {
      const keys = qd.shuffle([...u.facts.keys()]);
      // Durations first: the kind asked most.
      const durations = keys.filter((k) => FACTS[k].type === 'duration');
      const singles = [...new Set([...durations.slice(0, 1), ...keys])].slice(0, 3);
      for (const k of singles) single(u, k);
      const [k1, k2] = qd.shuffle(keys);
      if (k1 && k2 && qd.r() < 0.8) {
        const [v1, v2] = [u.facts.get(k1)!, u.facts.get(k2)!];
        const q = qd.one(TWO)(u.name, qd.one(FACTS[k1].ask)(u.name), qd.one(FACTS[k2].about), qd.one(FACTS[k1].noun), qd.one(FACTS[k2].noun));
        ask(q, [gold(v1), gold(v2)], 'two-part', 'two-part', [v1.page, v2.page]);
      }
      // Absent: what only the sister unit states, and a fact that shares words with a stated one.
      const s = sisters[i]!;
      const sisterOnly = [...s.facts.keys()].filter((k) => !u.facts.has(k));
      if (sisterOnly.length && qd.r() < 0.7) ask(qd.one(FACTS[qd.one(sisterOnly)].ask)(u.name), [], 'absent', 'absent', []);
      const near = [...u.facts.keys()].flatMap((k) => NEIGHBOURS[k] ?? []).filter((k) => !u.facts.has(k));
      if (near.length && qd.r() < 0.6) ask(qd.one(FACTS[qd.one(near)].ask)(u.name), [], 'absent', 'absent', []);
      // The sister's own stated fact, asked about the sister: answered from its sentence or row.
      if (qd.r() < 0.4) single(s, qd.one([...s.facts.keys()]));
    });
  }
  return { docs, items };
}
