// Facts stated the ways reports state them (issue 15, docs6): "It ..." sentences and key-data
// lists after the asset was named, sentences wrapped over lines after a word that cannot end one,
// places, firms and people told by their form or label, and the one span of a many-fact sentence.
import { describe, expect, it } from 'vitest';
import { questionType, typedSpans } from '../../../src/providers/answer/answer-types.js';
import { bareValueFits, labelledName, timeUnitInLabel } from '../../../src/providers/answer/labelled-values.js';
import { NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import { continuesLine } from '../../../src/providers/answer/passage-units.js';
import { paraphrasesOf } from '../../../src/providers/answer/paraphrases.js';
import { impliedSubjects, namesIn, subjectBefore } from '../../../src/providers/answer/subject.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';
import { askPassage as ask } from './ask-lines.js';

const line = (text: string, y: number): PassageLine => ({ text, bbox: [72, y, 500, y + 12] });
const passageOf = (lines: PassageLine[], pageLines = lines): Passage => ({ documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines });

describe('implied subjects', () => {
  it('finds equipment names and carries the last one to sentences and list lines that name none', () => {
    expect(namesIn('By way of comparison, Feeder AO-487 at another plant weighs 4 t.')).toEqual(['Feeder AO-487']);
    expect(namesIn('EUR 46,000 and Table 2')).toEqual([]);
    const subjects = impliedSubjects(['Dryer SE-897 - key data', 'Weight (kg): 4,500', 'It has a standby unit.', '91,920', 'Pump TK-412 stands in Bosel.', 'Its weight is 12 kg.'], null);
    expect(subjects).toEqual([null, 'Dryer SE-897', 'Dryer SE-897', null, null, 'Pump TK-412']);
  });

  it('takes the subject in force where a passage begins from the lines above it on the page', () => {
    const page = [line('Blower EA-212', 700), line('Blower EA-212 weighs 5 kg.', 680), line('Its design pressure is 60 bar.', 660)];
    expect(subjectBefore(page.slice(2), page)).toBe('Blower EA-212');
    expect(subjectBefore(page.slice(0, 1), page)).toBeNull();
  });

  it('answers from an "Its ..." sentence and a key-data line in another chunk than the name', async () => {
    const page = [line('6.4 Findings', 720), line('Agitator FR-316, which weighs 4,309 kg, was built in 1984.', 700), line('Its design pressure is 56 bar.', 680), line('Pump TK-412 - key data', 660), line('Design pressure (bar): 12', 640)];
    expect(await ask('What is the design pressure of Agitator FR-316?', passageOf(page.slice(2, 3), page))).toBe('56 bar');
    expect(await ask('What is the design pressure of Pump TK-412?', passageOf(page.slice(4), page))).toBe('12');
    // Old code: the sentence does not name the asset, so the answer was "not found".
  });
});

describe('wrapped lines', () => {
  it('joins a line cut after a word that cannot end a sentence, whatever the next line starts with', () => {
    expect(continuesLine('Its installation was carried out by Velnes, and it was commissioned on', 'February 2, 1984.')).toBe(true);
    expect(continuesLine('Its manufacturer is', 'Kenhus Maschinenfabrik.')).toBe(true);
    expect(continuesLine('6.4 Rotating machinery', 'Dryer SE-897 - key data')).toBe(false);
    expect(continuesLine('It weighs 5 kg.', 'the rest')).toBe(false);
  });
});

describe('entity answers by form', () => {
  const where = questionType('Where is Agitator SC-322 located?');
  it('takes a place after a locative word or before a place noun, not a person after "of" or a currency', () => {
    const text = 'Agitator SC-322, which falls under the responsibility of Henrik Tinsel, operates at the Berveltin site.';
    expect(typedSpans(where, text).map((s) => s.text)).toEqual(['Berveltin']);
    expect(typedSpans(where, 'It was acquired at a price of EUR 255,000.')).toEqual([]);
    expect(typedSpans(where, 'Its location is the Krotinvel plant.').map((s) => s.text)).toEqual(['Krotinvel']);
  });

  it('reads a name in a key-data line by its label, and "& Sons" as a firm', () => {
    expect(bareValueFits(where, 'Litbomo', 'Site: Litbomo')).toBe(true);
    expect(bareValueFits(where, 'Litbomo', 'Manufacturer: Litbomo')).toBe(false);
    expect(labelledName('organisation', '- Make: Osdrag Industries', 'Osdrag Industries')).toBe(true);
    const who = questionType('Who is the responsible engineer for Hoist ZY-318?');
    expect(typedSpans(who, 'It was manufactured by Kroos & Sons and is looked after by Oskar Huslitram.').map((s) => s.text)).toEqual(['Oskar Huslitram']);
  });

  it('takes an hour column written "(h)" for "how many hours"', () => {
    const q = questionType('After how many hours is the oil of Feeder AO-915 changed?');
    expect(bareValueFits(q, '5,587', 'Feeder AO-915, Oil change (h): 5,587')).toBe(true);
    expect(timeUnitInLabel('hour', 'Noise (dB): 4')).toBe(false);
  });

  it('relates the maker of equipment to its manufacturer (not to whoever sold it) and an erector to its installer', () => {
    // Making and supplying stay apart (issue-15i): a supplier is often a distributor, so "Who
    // manufactured X?" is not answered from "Supplied by ...".
    expect(paraphrasesOf('maker')).toEqual(expect.arrayContaining(['manufacturer', 'build']));
    expect(paraphrasesOf('maker')).not.toContain('supplier');
    expect(paraphrasesOf('erected')).toContain('install');
  });
});

describe('several facts in one sentence', () => {
  it('answers with the span said beside the asked property', async () => {
    const page = [line('Supplied by Kroberram & Sons, Boiler KO-184 (installed by Tinmo Montage AB), which operates at the Dragtingar site, was purchased for 364,000 euros.', 700)];
    expect(await ask('Which contractor installed Boiler KO-184?', passageOf(page))).toBe('Tinmo Montage AB');
  });

  it('does not answer from a clause about another property', async () => {
    const page = [line('Compressor JT-528', 720), line('Its commissioning took place on March 12, 1990, and it was installed by Selgarmo Montage AB.', 700)];
    expect(await ask('Which year was Compressor JT-528 installed in?', passageOf(page))).toBe(NOT_FOUND_TEXT);
    expect(await ask('When was Compressor JT-528 commissioned?', passageOf(page))).toBe('March 12, 1990');
  });

  it('takes a listed value whose own unit is the asked one', async () => {
    const page = [line('Agitator EM-480 - key data', 720), line('- Capacity: 655 m3/h', 700)];
    expect(await ask('What flow does Agitator EM-480 deliver?', passageOf(page))).toBe('655 m3/h');
  });
});
