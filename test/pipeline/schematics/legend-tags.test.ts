// Rules of schematic detection on masks and text drawn here (no OCR): legend columns whose left
// edges drift by a pixel or two, columns broken by one tall row, a short last column of a table
// laid out in columns, a picture read as text; the sheet's frame told from
// a drawing joined to it; touching instrument letters stacked over their number; touching and
// filled-in letters kept in their line; a pump's lobes read as letters are not its tag.
import { describe, expect, it } from 'vitest';
import { frameComponents, inkShareOf } from '../../../src/pipeline/schematics/border.js';
import { cleanLabel, findLegend } from '../../../src/pipeline/schematics/legend.js';
import { components, type Mask } from '../../../src/pipeline/schematics/raster.js';
import { assignTags, tagText } from '../../../src/pipeline/schematics/tags.js';
import { harmonise, textGroups } from '../../../src/pipeline/schematics/text.js';
import type { TextItem } from '../../../src/pipeline/schematics/types.js';
import type { BBox } from '../../../src/pipeline/types.js';

function canvas(w: number, h: number): Mask {
  return { data: new Uint8Array(w * h), width: w, height: h };
}
function rect(m: Mask, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m.data[y * m.width + x] = 1;
}
/** A box outline, `pen` wide. */
function outline(m: Mask, x0: number, y0: number, x1: number, y1: number, pen = 2): void {
  rect(m, x0, y0, x1, y0 + pen);
  rect(m, x0, y1 - pen, x1, y1);
  rect(m, x0, y0, x0 + pen, y1);
  rect(m, x1 - pen, y0, x1, y1);
}
const label = (text: string, box: BBox): TextItem => ({ text, box, confidence: 0.95, members: [] });

const TH = 17;

describe('legend columns', () => {
  it('keeps rows whose labels start a pixel or two right of the first label', () => {
    const m = canvas(1400, 700);
    const rows: Array<[string, number, number]> = [
      ['Gate valve', 834, 100],
      ['Field instrument', 836, 170],
      ['Ball valve', 835, 240],
      ['Off-page connector', 834, 310],
    ];
    const items = [label('Legend', [824, 40, 900, 57])];
    for (const [text, x, y] of rows) {
      outline(m, x - 120, y - 18, x - 70, y + 18);
      items.push(label(text, [x, y - 8, x + 8 * text.length, y + 9]));
    }
    const found = findLegend(items, components(m), TH, 3);
    expect(found.entries.map((e) => e.label)).toEqual(rows.map((r) => r[0]));
  });

  it('keeps two rows above a tall row with the rest of their column', () => {
    const m = canvas(900, 1400);
    const rows: Array<[string, number, number]> = [
      ['Spectacle blind', 30, 10],
      ['Plate heat exchanger', 110, 60],
      // Far below: the rows in between hold a tall vessel's picture.
      ['Needle valve', 520, 10],
      ['Orifice plate', 590, 10],
      ['Gate valve', 660, 10],
    ];
    const items: TextItem[] = [];
    for (const [text, y, half] of rows) {
      const h = Math.max(18, half);
      outline(m, 300, y + 8 - h, 360, y + 8 + h);
      items.push(label(text, [400, y, 400 + 8 * text.length, y + 17]));
    }
    const found = findLegend(items, components(m), TH, 3);
    expect(found.entries.map((e) => e.label)).toEqual(rows.map((r) => r[0]));
  });

  it('passes over a speck between a picture and its label, and spells misread label words', () => {
    const m = canvas(1400, 700);
    const rows: Array<[string, number, number]> = [
      ['Gate valve', 834, 100],
      ['Ptug valve', 834, 170],
      ['Ball valve', 834, 240],
    ];
    const items: TextItem[] = [];
    for (const [text, x, y] of rows) {
      outline(m, x - 120, y - 18, x - 70, y + 18);
      items.push(label(text, [x, y - 8, x + 8 * text.length, y + 9]));
    }
    // A scan's speck, nearer the label than the picture, too far from it to join it.
    rect(m, 834 - 16, 170 + 8, 834 - 8, 170 + 15);
    const found = findLegend(items, components(m), TH, 3);
    expect(found.entries.map((e) => e.label)).toEqual(['Gate valve', 'Plug valve', 'Ball valve']);
    expect(found.entries[1]!.symbol).toEqual([714, 152, 764, 188]);
  });
});

