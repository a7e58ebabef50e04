// Bare lines in a flowchart run with the figure's main flow (issue 13z): left to right in a chart
// drawn that way, bottom to top in one drawn upwards; top-down stays when the flow is unclear.
import { describe, expect, it } from 'vitest';
import { mainFlow, orientBareLines } from '../../../src/pipeline/flowcharts/flow-order.js';
import type { RawEdge } from '../../../src/pipeline/flowcharts/connectors.js';

const edge = (source: number, target: number, directed = true): RawEdge => ({ source, target, directed, pixels: [] });

describe('bare lines along the main flow', () => {
  // Nodes 0..4 in a row, left to right; node 5 below node 4.
  const at = (i: number): [number, number] => (i === 5 ? [400, 300] : [i * 100, 0]);

  it('a chart drawn left to right orders a bare line left to right', () => {
    const raw = [edge(0, 1), edge(1, 2), edge(2, 3), edge(4, 3, false)];
    expect(mainFlow(raw, at)).toEqual([1, 0]);
    expect(orientBareLines(raw, at).map((e) => [e.source, e.target, e.directed])).toEqual([
      [0, 1, true],
      [1, 2, true],
      [2, 3, true],
      [3, 4, false],
    ]);
  });

  it('a chart drawn upwards orders a bare line bottom to top', () => {
    const up = (i: number): [number, number] => [0, -i * 100];
    const raw = [edge(0, 1), edge(1, 2), edge(2, 3), edge(3, 4, false)];
    expect(mainFlow(raw, up)).toEqual([0, -1]);
    expect(orientBareLines([edge(4, 3, false)], up)).toEqual([edge(4, 3, false)]);
    expect(orientBareLines(raw, up).at(-1)).toMatchObject({ source: 3, target: 4 });
  });

  it('no clear flow (too few arrows, or as many each way): ends stay as they were', () => {
    const few = [edge(0, 1), edge(1, 2), edge(4, 3, false)];
    expect(mainFlow(few, at)).toBeUndefined();
    expect(orientBareLines(few, at)).toBe(few);
    const mixed = [edge(0, 1), edge(1, 2), edge(2, 3), edge(3, 2), edge(2, 1), edge(4, 3, false)];
    expect(mainFlow(mixed, at)).toBeUndefined();
  });

  it('directed edges keep their direction against the flow', () => {
    const raw = [edge(0, 1), edge(1, 2), edge(2, 3), edge(5, 4)];
    expect(orientBareLines(raw, at)).toEqual(raw);
  });

  it('a short link read with a head at each end runs the way its neighbours lead in and out (issue 13f)', () => {
    const short = (source: number, target: number): RawEdge => ({ source, target, directed: true, alongFlow: true, pixels: [] });
    // 0 -> 1 ? 2 -> 3: node 1 is entered from 0 and node 2 left to 3, so 1 -> 2 even upwards.
    const up = (i: number): [number, number] => [0, -i * 100];
    expect(orientBareLines([edge(0, 1), short(2, 1), edge(2, 3)], up)[1]).toMatchObject({ source: 1, target: 2, directed: true });
    // Neighbours silent: the main flow decides (left to right here).
    expect(orientBareLines([edge(0, 1), edge(1, 2), edge(2, 3), short(4, 3)], at)[3]).toMatchObject({ source: 3, target: 4 });
  });
});
