// Edge labels set in a small box of their own (blockdiag, Graphviz HTML labels, many drawing
// tools) are outlined shapes with text, so they first come out as nodes. A box that hugs its text
// (no taller than about two glyphs, or its text reaching within half a glyph of both sides: a
// node has padding around its lines) and holds one short word
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
  /** Box of the glyphs read inside (absent when none were found). */
  textBox?: BBox;
}

/**
 * True for a box that hugs one short word: a rectangle at most 2.2 glyphs tall, or up to 3.2
 * glyphs tall (a large font's line height with a little padding) whose word comes within about a
 * glyph of its top and bottom together and two glyphs of its sides together (outlines aside).
 * Nodes are drawn larger than their text (a minimum size, margins of their own); a label's box is
 * its line of text with a point or two around it.
 */
export function hugsShortWord(n: LabelCandidate, glyph: number, stroke = 1): boolean {
  if (n.shape !== 'process' && n.shape !== 'subroutine') return false;
  const word = n.text.trim();
  if (/\s/.test(word) || word.length > 8) return false;
  const h = n.bbox[3] - n.bbox[1];
  if (h <= 2.2 * glyph) return true;
  // Nothing read in a box under two and a half glyphs wide: room for a letter or two at most.
  if (word === '' && h <= 3.2 * glyph && n.bbox[2] - n.bbox[0] <= 2.5 * glyph) return true;
  const t = n.textBox;
  if (!t || word === '' || h > 3.2 * glyph) return false;
  const sides = t[0] - n.bbox[0] + (n.bbox[2] - t[2]);
  const ends = t[1] - n.bbox[1] + (n.bbox[3] - t[3]);
  return ends <= 1.2 * glyph + 2 * stroke && sides <= 2 * glyph + 2 * stroke;
}

/**
 * Nodes that are edge labels taken out: the nodes kept (their old indices), the edges with ends
 * renumbered (edges through a label box joined), and the label boxes as free text blocks.
 */
export function boxedLabels<N extends LabelCandidate>(nodes: N[], raw: RawEdge[], glyph: number, stroke = 1): { nodes: N[]; raw: RawEdge[]; labels: TextBlock[] } {
  const drop = new Set<number>();
  let edges = raw.filter((e) => e.source !== e.target);
  const labels: TextBlock[] = [];
  nodes.forEach((n, i) => {
    if (!hugsShortWord(n, glyph, stroke)) return;
    const touching = edges.filter((e) => e.source === i || e.target === i);
    if (touching.length === 2) {
      const joined = throughBox(touching as [RawEdge, RawEdge], i, (k) => (nodes[k]!.bbox[1] + nodes[k]!.bbox[3]) / 2, (k) => nodes[k]!.shape === 'decision');
      if (!joined) return;
      edges = [...edges.filter((e) => !touching.includes(e)), joined];
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

/**
 * The one edge that two pieces of a line through a label box make, from the far end of the piece
 * that comes in to the far end of the piece that goes on. Two bare pieces make a bare line (its
 * ends ordered top-down, as bare strokes are). Otherwise a piece ending at the box (its head, or
 * a bare piece's lower end, there) comes in and one leaving it goes on; when both leave the box, a
 * bare piece comes in and a piece with a head at its far end goes on. Two heads away from the
 * box, a head at the box with a piece that also ends there, or both pieces from the same node are
 * no line through a label; except that when both heads point away and one of them lies at a
 * decision, the line leaves the decision (a decision's labelled branch; its point, where the line
 * starts, reads as a head).
 */
export function throughBox(pieces: [RawEdge, RawEdge], box: number, top: (node: number) => number, isDecision: (node: number) => boolean = () => false): RawEdge | undefined {
  // A direction read on weak evidence yields to the line's path through the box: such a piece
  // counts as bare (a small head lost at the box's thin outline would otherwise point it there).
  const [a, b] = pieces.map((e) => (e.weak ? { source: e.source, target: e.target, directed: false, pixels: e.pixels } : e)) as [RawEdge, RawEdge];
  const far = (e: RawEdge): number => (e.source === box ? e.target : e.source);
  if (far(a) === far(b)) return undefined;
  const pixels = [...a.pixels, ...b.pixels];
  if (!a.directed && !b.directed) {
    const [s, t] = top(far(a)) <= top(far(b)) ? [far(a), far(b)] : [far(b), far(a)];
    return { source: s, target: t, directed: false, pixels };
  }
  const ends = (e: RawEdge): boolean => e.target === box;
  if (ends(a) !== ends(b)) {
    const [i, o] = ends(a) ? [a, b] : [b, a];
    return { source: i.source, target: o.target, directed: i.directed || o.directed, pixels };
  }
  if (!ends(a) && a.directed && b.directed && isDecision(far(a)) !== isDecision(far(b))) {
    const [from, to] = isDecision(far(a)) ? [far(a), far(b)] : [far(b), far(a)];
    return { source: from, target: to, directed: true, pixels };
  }
  if (ends(a) || (a.directed && b.directed)) return undefined;
  const [i, o] = a.directed ? [b, a] : [a, b];
  return { source: i.target, target: o.target, directed: true, pixels };
}
