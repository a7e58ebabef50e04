// What the recogniser is handed for a scanned PDF page (issue 22e): the scan's own pixels, not a
// smoothed copy, and the page's resolution, not tesseract's guess at it.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { mergeReadings, unreadInk } from '../../src/pipeline/scan/plain-read.js';
import { hasInk, readScannedPage, type PageRecognizer } from '../../src/pipeline/scan/read-scan.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import type { BBox, TextLine, Word } from '../../src/pipeline/types.js';
import { tiff } from '../../src/providers/ocr/raster.js';

/** A 120 x 80 picture of one-pixel stripes (the sharpest detail a scan holds), as PNG. */
async function stripes(): Promise<{ png: Buffer; data: Uint8Array; width: number; height: number }> {
  const [width, height] = [120, 80];
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = (x + (y >> 2)) % 2 ? 255 : 0;
  const png = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } }).png().toBuffer();
  return { png, data, width, height };
}

describe('a scan drawn at its own resolution', () => {
  it('is drawn pixel for pixel when asked unsmoothed; PDFium smooths it otherwise', async () => {
    const pic = await stripes();
    const pdf = await PDFDocument.create();
    const img = await pdf.embedPng(pic.png);
    // 150 dpi: the page is the picture's size in points at 150 pixels per inch.
    const [w, h] = [(pic.width * 72) / 150, (pic.height * 72) / 150];
    pdf.addPage([w, h]).drawImage(img, { x: 0, y: 0, width: w, height: h });
    const doc = await openPdf(await pdf.save());
    try {
      // Share of pixels that are neither black nor white: a smoothed stripe turns grey. (A
      // picture drawn pixel for pixel may still repeat a column where the page size rounds.)
      const greys = (g: { data: Uint8Array }): number => g.data.filter((v) => v > 40 && v < 215).length / g.data.length;
      const exact = doc.renderGrey(1, 150, true);
      const soft = doc.renderGrey(1, 150);
      expect([exact.width, exact.height]).toEqual([pic.width, pic.height]);
      expect(greys(exact)).toBeLessThan(0.02);
      expect(greys(soft)).toBeGreaterThan(0.2);
    } finally {
      doc.close();
    }
  });
});

describe('the resolution handed to the recogniser', () => {
  it('a TIFF that carries the dpi and the pixels unchanged', async () => {
    const pic = await stripes();
    const file = tiff(pic.width, pic.height, Buffer.from(pic.data), 200);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, Math.round(meta.density ?? 0)]).toEqual([pic.width, pic.height, 200]);
    const back = await sharp(file).extractChannel(0).raw().toBuffer();
    expect(Buffer.compare(back, Buffer.from(pic.data))).toBe(0);
  });

  it('readScannedPage tells the page reader and the table reader the dpi', async () => {
    // A ruled table (two rules each way) so that both readers are asked.
    const [width, height] = [400, 300];
    const data = new Uint8Array(width * height).fill(255);
    for (const y of [50, 250]) for (let x = 50; x <= 350; x++) data[y * width + x] = 0;
    for (const x of [50, 350]) for (let y = 50; y <= 250; y++) data[y * width + x] = 0;
    for (let y = 140; y < 160; y++) for (let x = 100; x < 300; x++) if (x % 8 < 4 && y % 8 < 5) data[y * width + x] = 0;
    const asked: Array<[string, number | undefined]> = [];
    const reader: PageRecognizer = {
      readPage: (_img: GreyPixels, dpi?: number) => (asked.push(['page', dpi]), Promise.resolve([])),
      readBlock: (_img: GreyPixels, dpi?: number) => (asked.push(['block', dpi]), Promise.resolve([])),
    };
    await readScannedPage({ data, width, height }, reader, 200);
    // (the table's ink is left unread by these readers: its region is read plainly as well, at the same dpi)
    // (the block's print, rows of 5 px specks, is small: it is read scaled twice, and told so)
    expect(asked.slice(0, 3)).toEqual([
      ['page', 200],
      ['block', 400],
      ['page', 200],
    ]);
    expect(asked.filter(([what]) => what === 'page').every(([, dpi]) => dpi === 200)).toBe(true);
  });
});

