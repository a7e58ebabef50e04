// Everyday verbs read by what the question asks (issue 15, docs10): "who runs X" accepts the
// statement naming the person responsible for X, "how long can X operate" asks its service life
// (not its operating hours), "become operational" is commissioning.
import { describe, expect, it } from 'vitest';
import { askedSenses, technicalWording } from '../../../src/providers/answer/everyday-verbs.js';
import { askPassage, pageOf } from './ask-lines.js';

const ask = (question: string, texts: string[]): Promise<string> => askPassage(question, pageOf(texts));

describe('who runs / operates', () => {
  const pump = ['Pump C-27 was installed by Norrland Mechanical.', 'The engineer responsible for Pump C-27 is Nils Torrud.'];

  it('answers with the responsible engineer or the person in charge', async () => {
    expect(await ask('Who runs Pump C-27?', pump)).toBe('Nils Torrud');
    expect(await ask('Who operates Pump C-27?', pump)).toBe('Nils Torrud');
    expect(await ask('Who is Pump C-27 run by?', ['Nils Torrud is in charge of Pump C-27.'])).toBe('Nils Torrud');
  });

  it('still reads the verb itself', async () => {
    expect(await ask('Who operates Pump C-27?', ['Pump C-27 is operated by Greta Lind.'])).toBe('Greta Lind');
    expect(await ask('Who runs Pump C-27?', ['The operator of Pump C-27 is Greta Lind.'])).toBe('Greta Lind');
  });

  it('gives the sense only to who-questions', () => {
    expect(askedSenses('who runs pump c-27', 'runs')).toContain('responsible');
    expect(askedSenses('what temperature does it run at', 'run')).toEqual([]);
  });
});

describe('how long can X operate', () => {
  it('asks how long it lasts, not how long it has run', () => {
    expect(technicalWording('How long can Pump E-51 operate?')).toBe('How long can Pump E-51 last?');
    expect(technicalWording('How many years can it be operated before replacement?')).toBe('How many years can it last before replacement?');
    expect(technicalWording('How many hours has Pump E-51 run?')).toBe('How many hours has Pump E-51 run?');
  });

  it('answers the service life beside an operating-hours figure', async () => {
    expect(await ask('How long can Pump E-51 operate?', ['Pump E-51 has 84,294 operating hours.', 'The expected service life of Pump E-51 is 33 years.'])).toBe('33 years');
  });
});

describe('become operational', () => {
  it('is the commissioning date', async () => {
    expect(await ask('When did Mixer C-41 become operational?', ['Mixer C-41 was installed in 2011.', 'Mixer C-41 was commissioned on 27 May 2017.'])).toBe('27 May 2017');
  });
});

describe('since when has X been in operation', () => {
  it('asks when it went into operation', () => {
    expect(technicalWording('Since when has Turbine D-44 been in operation?')).toBe('When did Turbine D-44 go into operation?');
    expect(technicalWording('and since when has it been operating')).toBe('and when did it go into operation');
    expect(technicalWording('since when is it in service')).toBe('when did it go into operation');
    expect(technicalWording('Since when has Pump A-1 been installed?')).toBe('Since when has Pump A-1 been installed?');
  });

  it('answers the commissioning date, not the operating hours', async () => {
    const texts = ['Chiller F-72 reaches an efficiency of 60% in normal operation.', 'Chiller F-72 was commissioned on 22 November 1987.', 'Chiller F-72 has 32,225 operating hours.'];
    expect(await ask('Since when has Chiller F-72 been in operation?', texts)).toBe('22 November 1987');
    expect(await ask('Who looks after Chiller F-72 and since when has it been operating?', ['The engineer responsible for Chiller F-72 is Elin Holrud.', ...texts])).toBe('Elin Holrud; 22 November 1987');
  });
});
