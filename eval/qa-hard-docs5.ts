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
import type { AnswerType, HardCategory, HardDocument, HardItem } from './qa-hard-set.js';
import { Draw, MONTHS, mulberry, thousands } from './qa-hard-draw.js';

const KINDS = ['Pump', 'Boiler', 'Compressor', 'Heat Exchanger', 'Blower', 'Cooling Tower', 'Chiller', 'Dryer', 'Scrubber', 'Evaporator', 'Condenser', 'Fan'];
const SYL = ['hol', 'mvik', 'ebo', 'sand', 'gran', 'fors', 'ek', 'ham', 'rby', 'stro', 'lin', 'ang', 'skog', 'vall', 'bro', 'tun', 'ask', 'myr'];
const FIRST = ['Freja', 'Gustav', 'Linnea', 'Per', 'Ebba', 'Henrik', 'Sigrid', 'Mats', 'Tove', 'Viktor', 'Alva', 'Oskar'];
const INSTALLERS = ['Process Services', 'Installation Group', 'Contracting', 'Montage AB', 'Field Services', 'Plant Erectors'];
const MAKERS = ['Works', 'Fabrik', 'Manufacturing', 'Maskin', 'Industries', 'Apparatebau'];
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

type Fact5 = 'year' | 'installer' | 'manufacturer' | 'interval' | 'mass' | 'power' | 'flow' | 'pressure' | 'cost' | 'efficiency' | 'engineer' | 'location' | 'commissioned' | 'life' | 'standby';

/** A planted value: `text` as printed in a sentence, `core` its number, `unit` for hyphenated forms, `gold` what a right answer must hold. */
interface Value {
  text: string;
  core: string;
  unit: string;
  gold: string;
}

const plain = (text: string): Value => ({ text, core: text, unit: '', gold: text });

/** A sentence about one asset; `core`: the sentence prints only the number, so the gold answer is the number. */
interface Form {
  say: (a: string, v: Value) => string;
  core?: boolean;
}
interface Label {
  line: (v: Value) => string | null;
  core?: boolean;
}

interface Spec {
  type: AnswerType;
  value: (p: Draw) => Value;
  forms: Form[];
  /** Sentences that follow one naming the asset. */
  it: Form[];
  labels: Label[];
  ask: Array<(a: string) => string>;
  /** The same question about "it", as the second or third part of a multi-part question. */
  join: string[];
  /** The fact as a noun phrase ("the design pressure"). */
  noun: string[];
}

const F = (say: (a: string, v: Value) => string, core = false): Form => ({ say, core });
const L = (line: (v: Value) => string | null, core = false): Label => ({ line, core });

