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

/**
 * A second batch (train4b, written the same day after the first batch reached 1.000): the common
 * shape "<question>, and <question about it>" with other words for every fact, and other joins.
 */
export const TRAIN4B: Record<Train2FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: {
    ask: [(a) => `When was ${a} first installed?`, (a) => `What is the year ${a} was installed?`, (a) => `Year of installation for ${a}?`],
    join: ['which year it was installed in', 'when was it installed', 'the year of its installation'],
  },
  installer: {
    ask: [(a) => `Which business installed ${a}?`, (a) => `Who handled the installation of ${a}?`, (a) => `Which contractor was responsible for installing ${a}?`],
    join: ['who handled its installation', 'which business installed it', 'who was its installer'],
  },
  interval: {
    ask: [(a) => `How frequently does ${a} need an inspection?`, (a) => `What is the inspection schedule for ${a}?`, (a) => `How often do inspectors look at ${a}?`],
    join: ['how frequently does it need inspecting', 'what inspection schedule does it follow', 'how often is it due for inspection'],
  },
  mass: {
    ask: [(a) => `How many kilos does ${a} weigh?`, (a) => `What is the total mass of ${a}?`, (a) => `What's the weight of ${a} in kg?`],
    join: ['how many kilos is it', 'what mass does it have', 'what is its total weight'],
  },
  power: {
    ask: [(a) => `What is the power draw of ${a}?`, (a) => `How much power is ${a} rated for?`, (a) => `What power rating does ${a} have?`],
    join: ['what is its power draw', 'how much power is it rated for', 'how many kW does it use'],
  },
  flow: {
    ask: [(a) => `What is the throughput of ${a}?`, (a) => `How many m3/h does ${a} deliver?`, (a) => `What flow is ${a} rated for?`],
    join: ['what is its throughput', 'how many m3 per hour does it deliver', 'what flow is it rated for'],
  },
  cost: {
    ask: [(a) => `What was the cost of ${a}?`, (a) => `How much money was paid for ${a}?`, (a) => `What was the purchase cost of ${a}?`],
    join: ['what was its purchase cost', 'how much money was paid for it', 'what did it cost'],
  },
  efficiency: {
    ask: [(a) => `What percentage efficiency is ${a} rated at?`, (a) => `How efficient is ${a} under normal conditions?`, (a) => `What is the efficiency level of ${a}?`],
    join: ['what efficiency does it have', 'how efficient does it run', 'what is its efficiency level'],
  },
  engineer: {
    ask: [(a) => `Who is the engineer assigned to ${a}?`, (a) => `Which engineer has responsibility for ${a}?`, (a) => `Who is in charge of looking after ${a}?`],
    join: ['who is the engineer assigned to it', 'who has responsibility for it', 'which engineer is in charge of it'],
  },
  location: {
    ask: [(a) => `Where is ${a} to be found?`, (a) => `Where exactly is ${a}?`, (a) => `On which site is ${a} located?`],
    join: ['where can it be found', 'where exactly is it', 'on which site is it located'],
  },
  commissioned: {
    ask: [(a) => `When did ${a} start up?`, (a) => `When was ${a} brought into service?`, (a) => `What was the date ${a} was commissioned?`],
    join: ['when did it start up', 'when was it brought into service', 'what was its commissioning date'],
  },
  life: {
    ask: [(a) => `How long is the service life of ${a}?`, (a) => `How many years is ${a} expected to run?`, (a) => `What lifetime is expected for ${a}?`],
    join: ['how long is its service life', 'how many years is it expected to run', 'what lifetime is expected'],
  },
  standby: {
    ask: [(a) => `Has ${a} a standby unit?`, (a) => `Is ${a} provided with a standby unit?`],
    join: [],
  },
};

/** Joins of the second batch: a whole question, then a question about "it". */
export const JOIN_SHAPES: Array<(q1: string, j2: string) => string> = [
  (q1, j2) => `${q1}, and ${j2}?`,
  (q1, j2) => `${q1} and ${j2}?`,
  (q1, j2) => `${q1}? And ${j2}?`,
  (q1, j2) => `${q1}; ${j2}?`,
  (q1, j2) => `${q1} - also, ${j2}?`,
];
