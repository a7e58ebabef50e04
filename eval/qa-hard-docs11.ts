// docs11 (issue 15, branch issue-15ar, written 2026-11-30 without reading any held-out wording or
// miss): a TRAINING split shaped like docs10 (and so like the never-tuned held2 and docs5), with
// more two-part questions in more kinds of join: "<q>, and <q about it>?", "<q>? And <q about it>?",
// elliptical second parts ("who fitted X and in which year?", "... and since when?"), "what ...,
// and how often ...", and two parts asking two values of one type (two durations, two times, two
// names). Documents: qa-hard-set.ts's generator with its own seed. Per asset one paraphrase and two
// two-part questions. Wordings that repeat a held-out wording of any split are left out (counted,
// never printed). All questions are training: tuning on them is allowed. Asked only when --split
// names docs11.
import { FACTS, type FactName } from './qa-hard-facts.js';
import { heldWordings } from './qa-hard-fresh.js';
import { Draw, lcg32 } from './qa-hard-draw.js';
import { generateHardQaSet, type HardDocument, type HardItem } from './qa-hard-set.js';

type Fact11 = Exclude<FactName, 'standby'>;

interface Wording {
  /** The fact asked as a whole question about the asset. */
  ask: Array<(a: string) => string>;
  /** A question about "it", lower case, no end mark. */
  about: string[];
  /** The fact as a noun phrase without an article. */
  noun: string[];
}

const WORDINGS: Record<Fact11, Wording> = {
  year: {
    ask: [(a) => `In which year was ${a} set up?`, (a) => `What year did ${a} arrive on site?`, (a) => `When did ${a} get installed, which year?`, (a) => `Which year was ${a} mounted in?`],
    about: ['in which year was it set up', 'what year was it mounted', 'when was it set up'],
    noun: ['year of installation', 'installation year'],
  },
  installer: {
    ask: [(a) => `Which company set up ${a}?`, (a) => `Who mounted ${a}?`, (a) => `Who did the installation of ${a}?`, (a) => `What firm was hired to install ${a}?`],
    about: ['which company set it up', 'who mounted it', 'what firm did the installation'],
    noun: ['installer', 'installing company'],
  },
  interval: {
    ask: [(a) => `How frequently is ${a} inspected?`, (a) => `How often does ${a} need an inspection?`, (a) => `What is the gap between inspections of ${a}?`, (a) => `Every how many months is ${a} checked?`],
    about: ['how often is it checked', 'how frequently does it get inspected', 'how often does it need an inspection'],
    noun: ['inspection interval', 'inspection frequency'],
  },
  mass: {
    ask: [(a) => `How heavy is ${a}?`, (a) => `What is the mass of the ${a} unit?`, (a) => `What weight does ${a} come in at?`, (a) => `How many kg does ${a} weigh?`],
    about: ['how heavy is it', 'what is its mass', 'how many kilograms does it weigh'],
    noun: ['weight', 'mass'],
  },
  power: {
    ask: [(a) => `How much power does ${a} use?`, (a) => `What is the electrical rating of ${a}?`, (a) => `How many kW does ${a} consume?`, (a) => `What power rating does ${a} have?`],
    about: ['how much power does it use', 'how many kW does it consume', 'what is its power rating'],
    noun: ['power rating', 'power consumption'],
  },
  flow: {
    ask: [(a) => `What flow can ${a} handle?`, (a) => `How much does ${a} pump per hour?`, (a) => `What volume per hour does ${a} move?`, (a) => `What is the hourly capacity of ${a}?`],
    about: ['what flow can it handle', 'how much does it move in an hour', 'what is its hourly capacity'],
    noun: ['flow', 'hourly capacity'],
  },
  cost: {
    ask: [(a) => `How much did ${a} cost?`, (a) => `What was the price of ${a}?`, (a) => `What did the purchase of ${a} cost?`, (a) => `For how much was ${a} bought?`],
    about: ['how much did it cost', 'what was its price', 'what was paid for it'],
    noun: ['price', 'purchase cost'],
  },
  efficiency: {
    ask: [(a) => `What is the efficiency of ${a}?`, (a) => `How efficient is ${a}?`, (a) => `What efficiency is ${a} rated at?`, (a) => `How well does ${a} convert energy, in percent?`],
    about: ['how efficient is it', 'what is its efficiency', 'what efficiency is it rated at'],
    noun: ['efficiency', 'rated efficiency'],
  },
  engineer: {
    ask: [(a) => `Who looks after ${a}?`, (a) => `Who is the engineer for ${a}?`, (a) => `Which engineer is responsible for ${a}?`, (a) => `Who is answerable for ${a}?`],
    about: ['who looks after it', 'who is responsible for it', 'which engineer is in charge of it'],
    noun: ['engineer responsible', 'engineer in charge'],
  },
  location: {
    ask: [(a) => `Where is ${a} located?`, (a) => `Where can ${a} be found?`, (a) => `In which town is ${a}?`, (a) => `Where is ${a} based?`],
    about: ['where is it located', 'where can it be found', 'where is it based'],
    noun: ['location', 'site'],
  },
  commissioned: {
    ask: [(a) => `When was ${a} commissioned?`, (a) => `Since when has ${a} been in operation?`, (a) => `On what date did ${a} start running?`, (a) => `When did ${a} enter service?`],
    about: ['when was it commissioned', 'since when has it been in operation', 'on what date did it start running'],
    noun: ['commissioning date', 'start of service'],
  },
  life: {
    ask: [(a) => `How long is ${a} expected to last?`, (a) => `What is the design life of ${a}?`, (a) => `How many years will ${a} stay in service?`, (a) => `What lifetime is planned for ${a}?`],
    about: ['how long is it expected to last', 'what is its design life', 'how many years will it stay in service'],
    noun: ['design life', 'expected service life'],
  },
};

