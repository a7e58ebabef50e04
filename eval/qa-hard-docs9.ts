// docs9 (issue 15, branch issue-15al, written 2026-11-30 before the engine was asked any of it): a
// TRAINING split of new documents and new question wordings. New asset kinds (some of two words:
// "Cooling tower 4K17"), tags of digit-letter-digits, and facts no other set states (maker and year
// built, design pressure, temperature, speed, last overhaul, owner, operator, hall, energy use,
// availability, upkeep budget, emergency supply, planned replacement). Three layouts, one per file in
// turn: prose paragraphs wrapped at the page width (a sentence may run over a line end), sentences
// that state two facts at once or in an apposition, later ones saying "The unit" / "This kiln";
// bullet lists with other labels and dotted leaders; and compact lines of semicolon-separated
// entries ("built 1998 by X; 16 bar; ..."). Questions written as another person would: other
// synonyms, passive voice, nominalisations, "what's", "could you tell me", the object first; two
// parts joined by "as well as", a dash, "; also,", "both ... and", "plus", a possessive, a pronoun
// or an ellipsis for the asset; absent facts (stated for another unit of the file, or a
// neighbour of a stated one). Own syllables, kinds and seed. Asked only when --split names docs9.
import type { PageSpec } from '../test/fixtures/pdf-builder.js';
import { LinePages } from './qa-hard-pages.js';
import type { HardDocument, HardItem } from './qa-hard-set.js';
import { Draw, lcg32, MONTHS, thousands } from './qa-hard-draw.js';

const SYL = ['pel', 'qu', 'ari', 'won', 'ste', 'lox', 'mi', 'drav', 'cen', 'ott', 'rhu', 'bal'];
const KINDS = ['Autoclave', 'Furnace', 'Winch', 'Pelletiser', 'Cooling tower', 'Heat exchanger', 'Clarifier', 'Granulator', 'Kneader', 'Dust collector'];
const FIRST = ['Petra', 'Ismo', 'Carla', 'Dario', 'Wiebke', 'Ruben', 'Selma', 'Fabian', 'Noor', 'Teodor'];
const ORG = ['Werke', 'Industries', 'Fabrication', 'Systems', 'Utilities', 'Holdings'];

type Key = 'built' | 'maker' | 'pressure' | 'temperature' | 'speed' | 'overhaul' | 'owner' | 'operator' | 'hall' | 'energy' | 'availability' | 'budget' | 'emergency' | 'replace';

interface Fact {
  type: HardItem['type'];
  /** The value as written, and the gold answer when only part of it must be given. */
  value: (d: Draw) => { said: string; gold?: string };
  /** Sentences stating the fact (the asset first where possible: those may refer back). */
  says: Array<(a: string, v: string) => string>;
  /** Bullet labels, and the short entry of a compact line. */
  labels: string[];
  entry: (v: string) => string;
  /** Single questions. */
  ask: Array<(a: string) => string>;
  /** The fact as a noun phrase (no article), and a question about "it" (lower case, no mark). */
  noun: string[];
  about: string[];
}

