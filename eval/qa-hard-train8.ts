// Eighth training wordings (issue 15, branch issue-15t-gen, written 2026-11-29 without reading any
// held-out wording): the training documents' facts asked the ways people ask about time (how
// often, how many months apart, after how long, how long it lasts, how many years it is good
// for), every other fact in new words too, two-part questions joined in new ways (a second
// question about "it", a noun phrase, a bare "and when"/"and where"), and absent facts that share
// words with a stated one (the design life of an asset whose inspection interval is stated, the
// commissioning date of one whose installation year is). Asked about the training documents from
// their own random stream; tuning on them is allowed. Wordings that repeat a held-out wording are
// left out by qa-hard-set.ts (counted, never printed).
export type Train8FactName = 'year' | 'installer' | 'interval' | 'mass' | 'power' | 'flow' | 'cost' | 'efficiency' | 'engineer' | 'location' | 'commissioned' | 'life';

export interface Train8Wording {
  ask: Array<(a: string) => string>;
  /** A question about "it" (the asset named before), lower case, no end mark. */
  about: string[];
  /** The fact as a noun phrase without an article. */
  noun: string[];
}

export const TRAIN8: Record<Train8FactName, Train8Wording> = {
  year: {
    ask: [(a) => `What year did they install ${a}?`, (a) => `When did ${a} get installed?`, (a) => `${a} was installed when?`, (a) => `Which year saw ${a} installed?`, (a) => `Installation year of ${a}?`],
    about: ['when did it get installed', 'what year was it installed in', 'which year did it go in'],
    noun: ['year of installation', 'install year'],
  },
  installer: {
    ask: [(a) => `Who handled the installation of ${a}?`, (a) => `Which contractor installed ${a}?`, (a) => `What company installed ${a}?`, (a) => `${a} was installed by which firm?`],
    about: ['which contractor installed it', 'who was its installer', 'what company did the installation'],
    noun: ['installation contractor', 'installing company'],
  },
  interval: {
    ask: [
      (a) => `How many months apart are the inspections of ${a}?`,
      (a) => `After how many months is ${a} inspected again?`,
      (a) => `How long between inspections of ${a}?`,
      (a) => `What's the interval between inspections on ${a}?`,
      (a) => `How frequently must ${a} be checked?`,
      (a) => `How regularly is ${a} inspected?`,
      (a) => `How much time is there between two inspections of ${a}?`,
      (a) => `What is the period between inspections of ${a}?`,
      (a) => `Inspection interval for ${a}?`,
      (a) => `How often should ${a} undergo inspection?`,
      (a) => `At what frequency is ${a} inspected?`,
      (a) => `How often are inspections of ${a} required?`,
      (a) => `Every how many months is ${a} inspected?`,
      (a) => `What inspection interval applies to ${a}?`,
    ],
    about: ['how often does it need inspecting', 'how many months between its inspections', 'at what interval is it checked', 'how long between its inspections'],
    noun: ['interval between inspections', 'inspection period', 'inspection schedule'],
  },
  mass: {
    ask: [(a) => `How much does ${a} weigh in total?`, (a) => `What's the mass of ${a}?`, (a) => `How many kg is ${a}?`, (a) => `What is ${a}'s weight?`],
    about: ['what is its weight', 'how many kilograms is it', 'how much does it weigh'],
    noun: ['weight', 'mass'],
  },
  power: {
    ask: [(a) => `What is the rated power of the unit ${a}?`, (a) => `How much power does ${a} require?`, (a) => `What power does ${a} draw?`, (a) => `How many kW does ${a} use?`],
    about: ['how much power does it use', 'how many kW does it need', 'what is its power'],
    noun: ['rated power', 'power consumption'],
  },
  flow: {
    ask: [(a) => `What is the flow of ${a}?`, (a) => `How much flow does ${a} deliver?`, (a) => `What flow rate is ${a} rated for?`, (a) => `How many m3/h does ${a} move?`],
    about: ['what flow does it deliver', 'how many m3/h does it move', 'what is its rated flow'],
    noun: ['rated flow', 'flow rate'],
  },
  cost: {
    ask: [(a) => `What did the purchase of ${a} cost?`, (a) => `How much money was spent buying ${a}?`, (a) => `What was ${a} bought for?`, (a) => `Price of ${a}?`],
    about: ['how much was it bought for', 'what was its price', 'what did it cost'],
    noun: ['purchase price', 'price'],
  },
  efficiency: {
    ask: [(a) => `What is ${a}'s efficiency?`, (a) => `How efficient is ${a} in normal operation?`, (a) => `At what efficiency does ${a} run?`],
    about: ['what is its efficiency', 'how efficient is it'],
    noun: ['efficiency', 'operating efficiency'],
  },
  engineer: {
    ask: [(a) => `Who is the engineer for ${a}?`, (a) => `Which engineer is in charge of ${a}?`, (a) => `Who has responsibility for ${a}?`, (a) => `Name the engineer responsible for ${a}.`],
    about: ['who is responsible for it', 'which engineer is in charge of it', 'who is its responsible engineer'],
    noun: ['responsible engineer', 'engineer in charge'],
  },
  location: {
    ask: [(a) => `Where is ${a} installed?`, (a) => `At which site is ${a} located?`, (a) => `Which site is ${a} at?`, (a) => `Location of ${a}?`],
    about: ['where is it installed', 'at which site is it', 'where is it located'],
    noun: ['location', 'site'],
  },
  commissioned: {
    ask: [(a) => `What date was ${a} commissioned?`, (a) => `On which day was ${a} commissioned?`, (a) => `When was ${a} commissioned exactly?`, (a) => `Commissioning date of ${a}?`],
    about: ['when was it commissioned', 'on what date was it commissioned'],
    noun: ['commissioning date', 'date of commissioning'],
  },
  life: {
    ask: [
      (a) => `How many years of service is ${a} designed for?`,
      (a) => `What service life is ${a} expected to have?`,
      (a) => `How long will ${a} last?`,
      (a) => `For how many years should ${a} be usable?`,
      (a) => `What lifetime was ${a} designed for?`,
      (a) => `How long is ${a} supposed to be in service?`,
      (a) => `What is the expected lifetime of ${a}?`,
      (a) => `How long a life is ${a} designed for?`,
      (a) => `Service life of ${a}?`,
      (a) => `How many years is ${a} expected to last?`,
    ],
    about: ['how long will it last', 'what is its expected service life', 'how many years is it designed for'],
    noun: ['expected service life', 'design lifetime', 'service life'],
  },
};

