// Scanned charts printed in grey: the series are greys a dozen levels apart, and the scan's grain
// spreads each over more levels than that, so they share one colour cluster until the grain is
// averaged out over the fills' interiors (shades.ts).
import { describe, expect, it } from 'vitest';
import { clusterColours, type Raster } from '../../../src/pipeline/charts/raster.js';
import { shadeCuts } from '../../../src/pipeline/charts/shades.js';

/** Grey paper with a stack of fills (top to bottom, each `band` rows), every pixel off by up to ±noise in all channels alike (seeded). */
function stacked(greys: number[], band: number, noise: number): Raster {
  const width = 240, height = 40 + band * greys.length;
  const rgb = new Uint8Array(width * height * 3);
  let seed = 4242;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = Math.floor((y - 20) / band);
      const base = x >= 60 && x < 180 && y >= 20 && k < greys.length ? greys[k]! : 232;
      const v = Math.max(0, Math.min(255, Math.round(base + noise * rnd())));
      rgb.fill(v, 3 * (y * width + x), 3 * (y * width + x) + 3);
    }
  return { width, height, rgb, grain: 4 };
}

/** The cluster most pixels of rows y0..y1 (inside the fills) carry, and its share. */
function major(r: Raster, label: Int16Array, y0: number, y1: number): { k: number; share: number } {
  const votes = new Map<number, number>();
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = 70; x < 170; x++) {
      const k = label[y * r.width + x]!;
      votes.set(k, (votes.get(k) ?? 0) + 1);
      n++;
    }
  const [k, v] = [...votes].sort((p, q) => q[1] - p[1])[0]!;
  return { k, share: v / n };
}

describe('close shades on a scan', () => {
  it('splits touching grey fills thirteen levels apart into a cluster each', () => {
    const r = stacked([120, 133, 146], 60, 14);
    const cl = clusterColours(r);
    const parts = [major(r, cl.label, 25, 75), major(r, cl.label, 85, 135), major(r, cl.label, 145, 195)];
    expect(new Set(parts.map((p) => p.k)).size).toBe(3);
    for (const p of parts) {
      expect(p.k).toBeGreaterThanOrEqual(0);
      expect(p.share).toBeGreaterThan(0.9);
    }
  });

  it('keeps one noisy grey fill in one cluster', () => {
    const r = stacked([146, 146, 146], 60, 14);
    const cl = clusterColours(r);
    expect(major(r, cl.label, 25, 195).share).toBeGreaterThan(0.95);
    expect(cl.centres.filter((_, k) => cl.counts[k]! > 500).length).toBe(1);
  });
});

describe('shade cuts', () => {
  const bump = (h: number[], at: number, height: number, spread: number): void => {
    for (let i = 0; i < h.length; i++) h[i]! += Math.round(height * Math.exp(-(((i - at) / spread) ** 2)));
  };

  it('cuts between two peaks with a valley between them', () => {
    const h = new Array<number>(256).fill(0);
    bump(h, 145, 1000, 1.5);
    bump(h, 156, 800, 1.5);
    const cuts = shadeCuts(h);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toBeGreaterThan(147);
    expect(cuts[0]).toBeLessThan(154);
  });

  it('does not cut one broad peak, nor peaks too close, nor a weak shoulder', () => {
    const broad = new Array<number>(256).fill(0);
    bump(broad, 150, 1000, 6);
    expect(shadeCuts(broad)).toEqual([]);
    const close = new Array<number>(256).fill(0);
    bump(close, 150, 1000, 1);
    bump(close, 152, 1000, 1);
    expect(shadeCuts(close)).toEqual([]);
    const weak = new Array<number>(256).fill(0);
    bump(weak, 150, 1000, 2);
    bump(weak, 170, 40, 1);
    expect(shadeCuts(weak)).toEqual([]);
  });
});