const FACTS: Record<Key, Fact> = {
  built: {
    type: 'year',
    value: (d) => ({ said: String(d.int(1972, 2021)) }),
    says: [(a, v) => `${a} was manufactured in ${v}.`, (a, v) => `${a} dates from ${v}.`, (a, v) => `The year of manufacture of ${a} is ${v}.`],
    labels: ['Year of manufacture', 'Built', 'Manufactured'],
    entry: (v) => `built ${v}`,
    ask: [
      (a) => `What's the year of manufacture of ${a}?`,
      (a) => `When was ${a} built?`,
      (a) => `Could you tell me the year ${a} was produced?`,
      (a) => `${a} - how old is it, what year was it made?`,
      (a) => `In what year was ${a} fabricated?`,
    ],
    noun: ['year of manufacture', 'build year'],
    about: ['when was it built', 'what year was it made'],
  },
  maker: {
    type: 'organisation',
    value: (d) => ({ said: `${d.word()} ${d.one(ORG)}` }),
    says: [(a, v) => `${a} was made by ${v}.`, (a, v) => `${v} is the manufacturer of ${a}.`, (a, v) => `The maker of ${a} is ${v}.`],
    labels: ['Manufacturer', 'Made by', 'Maker'],
    entry: (v) => `made by ${v}`,
    ask: [
      (a) => `Who manufactured ${a}?`,
      (a) => `By which company was ${a} produced?`,
      (a) => `What's the name of the manufacturer of ${a}?`,
      (a) => `Could you tell me who makes ${a}?`,
      (a) => `The maker of ${a} - who is it?`,
    ],
    noun: ['manufacturer', 'maker'],
    about: ['who made it', 'which firm manufactured it'],
  },
  pressure: {
    type: 'quantity',
    value: (d) => ({ said: `${d.int(2, 64)} bar` }),
    says: [(a, v) => `${a} works at a pressure of ${v}.`, (a, v) => `The design pressure of ${a} is ${v}.`, (a, v) => `${a} is rated for ${v}.`],
    labels: ['Design pressure', 'Working pressure', 'Pressure rating'],
    entry: (v) => `${v} design pressure`,
    ask: [
      (a) => `What pressure is ${a} designed for?`,
      (a) => `How many bar can ${a} withstand?`,
      (a) => `What's the pressure rating of ${a}?`,
      (a) => `At what pressure is ${a} operated?`,
      (a) => `Could you tell me the working pressure of ${a}?`,
    ],
    noun: ['design pressure', 'pressure rating'],
    about: ['what pressure is it rated for', 'how many bar does it take'],
  },
  temperature: {
    type: 'quantity',
    value: (d) => {
      const n = String(d.int(40, 980));
      return { said: `${n} deg C`, gold: n };
    },
    says: [(a, v) => `${a} runs at a temperature of ${v}.`, (a, v) => `The maximum operating temperature of ${a} is ${v}.`, (a, v) => `${a} is heated to ${v} in operation.`],
    labels: ['Operating temperature', 'Max. temperature', 'Temperature'],
    entry: (v) => `${v} max.`,
    ask: [
      (a) => `How hot does ${a} get?`,
      (a) => `What temperature does ${a} reach when operating?`,
      (a) => `What's the operating temperature of ${a}?`,
      (a) => `To what temperature is ${a} heated?`,
    ],
    noun: ['operating temperature', 'maximum temperature'],
    about: ['how hot does it get', 'what temperature does it run at'],
  },
  speed: {
    type: 'rate',
    value: (d) => ({ said: `${thousands(d.int(12, 300) * 10)} rpm` }),
    says: [(a, v) => `${a} turns at ${v}.`, (a, v) => `The rotational speed of ${a} is ${v}.`, (a, v) => `${a} has a nominal speed of ${v}.`],
    labels: ['Speed', 'Rotational speed', 'Nominal speed'],
    entry: (v) => `${v}`,
    ask: [
      (a) => `How fast does ${a} rotate?`,
      (a) => `What's the rotational speed of ${a}?`,
      (a) => `At how many revolutions per minute does ${a} turn?`,
      (a) => `The speed of ${a}, what is it?`,
    ],
    noun: ['rotational speed', 'speed in rpm'],
    about: ['how fast does it turn', 'what speed does it run at'],
  },
  overhaul: {
    type: 'date',
    value: (d) => ({ said: `${d.int(1, 28)} ${d.one(MONTHS)} ${d.int(2008, 2025)}` }),
    says: [(a, v) => `${a} was last overhauled on ${v}.`, (a, v) => `The most recent overhaul of ${a} took place on ${v}.`, (a, v) => `${a} received its last overhaul on ${v}.`],
    labels: ['Last overhaul', 'Overhauled', 'Latest overhaul'],
    entry: (v) => `overhauled ${v}`,
    ask: [
      (a) => `When was the last overhaul of ${a}?`,
      (a) => `On what date was ${a} most recently overhauled?`,
      (a) => `What's the date of the latest overhaul carried out on ${a}?`,
      (a) => `When did ${a} last get overhauled?`,
    ],
    noun: ['date of the last overhaul', 'last overhaul date'],
    about: ['when was it last overhauled', 'on what date was its last overhaul'],
  },
  owner: {
    type: 'organisation',
    value: (d) => ({ said: `${d.word()} ${d.one(ORG)}` }),
    says: [(a, v) => `${a} is owned by ${v}.`, (a, v) => `${v} is the owner of ${a}.`, (a, v) => `The owner of ${a} is ${v}.`],
    labels: ['Owner', 'Owned by', 'Asset owner'],
    entry: (v) => `owned by ${v}`,
    ask: [
      (a) => `Who owns ${a}?`,
      (a) => `Which company is ${a} owned by?`,
      (a) => `Could you tell me the owner of ${a}?`,
      (a) => `${a} belongs to which company?`,
    ],
    noun: ['owner', 'owning company'],
    about: ['who owns it', 'which company does it belong to'],
  },
  operator: {
    type: 'person',
    value: (d) => ({ said: `${d.one(FIRST)} ${d.word()}` }),
    says: [(a, v) => `${a} is operated by ${v}.`, (a, v) => `${v} operates ${a}.`, (a, v) => `The operator of ${a} is ${v}.`],
    labels: ['Operator', 'Operated by', 'Operator in charge'],
    entry: (v) => `operator ${v}`,
    ask: [
      (a) => `Who operates ${a}?`,
      (a) => `Who is ${a} run by?`,
      (a) => `What's the name of the person operating ${a}?`,
      (a) => `Which person works ${a}?`,
    ],
    noun: ['operator', 'operator in charge'],
    about: ['who runs it', 'who operates it'],
  },
  hall: {
    type: 'place',
    value: (d) => ({ said: d.word() }),
    says: [(a, v) => `${a} stands in the ${v} hall.`, (a, v) => `${a} is housed in the ${v} hall.`, (a, v) => `The ${v} hall is where ${a} is set up.`],
    labels: ['Hall', 'Location', 'Housed in'],
    entry: (v) => `${v} hall`,
    ask: [
      (a) => `In which hall is ${a} housed?`,
      (a) => `Where does ${a} stand?`,
      (a) => `Which hall is ${a} located in?`,
      (a) => `Could you tell me where ${a} is kept?`,
    ],
    noun: ['hall', 'location'],
    about: ['where is it', 'which hall is it in'],
  },
  energy: {
    type: 'rate',
    value: (d) => ({ said: `${thousands(d.int(12, 4800))} MWh per year` }),
    says: [(a, v) => `${a} uses ${v}.`, (a, v) => `The energy consumption of ${a} is ${v}.`, (a, v) => `${a} consumes about ${v}.`],
    labels: ['Energy use', 'Energy consumption', 'Consumption'],
    entry: (v) => `${v}`,
    ask: [
      (a) => `How much energy does ${a} consume annually?`,
      (a) => `What's the yearly energy consumption of ${a}?`,
      (a) => `How many MWh does ${a} use in a year?`,
      (a) => `Energy used by ${a} per year?`,
    ],
    noun: ['annual energy use', 'energy consumption'],
    about: ['how much energy does it use', 'what does it consume per year'],
  },
  availability: {
    type: 'percentage',
    value: (d) => ({ said: `${d.int(71, 99)}%` }),
    says: [(a, v) => `The availability of ${a} is ${v}.`, (a, v) => `${a} was available ${v} of the time last year.`, (a, v) => `${a} reached an availability of ${v}.`],
    labels: ['Availability', 'Uptime', 'Availability last year'],
    entry: (v) => `${v} available`,
    ask: [
      (a) => `How available was ${a} last year?`,
      (a) => `What's the availability of ${a}?`,
      (a) => `What percentage of the time was ${a} available?`,
      (a) => `What uptime did ${a} achieve?`,
    ],
    noun: ['availability', 'uptime'],
    about: ['how available was it', 'what uptime did it reach'],
  },
  budget: {
    type: 'money',
    value: (d) => ({ said: `EUR ${thousands(d.int(2, 400) * 500)}` }),
    says: [(a, v) => `The annual maintenance budget of ${a} is ${v}.`, (a, v) => `${v} a year is set aside for the upkeep of ${a}.`, (a, v) => `${a} has a yearly maintenance budget of ${v}.`],
    labels: ['Maintenance budget', 'Annual upkeep budget', 'Budget per year'],
    entry: (v) => `budget ${v} a year`,
    ask: [
      (a) => `How much is budgeted each year to maintain ${a}?`,
      (a) => `What's the yearly upkeep budget for ${a}?`,
      (a) => `How much money is set aside annually for the maintenance of ${a}?`,
      (a) => `Could you tell me the maintenance budget of ${a}?`,
    ],
    noun: ['maintenance budget', 'annual upkeep budget'],
    about: ['how much is budgeted for its upkeep', 'what is its maintenance budget'],
  },
  emergency: {
    type: 'yes/no',
    value: (d) => ({ said: d.one(['Yes', 'No']) }),
    says: [
      (a, v) => (v === 'Yes' ? `${a} is connected to the emergency power supply.` : `${a} is not connected to the emergency power supply.`),
      (a, v) => (v === 'Yes' ? `${a} is fed from the emergency power supply.` : `${a} has no connection to the emergency power supply.`),
    ],
    labels: ['Emergency power', 'On emergency supply', 'Emergency supply'],
    entry: (v) => (v === 'Yes' ? 'on emergency power' : 'no emergency power'),
    ask: [
      (a) => `Is ${a} connected to the emergency power supply?`,
      (a) => `Is ${a} on emergency power?`,
      (a) => `Does ${a} have a connection to the emergency power supply?`,
    ],
    noun: ['emergency power connection'],
    about: ['is it on emergency power'],
  },
  replace: {
    type: 'year',
    value: (d) => ({ said: String(d.int(2027, 2045)) }),
    says: [(a, v) => `${a} is due for replacement in ${v}.`, (a, v) => `The replacement of ${a} is planned for ${v}.`, (a, v) => `${a} will be replaced in ${v}.`],
    labels: ['Planned replacement', 'Replacement due', 'To be replaced'],
    entry: (v) => `replacement ${v}`,
    ask: [
      (a) => `When will ${a} be replaced?`,
      (a) => `In which year is the replacement of ${a} planned?`,
      (a) => `What's the planned replacement year of ${a}?`,
      (a) => `By when is ${a} due to be swapped out?`,
    ],
    noun: ['planned replacement year', 'replacement date'],
    about: ['when will it be replaced', 'when is its replacement due'],
  },
};
const KEYS = Object.keys(FACTS) as Key[];
/** Facts that share words or a type with another: asked where only the other is stated, the answer is "not found". */
const NEIGHBOURS: Partial<Record<Key, Key[]>> = { built: ['replace'], replace: ['built'], maker: ['owner'], owner: ['maker'], pressure: ['temperature'], temperature: ['pressure'], energy: ['budget'], overhaul: ['replace'] };

