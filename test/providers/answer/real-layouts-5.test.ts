// Issue 15aa (eval/qa-real training splits): a count asked as an average, a mean or a ratio may be a
// decimal; a table row that says every name and number of the question reads its table's caption.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { bareValueFits } from '../../../src/providers/answer/labelled-values.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { captionRead } from '../../../src/providers/answer/table-captions.js';

describe('a count asked as an average may be a decimal', () => {
  it('"on average", "average", "median", "mean" take a decimal', () => {
    for (const question of ['How many persons lived in each household on average in 2010?', 'How many cars did an average household own?', 'How many children did the median family have?', 'How many visits did patients make, by the mean of the survey?']) {
      const q = questionType(question);
      expect(q.type, question).toBe('count');
      expect(q.average, question).toBe(true);
      expect(bareValueFits(q, '2.58', 'Persons per household, 2010: 2.58'), question).toBe(true);
    }
  });
  it('a plain count still takes no decimal, a percentage never', () => {
    const q = questionType('How many public high school graduates did Connecticut have in 2003–04?');
    expect(q.average).toBeUndefined();
    expect(bareValueFits(q, '1.1', 'Connecticut, to 2008–09: 1.1')).toBe(false);
    const avg = questionType('How many cars did an average household own?');
    expect(bareValueFits(avg, '12%', 'Share: 12%')).toBe(false);
  });
  it('"per cent" is no ratio', () => {
    expect(questionType('How many per cent of the pupils passed?').average).toBeUndefined();
  });
});

describe('a row that says every name and number reads its caption', () => {
  const caption = 'Table 15. Actual and projected percentage changes in public high school graduates, by region and state: School';
  it('the caption says what the cell measures when it says the rest of the question', () => {
    const q = matchTerms('What is the projected percentage change in graduates for Nevada from 2008–09 to 2021–22?', []);
    expect(captionRead(q, { text: 'Nevada, 2008–09 to 2021–22: 32.5', caption })).toBe(true);
  });
  it('not when the row leaves a number unsaid or the caption a word', () => {
    const q = matchTerms('What is the projected percentage change in graduates for Nevada from 2008–09 to 2021–22?', []);
    expect(captionRead(q, { text: 'Nevada, 2008–09 to 2015–16: 20.1', caption })).toBe(false);
    const dropouts = matchTerms('How many high school dropouts were there in Texas in 2010?', []);
    expect(captionRead(dropouts, { text: 'Texas, Projected 2010–11: 279,970', caption: 'Table 14. Actual and projected numbers for public high school graduates' })).toBe(false);
  });
});
