// Mermaid text for a flowchart graph and for a mind map tree. Node ids are the graph's own ids when
// they are safe Mermaid identifiers (stable across edits), otherwise n1, n2, ... in node order.
// Labels are always quoted, with the characters Mermaid would read as syntax written as its
// numeric entity codes (#34; for a double quote, and so on), so any text round-trips.
import type { FlowGraph, MindmapNode, MindmapTree, NodeShape } from './types.js';

const ENTITIES: Record<string, string> = { '"': '#34;', '#': '#35;', '&': '#38;', '<': '#60;', '>': '#62;', '`': '#96;', '|': '#124;', '\\': '#92;' };

/** A label Mermaid reads back as exactly this text (line breaks become spaces; empty becomes one space). */
export function mermaidLabel(text: string): string {
  // Line breaks and tabs become spaces; other control characters are dropped.
  const flat = [...text.replace(/[\r\n\t]+/g, ' ')].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join('');
  const escaped = [...flat].map((ch) => ENTITIES[ch] ?? ch).join('');
  return `"${escaped.trim() === '' ? ' ' : escaped}"`;
}

// Words Mermaid's flowchart grammar treats as keywords when they stand alone as an id.
const RESERVED = new Set(['end', 'graph', 'flowchart', 'subgraph', 'style', 'class', 'classdef', 'click', 'linkstyle', 'direction', 'call', 'href', 'default', 'interpolate']);

const safeId = (id: string): boolean => /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(id) && !RESERVED.has(id.toLowerCase()) && !/^(o|x)$/i.test(id);

const SHAPE: Record<NodeShape, [string, string]> = {
  process: ['[', ']'],
  decision: ['{', '}'],
  terminator: ['([', '])'],
  io: ['[/', '/]'],
  connector: ['((', '))'],
  subroutine: ['[[', ']]'],
  text: ['[', ']'],
};

export function flowGraphToMermaid(g: FlowGraph): string {
  const ids = new Map<string, string>();
  const allSafe = g.nodes.every((n) => safeId(n.id)) && new Set(g.nodes.map((n) => n.id)).size === g.nodes.length;
  g.nodes.forEach((n, i) => ids.set(n.id, allSafe ? n.id : `n${i + 1}`));
  const lines = [`flowchart ${g.direction ?? 'TD'}`];
  for (const n of g.nodes) {
    const [open, close] = SHAPE[n.shape];
    lines.push(`  ${ids.get(n.id)!}${open}${mermaidLabel(n.text)}${close}`);
  }
  for (const e of g.edges) {
    const a = ids.get(e.source);
    const b = ids.get(e.target);
    if (a === undefined || b === undefined) continue;
    const arrow = e.directed === false ? '---' : '-->';
    const label = e.label !== null && e.label.trim() !== '' ? `|${mermaidLabel(e.label)}|` : '';
    lines.push(`  ${a} ${arrow}${label} ${b}`);
  }
  const plain = g.nodes.filter((n) => n.shape === 'text').map((n) => ids.get(n.id)!);
  if (plain.length > 0) lines.push(`  style ${plain.join(',')} fill:none,stroke:none`);
  return lines.join('\n') + '\n';
}

const MINDMAP_SHAPE: Partial<Record<NodeShape, [string, string]>> = {
  terminator: ['(', ')'],
  connector: ['((', '))'],
  decision: ['{{', '}}'],
};

export function mindmapToMermaid(t: MindmapTree): string {
  const lines = ['mindmap'];
  let next = 1;
  const walk = (n: MindmapNode, depth: number): void => {
    const [open, close] = depth === 0 ? ['((', '))'] : (n.shape && MINDMAP_SHAPE[n.shape]) ?? ['[', ']'];
    lines.push(`${'  '.repeat(depth + 1)}n${next++}${open}${mermaidLabel(n.text)}${close}`);
    for (const c of n.children) walk(c, depth + 1);
  };
  walk(t.root, 0);
  return lines.join('\n') + '\n';
}
