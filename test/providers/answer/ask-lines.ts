// The offline engine asked one question about one page, as the answer service does (plan, read,
// answer concisely): the shared driver of the engine's passage- and line-level tests.
import { ExtractiveEngine } from '../../../src/providers/answer/extractive.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';

export async function askPassage(question: string, passage: Passage): Promise<string> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const read = await engine.read(question, plan, passage);
  return (await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}

export async function askLines(question: string, lines: PassageLine[]): Promise<string> {
  return askPassage(question, { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines });
}

/** One page of text lines, one sentence a line, stacked 20 px apart. */
export function pageOf(texts: string[]): Passage {
  const lines = texts.map((text, i): PassageLine => ({ text, bbox: [40, 40 + 20 * i, 400, 50 + 20 * i] }));
  return { documentId: 'd', pageNumber: 1, kind: 'text', lines, pageLines: lines };
}