describe('legend pictures drawn in spaced parts', () => {
  it('takes a picture whose parts lie farther apart than a letter gap whole, not its last bar alone', () => {
    const m = canvas(900, 400);
    const rows: Array<[string, number]> = [
      ['Gate valve', 60],
      ['Butterfly valve', 140],
      ['Check valve', 220],
    ];
    const items: TextItem[] = [];
    for (const [text, y] of rows) items.push(label(text, [400, y - 8, 400 + 8 * text.length, y + 9]));
    outline(m, 250, 40, 310, 80);
    outline(m, 250, 200, 310, 240);
    // "| O |": two bars 40 pixels (2.4 text heights) either side of a ring.
    rect(m, 230, 115, 234, 165);
    rect(m, 326, 115, 330, 165);
    outline(m, 268, 125, 292, 155);
    const found = findLegend(items, components(m), TH, 3);
    const butterfly = found.entries.find((e) => e.label === 'Butterfly valve');
    expect(butterfly?.symbol).toEqual([230, 115, 330, 165]);
    // A picture of parts a letter gap apart keeps its own box.
    expect(found.entries.find((e) => e.label === 'Gate valve')?.symbol).toEqual([250, 40, 310, 80]);
  });
});

describe('legend tables laid out in columns', () => {
  it('keeps a last column of two rows beside full columns, within their span', () => {
    const m = canvas(1600, 500);
    const items: TextItem[] = [];
    const cols: Array<[number, string[]]> = [
      [200, ['Plug valve', 'Globe valve', 'Heat exchanger']],
      [650, ['Compressor', 'Centrifugal pump', 'Control valve']],
      [1100, ['Panel instrument', 'Blower']],
    ];
    for (const [x, labels] of cols) labels.forEach((text, i) => {
      const y = 100 + 80 * i;
      outline(m, x - 110, y - 25, x - 60, y + 25);
      items.push(label(text, [x, y - 8, x + 8 * text.length, y + 9]));
    });
    const found = findLegend(items, components(m), TH, 3);
    expect(found.entries.map((e) => e.label).sort()).toEqual(cols.flatMap((c) => c[1]).sort());
    // Two labelled pictures far from any legend column are no legend.
    const apart = findLegend(items.slice(6).map((i) => ({ ...i, box: [i.box[0], i.box[1] + 300, i.box[2], i.box[3] + 300] as BBox })), components(m), TH, 3);
    expect(apart.entries).toEqual([]);
  });

  it("takes a row's picture read as text (a butterfly valve's bars and disc as 'Is|') for the picture", () => {
    const m = canvas(900, 500);
    const items: TextItem[] = [];
    const rows = ['Gate valve', 'Butterfly valve', 'Ball valve'];
    rows.forEach((text, i) => {
      const y = 100 + 80 * i;
      if (i === 1) {
        // Two bars and a disc, each as tall as a letter.
        rect(m, 300, y - 10, 303, y + 10);
        outline(m, 308, y - 8, 322, y + 8, 3);
        rect(m, 327, y - 10, 330, y + 10);
      } else outline(m, 290, y - 25, 340, y + 25);
      items.push(label(text, [400, y - 8, 400 + 8 * text.length, y + 9]));
    });
    const cc = components(m);
    const picture: TextItem = { text: 'Is|', box: [300, 170, 330, 190], confidence: 0.52, members: [cc.labels[175 * m.width + 301]!, cc.labels[172 * m.width + 309]!, cc.labels[175 * m.width + 328]!] };
    const found = findLegend([...items, picture], cc, TH, 3);
    expect(found.entries.map((e) => e.label)).toEqual(rows);
    expect(found.entries[1]!.symbol).toEqual([300, 170, 330, 190]);
    expect(found.pictureText).toEqual([picture]);
  });
});

describe("the sheet's frame", () => {
  it('is a component round the sheet with its ink along its sides; a match on its double rule is mostly frame', () => {
    const m = canvas(1000, 700);
    outline(m, 10, 10, 990, 690, 2);
    outline(m, 40, 40, 960, 660, 3);
    // Zone ticks join the two rules into one component.
    for (let x = 100; x < 990; x += 150) rect(m, x, 10, x + 2, 40);
    // A drawing inside, apart from the frame.
    outline(m, 400, 300, 460, 340);
    const cc = components(m);
    const frame = frameComponents(cc, m.width, m.height);
    expect(frame.size).toBe(1);
    expect(inkShareOf(cc, frame, [300, 20, 380, 60], m.width)).toBeGreaterThan(0.9);
    expect(inkShareOf(cc, frame, [390, 290, 470, 350], m.width)).toBe(0);
  });

  it('is not a drawing whose pipes run into the border', () => {
    const m = canvas(1000, 700);
    outline(m, 10, 10, 990, 690, 2);
    for (let y = 100; y < 650; y += 60) rect(m, 10, y, 990, y + 2);
    for (let x = 100; x < 950; x += 80) outline(m, x, 80, x + 40, 640);
    expect(frameComponents(components(m), m.width, m.height).size).toBe(0);
  });
});

