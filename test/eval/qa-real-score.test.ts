import { describe, expect, it } from 'vitest';
import { REAL_DOCS, REAL_QUESTIONS, type RealQuestion } from '../../eval/qa-real/questions.js';
import { numbersIn, scoreAnswer } from '../../eval/qa-real/score.js';

const q = (extra: Partial<RealQuestion>): RealQuestion => ({ doc: 'd', question: 'What is it?', category: 'verbatim', pages: [1], ...extra });

describe('qa-real scoring', () => {
  it('reads thousands separators, decimal commas and millions', () => {
    expect(numbersIn('100 000 kg/year')).toEqual([100000]);
    expect(numbersIn('$37,499.96 and 0,0001')).toEqual([37499.96, 0.0001]);
    expect(numbersIn('2 million')).toEqual([2e6]);
    expect(numbersIn('in 2015 and 18,870')).toEqual([2015, 18870]);
  });

  it('takes the first number of the answer that the question did not already hold', () => {
    const asked = q({ question: 'How many input signals would a 500 px × 500 px RGB image give?', num: 750000 });
    expect(scoreAnswer(asked, '500 px × 500 px gives 750,000 input signals').right).toBe(true);
    const lead = q({ question: 'What is the threshold for lead releases to water?', num: 20 });
    expect(scoreAnswer(lead, '20 kg/year').concise).toBe(true);
    // A dumped table row whose first value is another column is wrong.
    expect(scoreAnswer(lead, 'Lead and compounds (as Pb) 200 20 20').right).toBe(false);
  });

  it('needs every part, one alternative each, and bounds the length', () => {
    const two = q({ parts: [['Josephine Lucey', 'Lucey'], ['Anjali Kausar', 'Kausar']] });
    expect(scoreAnswer(two, 'Josephine Lucey and Anjali Kausar')).toEqual({ right: true, concise: true });
    expect(scoreAnswer(two, 'Josephine Lucey').right).toBe(false);
    const one = q({ any: ['Deep Blue'] });
    expect(scoreAnswer(one, 'It was Deep Blue, the chess computer built by IBM that won the match').concise).toBe(false);
    expect(scoreAnswer(one, 'Deep Blue ' + 'word '.repeat(45)).right).toBe(false);
  });

  it('reads the first word of a yes/no answer', () => {
    expect(scoreAnswer(q({ yesNo: 'no' }), 'No, the statistics do not represent sales.').right).toBe(true);
    expect(scoreAnswer(q({ yesNo: 'no' }), 'Yes.').right).toBe(false);
  });

  it('holds at least 150 questions, 25 absent, each on a listed document', () => {
    const ids = new Set(REAL_DOCS.map((d) => d.id));
    expect(REAL_QUESTIONS.length).toBeGreaterThanOrEqual(150);
    expect(REAL_QUESTIONS.filter((x) => x.category === 'absent').length).toBeGreaterThanOrEqual(25);
    for (const x of REAL_QUESTIONS) {
      expect(ids.has(x.doc)).toBe(true);
      const answers = [x.any, x.parts, x.num, x.yesNo].filter((a) => a !== undefined).length;
      expect(answers).toBe(x.category === 'absent' ? 0 : 1);
    }
  });
});
