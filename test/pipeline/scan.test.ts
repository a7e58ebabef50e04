// The scanned-page path (src/pipeline/scan): pages made in the test, turned a little and noised
// like a scanner's output, read by native tesseract where it is installed.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darkBands, invertDarkBands } from '../../src/pipeline/scan/bands.js';
import { readScannedPage, straightened, withoutRuleGlyphs } from '../../src/pipeline/scan/read-scan.js';
import { rotateGrey } from '../../src/pipeline/schematics/raster.js';
import { eraseRules } from '../../src/pipeline/tables/scan-text.js';
import { estimatePageSkew, quarterTurn } from '../../src/pipeline/scan/skew.js';
import type { GreyPixels } from '../../src/pipeline/tables/scan-background.js';
import { NativeTesseractEngine, parseOsd } from '../../src/providers/ocr/tesseract-native.js';
import { rng } from '../../bench/rng.js';
import { PROSE, proseSvg, ROWS, ruledTableSvg, XS } from '../fixtures/scan-pages.js';
import { scanLike } from '../fixtures/scan-like.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();

async function grey(image: Buffer): Promise<GreyPixels> {
  const { data, info } = await sharp(image).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2);

describe('rule glyphs at word ends', () => {
  const w = (text: string) => ({ text, bbox: [0, 0, 10 * text.length, 10] as [number, number, number, number], confidence: 0.9 });
  it('strips | _ [ ] glued to a word, drops a word made of them, keeps paired brackets', () => {
    expect(withoutRuleGlyphs(w('07/21/2015_|'))?.text).toBe('07/21/2015');
    expect(withoutRuleGlyphs(w('|Boeing'))?.text).toBe('Boeing');
    expect(withoutRuleGlyphs(w('[Closure'))?.text).toBe('Closure');
    expect(withoutRuleGlyphs(w('_|'))).toBeUndefined();
    expect(withoutRuleGlyphs(w('[1]'))?.text).toBe('[1]');
    // The box loses the glyphs' share: 12 characters, 2 cut at the end.
    expect(withoutRuleGlyphs(w('07/21/2015_|'))?.bbox).toEqual([0, 0, 100, 10]);
  });
});

