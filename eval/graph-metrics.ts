// Scoring an extracted graph against a true one, and an extracted tree against a true tree.
//
// Nodes are paired by text (exact after normalising case and spaces first, then close OCR
// misreadings, so one wrong letter does not also cost every edge of that node); nodes without
// text (start dots, merge diamonds) are paired by the already-paired neighbours they share.
// node-text F1 counts pairs whose text is exactly right; edge F1 counts extracted edges whose
// paired ends are a true edge in the same direction; label accuracy is over the edges found.
import type { FlowGraph, MindmapNode } from '../src/pipeline/flowcharts/types.js';

export interface TrueGraph {
  nodes: { id: string; text: string }[];
  edges: { source: string; target: string; label: string | null }[];
}

export const norm = (s: string | null | undefined): string => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

export function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

const similarity = (a: string, b: string): number => (a.length + b.length === 0 ? 1 : 1 - levenshtein(a, b) / Math.max(a.length, b.length));

export interface GraphScore {
  truthNodes: number;
  predNodes: number;
  textHits: number;
  truthEdges: number;
  predEdges: number;
  edgeHits: number;
  labelHits: number;
}

/** Pairs predicted node ids with true node ids. */
export function pairNodes(pred: FlowGraph, truth: TrueGraph): Map<string, string> {
  const pairs = new Map<string, string>();
  const usedT = new Set<string>();
  const candidates: { p: string; t: string; s: number }[] = [];
  for (const p of pred.nodes) {
    if (norm(p.text) === '') continue;
    for (const t of truth.nodes) {
      if (norm(t.text) === '') continue;
      const s = similarity(norm(p.text), norm(t.text));
      if (s >= 0.6) candidates.push({ p: p.id, t: t.id, s });
    }
  }
  candidates.sort((a, b) => b.s - a.s);
  for (const c of candidates) {
    if (pairs.has(c.p) || usedT.has(c.t)) continue;
    pairs.set(c.p, c.t);
    usedT.add(c.t);
  }
  // Textless nodes by shared paired neighbours (both directions), repeated while it helps.
  for (let round = 0; round < 3; round++) {
    const inv = new Map([...pairs].map(([p, t]) => [t, p]));
    const scored: { p: string; t: string; s: number }[] = [];
    for (const p of pred.nodes) {
      if (pairs.has(p.id) || norm(p.text).length > 2) continue;
      for (const t of truth.nodes) {
        if (usedT.has(t.id) || norm(t.text).length > 2) continue;
        let s = 0;
        for (const e of pred.edges) {
          if (e.source === p.id && truth.edges.some((f) => f.source === t.id && inv.get(f.target) === e.target)) s++;
          if (e.target === p.id && truth.edges.some((f) => f.target === t.id && inv.get(f.source) === e.source)) s++;
        }
        if (s > 0) scored.push({ p: p.id, t: t.id, s });
      }
    }
    scored.sort((a, b) => b.s - a.s);
    let added = 0;
    for (const c of scored) {
      if (pairs.has(c.p) || usedT.has(c.t)) continue;
      pairs.set(c.p, c.t);
      usedT.add(c.t);
      added++;
    }
    if (added === 0) break;
  }
  return pairs;
}

export function scoreGraph(pred: FlowGraph, truth: TrueGraph): GraphScore {
  const pairs = pairNodes(pred, truth);
  const textOf = new Map(truth.nodes.map((n) => [n.id, norm(n.text)]));
  let textHits = 0;
  for (const p of pred.nodes) {
    const t = pairs.get(p.id);
    if (t !== undefined && textOf.get(t) === norm(p.text)) textHits++;
  }
  const remaining = truth.edges.map((e) => ({ ...e, used: false }));
  let edgeHits = 0;
  let labelHits = 0;
  for (const e of pred.edges) {
    const s = pairs.get(e.source);
    const t = pairs.get(e.target);
    const hit = remaining.find((f) => !f.used && f.source === s && f.target === t);
    if (!hit) continue;
    hit.used = true;
    edgeHits++;
    if (norm(hit.label) === norm(e.label)) labelHits++;
  }
  return { truthNodes: truth.nodes.length, predNodes: pred.nodes.length, textHits, truthEdges: truth.edges.length, predEdges: pred.edges.length, edgeHits, labelHits };
}

