// Misses of the real training splits (eval/qa-real train, train2) sorted by cause, one rule each:
// a word the question says is no table shorthand; a figure in parentheses belongs to what it
// follows; "how long is" may ask a length; a table value named by its row and column answers
// after a statement's typed span.
import { describe, expect, it } from 'vitest';
import { expandAbbreviations } from '../../../src/providers/answer/abbreviations.js';
import { NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { PassageLine } from '../../../src/providers/answer/types.js';
import { askLines } from './ask-lines.js';

const prose = (sentences: string[]): PassageLine[] => sentences.map((text, i) => ({ text, bbox: [72, 100 + i * 20, 500, 116 + i * 20] as BBox }));
const at = (text: string, x: number, y: number, w = 60): PassageLine => ({ text, bbox: [x, y, x + w, y + 10] });

describe('a word the question says', () => {
  it('is not read as shorthand of another question word', () => {
    expect(expandAbbreviations('EU Institutions, Enquiries: 3.597', 'How many enquiries were about EU Institutions?')).toBe('EU Institutions, Enquiries: 3.597');
    expect(expandAbbreviations('Brg. temp', 'What is the bearing temperature?')).toBe('bearing. temperature');
  });
});

describe('a figure in parentheses', () => {
  it('gives the value of the words it follows', async () => {
    const page = prose(['Firearms were used most often (54 percent, n = 148), followed by knives/bladed weapons (21 percent, n = 57), and poison (3 percent).']);
    expect(await askLines('In what percentage of incidents were knives or bladed weapons used?', page)).toBe('21 percent');
  });

  it('inside an opening phrase is no clause break', async () => {
    const page = prose(['In 17 percent (n = 45) of the cases, the motivating factors were completely unknown.']);
    expect(await askLines('In what share of cases were the motivating factors completely unknown?', page)).toBe('17 percent');
  });
});

describe('"how long is"', () => {
  it('is answered by a length when no time is said', async () => {
    expect(await askLines('How long is the line of a visual analog scale usually?', prose(['Visual analog scale: a line of fixed length (usually 100 mm) with words at its ends.']))).toBe('100 mm');
  });

  it('still asks a time when one is said', async () => {
    expect(await askLines('How long is the warranty of Pump B-4?', prose(['The warranty of Pump B-4 runs for 24 months from delivery.']))).toBe('24 months');
  });
});

describe('a table value named by its row and column', () => {
  // A traffic table: routes down, months across, passengers ("Pax") per month.
  const table = [at('Dec-2015 Pax', 200, 95, 60), at('Nov-2015 Pax', 300, 95, 60), at('Transpacific', 72, 110, 90), at('157,642', 200, 110), at('149,020', 300, 110), at('Europe', 72, 125, 90), at('42,097', 200, 125), at('40,511', 300, 125)];

  it('answers though the question says words a table never does (flew, routes)', async () => {
    expect(await askLines('How many passengers flew on the Transpacific routes in Dec-2015?', table)).toBe('157,642');
  });

  it('does not answer for a row the table does not have', async () => {
    expect(await askLines('How many passengers flew on the Korea routes in Dec-2015?', table)).toBe(NOT_FOUND_TEXT);
  });

  it("comes after a statement's typed span", async () => {
    const page = [at('Crane B-12 is designed for a lifetime of 25 years.', 72, 60, 400), at('Service interval (months)', 200, 95, 120), at('Crane B-12', 72, 110, 90), at('12', 200, 110, 20)];
    expect(await askLines('What is the expected service life of Crane B-12?', page)).toBe('25 years');
  });
});
