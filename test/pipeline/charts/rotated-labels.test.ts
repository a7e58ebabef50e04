// Category labels turned 45 or 90 degrees (train-mpl3 seeds 2900011, 2900025): the angle of a
// label's ink, the label row, and the crop turned level before OCR reads it.
import { describe, expect, it } from 'vitest';
import { anchors, evenerRow, labelRow, levelCrop, principalAxis, turnedBlobs, withoutLongRuns, type TurnedBlob } from '../../../src/pipeline/charts/rotated-labels.js';

const W = 120, H = 120;

/** Ink of a label: blocks of 3x6 "letters" (3 pixels wide, 6 high across the line) along a line from (x, y) at `deg` degrees (counter-clockwise, y up). */
function label(ink: Uint8Array, x: number, y: number, deg: number, letters: number): void {
  const a = (deg * Math.PI) / 180, ux = Math.cos(a), uy = -Math.sin(a), nx = -uy, ny = ux;
  for (let k = 0; k < letters; k++)
    for (let s = 0; s < 3; s++)
      for (let t = -3; t < 3; t++) {
        const along = 5 * k + s;
        const px = Math.round(x + along * ux + t * nx), py = Math.round(y + along * uy + t * ny);
        if (px >= 0 && py >= 0 && px < W && py < H) ink[py * W + px] = 1;
      }
}

function points(ink: Uint8Array): { xs: number[]; ys: number[] } {
  const xs: number[] = [], ys: number[] = [];
  ink.forEach((v, i) => {
    if (v) {
      xs.push(i % W);
      ys.push(Math.floor(i / W));
    }
  });
  return { xs, ys };
}

describe('turned labels', () => {
  it('measures the angle of a label from its principal axis', () => {
    for (const deg of [45, 90, 30, -45]) {
      const ink = new Uint8Array(W * H);
      label(ink, 40, 80, deg, 8);
      const { xs, ys } = points(ink);
      const { angle, along, across } = principalAxis(xs, ys);
      expect(Math.abs(angle - deg)).toBeLessThan(4);
      expect(along).toBeGreaterThan(3 * across);
    }
  });

  it('keeps turned labels and leaves level text and solid bars', () => {
    const ink = new Uint8Array(W * H);
    label(ink, 10, 110, 45, 8); // turned label
    label(ink, 60, 110, 45, 8); // its neighbour
    label(ink, 10, 50, 0, 8); // a level word
    for (let y = 40; y < 100; y++) for (let x = 100; x < 104; x++) ink[y * W + x] = 1; // a thin bar
    const blobs = turnedBlobs(ink, W, [0, 0, W, H], 3, 8);
    expect(blobs).toHaveLength(2);
    expect(blobs.every((b) => Math.abs(b.angle - 45) < 4)).toBe(true);
    expect(labelRow(blobs)).toHaveLength(2);
  });

  it('a lone upright blob (an axis title) is no label row', () => {
    const ink = new Uint8Array(W * H);
    label(ink, 10, 100, 90, 10);
    expect(labelRow(turnedBlobs(ink, W, [0, 0, W, H], 3, 8))).toHaveLength(0);
  });

  it('turns the crop level', async () => {
    const ink = new Uint8Array(W * H);
    label(ink, 20, 100, 45, 10);
    const [blob] = turnedBlobs(ink, W, [0, 0, W, H], 3, 8) as [TurnedBlob];
    const rgb = new Uint8Array(W * H * 3).fill(255);
    ink.forEach((v, i) => v && rgb.fill(0, 3 * i, 3 * i + 3));
    const crop = await levelCrop(rgb, W, blob, [255, 255, 255], 30);
    expect(crop.width).toBeGreaterThan(2.5 * crop.height);
    const xs: number[] = [], ys: number[] = [];
    for (let i = 0; i < crop.width * crop.height; i++)
      if (crop.data[3 * i]! < 128) {
        xs.push(i % crop.width);
        ys.push(Math.floor(i / crop.width));
      }
    expect(Math.abs(principalAxis(xs, ys).angle)).toBeLessThan(4);
  });

  it('anchors a label at the end that meets the axis or its centre, whichever steps evenly', () => {
    const blob = (x0: number, x1: number): TurnedBlob => ({ bbox: [x0, 10, x1, 40], pixels: [], angle: 45, thickness: 8 });
    // Right ends at even steps (labels of different lengths set right-aligned to their ticks).
    const bs = [blob(10, 50), blob(80, 100), blob(110, 150), blob(170, 200)];
    const a = bs.map(anchors);
    expect(a[0]!.end).toBe(50);
    expect(evenerRow(a.map((p) => p.centre), a.map((p) => p.end))).toEqual([50, 100, 150, 200]);
  });

  it('a label touching an axis line is found once the line is taken away', () => {
    const ink = new Uint8Array(W * H);
    label(ink, 20, 110, 90, 10);
    label(ink, 50, 110, 90, 10);
    for (let x = 0; x < W; x++) ink[55 * W + x] = 1; // the axis, touching the labels' tops
    expect(labelRow(turnedBlobs(ink, W, [0, 0, W, H], 8, 8))).toHaveLength(0);
    expect(labelRow(turnedBlobs(withoutLongRuns(ink, W, H, 16), W, [0, 0, W, H], 8, 8))).toHaveLength(2);
  });
});