describe('an empty ruled frame', () => {
  it('holds no ink once its rules are gone (pale grey grain is not ink), so it is not read as a block', () => {
    const [width, height] = [300, 120];
    const grain: GreyPixels = { data: new Uint8Array(width * height).map((_, i) => 200 + ((i * 7919) % 40)), width, height };
    expect(hasInk(grain)).toBe(false);
    for (let y = 50; y < 60; y++) for (let x = 100; x < 140; x++) grain.data[y * width + x] = 20;
    expect(hasInk(grain)).toBe(true);
  });
});

describe('the plain read under the prepared one', () => {
  const word = (text: string, bbox: BBox, confidence: number): Word => ({ text, bbox, confidence });
  const line = (...words: Word[]): TextLine => ({ text: words.map((w) => w.text).join(' '), bbox: words.map((w) => w.bbox).reduce((u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])]), words });

  it('counts the ink no sure word covers', () => {
    const [width, height] = [200, 100];
    const img: GreyPixels = { data: new Uint8Array(width * height).fill(255), width, height };
    for (const x0 of [20, 120]) for (let y = 40; y < 50; y++) for (let x = x0; x < x0 + 60; x++) img.data[y * width + x] = 0;
    const left = word('left', [20, 40, 80, 50], 0.9);
    expect(unreadInk(img, [line(left)], 5)).toBeGreaterThan(0.4);
    expect(unreadInk(img, [line(left, word('right', [120, 40, 180, 50], 0.9))], 5)).toBe(0);
    // A garbled word is no cover.
    expect(unreadInk(img, [line(left, word('~_-', [120, 40, 180, 50], 0.2))], 5)).toBeGreaterThan(0.4);
  });

  it('keeps the surer side where readings overlap, adds sure plain words where ours has none', () => {
    const ours = [line(word('Title', [0, 0, 50, 10], 0.95)), line(word('_—_—For', [0, 20, 80, 30], 0.3))];
    const plain = [line(word('Title', [0, 0, 50, 10], 0.9)), line(word('For', [50, 20, 80, 30], 0.9), word('reasons', [90, 20, 150, 30], 0.9)), line(word('ee', [0, 80, 10, 90], 0.3))];
    const merged = mergeReadings(ours, plain);
    expect(merged.map((l) => l.text)).toEqual(['Title', 'For reasons']);
  });

  it('readScannedPage reads the region left unread as scanned where the table block read garbage, and merges the words', async () => {
    const [width, height] = [400, 300];
    const data = new Uint8Array(width * height).fill(255);
    for (const y of [50, 250]) for (let x = 50; x <= 350; x++) data[y * width + x] = 0;
    for (const x of [50, 350]) for (let y = 50; y <= 250; y++) data[y * width + x] = 0;
    for (let y = 140; y < 160; y++) for (let x = 100; x < 300; x++) if (x % 8 < 4 && y % 8 < 5) data[y * width + x] = 0; // specks where a line of text is
    const pages: Array<[number, number]> = [];
    const reader: PageRecognizer = {
      // The prepared page has the table cut out: nothing; the plain read gets the region with the
      // specks, as scanned (a rule through it would be dark), and reads them as two words.
      readPage: (img: GreyPixels) => {
        pages.push([img.width, img.height]);
        const dark: number[] = [];
        for (let i = 0; i < img.data.length; i++) if (img.data[i]! < 128) dark.push(i);
        if (!dark.length) return Promise.resolve([]);
        const xs = dark.map((i) => i % img.width);
        const ys = dark.map((i) => Math.floor(i / img.width));
        const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1];
        const mid = (x0 + x1) / 2;
        return Promise.resolve([line(word('Pump', [x0, y0, mid - 10, y1], 0.93), word('P-101', [mid + 10, y0, x1, y1], 0.91))]);
      },
      readBlock: () => Promise.resolve([line(word('~=-', [40, 85, 250, 115], 0.2))]),
    };
    const page = await readScannedPage({ data, width, height }, reader, 200);
    expect(page.lines.flatMap((l) => l.words.map((w) => w.text))).toEqual(['Pump', 'P-101']);
    // (in page pixels: the first speck column is x = 104)
    expect(page.lines[0]!.words[0]!.bbox[0]).toBeCloseTo(104, 0);
    // The page is read once with the table cut out, then only the unread region, not the page again.
    expect(pages).toHaveLength(2);
    expect(pages[1]![0] * pages[1]![1]).toBeLessThan((width * height) / 2);
  });
});
