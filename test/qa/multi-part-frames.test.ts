// Multi-part questions with three or more asks, and a subject named once in front of them (issue
// 15, branch issue-15k-qa, train7): each ask becomes its own question about that subject.
import { describe, expect, it } from 'vitest';
import { questionParts } from '../../src/providers/answer/question-parts.js';

const parts = (q: string): string[] => questionParts(q).map((p) => p.text);

describe('a subject framed in front of a list of asks', () => {
  it('reads "For X, give the A, the B and the C" as three questions about X', () => {
    expect(parts('For Kiln TB-4410, give the inspection cycle, the fitter and the overall weight.')).toEqual([
      'What is the inspection cycle of Kiln TB-4410?',
      'What is the fitter of Kiln TB-4410?',
      'What is the overall weight of Kiln TB-4410?',
    ]);
  });

  it('takes other leads and separators: "With regard to", "about X:", a dash, slashes, semicolons', () => {
    expect(parts('With regard to Mill QA-1200, list the site, the price paid and the motor rating.')).toHaveLength(3);
    expect(parts('Three facts about Mill QA-1200, please: site, price paid and motor rating.')).toEqual([
      'What is the site of Mill QA-1200?',
      'What is the price paid of Mill QA-1200?',
      'What is the motor rating of Mill QA-1200?',
    ]);
    expect(parts('Mill QA-1200 -- site / price paid / motor rating?')).toHaveLength(3);
    expect(parts('Mill QA-1200: site; price paid; motor rating.')).toHaveLength(3);
  });

  it('asks each question about "it" of the framed subject', () => {
    const p = questionParts('Concerning Mill QA-1200: who fitted it, how much does it weigh, where is it?');
    expect(p.map((x) => x.text)).toEqual(['Who fitted Mill QA-1200?', 'How much does Mill QA-1200 weigh?', 'Where is Mill QA-1200?']);
  });

  it('reads a possessive subject: "X\'s A, B and C?"', () => {
    expect(parts("Mill QA-1200's site, fitter and overall weight?")).toEqual([
      'What is the site of Mill QA-1200?',
      'What is the fitter of Mill QA-1200?',
      'What is the overall weight of Mill QA-1200?',
    ]);
  });

  it('keeps a single framed ask one question, about the subject', () => {
    expect(parts('For Mill QA-1200, what is the site?')).toHaveLength(1);
    expect(parts('For how much was Mill QA-1200 bought?')).toHaveLength(1);
  });
});

describe('noun phrases and requests inside a frame', () => {
  it('asks a noun phrase with a clause about the subject of the subject itself', () => {
    expect(parts('Mill QA-1200 -- date it entered service / company that fitted it / plant location?')).toEqual([
      'What is the date Mill QA-1200 entered service?',
      'What is the company that fitted Mill QA-1200?',
      'What is the plant location of Mill QA-1200?',
    ]);
    expect(parts('What is the price paid for Mill QA-1200, plus the site and the year it went in?')).toEqual([
      'What is the price paid for Mill QA-1200?',
      'What is the site for Mill QA-1200?',
      'What is the year Mill QA-1200 went in?',
    ]);
  });

  it('drops a closing "please" and a request frame after the subject', () => {
    expect(parts('For Mill QA-1200: kW rating and site, please.')).toEqual(['What is the kW rating of Mill QA-1200?', 'What is the site of Mill QA-1200?']);
    expect(parts('In the case of Mill QA-1200, I would like to know the site, the fitter and the price paid.')).toHaveLength(3);
    expect(parts('As for Mill QA-1200, tell me its site, its fitter and its price paid.')).toEqual([
      'What is the site of Mill QA-1200?',
      'What is the fitter of Mill QA-1200?',
      'What is the price paid of Mill QA-1200?',
    ]);
  });
});

describe('a bare wh-word after a question asks again with its clause', () => {
  it('splits "Who fitted X, in which year, and where is it?" in three', () => {
    const p = questionParts('Who fitted Mill QA-1200, in which year, and where is it?');
    expect(p.map((x) => x.text)).toEqual(['Who fitted Mill QA-1200?', 'In which year fitted Mill QA-1200?', 'Where is it?']);
    expect(p[2]!.context).toContain('Mill QA-1200');
  });

  it('swaps the wh-phrase of a passive clause: "When was X fitted, by whom, and where?"', () => {
    expect(parts('When was Mill QA-1200 fitted, by whom, and where?')).toEqual(['When was Mill QA-1200 fitted?', 'By whom was Mill QA-1200 fitted?', 'Where was Mill QA-1200 fitted?']);
  });

  it('leaves a question without a wh-word whole', () => {
    expect(parts('Is Mill QA-1200 in service, and when?')).toHaveLength(1);
  });
});

describe('what is no frame', () => {
  it('keeps "I need the A for X, and ..." a request of two parts, the first about X', () => {
    const p = parts('I need the design flow for Mill QA-1200, and also the commissioning date?');
    expect(p).toHaveLength(2);
    expect(p[0]).toContain('design flow');
    expect(parts('Year of installation for Mill QA-1200, and how much money was paid for it?')).toHaveLength(2);
  });
});
