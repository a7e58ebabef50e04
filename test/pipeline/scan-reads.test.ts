// What a scanned page costs the recogniser (issue 22h): the mirror test reads a band of the page,
// not the page; table blocks in small print (measured on their own pixels) are read scaled up,
// their words put back on the page.
import { describe, expect, it } from 'vitest';
import { blockScale, readScannedPage, type PageRecognizer } from '../../src/pipeline/scan/read-scan.js';
import { densestBand } from '../../src/pipeline/scan/sample-band.js';
import { lineHeight } from '../../src/pipeline/scan/print-size.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import type { BBox, TextLine } from '../../src/pipeline/types.js';

/** A line of `n` words of the given height at `top`, each 40 px wide. */
const lineAt = (top: number, n: number, height = 20, confidence = 0.9): TextLine => {
  const words = Array.from({ length: n }, (_, i) => ({ text: `w${i}`, bbox: [20 + i * 50, top, 60 + i * 50, top + height] as BBox, confidence }));
  return { text: words.map((w) => w.text).join(' '), bbox: [20, top, 20 + n * 50, top + height], words };
};

describe('the band a page is sampled on', () => {
  const img: GreyPixels = { data: new Uint8Array(1000 * 1000).fill(255), width: 1000, height: 1000 };

  it('is the full-width band, at most a quarter of the page, with the most words', () => {
    const lines = [lineAt(50, 2), lineAt(400, 5), lineAt(450, 6), lineAt(600, 6), lineAt(900, 3)];
    const band = densestBand(lines, img)!;
    expect([band[0], band[2]]).toEqual([0, 1000]);
    // 400..620 holds 17 words; no band of 250 px holds more.
    expect(band[1]).toBeLessThanOrEqual(400);
    expect(band[3]).toBeGreaterThanOrEqual(620);
    expect(band[3] - band[1]).toBeLessThanOrEqual(0.25 * 1000 + 20);
  });

  it('does not exist without words', () => {
    expect(densestBand([], img)).toBeUndefined();
  });
});

describe('table blocks in small print', () => {
  /** A 300 x 200 block with lines of ink `height` px tall (dashes, like figures), 10 px of paper between them. */
  const block = (height: number): GreyPixels => {
    const img: GreyPixels = { data: new Uint8Array(300 * 200).fill(255), width: 300, height: 200 };
    for (let top = 5; top + height < 200; top += height + 10) for (let y = top; y < top + height; y++) for (let x = 20; x < 280; x++) if (x % 9 < 6) img.data[y * 300 + x] = 0;
    return img;
  };

  it('are scaled so that their lines of print stand about 32 px tall, at most twice, and not for large print', () => {
    expect(lineHeight(block(21))).toBe(21);
    expect(blockScale(block(21))).toBeCloseTo(32 / 21, 5);
    expect(blockScale(block(10))).toBe(2);
    expect(blockScale(block(31))).toBe(1);
    expect(blockScale(block(40))).toBe(1);
    // Paper, or specks too small to be print, say nothing of its size.
    const specks = block(2);
    expect(lineHeight(specks)).toBeUndefined();
    expect(blockScale(specks)).toBe(1);
  });

  it('are read scaled up, and their words come back in page pixels', async () => {
    const [width, height] = [400, 300];
    const data = new Uint8Array(width * height).fill(255);
    for (const y of [120, 250]) for (let x = 50; x <= 350; x++) data[y * width + x] = 0;
    for (const x of [50, 350]) for (let y = 120; y <= 250; y++) data[y * width + x] = 0;
    for (let y = 180; y < 190; y++) for (let x = 100; x < 200; x++) if (x % 6 < 3) data[y * width + x] = 0;
    const blocks: Array<[number, number, number | undefined]> = [];
    const reader: PageRecognizer = {
      readPage: () => Promise.resolve([lineAt(20, 3, 16, 0.95), lineAt(60, 3, 16, 0.95)]),
      readBlock: (img, dpi) => {
        blocks.push([img.width, img.height, dpi]);
        // The block's one word, where its ink is in the image handed over.
        let [x0, y0, x1, y1] = [img.width, img.height, 0, 0];
        for (let y = 0; y < img.height; y++) {
          for (let x = 0; x < img.width; x++) {
            if (img.data[y * img.width + x]! >= 128) continue;
            [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
          }
        }
        return Promise.resolve(x1 > x0 ? [{ text: '1.4', bbox: [x0, y0, x1, y1], words: [{ text: '1.4', bbox: [x0, y0, x1, y1], confidence: 0.9 }] }] : []);
      },
    };
    const read = await readScannedPage({ data, width, height }, reader, 200);
    // The table's crop (its rules' box and 4 px around) is 309 x 139, its one line of print 10 px
    // tall: handed over twice as large, and told 400 dpi.
    expect(blocks).toHaveLength(1);
    expect(blocks[0]![0]).toBeGreaterThan(600);
    expect(blocks[0]![2]).toBe(400);
    const word = read.lines.flatMap((l) => l.words).find((w) => w.text === '1.4')!;
    expect(word.bbox[0]).toBeGreaterThan(96);
    expect(word.bbox[0]).toBeLessThan(104);
    expect(word.bbox[3]).toBeGreaterThan(186);
    expect(word.bbox[3]).toBeLessThan(194);
  });
});
