// Shapes are their interior plus their outline (src/pipeline/flowcharts/shapes.ts), and arrowheads
// cut up at a node's margin are still read (src/pipeline/flowcharts/connectors.ts): figures drawn
// by hand on a mask, and generated flowcharts whose heads meet slanted or flat sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFlowchart } from '../../../src/pipeline/flowcharts/index.js';
import { findShapes } from '../../../src/pipeline/flowcharts/shapes.js';
import type { Mask } from '../../../src/pipeline/flowcharts/raster.js';
import { figureBlockText, figureText } from '../../../src/extractors/figure.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine } from '../../../src/providers/ocr/index.js';
import { pairNodes } from '../../../eval/graph-metrics.js';
import { drawFlowchart } from '../../fixtures/flowchart-gen.js';

/** A 2-pixel box outline with a few letter-like bars inside, and a filled head lying flat against its bottom side. */
function boxWithFlatHead(): { mask: Mask; bottom: number } {
  const width = 160;
  const height = 100;
  const data = new Uint8Array(width * height);
  const set = (x: number, y: number): void => {
    if (x >= 0 && y >= 0 && x < width && y < height) data[y * width + x] = 1;
  };
  const [x0, y0, x1, y1] = [20, 20, 130, 70];
  for (let x = x0; x < x1; x++) for (const y of [y0, y0 + 1, y1 - 2, y1 - 1]) set(x, y);
  for (let y = y0; y < y1; y++) for (const x of [x0, x0 + 1, x1 - 2, x1 - 1]) set(x, y);
  // "Text": short vertical bars in the middle.
  for (let k = 0; k < 8; k++) for (let y = 40; y < 50; y++) for (let x = 50 + 6 * k; x < 52 + 6 * k; x++) set(x, y);
  // A head arriving from the lower right at a shallow angle, its tip on the bottom side: a
  // triangle from the tip (70, 70) back to a base between (90, 70) and (88, 79).
  for (let y = 70; y < 80; y++) {
    for (let x = 70; x < 92; x++) {
      const t = (x - 70) / 20;
      if (t <= 1 && y - 70 <= t * 9) set(x, y);
    }
  }
  // The line the head ends.
  for (let k = 0; k < 40; k++) for (let d = 0; d < 2; d++) set(90 + k, 74 + Math.round(k * 0.35) + d);
  return { mask: { width, height, data }, bottom: y1 };
}

describe('findShapes', () => {
  it('an outlined shape ends at its outline: a head lying flat against a side is not taken in', () => {
    const { mask, bottom } = boxWithFlatHead();
    const regions = findShapes(mask, { stroke: 2, glyph: 10 });
    const box = regions.find((r) => r.bbox[0] <= 22 && r.bbox[2] >= 128);
    expect(box).toBeDefined();
    // Past the outline (2 pixels) by more than a pixel: none of the box's pixels.
    const below = box!.pixels.filter((p) => Math.floor(p / mask.width) >= bottom + 1);
    expect(below).toEqual([]);
    expect(box!.bbox[3]).toBeLessThanOrEqual(bottom + 1);
  });
});

let engine: OcrEngine;
beforeAll(async () => {
  const kinds = await availableOcrKinds();
  engine = await createOcrEngine(kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract');
});
afterAll(async () => {
  await engine.close();
});

describe('extractFlowchart: heads at the outline', () => {
  // Seed 78: an open "vee" head entering a parallelogram's slanted side (its barbs run close to
  // the side and the node's margin cuts them off).
  // Seed 40: a head arriving at a shallow angle lies flat against a parallelogram's lower side.
  // Seed 51: subroutine boxes with double-thick cell borders (their side cells belong to the box).
  it.each([78, 40, 51])('generated flowchart %i: every edge with its direction', async (seed) => {
    const drawn = await drawFlowchart(seed);
    const graph = await extractFlowchart({
      png: drawn.png,
      width: 0,
      height: 0,
      ocr: (png) => figureText(engine, png),
      ocrBlock: (png) => figureBlockText(engine, png),
    });
    const pairs = pairNodes(graph, drawn.truth);
    const found = graph.edges.map((e) => `${pairs.get(e.source) ?? '?'}>${pairs.get(e.target) ?? '?'}`).sort();
    expect(found).toEqual(drawn.truth.edges.map((e) => `${e.source}>${e.target}`).sort());
  });
});

describe('extractFlowchart: the text of boxes with inner rules', () => {
  // Seeds 22, 46, 79: subroutine boxes whose cell dividers (and thick borders' inner lines) run
  // across the box; filled shapes hide the letters from the glyph-size estimate, which then reads
  // them from the ink that stands out from the fills.
  it.each([22, 46, 79])('generated flowchart %i: every node text and every edge', async (seed) => {
    const drawn = await drawFlowchart(seed);
    const graph = await extractFlowchart({
      png: drawn.png,
      width: 0,
      height: 0,
      ocr: (png) => figureText(engine, png),
      ocrBlock: (png) => figureBlockText(engine, png),
    });
    expect(graph.nodes.map((n) => n.text).sort()).toEqual(drawn.truth.nodes.map((n) => n.text).sort());
    const pairs = pairNodes(graph, drawn.truth);
    const found = graph.edges.map((e) => `${pairs.get(e.source) ?? '?'}>${pairs.get(e.target) ?? '?'}`).sort();
    expect(found).toEqual(drawn.truth.edges.map((e) => `${e.source}>${e.target}`).sort());
  });
});
