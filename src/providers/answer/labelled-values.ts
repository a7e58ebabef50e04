// Values read under a label: a key-data line ("Site: Kenmo") or a table cell or chart value with
// its header ("Oil change (h)"). Which of them can answer a question of a given type.
import type { MatchTerm } from './matching.js';
import { namesIn } from './subject.js';
import { stem, terms, tokenize } from './text.js';
import { familyOf, isYearOnly, spanFamily, typedSpans, type AnswerType, type QuestionType } from './answer-types.js';

// Labels of key-data lines whose value is a name of one kind ("Site: Kenmo", "Make: Osdrag Industries").
const PLACE_LABEL = /\b(location|site|place|town|city|plant|address|situated|located)\b/i;
const ORG_LABEL = /\b(manufacturer|make|maker|supplier|vendor|installer|contractor|company|firm|builder|supplied|installed|built|made)\b/i;
const PERSON_LABEL = /\b(engineer|manager|responsible|contact|charge|inspector|supervisor|technician|operator)\b/i;

/**
 * A name in a "label: value" line whose label says what kind of name it is: a bare place name
 * has no locative word before it there, so the label stands in for one.
 */
export function labelledName(type: AnswerType, header: string, value: string): boolean {
  if (!/^\p{Lu}[\p{L}'’.-]*(?:\s+(?:&|\p{Lu}[\p{L}'’.-]*))*$/u.test(value)) return false;
  const label = header.slice(0, Math.max(0, header.lastIndexOf(':')));
  // "Installed at", "Based in": a place, whatever the verb.
  const locative = PLACE_LABEL.test(label) || /\b(?:at|in|near)\s*$/i.test(label);
  switch (type) {
    case 'place':
      return locative;
    case 'organisation':
    case 'agent':
      return ORG_LABEL.test(label) && !locative;
    case 'person':
      return PERSON_LABEL.test(label) && value.split(/\s+/).length >= 2;
    case 'year':
    case 'date':
    case 'duration':
    case 'quantity':
    case 'rate':
    case 'money':
    case 'percentage':
    case 'count':
    case 'amount':
    case 'yes/no':
    case 'text':
      return false;
  }
}

// Abbreviations of time units as column labels write them ("Oil change (h)", "Downtime (min)").
const TIME_ABBREVIATIONS: Record<string, string> = { hour: 'h|hrs?', minute: 'min', second: 's|sec', day: 'd', week: 'wk|wks', month: 'mo|mth', year: 'yr|yrs|a' };

/** Whether a label names a time unit by its abbreviation in parentheses. */
export function timeUnitInLabel(unitWord: string, header: string): boolean {
  const abbr = TIME_ABBREVIATIONS[unitWord.replace(/s$/, '')];
  if (abbr === undefined) return false;
  // Any parenthesis of the label: a transposed table's cell reads "Oil change (h), Kiln RR-3981".
  const label = header.replace(/:[^:()]*$/, '');
  return [...label.matchAll(/\(([^()]+)\)/g)].some((m) => new RegExp(`^(?:${abbr})$`, 'i').test(m[1]!.trim()));
}

/**
 * The property words of a table value's label apart from the unit it is measured in: a header
 * "Operating hours (h)" names hours run (measured in hours), "Oil change (h)" names an oil change
 * interval (measured in hours), "Noise level [dBA]" a noise level. Each comma piece of a "row,
 * column: value" line that names no asset is a header; its bracketed unit is left out.
 */
