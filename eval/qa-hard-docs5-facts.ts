// The facts of the docs5 question-answering documents (eval/qa-hard-docs5.ts): each fact's value,
// the sentences, follow-on "It ..." sentences and key-data labels that state it, and the wordings
// it is asked in. Moved out of qa-hard-docs5.ts unchanged (that file had grown past 600 lines).
import type { AnswerType } from './qa-hard-set.js';
import { Draw, MONTHS, thousands } from './qa-hard-draw.js';

export const FIRST = ['Freja', 'Gustav', 'Linnea', 'Per', 'Ebba', 'Henrik', 'Sigrid', 'Mats', 'Tove', 'Viktor', 'Alva', 'Oskar'];
export const INSTALLERS = ['Process Services', 'Installation Group', 'Contracting', 'Montage AB', 'Field Services', 'Plant Erectors'];
export const MAKERS = ['Works', 'Fabrik', 'Manufacturing', 'Maskin', 'Industries', 'Apparatebau'];

export type Fact5 = 'year' | 'installer' | 'manufacturer' | 'interval' | 'mass' | 'power' | 'flow' | 'pressure' | 'cost' | 'efficiency' | 'engineer' | 'location' | 'commissioned' | 'life' | 'standby';

/** A planted value: `text` as printed in a sentence, `core` its number, `unit` for hyphenated forms, `gold` what a right answer must hold. */
export interface Value {
  text: string;
  core: string;
  unit: string;
  gold: string;
}

export const plain = (text: string): Value => ({ text, core: text, unit: '', gold: text });

/** A sentence about one asset; `core`: the sentence prints only the number, so the gold answer is the number. */
export interface Form {
  say: (a: string, v: Value) => string;
  core?: boolean;
}
export interface Label {
  line: (v: Value) => string | null;
  core?: boolean;
}

export interface Spec {
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

export const F = (say: (a: string, v: Value) => string, core = false): Form => ({ say, core });
export const L = (line: (v: Value) => string | null, core = false): Label => ({ line, core });

export const SPECS: Record<Fact5, Spec> = {
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

export const FACTS5 = Object.keys(SPECS) as Fact5[];
