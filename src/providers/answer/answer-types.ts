// What kind of answer a question expects, and which spans of a text can be one. "In what year
// was Pump F-29 put in?" wants a year, "How often ..." an interval, "How heavy ..." a mass: only a
// span of that type may answer, so a sentence that merely shares words with the question never
// yields a fragment. The wh-phrase that names the type ("how often", "which company") is a cue,
// not content: it is dropped from the terms a text must match.
import { asksItems, periodSaid, whenConjunction, whichNoun } from './asked-kind.js';
import { isPhrase } from './lexicon.js';
import { classesOf } from './paraphrases.js';
import { unwrapRequest } from './question-shape.js';
import { onLabelNumber, referenceAsked, sourceAsked } from './table-references.js';

export type AnswerType =
  | 'year'
  | 'date'
  | 'duration'
  | 'quantity'
  | 'rate'
  | 'money'
  | 'percentage'
  | 'count'
  | 'amount'
  | 'person'
  | 'organisation'
  | 'agent'
  | 'place'
  | 'yes/no'
  | 'text';

/** Unit families a quantity question can narrow to ("how heavy" -> mass). */
export type UnitFamily = 'mass' | 'power' | 'energy' | 'pressure' | 'temperature' | 'length' | 'area' | 'volume' | 'voltage' | 'current' | 'sound' | 'speed' | 'time';

export interface QuestionType {
  type: AnswerType;
  family: UnitFamily | null;
  /** The words of the question that named the type (not content to match). */
  cue: string[];
  /** The question names the unit ("how many cubic metres per hour"): a span in that unit answers it. */
  unitNamed: boolean;
  /** A time unit the question names ("hour" in "how many hours"), singular. */
  unitWord?: string;
  /**
   * A duration question asks how often something recurs ("how often", "at what interval": true) or how long one stretch lasts ("how long", "lifetime": false);
   * undefined when the wording does not say.
   */
  recurrence?: boolean;
  /** A count question asks for an average, a mean, a rate or a ratio ("how many ... per household"): a decimal may answer it. */
  average?: boolean;
}

