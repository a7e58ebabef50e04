// Regression on ICDAR 2013 files (../shared/data/icdar2013): with the ground-truth regions given,
// each file's adjacency-relation F1 stays at or above what the recogniser reached when this test
// was written (eval/tables.ts measures the whole set). Skipped where the data set is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { relationsOf, relationsOfGrid, scoreRelations } from '../../src/pipeline/tables/adjacency.js';
import { recognizeTable } from '../../src/pipeline/tables/structure.js';
import { gtTables, toPixels } from '../../eval/icdar.js';

const DATA = process.env.EVAL_DATA ?? join(import.meta.dirname, '../../../shared/data/icdar2013');

/** F1 reached on 2026-11-23 after the issue-6d layout rules (rounded down to 3 decimals). */
const FLOORS: Record<string, number> = {
  'eu-001': 0.99,
  'eu-003': 0.891,
  'eu-008': 0.974,
  'eu-012': 0.968,
  'eu-021': 0.968,
  'us-001': 0.954,
  'us-008': 0.956,
  'us-010': 1,
  'us-013': 1,
  'us-015': 1,
  'us-018': 0.97,
  'us-025': 0.978,
  'us-029': 0.981,
  'us-030': 1,
  'us-031a': 1,
};

async function fileF1(name: string): Promise<number> {
  const dir = join(DATA, `competition-dataset-${name.slice(0, 2)}`);
  const tables = gtTables(readFileSync(join(dir, `${name}-str.xml`), 'utf8'), readFileSync(join(dir, `${name}-reg.xml`), 'utf8'));
  const doc = await openPdf(readFileSync(join(dir, `${name}.pdf`)));
  try {
    const gt = tables.flatMap((t) => relationsOf(t.cells));
    const det = tables.flatMap((t) => {
      const size = doc.pageSize(t.page);
      const words = doc.text(t.page, 72).lines.flatMap((l) => l.words);
      return relationsOfGrid(recognizeTable({ bbox: toPixels(t.box, size.height, 72), words, segments: doc.segments(t.page, 72) }));
    });
    const ok = scoreRelations(gt, det);
    const p = det.length ? ok / det.length : 0;
    const r = gt.length ? ok / gt.length : 0;
    return p + r ? (2 * p * r) / (p + r) : 0;
  } finally {
    doc.close();
  }
}

describe.skipIf(!existsSync(DATA))('ICDAR 2013 structure regression (regions given)', () => {
  it.each(Object.entries(FLOORS))('%s keeps F1 ≥ %s', async (name, floor) => {
    expect(await fileF1(name)).toBeGreaterThanOrEqual(floor);
  });
});
