// Scan grain inside fills taken for letters (the glyph height falls to the grain's size and
// connector pieces pass as nodes), and runaway extractions capped before they reach Mermaid.
import { describe, expect, it } from 'vitest';
import { mermaidError } from '../../../eval/mermaid-check.js';
import { capEdges, edgeCap } from '../../../src/pipeline/flowcharts/edge-cap.js';
import { letterHeights } from '../../../src/pipeline/flowcharts/extract.js';
import { extractFlowchart, flowGraphToMermaid, type FlowGraph } from '../../../src/pipeline/flowcharts/index.js';
import type { Mask } from '../../../src/pipeline/flowcharts/raster.js';
import { drawStyledFlowchart } from '../../fixtures/flowchart-styles.js';

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

describe('glyph height on grainy fills', () => {
  it('grain flecks that outnumber the letters do not set the letter height', () => {
    const width = 600;
    const height = 300;
    const data = new Uint8Array(width * height);
    const rect = (x0: number, y0: number, w: number, h: number): void => {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * width + x] = 1;
    };
    // 12 letter-like rings 40 px high (an "o": ink around a hole), 150 L-shaped flecks 6 x 4.
    for (let i = 0; i < 12; i++) {
      const x = 10 + i * 45;
      rect(x, 20, 30, 40);
      for (let y = 26; y < 54; y++) for (let xx = x + 6; xx < x + 24; xx++) data[y * width + xx] = 0;
    }
    for (let i = 0; i < 150; i++) {
      const x = 10 + (i % 30) * 19;
      const y = 100 + Math.floor(i / 30) * 30;
      rect(x, y, 1, 6);
      rect(x, y + 5, 4, 1);
    }
    const mask: Mask = { width, height, data };
    expect(median(letterHeights(mask))).toBe(40);
  });

  it('a scanned figure with shadowed, filled shapes keeps its five nodes (seed 200091: 15 before)', async () => {
    const d = await drawStyledFlowchart(200091);
    const g = await extractFlowchart({ png: d.png, width: 0, height: 0 });
    expect(g.nodes).toHaveLength(d.truth.nodes.length);
    expect(g.edges.length).toBeLessThanOrEqual(d.truth.edges.length + 1);
  });
});

describe('runaway output', () => {
  it('keeps at most four edges a node and 300 in all, the ones with the most ink', () => {
    expect(edgeCap(10)).toBe(40);
    expect(edgeCap(500)).toBe(300);
    const edges = Array.from({ length: 600 }, (_, i) => ({ i, ink: (i * 7919) % 601 }));
    const kept = capEdges(edges, 10, (e) => e.ink);
    expect(kept).toHaveLength(40);
    const least = Math.min(...kept.map((e) => e.ink));
    expect(edges.filter((e) => e.ink > least)).toHaveLength(39);
    expect(kept.map((e) => e.i)).toEqual([...kept.map((e) => e.i)].sort((a, b) => a - b));
    const few = edges.slice(0, 5);
    expect(capEdges(few, 10, (e) => e.ink)).toBe(few);
  });

  it('a capped graph of 200 nodes and 600 strokes parses as Mermaid', async () => {
    const nodes = Array.from({ length: 200 }, (_, i) => ({ id: `n${i + 1}`, shape: 'process' as const, text: `step ${i}`, bbox: [0, 0, 10, 10] as [number, number, number, number] }));
    const raw = Array.from({ length: 600 }, (_, i) => ({ source: `n${(i % 200) + 1}`, target: `n${((i * 13) % 200) + 1}`, label: null, ink: i }));
    const edges = capEdges(raw, nodes.length, (e) => e.ink).map(({ source, target, label }) => ({ source, target, label }));
    expect(edges).toHaveLength(300);
    const graph: FlowGraph = { nodes, edges };
    expect(await mermaidError(flowGraphToMermaid(graph))).toBeUndefined();
  });
});