// Thousands grouped by commas ("1,107") or, as European documents write them, by spaces ("EUR 1 107
// million", "54 200 people"): a space group is exactly three digits, so "2005 28 33" stays apart.
const NUM = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3}(?![\d,]))+|\d+)(?:\.\d+)?`;
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|dozen|a few|several';
/** Full month names: "mid-January" is a time, "May" alone may be a verb. */
const FULL_MONTH = 'january|february|march|april|may|june|july|august|september|october|november|december';
const MONTH = `${FULL_MONTH}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec`;

/** Units by family; matched case-insensitively after a number (longer spellings first). */
const UNITS: Record<UnitFamily, string[]> = {
  mass: ['kilograms?', 'kilos?', 'kg', 'grams?', 'g', 'tonnes?', 'tons?', 't', 'pounds?', 'lbs?'],
  power: ['megawatts?', 'kilowatts?', 'watts?', 'MW', 'kW', 'W', 'horsepower', 'hp'],
  energy: ['MWh', 'kWh', 'Wh', 'GJ', 'MJ', 'kJ', 'J', 'joules?'],
  pressure: ['bar', 'mbar', 'kPa', 'MPa', 'Pa', 'psi', 'atm'],
  temperature: ['°C', '°F', 'degrees?(?: (?:Celsius|Fahrenheit|C|F))?', 'deg\\.? ?[CF]', 'C', 'K'], // "deg C": a data sheet's degree sign
  length: ['millimetres?', 'millimeters?', 'centimetres?', 'centimeters?', 'kilometres?', 'kilometers?', 'metres?', 'meters?', 'mm', 'cm', 'km', 'm', 'feet', 'foot', 'ft', 'inch(?:es)?', 'miles?'],
  area: ['square metres?', 'square meters?', 'm2', 'm²', 'hectares?', 'ha', 'acres?'],
  volume: ['cubic metres?', 'cubic meters?', 'm3', 'm³', 'litres?', 'liters?', 'l', 'gallons?'],
  voltage: ['kilovolts?', 'volts?', 'kV', 'V'],
  current: ['amperes?', 'amps?', 'mA', 'A'],
  sound: ['decibels?', 'dB(?:\\(A\\)|A)?'],
  speed: ['rpm', 'km/h', 'mph', 'm/s', 'mm/s', 'knots?'],
  time: ['years?', 'months?', 'weeks?', 'days?', 'hours?', 'minutes?', 'seconds?', 'hrs?', 'h', 'min', 's'],
};
const FAMILIES = Object.keys(UNITS) as UnitFamily[];
const unitAlt = (families: UnitFamily[]): string => families.flatMap((f) => UNITS[f]).join('|');
const PER = String.raw`(?:\s?/\s?|\s+per\s+|\s+an?\s+)(?:${unitAlt(['time', 'length', 'mass', 'volume'])}|shift|batch|unit|person|year|month|week|day)\b`;

// Span patterns (global, case-insensitive); the number must not be glued to letters before it,
// nor be the end of a range ("2008–09 dollars": constant dollars of a year, no sum).
const B = String.raw`(?<![\w.,\-\u2013])`;
const NUMBER_SPAN = String.raw`(?:${NUM}|(?:${NUMBER_WORDS}))(?:\s(?:thousand|million|billion))?`;
const PATTERNS = {
  year: new RegExp(String.raw`${B}(1[5-9]\d\d|20\d\d)(?!\d)`, 'gi'),
  date: new RegExp(
    String.raw`${B}(?:\d{1,2}(?:st|nd|rd|th)?\s(?:${MONTH})\.?,?\s(?:1[5-9]|20)\d\d|(?:${MONTH})\.?\s\d{1,2}(?:st|nd|rd|th)?,?\s(?:1[5-9]|20)\d\d|(?:1[5-9]|20)\d\d-\d\d-\d\d|\d{1,2}[./]\d{1,2}[./](?:1[5-9]|20)?\d\d|(?:${MONTH})\s(?:1[5-9]|20)\d\d|(?:early|mid|late)[-\s](?:${FULL_MONTH})(?:\s(?:1[5-9]|20)\d\d)?)(?!\d)`,
    'gi',
  ),
  money: new RegExp(
    String.raw`(?:(?:EUR|USD|GBP|SEK|NOK|DKK|CHF|JPY|[€$£¥])\s?${NUM}(?:\s(?:thousand|million|billion)|\s?(?:k|m|mn|bn)(?![a-z]))?|${B}${NUM}(?:\s(?:thousand|million|billion))?\s?(?:EUR|USD|GBP|SEK|NOK|DKK|CHF|JPY|euros?|dollars?|pounds?|kronor|kroner|crowns?|francs?|yen|€|\$|£)(?![a-z]))`,
    'gi',
  ),
  percentage: new RegExp(String.raw`${B}${NUM}\s?(?:%|percent\b|per cent\b|percentage points?\b)`, 'gi'),
  rate: new RegExp(String.raw`(?:(?:EUR|USD|GBP|SEK|NOK|DKK|CHF|JPY|[€$£¥])\s?|${B})${NUMBER_SPAN}\s?(?:${unitAlt(FAMILIES)})?${PER}|${B}${NUM}\s?(?:rpm|mph|km/h|m/s|mm/s|knots?)(?![a-z])`, 'gi'), // "EUR 40,000 a year" too
  // "every 4,000 operating hours": a word that says which hours are counted may stand before the unit.
  duration: new RegExp(String.raw`${B}(?:${NUMBER_SPAN})(?:\s|-)(?:(?:operating|running|working|run|service|calendar|machine|engine|flight|more|additional|further|full)\s)?(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|shifts?)\b|\b(?:annually|yearly|monthly|weekly|daily|hourly|quarterly|biennially|twice a (?:year|month|week|day)|once a (?:year|month|week|day))\b`, 'gi'),
  // "four-year colleges", "3-year-old children": a number joined to a word by a hyphen qualifies it, it counts nothing.
  count: new RegExp(String.raw`${B}(?:${NUMBER_SPAN})(?![\w/]|-[a-z])`, 'gi'),
};
// A unit letter that goes on as an abbreviation ("34 C.F.R.", "5 U.S.C.") is no unit: a full stop
// glued to a letter after it.
const quantityPattern = (families: UnitFamily[]): RegExp =>
  new RegExp(String.raw`${B}${NUMBER_SPAN}\s?(?:${unitAlt(families)})(?![a-z0-9/²³]|\.[a-z])`, 'gi');
const QUANTITY_ANY = quantityPattern(FAMILIES.filter((f) => f !== 'time'));
const QUANTITY_BY = new Map(FAMILIES.map((f) => [f, quantityPattern([f])]));

// Words that end organisation names (legal forms and the usual trade words, English and the
// German/Scandinavian ones common in plant documentation: Technik, Teknik, Montage, Bau, Handel,
// Maschinenfabrik; "& Sons" and "Brothers" name family firms).
const ORG_WORDS = /^(ab|ag|as|asa|oy|oyj|gmbh|kg|bv|nv|sa|sas|spa|srl|ltd|limited|inc|incorporated|llc|llp|plc|corp|corporation|co|company|group|holding|holdings|industries|industrial|services|engineering|mechanical|electric|electrical|systems|solutions|technologies|technology|consulting|consultants|partners|associates|contractors|construction|installations|maintenance|energy|works|manufacturing|international|gmbh\.|technik|teknik|montage|bau|service|handel|sons|brothers|bros|fabrik|maschinenfabrik|werke|werk|equipment|contracting)$/i;
const PERSON_ROLE = /\b(?:engineer|manager|employee|technician|operator|director|officer|owner|inspector|supervisor|person|in charge of|responsible for|looks? after)\b/i;
const NOT_NAME = /^(the|a|an|this|that|these|those|it|its|in|on|at|for|of|by|and|or|to|from|with|as|is|was|are|were|be|table|figure|fig|chart|page|section|note|total|all|each|every|for comparison|however|also|after|before|during|since|until|when|where|while|because|if|no|not|yes|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

/** Runs of capitalised words (names), with their character positions. */
function nameRuns(text: string): Array<{ text: string; start: number; words: string[] }> {
  const out: Array<{ text: string; start: number; words: string[] }> = [];
  const re = /[A-Z][\p{L}\p{N}'’-]*(?:\s+(?:of|de|van|von|der|du|la|&)?\s*[A-Z][\p{L}\p{N}'’-]*)*/gu;
  for (const m of text.matchAll(re)) {
    let words = m[0].split(/\s+/);
    let start = m.index;
    // A run that starts the sentence may begin with an ordinary capitalised word ("The",
    // "Installation"): a word the dictionary knows is not taken for a name there.
    // A known word directly followed by another capitalised word may be a first name ("Maja Lind").
    const ordinaryFirst = (): boolean => start === 0 && isPhrase(words[0]!.toLowerCase()) && (words.length === 1 || !/^[A-Z]/.test(words[1]!));
    while (words.length && (NOT_NAME.test(words[0]!) || ordinaryFirst())) {
      start += words[0]!.length + 1;
      words = words.slice(1);
    }
    if (words.length === 0) continue;
    out.push({ text: words.join(' '), start, words });
  }
  return out;
}

/**
 * A one-word name that is a body acting: an acronym ("the EIB", "EBRD") or a capitalised word
 * after "the" inside a sentence ("the Commission"), not before a place noun ("the Brekhav site").
 */
function bodyName(text: string, r: { text: string; start: number }): boolean {
  if (PLACE_NOUN.test(text.slice(r.start + r.text.length))) return false;
  return /^[A-Z]{2,6}$/.test(r.text) || (r.start > 0 && /\bthe\s+$/.test(text.slice(Math.max(0, r.start - 5), r.start)));
}

/**
 * Single capitalised words inside a sentence that may name a country or state (not a firm, not a
 * short all-capitals code, not the sentence's first word): after the place spans, for "which country".
 */
function countryNames(text: string): Span[] {
  return nameRuns(text).filter((r) => r.start > 0 && r.words.length <= 2 && !/\d/.test(r.text) && !r.words.some((w) => ORG_WORDS.test(w)) && !/^[A-Z]{1,4}s?$/.test(r.text));
}

/** Words after a name that say it is a place ("the Brekhav site", "the Kenmo works"). */
const PLACE_NOUN = /^\s+(site|works|plant|mill|facility|yard|depot|station|terminal|refinery|harbour|port|campus|district|hall|building|wing|workshop|warehouse|shed|hangar)\b/i;

/**
 * Place names by form: a name after a locative word ("in Torsby", "at the Brekhav site") or before
 * a place noun ("the Krotinvel plant"); "from"/"to" and "the town of" are weaker evidence, so such
 * names come after the others; "of" alone ("the responsibility of Henrik Tinsel", "a price of EUR
 * ...") is none. A short all-capitals word (a currency or unit: "EUR") is no place.
 */
function placeSpans(text: string): Span[] {
  const scored = nameRuns(text)
    .filter((r) => !/\d/.test(r.text) && r.text.length > 2 && !r.words.some((w) => ORG_WORDS.test(w)) && !/^[A-Z]{2,4}$/.test(r.text))
    .map((r) => {
      const before = text.slice(Math.max(0, r.start - 16), r.start);
      const strong = /\b(in|at|near|outside|inside|within)\s*:?\s+(the\s+)?$/i.test(before) || /\b(location|site|address|place)\s*:\s+$/i.test(before) || PLACE_NOUN.test(text.slice(r.start + r.text.length)); // "Location: X", "Housed in: X" too
      const weak = /\b(from|to|(town|city|village|municipality|region|county|port|area) of)\s+(the\s+)?$/i.test(before);
      return { span: { text: r.text, start: r.start }, rank: strong ? 0 : weak ? 1 : 2 };
    })
    .filter((x) => x.rank < 2);
  return scored.sort((a, b) => a.rank - b.rank || a.span.start - b.span.start).map((x) => x.span);
}

export interface Span {
  text: string;
  start: number;
}

// A display label's number ("Exhibit 2.2") names the display: it is no value.
function matches(re: RegExp, text: string): Span[] {
  re.lastIndex = 0;
  return [...text.matchAll(re)].filter((m) => !onLabelNumber(text, m.index)).map((m) => ({ text: m[0].trim(), start: m.index }));
}

/** Spans of `text` that can answer a question of type `t` (in order of appearance). */
export function typedSpans(q: QuestionType, text: string): Span[] {
  switch (q.type) {
    case 'year': {
      // A year inside a date answers "which year" with the year alone.
      return matches(PATTERNS.year, text);
    }
    case 'date': {
      const dates = matches(PATTERNS.date, text);
      return dates.length ? dates : matches(PATTERNS.year, text);
    }
    case 'duration': {
      // "how many hours" is not answered in months.
      const all = matches(PATTERNS.duration, text);
      // "How long is the line?" may ask a length: with no time said, a length answers it.
      if (all.length === 0 && q.cue.includes('long') && q.recurrence !== true && !q.unitWord) return matches(QUANTITY_BY.get('length') ?? QUANTITY_ANY, text);
      return q.unitWord ? all.filter((sp) => new RegExp(String.raw`\b${q.unitWord}`, 'i').test(sp.text)) : all;
    }
    case 'money':
      return matches(PATTERNS.money, text);
    case 'percentage':
      return matches(PATTERNS.percentage, text);
    case 'rate': {
      // "Every year, students receive more than $150 billion": a sum in a text that says its period is the rate.
      const rates = matches(PATTERNS.rate, text);
      if (q.family) return rates.filter((s) => spanFamily(s.text) === q.family || (spanFamily(s.text) === null && !matches(PATTERNS.money, s.text).length)); // no speed for an energy use, no sum
      return rates.length || !periodSaid(text) ? rates : matches(PATTERNS.money, text);
    }
    case 'quantity': {
      const plain = matches(q.family ? (QUANTITY_BY.get(q.family) ?? QUANTITY_ANY) : QUANTITY_ANY, text).filter((s) => !/\//.test(text.slice(s.start + s.text.length, s.start + s.text.length + 1)));
      // "What is the capacity of X" (a volume) is stated per hour ("386 m3/h"): a rate in the asked unit answers when nothing else does.
      return plain.length || q.family === null ? plain : matches(PATTERNS.rate, text).filter((s) => spanFamily(s.text) === q.family);
    }
    case 'count': {
      // A year-like number may be a count ("employs 1637 people"), but a plain count comes first.
      const all = matches(PATTERNS.count, text);
      return [...all.filter((s) => !isYearOnly(s.text)), ...all.filter((s) => isYearOnly(s.text))];
    }
    case 'amount':
      return [...matches(PATTERNS.money, text), ...matches(PATTERNS.percentage, text), ...matches(PATTERNS.rate, text), ...matches(QUANTITY_ANY, text), ...matches(PATTERNS.duration, text)].sort((a, b) => a.start - b.start);
    case 'person':
      // "X & Y" is a firm, not a person.
      return nameRuns(text).filter((r) => r.words.length >= 2 && !r.words.some((w) => ORG_WORDS.test(w) || w === '&') && !/\d/.test(r.text));
    case 'organisation':
      // A bare name in a sentence about a person's role ("The engineer responsible ... is Greta
      // Lind") is that person; only a name with a trade word is a company there.
      return nameRuns(text).filter((r) => !/\d/.test(r.text) && (r.words.some((w) => ORG_WORDS.test(w)) || (r.words.length >= 2 && !PERSON_ROLE.test(text))));
    case 'agent':
      return nameRuns(text).filter((r) => !/\d/.test(r.text) && (r.words.length >= 2 || r.words.some((w) => ORG_WORDS.test(w)) || bodyName(text, r)));
    case 'place':
      // "Which country ...": countries are named bare ("only Italy out of the four"), not only after "in".
      return q.cue.some((w) => /^(?:country|countries|nation|nations|state|states|member)$/.test(w)) ? [...placeSpans(text), ...countryNames(text)] : placeSpans(text);
    case 'yes/no':
    case 'text':
      return [];
  }
}

/**
 * Spans whose own type is exactly the one asked, for answering by type alone (when nothing of the
 * question's wording but its names matched): a year that is not part of a date, a full date, a
 * duration that recurs or lasts as asked, a quantity in the asked unit family, an organisation
 * name with a legal or trade word, a person's name without one, a place after a locative word.
 * Types that cannot be told apart by their spans (who: person or organisation; how many; how
 * much; yes/no; free text) have none: they need the question's wording.
 */
export function strictSpans(q: QuestionType, text: string): Span[] {
  switch (q.type) {
    case 'year': {
      const dates = matches(PATTERNS.date, text);
      return matches(PATTERNS.year, text).filter((y) => !dates.some((d) => y.start >= d.start && y.start < d.start + d.text.length));
    }
    case 'date':
      // "When ..." may want a year as much as a day: only "which day", "what date" asks for a date.
      return q.cue.includes('when') ? [] : matches(PATTERNS.date, text).filter((d) => !isYearOnly(d.text));
    case 'duration':
      return q.recurrence === undefined || statesRecurrence(text) !== q.recurrence ? [] : typedSpans(q, text);
    case 'quantity':
      return q.family === null ? [] : typedSpans(q, text);
    case 'organisation':
      return typedSpans(q, text).filter((r) => r.text.split(/\s+/).some((w) => ORG_WORDS.test(w)));
    case 'rate':
    case 'money':
    case 'percentage':
    case 'person':
    case 'place':
      return typedSpans(q, text);
    case 'count':
    case 'amount':
    case 'agent':
    case 'yes/no':
    case 'text':
      return [];
  }
}

/** A bare year ("2011"), not a date or a number with a unit. */
export const isYearOnly = (s: string): boolean => /^(1[5-9]|20)\d\d$/.test(s.trim());

const unitIn = (header: string): string => /\(([^)]+)\)/.exec(header)?.[1] ?? '';

/** The unit family a header or phrase names ("Noise (dB)" -> sound), if any. */
export function familyOf(text: string): UnitFamily | null {
  const unit = unitIn(text);
  for (const f of FAMILIES) {
    const re = new RegExp(String.raw`^(?:${UNITS[f].join('|')})$`, 'i');
    if (unit && re.test(unit.trim())) return f;
  }
  return FAMILY_WORDS.find(([re]) => re.test(text))?.[1] ?? null;
}

// Words that name a measured property, and the family of its units.
const FAMILY_WORDS: Array<[RegExp, UnitFamily]> = [
  [/\b(weigh\w*|weight|mass|heavy|heaviness|kilograms?|kilos?|tonnes?|tons?)\b/i, 'mass'],
  // A motor is sized by its power ("the motor rating", "how big is the motor").
  [/\b(energy|kilowatt.hours?|megawatt.hours?)\b/i, 'energy'], // before power: "energy consumption" is energy
  [/\b(power\w*|kilowatts?|megawatts?|watts?|wattage|output|load|draw|consum\w*|motors?)\b/i, 'power'],
  [/\b(pressure|bar)\b/i, 'pressure'],
  [/\b(temperature|hot|cold|warm|degrees?)\b/i, 'temperature'],
  [/\b(volume|capacity|cubic|litres?|liters?)\b/i, 'volume'],
  [/\b(area|surface|square)\b/i, 'area'],
  [/\b(length|long|width|wide|height|high|tall|depth|deep|distance|far|diameter|metres?|meters?)\b/i, 'length'],
  [/\b(voltage|volts?)\b/i, 'voltage'],
  [/\b(current|amperes?|amps?)\b/i, 'current'],
  [/\b(noise|loud\w*|sound|decibels?)\b/i, 'sound'],
  [/\b(speed|fast|rpm|vibrat\w*)\b/i, 'speed'],
];

/** "how many kW", "how many m3": a count of a unit of measure asks for a quantity in it. */
const UNIT_COUNT = new RegExp(String.raw`^how many (?:${unitAlt(FAMILIES.filter((f) => f !== 'time'))})(?![\w/²³])`, 'i');

interface Rule {
  re: RegExp;
  type: AnswerType;
  family?: UnitFamily | null;
}

// Question openings, most specific first. `re` must match at the start of the (lower-case) question
// or of a part of it; what it matched is the cue.
const RULES: Rule[] = [
  { re: /^(?:in |during |since )?(?:what|which) year\b|^since when\b|^what year\b/, type: 'year' },
  { re: /^(?:on |at )?(?:what|which) (?:date|day)\b|^when\b/, type: 'date' },
  { re: /^how (?:often|frequently|regularly)\b|^(?:at |in )?(?:what|which) (?:intervals?|frequency)\b|^every how many\b|^(?:what|which) (?:is|was) the (?:time|period|gap|span)(?: that (?:passes|elapses))? between\b/, type: 'duration', family: 'time' },
  // "after how many operating hours", "how many running hours", "how much time passes between ...": a stretch of time.
  { re: /^(?:for )?how long\b|^how old\b|^how much time\b|^(?:for |after |within |in )?how many (?:[a-z]+ )?(?:years|months|weeks|days|hours|minutes)\b/, type: 'duration', family: 'time' },
  { re: /^how (?:much|many) (?:money|euros?|dollars?|pounds?)\b|^(?:what|how much) did .* cost\b|^how much (?:\S+ ){0,6}?(?:cost|pay|paid|spend|spent|charge|charged|sell|sold|buy|bought|purchase|purchased|acquire|acquired)\b|^what (?:\S+ ){1,5}(?:cost|costs)$|^for how much\b|^(?:what|how much) (?:\S+ ){0,2}?(?:was|is|were) (?:paid|spent)\b|^how much (?:was|is|were) (?:paid|spent)\b|^(?:what|how much) (?:\S+ ){1,5}?(?:bought|purchased|acquired|sold) for$|^what (?:sum|amount of money)\b/, type: 'money' },
  { re: /^(?:what|which) (?:percentage|percent|share|proportion|fraction)\b|^how (?:many|much) (?:percent|per cent|percentage points)\b|^how (?:efficient(?:ly)?|available)\b|^what share\b|^(?:at |with )?what efficiency\b/, type: 'percentage' },
  { re: /^how (?:heavy)\b|^how much does .* weigh\b|^what does .* weigh\b|^how many (?:kilograms|kilos|tonnes|tons|pounds)\b/, type: 'quantity', family: 'mass' },
  { re: /^how (?:powerful)\b|^how many (?:kilowatts|megawatts|watts)\b|^how much power\b/, type: 'quantity', family: 'power' },
  { re: /^how (?:loud|noisy)\b|^how many decibels\b/, type: 'quantity', family: 'sound' },
  { re: /^how (?:hot|cold|warm)\b/, type: 'quantity', family: 'temperature' },
  { re: /^how (?:long|wide|tall|high|deep|far)\b/, type: 'quantity', family: 'length' },
  { re: /^how fast\b|^(?:at )?what speed\b|^(?:at )?(?:what|which) (?:flow rate|rate|throughput|flow)\b|^how many [a-z ]+ (?:per [a-z]+|(?:an?|each) (?:hour|minute|second|day|week|month|year|shift))\b|^how much [\w\s'’-]*?(?:per|an?|each) (?:hour|minute|second|day|week|month|year)\b/, type: 'rate' },
  { re: UNIT_COUNT, type: 'quantity' },
  { re: /^how many\b|^what (?:is the )?number of\b/, type: 'count' },
  { re: /^how much\b/, type: 'amount' },
  // "Who is the installer", "who was the responsible engineer": the noun says which kind of agent.
  { re: /^(?:which|what) (?:[a-z]+ )?(?:company|companies|firm|contractor|supplier|vendor|manufacturer|maker|organi[sz]ation|business|installer|builder|subcontractor)\b|^who (?:is|was|were|are) (?:the |its |their )?(?:[a-z]+ )?(?:company|firm|contractor|supplier|vendor|manufacturer|maker|installer|builder|subcontractor)\b/, type: 'organisation' },
  { re: /^(?:which|what) (?:[a-z]+ )?(?:person|engineer|manager|employee|technician|operator|worker|director|officer|contact|inspector|individual|colleague|member of (?:staff|the team)|staff member|team member)\b|^whose\b|^who (?:is|was|were|are) (?:the |its |their )?(?:[a-z]+ )?(?:person|engineer|manager|employee|technician|operator|director|officer|contact|inspector|supervisor)\b/, type: 'person' },
  { re: /^(?:by )?who(?:m)?\b/, type: 'agent' },
  { re: /^where\b|^(?:in |at |on )?(?:what|which) (?:town|city|country|countries|site|place|location|region|building|plant|facility|address)\b/, type: 'place' },
  { re: /^(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|must|may)\b/, type: 'yes/no' },
];

// The head noun of "what is the X of ..." decides the type when the opening does not.
const NOUN_TYPES: Array<[RegExp, AnswerType, UnitFamily | null]> = [
  [/^(year)$/, 'year', null],
  [/^(date|day)$/, 'date', null],
  [/^(interval|frequency|period|duration|life|lifetime|lifespan|life span|age|term|schedule|cycle)$/, 'duration', 'time'],
  // "the years of service expected": a plural time unit heading the phrase asks how long.
  [/^(years|months|weeks|days|hours)$/, 'duration', 'time'],
  [/^(price|cost|costs|value|budget|revenue|turnover|salary|fee|fees|profit|spend|spending|expenditure|outlay|investment|expense|expenses)$/, 'money', null],
  [/^(percentage|percent|share|proportion|efficiency|ratio|availability|uptime|utili[sz]ation)$/, 'percentage', null], // availability: a share of the time
  [/^(weight|mass)$/, 'quantity', 'mass'],
  [/^(power|power rating|wattage|motor rating|motor power|motor size)$/, 'quantity', 'power'],
  [/^(pressure)$/, 'quantity', 'pressure'],
  [/^(noise|noise level|sound level|loudness)$/, 'quantity', 'sound'],
  [/^(vibration|vibration level)$/, 'quantity', 'speed'],
  [/^(temperature)$/, 'quantity', 'temperature'],
  [/^(length|width|height|depth|diameter|distance)$/, 'quantity', 'length'],
  [/^(voltage)$/, 'quantity', 'voltage'],
  // "pumping rate", "delivery rate": the rate of an act is how much it moves in a time.
  [/^(flow rate|flow|throughput|speed|[a-z]+ing rate|delivery rate)$/, 'rate', null],
  [/^(location|address|site|place)$/, 'place', null],
  [/^(installer|fitter|contractor|supplier|vendor|manufacturer|maker|builder|company|firm)$/, 'organisation', null],
  [/^(engineer|manager|operator|inspector|technician|supervisor|person|contact|contact person|individual|colleague)$/, 'person', null],
  [/^(owner|owners|owning company)$/, 'agent', null], // an owner is a person or a body
];

/**
 * The question in the canonical shape the rules read: lower case, one space, politeness dropped,
 * an imperative asked as a question ("give the weight of X" -> "what is the weight of x"), a
 * possessive turned round ("what is x's mass" -> "what is the mass of x").
 */
function canonical(question: string): string {
  let q = unwrapRequest(question).toLowerCase().replace(/[?.!]+$/, '');
  q = q.replace(/^(?:please )?(?:tell|show|give|let)(?: me| us)?(?: know)? (?=(?:(?:for|in|on|at|by|since|after) )?(?:what|which|who|whom|whose|when|where|how|if|whether)\b)/, '');
  q = q.replace(/^(?:whether|if) /, 'is ');
  q = q.replace(/^(?:please )?(?:give|name|state|tell|list|provide|show|find|identify|report)(?: me| us)? (?:the |its |their )?(?!(?:what|which|who|whom|whose|when|where|how)\b)/, (m) => `what is ${/\bits $/.test(m) ? 'its ' : /\btheir $/.test(m) ? 'their ' : 'the '}`);
  q = q.replace(/^((?:what|which|who|whose)(?: is| was| are| were)) (?:the )?(.+?)['’]s ([a-z][a-z ]*)$/, '$1 the $3 of $2');
  // "What is the name of the company that installed X" asks for the company.
  q = q.replace(/^(what (?:is|was|are|were) )(?:the )?names? of (?=(?:the|a|an|its|their) )/, '$1');
  return q;
}

/** A wh-phrase inside a statement-shaped question ("X was installed by whom", "..., which year"). */
const INNER_WH = /(?:^|[\s,])((?:(?:in|on|at|by|for|since|during) )?(?:what|which|whom|who|when|where|how)\b.*)$/;

/** A unit per unit of time anywhere in the question: what is asked is a rate. */
const PER_TIME = /(?:\bper|\/)\s?(?:hour|h|minute|min|second|s|day|week|month|year|shift)\b|\b(?:an?|each|every) (?:hour|minute|second|day|week|month|year)\b|\bhourly\b/;
const YEARLY = /\b(?:annually|yearly|annual|per annum)\b/; // a quantity so asked is a rate ("the yearly energy use"), a count stays a count

/** A unit the answer is asked in, at the end of the question ("... in kW", "in cubic metres"). */
const IN_UNIT = /\bin ((?:cubic |square )?[a-z0-9³²/]+)$/;

/** The answer type a question (or one part of a multi-part question) expects. */
export function questionType(question: string): QuestionType {
  // "Which table shows the prices?", "What is the source of the price table?": a label or a source is asked, whatever the table holds.
  if (referenceAsked(question) !== null || sourceAsked(question)) return { type: 'text', family: null, cue: [], unitNamed: false };
  if (asksItems(canonical(question))) return { type: 'text', family: null, cue: [], unitNamed: false };
  const found = typeOf(question);
  // A question that asks no more than "what" or "how much" but speaks of paying ("What did they
  // pay for X", "X cost how much", "What is X worth"): what it asks is a sum of money.
  // "Which brand does X sell?": a which-question names the kind of thing it asks; unless a sum, it asks no money.
  const noun = whichNoun(canonical(question));
  if ((found.type === 'text' || found.type === 'amount') && (noun === undefined || CONCEPTS.money!.test(noun) || NOUN_TYPES.some(([re, type]) => type === 'money' && re.test(noun)))) {
    const nameWords = names(question);
    const words = canonical(question).split(/[\s,;:]+/).filter((w) => !nameWords.has(w));
    if (words.some((w) => CONCEPTS.money?.test(w))) return { type: 'money', family: null, cue: found.cue, unitNamed: false };
  }
  if (found.type === 'count' && AVERAGE_ASKED.test(canonical(question))) return { ...found, average: true };
  return found;
}

/** Words asking for an average or a ratio rather than a whole count ("on average", "per household", "the mean number"). */
const AVERAGE_ASKED = /\b(?:average|averaged|mean|median|per(?! ?cent)|ratio|rate)\b/;

function typeOf(question: string): QuestionType {
  const q = canonical(question);
  // "How high is the efficiency of X": the degree asks for the value of the property its noun names.
  const degree = /^how (?:high|low|large|big|great|small) (?:is|was|are|were) ((?:the|its|their) .+)$/.exec(q);
  const named = degree ? typeFromNoun(`what is ${degree[1]!}`) : undefined;
  if (named && named.family !== 'length') return named;
  const found = typeFromOpening(q, names(question)) ?? typeFromNoun(q);
  if (found) return found;
  // The wh-phrase may come late ("X was installed in what year", "when is it due, how often").
  const inner = INNER_WH.exec(q.slice(1));
  if (inner?.[1] && inner[1] !== q && !whenConjunction(q, inner[1])) {
    const late = typeFromOpening(inner[1], names(question)) ?? typeFromNoun(inner[1]);
    if (late) return late;
  }
  // "What is X rated at in kW?": the unit the answer is wanted in names what is asked.
  const unit = IN_UNIT.exec(q);
  const family = unit ? spanFamily(`1 ${unit[1]}`) : null;
  if (family && family !== 'time') return { type: PER_TIME.test(q) ? 'rate' : 'quantity', family: PER_TIME.test(q) ? null : family, cue: [], unitNamed: !PER_TIME.test(q) };
  // "What is the kW rating of X?": a unit named inside the asked noun phrase says what is asked too.
  const nameWords = names(question);
  const inside = /^what (?:is|are|was|were) (?:the |its |their |an? )?(.+)$/.exec(q)?.[1]?.split(/\s+/).filter((w) => !nameWords.has(w)) ?? [];
  const unitFamily = inside.map((w) => spanFamily(`1 ${w}`)).find((f) => f !== null && f !== 'time');
  if (unitFamily) return { type: PER_TIME.test(q) ? 'rate' : 'quantity', family: PER_TIME.test(q) ? null : unitFamily, cue: [], unitNamed: !PER_TIME.test(q) };
  return { type: 'text', family: null, cue: [], unitNamed: false };
}

/** Words of the question written with a capital after its first word: names ("Pump" in "Pump F-29"), not verbs. */
const names = (question: string): Set<string> => {
  const words = unwrapRequest(question).split(/\s+/);
  // The first word is a name too when more of a name follows it ("Pump F-29 cost how much").
  const from = words.length > 1 && /^[A-Z0-9]/.test(words[1]!) && !/^(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|must|may|give|name|tell|list|in|on|at|for|by)$/i.test(words[0]!) ? 0 : 1;
  const capital = (w: string | undefined): boolean => w !== undefined && /^[A-Z]/.test(w);
  // A lower-case word between two capitalised ones is inside the name ("Euro area Members").
  return new Set(words.slice(from).filter((w, i, ws) => capital(w) || (i > 0 && capital(ws[i - 1]) && capital(ws[i + 1]))).map((w) => w.toLowerCase().replace(/[^a-z0-9-]/g, '')));
};

function typeFromOpening(q: string, nameWords: Set<string> = new Set()): QuestionType | undefined {
  for (const r of RULES) {
    const m = r.re.exec(q);
    if (!m) continue;
    let family = r.family ?? null;
    let type = r.type;
    if ((type === 'quantity' || type === 'rate') && family === null) family = familyOf(type === 'rate' || r.re === UNIT_COUNT ? m[0] : q) ?? (r.re === UNIT_COUNT ? spanFamily(`1 ${m[0].slice('how many '.length)}`) : null);
    // "how much power ..." and "what is the rated flow ..." keep their families.
    if (type === 'amount' || type === 'count') {
      // Words of a name ("the joint pledge to Euro area Members") name no measured property.
      const f = familyOf(q.slice(m[0].length).split(' ').filter((w) => !nameWords.has(w.replace(/[^a-z0-9-]/g, ''))).join(' '));
      if (type === 'amount' && f) {
        type = 'quantity';
        family = f;
      }
    }
    // "how much can it pump per hour", "how many cubic metres an hour": a rate, whatever the opening;
    // "how much does it move" asks what it moves in a unit of time as well.
    if (((type === 'amount' || type === 'count' || type === 'quantity') && PER_TIME.test(q)) || (type === 'quantity' && family !== null && YEARLY.test(q)) || (type === 'amount' && q.split(' ').some((w) => CONCEPTS.rate?.test(w) && !nameWords.has(w)))) {
      type = 'rate';
      family = family === 'time' ? null : family;
    }
    const cue = unitOfPhrase(cueWords(m[0]), q.slice(m[0].length));
    const unitNamed = cue.some((w) => UNIT_WORDS.test(w)) && family !== null;
    const timeUnit = type === 'duration' ? /\b(year|month|week|day|hour|minute|second)s?\b/.exec(m[0])?.[1] : undefined;
    const recurrence = type === 'duration' ? recurrenceAsked(q) : undefined;
    return { type, family, cue, unitNamed, ...(timeUnit ? { unitWord: timeUnit } : {}), ...(recurrence !== undefined ? { recurrence } : {}) };
  }
  return undefined;
}

/** Things that last for a time: "the length of the warranty" is how long it lasts. */
const TERM_NOUNS = 'warranty|guarantee|contract|lease|licen[cs]e|agreement|term|loan|stay|trip|outage|shutdown|stoppage|downtime|cycle|interval|life|service|programme|program|project|course|subscription|period';

/** "What is the X of ...": the head noun X names the type when the opening is generic. */
function typeFromNoun(q: string): QuestionType | undefined {
  const noun =
    /^(?:(?:for|in|at|on|to|from|by|with|during|of) )?(?:what|which)(?: is| was| are| were)?(?: the| its| their)? ((?:[a-z-]+ ){0,3}?[a-z]+)(?: (?:of|for|does|did|do|is|was|has|have|between|in|at|that|who|which|can|could|will|would|should|must|may)\b|$)/.exec(q) ??
    // A noun run straight into the name ("what is the installation year pump f-29"): its first words.
    /^(?:what|which) (?:is|was) (?:the |its |their )?((?:[a-z]+ ){0,2}[a-z]+)(?= [a-z]*[\d-])/.exec(q);
  if (!noun?.[1]) return undefined;
  const words = noun[1].split(' ');
  const perTime = PER_TIME.test(q) || YEARLY.test(q);
  // "the length of the warranty", "the duration of the contract": how long that lasts, not a distance.
  if (/^(?:length|duration)$/.test(noun[1]) && new RegExp(String.raw`\b${noun[1]} of (?:the |its |their )?(?:${TERM_NOUNS})\b`).test(q)) return { type: 'duration', family: 'time', cue: [], unitNamed: false, recurrence: false };
  for (const candidate of [noun[1], words.slice(-2).join(' '), words.at(-1)!, words[0]!, ...words]) {
    const hit = NOUN_TYPES.find(([re]) => re.test(candidate));
    if (hit) {
      const family = hit[2] ?? (hit[1] === 'quantity' ? familyOf(candidate) : null);
      if (perTime && hit[1] === 'quantity') return { type: 'rate', family: family === 'time' ? null : family, cue: [], unitNamed: false };
      const recurrence = hit[1] === 'duration' ? recurrenceAsked(q) : undefined;
      return { type: hit[1], family, cue: [], unitNamed: false, ...(recurrence !== undefined ? { recurrence } : {}) };
    }
  }
  // A head noun that names a measured property ("the electrical load", "the output") asks for
  // a quantity in that property's units; per unit of time, a rate ("the capacity ... per hour").
  const family = familyOf(words.at(-1)!) ?? familyOf(words[0]!);
  if (family) return perTime ? { type: 'rate', family: null, cue: [], unitNamed: false } : { type: 'quantity', family, cue: [], unitNamed: false };
  return undefined;
}

// How often something recurs versus how long it lasts: an interval is the time between two
// events of a series ("how often", "every", "frequency"); a life, age or "how long" is one
// stretch of time.
const RECURRENCE_WORDS = /\b(?:how often|how frequently|how regularly|intervals?|frequency|frequencies|every|periodic(?:ally)?|recurr\w*|schedules?|cycles?|apart|again|next)\b|\bbetween (?:two |successive |consecutive |its |their )?\w+s\b/;
const EXTENT_WORDS = /^(?:for )?how long\b|^how old\b|\b(?:life|lifetime|lifespan|life span|age|duration|last|lasts|lasting)\b/;
// "How many years is X designed for?", "For how many months does the warranty run?": a count of
// time units asked with nothing recurring in the question (no "every", "between", nor a unit per
// unit of time, "hours a day") is one stretch, as "how long" is.
const UNITS_COUNTED = /^(?:for )?how many (?:years|months|weeks|days|hours|decades)\b/;
function recurrenceAsked(q: string): boolean | undefined {
  if (RECURRENCE_WORDS.test(q)) return true;
  if (EXTENT_WORDS.test(q)) return false;
  if (UNITS_COUNTED.test(q) && !PER_TIME.test(q)) return false;
  return undefined;
}

/**
 * Whether a statement can answer a duration question as to recurrence: "how often" is not answered
 * by a life ("remain serviceable for 12 years"), nor "how long will it last" by an interval.
 */
export const recurrenceAgrees = (q: QuestionType, text: string): boolean => q.type !== 'duration' || q.recurrence === undefined || statesRecurrence(text) === q.recurrence;

/**
 * Whether a statement speaks of something that recurs ("every 12 months", "the inspection interval",
 * "on a 29-month cycle"; a life cycle is one stretch, not a recurrence).
 */
export const statesRecurrence = (text: string): boolean =>
  /\b(?:every|each|intervals?|frequency|once|twice|annually|yearly|monthly|weekly|daily|hourly|quarterly|periodic(?:ally)?|recurr\w*)\b|\bper (?:year|month|week|day|hour)\b|(?<!\blife[\s-])\bcycles?\b/i.test(text);

// Words of a wh-opening that only ask ("how", "which", "year" stays: it may be content too).
const ASKING = new Set(['member', 'staff', 'individual', 'colleague', 'between', 'time', 'period', 'gap', 'span', 'how', 'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'often', 'frequently', 'much', 'many', 'long', 'old', 'heavy', 'powerful', 'loud', 'noisy', 'fast', 'efficient', 'efficiently', 'company', 'firm', 'person', 'percentage', 'percent', 'since', 'every', 'hot', 'cold', 'warm', 'wide', 'tall', 'high', 'deep', 'far']);
// Nouns that name the kind of answer in a wh-phrase ("which year", "what company").
const TYPE_NOUNS = new Set(['year', 'date', 'day', 'interval', 'intervals', 'frequency', 'rate', 'speed', 'efficiency', 'share', 'proportion', 'fraction', 'number', 'money', 'company', 'companies', 'firm', 'contractor', 'supplier', 'vendor', 'manufacturer', 'maker', 'organisation', 'organization', 'business', 'installer', 'builder', 'subcontractor', 'town', 'city', 'country', 'site', 'place', 'location', 'region', 'facility', 'address']);
const UNIT_WORDS = /^(cubic|square|metres?|meters?|litres?|liters?|gallons?|kilograms?|kilos?|tonnes?|tons?|pounds?|kilowatts?|megawatts?|watts?|decibels?|degrees?|hours?|minutes?|seconds?|days?|weeks?|months?|years?|per|each|euros?|dollars?|percent)$/;
// An agent noun of an act the lexicon knows ("installer", "manufacturer") names the kind of answer
// and what was done: it stays content, so "Who is the manufacturer of X" is not answered by X's installer.
const cueWords = (matched: string): string[] => matched.split(/\s+/).filter((w) => (ASKING.has(w) || TYPE_NOUNS.has(w) || UNIT_WORDS.test(w)) && classesOf(w).size === 0);

/**
 * "how many years of service": a unit that opens a lexicon phrase ("years of service", a life) is
 * content as well, so the phrase is matched whole rather than its "service" alone.
 */
function unitOfPhrase(cue: string[], rest: string): string[] {
  const unit = cue[cue.length - 1];
  const next = /^\s+of\s+([a-z]+)\b/.exec(rest)?.[1];
  return unit && next && UNIT_WORDS.test(unit) && isPhrase(`${unit}_of_${next}`) ? cue.slice(0, -1) : cue;
}

// Words a span of the type itself proves: "EUR 84,000" is what something cost, "45 m3/h" a flow.
const CONCEPTS: Partial<Record<AnswerType, RegExp>> = {
  money: /^(cost|costs|costing|costly|price|priced|pricey|pay|paid|spend|spent|buy|bought|purchase|purchased|worth|expense|expensive|expenditure|outlay|investment|invested|charge|charged|sell|sold)$/,
  rate: /^(flow|flows|rate|throughput|speed|deliver|delivers|delivered|move|moves|pump|pumps|handle|handles)$/,
};

/** Whether a question word names what a span of this type is ("cost" for money). */
export const provedBy = (type: AnswerType, word: string): boolean => CONCEPTS[type]?.test(word) ?? false;

/** Unit abbreviations of a family ("kg", "lb" for mass): retrieval looks for them too. */
export const unitSearchWords = (family: UnitFamily): string[] =>
  UNITS[family].map((u) => u.replace(/s\?$/, '')).filter((u) => /^[a-z]{2,3}$/i.test(u)).map((u) => u.toLowerCase()).slice(0, 3);

/** The unit family of a typed span ("309 m3/h" -> volume, "4,868 kg" -> mass), if it has a unit. */
export function spanFamily(span: string): UnitFamily | null {
  const unit = span.replace(/^[^A-Za-z€$£%]*/, '').split(/\s?\/|\s+per\s+/)[0]!.trim();
  if (unit === '') return null;
  for (const f of FAMILIES) if (new RegExp(String.raw`^(?:${UNITS[f].join('|')})$`, 'i').test(unit)) return f;
  return null;
}
