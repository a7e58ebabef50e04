// A page's lines are its text chunks in order, then its component chunks: both kinds number their
// chunks from 0, and a table row read between two text chunks must not become the subject of an
// "Its ..." sentence opening the second.
import { describe, expect, it } from 'vitest';
import { textChunksFirst } from '../../src/qa/answering.js';
import { subjectBefore } from '../../src/providers/answer/subject.js';

describe('textChunksFirst', () => {
  it('keeps text chunks together in their order, component chunks after', () => {
    const rows = [
      { kind: 'text', seq: 0, text: 'Compressor JT-528 has a design pressure of 64 bar.' },
      { kind: 'table', seq: 0, text: 'Table 3 Boiler JG-182: Open work orders: 1' },
      { kind: 'text', seq: 1, text: 'Its commissioning took place on March 12, 1990.' },
      { kind: 'table', seq: 1, text: 'Table 3 Pump AF-161: Open work orders: 5' },
    ];
    const ordered = textChunksFirst([rows[1]!, rows[0]!, rows[3]!, rows[2]!]);
    expect(ordered.map((r) => `${r.kind}${r.seq}`)).toEqual(['text0', 'text1', 'table0', 'table1']);
    const lines = ordered.map((r) => ({ text: r.text, bbox: null }));
    expect(subjectBefore([lines[1]!], lines)).toBe('Compressor JT-528');
  });
});