describe('skew, quarter turns and dark bands', () => {
  it('measures a page turned by 1.0° and -0.6° to within 0.1°', async () => {
    for (const angle of [1.0, -0.6]) {
      const img = await grey(await sharp(Buffer.from(proseSvg())).rotate(angle, { background: '#fff' }).png().toBuffer());
      expect(Math.abs(estimatePageSkew(img).degrees - angle)).toBeLessThanOrEqual(0.1);
    }
  });

  it('tells a sideways page from an upright one by where its text lines run', async () => {
    const upright = await grey(await sharp(Buffer.from(proseSvg())).png().toBuffer());
    expect(estimatePageSkew(upright).rowsOverColumns).toBeGreaterThan(1);
    expect(estimatePageSkew(quarterTurn(upright, 1)).rowsOverColumns).toBeLessThan(0.6);
    // Four quarter turns give the page back unchanged.
    expect(Buffer.from(quarterTurn(quarterTurn(quarterTurn(quarterTurn(upright, 1), 1), 1), 1).data).equals(Buffer.from(upright.data))).toBe(true);
  });

  it('finds a dark header band and turns its white letters dark on light', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="100%" height="100%" fill="#fff"/><rect x="40" y="40" width="500" height="44" fill="#1f3f7f"/><text x="60" y="72" font-family="DejaVu Sans" font-size="24" fill="#fff">Pump Hours Status</text><text x="60" y="150" font-family="DejaVu Sans" font-size="24">P-101 1,200 OK</text></svg>`;
    const img = await grey(await sharp(Buffer.from(svg)).png().toBuffer());
    const [band, ...rest] = darkBands(img);
    expect(rest).toHaveLength(0);
    expect(band![0]).toBeGreaterThanOrEqual(38);
    expect(band![0]).toBeLessThanOrEqual(42);
    expect(band![1]).toBeGreaterThanOrEqual(38);
    expect(band![3]).toBeLessThanOrEqual(86);
    invertDarkBands(img);
    // The band is light now, its letters dark; the black text below is untouched.
    expect(img.data[45 * 600 + 300]!).toBeGreaterThan(150);
    expect(darkBands(img)).toHaveLength(0);
  });

  it("reads tesseract's OSD report as clockwise quarter turns", () => {
    expect(parseOsd('Page number: 0\nOrientation in degrees: 270\nRotate: 90\nOrientation confidence: 5.2\n')).toBe(1);
    expect(parseOsd('Rotate: 270\nOrientation confidence: 3\n')).toBe(3);
    expect(parseOsd('Rotate: 180\nOrientation confidence: 0.4\n')).toBeUndefined();
  });
});

describe('rules painted out, boxes moved', () => {
  it("keeps a descender that rests on a rule, and nothing of the rules or where they cross", () => {
    const width = 120;
    const img: GreyPixels = { data: new Uint8Array(width * 60).fill(255), width, height: 60 };
    const ink = (x: number, y: number): void => void (img.data[y * width + x] = 0);
    for (let x = 0; x < width; x++) for (const y of [30, 31]) ink(x, y); // a rule 2 px thick
    for (let y = 0; y < 60; y++) for (const x of [90, 91]) ink(x, y); // a vertical rule crossing it
    for (let y = 15; y <= 31; y++) for (const x of [40, 41]) ink(x, y); // a glyph's tail reaching into the rule
    eraseRules(img, [
      { x0: 0, y0: 30.5, x1: width - 1, y1: 30.5, width: 2 },
      { x0: 90.5, y0: 0, x1: 90.5, y1: 59, width: 2 },
    ]);
    const at = (x: number, y: number): number => img.data[y * width + x]!;
    expect([at(40, 30), at(41, 31)]).toEqual([0, 0]); // the tail is whole
    expect([at(10, 30), at(70, 31), at(90, 31), at(91, 10), at(90, 50)]).toEqual([255, 255, 255, 255, 255]);
  });

  it('moves a box read on the page as scanned to where straightening puts its ink', () => {
    const width = 400;
    const height = 300;
    const img: GreyPixels = { data: new Uint8Array(width * height).fill(255), width, height };
    for (let y = 40; y < 50; y++) for (let x = 300; x < 340; x++) img.data[y * width + x] = 0;
    const turned = rotateGrey(img, -1.1);
    let [sx, sy, n] = [0, 0, 0];
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (turned.data[y * width + x]! < 128) [sx, sy, n] = [sx + x + 0.5, sy + y + 0.5, n + 1];
    const box = straightened([{ text: 'w', bbox: [300, 40, 340, 50], words: [{ text: 'w', bbox: [300, 40, 340, 50], confidence: 1 }] }], img, -1.1)[0]!.words[0]!.bbox;
    expect(Math.abs((box[0] + box[2]) / 2 - sx / n)).toBeLessThan(0.6);
    expect(Math.abs((box[1] + box[3]) / 2 - sy / n)).toBeLessThan(0.6);
    expect(box[2] - box[0]).toBe(40);
  });
});

describe.skipIf(!nativeAvailable)('scanned pages read by native tesseract', () => {
  let engine: NativeTesseractEngine;
  beforeAll(async () => {
    engine = await NativeTesseractEngine.create({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('a ruled, shaded table scanned 0.9° askew: every row is read, rules are found and never read as text', async () => {
    const scan = await scanLike(Buffer.from(ruledTableSvg()), { angle: 0.9, blur: 0.5, noise: 8, jpegQuality: 70, dpi: 200 }, rng(7));
    const page = await readScannedPage(await grey(scan), engine);
    expect(Math.abs(page.skew - 0.9)).toBeLessThanOrEqual(0.15);
    const read = page.lines.flatMap((l) => l.words.map((w) => w.text));
    expect(read.filter((t) => /[|[\]_]/.test(t))).toEqual([]);
    const all = wordsOf(read.join(' '));
    for (const row of ROWS) {
      const want = wordsOf(row.join(' '));
      // Every word of every row is read (a narrow column of numbers is not dropped) ...
      const missing = want.filter((w) => !all.includes(w));
      expect(missing, `row "${row.join(' | ')}"`).toEqual([]);
      // ... and on one text line: a row's cells are not scattered over column blocks.
      const line = page.lines.find((l) => l.text.includes(row[0]!));
      expect(wordsOf(line?.text ?? ''), `the line of the row ${row[0]}`).toEqual(want);
    }
    const horizontal = page.rules.filter((s) => s.y0 === s.y1 && s.x1 - s.x0 > 1000);
    const vertical = page.rules.filter((s) => s.x0 === s.x1 && s.y1 - s.y0 > 200);
    expect(horizontal.length).toBeGreaterThanOrEqual(ROWS.length + 1);
    expect(vertical.length).toBeGreaterThanOrEqual(XS.length);
  }, 60_000);

  it('a skewed page with nothing to paint out is read as scanned, its boxes on the straightened ink', async () => {
    const scan = await scanLike(Buffer.from(proseSvg()), { angle: 1.1, blur: 0.4, noise: 6, jpegQuality: 80, dpi: 200 }, rng(5));
    const page = await readScannedPage(await grey(scan), engine);
    expect(Math.abs(page.skew - 1.1)).toBeLessThanOrEqual(0.15);
    const words = page.lines.flatMap((l) => l.words);
    expect(wordsOf(words.map((w) => w.text).join(' '))).toEqual(wordsOf(PROSE.join(' ')));
    // Each box covers its word's ink in the stored, straightened page: dark pixels fill a good part of it.
    for (const w of words) {
      const [x0, y0, x1, y1] = w.bbox.map(Math.round) as [number, number, number, number];
      let dark = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (page.img.data[y * page.img.width + x]! < 128) dark++;
      expect(dark / ((x1 - x0) * (y1 - y0)), w.text).toBeGreaterThan(0.12);
    }
  }, 60_000);

  it('a page scanned sideways is turned upright before it is read', async () => {
    const sideways = await scanLike(await sharp(Buffer.from(proseSvg())).rotate(90).png().toBuffer(), { angle: 0.5, blur: 0.4, noise: 6, jpegQuality: 80, dpi: 200 }, rng(3));
    const page = await readScannedPage(await grey(sideways), engine);
    expect(page.turns).toBe(3);
    expect(page.img.width).toBeGreaterThan(page.img.height);
    const read = wordsOf(page.lines.map((l) => l.text).join(' '));
    const want = wordsOf(PROSE.join(' '));
    expect(want.filter((w) => read.includes(w)).length / want.length).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
