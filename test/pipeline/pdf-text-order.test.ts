// Words and reading order from placed characters (no PDFium needed).
import { describe, expect, it } from 'vitest';
import { charsToWords, orderLines, type PlacedChar } from '../../src/pipeline/pdf/text-order.js';

/** Characters of `s` 10 px wide from x, on a 20 px high line whose baseline is y. */
function run(s: string, x: number, y: number): PlacedChar[] {
  return [...s].map((text, i) => ({ text, bbox: [x + i * 10, y - 16, x + i * 10 + 10, y + 4], baseline: y }));
}

describe('charsToWords', () => {
  it('splits on spaces and wide gaps, not on ligature parts sharing one box', () => {
    const lig: PlacedChar[] = [...'ffi'].map((text) => ({ text, bbox: [120, 84, 135, 104], baseline: 100 }));
    const chars = [...run('ab', 100, 100), ...lig, ...run('c', 135, 100), ...run(' d', 145, 100), ...run('far', 200, 100)];
    expect(charsToWords(chars).map((w) => w.text)).toEqual(['abffic', 'd', 'far']);
  });

  it('starts a new word when the stream jumps back or to another baseline', () => {
    const words = charsToWords([...run('one', 100, 100), ...run('two', 100, 130), ...run('x', 90, 130)]);
    expect(words.map((w) => w.text)).toEqual(['one', 'two', 'x']);
    expect(words[0]!.bbox).toEqual([100, 84, 130, 104]);
  });
});

describe('orderLines', () => {
  it('orders rows top to bottom and words left to right whatever the stream order', () => {
    const words = charsToWords([...run('world', 170, 100), ...run('second', 100, 130), ...run('hello', 100, 100)]);
    const lines = orderLines(words);
    expect(lines.map((l) => l.text)).toEqual(['hello world', 'second']);
    expect(lines[0]!.bbox).toEqual([100, 84, 220, 104]);
    expect(lines[0]!.words[0]).toEqual({ text: 'hello', bbox: [100, 84, 150, 104], confidence: 1 });
  });

  it('returns nothing for no words', () => {
    expect(orderLines([])).toEqual([]);
  });
});
