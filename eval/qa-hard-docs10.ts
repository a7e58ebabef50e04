// docs10 (issue 15, branch issue-15ao, written 2026-11-30 without reading any held-out wording or
// miss): a TRAINING split shaped like the never-tuned held2 and docs5 splits, to find which rules
// over-fire on paraphrased and two-part questions. Documents: qa-hard-set.ts's generator with its
// own seed (fresh assets and values, the training documents' phrasings, distractors and tables);
// its held-out wordings are not asked. Questions, own wordings and stream: two paraphrases per
// asset, and a two-part question per asset, mostly "<paraphrase>, and <question about it>?",
// otherwise a noun-phrase join ("... and the X?", "the X and Y of A"). Wordings that repeat a
// held-out wording of any split are left out (counted, never printed). All questions are training:
// tuning on them is allowed. Asked only when --split names docs10.
import { FACTS, type FactName } from './qa-hard-facts.js';
import { heldWordings } from './qa-hard-fresh.js';
import { Draw, lcg32 } from './qa-hard-draw.js';
import { generateHardQaSet, type HardDocument, type HardItem } from './qa-hard-set.js';

type Fact10 = Exclude<FactName, 'standby'>;

interface Wording {
  /** The fact asked as a whole question about the asset. */
  ask: Array<(a: string) => string>;
  /** A question about "it", lower case, no end mark. */
  about: string[];
  /** The fact as a noun phrase without an article. */
  noun: string[];
}

const WORDINGS: Record<Fact10, Wording> = {
  year: {
    ask: [(a) => `Which year did ${a} get put in place?`, (a) => `When was ${a} fitted?`, (a) => `What was the year ${a} went in?`, (a) => `Since which year has ${a} been installed?`, (a) => `How long ago, in what year, was ${a} installed?`],
    about: ['what year did it go in', 'when was it fitted', 'in what year was it put in place'],
    noun: ['year it was installed', 'installation year'],
  },
  installer: {
    ask: [(a) => `Who fitted ${a}?`, (a) => `Which contractor put ${a} in?`, (a) => `Name the firm that installed ${a}.`, (a) => `Who carried out the installation of ${a}?`, (a) => `By which company was ${a} installed?`],
    about: ['who fitted it', 'which firm put it in', 'who carried out its installation'],
    noun: ['installing firm', 'installation company'],
  },
  interval: {
    ask: [(a) => `How often is ${a} due for inspection?`, (a) => `At what interval does ${a} get inspected?`, (a) => `How many months pass between inspections of ${a}?`, (a) => `What is the inspection cycle of ${a}?`, (a) => `How often do they inspect ${a}?`],
    about: ['how often is it due for inspection', 'how often does it get inspected', 'what is its inspection cycle'],
    noun: ['inspection cycle', 'interval between inspections'],
  },
  mass: {
    ask: [(a) => `What does ${a} weigh?`, (a) => `How much weight does ${a} have?`, (a) => `How many kilograms is ${a}?`, (a) => `What is ${a}'s weight?`, (a) => `How heavy is the unit ${a}?`],
    about: ['what does it weigh', 'how much does it weigh', 'what is its weight'],
    noun: ['weight', 'mass'],
  },
  power: {
    ask: [(a) => `What power does ${a} draw?`, (a) => `How many kilowatts does ${a} need?`, (a) => `What is the power consumption of ${a}?`, (a) => `How much electrical power does ${a} take?`, (a) => `What is ${a} rated at in kW?`],
    about: ['how much power does it draw', 'what power does it need', 'how many kilowatts does it take'],
    noun: ['power draw', 'rated power'],
  },
  flow: {
    ask: [(a) => `How much can ${a} move per hour?`, (a) => `What is the rated throughput of ${a}?`, (a) => `What flow does ${a} deliver?`, (a) => `How many cubic metres an hour does ${a} handle?`, (a) => `What is the capacity of ${a} per hour?`],
    about: ['what flow does it deliver', 'how much does it move per hour', 'what is its throughput'],
    noun: ['flow rate', 'throughput'],
  },
  cost: {
    ask: [(a) => `What was paid for ${a}?`, (a) => `How much money was spent on ${a}?`, (a) => `What did it cost to buy ${a}?`, (a) => `At what price was ${a} purchased?`, (a) => `How expensive was ${a}?`],
    about: ['what was paid for it', 'how much was it bought for', 'what did it cost'],
    noun: ['purchase price', 'price paid'],
  },
  efficiency: {
    ask: [(a) => `How efficiently does ${a} operate?`, (a) => `What efficiency does ${a} achieve?`, (a) => `How efficient is ${a} in operation?`, (a) => `What is the efficiency rating of ${a}?`, (a) => `At what efficiency does ${a} run?`, (a) => `What percentage efficiency is ${a} rated for?`],
    about: ['how efficiently does it operate', 'how efficient is it', 'what efficiency does it achieve', 'at what efficiency does it run'],
    noun: ['efficiency', 'efficiency rating'],
  },
  engineer: {
    ask: [(a) => `Who runs ${a}?`, (a) => `Who is in charge of looking after ${a}?`, (a) => `Which engineer is accountable for ${a}?`, (a) => `Who has responsibility for ${a}?`, (a) => `Name the engineer who looks after ${a}.`, (a) => `Who takes care of ${a}?`],
    about: ['who runs it', 'who is in charge of it', 'which engineer looks after it', 'who has responsibility for it'],
    noun: ['responsible engineer', 'engineer in charge'],
  },
  location: {
    ask: [(a) => `Where does ${a} operate?`, (a) => `In which place is ${a} situated?`, (a) => `Where does ${a} stand?`, (a) => `What is the location of ${a}?`, (a) => `At what site can ${a} be found?`, (a) => `Where is ${a} installed?`],
    about: ['where does it operate', 'where does it stand', 'where is it situated', 'what site is it at'],
    noun: ['location', 'site'],
  },
  commissioned: {
    ask: [(a) => `When did ${a} become operational?`, (a) => `When was ${a} put into operation?`, (a) => `On which date was ${a} commissioned?`, (a) => `When was ${a} taken into service?`, (a) => `What date did ${a} go into operation?`, (a) => `When was ${a} first put into service?`, (a) => `What is the date ${a} was commissioned?`],
    about: ['when did it become operational', 'when did it start operating', 'when was it commissioned', 'on what date did it go into service', 'when was it taken into operation'],
    noun: ['commissioning date', 'date of commissioning'],
  },
  life: {
    ask: [(a) => `How long can ${a} operate?`, (a) => `How long before ${a} must be replaced?`, (a) => `How many years can ${a} be operated?`, (a) => `How many years is ${a} designed to last?`, (a) => `What service life is expected of ${a}?`, (a) => `For how long is ${a} meant to stay in service?`, (a) => `What is the expected lifetime of ${a}?`, (a) => `How long will ${a} last?`],
    about: ['how long can it operate', 'how long before it must be replaced', 'how long is it expected to last', 'what is its expected service life', 'how many years should it last'],
    noun: ['expected lifetime', 'service life'],
  },
};

