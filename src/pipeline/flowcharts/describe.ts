// A faithful walk-through of a flow graph in words (include_description=true): every node and
// every connection is mentioned exactly once, in the order the flow visits them, and nothing is
// said that the graph does not hold.
import type { FlowEdge, FlowGraph, FlowNode, NodeShape } from './types.js';

const KIND: Record<NodeShape, string> = {
  process: 'step',
  decision: 'decision',
  terminator: 'terminal',
  io: 'input/output step',
  connector: 'connector',
  subroutine: 'subroutine',
  text: 'item',
};

const name = (n: FlowNode): string => (n.text.trim() !== '' ? `"${n.text.trim()}"` : `an unlabelled ${KIND[n.shape]} (${n.id})`);
const DIRECTION_WORDS = { TD: 'top to bottom', BT: 'bottom to top', LR: 'left to right', RL: 'right to left' } as const;

/** Visit order: from nodes nothing leads into (terminals first), depth-first along the edges. */
function visitOrder(g: FlowGraph, out: Map<string, FlowEdge[]>, incoming: Map<string, number>): FlowNode[] {
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const starts = g.nodes.filter((n) => (incoming.get(n.id) ?? 0) === 0).sort((a, b) => Number(b.shape === 'terminator') - Number(a.shape === 'terminator'));
  const order: FlowNode[] = [];
  const seen = new Set<string>();
  const visit = (n: FlowNode): void => {
    if (seen.has(n.id)) return;
    seen.add(n.id);
    order.push(n);
    for (const e of out.get(n.id) ?? []) {
      const t = byId.get(e.target);
      if (t) visit(t);
    }
  };
  for (const s of starts) visit(s);
  for (const n of g.nodes) visit(n);
  return order;
}

export function describeFlowGraph(g: FlowGraph): string {
  if (g.nodes.length === 0) return 'The diagram has no recognisable shapes.';
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const out = new Map<string, FlowEdge[]>();
  const incoming = new Map<string, number>();
  for (const e of g.edges) {
    if (!byId.has(e.source) || !byId.has(e.target)) continue;
    out.set(e.source, [...(out.get(e.source) ?? []), e]);
    incoming.set(e.target, (incoming.get(e.target) ?? 0) + 1);
  }
  const order = visitOrder(g, out, incoming);
  const rank = new Map(order.map((n, i) => [n.id, i]));
  const directed = g.edges.some((e) => e.directed !== false);
  const sentences: string[] = [];
  const dir = g.direction ? `, laid out ${DIRECTION_WORDS[g.direction]}` : '';
  sentences.push(`The ${directed ? 'flowchart' : 'diagram'} has ${g.nodes.length} ${g.nodes.length === 1 ? 'node' : 'nodes'} and ${g.edges.length} ${g.edges.length === 1 ? 'connection' : 'connections'}${dir}.`);
  const starts = order.filter((n) => (incoming.get(n.id) ?? 0) === 0 && (out.get(n.id)?.length ?? 0) > 0);
  if (directed && starts.length > 0) sentences.push(`It starts at ${starts.map(name).join(' and at ')}.`);
  for (const n of order) {
    const edges = out.get(n.id) ?? [];
    if (edges.length === 0) continue;
    const targets = edges.map((e) => {
      const t = byId.get(e.target)!;
      const back = (rank.get(t.id) ?? 0) <= (rank.get(n.id) ?? 0) ? 'back ' : '';
      const verb = e.directed === false ? `is connected to ${name(t)}` : `goes ${back}to ${name(t)}`;
      return e.label && e.label.trim() !== '' ? `if "${e.label.trim()}", it ${verb}` : `it ${verb}`;
    });
    const kind = n.shape === 'decision' ? ` (a decision)` : n.shape === 'io' ? ' (input/output)' : n.shape === 'subroutine' ? ' (a subroutine)' : '';
    sentences.push(`From ${name(n)}${kind}, ${targets.join('; ')}.`);
  }
  const ends = order.filter((n) => (out.get(n.id)?.length ?? 0) === 0 && (incoming.get(n.id) ?? 0) > 0);
  if (directed && ends.length > 0) sentences.push(`The flow ends at ${ends.map(name).join(' or at ')}.`);
  const alone = order.filter((n) => (out.get(n.id)?.length ?? 0) === 0 && (incoming.get(n.id) ?? 0) === 0);
  if (alone.length > 0) sentences.push(`Not connected: ${alone.map(name).join(', ')}.`);
  return sentences.join(' ');
}
