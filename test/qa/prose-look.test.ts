// The offline reader's second look at prose passages ranked on their own: only when its answer
// from the fused rankings found nothing, or nothing for a part, over chunks of every kind.
import { describe, expect, it } from 'vitest';
import { wantsProseLook } from '../../src/qa/answering.js';
import { NOT_FOUND_TEXT } from '../../src/providers/answer/index.js';

describe('the second look at prose', () => {
  it('is taken when nothing answered, or nothing answered a part', () => {
    expect(wantsProseLook('offline', 'all', { text: NOT_FOUND_TEXT, not_found: true })).toBe(true);
    expect(wantsProseLook('offline', 'all', { text: 'EUR 461,000; not in the documents', not_found: false })).toBe(true);
  });

  it('is not taken for an answer, for a model, or for a question about one kind of chunk', () => {
    expect(wantsProseLook('offline', 'all', { text: 'EUR 461,000; Kenbomo', not_found: false })).toBe(false);
    expect(wantsProseLook('openai', 'all', { text: NOT_FOUND_TEXT, not_found: true })).toBe(false);
    expect(wantsProseLook('offline', 'table', { text: NOT_FOUND_TEXT, not_found: true })).toBe(false);
  });
});
