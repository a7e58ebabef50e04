// Flowchart, diagram and mind map extraction on small figures drawn by Graphviz with known graphs
// (test/fixtures/flowchart-gen.ts), Mermaid output checked by Mermaid's own parser, intermediate
// JSON validation and the walk-through description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphToMindmap } from '../../../src/pipeline/mindmaps/index.js';
import {
  describeFlowGraph,
  extractDiagram,
  extractFlowchart,
  extractMindmap,
  flowGraphToMermaid,
  isValidationProblem,
  mindmapToMermaid,
  NODE_SHAPES,
  validateFlowGraph,
  type FlowGraph,
} from '../../../src/pipeline/flowcharts/index.js';
import { figureBlockText, figureText } from '../../../src/extractors/figure.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine } from '../../../src/providers/ocr/index.js';
import { pairNodes, scoreGraph, treeAccuracy, treeOf } from '../../../eval/graph-metrics.js';
import { mermaidError, mermaidFlowchart } from '../../../eval/mermaid-check.js';
import { drawFlowchart, drawMindmap, graphviz } from '../../fixtures/flowchart-gen.js';

let engine: OcrEngine;
beforeAll(async () => {
  const kinds = await availableOcrKinds();
  engine = await createOcrEngine(kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract');
});
afterAll(async () => {
  await engine.close();
});

// The ports the product gives figure extractors (src/extractors/figure.ts).
const ocr = (png: Buffer): ReturnType<OcrEngine['recognize']> => figureText(engine, png);
const ocrBlock = (png: Buffer): ReturnType<OcrEngine['recognize']> => figureBlockText(engine, png);

describe('extractFlowchart', () => {
  // Seed 2: start, two connectors, a process, a decision with labelled branches, an end (LR).
  // Seed 13: fourteen nodes top to bottom, a decision with Yes/No, rounded boxes.
  // Seed 62: eight nodes left to right joined by short thick arrows (the tail reads almost as
  // dense as the head).
  it.each([2, 13, 62])('generated flowchart %i: every node text, edge (with direction) and label', async (seed) => {
    const drawn = await drawFlowchart(seed);
    const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    const score = scoreGraph(graph, drawn.truth);
    expect(score.predNodes).toBe(drawn.truth.nodes.length);
    expect(score.textHits).toBe(drawn.truth.nodes.length);
    expect(score.predEdges).toBe(drawn.truth.edges.length);
    expect(score.edgeHits).toBe(drawn.truth.edges.length);
    expect(score.labelHits).toBe(drawn.truth.edges.length);
    expect(await mermaidError(flowGraphToMermaid(graph))).toBeUndefined();
  });

  it('reads a figure the same alone as after other figures in one OCR engine (no state carried over)', async () => {
    // Issue 13fi: scores were suspected to depend on run order. The engine keeps one long-lived
    // tesseract per page segmentation mode; nothing it or the extractor keeps may carry over.
    const kind = (await availableOcrKinds()).includes('tesseract-native') ? 'tesseract-native' : 'tesseract';
    const readWith = async (e: OcrEngine, seed: number): Promise<FlowGraph> => {
      const drawn = await drawFlowchart(seed);
      return extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr: (png) => figureText(e, png), ocrBlock: (png) => figureBlockText(e, png) });
    };
    const fresh = await createOcrEngine(kind);
    const used = await createOcrEngine(kind);
    try {
      const alone = await readWith(fresh, 2);
      await readWith(used, 13);
      expect(await readWith(used, 2)).toEqual(alone);
    } finally {
      await Promise.all([fresh.close(), used.close()]);
    }
  });

  it('text reaching into a flat diamond\'s sharp ends is read whole', async () => {
    // Seed 53: "Empty?" fills a wide, flat diamond; its first letter sits in the narrow end.
    const drawn = await drawFlowchart(53);
    const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    expect(graph.nodes.map((n) => n.text)).toContain('Empty?');
  });

  it('an arrowhead whose tip merges into a diamond still gives the direction', async () => {
    // Seed 4: "Load cart" -> "Empty?" ends at the diamond's corner, which swallows part of the head.
    const drawn = await drawFlowchart(4);
    const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    const text = new Map(graph.nodes.map((n) => [n.id, n.text]));
    const pairs = graph.edges.map((e) => `${text.get(e.source)} > ${text.get(e.target)}`);
    expect(pairs).toContain('Load cart > Empty?');
    expect(pairs).not.toContain('Empty? > Load cart');
  });

  it('without text: shapes by outline, arrows by their heads, in reading order', async () => {
    // Seed 5: Start (ellipse) → A (circle) → parallelogram → box → subroutine → Stop (ellipse), top to bottom.
    const drawn = await drawFlowchart(5);
    const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0 });
    const shapes = graph.nodes.map((n) => n.shape);
    expect([shapes[0], ...shapes.slice(2)]).toEqual(['terminator', 'io', 'process', 'subroutine', 'terminator']);
    // The small circle: round either way (a connector when its text is known to be one letter).
    expect(['connector', 'terminator']).toContain(shapes[1]);
    expect(graph.nodes.every((n) => n.text === '')).toBe(true);
    expect(graph.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual(['n1>n2', 'n2>n3', 'n3>n4', 'n4>n5', 'n5>n6']);
    expect(graph.edges.every((e) => e.directed !== false)).toBe(true);
    expect(graph.direction).toBe('TD');
  });

  it('short links read their direction from the widening of the head, past any node outline', async () => {
    // Seed 53: a long left-to-right chain with short links, whose whole shaft lies within the
    // reach of the ink count at both ends; the ellipse's outline left at the first tail is as
    // dense as a head there.
    const drawn = await drawFlowchart(53);
    const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    const text = new Map(graph.nodes.map((n) => [n.id, n.text]));
    const pairs = graph.edges.map((e) => `${text.get(e.source)} > ${text.get(e.target)}`);
    const chain = ['Begin', 'Sort order', 'Send request', 'Sort ticket', 'Review ticket', 'Review form'];
    const tail = ['Parse cart', 'Fetch totals', 'Bill label copy', 'Log file all', 'Finish'];
    for (const names of [chain, tail]) {
      for (let i = 1; i < names.length; i++) expect(pairs).toContain(`${names[i - 1]} > ${names[i]}`);
    }
  });

  it('arrow direction follows the head, not the layout: a bottom-to-top chart reads upwards', async () => {
    const dot = `digraph G { graph [rankdir=BT, dpi=96]; node [shape=box, fontname="DejaVu Sans"]; a [label="Load data"]; b [label="Print report"]; c [label="Send email"]; a -> b; b -> c; }`;
    const png = await graphviz(dot);
    const graph = await extractFlowchart({ png, width: 0, height: 0, ocr, ocrBlock });
    const text = new Map(graph.nodes.map((n) => [n.id, n.text]));
    expect(graph.edges.map((e) => `${text.get(e.source)} > ${text.get(e.target)}`).sort()).toEqual(['Load data > Print report', 'Print report > Send email']);
    expect(graph.direction).toBe('BT');
  });
});