const noMark = (s: string): string => s.replace(/[?.]$/, '');

/** Noun-phrase joins (a third of the two-part questions): asset name, first question, nouns, second as "it". */
type Two = (a: string, q1: string, n1: string, n2: string, about2: string) => string;
const TWO: Two[] = [
  (_a, q1, _n1, n2) => `${noMark(q1)}, and the ${n2}?`,
  (a, _q1, n1, n2) => `What are the ${n1} and the ${n2} of ${a}?`,
  (_a, q1, _n1, _n2, about2) => `${noMark(q1)} and ${about2}?`,
  (a, _q1, n1, n2) => `Tell me the ${n1} and ${n2} for ${a}.`,
  (_a, q1, _n1, n2) => `${noMark(q1)}, and what is its ${n2}?`,
  (a, _q1, n1, n2) => `${a}: ${n1} and ${n2}?`,
];

/** The wordings that repeat no held-out wording of any split (which ones is never printed). */
function freshWordings(): { wordings: Record<Fact10, Wording>; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const held = heldWordings(norm, (j) => norm(j.replace(/\bit\b/, name)));
  let dropped = 0;
  const wordings = {} as Record<Fact10, Wording>;
  for (const f of Object.keys(WORDINGS) as Fact10[]) {
    const w = WORDINGS[f];
    const ask = w.ask.filter((a) => !held.has(norm(a(name))));
    const about = w.about.filter((j) => !held.has(norm(j)) && !held.has(norm(j.replace(/\bit\b/, name))));
    dropped += w.ask.length - ask.length + w.about.length - about.length;
    wordings[f] = { ask: ask.length ? ask : [(a) => `What is the ${w.noun[0]!} of ${a}?`], about: about.length ? about : w.noun.map((n) => `what is its ${n}`), noun: w.noun };
  }
  return { wordings, dropped };
}

/** docs10's files (their names after the main set's, assets distinct from every main-set tag) and questions. */
export function generateDocs10Set(count = 30, seed = 0x10d0a): { docs: HardDocument[]; items: HardItem[]; dropped: number } {
  const main = generateHardQaSet(36).docs.map((doc) => doc.pages.map((pg) => pg.content).join('\n')).join('\n');
  const made = generateHardQaSet(count, seed);
  const docs = made.docs.map((doc) => ({ ...doc, name: doc.name.replace(/\.pdf$/, ' (docs10).pdf') }));
  const { wordings: W, dropped } = freshWordings();
  const qd = new Draw(lcg32(seed ^ 0x1010), ['x']);
  const items: HardItem[] = [];
  for (const { d, assets, where } of made.files) {
    const ask = (question: string, answers: string[], category: HardItem['category'], type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'docs10', doc: d, pages });
    for (const a of assets) {
      // A tag the main set also uses would make the question ambiguous across the corpus.
      if (new RegExp(`\\b${a.name}\\b`).test(main)) continue;
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = qd.shuffle([...a.facts.keys()].filter((f): f is Fact10 => f !== 'standby'));
      for (const f of facts.slice(0, 2)) ask(qd.one(W[f].ask)(a.name), [a.facts.get(f)!.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [f1, f2] = qd.shuffle(facts);
      if (!f1 || !f2) continue;
      const q1 = qd.one(W[f1].ask)(a.name);
      const q = qd.r() < 0.65 ? `${noMark(q1)}, and ${qd.one(W[f2].about)}?` : qd.one(TWO)(a.name, q1, qd.one(W[f1].noun), qd.one(W[f2].noun), qd.one(W[f2].about));
      ask(q, [a.facts.get(f1)!.value, a.facts.get(f2)!.value], 'two-part', 'two-part', [page(f1), page(f2)]);
    }
  }
  return { docs, items, dropped };
}
