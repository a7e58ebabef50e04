// Issue 13fo: a line passing over another node's corner is cut in two there; the pieces are one
// connector between their outer ends, not two edges at the node it passes.
import { describe, expect, it } from 'vitest';
import { joinGrazes } from '../../../src/pipeline/flowcharts/grazes.js';
import type { Stroke } from '../../../src/pipeline/flowcharts/connectors.js';
import { extractFlowchart } from '../../../src/pipeline/flowcharts/index.js';
import type { BBox } from '../../../src/pipeline/types.js';
import { graphviz } from '../../fixtures/flowchart-gen.js';

const W = 300;
const scale = { stroke: 2, glyph: 10 };

/** A 2-px line between two points as a stroke's pixels. */
function line(x0: number, y0: number, x1: number, y1: number): number[] {
  const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
  const out = new Set<number>();
  for (let k = 0; k <= n; k++) {
    const x = Math.round(x0 + ((x1 - x0) * k) / n);
    const y = Math.round(y0 + ((y1 - y0) * k) / n);
    out.add(y * W + x).add(y * W + x + 1);
  }
  return [...out];
}

const contact = (node: number, x: number, y: number, density = 0.6) => ({ node, x, y, density, head: false });

describe('lines over a node\'s corner', () => {
  it('joins the two pieces a corner cuts apart, and leaves a chain through a node alone', () => {
    // Node 1 (100..200 x 140..190): a line of slope 1.2 from node 0 enters near its top-right
    // corner and leaves 15 px on; a vertical chain ends at its top and leaves its bottom.
    const boxes: BBox[] = [[90, 20, 150, 48], [100, 140, 200, 190], [240, 218, 290, 260], [120, 260, 180, 290]];
    const diagonal: Stroke[] = [
      { pixels: line(120, 49, 192, 135), contacts: [contact(0, 120, 49), contact(1, 192, 135)] },
      { pixels: line(204, 150, 260, 217), contacts: [contact(1, 204, 150), contact(2, 260, 217, 1.4)] },
    ];
    const joined = joinGrazes(diagonal, boxes, W, scale);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.contacts.map((c) => c.node)).toEqual([0, 2]);
    const chain: Stroke[] = [
      { pixels: line(130, 49, 130, 138), contacts: [contact(0, 130, 49), contact(1, 130, 138)] },
      { pixels: line(130, 192, 130, 258), contacts: [contact(1, 130, 192), contact(3, 130, 258, 1.4)] },
    ];
    expect(joinGrazes(chain, boxes, W, scale)).toHaveLength(2);
  });

  it('joins a line across a node near its side when both pieces are bare, not when a head ends it there', () => {
    // A vertical line at x 110 crosses node 1 (100..200) a tenth of its width from its left side.
    const boxes: BBox[] = [[90, 20, 150, 48], [100, 140, 200, 190], [90, 260, 150, 290]];
    const pieces = (margin: number): Stroke[] => [
      { pixels: line(110, 49, 110, 138), contacts: [contact(0, 110, 49), { ...contact(1, 110, 138), marginDensity: margin }] },
      { pixels: line(110, 192, 110, 258), contacts: [{ ...contact(1, 110, 192), marginDensity: 0.7 }, contact(2, 110, 258, 1.4)] },
    ];
    const joined = joinGrazes(pieces(0.7), boxes, W, scale);
    expect(joined.map((s) => s.contacts.map((c) => c.node))).toEqual([[0, 2]]);
    // A faint head at node 1 (dense in the margin's reading): the line ends there.
    expect(joinGrazes(pieces(1.3), boxes, W, scale)).toHaveLength(2);
  });

  it('reads one edge between the line\'s ends in a drawn figure (before: an edge into and one out of the node passed)', async () => {
    // neato with pinned positions: "Load order" -> "Ship it" runs over the top-right corner of "Check form".
    const dot = `digraph G { graph [dpi=96, splines=line, bgcolor=white, pad=0.3];
      node [shape=box, width=1.2, height=0.5, fixedsize=true, penwidth=2, style="rounded,filled", fillcolor="#fdf1c8", fontname="DejaVu Sans", fontsize=14];
      edge [penwidth=2]; A [label="Load order", pos="0,4!"]; C [label="Ship it", pos="3,0!"]; B [label="Check form", pos="0.8,1.963!"]; D [label="Done", pos="0.8,0.3!"];
      A -> C; B -> D; }`;
    const g = await extractFlowchart({ png: await graphviz(dot, 'neato'), width: 0, height: 0 });
    // Without text the nodes are named by place: top-left A, B below it, D at the bottom left, C at the bottom right.
    const at = (x: number, y: number): string => g.nodes.find((n) => n.bbox && x >= n.bbox[0] && x <= n.bbox[2] && y >= n.bbox[1] && y <= n.bbox[3])!.id;
    const [a, b, c, d] = [at(86, 52), at(163, 248), at(374, 436), at(163, 407)];
    expect(g.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual([`${a}>${c}`, `${b}>${d}`].sort());
  });
});
