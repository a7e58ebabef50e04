// Lines into a network (lines.ts findSegments, network.ts buildNetwork) on masks drawn here: a
// crossing without a dot is no junction and both pipes run on over it; with a dot it is one; a
// tee is one; a sliver along a branch (an arrowhead's or a ragged scan's) does not cut the branch off.
import { describe, expect, it } from 'vitest';
import { findSegments } from '../../../src/pipeline/schematics/lines.js';
import { buildNetwork } from '../../../src/pipeline/schematics/network.js';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 300;
const H = 300;

function canvas(): Mask {
  return { data: new Uint8Array(W * H), width: W, height: H };
}
function rect(m: Mask, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m.data[y * W + x] = 1;
}
function disc(m: Mask, cx: number, cy: number, r: number): void {
  for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) m.data[y * W + x] = 1;
}
/** A filled arrowhead pointing down, its tip at (cx, y). */
function arrowDown(m: Mask, cx: number, y: number, len: number): void {
  for (let k = 0; k < len; k++) {
    const half = Math.round(((len - k) * 0.38 * len) / len);
    rect(m, cx - half, y - k, cx + half + 1, y - k + 1);
  }
}

// Four symbols (boxes) at the ends of the lines: left, right, top, bottom.
const SYMBOLS: BBox[] = [
  [10, 130, 40, 170],
  [260, 130, 290, 170],
  [130, 10, 170, 40],
  [130, 260, 170, 290],
];
const network = (m: Mask) => buildNetwork(findSegments(m, { minRun: 8, maxWidth: 8, dashGap: 12, symbols: SYMBOLS }), SYMBOLS, m, 9);
const joins = (wires: Array<{ from: string; to: string }>): string[] => wires.map((w) => [w.from, w.to].sort().join('-')).sort();

describe('schematic line network', () => {
  it('a crossing without a dot is no junction: both pipes run on over it', () => {
    const m = canvas();
    rect(m, 40, 148, 260, 152);
    rect(m, 148, 40, 152, 260);
    const net = network(m);
    expect(net.junctions).toEqual([]);
    expect(net.crossings).toHaveLength(1);
    expect(joins(net.wires)).toEqual(['s0-s1', 's2-s3']);
  });

  it('the same crossing with a dot is a junction of four pipes', () => {
    const m = canvas();
    rect(m, 40, 148, 260, 152);
    rect(m, 148, 40, 152, 260);
    disc(m, 150, 150, 7);
    const net = network(m);
    expect(net.junctions).toHaveLength(1);
    expect(net.crossings).toEqual([]);
    expect(joins(net.wires)).toEqual(['j0-s0', 'j0-s1', 'j0-s2', 'j0-s3']);
  });

  it('a tee is a junction, and an arrowhead on its branch leaves the branch whole', () => {
    const m = canvas();
    rect(m, 40, 148, 260, 152);
    // The branch down from the tee bends left, then down into the bottom symbol.
    rect(m, 198, 150, 202, 222);
    rect(m, 148, 218, 202, 222);
    rect(m, 148, 218, 152, 260);
    arrowDown(m, 200, 210, 24);
    const net = network(m);
    expect(net.junctions).toHaveLength(1);
    expect(joins(net.wires)).toEqual(['j0-s0', 'j0-s1', 'j0-s3']);
  });

  it('one-pixel slivers along a branch (the edges of a scanned arrowhead) do not take its bend', () => {
    // Segments as traced on a 150-dpi scan: a branch down from a tee on the pipe at y 626, with an
    // arrowhead's edges beside it (width 1), one of them ending on the bend at y 768.
    const seg = (dir: 'h' | 'v', pos: number, start: number, end: number, width: number) => ({ dir, pos, start, end, width, dashed: false });
    const segs = [seg('h', 626, 449, 581, 4), seg('h', 768, 429, 537, 4), seg('v', 431, 766, 986, 4), seg('v', 532.5, 764, 770, 1), seg('v', 534.5, 620, 770, 3), seg('v', 536.5, 666, 768, 1)];
    const symbols: BBox[] = [[380, 600, 445, 650], [585, 600, 650, 650], [400, 990, 460, 1040]];
    const mask: Mask = { data: new Uint8Array(1100 * 1100), width: 1100, height: 1100 };
    const net = buildNetwork(segs, symbols, mask, 9);
    expect(net.junctions).toHaveLength(1);
    expect(joins(net.wires)).toEqual(['j0-s0', 'j0-s1', 'j0-s2']);
  });

  it('a tee drawn with a dot is marked dotted, a bare tee is not', () => {
    for (const dot of [false, true]) {
      const m = canvas();
      rect(m, 40, 148, 260, 152);
      rect(m, 148, 150, 152, 260);
      if (dot) disc(m, 150, 150, 7);
      const net = network(m);
      expect(net.junctions).toHaveLength(1);
      expect(net.junctions[0]!.dotted).toBe(dot);
    }
  });
  it('a dashed line whose last dash stops a gap short of a symbol reaches it; a solid line as short does not', () => {
    for (const dashed of [true, false]) {
      const m = canvas();
      // From the top symbol (bottom at y 40) down to 14 pixels short of the bottom one (top at
      // y 260), beyond the reach of 9: dashes 14 long, 8 apart.
      if (dashed) for (let y = 246; y > 40; y -= 22) rect(m, 149, Math.max(40, y - 14), 151, y);
      else rect(m, 149, 40, 151, 246);
      const net = network(m);
      expect(joins(net.wires)).toEqual(dashed ? ['s2-s3'] : []);
    }
  });
});
