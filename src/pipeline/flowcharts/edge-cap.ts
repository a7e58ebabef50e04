// A runaway extraction (a texture or grain read as hundreds of strokes) must not reach the
// output whole: Mermaid refuses graphs past 500 edges, and no reader can use one that size.

/** Most edges a figure's graph keeps: 300, and no more than four per node. */
export function edgeCap(nodeCount: number): number {
  return Math.min(300, 4 * Math.max(2, nodeCount));
}

/**
 * Keeps the edges with the most stroke ink (the most certain ones) when there are more than the
 * cap allows, in their first order; otherwise returns them as they are.
 */
export function capEdges<E>(edges: E[], nodeCount: number, ink: (e: E) => number): E[] {
  const cap = edgeCap(nodeCount);
  if (edges.length <= cap) return edges;
  const keep = new Set(
    edges
      .map((e, i) => ({ i, ink: ink(e) }))
      .sort((a, b) => b.ink - a.ink || a.i - b.i)
      .slice(0, cap)
      .map((k) => k.i),
  );
  return edges.filter((_, i) => keep.has(i));
}
