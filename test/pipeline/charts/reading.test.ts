// The chart reader's text and colour steps on small drawn pictures: unread text found and mapped
// back from the OCR sheet, text kept whole across gridlines, serif baselines and crossing letters
// not taken for rules and ticks, legend pairing, and a palette's light tint kept as a colour.
import { describe, expect, it } from 'vitest';
import { findAxis, toValue } from '../../../src/pipeline/charts/axes.js';
import { layoutSheet, trusted, unreadText, wordsFromSheet } from '../../../src/pipeline/charts/crops.js';
import { findLegend, findRules, withoutRules, type Component } from '../../../src/pipeline/charts/marks.js';
import { clusterColours, type Raster, type Rgb } from '../../../src/pipeline/charts/raster.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const WHITE: Rgb = [255, 255, 255];

function canvas(width: number, height: number, bg: Rgb = WHITE): Raster {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(bg, 3 * i);
  return { width, height, rgb };
}

function fill(r: Raster, x0: number, y0: number, x1: number, y1: number, c: Rgb): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) r.rgb.set(c, 3 * (y * r.width + x));
}

const at = (r: Raster, x: number, y: number): number[] => Array.from(r.rgb.subarray(3 * (y * r.width + x), 3 * (y * r.width + x) + 3));

const phrase = (text: string, bbox: BBox, value: number | null = null): Phrase => ({ text, bbox, words: [], value, percent: false });

describe('unread text from crops', () => {
  it('finds dark glyphs no word covers, lays them out on one sheet and maps sheet words back', () => {
    const r = canvas(200, 100);
    // "word" of three glyphs at (20..44, 40..52); a covered one further right; a swatch frame.
    for (const x of [20, 29, 38]) fill(r, x, 40, x + 6, 52, [30, 30, 30]);
    fill(r, 120, 40, 130, 52, [30, 30, 30]);
    fill(r, 160, 40, 172, 52, [30, 30, 30]);
    fill(r, 162, 42, 170, 50, [230, 40, 40]);
    const covered = new Uint8Array(200 * 100);
    for (let y = 38; y < 54; y++) for (let x = 118; x < 132; x++) covered[y * 200 + x] = 1;
    const { boxes, glyphs } = unreadText(r.rgb, 200, 100, WHITE, covered, 12, () => true);
    expect(boxes).toEqual([[20, 40, 44, 52]]);
    expect(glyphs[46 * 200 + 22]).toBe(1);
    expect(glyphs[46 * 200 + 165]).toBe(0);
    const layout = layoutSheet(r.rgb, 200, 100, WHITE, boxes, glyphs, 12);
    const s = layout.slots[0]!;
    // Text on the sheet is scaled to about 28 px; a word read over the whole slot maps back onto the box.
    expect(s.h).toBeGreaterThan(28);
    const words = wordsFromSheet({ source: 'ocr', lines: [{ text: 'abc', bbox: [s.x, s.y, s.x + s.w, s.y + s.h], words: [{ text: 'abc', bbox: [s.x, s.y, s.x + s.w, s.y + s.h], confidence: 0.9 }] }] }, layout);
    expect(words).toHaveLength(1);
    const b = words[0]!.bbox;
    expect(b[0]).toBeLessThanOrEqual(20);
    expect(b[2]).toBeGreaterThanOrEqual(44);
    expect(b[1]).toBeLessThanOrEqual(40);
    expect(b[3]).toBeGreaterThanOrEqual(52);
  });

  it('trusts numbers and clean words, not a swatch read into a word', () => {
    expect(trusted({ text: '−200', bbox: [0, 0, 1, 1], confidence: 0.9 })).toBe(true);
    expect(trusted({ text: 'Team', bbox: [0, 0, 1, 1], confidence: 0.9 })).toBe(true);
    expect(trusted({ text: "—Or'r", bbox: [0, 0, 1, 1], confidence: 0.9 })).toBe(false);
    expect(trusted({ text: 'Sales', bbox: [0, 0, 1, 1], confidence: 0.6 })).toBe(false);
  });
});

