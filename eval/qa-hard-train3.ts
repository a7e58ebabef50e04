// Third training wordings (issue 15, written 2026-11-25, session 6): the sentence shapes people
// type into a search box rather than write: polite requests ("Could you tell me ..."), statements
// of need ("I need ..."), contractions ("what's"), lower case without a question mark, a noun
// phrase with a colon, and other joins for the second part of a two-part question ("as well as",
// "plus", "also"). Asked about the training documents from their own random stream; tuning on them
// is allowed. eval/qa-hard.ts counts (never prints) repeats of held-out or held2 wordings.
import type { Train2FactName } from './qa-hard-train2.js';

export const TRAIN3: Record<Train2FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: {
    ask: [(a) => `Could you tell me the year ${a} was installed?`, (a) => `installation year ${a}`, (a) => `I need the year of installation for ${a}.`, (a) => `${a}: year installed?`, (a) => `what's the install year of ${a}`],
    join: ['also the year of installation', 'what year it went in'],
  },
  installer: {
    ask: [(a) => `Which firm did the installation of ${a}?`, (a) => `Could you tell me who installed ${a}?`, (a) => `installer of ${a}`, (a) => `Which contractor put ${a} in?`, (a) => `who was contracted to install ${a}`],
    join: ['also which firm installed it', 'who the installer was'],
  },
  interval: {
    ask: [(a) => `What's the inspection frequency for ${a}?`, (a) => `how frequently is ${a} inspected`, (a) => `I need the inspection interval for ${a}.`, (a) => `${a}: how often inspected?`, (a) => `Every how many months is ${a} inspected?`],
    join: ['how frequently it is inspected', 'also the inspection frequency'],
  },
  mass: {
    ask: [(a) => `Could you tell me the weight of ${a}?`, (a) => `weight of ${a}`, (a) => `What's the mass of ${a} in kg?`, (a) => `I need to know how heavy ${a} is.`, (a) => `${a}: weight?`],
    join: ['also its weight', 'how heavy it is'],
  },
  power: {
    ask: [(a) => `What's the power rating of ${a}?`, (a) => `rated power ${a}`, (a) => `How much power does ${a} need?`, (a) => `Could you tell me the power of ${a} in kW?`, (a) => `${a}: power consumption?`],
    join: ['also its rated power', 'how many kilowatts it draws'],
  },
  flow: {
    ask: [(a) => `What's the flow rate of ${a}?`, (a) => `rated flow of ${a}`, (a) => `How many cubic metres per hour does ${a} handle?`, (a) => `I need the design flow for ${a}.`, (a) => `${a}: capacity per hour?`],
    join: ['also its flow rate', 'what flow it handles'],
  },
  cost: {
    ask: [(a) => `How much was ${a} bought for?`, (a) => `purchase price of ${a}`, (a) => `What's the price paid for ${a}?`, (a) => `Could you tell me what ${a} cost?`, (a) => `I need the purchase cost of ${a}.`],
    join: ['also the price paid', 'how much it was bought for'],
  },
  efficiency: {
    ask: [(a) => `What's the efficiency of ${a}?`, (a) => `efficiency ${a}`, (a) => `Could you tell me how efficient ${a} is?`, (a) => `At what efficiency does ${a} run?`, (a) => `${a}: efficiency in normal operation?`],
    join: ['also its efficiency', 'how efficient it runs'],
  },
  engineer: {
    ask: [(a) => `Who's the engineer for ${a}?`, (a) => `responsible engineer ${a}`, (a) => `Could you tell me who looks after ${a}?`, (a) => `Which person is responsible for ${a}?`, (a) => `Who should I ask about ${a}?`],
    join: ['also who is responsible for it', 'which engineer looks after it'],
  },
  location: {
    ask: [(a) => `Where's ${a}?`, (a) => `location of ${a}`, (a) => `Could you tell me where ${a} is located?`, (a) => `Which site has ${a}?`, (a) => `I need the location of ${a}.`],
    join: ['also where it is located', 'which site it is at'],
  },
  commissioned: {
    ask: [(a) => `What's the commissioning date of ${a}?`, (a) => `commissioning date ${a}`, (a) => `Could you tell me when ${a} was commissioned?`, (a) => `What day did ${a} first run?`, (a) => `${a}: date commissioned?`],
    join: ['also the commissioning date', 'when it started operating'],
  },
  life: {
    ask: [(a) => `What's the expected lifetime of ${a}?`, (a) => `service life ${a}`, (a) => `Could you tell me how long ${a} is designed to last?`, (a) => `For how many years is ${a} designed?`, (a) => `${a}: design life?`],
    join: ['also its expected lifetime', 'how long it is designed to last'],
  },
  standby: {
    ask: [(a) => `Is a standby unit fitted for ${a}?`, (a) => `standby unit for ${a}?`, (a) => `Could you tell me whether ${a} has a standby unit?`, (a) => `Does ${a} have any standby?`, (a) => `${a}: standby unit available?`],
    join: [],
  },
};
