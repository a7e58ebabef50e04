// Two pictures matched at one place (rivals.ts): a plug valve (a filled square between two
// triangles) and a globe valve (a filled disc there) told apart where they differ.
import { describe, expect, it } from 'vitest';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import { differenceScores, rivalWins, type Drawn } from '../../../src/pipeline/schematics/rivals.js';

function valve(w: number, h: number, middle: 'square' | 'disc'): Mask {
  const m: Mask = { data: new Uint8Array(w * h), width: w, height: h };
  const cy = h / 2;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    // Two triangles' outlines, tip to tip at the centre (left and right edges and slants).
    const d = Math.abs(x - w / 2);
    const slant = Math.abs(Math.abs(y - cy) - (d * (h / 2 - 2)) / (w / 2)) < 1.2;
    const side = (x < 2 || x >= w - 2) && Math.abs(y - cy) <= h / 2 - 2;
    const mid = middle === 'square' ? d <= 7 && Math.abs(y - cy) <= 9 : Math.hypot(x - w / 2, y - cy) <= 7;
    if (slant || side || mid) m.data[y * w + x] = 1;
  }
  return m;
}

function onPage(pic: Mask, at: [number, number], size: [number, number]): Mask {
  const page: Mask = { data: new Uint8Array(size[0] * size[1]), width: size[0], height: size[1] };
  for (let y = 0; y < pic.height; y++) for (let x = 0; x < pic.width; x++) page.data[(y + at[1]) * size[0] + x + at[0]] = pic.data[y * pic.width + x]!;
  return page;
}

describe('rival pictures at one place', () => {
  const plug = valve(60, 40, 'square');
  const globe = valve(60, 40, 'disc');
  const drawn = (ink: Mask, x: number, y: number): Drawn => ({ box: [x, y, x + ink.width, y + ink.height], ink });

  it('prefers the picture whose own ink the page has where the two differ', () => {
    const page = onPage(plug, [20, 30], [120, 100]);
    expect(rivalWins(page, drawn(globe, 20, 30), drawn(plug, 20, 30))).toBe(true);
    expect(rivalWins(page, drawn(plug, 20, 30), drawn(globe, 20, 30))).toBe(false);
    // A placement a pixel off does not count against the picture placed there.
    expect(rivalWins(page, drawn(plug, 20, 30), drawn(globe, 21, 30))).toBe(false);
    const discPage = onPage(globe, [20, 30], [120, 100]);
    expect(rivalWins(discPage, drawn(globe, 20, 30), drawn(plug, 20, 30))).toBe(false);
  });

  it('does not decide on pictures that differ in a few pixels only', () => {
    const page = onPage(plug, [20, 30], [120, 100]);
    expect(differenceScores(page, drawn(plug, 20, 30), drawn(plug, 20, 30))).toBeNull();
  });
});