/** Two facts in one sentence, or one in an apposition. */
const PAIRS: Array<{ keys: [Key, Key]; say: (a: string, v1: string, v2: string) => string }> = [
  { keys: ['maker', 'built'], say: (a, m, y) => `${a} was manufactured by ${m} in ${y}.` },
  { keys: ['built', 'maker'], say: (a, y, m) => `Built in ${y} by ${m}, ${a} is still in service.` },
  { keys: ['pressure', 'temperature'], say: (a, p, t) => `${a} operates at ${p} and ${t}.` },
  { keys: ['operator', 'hall'], say: (a, o, h) => `${a}, operated by ${o}, stands in the ${h} hall.` },
  { keys: ['owner', 'budget'], say: (a, o, b) => `Owned by ${o}, ${a} has an upkeep budget of ${b} a year.` },
];

type Layout = 'prose' | 'bullets' | 'compact';
const LAYOUTS: Layout[] = ['prose', 'bullets', 'compact'];
const FILLER = [
  'This summary was drawn up for the annual asset review.',
  'Figures are taken from the plant management system and the suppliers.',
  'Questions about this file go to the maintenance office.',
  'Units marked for replacement stay in service until then.',
  'The review covers every unit in the production area.',
];

const SPACING = { top: 750, bottom: 70, gap: 14, titleExtra: 8, needStep: 14 };
const WIDTH = 92;

