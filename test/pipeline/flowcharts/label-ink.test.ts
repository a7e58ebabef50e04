// Issue 13fl: a label's letters touching its line near a decision read as the line's head; read
// again without the ink in the label's box, the head at the far end stands.
import { describe, expect, it } from 'vitest';
import { strokeEdges, type Stroke } from '../../../src/pipeline/flowcharts/connectors.js';
import { labelReach, rereadEdges, withoutLabelInk } from '../../../src/pipeline/flowcharts/label-ink.js';

const W = 60;
const scale = { stroke: 2, glyph: 8 };

/** A vertical line x 20..21 from y 0 (node 0) to y 80 (node 1) with a head at the bottom and a letter blob touching it near the top. */
function branch(): Stroke {
  const pixels: number[] = [];
  for (let y = 0; y <= 80; y++) {
    for (let x = 0; x < W; x++) {
      const line = x >= 20 && x <= 21;
      const head = y >= 72 && Math.abs(x - 20.5) <= (y - 72) / 3 + 1;
      const letter = x >= 22 && x < 32 && y >= 2 && y < 14 && (x + y) % 3 !== 0;
      if (line || head || letter) pixels.push(y * W + x);
    }
  }
  return { pixels, contacts: [{ node: 0, x: 20.5, y: 0, density: 0, head: false }, { node: 1, x: 20.5, y: 80, density: 0, head: false }] };
}

const centre = (i: number): [number, number] => [20, i === 0 ? -10 : 90];

describe('label ink read as a head', () => {
  it('leaves strokes without label ink near an end alone', () => {
    expect(withoutLabelInk(branch(), [[40, 30, 55, 40]], W, scale)).toBeUndefined();
    expect(withoutLabelInk(branch(), [], W, scale)).toBeUndefined();
  });

  it('reads the head at the far end once the letters touching the line near the decision are left out', () => {
    // With the letters, the decision's end holds more ink than the head's.
    const s = branch();
    const radius = Math.max(3 * scale.stroke + 4, 1.1 * scale.glyph);
    const near = (c: { x: number; y: number }): number => s.pixels.filter((p) => ((p % W) - c.x) ** 2 + (Math.floor(p / W) - c.y) ** 2 <= radius * radius).length;
    for (const c of s.contacts) c.density = near(c) / (radius * (scale.stroke + 1));
    expect(s.contacts[0]!.density).toBeGreaterThan(s.contacts[1]!.density);
    expect(strokeEdges(s, W, centre, scale, true).map((e) => [e.source, e.target])).toEqual([[1, 0]]);
    // The label's block (the letters not touching the line, here the blob's right part) widened by a letter.
    const bare = withoutLabelInk(branch(), [labelReach([26, 2, 32, 14], scale.glyph)], W, scale);
    expect(bare?.touched).toEqual([0]);
    expect(bare!.stroke.contacts[0]!.density).toBeLessThan(bare!.stroke.contacts[1]!.density);
    const edges = strokeEdges(bare!.stroke, W, centre, scale, true);
    expect(edges.map((e) => [e.source, e.target, e.directed])).toEqual([[0, 1, true]]);
  });

  it('takes the second reading only when it moves the head off an end that held label ink', () => {
    const e = (source: number, target: number, directed = true) => ({ source, target, directed });
    // Head read at the label's end (node 0), the second reading points to node 1: taken.
    expect(rereadEdges([e(1, 0)], [e(0, 1)], [0])).toEqual([e(0, 1)]);
    // The label's ink lies at the tail's end (node 0), not at the head read: the first reading stands.
    expect(rereadEdges([e(0, 1)], [e(1, 0)], [0])).toEqual([e(0, 1)]);
    // No head found without the letters: the first reading stands.
    expect(rereadEdges([e(1, 0)], [e(0, 1, false)], [0])).toEqual([e(1, 0)]);
  });
});