export interface Totals {
  nodeF1: number;
  edgeF1: number;
  labelAccuracy: number;
  nodePrecision: number;
  nodeRecall: number;
  edgePrecision: number;
  edgeRecall: number;
}

const f1 = (hits: number, pred: number, truth: number): { p: number; r: number; f: number } => {
  const p = pred === 0 ? 0 : hits / pred;
  const r = truth === 0 ? 0 : hits / truth;
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
};

/** Micro-averaged totals over many figures. */
export function totals(scores: GraphScore[]): Totals {
  const sum = (k: keyof GraphScore): number => scores.reduce((a, s) => a + s[k], 0);
  const nodes = f1(sum('textHits'), sum('predNodes'), sum('truthNodes'));
  const edges = f1(sum('edgeHits'), sum('predEdges'), sum('truthEdges'));
  const hits = sum('edgeHits');
  return { nodeF1: nodes.f, edgeF1: edges.f, labelAccuracy: hits === 0 ? 0 : sum('labelHits') / hits, nodePrecision: nodes.p, nodeRecall: nodes.r, edgePrecision: edges.p, edgeRecall: edges.r };
}

export interface Tree {
  text: string;
  children: Tree[];
}

export const treeOf = (n: MindmapNode): Tree => ({ text: n.text, children: n.children.map(treeOf) });

const size = (t: Tree): number => 1 + t.children.reduce((a, c) => a + size(c), 0);

/** Children sorted by text: mind map branches have no order, so the tree is compared canonically. */
function canonical(t: Tree): Tree {
  return { text: norm(t.text), children: t.children.map(canonical).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)) };
}

/** Zhang-Shasha ordered tree edit distance, unit costs (insert, delete, rename). */
export function treeEditDistance(a: Tree, b: Tree): number {
  const post = (t: Tree): { labels: string[]; lmd: number[] } => {
    const labels: string[] = [];
    const lmd: number[] = [];
    const walk = (n: Tree): number => {
      let first = -1;
      for (const c of n.children) {
        const l = walk(c);
        if (first < 0) first = l;
      }
      labels.push(n.text);
      const me = labels.length - 1;
      lmd.push(first < 0 ? me : first);
      return first < 0 ? me : first;
    };
    walk(t);
    return { labels, lmd };
  };
  const A = post(a);
  const B = post(b);
  const keyroots = (lmd: number[]): number[] => {
    const seen = new Map<number, number>();
    lmd.forEach((l, i) => seen.set(l, i));
    return [...seen.values()].sort((x, y) => x - y);
  };
  const n = A.labels.length;
  const m = B.labels.length;
  const td = Array.from({ length: n }, () => new Array<number>(m).fill(0));
  for (const i of keyroots(A.lmd)) {
    for (const j of keyroots(B.lmd)) {
      const li = A.lmd[i]!;
      const lj = B.lmd[j]!;
      const fd = Array.from({ length: i - li + 2 }, () => new Array<number>(j - lj + 2).fill(0));
      for (let x = 1; x <= i - li + 1; x++) fd[x]![0] = x;
      for (let y = 1; y <= j - lj + 1; y++) fd[0]![y] = y;
      for (let x = 1; x <= i - li + 1; x++) {
        for (let y = 1; y <= j - lj + 1; y++) {
          const ai = li + x - 1;
          const bj = lj + y - 1;
          if (A.lmd[ai] === li && B.lmd[bj] === lj) {
            fd[x]![y] = Math.min(fd[x - 1]![y]! + 1, fd[x]![y - 1]! + 1, fd[x - 1]![y - 1]! + (A.labels[ai] === B.labels[bj] ? 0 : 1));
            td[ai]![bj] = fd[x]![y]!;
          } else {
            fd[x]![y] = Math.min(fd[x - 1]![y]! + 1, fd[x]![y - 1]! + 1, fd[A.lmd[ai]! - li]![B.lmd[bj]! - lj]! + td[ai]![bj]!);
          }
        }
      }
    }
  }
  return td[n - 1]![m - 1]!;
}

/** 1 - edit distance / size of the larger tree (1 = identical, 0 = nothing in common). */
export function treeAccuracy(pred: Tree, truth: Tree): number {
  const d = treeEditDistance(canonical(pred), canonical(truth));
  return Math.max(0, 1 - d / Math.max(size(pred), size(truth)));
}
