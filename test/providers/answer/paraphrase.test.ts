// Paraphrase rules: WordNet synonyms and derivations (either way round), two-word WordNet phrases,
// properties proven by a span's unit, a unit the question names, and multi-part questions.
import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/providers/answer/answer-types.js';
import { isPhrase, relatedWords } from '../../../src/providers/answer/lexicon.js';
import { matchTerms, matchText } from '../../../src/providers/answer/matching.js';
import { questionParts } from '../../../src/providers/answer/question-parts.js';

const share = (question: string, text: string, family: Parameters<typeof matchText>[2] = null) => {
  const q = questionType(question);
  return matchText(matchTerms(question, q.cue), text, family);
};

describe('paraphrase rules', () => {
  it('reads WordNet from the installed package: synonyms, derivations and phrases', () => {
    expect(relatedWords('install')).toEqual(expect.arrayContaining(['put in', 'installation']));
    expect(relatedWords('inspection')).toContain('inspect');
    expect(relatedWords('situated')).toContain('located');
    expect(isPhrase('put_in')).toBe(true);
    expect(isPhrase('pump_the')).toBe(false);
  });

  it('matches a WordNet phrase against the word the text uses ("put in" ~ installed)', () => {
    const m = share('In what year was Pump F-29 put in?', 'Pump F-29 was installed in 2011.');
    expect(m.missingKey).toBe(false);
    expect(m.contentShare).toBeGreaterThan(0.5);
    expect(share('In what year was Pump F-29 put in?', 'Pump F-29 was painted in 2011.').contentShare).toBe(0);
  });

  it('matches related words both ways ("run" ~ operating, "situated" ~ located)', () => {
    expect(share('How many hours has Pump F-29 run?', 'Pump F-29, Operating hours: 13,281').contentShare).toBeGreaterThan(0);
    expect(share('Where is Pump F-29 situated?', 'Pump F-29 is located in Torsby.').contentShare).toBeGreaterThan(0);
  });

  it('counts a property as present when a span measures it ("weight" ~ 1,240 kg)', () => {
    expect(share('What is the weight of Pump F-29?', 'Pump F-29 weighs 1,240 kg.', 'mass').contentShare).toBe(1);
    expect(share('What is the weight of Pump F-29?', 'Pump F-29 draws 45 kW.', null).contentShare).toBe(0);
  });

  it('drops the wh-cue and unit words from the content ("how often", "cubic metres per hour")', () => {
    expect(questionType('How often must Boiler A-19 be inspected?').cue).toEqual(['how', 'often']);
    const rate = questionType('How many cubic metres per hour can Fan B-36 move?');
    expect(rate).toMatchObject({ type: 'rate', family: 'volume', unitNamed: true });
  });

  it('keeps names and numbers as keys: another asset never matches', () => {
    expect(share('How heavy is Boiler A-19?', 'Boiler B-19 weighs 1,240 kg.').missingKey).toBe(true);
    expect(share('How heavy is Boiler A-19?', 'Boiler A-19 weighs 1,240 kg.').missingKey).toBe(false);
  });

  it('splits multi-part questions where a new wh-phrase starts', () => {
    expect(questionParts('Who installed Pump F-29 and in which year?')).toEqual([
      { text: 'Who installed Pump F-29?', context: '' },
      // A bare wh-phrase takes the first part's clause (issue-15k).
      { text: 'In which year installed Pump F-29?', context: 'Who installed Pump F-29?' },
    ]);
    expect(questionParts('How heavy is Fan B-36, and how often is it inspected?').map((p) => p.text)).toEqual(['How heavy is Fan B-36?', 'How often is it inspected?']);
    expect(questionParts('What is the output of sites North and South?')).toHaveLength(1);
  });

  it('splits where an order or, after a comma, a noun phrase starts the next part', () => {
    expect(questionParts('Where is Fan B-36, and give its weight?').map((p) => p.text)).toEqual(['Where is Fan B-36?', 'Give its weight?']);
    expect(questionParts('When was Fan B-36 commissioned, and the year it was installed?').map((p) => p.text)).toEqual(['When was Fan B-36 commissioned?', 'What is the year it was installed?']);
    expect(questionParts('Who built the bridge between the mill and the dam?')).toHaveLength(1);
  });

  it('reads a possessive as its noun and a three-word idiom as one term', () => {
    expect(share("What is Pump F-29's mass?", 'The mass of Pump F-29 is 1,240 kg.').missingKey).toBe(false);
    expect(share('When was Pump F-29 taken into service?', 'Pump F-29 was commissioned on 3 May 2011.').contentShare).toBeGreaterThan(0);
    expect(share('Who takes care of Pump F-29?', 'Greta Lind is responsible for Pump F-29.').contentShare).toBeGreaterThan(0);
  });
});
