// The text rules of schematic detection that need no OCR: the sheet's own spelling evened out
// (harmonise), legend labels cleaned of OCR's marks, tags cleaned of OCR's look-alikes.
import { describe, expect, it } from 'vitest';
import { cleanLabel } from '../../../src/pipeline/schematics/legend.js';
import { tagText } from '../../../src/pipeline/schematics/tags.js';
import { harmonise } from '../../../src/pipeline/schematics/text.js';
import type { TextItem } from '../../../src/pipeline/schematics/types.js';

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
});