/** Facts that share words or an answer type with another: asked where only the other is stated, the answer is "not found". */
export const TRAIN8_NEIGHBOURS: Partial<Record<Train8FactName, Train8FactName[]>> = {
  interval: ['life'],
  life: ['interval'],
  year: ['commissioned'],
  commissioned: ['year'],
  installer: ['engineer'],
  engineer: ['installer'],
  power: ['flow'],
  flow: ['power'],
};

/** Two-part shapes: `q1` a whole first question, `about2` a question about "it", `n1`/`n2` noun phrases. */
export const TRAIN8_TWO: Array<(a: string, q1: string, about2: string, n1: string, n2: string) => string> = [
  (_a, q1, about2) => `${q1.replace(/[?.]$/, '')}, and also ${about2}?`,
  (_a, q1, about2) => `${q1.replace(/[?.]$/, '')}? Also, ${about2}?`,
  (_a, q1, about2) => `${q1.replace(/[?.]$/, '')} and ${about2}?`,
  (a, _q1, _about2, n1, n2) => `Could you tell me the ${n1} and the ${n2} of ${a}?`,
  (a, _q1, _about2, n1, n2) => `I'd like the ${n1} of ${a} as well as its ${n2}.`,
  (a, _q1, about2, n1) => `What is the ${n1} of ${a}, and ${about2}?`,
  (a, _q1, _about2, n1, n2) => `${a}: what are its ${n1} and ${n2}?`,
];
