// The facts of the harder question-answering set (eval/qa-hard-set.ts): the random stream, the
// names and words documents are made of, each typed fact with its document phrasings and the
// wordings it is asked in, and the maintenance table's columns.
import { Draw, MONTHS, thousands } from './qa-hard-draw.js';
import type { AnswerType } from './qa-hard-set.js';

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export const KINDS = ['Pump', 'Boiler', 'Compressor', 'Chiller', 'Fan', 'Transformer', 'Conveyor', 'Crane', 'Generator', 'Mixer', 'Turbine', 'Separator'];
export const SYL = ['nor', 'vik', 'stad', 'berg', 'lund', 'hav', 'ost', 'mar', 'kel', 'dal', 'rud', 'tor', 'fal', 'sun', 'brek', 'hol', 'vas', 'ling'];
export const FIRST = ['Greta', 'Anders', 'Maja', 'Johan', 'Elin', 'Karl', 'Sofia', 'Nils', 'Ingrid', 'Lars', 'Astrid', 'Erik', 'Hanna', 'Olof'];
export const ORG_SUFFIX = ['Mechanical', 'Engineering', 'Installations', 'Industrial Services', 'Technik', 'Montage'];
export const FILLER = [
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

/** The set's draws: its own syllables for names (eval/qa-hard-draw.ts's Draw, the same stream use). */
export class Pick extends Draw {
  constructor(r: () => number) {
    super(r, SYL);
  }
}


export type FactName = 'year' | 'installer' | 'interval' | 'mass' | 'power' | 'flow' | 'cost' | 'efficiency' | 'engineer' | 'location' | 'commissioned' | 'life' | 'standby';

export interface FactSpec {
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

export const FACTS: Record<FactName, FactSpec> = {
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

export const FACT_NAMES = Object.keys(FACTS) as FactName[];
export const TABLE_COLUMNS = [
  { header: 'Operating hours', value: (p: Pick) => thousands(p.int(300, 90000)), verbatim: (a: string) => `What are the operating hours of ${a}?`, train: (a: string) => `How many hours has ${a} run?`, heldOut: (a: string) => `For how many hours has ${a} operated?` },
  { header: 'Vibration (mm/s)', value: (p: Pick) => `${p.int(1, 11)}.${p.int(0, 9)}`, verbatim: (a: string) => `What is the vibration of ${a}?`, train: (a: string) => `What vibration level was measured on ${a}?`, heldOut: (a: string) => `How strongly does ${a} vibrate?` },
  { header: 'Noise (dB)', value: (p: Pick) => String(p.int(55, 105)), verbatim: (a: string) => `What is the noise of ${a}?`, train: (a: string) => `How loud is ${a}?`, heldOut: (a: string) => `What noise level does ${a} produce?` },
  { header: 'Spare parts (EUR)', value: (p: Pick) => thousands(p.int(100, 60000)), verbatim: (a: string) => `What are the spare parts of ${a} in EUR?`, train: (a: string) => `How much was spent on spare parts for ${a}?`, heldOut: (a: string) => `What did the spare parts for ${a} cost?` },
];

/**
 * A second held-out set of wordings (issue 15, written 2026-11-25 after the first held-out split
 * had been read to sort misses by cause): paraphrases and two-part joiners nobody has tuned on,
 * asked about the held-out documents' facts. No wording repeats one of the verbatim, train or
 * first held-out lists (a first draft did, for mass, cost, efficiency, location and life, and
 * was replaced before being used for anything). Its questions are drawn with their own random
 * stream, so the train and held-out questions are the same as before.
 */
export const HELD2: Record<FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
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
