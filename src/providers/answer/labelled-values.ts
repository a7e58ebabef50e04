// Values read under a label: a key-data line ("Site: Kenmo") or a table cell or chart value with
// its header ("Oil change (h)"). Which of them can answer a question of a given type.
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
  switch (type) {
    case 'place':
      return PLACE_LABEL.test(label);
    case 'organisation':
    case 'agent':
      return ORG_LABEL.test(label);
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

/** Whether a bare number (a table cell or chart value) can answer, given its header's unit. */
export function bareValueFits(q: QuestionType, value: string, header: string): boolean {
  const v = value.trim();
  if (!/^[$€£]?[-+]?\d[\d,]*(\.\d+)?%?$/.test(v)) return typedSpans(q, v).length > 0 || labelledName(q.type, header, v);
  switch (q.type) {
    case 'year':
    case 'date':
      return isYearOnly(v) || /\b(year|date)\b/i.test(header);
    case 'percentage':
      return v.endsWith('%') || /%|percent|share|rate|efficiency/i.test(header);
    case 'money':
      // A column in a currency with its scale ("EURm", "EURbn", "USD m") holds sums of money.
      return /^[$€£]/.test(v) || /[€$£]|\b(cost|costs|price|revenue|budget|euros?|dollars?)\b|\b(?:eur|usd|sek|gbp|nok|dkk|chf)(?:\s?(?:m|bn|k|mn|million|billion))?\b/i.test(header);
    case 'quantity':
      return q.family === null || familyOf(header) === q.family;
    case 'duration':
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