/** Words filled into lines of at most `width` characters. */
function wrap(text: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

interface Unit {
  name: string;
  kind: string;
  facts: Map<Key, { said: string; gold: string; page: number }>;
}

const noMark = (s: string): string => s.replace(/[?.]$/, '');

/** Two-part shapes: the first part as a whole question, the second as a noun phrase or a question about "it". */
type Two = (a: string, q1: string, n1: string, n2: string, about2: string) => string;
const TWO: Two[] = [
  (_a, q1, _n1, n2) => `${noMark(q1)}, as well as its ${n2}?`,
  (_a, q1, _n1, _n2, about2) => `${noMark(q1)} - and ${about2}?`,
  (_a, q1, _n1, _n2, about2) => `${noMark(q1)}; also, ${about2}?`,
  (a, _q1, n1, n2) => `Could you tell me both the ${n1} and the ${n2} of ${a}?`,
  (_a, q1, _n1, n2) => `${noMark(q1)}, plus the ${n2}?`,
  (_a, q1, _n1, n2) => `${noMark(q1)}, and the ${n2}?`,
  (a, _q1, n1, n2) => `For ${a}: what's the ${n1}, and what's the ${n2}?`,
  (a, _q1, n1, n2) => `What are ${a}'s ${n1} and ${n2}?`,
  (_a, q1, _n1, n2) => `${noMark(q1)}? I also need its ${n2}.`,
  (_a, q1, _n1, n2) => `${noMark(q1)}, and what about its ${n2}?`,
  (a, _q1, n1, _n2, about2) => `I'd like to know the ${n1} of ${a} and also ${about2}.`,
  (a, _q1, n1, n2) => `Both the ${n1} and the ${n2} of ${a}, please.`,
  (a, _q1, n1, n2) => `The ${n1} of ${a} plus its ${n2}?`,
];

export function generateDocs9Set(count = 21, seed = 0x9d09): { docs: HardDocument[]; items: HardItem[] } {
  const d = new Draw(lcg32(seed), SYL);
  const qd = new Draw(lcg32(seed ^ 0x3c3c), SYL);
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const tag = (kind: string): string => d.unique(() => `${kind} ${d.int(1, 9)}${String.fromCharCode(65 + d.int(0, 25))}${d.int(10, 99)}`);
  for (let doc = 0; doc < count; doc++) {
    const layout = LAYOUTS[doc % LAYOUTS.length]!;
    const plant = d.word();
    const out = new LinePages(SPACING);
    out.line(`${d.one(['Asset review', 'Equipment summary', 'Plant unit overview'])}: ${plant} works`, 14);
    for (const f of d.shuffle(FILLER).slice(0, 2)) out.line(f);
    out.gap();
    const units: Unit[] = [];
    for (let i = 0, n = d.int(3, 5); i < n; i++) {
      const kind = d.one(KINDS);
      const facts = new Map<Key, { said: string; gold: string; page: number }>();
      for (const k of d.shuffle(KEYS).slice(0, d.int(6, 9))) {
        const v = FACTS[k].value(d);
        facts.set(k, { said: v.said, gold: v.gold ?? v.said, page: 0 });
      }
      units.push({ name: tag(kind), kind, facts });
    }
    for (const u of units) {
      const keys = d.shuffle([...u.facts.keys()]);
      if (layout === 'prose') {
        // Sentences, some stating two facts; later ones may name the unit "The unit" or "This <kind>".
        const done = new Set<Key>();
        const sentences: Array<{ text: string; keys: Key[] }> = [];
        for (const k of keys) {
          if (done.has(k)) continue;
          const pair = PAIRS.find((p) => p.keys[0] === k && u.facts.has(p.keys[1]) && !done.has(p.keys[1]));
          if (pair && d.r() < 0.7) {
            sentences.push({ text: pair.say('\u0001', u.facts.get(pair.keys[0])!.said, u.facts.get(pair.keys[1])!.said), keys: pair.keys });
            pair.keys.forEach((x) => done.add(x));
          } else {
            sentences.push({ text: d.one(FACTS[k].says)('\u0001', u.facts.get(k)!.said), keys: [k] });
            done.add(k);
          }
        }
        const back = [`The unit`, `This ${u.kind.toLowerCase()}`];
        const texts = sentences.map((s, i) => (i > 0 && s.text.startsWith('\u0001') && d.r() < 0.4 ? s.text.replace('\u0001', d.one(back)) : s.text.replace('\u0001', u.name)));
        const lines = wrap(texts.join(' '));
        out.need(lines.length + 2);
        const page = out.line(u.name, 12);
        for (const l of lines) out.line(l);
        for (const k of u.facts.keys()) u.facts.get(k)!.page = page;
      } else if (layout === 'bullets') {
        out.need(keys.length + 2);
        const page = out.line(`${u.name} (${d.one(['summary', 'key figures', 'at a glance'])})`, 12);
        const dotted = d.r() < 0.5;
        for (const k of keys) {
          const label = d.one(FACTS[k].labels);
          out.line(dotted ? `${label} ${'.'.repeat(Math.max(3, 34 - label.length))} ${u.facts.get(k)!.said}` : `- ${label}: ${u.facts.get(k)!.said}`);
          u.facts.get(k)!.page = page;
        }
      } else {
        const text = `${u.name}: ${keys.map((k) => FACTS[k].entry(u.facts.get(k)!.said)).join('; ')}.`;
        const lines = wrap(text);
        out.need(lines.length);
        const page = out.line(lines[0]!);
        for (const l of lines.slice(1)) out.line(l);
        for (const k of u.facts.keys()) u.facts.get(k)!.page = page;
      }
      out.gap();
      if (d.r() < 0.3) out.line(d.one(FILLER));
    }
    for (const f of d.shuffle(FILLER).slice(0, 2)) out.line(f);
    while (out.pages.length < 3) {
      out.newPage();
      for (const f of FILLER.slice(0, 3)) out.line(f);
    }
    docs.push({ name: `${plant} ${layout} review.pdf`, pages: out.pages.map((c) => ({ content: c.join('') }) satisfies PageSpec) });

    // Questions, from their own stream.
    const ask = (question: string, answers: string[], category: HardItem['category'], type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'docs9', doc, pages });
    for (const u of units) {
      const keys = qd.shuffle([...u.facts.keys()]);
      for (const k of keys.slice(0, 3)) {
        const v = u.facts.get(k)!;
        ask(qd.one(FACTS[k].ask)(u.name), [v.gold], 'paraphrased', FACTS[k].type, [v.page]);
      }
      const two = keys.filter((k) => k !== 'emergency');
      for (let t = 0; t < 2 && two.length >= 2; t++) {
        if (t === 1 && qd.r() < 0.5) break;
        const [k1, k2] = qd.shuffle(two);
        const [v1, v2] = [u.facts.get(k1!)!, u.facts.get(k2!)!];
        const q = qd.one(TWO)(u.name, qd.one(FACTS[k1!].ask)(u.name), qd.one(FACTS[k1!].noun), qd.one(FACTS[k2!].noun), qd.one(FACTS[k2!].about));
        ask(q, [v1.gold, v2.gold], 'two-part', 'two-part', [v1.page, v2.page]);
      }
      // Absent: a fact another unit of the file states, or a neighbour of a stated one.
      const others = [...new Set(units.filter((x) => x !== u).flatMap((x) => [...x.facts.keys()]))].filter((k) => !u.facts.has(k));
      if (others.length && qd.r() < 0.5) ask(qd.one(FACTS[qd.one(others)].ask)(u.name), [], 'absent', 'absent', []);
      const near = [...u.facts.keys()].flatMap((k) => NEIGHBOURS[k] ?? []).filter((k) => !u.facts.has(k));
      if (near.length && qd.r() < 0.5) ask(qd.one(FACTS[qd.one(near)].ask)(u.name), [], 'absent', 'absent', []);
    }
  }
  return { docs, items };
}
