// Fourth held-out wordings (issue 15, written 2026-11-28 by a helper kept blind to the engine:
// it never opened src/qa/, src/search/, the benchmark notes on QA, the training wording lists or
// the earlier held-out lists). Asked about the held-out documents from their own random stream:
// single questions (casual, formal, requests, search-box fragments, passive and inverted order),
// two- and three-part questions joined in several ways, absent facts and table cells. Never tuned
// on; eval/qa-hard.ts never prints their misses.
import type { Train2FactName } from './qa-hard-train2.js';

/** Per fact: whole questions about asset `a`, and clauses about "it" that can follow "and". */
export const HELD4: Record<Train2FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: {
    ask: [
      (a) => `In what year did ${a} go in?`,
      (a) => `Could you tell me the year ${a} was put in?`,
      (a) => `${a} installation year`,
      (a) => `I need the year of installation for ${a}.`,
      (a) => `Which year saw ${a} installed?`,
      (a) => `When did they install ${a}?`,
      (a) => `Year ${a} was fitted?`,
      (a) => `What's the install year on ${a}?`,
      (a) => `Please state the year in which ${a} was installed.`,
      (a) => `${a}: what year was it set up?`,
    ],
    join: ['what year did it go in', 'in which year was it put in', 'when was it fitted', 'the year it was installed', "what's its install year"],
  },
  installer: {
    ask: [
      (a) => `Who carried out the installation of ${a}?`,
      (a) => `${a} installer`,
      (a) => `Could you tell me which firm put ${a} in?`,
      (a) => `I'd like to know the contractor that installed ${a}.`,
      (a) => `By whom was ${a} installed?`,
      (a) => `Name the installation firm for ${a}.`,
      (a) => `Which contractor did the fitting of ${a}?`,
      (a) => `Who was contracted to install ${a}?`,
      (a) => `For ${a}, who was the installer?`,
      (a) => `What company fitted ${a}?`,
    ],
    join: ['who installed it', 'which firm did the installation', 'by which contractor was it installed', 'the company that fitted it', 'who was the installer'],
  },
  interval: {
    ask: [
      (a) => `How frequently must ${a} be inspected?`,
      (a) => `How often is ${a} due for inspection?`,
      (a) => `${a} inspection frequency`,
      (a) => `Could you tell me how many months there are between inspections of ${a}?`,
      (a) => `What inspection cycle applies to ${a}?`,
      (a) => `At what interval is ${a} inspected?`,
      (a) => `I need the inspection period for ${a}.`,
      (a) => `How long can ${a} go between inspections?`,
      (a) => `Time between inspections for ${a}?`,
      (a) => `${a} - how often does it need inspecting?`,
    ],
    join: ['how often must it be inspected', 'what is the interval between its inspections', 'how frequently is it checked', 'the inspection cycle', 'how many months between inspections'],
  },
  mass: {
    ask: [
      (a) => `How heavy is ${a}?`,
      (a) => `What's the weight of ${a}?`,
      (a) => `${a} weight in kg`,
      (a) => `Could you tell me how much ${a} weighs?`,
      (a) => `What mass does ${a} have?`,
      (a) => `I need to know the weight of ${a} for the crane lift.`,
      (a) => `How many kilograms is ${a}?`,
      (a) => `Weight of ${a}, please.`,
      (a) => `${a.toLowerCase()} weight`,
      (a) => `${a}: how heavy is it?`,
    ],
    join: ['how heavy is it', 'what does it weigh', 'its weight', 'how many kilos is it', 'what is its mass'],
  },
  power: {
    ask: [
      (a) => `How much power does ${a} consume at full load?`,
      (a) => `What is ${a} rated at in kW?`,
      (a) => `${a} power rating`,
      (a) => `Could you tell me the rated power of ${a}?`,
      (a) => `How many kilowatts does ${a} draw?`,
      (a) => `What's the power draw of ${a}?`,
      (a) => `I need the rated power for ${a}.`,
      (a) => `At full load, how much power is drawn by ${a}?`,
      (a) => `What is the electrical load of ${a}?`,
      (a) => `kW rating of ${a}?`,
    ],
    join: ['how much power does it draw', 'what is its power rating', 'how many kW is it rated at', 'its rated power', 'what power does it need at full load'],
  },
  flow: {
    ask: [
      (a) => `What flow rate does ${a} deliver?`,
      (a) => `How much does ${a} move per hour?`,
      (a) => `${a} design flow`,
      (a) => `Could you tell me the flow ${a} is rated for?`,
      (a) => `How many cubic metres per hour can ${a} handle?`,
      (a) => `What throughput is ${a} designed for?`,
      (a) => `I need the flow rate for ${a}.`,
      (a) => `At its design point, how much flow is moved by ${a}?`,
      (a) => `What's the capacity of ${a} in m3/h?`,
      (a) => `Volume flow of ${a}?`,
    ],
    join: ['how much does it move per hour', 'what flow is it rated for', 'its design flow', 'what throughput does it have', 'how many m3/h does it deliver'],
  },
  cost: {
    ask: [
      (a) => `How much did ${a} cost to buy?`,
      (a) => `What was paid for ${a}?`,
      (a) => `${a} purchase price`,
      (a) => `Could you tell me what ${a} cost when it was bought?`,
      (a) => `What did the company pay for ${a}?`,
      (a) => `For how much was ${a} purchased?`,
      (a) => `I need the acquisition cost of ${a}.`,
      (a) => `What was the price tag on ${a}?`,
      (a) => `How expensive was ${a}?`,
      (a) => `Purchase cost of ${a} in euros?`,
    ],
    join: ['how much did it cost', 'what was paid for it', 'what was its purchase price', 'the price it was bought for', 'how expensive was it'],
  },
  efficiency: {
    ask: [
      (a) => `How efficient is ${a}?`,
      (a) => `What efficiency does ${a} achieve?`,
      (a) => `${a} efficiency %`,
      (a) => `Could you tell me the efficiency rating of ${a}?`,
      (a) => `At what efficiency does ${a} run normally?`,
      (a) => `What percentage efficiency is ${a} rated at?`,
      (a) => `I need the efficiency figure for ${a}.`,
      (a) => `How efficient is ${a} in normal operation?`,
      (a) => `What is the normal operating efficiency of ${a}?`,
      (a) => `Efficiency reached by ${a}?`,
    ],
    join: ['how efficient is it', 'what efficiency does it reach', 'its efficiency', 'at what efficiency does it run', 'what percentage efficiency does it have'],
  },
  engineer: {
    ask: [
      (a) => `Who is the engineer in charge of ${a}?`,
      (a) => `Who is responsible for ${a}?`,
      (a) => `${a} responsible engineer`,
      (a) => `Could you tell me who looks after ${a}?`,
      (a) => `Which engineer is ${a} assigned to?`,
      (a) => `Who should I contact about ${a}?`,
      (a) => `I need the name of the engineer responsible for ${a}.`,
      (a) => `By whom is ${a} overseen?`,
      (a) => `Who owns ${a} on the engineering side?`,
      (a) => `Person responsible for ${a}?`,
    ],
    join: ['who is responsible for it', 'which engineer looks after it', 'who is in charge of it', 'the engineer responsible', 'whom should I contact about it'],
  },
  location: {
    ask: [
      (a) => `Where is ${a}?`,
      (a) => `Where can ${a} be found?`,
      (a) => `${a} location`,
      (a) => `Could you tell me where ${a} is installed?`,
      (a) => `At which site is ${a}?`,
      (a) => `On what site does ${a} stand?`,
      (a) => `I need to know where ${a} is located.`,
      (a) => `Where is ${a} situated?`,
      (a) => `Site of ${a}?`,
      (a) => `where is ${a.toLowerCase()}`,
    ],
    join: ['where is it', 'at which site does it stand', 'where is it located', 'its location', 'on which site can it be found'],
  },
  commissioned: {
    ask: [
      (a) => `On which day was ${a} commissioned?`,
      (a) => `What date did ${a} enter service?`,
      (a) => `${a} commissioning date`,
      (a) => `Could you tell me when ${a} was put into service?`,
      (a) => `When was ${a} brought into operation?`,
      (a) => `I need the exact date ${a} was commissioned.`,
      (a) => `When did ${a} go live?`,
      (a) => `What day was ${a} started up for the first time?`,
      (a) => `Date of commissioning for ${a}?`,
      (a) => `When did commissioning of ${a} take place?`,
    ],
    join: ['when was it commissioned', 'on what date did it go into service', 'its commissioning date', 'when was it put into operation', 'what day did it enter service'],
  },
  life: {
    ask: [
      (a) => `How long is ${a} expected to last?`,
      (a) => `What is the design life of ${a}?`,
      (a) => `${a} service life`,
      (a) => `Could you tell me how many years ${a} should last?`,
      (a) => `For how many years is ${a} designed?`,
      (a) => `What lifespan is ${a} designed for?`,
      (a) => `I need the expected lifetime of ${a}.`,
      (a) => `How many years of service can be expected from ${a}?`,
      (a) => `How long will ${a} last?`,
      (a) => `Expected life of ${a} in years?`,
    ],
    join: ['how long is it expected to last', 'what is its design life', 'its expected service life', 'how many years should it last', 'what lifespan does it have'],
  },
  standby: {
    ask: [
      (a) => `Is there a standby unit for ${a}?`,
      (a) => `Does ${a} have a backup unit?`,
      (a) => `${a} standby unit?`,
      (a) => `Could you tell me whether ${a} has a standby?`,
      (a) => `Is ${a} backed up by a standby unit?`,
      (a) => `Has a standby unit been provided for ${a}?`,
      (a) => `I need to know if ${a} has a standby unit.`,
      (a) => `Is a standby unit available for ${a}?`,
      (a) => `Does ${a} come with a standby?`,
      (a) => `Is there redundancy for ${a} in the form of a standby unit?`,
    ],
    join: ['does it have a standby unit', 'is there a backup for it', 'has it got a standby'],
  },
};

