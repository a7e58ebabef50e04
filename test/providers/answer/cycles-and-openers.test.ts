// Single facts of condition reports (issue 15, branch issue-15ae): an interval stated as a cycle
// ("inspected on a 29-month cycle") answers "how often", and a participial opening phrase
// ("Supplied by X, Boiler JG-182 handles ...") is no clause break for the facts after it.
import { describe, expect, it } from 'vitest';
import { questionType, recurrenceAgrees, statesRecurrence, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { inAskedClauses, participleEnd } from '../../../src/providers/answer/span-choice.js';

describe('an interval stated as a cycle', () => {
  const often = questionType('How often is Pump AF-161 inspected?');
  const life = questionType('How long is Pump AF-161 expected to last?');
  it('recurs: it answers "how often" with its duration', () => {
    expect(statesRecurrence('It is inspected on a 29-month cycle.')).toBe(true);
    expect(statesRecurrence('Compressor MY-788 follows a 6-week inspection cycle.')).toBe(true);
    expect(recurrenceAgrees(often, 'It is inspected on a 29-month cycle.')).toBe(true);
    expect(typedSpans(often, 'It is inspected on a 29-month cycle.').map((s) => s.text)).toEqual(['29-month']);
  });
  it('does not answer how long something lasts', () => {
    expect(recurrenceAgrees(life, 'It is inspected on a 29-month cycle.')).toBe(false);
  });
  it('a life cycle is one stretch, not a recurrence', () => {
    expect(statesRecurrence('Its life cycle is 25 years.')).toBe(false);
    expect(statesRecurrence('The pump has a 25-year life-cycle.')).toBe(false);
  });
});

describe('a participial opening phrase', () => {
  const text = 'Supplied by Kenhusgar & Sons, Boiler JG-182 handles 795 cubic metres per hour and is inspected every 20 weeks.';
  it('ends at its comma', () => {
    expect(participleEnd(text)).toBe('Supplied by Kenhusgar & Sons, '.length);
    expect(participleEnd('Located at the Kenbo works, Blower XO-943 runs at 90% efficiency.')).toBe('Located at the Kenbo works, '.length);
    expect(participleEnd('Boiler JG-182 handles 795 cubic metres per hour.')).toBe(1);
    expect(participleEnd('Installed by X, and later moved, the pump runs.')).toBe('Installed by X, '.length);
  });
  it('belongs to the clause it opens: its verb is said of the facts after it', () => {
    const q = questionType('What flow does Boiler JG-182 deliver?');
    const spans = typedSpans(q, text);
    expect(inAskedClauses(spans, text, matchTerms('What flow does Boiler JG-182 deliver?', q.cue)).map((s) => s.text)).toEqual(['795 cubic metres per hour']);
  });
  it('a clause after the main one still breaks', () => {
    const s = 'Supplied by X Ltd, Pump P-1 was commissioned on March 12, 1990, and it was installed in 2001 by Y AB.';
    const q = questionType('In which year was Pump P-1 installed?');
    expect(inAskedClauses(typedSpans(q, s), s, matchTerms('In which year was Pump P-1 installed?', q.cue)).map((sp) => sp.text)).toEqual(['2001']);
  });
});
