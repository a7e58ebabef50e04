// Type size from word widths (mind maps find their central topic by it).
import { describe, expect, it } from 'vitest';
import { emWidth, typeSizeOf } from '../../../src/pipeline/flowcharts/type-size.js';
import type { Word } from '../../../src/pipeline/types.js';

const word = (text: string, width: number): Word => ({ text, bbox: [0, 0, width, 10], confidence: 1 });

describe('typeSizeOf', () => {
  it('narrow letters do not make a word look set in smaller type', () => {
    // Both set at 20 px per em: "Hiring" is narrow (i, r), "Demo" wide.
    const hiring = typeSizeOf([word('Hiring', 20 * emWidth('Hiring'))]);
    const demo = typeSizeOf([word('Demo', 20 * emWidth('Demo'))]);
    expect(hiring).toBeCloseTo(20, 5);
    expect(demo).toBeCloseTo(20, 5);
    // Per character, the same type would differ by almost half.
    expect(20 * emWidth('Hiring') / 6).toBeLessThan(0.75 * (20 * emWidth('Demo') / 4));
  });

  it('reads a line the same whether its words have their own boxes or all share the line box', () => {
    const em = emWidth('Email list');
    const own = typeSizeOf([
      { text: 'Email', bbox: [0, 0, 20 * emWidth('Email'), 10], confidence: 1 },
      { text: 'list', bbox: [20 * emWidth('Email '), 0, 20 * em, 10], confidence: 1 },
    ]);
    const shared = typeSizeOf([
      { text: 'Email', bbox: [0, 0, 20 * em, 10], confidence: 1 },
      { text: 'list', bbox: [0, 0, 20 * em, 10], confidence: 1 },
    ]);
    expect(own).toBeCloseTo(20, 5);
    expect(shared).toBeCloseTo(20, 5);
  });

  it('takes the median over lines and is 0 without any word', () => {
    const line = (text: string, size: number, y: number): Word => ({ text, bbox: [0, y, size * emWidth(text), y + 10], confidence: 1 });
    expect(typeSizeOf([line('Q1', 12, 0), line('review', 16, 20), line('plan', 16, 40)])).toBeCloseTo(16, 5);
    expect(typeSizeOf([])).toBe(0);
    expect(typeSizeOf([word('', 30)])).toBe(0);
  });
});