/** Pair-specific joins (elliptical or same-type parts): the two facts, then whole questions about the asset. */
const PAIRS: Array<{ f1: Fact11; f2: Fact11; q: Array<(a: string) => string> }> = [
  { f1: 'installer', f2: 'year', q: [(a) => `Who installed ${a} and in which year?`, (a) => `Which firm put in ${a}, and when?`, (a) => `Who set up ${a}, and in what year was that?`] },
  { f1: 'engineer', f2: 'commissioned', q: [(a) => `Who looks after ${a} and since when has it been operating?`, (a) => `Which engineer is responsible for ${a}, and since when has it been in service?`] },
  { f1: 'location', f2: 'year', q: [(a) => `Where was ${a} installed and in which year?`, (a) => `Where is ${a}, and since which year has it been there?`] },
  { f1: 'mass', f2: 'interval', q: [(a) => `What does ${a} weigh, and how often is it inspected?`, (a) => `What is the weight of ${a}, and how often must it be checked?`] },
  { f1: 'cost', f2: 'interval', q: [(a) => `What did ${a} cost, and how often is it inspected?`] },
  { f1: 'interval', f2: 'life', q: [(a) => `How often is ${a} inspected and how long will it last?`, (a) => `How many months between inspections of ${a}, and how many years of life does it have?`] },
  { f1: 'year', f2: 'commissioned', q: [(a) => `In what year was ${a} installed and when was it commissioned?`, (a) => `When was ${a} installed, and when did it go into service?`] },
  { f1: 'installer', f2: 'engineer', q: [(a) => `Who installed ${a} and who looks after it?`, (a) => `Which firm installed ${a}, and which engineer is in charge of it?`] },
  { f1: 'power', f2: 'mass', q: [(a) => `How much power does ${a} draw and how much does it weigh?`] },
  { f1: 'power', f2: 'efficiency', q: [(a) => `What is the power of ${a}, and how efficient is it?`] },
  { f1: 'flow', f2: 'power', q: [(a) => `What flow does ${a} manage, and at what power?`] },
];

const noMark = (s: string): string => s.replace(/[?.]$/, '');
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Generic joins: asset, first question, nouns, second part as a question about "it". */
type Two = (a: string, q1: string, n1: string, n2: string, about2: string) => string;
const TWO: Two[] = [
  (_a, q1, _n1, _n2, about2) => `${noMark(q1)}, and ${about2}?`,
  (_a, q1, _n1, _n2, about2) => `${noMark(q1)}? And ${about2}?`,
  (_a, q1, _n1, _n2, about2) => `${q1} ${cap(about2)}?`,
  (_a, q1, _n1, _n2, about2) => `${noMark(q1)} and ${about2}?`,
  (a, _q1, n1, n2) => `What are the ${n1} and the ${n2} of ${a}?`,
  (a, _q1, n1, n2) => `Give me the ${n1} of ${a} and its ${n2}.`,
  (_a, q1, _n1, n2) => `${noMark(q1)}, and what about its ${n2}?`,
];

