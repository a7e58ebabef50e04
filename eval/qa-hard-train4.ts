// Fourth training wordings (issue 15, written 2026-11-28): questions that ask two or three things
// at once, joined the many ways people join them: "and" with or without a comma, two questions in
// a row ("...? And ...?"), a comma alone, a second part as a noun phrase ("..., along with its
// weight"), a list of properties ("What are the weight and power rating of X?"), coordinated
// wh-words ("When and by whom was X installed?"), a bare wh-word at the end ("Who installed X
// and when?"). Asked about the training documents from their own random stream; tuning on them
// is allowed. eval/qa-hard.ts counts (never prints) repeats of held-out, held2 or held3 wordings.
import type { Train2FactName } from './qa-hard-train2.js';

export interface Train4Wording {
  /** A whole question about the asset (the first part). */
  ask: Array<(a: string) => string>;
  /** A later part about "it" (the asset named earlier). */
  join: string[];
  /** The fact as a noun phrase without an article ("installation year"). */
  noun: string[];
}

export const TRAIN4: Record<Train2FactName, Train4Wording> = {
  year: {
    ask: [(a) => `What year was ${a} installed in?`, (a) => `When was ${a} put in place?`, (a) => `In which year did the installation of ${a} take place?`],
    join: ['when it was installed', 'in what year was it put in place'],
    noun: ['installation year', 'year of installation'],
  },
  installer: {
    ask: [(a) => `Which contractor installed ${a}?`, (a) => `Who was ${a} installed by?`, (a) => `Which installation company worked on ${a}?`],
    join: ['who it was installed by', 'which contractor did the installation', 'by whom was it installed'],
    noun: ['installer', 'installation contractor'],
  },
  interval: {
    ask: [(a) => `How often is ${a} due for inspection?`, (a) => `What inspection interval applies to ${a}?`, (a) => `How many months apart are the inspections of ${a}?`],
    join: ['how often it needs inspecting', 'how often it must be inspected', 'what its inspection interval is'],
    noun: ['inspection interval', 'interval between inspections'],
  },
  mass: {
    ask: [(a) => `What is ${a}'s weight in kilograms?`, (a) => `How heavy is ${a} in kg?`, (a) => `What weight does ${a} have?`],
    join: ['how much it weighs', 'what its weight is'],
    noun: ['weight', 'mass'],
  },
  power: {
    ask: [(a) => `What power does ${a} consume?`, (a) => `How much power does ${a} take?`, (a) => `What is ${a} rated at in kW?`],
    join: ['how much power it uses', 'what power it is rated at'],
    noun: ['power rating', 'rated power', 'power consumption'],
  },
  flow: {
    ask: [(a) => `What flow does ${a} deliver?`, (a) => `How much flow can ${a} deliver per hour?`, (a) => `What is the design flow rate of ${a}?`],
    join: ['what flow it delivers', 'how much it can pump per hour'],
    noun: ['flow rate', 'rated flow'],
  },
  cost: {
    ask: [(a) => `What sum was spent on ${a}?`, (a) => `How much did ${a} cost to purchase?`, (a) => `What was ${a} purchased for?`],
    join: ['how much it cost', 'what it was purchased for'],
    noun: ['purchase price', 'price'],
  },
  efficiency: {
    ask: [(a) => `What efficiency does ${a} have?`, (a) => `How efficient is ${a} in normal operation?`, (a) => `What is the efficiency rating of ${a}?`],
    join: ['how efficient it is', 'what efficiency it reaches'],
    noun: ['efficiency'],
  },
  engineer: {
    ask: [(a) => `Which engineer is in charge of ${a}?`, (a) => `Who takes care of ${a}?`, (a) => `Who is the engineer looking after ${a}?`],
    join: ['who is in charge of it', 'which engineer is responsible', 'who looks after it'],
    noun: ['responsible engineer', 'engineer in charge'],
  },
  location: {
    ask: [(a) => `At which site is ${a}?`, (a) => `Where does ${a} stand?`, (a) => `In which town is ${a} located?`],
    join: ['where it is located', 'where it stands', 'at which site it is'],
    noun: ['location', 'site'],
  },
  commissioned: {
    ask: [(a) => `On what date was ${a} put into service?`, (a) => `When was ${a} taken into operation?`, (a) => `What is the commissioning date for ${a}?`],
    join: ['when it was commissioned', 'on what date it was commissioned', 'when it entered service'],
    noun: ['commissioning date', 'date of commissioning'],
  },
  life: {
    ask: [(a) => `How many years should ${a} last?`, (a) => `What service life is ${a} designed for?`, (a) => `How long will ${a} last?`],
    join: ['how long it should last', 'what its design life is', 'how many years it is designed for'],
    noun: ['service life', 'design life', 'expected lifetime'],
  },
  standby: {
    ask: [(a) => `Does ${a} have a standby?`, (a) => `Is there any standby unit for ${a}?`],
    join: [],
    noun: [],
  },
};

