// A page whose text runs backwards (scanned through from the back, a transparency laid the wrong
// way, a PDF drawn with a flipped matrix) reads as garbage at low confidence however it is turned;
// readScannedPage reads it mirrored and keeps that reading when it reads as text (issue 22g).
import { describe, expect, it } from 'vitest';
import { readScannedPage, type PageRecognizer } from '../../src/pipeline/scan/read-scan.js';
import { mirrorGrey } from '../../src/pipeline/scan/skew.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import type { BBox, TextLine } from '../../src/pipeline/types.js';

const lineOf = (text: string, confidence: number): TextLine => {
  const bbox: BBox = [20, 100, 300, 120];
  return { text, bbox, words: text.split(' ').map((t, i) => ({ text: t, bbox: [20 + i * 80, 100, 90 + i * 80, 120] as BBox, confidence })) };
};

/**
 * A blank page with short slanted strokes down one side (no rule: nothing is painted out), each
 * running down to the right (a half turn keeps that slant, a mirror flips it): the fake
 * recogniser reads text only when they are on the left and slant as `slant` says.
 */
function page(markLeft: boolean): GreyPixels {
  const img: GreyPixels = { data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 };
  for (let y = 0; y < 300; y++) if (y % 12 < 6) img.data[y * 400 + (markLeft ? 10 : 384) + (y % 12)] = 0;
  return img;
}
const markOnLeft = (img: GreyPixels): boolean => {
  for (let y = 0; y < img.height; y++) for (let x = 8; x < 18; x++) if (img.data[y * img.width + x]! < 128) return true;
  return false;
};
/** Whether the strokes on the left run down to the right ('down') or down to the left ('up'). */
function slant(img: GreyPixels): 'down' | 'up' | undefined {
  const inkAt = (y: number): number => {
    for (let x = 0; x < 20; x++) if (img.data[y * img.width + x]! < 128) return x;
    return -1;
  };
  let votes = 0;
  for (let y = 1; y < img.height; y++) {
    const [a, b] = [inkAt(y - 1), inkAt(y)];
    if (a >= 0 && b >= 0 && Math.abs(b - a) === 1) votes += b - a;
  }
  return votes > 0 ? 'down' : votes < 0 ? 'up' : undefined;
}
/** Reads as text mirrored (strokes on the left, slanting up). */
const mirroredOnly = (img: GreyPixels): boolean => markOnLeft(img) && slant(img) === 'up';
/** Reads as text half turned (strokes on the left, slanting down). */
const halfTurnedOnly = (img: GreyPixels): boolean => markOnLeft(img) && slant(img) === 'down';

/** Calls: which side the bar was on, and 'band' for a read of less than the whole page. */
function reader(readable: (img: GreyPixels) => boolean, calls: string[]): PageRecognizer {
  return {
    orientation: () => {
      calls.push('orientation');
      return Promise.resolve(0);
    },
    readPage: (img) => {
      calls.push(`${markOnLeft(img) ? 'left' : 'right'}${img.height < 300 ? ' band' : ''}`);
      return Promise.resolve(readable(img) ? [lineOf('inspection of valve passed', 0.92)] : [lineOf('noitoeqeni fo evlsv bezzsq', 0.35)]);
    },
    readBlock: () => Promise.resolve([]),
  };
}

describe('mirrored pages', () => {
  it('mirrorGrey turns every row end for end', () => {
    const img: GreyPixels = { data: Uint8Array.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 };
    expect([...mirrorGrey(img).data]).toEqual([3, 2, 1, 6, 5, 4]);
  });

  it('a page that reads as text only mirrored is read mirrored, and the mirrored page is what is kept', async () => {
    const calls: string[] = [];
    const read = await readScannedPage(page(false), reader(mirroredOnly, calls), 150);
    // (the band with the most words is read half turned, then mirrored; that reads as text, so the whole page is read mirrored)
    expect(calls).toEqual(['right', 'left band', 'left band', 'left']);
    expect(read.mirrored).toBe(true);
    expect(read.lines.map((l) => l.text)).toEqual(['inspection of valve passed']);
    expect(markOnLeft(read.img)).toBe(true);
  });

  it('a page read well is read once; a page that reads badly every way stays as it came, its mirror tried on a band only', async () => {
    const once: string[] = [];
    const good = await readScannedPage(page(true), reader((img) => markOnLeft(img) && slant(img) === 'down', once), 150);
    expect(once).toEqual(['left']);
    expect(good.mirrored).toBeUndefined();
    const twice: string[] = [];
    const bad = await readScannedPage(page(false), reader(() => false, twice), 150);
    // (the band half turned, mirrored, then mirrored and half turned: none reads, so the page is not
    // read again; too little ink to tell rows from columns, so the orientation detection is asked, and says upright)
    expect(twice).toEqual(['right', 'left band', 'left band', 'right band', 'orientation']);
    expect(bad.mirrored).toBeUndefined();
    expect(bad.lines.map((l) => l.text)).toEqual(['noitoeqeni fo evlsv bezzsq']);
  });

  it('an upside-down page is found on a band and read half turned, without the orientation detection', async () => {
    const calls: string[] = [];
    const read = await readScannedPage(page(false), reader(halfTurnedOnly, calls), 150);
    expect(calls).toEqual(['right', 'left band', 'left']);
    expect(read.turns).toBe(2);
    expect(read.mirrored).toBeUndefined();
    expect(read.lines.map((l) => l.text)).toEqual(['inspection of valve passed']);
  });
});