/** Table-cell wordings, by the maintenance table's column header. */
export const HELD4_TABLE: Record<string, Array<(a: string) => string>> = {
  'Operating hours': [
    (a) => `How many operating hours has ${a} logged?`,
    (a) => `${a} running hours`,
    (a) => `Could you tell me the hours run by ${a}?`,
    (a) => `How long has ${a} been in operation, in hours?`,
    (a) => `What is the hour count of ${a}?`,
  ],
  'Vibration (mm/s)': [
    (a) => `What vibration was recorded for ${a}?`,
    (a) => `${a} vibration mm/s`,
    (a) => `How much does ${a} vibrate?`,
    (a) => `Could you tell me the vibration reading of ${a}?`,
    (a) => `What's the vibration velocity on ${a}?`,
  ],
  'Noise (dB)': [
    (a) => `How noisy is ${a}?`,
    (a) => `${a} noise level dB`,
    (a) => `What sound level was measured at ${a}?`,
    (a) => `Could you tell me how many decibels ${a} makes?`,
    (a) => `How many dB does ${a} emit?`,
  ],
  'Spare parts (EUR)': [
    (a) => `How much has been spent on spares for ${a}?`,
    (a) => `${a} spare parts cost`,
    (a) => `What were the spare part costs of ${a} in euros?`,
    (a) => `Could you tell me the spare parts spend on ${a}?`,
    (a) => `What did spares for ${a} come to?`,
  ],
};

