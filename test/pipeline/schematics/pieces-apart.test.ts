// Pieces grouped into a seed with a neighbour's are tried again on their own (symbols.piecesApart).
import { describe, expect, it } from 'vitest';
import type { SymbolHit } from '../../../src/pipeline/schematics/match.js';
import { piecesApart } from '../../../src/pipeline/schematics/symbols.js';
import type { BBox } from '../../../src/pipeline/types.js';

const hit = (box: BBox): SymbolHit => ({ entry: 0, rot: 0, scale: 1, box, score: 0.9, variant: 0 });

describe('pieces apart', () => {
  const th = 10;
  const valve: BBox = [0, 40, 40, 100];
  const bubble: BBox = [50, 0, 120, 60];
  const dot: BBox = [200, 200, 205, 205];
  const alone: BBox = [300, 300, 340, 340];
  // The valve's and the bubble's pieces made one seed; the lone piece is its own seed.
  const seeds: BBox[] = [[0, 0, 120, 100], [300, 300, 340, 340]];

  it('gives the pieces of a grouped seed that no match explains', () => {
    expect(piecesApart([valve, bubble, dot, alone], seeds, [hit([48, -2, 122, 62])], th)).toEqual([valve]);
  });

  it('gives nothing when every piece was a seed of its own or is explained', () => {
    expect(piecesApart([alone], seeds, [], th)).toEqual([]);
    expect(piecesApart([valve, bubble], seeds, [hit([-2, 38, 42, 102]), hit([48, -2, 122, 62])], th)).toEqual([]);
  });
});
