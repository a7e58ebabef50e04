// Crossing lines joined into one stroke (src/pipeline/flowcharts/crossings.ts): each head takes the
// tail whose line runs straight on to it, not the nearest one.
import { describe, expect, it } from 'vitest';
import { onStroke, tailsOfHeads } from '../../../src/pipeline/flowcharts/crossings.js';
import type { Contact } from '../../../src/pipeline/flowcharts/connectors.js';

const width = 200;
const contact = (node: number, x: number, y: number, head: boolean): Contact => ({ node, x, y, density: head ? 1.5 : 0.6, head });

/** A horizontal line (y 50, x 10..190) and a vertical one (x 150, y 10..90), 2 pixels thick. */
function cross(): number[] {
  const pixels: number[] = [];
  for (let x = 10; x <= 190; x++) for (const y of [50, 51]) pixels.push(y * width + x);
  for (let y = 10; y <= 90; y++) for (const x of [150, 151]) pixels.push(y * width + x);
  return pixels;
}

describe('tailsOfHeads', () => {
  it('pairs each head with the tail of its own straight line though the other tail is nearer', () => {
    const pixels = cross();
    const tailA = contact(0, 10, 50, false);
    const headA = contact(1, 190, 50, true);
    const tailB = contact(2, 150, 10, false);
    const headB = contact(3, 150, 90, true);
    // Nearness alone would give head A the tail of the vertical line (56 px against 180).
    expect(Math.hypot(headA.x - tailB.x, headA.y - tailB.y)).toBeLessThan(Math.hypot(headA.x - tailA.x, headA.y - tailA.y));
    const from = tailsOfHeads(pixels, [headA, headB], [tailA, tailB], width, 2);
    expect(from.map((t) => t.node)).toEqual([0, 2]);
  });

  it('measures how much of a straight path the stroke covers', () => {
    const set = new Set(cross());
    const has = (x: number, y: number): boolean => set.has(y * width + x);
    expect(onStroke(contact(0, 10, 50, false), contact(1, 190, 50, true), has, 1)).toBe(1);
    expect(onStroke(contact(2, 150, 10, false), contact(1, 190, 50, true), has, 1)).toBeLessThan(0.2);
  });
});
