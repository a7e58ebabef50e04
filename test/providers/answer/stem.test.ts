// Inflections in offline answers: Porter stems on both sides, so a plural question meets a
// singular sentence (issue 20: "buildings" used to become "building" but "building" "build").
import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../src/providers/answer/extractive.js';
import { stem, terms } from '../../../src/providers/answer/text.js';
import type { Passage } from '../../../src/providers/answer/types.js';

describe('offline stemming', () => {
  it('folds inflections as the Porter algorithm does and leaves short words whole', () => {
    expect(['buildings', 'building', 'built'].map(stem)).toEqual(['build', 'build', 'built']);
    expect(['seed', 'need', 'employed', 'employs'].map(stem)).toEqual(['seed', 'need', 'emploi', 'emploi']);
    expect(['2019', 'q1', '3.5%'].map(stem)).toEqual(['2019', 'q1', '3.5%']);
    expect(terms('How many buildings does the campus have?')).toEqual(['build', 'campu']);
  });

  it('answers a plural question from a singular sentence', async () => {
    const engine = new ExtractiveEngine();
    const question = 'How many buildings does the campus have?';
    const passage: Passage = { documentId: 'd', pageNumber: 1, kind: 'text', lines: [{ text: 'The campus has one building.', bbox: [0, 0, 100, 10] }], pageLines: [] };
    const plan = (await engine.plan(question)).value;
    const read = await engine.read(question, plan, passage);
    const answer = await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise');
    expect(answer.value.not_found).toBe(false);
    expect(answer.value.text).toBe('one');
  });
});