describe('extractDiagram', () => {
  it('an org chart without arrowheads: undirected edges from the upper box to the lower ones', async () => {
    const dot = `graph G { graph [dpi=96, splines=ortho]; node [shape=box, style="rounded,filled", fillcolor="#dae8fc", fontname="DejaVu Sans"]; ceo [label="Director"]; a [label="Sales"]; b [label="Research"]; ceo -- a; ceo -- b; }`;
    const png = await graphviz(dot);
    const graph = await extractDiagram({ png, width: 0, height: 0, ocr, ocrBlock });
    const text = new Map(graph.nodes.map((n) => [n.id, n.text]));
    expect([...text.values()].sort()).toEqual(['Director', 'Research', 'Sales']);
    expect(graph.edges.map((e) => `${text.get(e.source)} - ${text.get(e.target)}`).sort()).toEqual(['Director - Research', 'Director - Sales']);
    expect(graph.edges.every((e) => e.directed === false)).toBe(true);
    expect(await mermaidError(flowGraphToMermaid(graph))).toBeUndefined();
  });

  it('a line shorter than the margin around its boxes still joins them', async () => {
    // Boxes almost touching: the margin cut around each outline would swallow the whole line.
    const dot = `graph G { graph [dpi=96, ranksep=0.05, nodesep=0.05]; edge [penwidth=3]; node [shape=box, style=rounded, penwidth=2, fontname="DejaVu Sans"]; a [label="Budget"]; b [label="Users"]; c [label="Partners"]; a -- b; a -- c; }`;
    const graph = await extractDiagram({ png: await graphviz(dot), width: 0, height: 0 });
    expect(graph.nodes).toHaveLength(3);
    expect(graph.edges.map((e) => `${e.source}-${e.target}`).sort()).toEqual(['n1-n2', 'n1-n3']);
  });
});