export function propertyWords(line: string): string[][] {
  const label = line.slice(0, Math.max(0, line.lastIndexOf(':')));
  return label
    .split(/,\s*/)
    .filter((piece) => namesIn(piece).length === 0)
    .map((piece) => tokenize(piece.replace(/\(([^()]*)\(([^()]*)\)([^()]*)\)/g, '($1$2$3)').replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')))
    .filter((words) => words.length > 0);
}

/**
 * Whether a table value's column is the asked time unit itself as a property ("Hours", "Operating
 * hours (h)": hours counted), so "how many hours does P-102 have" names it; a column only measured
 * in that unit ("Oil change (h)") needs the question to say its property. The column's other
 * property words must be the question's too: "Operating hours" is no answer to how many hours
 * pass before fresh oil.
 */
export function unitIsProperty(unitWord: string, line: string, question: string): boolean {
  const unit = unitWord.replace(/s$/, '');
  const asked = new Set(tokenize(question).map(stem));
  const isUnit = (w: string): boolean => w === unit || w === `${unit}s`;
  return propertyWords(line).some((words) => words.some(isUnit) && words.every((w) => isUnit(w) || asked.has(stem(w))));
}

/** A header that gives its values' scale: thousands, millions, billions. */
const SCALED = /\b(?:thousands?|millions?|billions?|mn|bn)\b|'000|\b000s?\b/i;

/** Whether a bare number (a table cell or chart value) can answer, given its header's unit. */
export function bareValueFits(q: QuestionType, value: string, header: string): boolean {
  const v = value.trim();
  // Figures run together in one cell ("0.1392 0.2046": two columns the extractor merged) are no one value; "8 467" is one.
  if (/^[-+]?\d[\d,.]*%?(?:\s+[-+]?\d[\d,.]*%?)+$/.test(v) && !/^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/.test(v)) return false;
  if (!/^[$€£]?[-+]?\d[\d,]*(\.\d+)?%?$/.test(v)) return typedSpans(q, v).length > 0 || labelledName(q.type, header, v);
  switch (q.type) {
    case 'year':
    case 'date':
      return isYearOnly(v) || /\b(year|date)\b/i.test(header);
    case 'percentage':
      // A "Proportion" column holds shares written as fractions (0.1418).
      return v.endsWith('%') || /%|percent|share|rate|efficiency|proportion|fraction/i.test(header);
    case 'money':
      // A column in a currency with its scale ("EURm", "EURbn", "USD m") holds sums of money.
      return /^[$€£]/.test(v) || /[€$£]|\b(cost|costs|price|revenue|budget|euros?|dollars?)\b|\b(?:eur|usd|sek|gbp|nok|dkk|chf)(?:\s?(?:m|bn|k|mn|million|billion))?\b/i.test(header);
    case 'quantity':
      return q.family === null || familyOf(header) === q.family;
    case 'duration':
      // A year under "Year installed" is a date, not a count of years.
      if (isYearOnly(v) && !/\byears\b|\((?:years?|yrs?|a)\)/i.test(header)) return false;
      if (q.unitWord) return new RegExp(String.raw`\b${q.unitWord}`, 'i').test(header) || timeUnitInLabel(q.unitWord, header);
      // "How often" is answered by an interval column, not by a count of run hours.
      if (q.recurrence === true) return /\b(interval|frequency|every|cycle|period)\b/i.test(header);
      return /\b(years?|months?|weeks?|days?|hours?|minutes?|interval|duration|life|period)\b/i.test(header);
    case 'rate': {
      // A rate in another unit ("Vibration (mm/s)" for "cubic metres per hour") does not fit.
      // The header may be a whole "row, column: value" line: its unit is the column's.
      const unit = /\(([^()]+)\)\s*(?::[^()]*)?$/.exec(header)?.[1];
      const family = unit ? spanFamily(`1 ${unit}`) : null;
      return /\/|\bper\b|rate|flow|speed/i.test(header) && (q.family === null || family === null || family === q.family);
    }
    case 'count':
      // A count is a whole number: a percentage, or a figure with decimals ("1.1" in a column of
      // percentage changes, "15.0" pupils per teacher) counts nothing, unless the column gives its
      // scale ("Enrolment (millions)": 2.5). Groups of three after a dot are thousands ("3.597").
      // An average or a ratio asked ("how many ... on average", "per household") may be a decimal.
      if (v.endsWith('%')) return false;
      return !/\.\d/.test(v) || q.average === true || /^\d{1,3}(?:\.\d{3})+$/.test(v) || SCALED.test(header);
    case 'amount':
    case 'text':
      return true;
    case 'person':
    case 'organisation':
    case 'agent':
    case 'place':
    case 'yes/no':
      return false;
  }
}

// Time units a rate is given per, as headers and questions write them.
const PER_TIME_UNIT: Record<string, string> = { h: 'hour', hr: 'hour', hour: 'hour', hourly: 'hour', min: 'minute', minute: 'minute', s: 'second', sec: 'second', second: 'second', d: 'day', day: 'day', daily: 'day' };

/**
 * Whether a rate column's unit names what a rate question asks: a flow ("Capacity (m3/h)", an
 * amount of volume or mass per time) asked how much something moves, delivers or handles, per
 * the same time if the question says one ("how much can X deliver per hour"). A rate of another
 * kind ("Vibration (mm/s)") is named only by its header's words.
 */
export function flowColumnAsked(question: string, header: string): boolean {
  const unit = /\(([^()]+)\)\s*(?::[^()]*)?$/.exec(header)?.[1];
  const m = unit ? /^(.+?)\s*\/\s*([a-z]+)$/i.exec(unit.trim()) : null;
  if (!m) return false;
  const family = spanFamily(`1 ${m[1]!}`);
  if (family !== 'volume' && family !== 'mass') return false;
  const asked = /\b(?:per|an?|each|every)\s+(hour|minute|second|day)\b|\/\s*(h|hr|min|s|d)\b|\b(hourly|daily)\b/i.exec(question);
  const per = asked ? PER_TIME_UNIT[(asked[1] ?? asked[2] ?? asked[3]!).toLowerCase()] : undefined;
  return per === undefined || per === PER_TIME_UNIT[m[2]!.toLowerCase()];
}

/** Whether a piece of a header is a unit of measure alone ("dB", "mm/s", "deg C"). */
const unitAlone = (piece: string): boolean => /^[^\s/]+(?:\s+[A-Za-z])?$/.test(piece.trim()) && spanFamily(`1 ${piece.trim()}`) !== null;

/**
 * The unit family a column's header gives, if any: in brackets ("Motor (kW)" -> power, "Noise
 * level [dBA]" -> sound) or as a comma piece of its own ("Sound level, dB", "Vib. velocity, mm/s").
 */
export function columnUnitFamily(header: string): ReturnType<typeof spanFamily> {
  // A unit with a bracket of its own ("dB(A)") is one unit.
  const label = header.replace(/:[^:()]*$/, '').replace(/\(([^()]*)\(([^()]*)\)([^()]*)\)/g, '($1$2$3)');
  const bracketed = [...label.matchAll(/\(([^()]+)\)|\[([^[\]]+)\]/g)].map((m) => (m[1] ?? m[2]!).trim());
  const pieces = label.split(/,\s*/).filter(unitAlone);
  const units = [...bracketed, ...pieces].map((u) => spanFamily(`1 ${u}`)).filter((f) => f !== null);
  return units.length > 0 && units.every((f) => f === units[0]) ? units[0]! : null;
}

/**
 * Whether a key-data line's label or value says what kind of thing is asked, though none of the
 * question's words are there: the label names the kind of name ("Site: Kenmo" for "where does X
 * operate") or the value carries a unit of the asked measure ("Throughput: 477 m3/h" for "the
 * capacity per hour"). Such a line may answer by type alone.
 */
export function listedValueSays(q: QuestionType, line: string, value: string): boolean {
  if (labelledName(q.type, line, value)) return true;
  if (q.type === 'rate') return typedSpans(q, value).length > 0;
  return q.type === 'quantity' && q.family !== null && spanFamily(value) === q.family;
}

/**
 * Whether every word of the label of a "label: value" line is a word of the question, and the
 * label says at least half of the question's content (its names aside).
 */
export function labelSaid(line: string, qterms: MatchTerm[]): boolean {
  const cut = line.lastIndexOf(': ');
  const label = cut > 0 ? terms(line.slice(0, cut)) : [];
  if (label.length === 0) return false;
  const asked = new Set(qterms.flatMap((t) => [t.stem, ...t.parts]));
  if (!label.every((l) => asked.has(l))) return false;
  const content = qterms.filter((t) => !t.key);
  const weight = content.reduce((n, t) => n + t.weight, 0);
  const said = content.filter((t) => t.parts.every((p) => label.includes(p))).reduce((n, t) => n + t.weight, 0);
  return weight > 0 && said / weight >= 0.5;
}

/** Whether the label of a "label: value" line says a word of the question (its type word counts: "efficiency"; names do not). */
export function labelAsked(line: string, question: string): boolean {
  const asked = new Set(tokenize(question).map(stem));
  const label = line.slice(0, Math.max(0, line.indexOf(':')));
  return terms(namesIn(label).reduce((l, n) => l.replace(n, ' '), label)).some((t) => asked.has(t));
}
