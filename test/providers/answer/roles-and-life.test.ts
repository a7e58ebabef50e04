// Roles said by a question against those a statement says (issue 15, the 15t regressions): a
// year asked of a price, a service life asked as how long the asset stays usable.
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine, NOT_FOUND_TEXT } from '../../../src/providers/answer/extractive.js';
import type { Passage } from '../../../src/providers/answer/types.js';

async function ask(question: string, sentences: string[]): Promise<string> {
  const lines = sentences.map((text, i) => ({ text, bbox: [72, 700 - 14 * i, 500, 710 - 14 * i] as [number, number, number, number] }));
  const passage: Passage = { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const read = await engine.read(question, plan, passage);
  return (await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}

describe('roles', () => {
  const crane = ['Crane E-55 was bought for EUR 414,000.', 'Crane E-55 was installed in 1978.', 'The rated power of Crane E-55 is 389 kW.'];

  it('answers the year asked of a price from the asset\'s only year', async () => {
    expect(await ask('How much did Crane E-55 cost, and in which year?', crane)).toBe('EUR 414,000; 1978');
  });

  it('still tells one act from another: the installer is no maker', async () => {
    expect(await ask('Which company manufactured Pump F-29?', ['Pump F-29 was installed by Norrland Mechanical.'])).toBe(NOT_FOUND_TEXT);
  });
});

describe('service life', () => {
  it('reads "be usable" as how long the asset lasts', async () => {
    expect(await ask('For how many years should Boiler H-40 be usable?', ['The expected service life of Boiler H-40 is 18 years.', 'Boiler H-40 was installed in 2004.'])).toBe('18 years');
  });
});
