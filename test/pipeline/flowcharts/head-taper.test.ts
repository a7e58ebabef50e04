// Short thick links whose two ends both read as heads by ink (issue 13z): the whole head lies
// within the density window of both ends (styled seeds 200014, 200060: a 30-pixel link, an 8-pixel
// pen). In a flowchart the head is told by its taper; an arrow both ways keeps both heads.
import { describe, expect, it } from 'vitest';
import { strokeEdges, type Contact } from '../../../src/pipeline/flowcharts/connectors.js';
import { headByTaper } from '../../../src/pipeline/flowcharts/head-profile.js';

const WIDTH = 60;
const scale = { stroke: 8, glyph: 42 };

/** A vertical stroke centred on x = 30 whose width at row y is widthAt(y), rows 0..rows-1. */
function stroke(rows: number, widthAt: (y: number) => number): number[] {
  const pixels: number[] = [];
  for (let y = 0; y < rows; y++) {
    const w = Math.round(widthAt(y));
    const x0 = 30 - Math.floor(w / 2);
    for (let x = x0; x < x0 + w; x++) pixels.push(y * WIDTH + x);
  }
  return pixels;
}

// As read on seed 200014: 8 rows of an 11-pixel shaft, then the head's base (37 wide) tapering
// to 23 where the margin around the node cut its tip off.
const shaftThenHead = (y: number): number => (y < 8 ? 11 : 37 - ((y - 8) * 14) / 22);
const both = (): [Contact, Contact] => [
  { node: 0, x: 30, y: 0, density: 1.88, head: true },
  { node: 1, x: 30, y: 30, density: 1.88, head: true },
];
const centre = (i: number): [number, number] => [30, i === 0 ? -50 : 80];

describe('one head of a short link read as heads at both ends', () => {
  it('the end the stroke tapers to is the head, the end at the bare shaft the tail', () => {
    const pixels = stroke(31, shaftThenHead);
    const [a, b] = both();
    expect(headByTaper(pixels, [a, b], WIDTH, scale)).toBe(true);
    expect([a.head, b.head]).toEqual([false, true]);
    const edges = strokeEdges({ pixels, contacts: both() }, WIDTH, centre, scale, true);
    expect(edges.map((e) => [e.source, e.target, e.directed])).toEqual([[0, 1, true]]);
  });

  it('the same link drawn the other way round points the other way', () => {
    const pixels = stroke(31, (y) => shaftThenHead(30 - y));
    const edges = strokeEdges({ pixels, contacts: both() }, WIDTH, centre, scale, true);
    expect(edges.map((e) => [e.source, e.target])).toEqual([[1, 0]]);
  });

  it('outside flowcharts the ink reading stands (arrows both ways)', () => {
    const pixels = stroke(31, shaftThenHead);
    const edges = strokeEdges({ pixels, contacts: both() }, WIDTH, centre, scale, false);
    expect(edges.map((e) => [e.source, e.target])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
});

describe('links that keep both heads', () => {
  it('a head at each end with a shaft between: an arrow both ways', () => {
    // Tips cut to 23 at both contacts, bases 37 wide, a 10-pixel shaft between them.
    const pixels = stroke(51, (y) => (y < 14 ? 23 + y : y > 36 ? 23 + (50 - y) : 11));
    const [a, b] = both();
    b.y = 50;
    expect(headByTaper(pixels, [a, b], WIDTH, scale)).toBe(false);
    expect([a.head, b.head]).toEqual([true, true]);
  });

  it('a bare shaft (no part twice its width) is not decided', () => {
    const pixels = stroke(31, () => 11);
    const [a, b] = both();
    expect(headByTaper(pixels, [a, b], WIDTH, scale)).toBe(false);
  });
});