describe('tags', () => {
  it("reads an instrument's touching letters over its number as a line of text", () => {
    const m = canvas(200, 120);
    outline(m, 40, 10, 160, 110, 2);
    // "TT" printed touching (one component, two letters wide) over "302".
    rect(m, 80, 36, 118, 39);
    rect(m, 88, 36, 91, 54);
    rect(m, 106, 36, 109, 54);
    for (const x of [78, 93, 108]) outline(m, x, 64, x + 11, 82, 2);
    const groups = textGroups(components(m), 18);
    expect(groups.map((g) => g.box[1]).sort((a, b) => a - b)).toEqual([36, 64]);
  });

  it('keeps touching and filled-in letters of a scanned line in it, but not a filled mark or a bar alone', () => {
    const m = canvas(400, 120);
    // "B" filled in by blur, then letters, then five letters printed touching (one component,
    // four text heights wide), then letters: one line, flush.
    rect(m, 20, 20, 32, 38);
    for (const x of [36, 52]) outline(m, x, 24, x + 12, 38, 2);
    rect(m, 68, 24, 140, 26);
    for (const x of [68, 84, 100, 116, 130]) rect(m, x, 24, x + 3, 38);
    for (const x of [146, 162]) outline(m, x, 24, x + 12, 38, 2);
    // Apart from any line: a filled square of text height, and a bar of text height, 5 wide.
    rect(m, 250, 80, 262, 98);
    outline(m, 290, 80, 380, 98, 3);
    const groups = textGroups(components(m), 18);
    expect(groups.map((g) => g.box)).toEqual([[20, 20, 174, 38]]);
  });

  it("does not take a pump's lobes read as letters for its tag: the tag beside it is", () => {
    const pump: BBox = [100, 100, 200, 200];
    const lobes = label('OO', [125, 140, 175, 160]);
    const tag = label('P-523', [110, 70, 190, 90]);
    expect(assignTags([pump], [lobes, tag], 50)).toEqual(['P-523']);
    // An instrument's letters and number inside it are its tag.
    expect(assignTags([pump], [label('TT', [135, 125, 165, 142]), label('302', [130, 150, 170, 168]), tag], 50)).toEqual(['TT 302']);
  });
});

describe('tag text', () => {
  it('reads marks OCR puts in a tag the way tags are written', () => {
    expect(tagText('P.844')).toBe('P-844');
    expect(tagText('XV~828')).toBe('XV-828');
    expect(tagText('E.732')).toBe('E-732');
    expect(tagText('Tl 706')).toBe('TI 706');
    expect(tagText('Uy 8298')).toBe('UY 8298');
    expect(tagText('Note 12')).toBe('Note 12');
    expect(tagText('FIC “464')).toBe('FIC 464');
    expect(tagText('5-401')).toBe('S-401');
    expect(tagText('PIC 101.')).toBe('PIC 101');
    expect(tagText('.HV-414')).toBe('HV-414');
    expect(tagText(', FIC 464')).toBe('FIC 464');
    // A zero before the hyphen may be an O or a D: left as read.
    expect(tagText('0-687')).toBe('0-687');
    // Prose without a number is left alone.
    expect(tagText('Flow to tank.')).toBe('Flow to tank.');
    expect(tagText('HV-287')).toBe('HV-287');
  });
});

describe('legend labels', () => {
  it('drops specks read as quotes or dots between words, and keeps apostrophes and initials', () => {
    expect(cleanLabel('DIAPHRAGM ‘VALVE')).toBe('DIAPHRAGM VALVE');
    expect(cleanLabel('Plate heat exchanger’')).toBe('Plate heat exchanger');
    expect(cleanLabel('Gate.valve')).toBe('Gate valve');
    expect(cleanLabel('Plug .valve')).toBe('Plug valve');
    expect(cleanLabel('Operator’s panel')).toBe('Operator’s panel');
    expect(cleanLabel('P.I.D. tag')).toBe('P.I.D. tag');
  });
});

describe("the sheet's own spelling", () => {
  it('evens out a letter misread in a word read only twice elsewhere, and words joined by a speck', () => {
    const read = ['Check vaive', 'Solenoid valve', 'Gate.valve', 'Angle valve'];
    expect(harmonise(read.map((t) => label(t, [0, 0, 10, 10]))).map((i) => i.text)).toEqual(['Check valve', 'Solenoid valve', 'Gate.valve', 'Angle valve']);
    const twice = ['Plug vaive', 'Gate valve', 'Ball valve'];
    expect(harmonise(twice.map((t) => label(t, [0, 0, 10, 10]))).map((i) => i.text)).toEqual(['Plug valve', 'Gate valve', 'Ball valve']);
    // A word one letter longer (a plural) needs the stronger evidence.
    const plural = ['Line', 'Lines', 'Lines'];
    expect(harmonise(plural.map((t) => label(t, [0, 0, 10, 10]))).map((i) => i.text)).toEqual(plural);
  });
});