const cap = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

/**
 * Two-part shapes: q1 is a whole question about the first fact (its final ? or . removed), j1
 * and j2 the clauses about "it" of the first and second fact, a the asset.
 */
export const HELD4_TWO: Array<(q1: string, j1: string, j2: string, a: string) => string> = [
  (q1, _j1, j2) => `${q1}, and ${j2}?`,
  (q1, _j1, j2) => `${q1} and ${j2}?`,
  (q1, _j1, j2) => `${q1}? Also, ${j2}?`,
  (q1, _j1, j2) => `${q1}; and ${j2}?`,
  (q1, _j1, j2) => `${q1} - and ${j2}?`,
  (q1, _j1, j2) => `${q1}. Additionally, ${j2}?`,
  (q1, _j1, j2) => `${q1}? And ${j2}?`,
  (_q1, j1, j2, a) => `Regarding ${a}: ${j1}, and ${j2}?`,
  (_q1, j1, j2, a) => `For ${a}, ${j1} and ${j2}?`,
  (_q1, j1, j2, a) => `Two things about ${a}: ${j1}? ${cap(j2)}?`,
];

/** Three-part shapes, as HELD4_TWO with a third fact's clause j3. */
export const HELD4_THREE: Array<(q1: string, j1: string, j2: string, j3: string, a: string) => string> = [
  (q1, _j1, j2, j3) => `${q1}, ${j2}, and ${j3}?`,
  (q1, _j1, j2, j3) => `${q1}; ${j2}; and ${j3}?`,
  (q1, _j1, j2, j3) => `${q1}? Also ${j2}, and ${j3}?`,
  (q1, _j1, j2, j3) => `${q1}, plus ${j2} and ${j3}?`,
  (_q1, j1, j2, j3, a) => `About ${a}: ${j1}, ${j2} and ${j3}?`,
  (_q1, j1, j2, j3, a) => `Three questions on ${a}: ${j1}? ${cap(j2)}? ${cap(j3)}?`,
];
