// Edges in other tools' styles (train-styles, issue 13s): label boxes that hug their word at large
// type sizes, lines drawn through label boxes, and heads read from the stroke's width profile
// when the head is as long as the line (a large or one-sided head on a short link).
import { describe, expect, it } from 'vitest';
import { boxedLabels, hugsShortWord, throughBox } from '../../../src/pipeline/flowcharts/boxed-labels.js';
import { findStrokes, strokeEdges, widestAtContact, type Contact } from '../../../src/pipeline/flowcharts/connectors.js';
import type { BBox } from '../../../src/pipeline/types.js';

const box = (bbox: BBox, text: string, textBox?: BBox) => ({ bbox, shape: 'process' as const, text, ...(textBox ? { textBox } : {}) });

describe('label boxes that hug their word', () => {
  it('a box 2.4 glyphs tall, its word within a glyph of its sides, is a label box; a node of that height with margins is not', () => {
    // Graphviz HTML label "true" at 14 pt (styled seed 200020): glyph 15, box 36 px tall.
    expect(hugsShortWord(box([630, 160, 700, 196], 'true', [635, 167, 685, 186]), 15, 3)).toBe(true);
    // A one-word node of the same height: the word sits well inside (wide side margins).
    expect(hugsShortWord(box([600, 150, 720, 196], 'Stop', [640, 162, 680, 184]), 15, 3)).toBe(false);
    // Its word well inside top and bottom: a node drawn at its minimum height.
    expect(hugsShortWord(box([630, 150, 700, 197], 'true', [635, 167, 685, 181]), 15, 3)).toBe(false);
    // Without glyphs found inside, only the plain height rule applies.
    expect(hugsShortWord(box([630, 160, 700, 196], 'true'), 15, 3)).toBe(false);
    expect(hugsShortWord(box([630, 160, 700, 192], ''), 15, 3)).toBe(true);
    // Two words are a node's text.
    expect(hugsShortWord(box([630, 160, 700, 196], 'go on', [635, 167, 685, 186]), 15, 3)).toBe(false);
  });

  it('such a box on a line is the label of the edge through it', () => {
    const nodes = [box([0, 0, 200, 60], 'Found?'), box([100, 100, 170, 136], 'true', [105, 107, 155, 126]), box([0, 200, 200, 260], 'Done?')];
    const raw = [
      { source: 0, target: 1, directed: false, pixels: [1] },
      { source: 1, target: 2, directed: true, pixels: [2] },
    ];
    const out = boxedLabels(nodes, raw, 15, 3);
    expect(out.nodes.map((n) => n.text)).toEqual(['Found?', 'Done?']);
    expect(out.raw).toEqual([{ source: 0, target: 1, directed: true, pixels: [1, 2] }]);
    expect(out.labels.map((l) => l.text)).toEqual(['true']);
  });
});

describe('lines through a label box', () => {
  const top = (k: number): number => [0, 100, 50][k]!;
  const e = (source: number, target: number, directed: boolean) => ({ source, target, directed, pixels: [source * 10 + target] });
  it('in at one piece, on at the other, whichever way the pieces were ordered', () => {
    // Box 9; the line runs from node 0 to node 1.
    expect(throughBox([e(0, 9, false), e(9, 1, true)], 9, top)).toMatchObject({ source: 0, target: 1, directed: true });
    // Both pieces leave the box (the box lies above both ends): the bare one comes in.
    expect(throughBox([e(9, 1, true), e(9, 0, false)], 9, top)).toMatchObject({ source: 0, target: 1, directed: true });
    // Two bare pieces: a bare line, ordered top-down.
    expect(throughBox([e(1, 9, false), e(0, 9, false)], 9, top)).toMatchObject({ source: 0, target: 1, directed: false });
  });
  it('no line through the box: heads both away, a head at the box and a piece ending there, one node twice', () => {
    expect(throughBox([e(9, 0, true), e(9, 1, true)], 9, top)).toBeUndefined();
    expect(throughBox([e(0, 9, true), e(1, 9, false)], 9, top)).toBeUndefined();
    expect(throughBox([e(0, 9, false), e(9, 0, true)], 9, top)).toBeUndefined();
  });
  it('heads both away with one at a decision: the line leaves the decision (its point read as a head)', () => {
    expect(throughBox([e(9, 0, true), e(9, 1, true)], 9, top, (k) => k === 1)).toMatchObject({ source: 1, target: 0, directed: true });
    expect(throughBox([e(9, 0, true), e(9, 1, true)], 9, top, (k) => k === 0)).toMatchObject({ source: 0, target: 1, directed: true });
    // Both or neither a decision: still no line.
    expect(throughBox([e(9, 0, true), e(9, 1, true)], 9, top, () => true)).toBeUndefined();
  });
});

// A short link with a large one-sided ("halfopen") head from styled seed 200044: a 2-pixel shaft
// from the tail contact (top) to the head's tip (bottom), the barb on the right; the barb's wide
// base lies mid-line, within reach of both ends.
const HALF_HEAD = [
  ...Array.from({ length: 14 }, () => '.............##...............'),
  '.............##.........#.....',
  '.............##........##.....',
  '.............##.......##......',
  '.............##......###......',
  '.............##......##.......',
  '.............##.....###.......',
  '.............##....###........',
  '.............##...####........',
  '.............##..####.........',
  '.............##.#####.........',
  '.............########.........',
  '.............#######..........',
  '.............#######..........',
  '.............######...........',
  '.............######...........',
  '.............#####............',
  '.............#####............',
  '.............####.............',
  '.............####.............',
  '.............####.............',
  '.............###..............',
  '.............###..............',
  '.............##...............',
];

