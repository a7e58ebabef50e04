// Second training wordings (issue 15, written 2026-11-25 after held2 was measured): more ways people
// ask for each fact, asked about the training documents from their own random stream, to find
// general weaknesses of the offline answerer. Tuning on these is allowed; they were checked to
// repeat no held-out or held2 wording (eval/qa-hard.ts prints only the count of repeats).
export type Train2FactName = 'year' | 'installer' | 'interval' | 'mass' | 'power' | 'flow' | 'cost' | 'efficiency' | 'engineer' | 'location' | 'commissioned' | 'life' | 'standby';

export const TRAIN2: Record<Train2FactName, { ask: Array<(a: string) => string>; join: string[] }> = {
  year: {
    ask: [(a) => `Which year did ${a} get installed?`, (a) => `How long ago was ${a} installed, which year?`, (a) => `Tell me the installation year of ${a}.`, (a) => `${a} was installed in what year?`],
    join: ['the year it was installed', 'what was the installation year'],
  },
  installer: {
    ask: [(a) => `What company installed ${a}?`, (a) => `Who carried out the installation of ${a}?`, (a) => `${a} was installed by whom?`, (a) => `Name the installer of ${a}.`],
    join: ['which company installed it', 'who carried out the installation'],
  },
  interval: {
    ask: [(a) => `How regularly must ${a} be checked?`, (a) => `How many months between inspections of ${a}?`, (a) => `What is the interval between inspections of ${a}?`, (a) => `When is ${a} due for inspection, how often?`],
    join: ['how regularly must it be checked', 'what is its inspection interval'],
  },
  mass: {
    ask: [(a) => `What does ${a} weigh?`, (a) => `How much does ${a} weigh empty?`, (a) => `Give the weight of ${a}.`, (a) => `What is ${a}'s mass?`],
    join: ['give its weight', 'what is its weight'],
  },
  power: {
    ask: [(a) => `What is the power consumption of ${a}?`, (a) => `How much electricity does ${a} consume at full load?`, (a) => `What motor power does ${a} have?`, (a) => `How many kW does ${a} draw?`],
    join: ['what is its power consumption', 'how much power does it draw'],
  },
  flow: {
    ask: [(a) => `What is the capacity of ${a} in cubic metres per hour?`, (a) => `How much can ${a} pump per hour?`, (a) => `What is the design flow of ${a}?`, (a) => `At what rate does ${a} deliver?`],
    join: ['what is its design flow', 'how much does it move per hour'],
  },
  cost: {
    ask: [(a) => `What did ${a} cost?`, (a) => `How much did buying ${a} cost?`, (a) => `What was paid for ${a}?`, (a) => `What was the cost of buying ${a}?`],
    join: ['what did it cost', 'what did buying it cost'],
  },
  efficiency: {
    ask: [(a) => `What efficiency does ${a} achieve?`, (a) => `How efficient is ${a} in normal operation?`, (a) => `What is ${a}'s efficiency rating?`, (a) => `Give the efficiency of ${a}.`],
    join: ['how efficient is it', 'what efficiency does it achieve'],
  },
  engineer: {
    ask: [(a) => `Who is the responsible engineer for ${a}?`, (a) => `Who is ${a}'s engineer?`, (a) => `Which engineer is in charge of ${a}?`, (a) => `Who takes care of ${a}?`],
    join: ['who is in charge of it', 'who is its engineer'],
  },
  location: {
    ask: [(a) => `Where is ${a} installed?`, (a) => `Where does ${a} stand?`, (a) => `At which site is ${a}?`, (a) => `In which place is ${a} located?`],
    join: ['where does it stand', 'at which site is it'],
  },
  commissioned: {
    ask: [(a) => `What was the commissioning date for ${a}?`, (a) => `When exactly was ${a} commissioned?`, (a) => `On what date did ${a} go into service?`, (a) => `When was ${a} taken into service?`],
    join: ['when was it taken into service', 'on what date was it commissioned'],
  },
  life: {
    ask: [(a) => `What is the service life of ${a}?`, (a) => `How many years will ${a} last?`, (a) => `How long can ${a} be used?`, (a) => `What is the expected life of ${a}?`],
    join: ['how many years will it last', 'what is its service life'],
  },
  standby: {
    ask: [(a) => `Does ${a} have a backup unit?`, (a) => `Is ${a} equipped with a standby unit?`, (a) => `Is there a spare unit on standby for ${a}?`, (a) => `Has ${a} a standby unit?`],
    join: [],
  },
};
