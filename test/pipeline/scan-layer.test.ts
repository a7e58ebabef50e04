// A scan's text layer from another tool: used when it covers the scan's text and reads as words,
// read again when it covers only part of the text or is misread; a born-digital page's layer is
// never second-guessed.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import type { BBox, PageText } from '../../src/pipeline/types.js';
import { junkShare, junkWord } from '../../src/pipeline/scan/layer-check.js';
import { scanLayerProblem } from '../../src/pipeline/scan/page-text.js';
import { layeredScanPdf, misread, PARAGRAPHS } from '../fixtures/layered-scans.js';

describe('word shapes of misread OCR', () => {
  it('takes words, numbers, ordinals, quantities, codes and acronyms as words', () => {
    for (const w of ['inspection', 'October.', '(2015)', '3rd', '10mm', 'F-29', 'PN16', 'DN100b', 'HVAC', 'O’Neill', 'A/B', '12.5%', 'McDonald', 'rhythm', '截至2015年12月', '年末资产总额189,175.14'])
      expect(junkWord(w), w).toBe(false);
  });
  it('takes letters and digits mixed inside a word, symbols inside, case flips and vowelless runs as junk', () => {
    for (const w of ['1nspect10n', 'n0rtbern', 'va1ves', 'th~e', 'oPeRation', 'tbrk']) expect(junkWord(w), w).toBe(true);
  });
  it('measures a misread layer as mostly junk and the true text as none', () => {
    const words = PARAGRAPHS.flat().join(' ').split(' ');
    const box: BBox = [0, 0, 1, 1];
    const line = (texts: string[]): PageText => ({ source: 'pdf', lines: [{ text: texts.join(' '), bbox: box, words: texts.map((text) => ({ text, bbox: box, confidence: 1 })) }] });
    expect(junkShare(line(words))).toBe(0);
    expect(junkShare(line(words.map(misread)))).toBeGreaterThan(0.4);
  });
});

describe('text layers over scans', () => {
  it('keeps a full invisible layer, reads again one that covers a paragraph of three or is misread', async () => {
    const pdf = await openPdf(await layeredScanPdf(['full', 'first-paragraph', 'misread', 'none']));
    try {
      const problem = (n: number) => scanLayerProblem(pdf, n, pdf.text(n, 150), 150, pdf.scanDpi(n));
      expect(pdf.invisibleTextShare(1)).toBe(1);
      expect(problem(1)).toBeUndefined();
      expect(problem(2)).toBe('partial');
      expect(problem(3)).toBe('implausible');
      expect(problem(4)).toBeUndefined(); // no layer: OCR by textQuality already
    } finally {
      pdf.close();
    }
  });

  it('never second-guesses a born-digital page that has little text', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Only a heading here', { x: 72, y: 700, size: 14, font });
    page.drawRectangle({ x: 72, y: 200, width: 400, height: 300, borderWidth: 2 });
    const pdf = await openPdf(await doc.save());
    try {
      expect(pdf.scanDpi(1)).toBeUndefined();
      expect(pdf.invisibleTextShare(1)).toBe(0);
      expect(scanLayerProblem(pdf, 1, pdf.text(1, 150), 150, pdf.scanDpi(1))).toBeUndefined();
    } finally {
      pdf.close();
    }
  });
});
