// The schematic wire formats without a server: docs/schematic-v2.md's JSON Schemas are the code's
// (regenerate with PAGELENS_UPDATE_GOLDEN=1) and its examples convert as it says; v2 -> v1 -> v2
// is the identity (the archive's losslessness); the crop URL rules; version detection.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/errors.js';
import { ArchiveManifestSchema } from '../../src/schematics/archive.js';
import { emptyGraph, type SchematicGraphV2 } from '../../src/schematics/graph.js';
import { SchematicGraphV0Schema, SchematicGraphV1Schema, V1ArrowAnnotation, V1GroupAnnotation } from '../../src/schematics/import-schemas.js';
import { cropUrlProblem } from '../../src/schematics/legend-crops.js';
import { detectVersion, normalise, parseV1 } from '../../src/schematics/normalise.js';
import { SchematicGraphV2Schema } from '../../src/schematics/schema.js';
import { v1ToV2, v2ToV1 } from '../../src/schematics/v1.js';
import { bigPngDataUrl, expectedSmall, fullGraph, smallPngDataUrl } from './fixtures.js';

const DOC = path.resolve(import.meta.dirname, '../../docs/schematic-v2.md');
const UPDATE = process.env.PAGELENS_UPDATE_GOLDEN === '1';
const PREFIX = 'documents/d1/legend_crops/';

const SCHEMAS: Record<string, unknown> = {
  v2: SchematicGraphV2Schema,
  v1: SchematicGraphV1Schema,
  'v1-annotations': { arrow: V1ArrowAnnotation, group: V1GroupAnnotation },
  v0: SchematicGraphV0Schema,
  manifest: ArchiveManifestSchema,
};

const block = (name: string) => new RegExp(`(<!-- schema:${name} -->\\n\`\`\`json\\n)([\\s\\S]*?)(\`\`\`\\n<!-- /schema:${name} -->)`);

function example(text: string, name: string): unknown {
  const m = new RegExp(`<!-- example:${name} -->\\n\`\`\`json\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (!m) throw new Error(`docs/schematic-v2.md has no example ${name}`);
  return JSON.parse(m[1]!);
}

function locOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError && Array.isArray(err.detail)) return (err.detail as Array<{ loc: unknown }>)[0]!.loc;
    throw err;
  }
  return null;
}

describe('schematic formats', () => {
  it('prints the JSON Schemas of the code in docs/schematic-v2.md', () => {
    let text = readFileSync(DOC, 'utf8');
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const re = block(name);
      expect(re.test(text), `schema block ${name}`).toBe(true);
      const json = `${JSON.stringify(schema, null, 2)}\n`;
      if (UPDATE) text = text.replace(re, (_, open: string, _old: string, close: string) => `${open}${json}${close}`);
      else expect(re.exec(text)![2], `schema ${name} (regenerate with PAGELENS_UPDATE_GOLDEN=1)`).toBe(json);
    }
    if (UPDATE) writeFileSync(DOC, text);
  });

  it('converts the documented v0, v1 and legacy examples to the documented v2 example', () => {
    const text = readFileSync(DOC, 'utf8');
    const v2 = example(text, 'v2');
    expect(normalise(v2, PREFIX).graph).toEqual(v2);
    for (const name of ['v1', 'v0', 'legacy']) {
      const { graph, from } = normalise(example(text, name), PREFIX);
      expect(from).toBe(name);
      expect(graph, name).toEqual(v2);
    }
  });

  it('gives back the same graph from v2 -> v1 -> v2, through JSON text too', async () => {
    const crop = await smallPngDataUrl();
    for (const g of [fullGraph({ data: crop, storage: `storage://${PREFIX}valve.png` }), expectedSmall(crop), emptyGraph(0, 0)]) {
      const v1 = v2ToV1(g);
      expect(v1ToV2(v1)).toEqual(g);
      const reread = parseV1(JSON.parse(JSON.stringify(v1)), ['body']);
      expect(normalise(JSON.parse(JSON.stringify(v1)), PREFIX).graph).toEqual(g);
      expect(v1ToV2(reread)).toEqual(g);
    }
  });

  it('allows crops as small image data URLs or stored under the prefix, nothing else', async () => {
    const ok = await smallPngDataUrl();
    expect(cropUrlProblem(ok, PREFIX)).toBeNull();
    expect(cropUrlProblem(`storage://${PREFIX}a/b.png`, PREFIX)).toBeNull();
    for (const bad of [
      await bigPngDataUrl(),
      ok.replace('image/png', 'image/gif'),
      'data:text/plain;base64,aGVsbG8=',
      'data:image/png,raw',
      `storage://${PREFIX}`,
      `storage://${PREFIX}../x.png`,
      `storage://${PREFIX}a//b.png`,
      'storage://documents/d2/legend_crops/x.png',
      `storage:///${PREFIX}x.png`,
      `http://host/${PREFIX}x.png`,
      `${PREFIX}x.png`,
    ]) {
      expect(cropUrlProblem(bad, PREFIX), bad.slice(0, 60)).not.toBeNull();
    }
  });

  it('detects the format from the body and names the path of the first error as sent', () => {
    expect(detectVersion({ schematic: {} })).toBe('legacy');
    expect(detectVersion({ pid: {} })).toBe('legacy');
    expect(detectVersion({ version: 'v1' })).toBe('v1');
    expect(locOf(() => detectVersion([]))).toEqual(['body']);
    expect(locOf(() => detectVersion({ version: 2 }))).toEqual(['body', 'version']);
    const g: SchematicGraphV2 = expectedSmall('data:image/png;base64,AAAA');
    expect(locOf(() => normalise({ ...g, legend: [] }, PREFIX))).toBeNull();
    expect(locOf(() => normalise(g, PREFIX))).toEqual(['body', 'legend', 1, 'source_crop_url']);
    expect(locOf(() => normalise({ ...g, legend: [], subgraphs: [{ id: 's', label: '', node_ids: ['n1', 'zz'], bbox: null }] }, PREFIX))).toEqual(['body', 'subgraphs', 0, 'node_ids', 1]);
    const v1 = { ...v2ToV1({ ...g, legend: [] }), annotations: [{ kind: 'arrow', id: 'a', bbox: [0, 0, 1, 1], direction: 0, edge: 'e1' }, { kind: 'group', id: 'G', members: ['n1'] }, { kind: 'arrow', id: 'a', bbox: [0, 0, 1, 1], direction: 0 }] };
    expect(locOf(() => normalise(v1, PREFIX))).toEqual(['body', 'annotations', 2, 'id']);
  });
});