/** The wordings that repeat no held-out wording of any split (which ones is never printed). */
function freshWordings(): { wordings: Record<Fact11, Wording>; pairs: typeof PAIRS; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const held = heldWordings(norm, (j) => norm(j.replace(/\bit\b/, name)));
  let dropped = 0;
  const wordings = {} as Record<Fact11, Wording>;
  for (const f of Object.keys(WORDINGS) as Fact11[]) {
    const w = WORDINGS[f];
    const ask = w.ask.filter((a) => !held.has(norm(a(name))));
    const about = w.about.filter((j) => !held.has(norm(j)) && !held.has(norm(j.replace(/\bit\b/, name))));
    dropped += w.ask.length - ask.length + w.about.length - about.length;
    wordings[f] = { ask: ask.length ? ask : [(a) => `What is the ${w.noun[0]!} of ${a}?`], about: about.length ? about : w.noun.map((n) => `what is its ${n}`), noun: w.noun };
  }
  const pairs = PAIRS.map((p) => {
    const q = p.q.filter((w) => !held.has(norm(w(name))));
    dropped += p.q.length - q.length;
    return { ...p, q };
  }).filter((p) => p.q.length > 0);
  return { wordings, pairs, dropped };
}

/** docs11's files (their names after the main set's, assets distinct from every main-set tag) and questions. */
export function generateDocs11Set(count = 30, seed = 0x11d0b): { docs: HardDocument[]; items: HardItem[]; dropped: number } {
  const main = generateHardQaSet(36).docs.map((doc) => doc.pages.map((pg) => pg.content).join('\n')).join('\n');
  const made = generateHardQaSet(count, seed);
  const docs = made.docs.map((doc) => ({ ...doc, name: doc.name.replace(/\.pdf$/, ' (docs11).pdf') }));
  const { wordings: W, pairs, dropped } = freshWordings();
  const qd = new Draw(lcg32(seed ^ 0x1111), ['x']);
  const items: HardItem[] = [];
  for (const { d, assets, where } of made.files) {
    const ask = (question: string, answers: string[], category: HardItem['category'], type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'docs11', doc: d, pages });
    for (const a of assets) {
      // A tag the main set also uses would make the question ambiguous across the corpus.
      if (new RegExp(`\\b${a.name}\\b`).test(main)) continue;
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const value = (f: Fact11): string => a.facts.get(f)!.value;
      const facts = qd.shuffle([...a.facts.keys()].filter((f): f is Fact11 => f !== 'standby'));
      if (facts[0]) ask(qd.one(W[facts[0]].ask)(a.name), [value(facts[0])], 'paraphrased', FACTS[facts[0]].type, [page(facts[0])]);
      const two = (f1: Fact11, f2: Fact11, q: string) => ask(q, [value(f1), value(f2)], 'two-part', 'two-part', [page(f1), page(f2)]);
      // One pair-specific join where the asset has both facts, else a generic one; then a generic one.
      const fit = pairs.filter((p) => a.facts.has(p.f1) && a.facts.has(p.f2));
      if (fit.length && qd.r() < 0.7) {
        const p = qd.one(fit);
        two(p.f1, p.f2, qd.one(p.q)(a.name));
      } else if (facts[1] && facts[2]) two(facts[1], facts[2], qd.one(TWO)(a.name, qd.one(W[facts[1]].ask)(a.name), qd.one(W[facts[1]].noun), qd.one(W[facts[2]].noun), qd.one(W[facts[2]].about)));
      const [f1, f2] = qd.shuffle(facts);
      if (!f1 || !f2) continue;
      two(f1, f2, qd.one(TWO)(a.name, qd.one(W[f1].ask)(a.name), qd.one(W[f1].noun), qd.one(W[f2].noun), qd.one(W[f2].about)));
    }
  }
  return { docs, items, dropped };
}
