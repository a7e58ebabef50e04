// Seventh training wordings (issue 15, branch issue-15k-qa, written 2026-11-28): questions that ask
// three or more things at once, and two-part questions framed the same ways. The subject is named
// once in front ("With regard to X, ...", "Three facts about X: ...", "X -- ..."), in a possessive
// ("X's weight, site and installer?"), or inside the first ask; the asks after it are noun phrases
// (with or without "the"/"its"), questions about "it", orders ("list ...", "tell me ..."), or a bare
// wh-word that asks again about the clause before it ("Who fitted X, in which year, and where is
// it?"). Lists are joined with commas, "and", "plus", slashes, semicolons, or one question mark
// after another. Asked about the training documents from their own random stream; tuning on them
// is allowed. eval/qa-hard.ts counts (never prints) repeats of any held-out wording.
import type { Train2FactName } from './qa-hard-train2.js';

export type Train7FactName = Exclude<Train2FactName, 'standby'>;

export interface Train7Wording {
  /** The fact as a noun phrase without an article ("year of installation"). */
  noun: string[];
  /** A question about "it" (the asset named earlier), lower case, no end mark. */
  about: string[];
  /** A whole question naming the asset, no end mark, opening with a wh-phrase that a bare wh-word may replace. */
  ask: Array<(a: string) => string>;
}

export const TRAIN7: Record<Train7FactName, Train7Wording> = {
  year: {
    noun: ['year it went in', 'installation date (year)', 'year of fitting'],
    about: ['what year did it go in', 'in which year was it fitted', 'when did it get fitted'],
    ask: [(a) => `In which year did ${a} go in`, (a) => `What year was ${a} fitted`],
  },
  installer: {
    noun: ['fitter', 'installing firm', 'company that fitted it'],
    about: ['who fitted it', 'which firm put it in', 'who carried out the fitting'],
    ask: [(a) => `Who fitted ${a}`, (a) => `Which firm put ${a} in`],
  },
  interval: {
    noun: ['inspection frequency', 'time between inspections', 'inspection cycle'],
    about: ['how frequently is it inspected', 'how often does it get checked', 'at what interval is it inspected'],
    ask: [(a) => `How frequently is ${a} inspected`, (a) => `How often does ${a} get checked`],
  },
  mass: {
    noun: ['operating weight', 'mass in kg', 'overall weight'],
    about: ['how much does it weigh', 'what is it in kilograms', 'how heavy is the unit'],
    ask: [(a) => `How much does ${a} weigh`, (a) => `What does ${a} weigh`],
  },
  power: {
    noun: ['power requirement', 'kW rating', 'motor rating'],
    about: ['how much power does it draw', 'what is it rated at in kW', 'how many kilowatts does it need'],
    ask: [(a) => `How much power does ${a} draw`, (a) => `How many kilowatts does ${a} need`],
  },
  flow: {
    noun: ['capacity per hour', 'volume flow', 'pumping rate'],
    about: ['how much does it move per hour', 'what flow can it handle', 'how many cubic metres an hour does it deliver'],
    ask: [(a) => `How much does ${a} move per hour`, (a) => `What flow can ${a} handle`],
  },
  cost: {
    noun: ['acquisition cost', 'price paid', 'cost of purchase'],
    about: ['what was paid for it', 'how much did it cost to buy', 'what did it sell for'],
    ask: [(a) => `How much was paid for ${a}`, (a) => `What did ${a} cost to buy`],
  },
  efficiency: {
    noun: ['efficiency rating', 'rated efficiency', 'efficiency in percent'],
    about: ['how efficient is it', 'what efficiency does it achieve', 'what percentage efficiency does it reach'],
    ask: [(a) => `How efficient is ${a}`, (a) => `What efficiency does ${a} achieve`],
  },
  engineer: {
    noun: ['engineer responsible', 'responsible person', 'engineer who looks after it'],
    about: ['who looks after it', 'who is the engineer in charge', 'which engineer is responsible for it'],
    ask: [(a) => `Who looks after ${a}`, (a) => `Which engineer is responsible for ${a}`],
  },
  location: {
    noun: ['site', 'place of installation', 'plant location'],
    about: ['where is it', 'at which site does it stand', 'where is it located'],
    ask: [(a) => `Where is ${a}`, (a) => `At which site does ${a} stand`],
  },
  commissioned: {
    noun: ['start-up date', 'commissioning date', 'date it entered service'],
    about: ['when did it enter service', 'on which date was it commissioned', 'when was it started up'],
    ask: [(a) => `When did ${a} enter service`, (a) => `On which date was ${a} commissioned`],
  },
  life: {
    noun: ['design lifetime', 'expected service life', 'years of service expected'],
    about: ['how long should it last', 'how many years is it designed for', 'what lifetime is it built for'],
    ask: [(a) => `How long should ${a} last`, (a) => `How many years is ${a} designed for`],
  },
};

