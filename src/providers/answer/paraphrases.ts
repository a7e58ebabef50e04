// Predicate paraphrases WordNet does not link: phrasal verbs and idioms of plain English that say
// the same of a machine or a person as a technical word does ("go in" ~ installed, "enter
// service" ~ commissioned, "last" ~ service life, "in charge" ~ responsible). WordNet lists
// "put in" and "set up" under install but has no "enter service", and puts "last" (endure) and
// "lifetime" in unrelated synsets. Hand-written from general usage (English dictionaries' entries
// for these verbs and idioms), not from any document or question set; each class is one meaning,
// and a word belongs to a class only in that meaning. Phrases are written with a space; words
// are matched by their Porter stem, so "fitted", "commissioning" and "lasts" find their class.
import { stem } from './text.js';

const CLASSES: readonly string[][] = [
  // Putting equipment in place.
  ['install', 'installation', 'installer', 'put in', 'set up', 'fit', 'fitter', 'fitting', 'go in', 'put in place', 'put into place', 'erect', 'erection'],
  // Making equipment (not putting it in place).
  ['manufacture', 'manufacturer', 'make', 'made', 'maker', 'build', 'built', 'builder', 'produce', 'producer', 'fabricate'],
  // Selling or delivering equipment to its user.
  ['supply', 'supplier', 'vendor', 'sell', 'sold', 'seller', 'deliver', 'delivery'],
  // Taking equipment into use for the first time.
  ['commission', 'commissioning', 'enter service', 'go live', 'start up', 'take into service', 'taken into service', 'go into service', 'put into service', 'bring into service', 'brought into service', 'start operating', 'begin operating', 'go into operation', 'put into operation', 'take into operation', 'taken into operation', 'bring into operation', 'brought into operation', 'enter operation', 'in operation since', 'in service since', 'become operational', 'became operational', 'go operational', 'went operational', 'operational since'],
  // How long equipment is meant to stay usable.
  ['lifetime', 'lifespan', 'life', 'last', 'endure', 'life expectancy', 'stay in use', 'remain in use', 'remain in service', 'stay in service', 'be usable', 'stay usable', 'remain usable', 'useful life'],
  // A maker's promise to repair or replace for a time (not how long the thing lasts).
  ['warranty', 'guarantee', 'guaranteed', 'warranted'],
  // Who answers for something.
  ['responsible', 'responsibility', 'in charge', 'look after', 'care for', 'take care', 'maintain', 'manage', 'supervise', 'oversee', 'handle', 'deal with'],
  // Looking equipment over for faults.
  ['inspect', 'inspection', 'check', 'checkup'],
  // What was paid to acquire something.
  ['price', 'cost', 'pay', 'paid', 'buy', 'bought', 'purchase', 'acquisition cost', 'purchase price', 'price paid'],
  // Servicing equipment (routine work on it, not looking it over).
  ['service', 'servicing'],
  // How sound equipment is judged to be: a score or index of its condition.
  ['health score', 'health index', 'health rating', 'condition', 'condition index', 'condition rating', 'condition score'],
  // Oiling a machine: a lube interval is the time between oil changes.
  ['lubricate', 'lubrication', 'lube', 'oil', 'oil change', 'relubrication'],
];

// Phrases read as a class in a question but never looked for in a text: their one content word
// alone names something else ("service" is also servicing, so "be in service" in the life class
// made a "Service interval" column say life). The verb or unit around it carries the meaning:
// "supposed to be in service" and "how many years of service" ask how long a thing lasts.
const ASKED_ONLY: ReadonlyArray<readonly [string, string]> = [
  ['be in service', 'lifetime'],
  ['be in use', 'lifetime'],
  ['years of service', 'lifetime'],
  ['years of use', 'lifetime'],
];

const key = (phrase: string): string => phrase.split(' ').map(stem).join(' ');
const MEMBERS = new Map<string, Set<number>>();
CLASSES.forEach((members, i) => {
  for (const m of members) {
    const k = key(m);
    MEMBERS.set(k, (MEMBERS.get(k) ?? new Set()).add(i));
  }
});
for (const [phrase, anchor] of ASKED_ONLY) MEMBERS.set(key(phrase), new Set(MEMBERS.get(key(anchor))));

/**
 * The other members of the classes of a word or phrase ("put_in", "fitted"), phrases with spaces.
 * A phrase the lexicon lacks that ends in a preposition ("responsible for") is looked up without it.
 */
export function paraphrasesOf(word: string): string[] {
  const phrase = word.replace(/_/g, ' ').toLowerCase();
  const bare = phrase.replace(/ (?:for|of|to|with|on|at|by|in|about)$/, '');
  const own = MEMBERS.has(key(phrase)) ? key(phrase) : key(bare);
  const classes = MEMBERS.get(own);
  if (!classes) return [];
  return [...new Set([...classes].flatMap((i) => CLASSES[i]!))].filter((m) => key(m) !== own);
}

/**
 * The class of what was paid: a sum, not an act with a time or agent of its own. A year asked of
 * it ("How much did X cost, and in which year?") is the year the asset was acquired, which a
 * document dates by its installation or commissioning: no statement is of "another role" to it.
 */
export const PRICE_CLASS = CLASSES.findIndex((c) => c.includes('price'));

/** Whether the lexicon knows the phrase (words joined by "_" or " "). */
export const isParaphrasePhrase = (phrase: string): boolean => phrase.replace(/_/g, ' ').includes(' ') && MEMBERS.has(key(phrase.replace(/_/g, ' ').toLowerCase()));

/** The lexicon's classes (meanings) a text speaks of: a class counts when all content words of one of its members are there. */
export function classesIn(stems: Set<string>): Set<number> {
  const out = new Set<number>();
  CLASSES.forEach((members, i) => {
    const said = (m: string): boolean => {
      const content = m.split(' ').map(stem).filter((s) => !STOPPY.has(s));
      return content.length > 0 && content.every((s) => stems.has(s));
    };
    if (members.some(said)) out.add(i);
  });
  return out;
}

// Particles of the phrases above ("in", "up", "for"): the verb before one still names the act
// ("go in"), the particle alone says nothing.
const STOPPY = new Set(['in', 'up', 'for', 'into', 'with', 'after', 'on', 'of', 'out', 'off']);

/** The lexicon's classes of one word or phrase of a question ("manufactured" -> making). */
export function classesOf(word: string): Set<number> {
  const phrase = word.replace(/_/g, ' ').toLowerCase();
  const bare = phrase.replace(/ (?:for|of|to|with|on|at|by|in|about)$/, '');
  return MEMBERS.get(key(phrase)) ?? MEMBERS.get(key(bare)) ?? new Set();
}
