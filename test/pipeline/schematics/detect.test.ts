// Schematic detection end to end (src/pipeline/schematics detectSchematic) on sheets whose graph
// is known: a small generated P&ID-like sheet (eval/schematics; a training seed, A4 at 150 dpi,
// so the file stays fast) and the hand-drawn electrical sheet of test/fixtures, clean and as a
// turned, noisy scan. Scored with the evaluation's own metrics (eval/schematics/metrics.ts:
// symbols by IoU >= 0.5 with the class right, tags read exactly, connections between matched
// nodes). Thresholds sit below what detection measures on these sheets, well above what a
// detector that loses a symbol class, misreads tags or merges pipes would score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSchematic } from '../../../src/pipeline/schematics/index.js';
import type { SchematicGraph } from '../../../src/pipeline/schematics/types.js';
import { NativeTesseractEngine } from '../../../src/providers/ocr/index.js';
import { generateSheet, type SheetTruth } from '../../../eval/schematics/index.js';
import { scoreSheet, totals } from '../../../eval/schematics/metrics.js';
import { handSheets } from '../../fixtures/schematic-hand.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();
let engine: NativeTesseractEngine;

beforeAll(async () => {
  if (nativeAvailable) engine = await NativeTesseractEngine.create({ workers: 1 });
});
afterAll(async () => {
  await engine?.close();
});

const centre = (b: number[]): [number, number] => [(b[0]! + b[2]!) / 2, (b[1]! + b[3]!) / 2];

/** Distance from a point to a polyline. */
function toLine(p: [number, number], pts: Array<[number, number]>): number {
  let best = Infinity;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [a, b] = [pts[i]!, pts[i + 1]!];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]));
  }
  return best;
}

/**
 * Each dotless crossing: no junction detected on it, and each true pipe through it found whole
 * (an edge joining the nodes the pipe joins, running over the crossing).
 */
function expectCrossingsKept(graph: SchematicGraph, truth: SheetTruth): void {
  const tol = Math.max(8, 3 * truth.pipeWidth + 4);
  for (const c of truth.crossings) {
    const junctions = graph.network.nodes.filter((n) => n.class === 'junction' && Math.hypot(centre(n.bbox)[0] - c[0], centre(n.bbox)[1] - c[1]) <= tol);
    expect(junctions, `junction on the crossing at ${c.join(',')}`).toEqual([]);
    const through = graph.network.edges.filter((e) => toLine(c, e.points) <= tol);
    expect(through.length, `pipes over the crossing at ${c.join(',')}`).toBeGreaterThanOrEqual(2);
  }
}

describe.skipIf(!nativeAvailable)('schematic detection', () => {
  it('finds the symbols, tags and connections of a generated sheet; its dotless crossing is no junction', async () => {
    const s = await generateSheet(8, { dpi: 150, paper: 'A4', scan: false });
    expect(s.truth.crossings.length).toBeGreaterThanOrEqual(1);
    const graph = await detectSchematic({ image: s.grey, ocr: engine });
    const t = totals([scoreSheet(graph, s.truth)]);
    expect(t.symbolP, 'symbol precision').toBeGreaterThanOrEqual(0.9);
    expect(t.symbolR, 'symbol recall').toBeGreaterThanOrEqual(0.9);
    expect(t.tagAccuracy, 'tag accuracy').toBeGreaterThanOrEqual(0.8);
    expect(t.connectionP, 'connection precision').toBeGreaterThanOrEqual(0.8);
    expect(t.connectionR, 'connection recall').toBeGreaterThanOrEqual(0.85);
    expect(t.legendAccuracy, 'legend entries').toBeGreaterThanOrEqual(0.9);
    expectCrossingsKept(graph, s.truth);
    // Legend pictures are not symbols of the drawing.
    const L = s.truth.regions.legend;
    expect(graph.network.nodes.filter((n) => centre(n.bbox)[0] > L[0] && centre(n.bbox)[0] < L[2] && centre(n.bbox)[1] > L[1] && centre(n.bbox)[1] < L[3])).toEqual([]);
  });

  it('finds the symbols, tags and connections of the hand-drawn sheet, clean and scanned', async () => {
    for (const h of await handSheets()) {
      const graph = await detectSchematic({ image: h.grey, ocr: engine });
      const t = totals([scoreSheet(graph, h.truth)]);
      expect(t.symbolP, `${h.name}: symbol precision`).toBeGreaterThanOrEqual(0.9);
      expect(t.symbolR, `${h.name}: symbol recall`).toBeGreaterThanOrEqual(0.85);
      expect(t.tagAccuracy, `${h.name}: tag accuracy`).toBeGreaterThanOrEqual(0.6);
      expect(t.connectionP, `${h.name}: connection precision`).toBeGreaterThanOrEqual(0.75);
      expect(t.connectionR, `${h.name}: connection recall`).toBeGreaterThanOrEqual(0.8);
      expect(t.legendAccuracy, `${h.name}: legend entries`).toBeGreaterThanOrEqual(0.9);
      expect(h.truth.crossings.length).toBeGreaterThanOrEqual(1);
      expectCrossingsKept(graph, h.truth);
    }
  });
});
