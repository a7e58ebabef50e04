// Real documents (issue 15z, eval/qa-real training splits): a count is a whole number, an opening
// phrase followed by a second one ("On 10 May 2010, following ..., ministers unveiled"), "mid-January",
// a name's lower-case word names no unit ("Euro area"), "EUR60bn", "unknown" answers "known" with
// No, a table value whose own labels name other years than the asked one.
import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { bareValueFits } from '../../../src/providers/answer/labelled-values.js';
import { otherYearsOnly } from '../../../src/providers/answer/cell-years.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { inAskedClauses, openerEnd } from '../../../src/providers/answer/span-choice.js';
import { polarity, prefixedAntonym } from '../../../src/providers/answer/yes-no.js';

describe('a count is a whole number', () => {
  const q = questionType('How many public high school graduates did Connecticut have in 2003–04?');
  it('takes a whole number, a European thousands figure, a scaled column', () => {
    expect(q.type).toBe('count');
    expect(bareValueFits(q, '34,573', 'Connecticut, 2003–04: 34,573')).toBe(true);
    expect(bareValueFits(q, '3.597', 'EU Institutions, Enquiries: 3.597')).toBe(true);
    expect(bareValueFits(q, '2.5', 'Enrolment (millions): 2.5')).toBe(true);
  });
  it('never a percentage change or a ratio with decimals', () => {
    expect(bareValueFits(q, '1.1', 'Connecticut, to 2008–09: 1.1')).toBe(false);
    expect(bareValueFits(q, '15.0', 'Pupil/teacher ratio, 2008: 15.0')).toBe(false);
    expect(bareValueFits(q, '12%', 'Share: 12%')).toBe(false);
  });
});

describe('opening phrases', () => {
  const text = 'On 10 May 2010, following the escalation of tensions in Euro sovereign debt markets, European finance ministers unveiled a mechanism.';
  it('a second opening phrase belongs to the clause they open', () => {
    expect(openerEnd(text)).toBe(text.indexOf('European finance'));
    const type = questionType('When did European finance ministers unveil the EFSM?');
    const spans = typedSpans(type, text);
    expect(inAskedClauses(spans, text, matchTerms('When did European finance ministers unveil the EFSM?', type.cue)).map((s) => s.text)).toEqual(['10 May 2010']);
  });
  it('a sentence without an opener has none', () => {
    expect(openerEnd('The plant was built in 1990, and it was sold in 2001.')).toBe(1);
  });
});

describe('dates and sums', () => {
  it('"mid-January" answers when, "May" alone is no date', () => {
    const type = questionType('When did the Greek CDS curve invert?');
    expect(typedSpans(type, 'Indeed, the Greek CDS curve inverted in mid-January 7 , which is unusual.').map((s) => s.text)).toEqual(['mid-January']);
    expect(typedSpans(type, 'The curve may invert again.')).toEqual([]);
  });
  it('a lower-case word inside a name names no unit; a scale glued to the sum is kept', () => {
    const type = questionType('How much is the joint pledge to Euro area Members?');
    expect(type.type).toBe('amount');
    expect(type.family).toBeNull();
    expect(typedSpans(type, 'a joint pledge to provide up to EUR440bn to Euro area Members').map((s) => s.text)).toEqual(['EUR440bn']);
    expect(typedSpans(type, 'It cost $5 more than planned.').map((s) => s.text)).toEqual(['$5']);
  });
});

describe('a prefixed antonym', () => {
  it('"unknown" says No to "known"', () => {
    const statement = 'The interest rate charged for loans is still unknown.';
    expect(prefixedAntonym(statement, 'Is the interest rate charged for loans known?')).toBe(true);
    expect(polarity(statement, 'Is the interest rate charged for loans known?')).toBe('No');
    expect(polarity(statement, 'Is the interest rate charged for loans unknown?')).toBe('Yes');
    expect(polarity('The interest rate is known.', 'Is the interest rate known?')).toBe('Yes');
  });
});

describe('a table value about other years', () => {
  const q = 'How many public high school graduates did Connecticut have in 2003–04?';
  it('is not the value of the asked year, whatever its caption spans', () => {
    expect(otherYearsOnly(q, 'Connecticut, 2013–14 2014–15 2015–16: 35,540')).toBe(true);
    expect(otherYearsOnly(q, 'Connecticut, Actual, 2003–04: 34,573')).toBe(false);
  });
  it('says nothing when the labels or the question name no year', () => {
    expect(otherYearsOnly(q, 'Connecticut, Graduates: 34,573')).toBe(false);
    expect(otherYearsOnly('How many graduates did Connecticut have?', 'Connecticut, 2013–14: 35,540')).toBe(false);
  });
});
