// Mind map branch lines that meet in one stroke: crossing lines and lines sharing a node.
import { describe, expect, it } from 'vitest';
import { splitBranches } from '../../../src/pipeline/mindmaps/branches.js';
import type { Contact, Stroke } from '../../../src/pipeline/flowcharts/connectors.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 200;
const contact = (node: number, x: number, y: number): Contact => ({ node, x, y, density: 1, head: false });

/** Pixels of straight 2-px lines between the given points. */
function lines(...segs: [number, number, number, number][]): number[] {
  const out = new Set<number>();
  for (const [x0, y0, x1, y1] of segs) {
    const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    for (let s = 0; s <= n; s++) {
      const x = Math.round(x0 + ((x1 - x0) * s) / n);
      const y = Math.round(y0 + ((y1 - y0) * s) / n);
      out.add(y * W + x).add(y * W + x + 1);
    }
  }
  return [...out];
}

/** splitBranches with each node a small box around its contact point. */
function split(strokes: Stroke[]): Stroke[] {
  const boxes: BBox[] = [];
  for (const s of strokes) for (const c of s.contacts) boxes[c.node] = [c.x - 2, c.y - 2, c.x + 2, c.y + 2];
  return splitBranches(strokes, boxes, W, 2);
}

const pairsOf = (strokes: Stroke[]): string[] => strokes.map((s) => s.contacts.map((c) => c.node).sort().join('-')).sort();

describe('splitBranches', () => {
  it('two branch lines crossing each other are read as the two lines, not a fan from the top end', () => {
    // Node 0 (top left) to node 3 (bottom right) crosses node 1 (top right) to node 2 (bottom left).
    const st: Stroke = { pixels: lines([10, 10, 150, 120], [150, 10, 10, 120]), contacts: [contact(0, 10, 10), contact(1, 150, 10), contact(2, 10, 120), contact(3, 150, 120)] };
    expect(pairsOf(split([st]))).toEqual(['0-3', '1-2']);
  });

  it('lines that leave one node together make a star from that node, wherever it lies', () => {
    // Node 2 at the bottom is the hub of three lines that merge at its edge.
    const st: Stroke = { pixels: lines([100, 150, 20, 20], [100, 150, 100, 10], [100, 150, 180, 30]), contacts: [contact(0, 20, 20), contact(1, 100, 10), contact(2, 100, 150), contact(3, 180, 30)] };
    expect(pairsOf(split([st]))).toEqual(['0-2', '1-2', '2-3']);
  });

  it('a line crossing a node\'s two branches near that node: one crossing line and a star', () => {
    // Node 0 has lines to nodes 1 and 2; the line from node 3 to node 4 crosses the one to node 1.
    const st: Stroke = {
      pixels: lines([100, 100, 180, 20], [100, 100, 180, 180], [120, 20, 180, 90]),
      contacts: [contact(0, 100, 100), contact(1, 180, 20), contact(2, 180, 180), contact(3, 120, 20), contact(4, 180, 90)],
    };
    expect(pairsOf(split([st]))).toEqual(['0-1', '0-2', '3-4']);
  });

  it('a node reached by two lines of one stroke has an end for each line', () => {
    // Node 1 (a box from x 90 to 130) is reached from node 0 at its left and from node 2 at its
    // right; node 3's line crosses the line from node 0. The mean of node 1's touches lies on neither line.
    const st: Stroke = {
      pixels: lines([10, 10, 90, 100], [130, 100, 190, 10], [10, 60, 80, 60]),
      contacts: [contact(0, 10, 10), contact(1, 110, 100), contact(2, 190, 10), contact(3, 10, 60), contact(4, 80, 60)],
    };
    const boxes: BBox[] = [[8, 8, 12, 12], [90, 96, 130, 110], [188, 8, 192, 12], [8, 58, 12, 62], [78, 58, 82, 62]];
    expect(pairsOf(splitBranches([st], boxes, W, 2))).toEqual(['0-1', '1-2', '3-4']);
  });

  it('leaves a stroke that no set of straight lines draws (a curve), and two-ended strokes, alone', () => {
    const arc: number[] = [];
    for (let t = 0; t <= Math.PI; t += 0.01) arc.push(Math.round(100 + 80 * Math.sin(t)) * W + Math.round(100 - 80 * Math.cos(t)));
    const curved: Stroke = { pixels: [...new Set([...arc, ...lines([100, 180, 100, 100])])], contacts: [contact(0, 20, 100), contact(1, 180, 100), contact(2, 100, 100)] };
    const simple: Stroke = { pixels: lines([0, 0, 50, 50]), contacts: [contact(0, 0, 0), contact(1, 50, 50)] };
    const out = split([curved, simple]);
    expect(out[0]).toBe(curved);
    expect(out[1]).toBe(simple);
  });
});