describe('rules and text', () => {
  it('bridges dark text across a light gridline instead of cutting it', () => {
    const r = canvas(60, 40);
    fill(r, 0, 20, 60, 21, [221, 221, 221]); // gridline
    fill(r, 30, 10, 32, 30, [20, 20, 20]); // a letter's stem across it
    const mask = new Uint8Array(60 * 40);
    mask.fill(1, 20 * 60, 21 * 60);
    const out = withoutRules(r.rgb, mask, [255, 255, 255], 60);
    expect(at({ ...r, rgb: out }, 30, 20)[0]).toBeLessThan(60);
    expect(at({ ...r, rgb: out }, 10, 20)).toEqual([255, 255, 255]);
  });

  it('keeps a serif baseline and letters crossing a gridline as text, and masks a tick on the axis', () => {
    const r = canvas(200, 120);
    // Axis line and a tick left of it.
    fill(r, 40, 10, 41, 110, [0, 0, 0]);
    fill(r, 35, 60, 40, 61, [0, 0, 0]);
    // Serif "word": stems 10 px tall every 4 px whose feet join along one row.
    for (let x = 120; x < 160; x += 4) fill(r, x, 20, x + 1, 30, [20, 20, 20]);
    fill(r, 119, 29, 161, 30, [20, 20, 20]);
    // A gridline through a letter's stem.
    fill(r, 41, 80, 200, 81, [200, 200, 200]);
    fill(r, 100, 75, 101, 85, [20, 20, 20]);
    const rules = findRules(clusterColours(r), 200, 120, r.rgb);
    const masked = (x: number, y: number): boolean => rules.mask[y * 200 + x] === 1;
    expect(masked(40, 50)).toBe(true);
    expect(masked(37, 60)).toBe(true);
    expect(masked(140, 29)).toBe(false);
    expect(rules.horizontal.some((h) => h.y === 29)).toBe(false);
    expect(masked(150, 80)).toBe(true);
    expect(masked(100, 76)).toBe(false);
    expect(masked(100, 83)).toBe(false);
  });
});

describe('axes', () => {
  it('fits the ticks that agree, not the two flush labels at the axis ends', () => {
    // Ticks every 54 px from -150 at x = 79; the first and last labels are drawn flush with the
    // ends of the axis (their centres 20 px inside), and one label is missing.
    const xs = [100, 240 - 54 - 1, 294, 348, 402, 456, 510, 564, 618, 792];
    const vs = [-150, -50, 50, 100, 150, 200, 250, 300, 350, 550];
    const ps = xs.map((x, i) => phrase(String(vs[i]), [x - 10, 519, x + 10, 531], vs[i]));
    const axis = findAxis(ps, 'x')!;
    expect(axis.labels.map((l) => l.value)).not.toContain(-150);
    expect(axis.labels.map((l) => l.value)).not.toContain(550);
    expect(Math.abs(toValue(axis, 78) + 150)).toBeLessThan(2);
  });
});

describe('legend', () => {
  const comp = (cluster: number, bbox: BBox, area?: number): Component => ({ cluster, bbox, area: area ?? (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), pixels: new Int32Array(0) });

  it('pairs each colour with one name, numbers only beside a column of swatches', () => {
    const comps = [comp(0, [300, 20, 310, 30]), comp(1, [300, 40, 310, 50]), comp(2, [300, 60, 310, 70])];
    const ps = [phrase('2021', [314, 19, 340, 31], 2021), phrase('2022', [314, 39, 340, 51], 2022), phrase('Other', [314, 59, 345, 71])];
    const legend = findLegend(comps, ps, 12, new Set([0, 1, 2]), new Set(), [0, 0, 400, 200]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, '2021'], [1, '2022'], [2, 'Other']]);
    // Alone inside the plot, a number beside a small mark is a value label, not a series name.
    const lone = findLegend([comp(0, [100, 20, 110, 30])], [phrase('42', [114, 19, 130, 31], 42)], 12, new Set([0]), new Set(), [0, 0, 400, 200]);
    expect(lone).toEqual([]);
  });

  it('gives a name to the solid swatch, not to the rim of another one in a paler cluster', () => {
    // Cluster 1's ring round cluster 0's swatch is closer to the word than cluster 1's own swatch.
    const comps = [comp(0, [301, 21, 309, 29]), comp(1, [300, 20, 310, 30], 36), comp(1, [300, 40, 310, 50])];
    const ps = [phrase('Team B', [312, 19, 350, 31]), phrase('Men', [312, 39, 340, 51])];
    const legend = findLegend(comps, ps, 12, new Set([0, 1]), new Set(), [0, 0, 280, 200]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, 'Team B'], [1, 'Men']]);
  });

  it('strips a swatch OCR read into the name', () => {
    const legend = findLegend([comp(0, [300, 20, 310, 30])], [phrase('—Online', [312, 19, 360, 31])], 12, new Set([0]), new Set(), [0, 0, 280, 200]);
    expect(legend[0]?.name).toBe('Online');
  });
});

describe('colours', () => {
  it("keeps a palette's light tint as a colour of its own when it fills marks", () => {
    const r = canvas(200, 100);
    fill(r, 10, 10, 90, 90, [76, 120, 168]); // dark blue
    fill(r, 110, 10, 190, 90, [158, 202, 233]); // its light pair (tableau20)
    const cl = clusterColours(r);
    expect(cl.centres).toHaveLength(2);
    expect(cl.label[50 * 200 + 150]).not.toBe(cl.label[50 * 200 + 50]);
  });
});
