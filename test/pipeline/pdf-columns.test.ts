// Reading order of a two-column paper set as journals set it: 10 pt text, columns 10 pt apart (less than a glyph box high).
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { buildPdf, helveticaWidth, textAt } from '../fixtures/pdf-builder.js';

const WORDS = 'the method reads each column of the page from top to bottom before the next one starts and never mixes their lines'.split(' ');

/** Lines of about `width` points of prose, numbered so that their order can be checked. */
function prose(tag: string, n: number, width: number): string[] {
  const out: string[] = [];
  let k = 0;
  for (let i = 0; i < n; i++) {
    let line = `${tag}${i}`;
    while (helveticaWidth(`${line} ${WORDS[k % WORDS.length]}`, 10) < width) line += ` ${WORDS[k++ % WORDS.length]}`;
    out.push(line);
  }
  return out;
}

describe('two-column reading order', () => {
  it('reads a narrow-gutter two-column page column by column, references with hanging labels included', async () => {
    const left = prose('L', 12, 240);
    // A reference list: a label, a gap, then the entry; continuation lines indented.
    const right = prose('R', 12, 200).map((l, i) => (i % 3 === 0 ? `[Ref${i}]    ${l}` : l));
    let content = textAt(72, 760, 16, 'A Title Across The Page');
    // Justified like a journal's column: word spacing stretches every line to the full width.
    const justified = (x: number, y: number, l: string, width: number): string => {
      const tw = (width - helveticaWidth(l, 10)) / Math.max(1, l.split(' ').length - 1);
      return `BT /F1 10 Tf ${tw.toFixed(3)} Tw ${x} ${y} Td (${l}) Tj ET\n`;
    };
    left.forEach((l, i) => (content += justified(72, 720 - i * 12, l, 240)));
    right.forEach((l, i) => (content += textAt(i % 3 === 0 ? 322 : 352, 720 - i * 12, 10, l)));
    const doc = await openPdf(buildPdf([{ content }]));
    try {
      const lines = doc.text(1, 72).lines.map((l) => l.text);
      expect(lines).toEqual(['A Title Across The Page', ...left, ...right].map((l) => l.replace(/ +/g, ' ')));
    } finally {
      doc.close();
    }
  });

  it('keeps reference keys in their column when the gap after the keys is wider than the gutter', async () => {
    const left = prose('L', 12, 240);
    const right = prose('R', 12, 190);
    let content = '';
    left.forEach((l, i) => (content += textAt(72, 720 - i * 12, 10, l)));
    // Keys at the column's left edge, the entries' text set 15 pt after the longest key: that gap
    // is wider than the 10 pt gutter between the columns.
    right.forEach((l, i) => {
      if (i % 3 === 0) content += textAt(322, 720 - i * 12, 10, `[K${i}]`);
      content += textAt(362, 720 - i * 12, 10, l);
    });
    const doc = await openPdf(buildPdf([{ content }]));
    try {
      const lines = doc.text(1, 72).lines.map((l) => l.text);
      expect(lines).toEqual([...left, ...right.map((l, i) => (i % 3 === 0 ? `[K${i}] ${l}` : l))].map((l) => l.replace(/ +/g, ' ')));
    } finally {
      doc.close();
    }
  });
});
