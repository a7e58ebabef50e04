// A statement holding an interval and a life: a "how long" question takes the life from its own
// clause, a "how often" question still the interval.
import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { recurrenceSpans } from '../../../src/providers/answer/recurrence-clauses.js';

const TEXT = 'Erected by Berkenos Montage AB, Compressor HM-181 (inspected every 46 weeks), which has been in place since 1977, is designed for a 16-year service life.';

describe('recurrenceSpans', () => {
  it('keeps the duration whose clause agrees with the question', () => {
    const q = questionType('How many years is Compressor HM-181 expected to last?');
    expect(recurrenceSpans(q, TEXT, typedSpans(q, TEXT)).map((s) => s.text)).toEqual(['16-year']);
  });
  it('drops a duration whose own clause recurs', () => {
    const q = questionType('How long will Compressor HM-181 last?');
    expect(recurrenceSpans(q, 'Compressor HM-181 is inspected every 46 weeks.', typedSpans(q, 'Compressor HM-181 is inspected every 46 weeks.'))).toEqual([]);
  });
});