/** Two parts: the first as a whole question (no end mark), the second as a join or a noun phrase. */
export const TWO_PART_SHAPES: Array<(q1: string, j2: string, a: string, n1: string, n2: string) => string> = [
  (q1, j2) => `${q1} and ${j2}?`,
  (q1, j2) => `${q1}, and ${j2}?`,
  (q1, j2) => `${q1}? And ${j2}?`,
  (q1, j2) => `${q1}? Also, ${j2}?`,
  (q1, j2) => `${q1}, ${j2}?`,
  (_q1, _j2, a, n1, n2) => `What are the ${n1} and ${n2} of ${a}?`,
  (_q1, _j2, a, n1, n2) => `${a}: ${n1} and ${n2}?`,
  (_q1, _j2, a, n1, n2) => `Give me the ${n1} and the ${n2} of ${a}.`,
  (q1, _j2, _a, _n1, n2) => `${q1}, along with its ${n2}?`,
  (_q1, _j2, a, n1, n2) => `I need the ${n1} of ${a} as well as the ${n2}.`,
  (_q1, _j2, a, n1, n2) => `${n1} and ${n2} of ${a}?`,
];

/** Three parts. */
export const THREE_PART_SHAPES: Array<(q1: string, j2: string, j3: string, a: string, n: [string, string, string]) => string> = [
  (_q1, _j2, _j3, a, n) => `What are the ${n[0]}, ${n[1]} and ${n[2]} of ${a}?`,
  (q1, j2, j3) => `${q1}, ${j2}, and ${j3}?`,
  (_q1, _j2, _j3, a, n) => `${a}: ${n[0]}, ${n[1]}, ${n[2]}?`,
];

/** Questions that join two asks in one clause, for a fixed pair of facts (gold in this order). */
export const PAIRED: Array<{ facts: [Train2FactName, Train2FactName]; ask: (a: string) => string }> = [
  { facts: ['year', 'installer'], ask: (a) => `When and by whom was ${a} installed?` },
  { facts: ['installer', 'year'], ask: (a) => `By whom and in what year was ${a} installed?` },
  { facts: ['installer', 'year'], ask: (a) => `Which company installed ${a} and when?` },
  { facts: ['installer', 'year'], ask: (a) => `Who installed ${a} and in which year?` },
  { facts: ['installer', 'year'], ask: (a) => `Who put ${a} in, and when?` },
  { facts: ['year', 'location'], ask: (a) => `When and where was ${a} installed?` },
  { facts: ['mass', 'efficiency'], ask: (a) => `How heavy and how efficient is ${a}?` },
  { facts: ['mass', 'power'], ask: (a) => `How heavy is ${a} and how much power does it need?` },
  { facts: ['commissioned', 'engineer'], ask: (a) => `When was ${a} commissioned and who is the engineer for it now?` },
  { facts: ['location', 'engineer'], ask: (a) => `Where is ${a} and who is responsible for it?` },
  { facts: ['installer', 'cost'], ask: (a) => `Who installed ${a} and for how much was it bought?` },
];
