// The offline engine asked one question about one page of placed lines, as the answer service
// does (plan, read, answer concisely): the shared driver of the engine's line-level tests.
import { ExtractiveEngine } from '../../../src/providers/answer/extractive.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';

export async function askLines(question: string, lines: PassageLine[]): Promise<string> {
  const passage: Passage = { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const read = await engine.read(question, plan, passage);
  return (await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}
