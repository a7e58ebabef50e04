// Third held-out wordings (issue 15, written 2026-11-25 session 6, after the question-shape
// change was committed and before it was measured on them): asked about the held-out documents
// from their own random stream. Never tuned on; eval/qa-hard.ts never prints their misses. Written
// because some held2 wordings were seen on screen while the generator was read.
import type { Train2FactName } from './qa-hard-train2.js';

export const HELD3: Record<Train2FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: {
    ask: [(a) => `Which year saw ${a} installed?`, (a) => `When, as a year, was ${a} installed?`, (a) => `what year is ${a} from`],
    join: ['the installation year too'],
  },
  installer: {
    ask: [(a) => `Name the company that installed ${a}.`, (a) => `Whose crew installed ${a}?`, (a) => `installation company for ${a}?`],
    join: ['which company did the installation'],
  },
  interval: {
    ask: [(a) => `At what interval is ${a} inspected?`, (a) => `How long between two inspections of ${a}?`, (a) => `${a} inspection interval?`],
    join: ['how often it gets inspected'],
  },
  mass: {
    ask: [(a) => `What is the mass of ${a} in kilograms?`, (a) => `How much mass does ${a} have?`, (a) => `mass ${a}`],
    join: ['the mass too'],
  },
  power: {
    ask: [(a) => `How many kilowatts is ${a} rated at?`, (a) => `What power does ${a} use at full load?`, (a) => `${a} rated power in kW?`],
    join: ['its power at full load'],
  },
  flow: {
    ask: [(a) => `What flow does ${a} give at its design point?`, (a) => `How many m3/h does ${a} move?`, (a) => `design flow rate ${a}`],
    join: ['its rated flow too'],
  },
  cost: {
    ask: [(a) => `What price was paid for ${a}?`, (a) => `How much did the purchase of ${a} cost?`, (a) => `${a} purchase price?`],
    join: ['what was paid for it'],
  },
  efficiency: {
    ask: [(a) => `What percentage efficiency does ${a} reach?`, (a) => `How efficient is ${a} when running normally?`, (a) => `efficiency of ${a} in normal operation`],
    join: ['its efficiency too'],
  },
  engineer: {
    ask: [(a) => `Who is the engineer in charge of ${a}?`, (a) => `Which engineer answers for ${a}?`, (a) => `engineer responsible for ${a}?`],
    join: ['the responsible engineer too'],
  },
  location: {
    ask: [(a) => `In which location is ${a}?`, (a) => `Where can I find ${a}?`, (a) => `${a} location?`],
    join: ['where it is'],
  },
  commissioned: {
    ask: [(a) => `What date was ${a} commissioned on?`, (a) => `On which date was ${a} put into service?`, (a) => `${a} commissioning date?`],
    join: ['the date it was commissioned'],
  },
  life: {
    ask: [(a) => `How many years of service is ${a} designed for?`, (a) => `What lifetime is expected of ${a}?`, (a) => `${a} expected service life?`],
    join: ['its expected service life too'],
  },
  standby: {
    ask: [(a) => `Does a standby unit exist for ${a}?`, (a) => `Has ${a} a standby unit provided?`, (a) => `Is ${a} backed by a standby unit?`],
    join: [],
  },
};
