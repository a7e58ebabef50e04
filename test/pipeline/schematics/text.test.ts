// The text rules of schematic detection that need no OCR: the sheet's own spelling evened out
// (harmonise), legend labels cleaned of OCR's marks, tags cleaned of OCR's look-alikes; text
// read with little confidence read again larger (with a stand-in OCR).
import { describe, expect, it } from 'vitest';
import { cleanLabel } from '../../../src/pipeline/schematics/legend.js';
import { tagText } from '../../../src/pipeline/schematics/tags.js';
import { prepareSheet } from '../../../src/pipeline/schematics/prepare.js';
import { harmonise, readGroupsTwice, REREAD_HEIGHT } from '../../../src/pipeline/schematics/text.js';
import type { SchematicOcr, TextItem } from '../../../src/pipeline/schematics/types.js';
import type { BBox } from '../../../src/pipeline/types.js';

const item = (text: string): TextItem => ({ text, box: [0, 0, 10, 10], confidence: 0.9, members: [] });

describe('schematic text', () => {
  it("evens out misread words by the sheet's own spelling, round after round", () => {
    const read = ['Gate valve', 'Globe vaive', 'Plug valve', 'Relief valve', 'Needle valve', 'Check valve', 'Control vatve', 'Three-way vatve', 'Vertical vessel'];
    const out = harmonise(read.map(item)).map((i) => i.text);
    expect(out).toEqual(['Gate valve', 'Globe valve', 'Plug valve', 'Relief valve', 'Needle valve', 'Check valve', 'Control valve', 'Three-way valve', 'Vertical vessel']);
    // A word read as often as its neighbour is not taken for a misreading of it.
    expect(harmonise(['Gate valve', 'Gate valves'].map(item)).map((i) => i.text)).toEqual(['Gate valve', 'Gate valves']);
  });

  it('cleans legend labels of marks OCR adds', () => {
    expect(cleanLabel('Shel! and  tube exchanger')).toBe('Shell and tube exchanger');
    expect(cleanLabel('Compressor.')).toBe('Compressor');
    expect(cleanLabel('Field instrument:')).toBe('Field instrument');
    expect(cleanLabel('Off-page connector')).toBe('Off-page connector');
    expect(cleanLabel('P&ID')).toBe('P&ID');
  });

  it("cleans tags of OCR's look-alike signs, and only tags", () => {
    expect(tagText('$-525')).toBe('S-525');
    expect(tagText('£-469')).toBe('E-469');
    expect(tagText('HV -287')).toBe('HV-287');
    expect(tagText('FT 460')).toBe('FT 460');
    expect(tagText('COST $')).toBe('COST $');
  });

  it('reads text it is unsure of again at a larger size and keeps the better reading', async () => {
    // A white page with two dark bars where the text groups are; the stand-in OCR answers each
    // call with one text per group, centred on the group's band of the stacked crops.
    const grey = { data: new Uint8Array(200 * 60).fill(255), width: 200, height: 60 };
    for (const y0 of [10, 40]) for (let y = y0; y < y0 + 12; y++) grey.data.fill(0, y * 200 + 20, y * 200 + 120);
    const sheet = await prepareSheet(grey);
    const groups = [10, 40].map((y) => ({ box: [20, y, 120, y + 12] as BBox, members: [] }));
    // Calls left out (the thin-cut reading, THIN_CUT) answer with nothing.
    const ocrOf = (calls: Array<Array<[string, number]>>): SchematicOcr & { heights: number[]; ink: number[] } => {
      const heights: number[] = [];
      const ink: number[] = [];
      return {
        heights,
        ink,
        readBlock: async (img) => {
          heights.push(img.height);
          ink.push(img.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0));
          const answers = calls[heights.length - 1] ?? [];
          return answers.map(([text, confidence], i) => {
            const cy = ((i + 0.5) * img.height) / answers.length;
            const bbox: BBox = [0, cy - 2, img.width, cy + 2];
            return { text, bbox, words: [{ text, bbox, confidence }] };
          });
        },
      };
    };
    const read = (ocr: SchematicOcr): Promise<string[]> => readGroupsTwice(groups, sheet.cc, sheet.mask, sheet.frame, sheet.original, 12, ocr).then((items) => items.map((i) => i.text));
    // The surer reading, read again larger (REREAD_HEIGHT against 24 pixels a text height).
    const unsure = ocrOf([[['Gate valve', 0.96], ['Angie valve', 0.71]], [['Angle valve', 0.89]]]);
    expect(await read(unsure)).toEqual(['Gate valve', 'Angle valve']);
    expect(unsure.heights[1]! / (unsure.heights[0]! / 2)).toBeGreaterThan((0.8 * REREAD_HEIGHT) / 24);
    expect(await read(ocrOf([[['Gate valve', 0.96], ['Angie valve', 0.71]], [['Angle vaive', 0.6]]]))).toEqual(['Gate valve', 'Angie valve']);
    // The sheet's own words outweigh OCR's confidence, and a tag's shape does too.
    expect(await read(ocrOf([[['Gate valve', 0.96], ['Plug valve', 0.66]], [['Plug vaive', 0.93]]]))).toEqual(['Gate valve', 'Plug valve']);
    expect(await read(ocrOf([[['Gate valve', 0.96], ['D-120', 0.9]], [['0-120', 0.94]]]))).toEqual(['Gate valve', 'D-120']);
    // A group of one component two letters wide (touching letters) is not one character.
    const touching = [{ box: [20, 10, 120, 22] as BBox, members: [1] }, groups[1]!];
    const readTouching = await readGroupsTwice(touching, sheet.cc, sheet.mask, sheet.frame, sheet.original, 12, ocrOf([[['T', 0.76], ['302', 0.96]], [['TT', 0.61]]]));
    expect(readTouching.map((i) => i.text)).toEqual(['TT', '302']);
    // Its confidence as text is the higher of the two readings'.
    expect(readTouching[0]!.confidence).toBe(0.76);
    // A third reading cut thinner: kept when surer ("Filter" where heavy strokes read "Fitter"),
    // but a text read twice counts with its surest reading.
    const thin = ocrOf([[['Gate valve', 0.6], ['Fitter', 0.63]], [['Gate valve', 0.7], ['Fitter', 0.89]], [['Gate valve', 0.65], ['Filter', 0.95]]]);
    expect(await read(thin)).toEqual(['Gate valve', 'Filter']);
    expect(thin.heights[2]).toBe(thin.heights[0]);
    expect(thin.ink[2]!).toBeLessThan(thin.ink[0]!);
    expect(await read(ocrOf([[['Spectacle blind', 0.69], ['D-120', 0.96]], [['Spectacle blind', 0.8]], [['Spectacie blind', 0.79]]]))).toEqual(['Spectacle blind', 'D-120']);
    // Sure readings are not read again.
    const sure = ocrOf([[['Gate valve', 0.96], ['Plug valve', 0.95]]]);
    expect(await read(sure)).toEqual(['Gate valve', 'Plug valve']);
    expect(sure.heights).toHaveLength(1);
  });
});
