// Flowchart connectors whose head reads only weakly (issue 13u, train-styles seeds 200006,
// 200007, 200010: small open or vee heads, thin lines among thick outlines), and the shared
// main-direction helper of connectors.ts.
import { describe, expect, it } from 'vitest';
import { mainAngle, strokeEdges, type Contact } from '../../../src/pipeline/flowcharts/connectors.js';
import { throughBox } from '../../../src/pipeline/flowcharts/boxed-labels.js';
import { weakHead } from '../../../src/pipeline/flowcharts/weak-heads.js';

const end = (density: number, marginDensity?: number) => ({ density, head: false, ...(marginDensity === undefined ? {} : { marginDensity }) });

describe('weak heads in flowcharts', () => {
  it('a small vee whose barbs the margin took: denser by 40 % in both readings is the head', () => {
    // Seed 200006: head at a rounded box 0.95 / 1.29, tail at a parallelogram's slant 0.68 / 0.94.
    const tail = end(0.68, 0.94);
    const head = end(0.95, 1.29);
    expect(weakHead(tail, head)).toBe(true);
    expect([tail.head, head.head]).toEqual([false, true]);
  });

  it('a thin line among thick outlines: the plain reading alone clearly denser, the margin agreeing', () => {
    const head = end(0.67, 0.82);
    const tail = end(0.43, 0.46);
    expect(weakHead(head, tail)).toBe(true);
    expect(head.head).toBe(true);
  });

  it('the margin reading alone clearly denser, the plain one agreeing a little', () => {
    const head = end(0.87, 1.24);
    const tail = end(0.8, 0.92);
    expect(weakHead(tail, head)).toBe(true);
    expect(head.head).toBe(true);
  });

  it('no head where the ends read alike, where the readings disagree, or where one is already marked', () => {
    expect(weakHead(end(0.53, 0.66), end(0.53, 0.71))).toBe(false);
    // Plain favours one end, the margin the other.
    expect(weakHead(end(0.9, 0.8), end(0.6, 1.2))).toBe(false);
    // Denser by a fifth in both readings: too close to call.
    expect(weakHead(end(0.6, 0.72), end(0.5, 0.6))).toBe(false);
    // Without margin readings the plain one alone does not decide.
    expect(weakHead(end(1.2), end(0.5))).toBe(false);
    const marked = { density: 0.5, marginDensity: 0.5, head: true };
    expect(weakHead(marked, end(1.5, 1.5))).toBe(false);
  });

  it('strokeEdges points a weakly headed stroke only when told the figure is a flowchart', () => {
    const contact = (node: number, x: number, density: number, marginDensity: number): Contact => ({ node, x, y: 5, density, marginDensity, head: false });
    const pixels: number[] = [];
    for (let x = 0; x <= 60; x++) pixels.push(5 * 100 + x);
    const centre = (i: number): [number, number] => [i === 0 ? -40 : 100, 5];
    const plain = strokeEdges({ pixels, contacts: [contact(0, 1, 0.68, 0.94), contact(1, 59, 0.95, 1.29)] }, 100, centre);
    expect(plain).toMatchObject([{ directed: false }]);
    const flow = strokeEdges({ pixels, contacts: [contact(0, 1, 0.68, 0.94), contact(1, 59, 0.95, 1.29)] }, 100, centre, undefined, true);
    expect(flow).toMatchObject([{ source: 0, target: 1, directed: true }]);
  });
});

describe('main direction of a stroke near a point', () => {
  it('follows the stroke: along x, along y, the diagonal', () => {
    const along = (ux: number, uy: number): [number, number][] => Array.from({ length: 20 }, (_, k) => [k * ux, k * uy]);
    expect(mainAngle(along(1, 0))).toBeCloseTo(0, 6);
    expect(Math.abs(mainAngle(along(0, 1)))).toBeCloseTo(Math.PI / 2, 6);
    expect(mainAngle(along(1, 1))).toBeCloseTo(Math.PI / 4, 6);
    expect(mainAngle(along(1, -1))).toBeCloseTo(-Math.PI / 4, 6);
  });
  it('a line two pixels thick still reads along its length', () => {
    const pts: [number, number][] = [];
    for (let k = 0; k < 30; k++) pts.push([k, 0], [k, 1]);
    expect(mainAngle(pts)).toBeCloseTo(0, 1);
  });
});

describe('a weakly read piece at a label box', () => {
  const top = (k: number): number => [0, 100, 50][k]!;
  it('counts as bare: the line goes on through the box to the strongly headed piece', () => {
    // Seed 200007: the piece from "In stock?" (0) to the "ok" box (9) read its weak head at
    // "In stock?"; the piece on to "Import report" (1) has a clear head there.
    const weak = { source: 9, target: 0, directed: true, pixels: [1], weak: true };
    const strong = { source: 9, target: 1, directed: true, pixels: [2] };
    expect(throughBox([weak, strong], 9, top)).toMatchObject({ source: 0, target: 1, directed: true });
    expect(throughBox([strong, weak], 9, top)).toMatchObject({ source: 0, target: 1, directed: true });
    // Read as strong, the same two pieces both leave the box: no line through it.
    expect(throughBox([{ ...weak, weak: false }, strong], 9, top)).toBeUndefined();
  });
});
