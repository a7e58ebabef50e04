// Multi-part questions through the offline engine (issue 15, train4 and train4b): every part is
// answered about the asset the question names, and a "which company" part is not answered with
// the responsible engineer's name.
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../src/providers/answer/extractive.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { Passage } from '../../../src/providers/answer/types.js';

const box = (i: number): BBox => [72, 100 + i * 20, 500, 116 + i * 20];
const page = (sentences: string[]): Passage => {
  const lines = sentences.map((text, i) => ({ text, bbox: box(i) }));
  return { documentId: 'd', pageNumber: 2, kind: 'text', lines, pageLines: lines };
};
const FILE = page([
  'Pump F-29 was installed in 2011.',
  'The installation contractor for Pump F-29 was Norrland Mechanical.',
  'The engineer responsible for Pump F-29 and its installation is Greta Lindqvist.',
  'Pump F-29 moves 310 m3/h at its design point.',
  'For comparison, Pump K-31 at the Holvik plant moves 95 m3/h at its design point.',
  'Pump F-29 weighs 1,240 kg.',
  'The efficiency of Pump F-29 is 81%.',
]);

async function answer(question: string): Promise<string> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const evidences = (await engine.read(question, plan, FILE)).value.map((e, i) => ({ ...e, id: i + 1 }));
  return (await engine.answer(question, evidences, 'concise')).value.text;
}

describe('multi-part questions, offline engine', () => {
  it.each([
    ['When and by whom was Pump F-29 installed?', '2011; Norrland Mechanical'],
    ['Which company installed Pump F-29 and when?', 'Norrland Mechanical; 2011'],
    ['What are the weight and efficiency of Pump F-29?', '1,240 kg; 81%'],
    ['How heavy and how efficient is Pump F-29?', '1,240 kg; 81%'],
    ['How heavy is Pump F-29; how many m3 per hour does it deliver?', '1,240 kg; 310 m3/h'],
    ['How heavy is Pump F-29? And the year of its installation?', '1,240 kg; 2011'],
    ['How efficient is Pump F-29 - also, who was its installer?', '81%; Norrland Mechanical'],
    ['Which contractor was responsible for installing Pump F-29?', 'Norrland Mechanical'],
  ])('%s -> %s', async (q, want) => {
    expect(await answer(q)).toBe(want);
  });
});
