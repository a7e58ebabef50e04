// The offline engine's pieces without the app: answer spans, key terms, table cells with a run-
// together first column, chart values named by the label under the bar, and token F1.
import { describe, expect, it } from 'vitest';
import { answerSpan, ExtractiveEngine, questionTerms, support } from '../../src/providers/answer/extractive.js';
import { tokenF1 } from '../../src/providers/answer/text.js';
import type { Passage, PassageLine } from '../../src/providers/answer/types.js';

const at = (text: string, x0: number, y0: number, x1: number): PassageLine => ({ text, bbox: [x0, y0, x1, y0 + 20] });

describe('offline extractive engine', () => {
  it('answers with the part of the sentence the question lacks', () => {
    const q = 'What is the capital of Zorbania?';
    expect(answerSpan(q, questionTerms(q), 'The capital of Zorbania is Quellport.')).toBe('Quellport');
    const r = 'What revenue did Varnok Mining reach in 2019?';
    expect(answerSpan(r, questionTerms(r), 'Revenue of Varnok Mining in 2019 reached 412 million euros.')).toBe('412 million euros');
  });

  it('treats names and numbers as key terms that must all be present', () => {
    const q = questionTerms('What is the capital of Blorvia?');
    expect([...q.keys]).toEqual(['blorvia']);
    expect(support(q, 'The capital of Zorbania is Quellport.')).toEqual({ score: 1 / 3, missingKey: true });
    expect(support(q, 'The capital of Blorvia is Quellport.').score).toBe(1);
  });

  it('reads a table cell whose row label ran into the first value, and a chart value', async () => {
    const table = [
      at('Table 3: Output by site', 150, 100, 500),
      at('Site', 150, 140, 200), at('Q1', 340, 140, 360), at('Q2', 530, 140, 550),
      at('Zanbrigre Works 144', 150, 180, 370), at('57', 530, 180, 550),
    ];
    const passage: Passage = { documentId: 'd', pageNumber: 2, kind: 'text', lines: table, pageLines: table };
    const engine = new ExtractiveEngine();
    const plan = (await engine.plan('x')).value;
    const q1 = await engine.read('What was the Q1 output of Zanbrigre Works?', plan, passage);
    expect(q1.value[0]).toMatchObject({ evidence: 'Zanbrigre Works, Q1: 144 (Table 3: Output by site)', span: '144', pageNumber: 2 });
    const q2 = await engine.read('What was the Q2 output of Zanbrigre Works?', plan, passage);
    expect(q2.value[0]?.span).toBe('57');

    const chart = [at('Figure 1: Staff by region', 150, 100, 400), at('87', 210, 300, 230), at('45', 380, 500, 400), at('Alpha', 200, 700, 260), at('Beta', 370, 700, 420)];
    const c = await engine.read('How many staff are in region Beta?', plan, { ...passage, lines: chart, pageLines: chart });
    expect(c.value[0]).toMatchObject({ span: '45', evidence: 'Beta: 45 (Figure 1: Staff by region)' });
    const answer = await engine.answer('How many staff are in region Beta?', c.value.map((e, i) => ({ ...e, id: i + 10 })), 'concise');
    expect(answer.value).toEqual({ text: '45', citations: [10], supported: true, not_found: false, engine: 'offline', model: null });
    const none = await engine.answer('How many staff are in region Gamma?', [], 'concise');
    expect(none.value.not_found).toBe(true);
  });

  it('scores token F1 as SQuAD does', () => {
    expect(tokenF1('the Quellport', 'Quellport')).toBe(1);
    expect(tokenF1('412 million', '412 million euros')).toBeCloseTo(0.8, 5);
    expect(tokenF1('1,200', '1200')).toBe(1);
    expect(tokenF1('Berlin', 'Quellport')).toBe(0);
  });
});
