// Legend label words no dictionary knows, taken to be the nearest word WordNet knows (spelling.ts).
import { describe, expect, it } from 'vitest';
import { isWord, nearestWord, spellLabel } from '../../../src/pipeline/schematics/spelling.js';

describe('legend label spelling', () => {
  it('replaces a misread word by the nearest dictionary word, keeping its case', () => {
    expect(spellLabel('Ptug valve')).toBe('Plug valve');
    expect(spellLabel('Spectacte blind')).toBe('Spectacle blind');
    expect(spellLabel('Centnfugal pump')).toBe('Centrifugal pump');
    expect(spellLabel('SOLENPID VALVE')).toBe('SOLENOID VALVE');
    // Of equally near words, the commoner: "filter" before "kilter".
    expect(spellLabel('eilter')).toBe('filter');
  });

  it('leaves known words, inflected words, short words and abbreviations alone', () => {
    expect(isWord('valves')).toBe(true);
    expect(isWord('exchangers')).toBe(true);
    expect(spellLabel('Shell and tube exchanger')).toBe('Shell and tube exchanger');
    expect(spellLabel('PSV to flare')).toBe('PSV to flare');
    expect(spellLabel('Y-strainer')).toBe('Y-strainer');
    expect(nearestWord('Qzxv')).toBeNull();
  });

  it('prefers a word the sheet uses among equally near ones', () => {
    expect(nearestWord('kilter')).toBeNull();
    expect(nearestWord('vaIve')).toBe('valve');
    expect(nearestWord('tilter', new Set(['filter']))).toBe(null);
    expect(nearestWord('fiIter', new Set(['filter']))).toBe('filter');
  });
});