/** Three or more asks about one asset; `n` are noun phrases, `q` questions about "it", `first` a whole question naming the asset. */
export interface Train7Parts {
  a: string;
  n: string[];
  q: string[];
  first: string;
}

const list = (xs: string[], join = 'and'): string => `${xs.slice(0, -1).join(', ')} ${join} ${xs.at(-1)!}`;
const listThe = (xs: string[]): string => list(xs.map((x) => `the ${x}`));

/** Shapes for three or more parts (each uses every ask it is given, in order). */
export const TRAIN7_MANY: Array<(p: Train7Parts) => string> = [
  (p) => `With regard to ${p.a}, list ${listThe(p.n)}.`,
  (p) => `Three facts about ${p.a}, please: ${list(p.n)}.`,
  (p) => `${p.a} -- ${p.n.join(' / ')}?`,
  (p) => `${p.a}'s ${list(p.n)}?`,
  (p) => `Concerning ${p.a}: ${p.q.join(', ')}?`,
  (p) => `About ${p.a}: ${p.q.slice(0, -1).join('; ')}; and ${p.q.at(-1)!}?`,
  (p) => `${p.first}? ${p.q.slice(1).map((q) => q[0]!.toUpperCase() + q.slice(1)).join('? ')}?`,
  (p) => `${p.first}, ${p.q.slice(1, -1).join(', ')} and also ${p.q.at(-1)!}?`,
  (p) => `As for ${p.a}, tell me ${list(p.n.map((x) => `its ${x}`))}.`,
  (p) => `What is the ${p.n[0]!} of ${p.a}, plus the ${p.n.slice(1).join(' and the ')}?`,
  (p) => `In the case of ${p.a}, I would like to know ${listThe(p.n)}.`,
  (p) => `${p.a}: ${p.n.join('; ')}.`,
];

/** Shapes that keep one clause and ask again with a bare wh-word: gold in the order of `facts`. */
export const TRAIN7_BARE: Array<{ facts: Train7FactName[]; ask: (a: string) => string }> = [
  { facts: ['installer', 'year', 'location'], ask: (a) => `Who fitted ${a}, in which year, and where is it?` },
  { facts: ['installer', 'year', 'location'], ask: (a) => `Which firm put ${a} in, when, and at which site does it stand?` },
  { facts: ['year', 'installer', 'location'], ask: (a) => `When did ${a} go in, by whom, and where?` },
  { facts: ['year', 'installer', 'mass'], ask: (a) => `When was ${a} fitted, who did it, and how much does it weigh?` },
  { facts: ['installer', 'year', 'engineer'], ask: (a) => `Who fitted ${a}, and when, and who looks after it now?` },
  { facts: ['installer', 'year'], ask: (a) => `Who fitted ${a}, and in what year?` },
  { facts: ['year', 'installer'], ask: (a) => `What year was ${a} fitted, and by whom?` },
];

/** Two-part shapes in the same frames. */
export const TRAIN7_TWO: Array<(p: Train7Parts) => string> = [
  (p) => `For ${p.a}: ${p.n[0]!} and ${p.n[1]!}, please.`,
  (p) => `${p.a}'s ${p.n[0]!} and ${p.n[1]!}?`,
  (p) => `Regarding ${p.a}, ${p.q[0]!} and ${p.q[1]!}?`,
  (p) => `${p.a} -- ${p.n[0]!} / ${p.n[1]!}?`,
  (p) => `On ${p.a}: ${p.q[0]!}? ${p.q[1]![0]!.toUpperCase()}${p.q[1]!.slice(1)}?`,
];
