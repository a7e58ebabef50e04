import { describe, expect, it } from 'vitest';
import { expandAbbreviations } from '../../../src/providers/answer/abbreviations.js';
import { cellAsAsked, yearRangesInFull } from '../../../src/providers/answer/cell-words.js';
import type { PassageLine } from '../../../src/providers/answer/types.js';
import { askLines } from './ask-lines.js';

describe('cellAsAsked: a cell\'s labels read with the question\'s words for them', () => {
  it('adds an acronym of the question after the capitalised words whose initials spell it', () => {
    expect(cellAsAsked('United Kingdom, Unknown (%): 12.5', "What percentage of the UK's cases had an unknown origin?")).toBe('United Kingdom (UK), Unknown (%): 12.5');
    expect(cellAsAsked('United States of America, Cases: 4', 'How many cases did the USA report?')).toBe('United States of America (USA), Cases: 4');
    // One capitalised word is no acronym's spelling, and a label that already writes it is left.
    expect(cellAsAsked('Ukraine, Cases: 4', 'How many cases in the UK?')).toBe('Ukraine, Cases: 4');
    expect(cellAsAsked('UK, Cases: 4', 'How many cases in the UK?')).toBe('UK, Cases: 4');
  });

  it('adds a number word the question says after the digit of a label, never in the value', () => {
    expect(cellAsAsked('3-year-olds, Head Start Group: 1,530', 'How many three-year-olds were assigned to Head Start?')).toBe('3 three-year-olds, Head Start Group: 1,530');
    expect(cellAsAsked('4-year-olds, Head Start Group: 3', 'How many three-year-olds were assigned?')).toBe('4-year-olds, Head Start Group: 3');
    expect(cellAsAsked('3-year-olds, Group: 1,530', 'How many 3 year olds, three of them?')).toBe('3-year-olds, Group: 1,530');
  });

  it('adds the question\'s word for a sex after the label\'s', () => {
    expect(cellAsAsked('6-11, Mexican American, Male: 998,192', 'How many Mexican American boys aged 6-11 are there?')).toBe('6-11, Mexican American, Male boys: 998,192');
    expect(cellAsAsked('6-11, Mexican American, Female: 999,217', 'How many Mexican American boys aged 6-11 are there?')).toBe('6-11, Mexican American, Female: 999,217');
    expect(cellAsAsked('Women, Employed: 12', 'How many girls are employed?')).toBe('Women girls, Employed: 12');
  });
});

describe('a table value named by the question in its own words', () => {
  const at = (text: string, x: number, y: number, w = 60): PassageLine => ({ text, bbox: [x, y, x + w, y + 10] });

  it('finds the row an acronym names', async () => {
    const table = [at('Domestic (%)', 200, 95), at('Unknown (%)', 300, 95), at('Sweden', 72, 110, 90), at('20.1', 200, 110, 20), at('4.5', 300, 110, 20), at('United Kingdom', 72, 125, 90), at('51.2', 200, 125, 20), at('33.7', 300, 125, 20)];
    expect(await askLines("What percentage of the UK's cases had an unknown origin?", table)).toBe('33.7');
  });

  it('finds the row a number word names and the column a word for a sex names', async () => {
    const table = [at('Male', 200, 95), at('Female', 300, 95), at('3-year-olds', 72, 110, 90), at('1,530', 200, 110, 30), at('1,410', 300, 110, 30), at('4-year-olds', 72, 125, 90), at('1,253', 200, 125, 30), at('1,188', 300, 125, 30)];
    expect(await askLines('How many three-year-old girls were there?', table)).toBe('1,410');
  });
});

describe('a row labelled "All"', () => {
  const at = (text: string, x: number, y: number, w = 60): PassageLine => ({ text, bbox: [x, y, x + w, y + 10] });
  const table = [at('Table 2: Population by age and sex', 72, 70, 300), at('Male', 200, 95), at('Female', 300, 95), at('80+', 72, 110, 90), at('2,345', 200, 110, 30), at('3,546', 300, 110, 30), at('All', 72, 125, 90), at('90,057', 200, 125, 30), at('94,823', 300, 125, 30)];

  it('is the total asked as "across all ages"', async () => {
    expect(await askLines('How many females are there across all ages?', table)).toBe('94,823');
  });

  it('is not asked by a question that names another row', async () => {
    expect(await askLines('How many females aged 80+ are there?', table)).toBe('3,546');
  });
});

describe('a short year range', () => {
  it('says its closing year in full', () => {
    expect(yearRangesInFull('Crime by Type and Year: 2005-08')).toBe('Crime by Type and Year: 2005-08 (2008)');
    expect(yearRangesInFull('Actual 2003–04')).toBe('Actual 2003–04 (2004)');
    // A date is no range.
    expect(yearRangesInFull('Issued 2008-09-15')).toBe('Issued 2008-09-15');
  });

  it('answers a question about its closing year with the total row', async () => {
    const at = (text: string, x: number, y: number, w = 60): PassageLine => ({ text, bbox: [x, y, x + w, y + 10] });
    const table = [at('Table 2: Crimes reported, by type of crime and year: 2005-08', 72, 70, 300), at('Arson', 200, 95), at('Burglary', 300, 95), at('2005', 72, 110, 40), at('1,020', 200, 110, 30), at('2,310', 300, 110, 30), at('2008', 72, 125, 40), at('825', 200, 125, 30), at('2,004', 300, 125, 30), at('Total', 72, 140, 40), at('4,045', 200, 140, 30), at('8,800', 300, 140, 30)];
    expect(await askLines('How many arsons were reported in total from 2005 to 2008?', table)).toBe('4,045');
  });
});

describe('"FY"', () => {
  it('is read as the "fiscal" a question says', () => {
    expect(expandAbbreviations('Nations, FY 2010: 9', 'How many nations by fiscal 2010?')).toBe('Nations, fiscal 2010: 9');
    expect(expandAbbreviations('Nations, FY 2010: 9', 'How many nations in FY 2010?')).toBe('Nations, FY 2010: 9');
  });
});
