// Parts that failed on their own (issue 15, issue-15ag): "be in service" and "years of service"
// asked as a life, and a statement that says only the answer's kind ("dates") of another act.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { paraphrasesOf } from '../../../src/providers/answer/paraphrases.js';
import { askPassage as ask, pageOf as passageOf } from './ask-lines.js';


const LIFE = passageOf(['Boiler G-83 was installed by Vasbrek Service AB.', 'Boiler G-83 must be serviced every 6 months.', 'Boiler G-83 is designed for a lifetime of 27 years.']);

describe('"be in service" and "years of service" in a question', () => {
  it('are read as the life, one way only', () => {
    expect(paraphrasesOf('be in service')).toContain('lifetime');
    expect(paraphrasesOf('years of service')).toContain('lifetime');
    // A text's "service" alone is no life: the life class does not send retrieval to it.
    expect(paraphrasesOf('lifetime')).not.toContain('be in service');
    expect(paraphrasesOf('life')).not.toContain('years of service');
  });
  it('keeps the unit of "how many years of service" as content', () => {
    const q = questionType('how many years of service can boiler g-83 give?');
    expect(q).toMatchObject({ type: 'duration', unitWord: 'year' });
    expect(q.cue).not.toContain('years');
    expect(questionType('how many years is boiler g-83 designed for?').cue).toContain('years');
  });
  it('is answered by the lifetime, not by the servicing interval', async () => {
    expect(await ask('How long is Boiler G-83 supposed to be in service?', LIFE)).toBe('27 years');
    expect(await ask('How many years of service can Boiler G-83 give?', LIFE)).toBe('27 years');
  });
});

describe('a statement that says only the kind of the answer', () => {
  const PAGE = passageOf(['Evaporator VI-614, which was commissioned on 21 December 2000, is driven by a 714 kW motor.', 'Its installation dates from 2006. (Evaporator VI-614)']);
  it('does not answer for another act', async () => {
    expect(await ask('What is the commissioning date of Evaporator VI-614?', PAGE)).toBe('21 December 2000');
    expect(await ask('What is the installation date of Evaporator VI-614?', PAGE)).toBe('2006');
  });
});