describe('heads as long as the line', () => {
  it('a half head whose base sits mid-line points at the end it tapers to', () => {
    const width = HALF_HEAD[0]!.length;
    const pixels: number[] = [];
    HALF_HEAD.forEach((row, y) => [...row].forEach((ch, x) => ch === '#' && pixels.push(y * width + x)));
    // Densities as read on the figure: the head's end is the denser.
    const tail: Contact = { node: 0, x: 14, y: 4, density: 0.87, head: false, marginDensity: 0.95 };
    const tip: Contact = { node: 1, x: 14, y: 33, density: 1.9, head: false, marginDensity: 2 };
    const edges = strokeEdges({ pixels, contacts: [tail, tip] }, width, (i) => [14, i === 0 ? -30 : 60], { stroke: 2, glyph: 15 });
    expect(edges.map((e) => [e.source, e.target, e.directed])).toEqual([[0, 1, true]]);
  });

  it('the same stroke drawn the other way round points the other way', () => {
    const width = HALF_HEAD[0]!.length;
    const h = HALF_HEAD.length;
    const pixels: number[] = [];
    HALF_HEAD.forEach((row, y) => [...row].forEach((ch, x) => ch === '#' && pixels.push((h - 1 - y) * width + x)));
    const tip: Contact = { node: 0, x: 14, y: h - 1 - 33, density: 1.9, head: false, marginDensity: 2 };
    const tail: Contact = { node: 1, x: 14, y: h - 1 - 4, density: 0.87, head: false, marginDensity: 0.95 };
    const edges = strokeEdges({ pixels, contacts: [tip, tail] }, width, (i) => [14, i === 0 ? -30 : 60], { stroke: 2, glyph: 15 });
    expect(edges.map((e) => [e.source, e.target, e.directed])).toEqual([[1, 0, true]]);
  });
});

// The left corner of a flat filled diamond (styled seed 200044), cut off the shape by the opening
// and left on the line that leaves it: widest at the contact (x = 39), narrowing to the line.
const CORNER = [
  '.....................................###',
  '.................................#######',
  '.............................###########',
  '.........................###############',
  '......................##################',
  '..................######################',
  '########################################',
  '########################################',
  '....................####################',
  '........................################',
  '............................############',
  '................................########',
  '...................................#####',
  '.......................................#',
];

function pixelsOf(rows: string[]): { pixels: number[]; width: number } {
  const width = rows[0]!.length;
  const pixels: number[] = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => ch === '#' && pixels.push(y * width + x)));
  return { pixels, width };
}

describe('outline corners left on a line', () => {
  const scale = { stroke: 2, glyph: 15 };
  it('a corner narrowing away from the node is no head: the line points away from it', () => {
    const { pixels, width } = pixelsOf(CORNER);
    const corner: Contact = { node: 0, x: 39, y: 7, density: 3.33, head: false };
    expect(widestAtContact(pixels, corner, width, scale)).toBe(true);
    // Joined with a line that ends at a plain head far away (density 1.64).
    const far: Contact = { node: 1, x: 0, y: 7, density: 1.64, head: false };
    const edges = strokeEdges({ pixels, contacts: [corner, far] }, width, (i) => [i === 0 ? 60 : -100, 7], scale);
    expect(edges.map((e) => [e.source, e.target])).toEqual([[0, 1]]);
  });

  it('a head tapering to its tip at the node, or seen from its base, is not a corner', () => {
    const { pixels, width } = pixelsOf(HALF_HEAD);
    expect(widestAtContact(pixels, { node: 1, x: 14, y: 33, density: 1.9, head: false }, width, scale)).toBe(false);
    // A short head whose tip is lost in the node's margin: wide at the contact, then the shaft at once.
    const base = ['##########', ...Array.from({ length: 12 }, () => '....##....')];
    const b = pixelsOf(base);
    expect(widestAtContact(b.pixels, { node: 0, x: 4.5, y: 0, density: 1.5, head: false }, b.width, scale)).toBe(false);
  });
});

describe('a stroke reaching one node at two places (issue 13f)', () => {
  it('gives a contact at each place, so two lines of a crossing that end at one node keep their heads', () => {
    const width = 200;
    const height = 200;
    const data = new Uint8Array(width * height);
    const rect = (x0: number, y0: number, x1: number, y1: number): number[] => {
      const out: number[] = [];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out.push(y * width + x);
      return out;
    };
    const nodes = [rect(80, 160, 140, 190), rect(0, 0, 20, 20), rect(180, 0, 200, 20)];
    // Lines from node 1 and node 2 joined by a crossbar, and two lines from it down to node 0, 30 px apart.
    for (const p of [...rect(9, 20, 11, 101), ...rect(9, 99, 191, 101), ...rect(189, 20, 191, 101), ...rect(94, 100, 96, 160), ...rect(124, 100, 126, 160)]) data[p] = 1;
    for (const list of nodes) for (const p of list) data[p] = 1;
    const strokes = findStrokes({ width, height, data }, nodes, { stroke: 1, glyph: 10 });
    const joined = strokes.find((s) => s.contacts.length > 2)!;
    expect(joined.contacts.filter((c) => c.node === 0)).toHaveLength(2);
    expect(joined.contacts.filter((c) => c.node !== 0).map((c) => c.node).sort()).toEqual([1, 2]);
  });
});

