// Scanned charts: grey paper, faded colours and noise. A pastel keeps only part of its chroma on
// the paper, noise spreads one colour over many shades, and the blurred boundary between two pie
// slices is a band of blends, not a slice.
import { describe, expect, it } from 'vitest';
import { clusterColours, type Raster, type Rgb } from '../../../src/pipeline/charts/raster.js';
import { slices } from '../../../src/pipeline/charts/pie.js';

/** Grey paper with two fills side by side, every channel of every pixel off by up to ±noise (seeded). */
function scanned(a: Rgb, b: Rgb, noise: number, grain?: number): Raster {
  const width = 300, height = 160;
  const rgb = new Uint8Array(width * height * 3);
  let seed = 12345;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inA = y >= 20 && y < 140 && x >= 20 && x < 140, inB = y >= 20 && y < 140 && x >= 160 && x < 280;
      const base: Rgb = inA ? a : inB ? b : [236, 236, 236];
      for (let c = 0; c < 3; c++) rgb[3 * (y * width + x) + c] = Math.max(0, Math.min(255, Math.round(base[c]! + noise * rnd())));
    }
  return { width, height, rgb, grain };
}

const share = (r: Raster, label: Int16Array, x0: number, x1: number): { k: number; share: number } => {
  const votes = new Map<number, number>();
  let n = 0;
  for (let y = 30; y < 130; y++)
    for (let x = x0; x < x1; x++) {
      const k = label[y * r.width + x]!;
      votes.set(k, (votes.get(k) ?? 0) + 1);
      n++;
    }
  const [k, v] = [...votes].sort((p, q) => q[1] - p[1])[0]!;
  return { k, share: v / n };
};

describe('scanned colours', () => {
  it('reads a faded pastel on grey paper as ink of one colour', () => {
    // A pale green (ceecc7 printed) comes back about d4e2d4 beside a light grey bar.
    const r = scanned([212, 226, 212], [170, 170, 170], 4, 3);
    const cl = clusterColours(r);
    const green = share(r, cl.label, 30, 130);
    expect(green.k).toBeGreaterThanOrEqual(0);
    expect(green.share).toBeGreaterThan(0.75);
    expect(share(r, cl.label, 170, 270).k).not.toBe(green.k);
  });

  it('keeps a noisy faded purple apart from a grey of like lightness', () => {
    const r = scanned([180, 148, 180], [164, 164, 164], 14, 3);
    const cl = clusterColours(r);
    const purple = share(r, cl.label, 30, 130), grey = share(r, cl.label, 170, 270);
    expect(purple.k).toBeGreaterThanOrEqual(0);
    expect(purple.k).not.toBe(grey.k);
    expect(purple.share).toBeGreaterThan(0.8);
  });
});

describe('pie slices of a scan', () => {
  // Two halves, with a blurred boundary band of a third colour 1.25 degrees wide at each change.
  const disk = { cx: 100, cy: 100, r: 80 };
  const at = (x: number, y: number): number => {
    const a = ((Math.atan2(x - disk.cx, -(y - disk.cy)) * 180) / Math.PI + 360) % 360;
    if (Math.abs(a - 180) < 0.625 || a < 0.625 || a > 359.375) return 2;
    return a < 180 ? 0 : 1;
  };

  it('gives the band to its neighbours on a scan', () => {
    const parts = slices(disk, at, 3, true);
    expect(parts.map((p) => p.cluster).sort()).toEqual([0, 1]);
    expect(parts[0]!.share).toBeCloseTo(0.5, 1);
  });

  it('keeps it on a rendered pie, where a slice can be that thin', () => {
    expect(slices(disk, at, 3).some((p) => p.cluster === 2)).toBe(true);
  });

  it('lists the slices clockwise from the one starting nearest 12 o\'clock, though a scan turned it a little back', () => {
    // Slices 0 (358-100°), 1 (100-250°), 2 (250-358°): the colour first changes at 100°.
    const three = (x: number, y: number): number => {
      const a = ((Math.atan2(x - disk.cx, -(y - disk.cy)) * 180) / Math.PI + 360) % 360;
      return a >= 358 || a < 100 ? 0 : a < 250 ? 1 : 2;
    };
    const parts = slices(disk, three, 4, true);
    expect(parts.map((p) => p.cluster)).toEqual([0, 1, 2]);
    expect(parts[0]!.share).toBeCloseTo(102 / 360, 2);
  });
});
