// Mind map → tree: the figure's graph (every text is a node, lines join them), rooted at the
// central topic: the node drawn biggest, most connected and nearest the middle. A mind map is a
// tree, so the graph is walked breadth-first from the root; a part left unconnected hangs from
// the node it sits closest to.
import { figureScene } from '../flowcharts/extract.js';
import type { FigureInput, FlowGraph, FlowNode, MindmapNode, MindmapTree } from '../flowcharts/types.js';
import type { BBox } from '../types.js';

const area = (b: BBox): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const centre = (b: BBox): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
const gap = (a: BBox, b: BBox): number => Math.hypot(Math.max(0, a[0] - b[2], b[0] - a[2]), Math.max(0, a[1] - b[3], b[1] - a[3]));

// The type-size term: a fourth power so only the largest type or very nearly counts.
const TYPE_WEIGHT = 1.5;
const TYPE_POWER = 4;

/**
 * The central topic: drawn biggest, best connected, nearest the middle and, when the words were
 * read, in the largest type (mind maps set their centre in bigger letters more reliably than they
 * draw it in a bigger box).
 */
function rootOf(g: FlowGraph, degree: Map<string, number>, typeSize?: Map<string, number>): FlowNode {
  const maxArea = Math.max(...g.nodes.map((n) => area(n.bbox)), 1);
  const maxDeg = Math.max(...g.nodes.map((n) => degree.get(n.id) ?? 0), 1);
  const maxType = Math.max(...g.nodes.map((n) => typeSize?.get(n.id) ?? 0));
  const x0 = Math.min(...g.nodes.map((n) => n.bbox[0]));
  const y0 = Math.min(...g.nodes.map((n) => n.bbox[1]));
  const x1 = Math.max(...g.nodes.map((n) => n.bbox[2]));
  const y1 = Math.max(...g.nodes.map((n) => n.bbox[3]));
  const diag = Math.hypot(x1 - x0, y1 - y0) || 1;
  const score = (n: FlowNode): number => {
    const [cx, cy] = centre(n.bbox);
    const central = 1 - Math.hypot(cx - (x0 + x1) / 2, cy - (y0 + y1) / 2) / (diag / 2);
    const type = maxType > 0 ? TYPE_WEIGHT * ((typeSize?.get(n.id) ?? 0) / maxType) ** TYPE_POWER : 0;
    return (1.5 * area(n.bbox)) / maxArea + (0.5 * (degree.get(n.id) ?? 0)) / maxDeg + 0.4 * central + type;
  };
  return g.nodes.reduce((a, b) => (score(b) > score(a) ? b : a));
}

function neighbours(g: FlowGraph): Map<string, string[]> {
  const adj = new Map<string, string[]>(g.nodes.map((n) => [n.id, []]));
  for (const e of g.edges) {
    if (e.source === e.target || !adj.has(e.source) || !adj.has(e.target)) continue;
    adj.get(e.source)!.push(e.target);
    adj.get(e.target)!.push(e.source);
  }
  return adj;
}

const degrees = (g: FlowGraph): Map<string, number> => new Map([...neighbours(g)].map(([k, v]) => [k, new Set(v).size]));

/** The tree of a graph rooted at its central topic (`g.root` when given). */
export function graphToMindmap(g: FlowGraph, typeSize?: Map<string, number>): MindmapTree {
  if (g.nodes.length === 0) return { root: { text: '', children: [] } };
  const adj = neighbours(g);
  const degree = degrees(g);
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const root = (g.root !== undefined ? byId.get(g.root) : undefined) ?? rootOf(g, degree, typeSize);
  const tree = new Map<string, MindmapNode>();
  const make = (n: FlowNode): MindmapNode => {
    const m: MindmapNode = { text: n.text, shape: n.shape, bbox: n.bbox, children: [] };
    tree.set(n.id, m);
    return m;
  };
  const rootNode = make(root);
  const grow = (from: string): void => {
    let frontier = [from];
    while (frontier.length > 0) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const other of adj.get(id)!) {
          if (tree.has(other)) continue;
          tree.get(id)!.children.push(make(byId.get(other)!));
          next.push(other);
        }
      }
      frontier = next;
    }
  };
  grow(root.id);
  // A part left unconnected (a line the extractor missed, boxes drawn touching) hangs as a whole
  // from the closest pair of nodes: its node nearest the tree joins the tree node it sits closest
  // to, and the rest of the part follows its own lines from there.
  for (;;) {
    let best: { node: FlowNode; parent: MindmapNode; d: number } | null = null;
    for (const n of g.nodes) {
      if (tree.has(n.id)) continue;
      for (const [id, m] of tree) {
        const d = gap(byId.get(id)!.bbox, n.bbox);
        if (!best || d < best.d) best = { node: n, parent: m, d };
      }
    }
    if (!best) break;
    best.parent.children.push(make(best.node));
    grow(best.node.id);
  }
  const sort = (m: MindmapNode): void => {
    m.children.sort((a, b) => (a.bbox && b.bbox ? a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0] : 0));
    m.children.forEach(sort);
  };
  sort(rootNode);
  return { root: rootNode };
}

/** A mind map's graph read from its figure, with its central topic as `root`. */
export async function extractMindmapGraph(input: FigureInput): Promise<FlowGraph> {
  const { graph, typeSize } = await figureScene(input, 'mindmap');
  if (graph.nodes.length === 0) return graph;
  const degree = degrees(graph);
  return { ...graph, root: rootOf(graph, degree, typeSize).id };
}

export async function extractMindmap(input: FigureInput): Promise<MindmapTree> {
  return graphToMindmap(await extractMindmapGraph(input));
}
