// Edge labels set in a small box of their own (blockdiag, Graphviz HTML labels, many drawing
// tools) are outlined shapes with text, so they first come out as nodes. A box that hugs its text
// (no taller than about two glyphs: a node has padding around its lines) and holds one short word
// (or nothing readable: the shrinking that strips a node's outline eats a tight box's letters) is
// such a label when no connector touches it, or when the only two that do pass through it (one
// in, one out): then those two are one edge, from the first one's source to the second one's
// target, and the word is its label.
import type { BBox } from '../types.js';
import type { RawEdge } from './connectors.js';
import type { TextBlock } from './text.js';
import type { NodeShape } from './types.js';

export interface LabelCandidate {
  bbox: BBox;
  shape: NodeShape;
  text: string;
}

/** True for a box that hugs one short word: a rectangle at most 2.2 glyphs tall. */
export function hugsShortWord(n: LabelCandidate, glyph: number): boolean {
  if (n.shape !== 'process' && n.shape !== 'subroutine') return false;
  const word = n.text.trim();
  if (/\s/.test(word) || word.length > 8) return false;
  return n.bbox[3] - n.bbox[1] <= 2.2 * glyph;
}

/**
 * Nodes that are edge labels taken out: the nodes kept (their old indices), the edges with ends
 * renumbered (edges through a label box joined), and the label boxes as free text blocks.
 */
export function boxedLabels<N extends LabelCandidate>(nodes: N[], raw: RawEdge[], glyph: number): { nodes: N[]; raw: RawEdge[]; labels: TextBlock[] } {
  const drop = new Set<number>();
  let edges = raw.filter((e) => e.source !== e.target);
  const labels: TextBlock[] = [];
  nodes.forEach((n, i) => {
    if (!hugsShortWord(n, glyph)) return;
    const touching = edges.filter((e) => e.source === i || e.target === i);
    const into = touching.filter((e) => e.target === i);
    const out = touching.filter((e) => e.source === i);
    if (touching.length === 2 && into.length === 1 && out.length === 1 && into[0]!.source !== out[0]!.target) {
      const joined: RawEdge = { source: into[0]!.source, target: out[0]!.target, directed: into[0]!.directed || out[0]!.directed, pixels: [...into[0]!.pixels, ...out[0]!.pixels] };
      edges = [...edges.filter((e) => e !== into[0] && e !== out[0]), joined];
    } else if (touching.length !== 0) return;
    drop.add(i);
    labels.push({ bbox: n.bbox, pixels: [], ground: [255, 255, 255], shape: -1, words: [], text: n.text });
  });
  if (drop.size === 0) return { nodes, raw, labels };
  const index = new Map<number, number>();
  const kept: N[] = [];
  nodes.forEach((n, i) => {
    if (drop.has(i)) return;
    index.set(i, kept.length);
    kept.push(n);
  });
  const renumbered = edges.filter((e) => index.has(e.source) && index.has(e.target)).map((e) => ({ ...e, source: index.get(e.source)!, target: index.get(e.target)! }));
  return { nodes: kept, raw: renumbered, labels };
}
