// Sixth training wordings (issue 15, written 2026-11-28): the answer types the held-out sets were
// weakest on - yes/no, who (a person or a company) and which year - asked the way people ask them:
// many verbs and synonyms, passive and active voice, stranded prepositions, noun phrases, search-box
// shorthand; questions in the negative ("Is there no standby unit for X?", gold flipped); checks of
// a stated value ("Was X installed by <company>?": Yes for its own value, No for another asset's);
// and questions about facts the files never state (who made or supplied X), which must be "not
// found". Two first-draft wordings equal to held4 wordings (main added held4 while this was
// written; found by count after the rebase) were replaced before the final measurement. Asked about the training documents from their own random stream; tuning on them is
// allowed. eval/qa-hard.ts counts (never prints) repeats of held-out, held2 or held3 wordings.
import type { Train2FactName } from './qa-hard-train2.js';

export type Train6FactName = Extract<Train2FactName, 'year' | 'installer' | 'engineer' | 'standby'>;

export const TRAIN6: Record<Train6FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: {
    ask: [
      (a) => `What year was ${a} installed in?`,
      (a) => `When did ${a} get put in?`,
      (a) => `Since when has ${a} been installed?`,
      (a) => `Year of installation for ${a}?`,
      (a) => `${a}: year installed?`,
      (a) => `In which year was ${a} fitted in place?`,
      (a) => `When was ${a} put into place?`,
      (a) => `Which year saw the installation of ${a}?`,
      (a) => `When was the installation of ${a} completed?`,
      (a) => `What year did they install ${a}?`,
      (a) => `When did they put ${a} in?`,
      (a) => `In what year was the installation of ${a} done?`,
      (a) => `When was ${a} installed - which year?`,
      (a) => `Roughly when was ${a} installed?`,
      (a) => `Installed when: ${a}?`,
      (a) => `What's the year ${a} was installed?`,
    ],
    join: ['what year was it put in', 'when did it get installed', 'and the year of installation'],
  },
  installer: {
    ask: [
      (a) => `Who was ${a} installed by?`,
      (a) => `Which contractor installed ${a}?`,
      (a) => `Which company was responsible for the installation of ${a}?`,
      (a) => `What firm did the install of ${a}?`,
      (a) => `Who did the installation work on ${a}?`,
      (a) => `Which installation company worked on ${a}?`,
      (a) => `Who was contracted to install ${a}?`,
      (a) => `What's the name of the company that installed ${a}?`,
      (a) => `Installer of ${a}?`,
      (a) => `The installer of ${a} was which company?`,
      (a) => `Who put ${a} in?`,
      (a) => `Which firm handled the installation of ${a}?`,
      (a) => `Which contractor carried out the install of ${a}?`,
      (a) => `Who got ${a} installed?`,
      (a) => `Which outside company installed ${a}?`,
      (a) => `Who was the installing contractor for ${a}?`,
    ],
    join: ['who put it in', 'which firm installed it', 'and the installation contractor'],
  },
  engineer: {
    ask: [
      (a) => `Who handles ${a}?`,
      (a) => `Who takes care of ${a}?`,
      (a) => `Which engineer handles ${a}?`,
      (a) => `Who is the engineer for ${a}?`,
      (a) => `Who maintains ${a}?`,
      (a) => `Who is the contact person for ${a}?`,
      (a) => `Which member of staff is responsible for ${a}?`,
      (a) => `Who has responsibility for ${a}?`,
      (a) => `Who manages ${a}?`,
      (a) => `Who supervises ${a}?`,
      (a) => `Name the person responsible for ${a}.`,
      (a) => `Who do I talk to about ${a}?`,
      (a) => `Which engineer is assigned to ${a}?`,
      (a) => `${a} is looked after by whom?`,
      (a) => `Which person has charge of ${a}?`,
      (a) => `Responsible engineer of ${a}?`,
    ],
    join: ['who takes care of it', 'who is its engineer', 'and the engineer in charge'],
  },
  standby: {
    ask: [
      (a) => `Is ${a} equipped with a standby unit?`,
      (a) => `Does ${a} have a unit on standby?`,
      (a) => `Is ${a} paired with a standby unit?`,
      (a) => `Does ${a} have a standby unit available?`,
      (a) => `Was a standby unit provided for ${a}?`,
      (a) => `Is a second unit kept on standby for ${a}?`,
      (a) => `Can ${a} fall back on a standby unit?`,
      (a) => `Does ${a} have a standby unit, yes or no?`,
      (a) => `Is ${a} supplied with a standby unit?`,
      (a) => `Is ${a} covered by a standby unit?`,
      (a) => `Is there a standby unit in place for ${a}?`,
      (a) => `Any standby unit for ${a}?`,
    ],
    join: [],
  },
};

/** Standby asked in the negative: the gold answer is the opposite of "has a standby unit". */
export const TRAIN6_NEGATED: Array<(a: string) => string> = [
  (a) => `Is there no standby unit for ${a}?`,
  (a) => `Is ${a} without a standby unit?`,
  (a) => `Does ${a} lack a standby unit?`,
  (a) => `Is it true that ${a} has no standby unit?`,
  (a) => `Does ${a} have no standby unit?`,
];

/** Yes/no checks of a stated value: Yes for the asset's own value, No for another asset's. */
export const TRAIN6_CHECKS: Record<Exclude<Train6FactName, 'standby'>, Array<(a: string, v: string) => string>> = {
  year: [(a, v) => `Was ${a} installed in ${v}?`, (a, v) => `Did the installation of ${a} take place in ${v}?`, (a, v) => `Is ${v} the year ${a} was installed?`],
  installer: [(a, v) => `Was ${a} installed by ${v}?`, (a, v) => `Did ${v} install ${a}?`, (a, v) => `Is ${v} the installer of ${a}?`],
  engineer: [(a, v) => `Is ${v} responsible for ${a}?`, (a, v) => `Is ${v} the engineer in charge of ${a}?`, (a, v) => `Does ${v} look after ${a}?`],
};

/** Facts the files never state (who made, sold or delivered an asset): "not found". */
export const TRAIN6_UNSTATED: Array<(a: string) => string> = [
  (a) => `Which company manufactured ${a}?`,
  (a) => `Who made ${a}?`,
  (a) => `Who supplied ${a}?`,
  (a) => `Which firm delivered ${a}?`,
  (a) => `What company built ${a}?`,
  (a) => `Who is the manufacturer of ${a}?`,
  (a) => `In which year was ${a} manufactured?`,
  (a) => `Who sold ${a} to the plant?`,
];
