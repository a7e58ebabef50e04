// A report that names an asset at the foot of one page and goes on with "It ..." / "Its ..." atop
// the next: those sentences are about the asset named last on the page before. Made-up assets.
import { describe, expect, it } from 'vitest';
import { passageOf } from '../../../src/qa/answering.js';
import { subjectAtEnd } from '../../../src/providers/answer/subject.js';
import type { BBox } from '../../../src/pipeline/types.js';
import type { PassageLine } from '../../../src/providers/answer/types.js';
import { ExtractiveEngine } from '../../../src/providers/answer/extractive.js';

const box = (i: number): BBox => [72, 100 + i * 20, 500, 116 + i * 20];
const lines = (texts: string[]): PassageLine[] => texts.map((text, i) => ({ text, bbox: box(i) }));

describe('the subject carried over a page break', () => {
  it('is the first name of the last line naming one on the page before', () => {
    expect(subjectAtEnd(lines(['Fan QT-12', 'Fan QT-12 weighs 400 kg.', 'It was bought in 2001.']))).toBe('Fan QT-12');
    expect(subjectAtEnd(lines(['Capacity figures follow.']))).toBeNull();
  });

  it('answers from an "It ..." sentence atop the next page', async () => {
    const page1 = lines(['Mixer VR-318', 'Mixer VR-318 (design life 30 years) has no standby unit.', 'It was bought for 610,000 euros.']);
    const page2 = lines(['Its design pressure is 27 bar.', 'It is sited at Holmvik.', 'For reference only: Mixer VR-390 has a design pressure of 12 bar.']);
    const pages = new Map([['d:1', page1], ['d:2', page2]]);
    const passage = passageOf({ documentId: 'd', pageNumber: 2, kind: 'text', text: page2.map((l) => l.text).join('\n'), bboxes: page2.map((l) => l.bbox!) }, pages);
    expect(passage.carriedSubject).toBe('Mixer VR-318');
    const engine = new ExtractiveEngine();
    const ask = async (question: string): Promise<string> => {
      const plan = (await engine.plan(question)).value;
      const evidences = (await engine.read(question, plan, passage)).value.map((e, i) => ({ ...e, id: i + 1 }));
      return (await engine.answer(question, evidences, 'concise')).value.text;
    };
    expect(await ask('Where is Mixer VR-318 located?')).toBe('Holmvik');
    expect(await ask('What is the design pressure of Mixer VR-318?')).toBe('27 bar');
  });
});