const SPECS: Record<Fact5, Spec> = {
  year: {
    type: 'year',
    value: (p) => plain(String(p.int(1975, 2024))),
    forms: [
      F((a, v) => `Installed in ${v.text}, ${a} has been in continuous operation since then.`),
      F((a, v) => `${a} (installed ${v.text}) forms part of the original process line.`),
      F((a, v) => `The installation of ${a} dates back to ${v.text}.`),
      F((a, v) => `It was in ${v.text} that ${a} was installed on its current foundation.`),
    ],
    it: [F((_, v) => `It was installed in ${v.text} and has not been relocated since.`)],
    labels: [L((v) => `Year installed: ${v.text}`), L((v) => `Installation year: ${v.text}`)],
    ask: [
      (a) => `What is the installation year of ${a}?`,
      (a) => `Can you tell me the year ${a} was installed?`,
      (a) => `In what year did the installation of ${a} take place?`,
      (a) => `year ${a} installed`,
      (a) => `Please state the year in which ${a} was installed.`,
    ],
    join: ['what year was it installed', 'in which year did it go in'],
    noun: ['the installation year', 'the year of installation'],
  },
  installer: {
    type: 'organisation',
    value: (p) => plain(`${p.word()} ${p.one(INSTALLERS)}`),
    forms: [
      F((a, v) => `${a} was erected and connected by ${v.text}.`),
      F((a, v) => `Installation work on ${a} was carried out by ${v.text} under a fixed-price contract.`),
      F((a, v) => `${v.text} installed ${a} as part of the site upgrade.`),
      F((a, v) => `${a}, installed by ${v.text}, is fed from the main distribution board.`),
    ],
    it: [F((_, v) => `Its installation was handled by ${v.text}.`)],
    labels: [L((v) => `Installer: ${v.text}`), L((v) => `Installation contractor: ${v.text}`)],
    ask: [
      (a) => `Which contractor carried out the installation of ${a}?`,
      (a) => `Name the company that installed ${a}.`,
      (a) => `who put ${a} in`,
      (a) => `By which firm was ${a} installed?`,
      (a) => `Which installer is on record for ${a}?`,
    ],
    join: ['who installed it', 'which firm did the install'],
    noun: ['the installing contractor', 'the installer'],
  },
  manufacturer: {
    type: 'organisation',
    value: (p) => plain(`${p.word()} ${p.one(MAKERS)}`),
    forms: [
      F((a, v) => `${a} was manufactured by ${v.text}.`),
      F((a, v) => `Built by ${v.text}, ${a} still carries its original nameplate.`),
      F((a, v) => `The nameplate on ${a} names ${v.text} as the manufacturer.`),
    ],
    it: [F((_, v) => `It was built by ${v.text}.`)],
    labels: [L((v) => `Manufacturer: ${v.text}`), L((v) => `Make: ${v.text}`)],
    ask: [
      (a) => `Who manufactured ${a}?`,
      (a) => `Which company built ${a}?`,
      (a) => `who makes ${a}`,
      (a) => `What is the make of ${a}?`,
      (a) => `Name the manufacturer of ${a}.`,
    ],
    join: ['who built it', 'who is the manufacturer'],
    noun: ['the manufacturer', 'the maker'],
  },
  interval: {
    type: 'duration',
    value: (p) => {
      const [n, unit] = p.chance(0.7) ? [p.int(2, 60), 'month'] : [p.int(4, 52), 'week'];
      return { text: `${n} ${unit}s`, core: String(n), unit, gold: `${n} ${unit}s` };
    },
    forms: [
      F((a, v) => `Inspections of ${a} take place at intervals of ${v.text}.`),
      F((a, v) => `According to the maintenance plan, ${a} must be inspected at least once every ${v.text}.`),
      F((a, v) => `${a} is on a fixed ${v.core}-${v.unit} inspection cycle.`, true),
      F((a, v) => `An inspection of ${a} is required every ${v.text}, or earlier after a trip.`),
    ],
    it: [F((_, v) => `It is inspected every ${v.text}.`)],
    labels: [L((v) => `Inspection interval: ${v.text}`), L((v) => `Inspection: every ${v.text}`), L((v) => (v.unit === 'month' ? `Inspection interval (months): ${v.core}` : null), true)],
    ask: [
      (a) => `How often is ${a} due for inspection?`,
      (a) => `What inspection cycle applies to ${a}?`,
      (a) => `how often do we inspect ${a}`,
      (a) => `State the inspection interval for ${a}.`,
      (a) => `How long may ${a} run between inspections?`,
    ],
    join: ['how often does it get inspected', 'what is its inspection cycle'],
    noun: ['the inspection interval', 'the inspection cycle'],
  },
  mass: {
    type: 'quantity',
    value: (p) => {
      const n = thousands(p.int(150, 32000));
      return p.chance(0.7) ? { text: `${n} kg`, core: n, unit: 'kg', gold: `${n} kg` } : { text: `${n} kilograms`, core: n, unit: 'kg', gold: n };
    },
    forms: [
      F((a, v) => `${a} has an operating weight of approximately ${v.text}.`),
      F((a, v) => `With a mass of ${v.text}, ${a} needs the overhead crane for removal.`),
      F((a, v) => `${a}, which weighs ${v.text}, sits on a concrete plinth.`),
      F((a, v) => `The weight of ${a} (${v.text}) was taken into account in the floor design.`),
    ],
    it: [F((_, v) => `It has a mass of ${v.text}.`)],
    labels: [L((v) => `Mass: ${v.text}`), L((v) => `Weight (kg): ${v.core}`, true)],
    ask: [
      (a) => `What is the operating weight of ${a}?`,
      (a) => `how heavy's ${a}`,
      (a) => `Give the mass of ${a}.`,
      (a) => `What would ${a} weigh on a scale?`,
      (a) => `weight of ${a}?`,
    ],
    join: ['what is its weight', 'how heavy is the unit'],
    noun: ['the weight', 'the mass'],
  },
  power: {
    type: 'quantity',
    value: (p) => {
      const n = thousands(p.int(3, 1400));
      return p.chance(0.75) ? { text: `${n} kW`, core: n, unit: 'kW', gold: `${n} kW` } : { text: `${n} kilowatts`, core: n, unit: 'kW', gold: n };
    },
    forms: [
      F((a, v) => `${a} is driven by an electric motor rated at ${v.text}.`),
      F((a, v) => `At full load, ${a} takes ${v.text} from the supply.`),
      F((a, v) => `The motor of ${a} has a nameplate rating of ${v.text}.`),
      F((a, v) => `A drive of ${v.text} powers ${a}.`),
    ],
    it: [F((_, v) => `Its motor is rated at ${v.text}.`)],
    labels: [L((v) => `Rated power: ${v.text}`), L((v) => `Motor (kW): ${v.core}`, true)],
    ask: [
      (a) => `What is the motor rating of ${a}?`,
      (a) => `How many kW is ${a}?`,
      (a) => `power of ${a}?`,
      (a) => `What power does ${a} take at full load?`,
      (a) => `Specify the installed motor power of ${a}.`,
    ],
    join: ['what power does it take', 'what is its motor rating'],
    noun: ['the rated power', 'the motor rating'],
  },
  flow: {
    type: 'rate',
    value: (p) => {
      const k = p.r();
      if (k < 0.55) {
        const n = String(p.int(3, 950));
        return { text: `${n} m3/h`, core: n, unit: 'm3/h', gold: `${n} m3/h` };
      }
      if (k < 0.8) {
        const n = String(p.int(3, 950));
        return { text: `${n} cubic metres per hour`, core: n, unit: 'm3/h', gold: n };
      }
      const n = String(p.int(2, 260));
      return { text: `${n} l/s`, core: n, unit: 'l/s', gold: `${n} l/s` };
    },
    forms: [
      F((a, v) => `${a} delivers ${v.text} at its design point.`),
      F((a, v) => `${a} is sized for a flow of ${v.text}.`),
      F((a, v) => `A nominal flow of ${v.text} passes through ${a}.`),
    ],
    it: [F((_, v) => `It is sized for ${v.text}.`)],
    labels: [L((v) => `Design flow: ${v.text}`), L((v) => (v.unit === 'm3/h' ? `Flow (m3/h): ${v.core}` : `Flow (l/s): ${v.core}`), true)],
    ask: [
      (a) => `What is the design flow of ${a}?`,
      (a) => `How much can ${a} deliver?`,
      (a) => `flow rate ${a}`,
      (a) => `What flow is ${a} sized for?`,
      (a) => `State the nominal flow rate of ${a}.`,
    ],
    join: ['what flow does it deliver', 'what is its design flow'],
    noun: ['the design flow', 'the flow rate'],
  },
  pressure: {
    type: 'quantity',
    value: (p) => {
      const n = String(p.int(2, 64));
      return { text: `${n} bar`, core: n, unit: 'bar', gold: `${n} bar` };
    },
    forms: [
      F((a, v) => `${a} is designed for a maximum pressure of ${v.text}.`),
      F((a, v) => `The design pressure of ${a} is ${v.text}.`),
      F((a, v) => `Rated for ${v.text}, ${a} is protected by a relief valve.`),
    ],
    it: [F((_, v) => `Its design pressure is ${v.text}.`)],
    labels: [L((v) => `Design pressure: ${v.text}`), L((v) => `Pressure (bar): ${v.core}`, true)],
    ask: [
      (a) => `What is the design pressure of ${a}?`,
      (a) => `What pressure is ${a} rated for?`,
      (a) => `max pressure ${a}?`,
      (a) => `Up to what pressure may ${a} be operated?`,
    ],
    join: ['what pressure is it rated for', 'what is its design pressure'],
    noun: ['the design pressure', 'the pressure rating'],
  },
  cost: {
    type: 'money',
    value: (p) => {
      const n = thousands(p.int(5, 950) * 1000);
      const k = p.r();
      if (k < 0.5) return { text: `EUR ${n}`, core: n, unit: 'EUR', gold: `EUR ${n}` };
      if (k < 0.8) return { text: `${n} EUR`, core: n, unit: 'EUR', gold: `${n} EUR` };
      return { text: `${n} euros`, core: n, unit: 'EUR', gold: n };
    },
    forms: [
      F((a, v) => `${a} was purchased at a cost of ${v.text}.`),
      F((a, v) => `The acquisition cost of ${a} amounted to ${v.text}, excluding installation.`),
      F((a, v) => `At a price of ${v.text}, ${a} was procured through a framework agreement.`),
      F((a, v) => `${a} cost ${v.text} to purchase.`),
    ],
    it: [F((_, v) => `Its purchase price was ${v.text}.`)],
    labels: [L((v) => `Purchase cost: ${v.text}`), L((v) => `Price (EUR): ${v.core}`, true)],
    ask: [
      (a) => `What was the acquisition cost of ${a}?`,
      (a) => `How much did the plant pay for ${a}?`,
      (a) => `price of ${a}?`,
      (a) => `What did it cost to purchase ${a}?`,
      (a) => `What was the capital cost of ${a}?`,
    ],
    join: ['what was paid for it', 'what did it cost to purchase'],
    noun: ['the purchase cost', 'the price'],
  },
  efficiency: {
    type: 'percentage',
    value: (p) => plain(`${p.int(52, 98)}%`),
    forms: [
      F((a, v) => `${a} operates at ${v.text} efficiency under normal conditions.`),
      F((a, v) => `Measured at the design point, the efficiency of ${a} was ${v.text}.`),
      F((a, v) => `An efficiency of ${v.text} was confirmed for ${a} during acceptance testing.`),
    ],
    it: [F((_, v) => `Its efficiency is ${v.text}.`)],
    labels: [L((v) => `Efficiency: ${v.text}`)],
    ask: [
      (a) => `What efficiency does ${a} achieve?`,
      (a) => `how efficient's ${a}`,
      (a) => `State the efficiency of ${a} at the design point.`,
      (a) => `What is the efficiency rating of ${a}?`,
    ],
    join: ['what efficiency does it achieve', 'what is its efficiency rating'],
    noun: ['the efficiency', 'the efficiency rating'],
  },
  engineer: {
    type: 'person',
    value: (p) => plain(`${p.one(FIRST)} ${p.word()}`),
    forms: [
      F((a, v) => `Responsibility for ${a} lies with ${v.text} of the maintenance department.`),
      F((a, v) => `${a} falls under the responsibility of ${v.text}.`),
      F((a, v) => `Questions about ${a} should be directed to the responsible engineer, ${v.text}.`),
      F((a, v) => `${v.text} has been the engineer responsible for ${a} since the last reorganisation.`),
    ],
    it: [F((_, v) => `Its responsible engineer is ${v.text}.`)],
    labels: [L((v) => `Responsible engineer: ${v.text}`), L((v) => `Engineer in charge: ${v.text}`)],
    ask: [
      (a) => `Who is the responsible engineer for ${a}?`,
      (a) => `Which engineer should be contacted about ${a}?`,
      (a) => `who's the engineer on ${a}`,
      (a) => `Name the engineer in charge of ${a}.`,
      (a) => `Which member of staff is responsible for ${a}?`,
    ],
    join: ['who is the engineer in charge of it', 'which engineer owns it'],
    noun: ['the responsible engineer', 'the engineer in charge'],
  },
  location: {
    type: 'place',
    value: (p) => plain(p.word()),
    forms: [
      F((a, v) => `${a} is installed at the ${v.text} site.`),
      F((a, v) => `${a} is situated in ${v.text}, next to the main substation.`),
      F((a, v) => `At ${v.text}, ${a} serves the local process line.`),
      F((a, v) => `The ${v.text} works houses ${a}.`),
    ],
    it: [F((_, v) => `It is located at ${v.text}.`)],
    labels: [L((v) => `Location: ${v.text}`), L((v) => `Site: ${v.text}`)],
    ask: [
      (a) => `At which site is ${a} installed?`,
      (a) => `where's ${a}`,
      (a) => `In which location is ${a} operated?`,
      (a) => `Which site houses ${a}?`,
      (a) => `Where does ${a} stand?`,
    ],
    join: ['where is it installed', 'at which site is it'],
    noun: ['the site', 'the location'],
  },
  commissioned: {
    type: 'date',
    value: (p) => {
      const [d, m, y] = [p.int(1, 28), p.one(MONTHS), p.int(1978, 2024)];
      return plain(p.chance(0.6) ? `${d} ${m} ${y}` : `${m} ${d}, ${y}`);
    },
    forms: [
      F((a, v) => `${a} entered service on ${v.text}.`),
      F((a, v) => `Commissioning of ${a} took place on ${v.text}.`),
      F((a, v) => `On ${v.text}, ${a} was commissioned after a four-week trial run.`),
      F((a, v) => `${a} was handed over to operations on ${v.text}.`),
    ],
    it: [F((_, v) => `It was commissioned on ${v.text}.`)],
    labels: [L((v) => `Commissioning date: ${v.text}`), L((v) => `Commissioned: ${v.text}`)],
    ask: [
      (a) => `On what date was ${a} taken into service?`,
      (a) => `What is the commissioning date of ${a}?`,
      (a) => `when was ${a} commissioned exactly`,
      (a) => `Give the date on which ${a} was commissioned.`,
      (a) => `Which day did ${a} start up for the first time?`,
    ],
    join: ['on which date was it commissioned', 'what is its commissioning date'],
    noun: ['the commissioning date', 'the date of commissioning'],
  },
  life: {
    type: 'duration',
    value: (p) => {
      const n = p.int(8, 45);
      return { text: `${n} years`, core: String(n), unit: 'year', gold: `${n} years` };
    },
    forms: [
      F((a, v) => `${a} has a design life of ${v.text}.`),
      F((a, v) => `A service life of ${v.text} is expected for ${a}.`),
      F((a, v) => `${a} is expected to remain in service for ${v.text} before replacement.`),
      F((a, v) => `${a} was specified for a ${v.core}-year service life.`, true),
    ],
    it: [F((_, v) => `Its expected service life is ${v.text}.`)],
    labels: [L((v) => `Service life: ${v.text}`), L((v) => `Design life (years): ${v.core}`, true)],
    ask: [
      (a) => `What service life is ${a} designed for?`,
      (a) => `How many years is ${a} expected to be in service?`,
      (a) => `lifetime of ${a}?`,
      (a) => `How long will ${a} last according to its design?`,
    ],
    join: ['how long is it designed to last', 'what is its expected lifetime'],
    noun: ['the service life', 'the design lifetime'],
  },
  standby: {
    type: 'yes/no',
    value: (p) => plain(p.chance(0.5) ? 'Yes' : 'No'),
    forms: [
      F((a, v) => (v.text === 'Yes' ? `${a} is backed up by an identical standby unit.` : `${a} has no standby; a failure stops the line.`)),
      F((a, v) => (v.text === 'Yes' ? `A standby unit can take over from ${a} automatically.` : `No backup unit exists for ${a}.`)),
      F((a, v) => (v.text === 'Yes' ? `${a} operates in a duty/standby arrangement with a second unit.` : `${a} runs as a single unit without redundancy.`)),
    ],
    it: [F((_, v) => (v.text === 'Yes' ? 'It has an installed standby unit.' : 'It has no standby unit.'))],
    labels: [L((v) => `Standby unit: ${v.text}`)],
    ask: [(a) => `Is ${a} backed up by a standby unit?`, (a) => `Is there redundancy for ${a}?`, (a) => `does ${a} have a backup`, (a) => `Has a standby been provided for ${a}?`],
    join: [],
    noun: [],
  },
};

const FACTS5 = Object.keys(SPECS) as Fact5[];

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
