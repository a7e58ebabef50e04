// Junctions joined among themselves in a closed loop with no symbol on it are a drawing's inside
// traced as lines (an unmatched exchanger's tubes, a title block's rules): they are dropped from
// the graph, their loose ends with them, and a pipe junction the drawing ran into stays one; a
// loop whose tees are mostly drawn dots is pipes and stays.
import { describe, expect, it } from 'vitest';
import { Frame } from '../../../src/pipeline/schematics/frame.js';
import { assemble, junctionLoops, type PlacedSymbol } from '../../../src/pipeline/schematics/graph.js';
import type { NetworkResult, Pt } from '../../../src/pipeline/schematics/network.js';

const wire = (from: string, to: string, a: Pt, b: Pt): NetworkResult['wires'][number] => ({ from, to, points: [a, b], dashed: false, pieces: [] });

describe('junction loops', () => {
  it('finds the junctions on loops, not the loose ends hanging off them nor a tree of tees', () => {
    const loop = [wire('j0', 'j1', [0, 0], [1, 0]), wire('j1', 'j2', [1, 0], [1, 1]), wire('j2', 'j3', [1, 1], [0, 1]), wire('j3', 'j0', [0, 1], [0, 0])];
    expect([...junctionLoops([...loop, wire('j1', 'j5', [1, 0], [2, 0]), wire('j5', 's0', [2, 0], [3, 0])])].sort()).toEqual(['j0', 'j1', 'j2', 'j3']);
    // Tees joined in a tree (no loop), and a loop through a symbol (a bypass round a valve).
    expect(junctionLoops([wire('j0', 'j1', [0, 0], [1, 0]), wire('j1', 'j2', [1, 0], [2, 0]), wire('j1', 's0', [1, 0], [1, 1])]).size).toBe(0);
    expect(junctionLoops([wire('j0', 'j1', [0, 0], [1, 0]), wire('j0', 's0', [0, 0], [0, 1]), wire('s0', 'j1', [0, 1], [1, 1])]).size).toBe(0);
  });

  it('a loop whose junctions are mostly drawn dots is a pipe loop, not a drawing: kept', () => {
    const loop = [wire('j0', 'j1', [0, 0], [1, 0]), wire('j1', 'j2', [1, 0], [1, 1]), wire('j2', 'j3', [1, 1], [0, 1]), wire('j3', 'j0', [0, 1], [0, 0])];
    // A second loop, apart from the first, with no dots: still dropped.
    const bare = [wire('j4', 'j5', [5, 0], [6, 0]), wire('j5', 'j6', [6, 0], [6, 1]), wire('j6', 'j4', [6, 1], [5, 0])];
    const dots = new Set(['j0', 'j1', 'j2']);
    expect([...junctionLoops([...loop, ...bare], (j) => dots.has(j))].sort()).toEqual(['j4', 'j5', 'j6']);
    expect([...junctionLoops([...loop, ...bare], (j) => j === 'j0')].sort()).toEqual(['j0', 'j1', 'j2', 'j3', 'j4', 'j5', 'j6']);
  });

  it('drops a loop from the graph and keeps the tee it ran into as a junction', () => {
    const frame = new Frame(200, 200, 200, 200, 0);
    const sym = (box: [number, number, number, number]): PlacedSymbol => ({ box, cls: 'valve', subtype: null, legendId: null, rotation: 0, score: 0.9, tag: null });
    const symbols = [sym([0, 90, 20, 110]), sym([180, 90, 200, 110])];
    const junctions = [[60, 60], [80, 60], [80, 80], [60, 80], [100, 100]].map((at) => ({ at: at as Pt, radius: 3 }));
    const net: NetworkResult = {
      junctions,
      crossings: [],
      wires: [
        wire('j0', 'j1', [60, 60], [80, 60]),
        wire('j1', 'j2', [80, 60], [80, 80]),
        wire('j2', 'j3', [80, 80], [60, 80]),
        wire('j3', 'j0', [60, 80], [60, 60]),
        // A diagonal: the loop's corners are tees, not bends folded away.
        wire('j0', 'j2', [60, 60], [80, 80]),
        wire('j2', 'j4', [80, 80], [100, 100]),
        wire('s0', 'j4', [20, 100], [100, 100]),
        wire('j4', 's1', [100, 100], [180, 100]),
      ],
    };
    const g = assemble(frame, symbols, net, [], 4);
    expect(g.nodes.map((n) => n.class)).toEqual(['valve', 'valve', 'junction']);
    expect(g.edges.map((e) => [e.source, e.target].sort().join('-')).sort()).toEqual(['n1-n3', 'n2-n3']);
    // The same loop drawn with junction dots is pipes: kept (its two-line corners folded away).
    const dottedNet: NetworkResult = { ...net, junctions: junctions.map((j) => ({ ...j, dotted: true })) };
    const kept = assemble(frame, symbols, dottedNet, [], 4);
    expect(kept.nodes.filter((n) => n.class === 'junction')).toHaveLength(3);
    expect(kept.edges.map((e) => [e.source, e.target].sort().join('-')).sort()).toEqual(['n1-n5', 'n2-n5', 'n3-n4', 'n3-n4', 'n3-n4', 'n4-n5']);
  });
});