describe('extractMindmap', () => {
  it.each([5, 6])('generated mind map %i: the central topic and every branch', async (seed) => {
    const drawn = await drawMindmap(seed);
    const tree = await extractMindmap({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    expect(tree.root.text).toBe(drawn.truth.text);
    expect(treeAccuracy(treeOf(tree.root), drawn.truth)).toBe(1);
    expect(await mermaidError(mindmapToMermaid(tree))).toBeUndefined();
  });

  it('a branch line that crosses another node on its way joins the two nodes at its ends', async () => {
    // Seed 10: the line from "Partners" to its leaf "Backlog" runs straight across the central
    // ellipse; cut there, its pieces would hang "Backlog" from the centre.
    const drawn = await drawMindmap(10);
    const tree = await extractMindmap({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    const partners = tree.root.children.find((c) => c.text === 'Partners');
    expect(partners?.children.map((c) => c.text).sort()).toEqual(['Backlog', 'Interviews', 'Licenses']);
    expect(tree.root.children.map((c) => c.text).sort()).toEqual(['Partners', 'Risks']);
  });

  it('the central topic is the one set in the largest type, even in a smaller box', async () => {
    const dot = `graph G { graph [dpi=96, rankdir=LR]; node [shape=box, style=rounded, fontname="DejaVu Sans", fontsize=11]; r [label="Centre", fontsize=20]; a [label="A much longer branch title here"]; b [label="Second branch"]; c [label="Leaf one"]; d [label="Leaf two"]; r -- a; r -- b; a -- c; a -- d; }`;
    const tree = await extractMindmap({ png: await graphviz(dot), width: 0, height: 0, ocr, ocrBlock });
    expect(treeOf(tree.root)).toEqual({
      text: 'Centre',
      children: [
        { text: 'A much longer branch title here', children: [{ text: 'Leaf one', children: [] }, { text: 'Leaf two', children: [] }] },
        { text: 'Second branch', children: [] },
      ],
    });
  });

  it('boxes joined by bold branch lines stay separate nodes', async () => {
    // Lines as thick as a third of a glyph survive the opening that removes connectors, so the
    // centre and its branches came out as one solid node.
    const dot = `graph G { graph [dpi=96, rankdir=TB, nodesep=0.4]; node [shape=box, style="filled,rounded", fillcolor="#dae8fc", fontname="DejaVu Sans", fontsize=12]; edge [penwidth=4]; r [label="Garden", fontsize=18, fillcolor="#d5e8d4"]; a [label="Events"]; b [label="Tools"]; c [label="Seeds", style=rounded]; d [label="Posters", style=rounded]; r -- a; r -- b; a -- c; b -- d; }`;
    const tree = await extractMindmap({ png: await graphviz(dot), width: 0, height: 0, ocr, ocrBlock });
    expect(treeAccuracy(treeOf(tree.root), { text: 'Garden', children: [{ text: 'Events', children: [{ text: 'Seeds', children: [] }] }, { text: 'Tools', children: [{ text: 'Posters', children: [] }] }] })).toBe(1);
  });

  it('graphToMindmap keeps the root the graph names', () => {
    const g: FlowGraph = {
      nodes: [
        { id: 'a', shape: 'process', text: 'Small centre', bbox: [0, 0, 40, 20] },
        { id: 'b', shape: 'terminator', text: 'Big branch', bbox: [100, 100, 220, 150] },
      ],
      edges: [{ source: 'b', target: 'a', label: null, directed: false }],
      root: 'a',
    };
    expect(treeOf(graphToMindmap(g).root)).toEqual({ text: 'Small centre', children: [{ text: 'Big branch', children: [] }] });
    expect(validateFlowGraph({ ...g, root: 'zz' })).toEqual({ path: '$.root', message: 'must be the id of a node (the central topic of a mind map)' });
    expect(validateFlowGraph(g)).toMatchObject({ root: 'a' });
  });

  it('graphToMindmap roots the tree at the biggest, best connected node and attaches strays to the nearest', () => {
    const g: FlowGraph = {
      nodes: [
        { id: 'a', shape: 'process', text: 'Leaf', bbox: [0, 0, 40, 20] },
        { id: 'b', shape: 'terminator', text: 'Topic', bbox: [100, 100, 220, 150] },
        { id: 'c', shape: 'process', text: 'Branch', bbox: [300, 100, 360, 120] },
        { id: 'd', shape: 'text', text: 'Stray', bbox: [380, 100, 420, 120] },
      ],
      edges: [
        { source: 'b', target: 'a', label: null, directed: false },
        { source: 'c', target: 'b', label: null, directed: false },
      ],
    };
    const tree = graphToMindmap(g);
    expect(treeOf(tree.root)).toEqual({ text: 'Topic', children: [{ text: 'Leaf', children: [] }, { text: 'Branch', children: [{ text: 'Stray', children: [] }] }] });
  });
});

describe('Mermaid output', () => {
  const hostile = ['a"] --> x["b', 'end', '#quot; & <script>alert(1)</script>', 'pipe | and `tick`', 'back\\slash', 'line\nbreak', '', '  ', '(round) [square] {curly}', 'émoji ✓ 中文', '%%comment'];

  it('hostile labels stay one label each and come back as written', async () => {
    const g: FlowGraph = {
      nodes: hostile.map((text, i) => ({ id: i === 0 ? 'end' : `n${i}`, shape: NODE_SHAPES[i % NODE_SHAPES.length]!, text, bbox: [0, 0, 1, 1] })),
      edges: hostile.slice(1).map((label, i) => ({ source: i === 0 ? 'end' : `n${i}`, target: `n${i + 1}`, label })),
      direction: 'LR',
    };
    const text = flowGraphToMermaid(g);
    expect(text.startsWith('flowchart LR\n')).toBe(true);
    expect(await mermaidError(text)).toBeUndefined();
    const parsed = await mermaidFlowchart(text);
    expect(parsed.vertices).toHaveLength(hostile.length);
    const expected = (s: string): string => (s.replace(/\s+/g, ' ').trim() === '' ? '' : s.replace(/[\r\n\t]+/g, ' '));
    expect(parsed.vertices.map((v) => v.text.trim())).toEqual(hostile.map((s) => expected(s).trim()));
    expect(parsed.edges).toHaveLength(hostile.length - 1);
    expect(parsed.edges.map((e) => e.text.trim())).toEqual(hostile.slice(1).map((s) => expected(s).trim()));
  });

  it('unsafe or duplicate ids are replaced by n1, n2, ... consistently', async () => {
    const g: FlowGraph = {
      nodes: [
        { id: 'a b', shape: 'process', text: 'A', bbox: [0, 0, 1, 1] },
        { id: 'x-->y', shape: 'decision', text: 'B', bbox: [0, 0, 1, 1] },
      ],
      edges: [{ source: 'a b', target: 'x-->y', label: 'yes' }],
    };
    const parsed = await mermaidFlowchart(flowGraphToMermaid(g));
    expect(parsed.vertices.map((v) => [v.id, v.text, v.type])).toEqual([
      ['n1', 'A', 'square'],
      ['n2', 'B', 'diamond'],
    ]);
    expect(parsed.edges.map((e) => [e.start, e.end, e.text])).toEqual([['n1', 'n2', 'yes']]);
  });

  it('mind maps with hostile text parse', async () => {
    const text = mindmapToMermaid({ root: { text: 'Root "x"', children: hostile.map((t) => ({ text: t, children: [{ text: t, children: [] }] })) } });
    expect(text.startsWith('mindmap\n')).toBe(true);
    expect(await mermaidError(text)).toBeUndefined();
  });
});

describe('validateFlowGraph', () => {
  const good = { nodes: [{ id: 'a', shape: 'process', text: 'A', bbox: [0, 0, 10, 10] }, { id: 'b', text: 'B' }], edges: [{ source: 'a', target: 'b', label: 'yes' }] };

  it('accepts a graph and fills optional fields', () => {
    const g = validateFlowGraph(good);
    expect(isValidationProblem(g)).toBe(false);
    expect(g).toEqual({ nodes: [{ id: 'a', shape: 'process', text: 'A', bbox: [0, 0, 10, 10] }, { id: 'b', shape: 'process', text: 'B', bbox: [0, 0, 0, 0] }], edges: [{ source: 'a', target: 'b', label: 'yes' }] });
  });

  it.each([
    [null, '$'],
    [[], '$'],
    [{ edges: [] }, '$.nodes'],
    [{ nodes: [] }, '$.edges'],
    [{ nodes: [{ id: 'a' }, 5], edges: [] }, '$.nodes[1]'],
    [{ nodes: [{ id: '' }], edges: [] }, '$.nodes[0].id'],
    [{ nodes: [{ id: 'a' }, { id: 'a' }], edges: [] }, '$.nodes[1].id'],
    [{ nodes: [{ id: 'a', shape: 'hexagon' }], edges: [] }, '$.nodes[0].shape'],
    [{ nodes: [{ id: 'a', text: 7 }], edges: [] }, '$.nodes[0].text'],
    [{ nodes: [{ id: 'a', bbox: [0, 0, 1] }], edges: [] }, '$.nodes[0].bbox'],
    [{ nodes: [{ id: 'a', bbox: [5, 0, 1, 1] }], edges: [] }, '$.nodes[0].bbox'],
    [{ nodes: [{ id: 'a' }], edges: [{ source: 'a', target: 'zz' }] }, '$.edges[0].target'],
    [{ nodes: [{ id: 'a' }], edges: [{ target: 'a' }] }, '$.edges[0].source'],
    [{ nodes: [{ id: 'a' }], edges: [{ source: 'a', target: 'a', label: ['x'] }] }, '$.edges[0].label'],
    [{ nodes: [{ id: 'a' }], edges: [{ source: 'a', target: 'a', directed: 'no' }] }, '$.edges[0].directed'],
    [{ nodes: [], edges: [], direction: 'UP' }, '$.direction'],
  ])('rejects %j at %s', (json, path) => {
    const r = validateFlowGraph(json);
    expect(isValidationProblem(r)).toBe(true);
    expect((r as { path: string }).path).toBe(path);
    expect((r as { message: string }).message.length).toBeGreaterThan(5);
  });
});

describe('describeFlowGraph', () => {
  it('walks the flow: start, each connection with its label, loops back, the end', () => {
    const g: FlowGraph = {
      nodes: [
        { id: 'n1', shape: 'terminator', text: 'Start', bbox: [0, 0, 1, 1] },
        { id: 'n2', shape: 'io', text: 'Read order', bbox: [0, 0, 1, 1] },
        { id: 'n3', shape: 'decision', text: 'Valid?', bbox: [0, 0, 1, 1] },
        { id: 'n4', shape: 'terminator', text: 'End', bbox: [0, 0, 1, 1] },
      ],
      edges: [
        { source: 'n1', target: 'n2', label: null },
        { source: 'n2', target: 'n3', label: null },
        { source: 'n3', target: 'n4', label: 'yes' },
        { source: 'n3', target: 'n2', label: 'no' },
      ],
      direction: 'TD',
    };
    expect(describeFlowGraph(g)).toBe(
      'The flowchart has 4 nodes and 4 connections, laid out top to bottom. It starts at "Start". From "Start", it goes to "Read order". ' +
        'From "Read order" (input/output), it goes to "Valid?". From "Valid?" (a decision), if "yes", it goes to "End"; if "no", it goes back to "Read order". The flow ends at "End".',
    );
  });

  it('mentions every node and label of an extracted chart', async () => {
    const drawn = await drawFlowchart(13);
    const graph = await extractFlowchart({ png: drawn.png, width: 0, height: 0, ocr, ocrBlock });
    const text = describeFlowGraph(graph);
    for (const n of graph.nodes) expect(text).toContain(`"${n.text}"`);
    for (const e of graph.edges) if (e.label) expect(text).toContain(`if "${e.label}"`);
    expect(pairNodes(graph, drawn.truth).size).toBe(drawn.truth.nodes.length);
  });
});
