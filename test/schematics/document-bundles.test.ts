// A document's schematic bundles through HTTP on both databases: the archive exported, imported
// onto another document (new components, same graphs, crops carried along) and exported again
// with identical graphs; hostile and malformed archives refused with 422 leaving nothing behind;
// the COCO export (a missing page image rendered first) read back by a reader written from the
// COCO format, with boxes equal to the graphs'; and who may do what.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import type { Box, SchematicGraphV2 } from '../../src/schematics/graph.js';
import { buildPdf, rect, textAt } from '../fixtures/pdf-builder.js';
import { buildZip, deflatedZeros } from '../fixtures/zip-builder.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';
import { expectedSmall, fullGraph, smallPngDataUrl, type ErrorBody } from './fixtures.js';

interface Region {
  id: string;
  component_id: string;
  page_number: number;
  bbox: Box;
  label: string;
}

interface Imported {
  document_id: string;
  components: Array<{ id: string; component_id: string; type: string; page_number: number; label: string }>;
}

interface Coco {
  images: Array<{ id: number; file_name: string; width: number; height: number }>;
  annotations: Array<{ id: number; image_id: number; category_id: number; bbox: number[]; area: number; iscrowd: number }>;
  categories: Array<{ id: number; name: string; supercategory: string }>;
}

/** Reads a COCO object-detection file as the format describes it, checking every reference. */
function readCoco(text: string): Coco {
  const data = JSON.parse(text) as Coco;
  for (const key of ['images', 'annotations', 'categories'] as const) expect(Array.isArray(data[key]), key).toBe(true);
  const unique = (ids: number[]) => expect(new Set(ids).size).toBe(ids.length);
  unique(data.images.map((i) => i.id));
  unique(data.annotations.map((a) => a.id));
  unique(data.categories.map((c) => c.id));
  const images = new Set(data.images.map((i) => i.id));
  const categories = new Set(data.categories.map((c) => c.id));
  for (const a of data.annotations) {
    expect(images.has(a.image_id)).toBe(true);
    expect(categories.has(a.category_id)).toBe(true);
    expect(a.bbox).toHaveLength(4);
    expect(a.bbox[2]).toBeGreaterThanOrEqual(0);
    expect(a.bbox[3]).toBeGreaterThanOrEqual(0);
    expect(a.area).toBeCloseTo(a.bbox[2]! * a.bbox[3]!);
    expect(a.iscrowd).toBe(0);
  }
  return data;
}

const hasPycocotools = (): boolean => spawnSync('python3', ['-c', 'import pycocotools.coco'], { stdio: 'ignore' }).status === 0;

describe.each(DB_KINDS)('document schematic bundles (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let docA: string;
  let docB: string;
  let regions: Region[];
  let graphs: SchematicGraphV2[];
  let crop: string;
  let exported: Record<string, Uint8Array>;

  const pdf = (title: string) =>
    buildPdf([{ content: textAt(72, 740, 14, `${title} sheet 1`) + rect(72, 300, 400, 300, 1) }, { content: textAt(72, 740, 14, `${title} sheet 2`) + rect(100, 200, 300, 300, 1) }]);
  const region = async (doc: string, page: number, bbox: Box, type = 'schematic', label = 'P&ID'): Promise<Region> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v0/documents/${doc}/visual-components`, headers: alice.auth, payload: { page_number: page, bbox, component_type: type, label } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Region>();
  };
  const schematicOf = async (r: { component_id: string; id: string }) => {
    const res = await t.app.inject({ url: `/api/v0/components/${r.component_id}/schematic?vc_id=${r.id}`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SchematicGraphV2>();
  };
  const archiveOf = async (doc: string, user = alice) => t.app.inject({ url: `/api/v0/documents/${doc}/schematic/archive`, headers: user.auth });
  const importInto = (doc: string, zip: Buffer, user = alice) => {
    const form = multipart({}, [{ field: 'file', filename: 'bundle.zip', content: zip, contentType: 'application/zip' }]);
    return t.app.inject({ method: 'PUT', url: `/api/v0/documents/${doc}/schematic/archive`, headers: { ...user.auth, ...form.headers }, payload: form.payload });
  };
  const regionCount = async (doc: string) =>
    Number((await t.ctx.database.db.selectFrom('visual_components').select((eb) => eb.fn.countAll().as('n')).where('document_id', '=', doc).executeTakeFirstOrThrow()).n);
  const zipOf = (files: Record<string, string | Uint8Array>) =>
    Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]))));

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    bob = await t.user('bob@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    docA = (await uploadAndProcess(t, alice, 'plant-a.pdf', pdf('Plant A'))).document_id;
    docB = (await uploadAndProcess(t, alice, 'plant-b.pdf', pdf('Plant B'))).document_id;
    crop = await smallPngDataUrl();
    await t.ctx.storage.putBuffer(`documents/${docA}/legend_crops/valve.png`, Buffer.from((await smallPngDataUrl(40)).split(',')[1]!, 'base64'));
    regions = [await region(docA, 1, [100, 120, 600, 520], 'schematic', 'Feed skid'), await region(docA, 2, [50, 60, 900, 700], 'schematic', 'Pumps')];
    await region(docA, 1, [700, 100, 900, 300], 'table');
    graphs = [fullGraph({ data: crop, storage: `storage://documents/${docA}/legend_crops/valve.png` }), expectedSmall(crop)];
    for (const [i, r] of regions.entries()) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${r.component_id}/schematic?vc_id=${r.id}`, headers: alice.auth, payload: graphs[i]! });
      expect(res.statusCode, res.body).toBe(204);
    }
    const reviewed = await t.app.inject({ method: 'PATCH', url: `/api/v0/components/${regions[1]!.component_id}/schematic/reviewed?vc_id=${regions[1]!.id}`, headers: alice.auth, payload: { reviewed: true } });
    expect(reviewed.statusCode).toBe(204);
  }, 180_000);

  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('exports every schematic as a v1 graph with a manifest and the legend crops it uses', async () => {
    const res = await archiveOf(docA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="plant-a-schematics.zip"');
    exported = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(exported).sort()).toEqual(['components/0001.json', 'components/0002.json', 'legend_crops/valve.png', 'manifest.json']);
    const manifest = JSON.parse(strFromU8(exported['manifest.json']!)) as { components: Array<Record<string, unknown>> };
    expect(manifest).toMatchObject({ format: 'pagelens-schematic-archive', format_version: 1, graph_version: 'v1', source_document_id: docA });
    expect(manifest.components).toEqual([
      { file: 'components/0001.json', type: 'schematic', label: 'Feed skid', page_number: 1, bbox: [100, 120, 600, 520], reviewed: false, source_visual_component_id: regions[0]!.id, source_component_id: regions[0]!.component_id },
      { file: 'components/0002.json', type: 'schematic', label: 'Pumps', page_number: 2, bbox: [50, 60, 900, 700], reviewed: true, source_visual_component_id: regions[1]!.id, source_component_id: regions[1]!.component_id },
    ]);
    const v1 = JSON.parse(strFromU8(exported['components/0001.json']!)) as { version: string; legend: Array<{ source_crop_url: string }>; annotations: unknown[] };
    expect(v1.version).toBe('v1');
    expect(v1.legend.map((e) => e.source_crop_url)).toEqual([crop, 'legend_crops/valve.png']);
    expect(v1.annotations).toHaveLength(3);
  });

  it('imports onto another document as new components with the same graphs, and exports them identically', async () => {
    const res = await importInto(docB, Buffer.from(zipSync(exported)));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Imported>();
    expect(body.document_id).toBe(docB);
    expect(body.components.map((c) => [c.type, c.page_number, c.label])).toEqual([
      ['schematic', 1, 'Feed skid'],
      ['schematic', 2, 'Pumps'],
    ]);
    const moved = (g: SchematicGraphV2) => JSON.parse(JSON.stringify(g).replaceAll(`documents/${docA}/`, `documents/${docB}/`)) as SchematicGraphV2;
    for (const [i, c] of body.components.entries()) {
      expect(regions.map((r) => r.id)).not.toContain(c.id);
      expect(await schematicOf(c)).toEqual(moved(graphs[i]!));
      const vc = (await t.app.inject({ url: `/api/v0/documents/${docB}/visual-components/${c.id}`, headers: alice.auth })).json<Region & { grounding_data: { reviewed: boolean }; image_url: string | null }>();
      expect(vc.bbox).toEqual(i === 0 ? [100, 120, 600, 520] : [50, 60, 900, 700]);
      expect(vc.grounding_data.reviewed).toBe(i === 1);
      expect(vc.image_url).not.toBeNull();
      const revisions = (await t.app.inject({ url: `/api/v0/components/${c.component_id}/revisions`, headers: alice.auth })).json<{ revisions: Array<{ source: string }> }>();
      expect(revisions.revisions.map((r) => r.source)).toEqual(['import']);
    }
    expect(await t.ctx.storage.head(`documents/${docB}/legend_crops/valve.png`)).not.toBeNull();

    const again = unzipSync(new Uint8Array((await archiveOf(docB)).rawPayload));
    expect(Object.keys(again).sort()).toEqual(Object.keys(exported).sort());
    for (const name of ['components/0001.json', 'components/0002.json', 'legend_crops/valve.png']) expect(Buffer.from(again[name]!).equals(Buffer.from(exported[name]!)), name).toBe(true);

    // Loaded a second time, and onto its own document: always new components.
    const before = await regionCount(docA);
    expect((await importInto(docB, Buffer.from(zipSync(exported)))).statusCode).toBe(200);
    expect((await importInto(docA, Buffer.from(zipSync(exported)))).statusCode).toBe(200);
    expect(await regionCount(docA)).toBe(before + 2);
  });

  it('refuses hostile and malformed archives with 422 and creates nothing', async () => {
    const regionsBefore = await regionCount(docB);
    const blobsBefore = (await t.ctx.storage.list(`documents/${docB}/`)).sort();
    const good = Object.fromEntries(Object.entries(exported).map(([k, v]) => [k, strFromU8(v, true)]));
    const manifest = JSON.parse(good['manifest.json']!) as { components: Array<Record<string, unknown>> };
    const withManifest = (m: unknown) => zipOf({ ...exported, 'manifest.json': JSON.stringify(m) });
    const graph1 = JSON.parse(good['components/0001.json']!) as { network: { edges: Array<Record<string, unknown>> }; legend: Array<Record<string, unknown>> };
    const withGraph = (g: unknown) => zipOf({ ...exported, 'components/0001.json': JSON.stringify(g) });
    const many: Record<string, string> = { ...good };
    for (let i = 0; i < 3000; i++) many[`legend_crops/x${i}.png`] = '';
    const cases: Array<[string, Buffer, Array<string | number>]> = [
      ['not a zip', Buffer.from('definitely not a zip file'), ['body', 'file']],
      ['an honest bomb', buildZip([{ name: 'manifest.json', data: Buffer.from(good['manifest.json']!) }, { name: 'components/0001.json', raw: deflatedZeros(200) }]), ['body', 'file']],
      ['a lying bomb', buildZip([{ name: 'manifest.json', data: Buffer.from(good['manifest.json']!) }, { name: 'components/0001.json', raw: { ...deflatedZeros(20), size: 1000 } }]), ['body', 'file']],
      ['path traversal', buildZip([{ name: 'manifest.json', data: Buffer.from(good['manifest.json']!) }, { name: '../../evil.json', data: Buffer.from('{}') }]), ['body', 'file']],
      ['an absolute path', buildZip([{ name: '/etc/evil.json', data: Buffer.from('{}') }]), ['body', 'file']],
      ['a traversing crop', buildZip([{ name: 'legend_crops/../../x.png', data: Buffer.from('x') }]), ['body', 'file']],
      ['an unknown member', zipOf({ ...exported, 'notes.txt': 'hello' }), ['body', 'file']],
      ['an oversized crop', zipOf({ ...exported, 'legend_crops/big.png': Buffer.alloc(2 * 1024 * 1024 + 1, 1) }), ['body', 'file']],
      ['too many members', zipOf(many), ['body', 'file']],
      ['no manifest', zipOf({ 'components/0001.json': good['components/0001.json']! }), ['body', 'file', 'manifest.json']],
      ['a manifest that is no JSON', zipOf({ ...exported, 'manifest.json': '{"format": ' }), ['body', 'file', 'manifest.json']],
      ['a manifest of another format', withManifest({ ...manifest, format: 'other' }), ['body', 'file', 'manifest.json', 'format']],
      ['a manifest naming a missing graph', withManifest({ ...manifest, components: [{ ...manifest.components[0], file: 'components/0009.json' }] }), ['body', 'file', 'manifest.json', 'components', 0, 'file']],
      ['a graph the manifest does not list', withManifest({ ...manifest, components: [manifest.components[0]] }), ['body', 'file', 'components/0002.json']],
      ['a page the document lacks', withManifest({ ...manifest, components: [manifest.components[0], { ...manifest.components[1], page_number: 9 }] }), ['body', 'file', 'manifest.json', 'components', 1, 'page_number']],
      ['a bbox off the page', withManifest({ ...manifest, components: [{ ...manifest.components[0], bbox: [0, 0, 99999, 10] }, manifest.components[1]] }), ['body', 'file', 'manifest.json', 'components', 0, 'bbox']],
      ['a graph that is no JSON', zipOf({ ...exported, 'components/0001.json': '{' }), ['body', 'file', 'components/0001.json']],
      ['a v2 graph', withGraph(graphs[1]), ['body', 'file', 'components/0001.json', 'version']],
      ['an edge to nowhere', withGraph({ ...graph1, network: { ...graph1.network, edges: [{ ...graph1.network.edges[0], to: 'n99' }] } }), ['body', 'file', 'components/0001.json', 'network', 'edges', 0, 'to']],
      ['a crop the archive lacks', zipOf(Object.fromEntries(Object.entries(exported).filter(([k]) => k !== 'legend_crops/valve.png'))), ['body', 'file', 'components/0001.json', 'legend', 1, 'source_crop_url']],
      ['a crop that is no image', zipOf({ ...exported, 'legend_crops/valve.png': 'not a png' }), ['body', 'file', 'legend_crops/valve.png']],
      ['another document’s crop', withGraph({ ...graph1, legend: [{ ...graph1.legend[1], source_crop_url: `storage://documents/${docA}/legend_crops/valve.png` }] }), ['body', 'file', 'components/0001.json', 'legend', 0, 'source_crop_url']],
    ];
    for (const [what, zip, loc] of cases) {
      const res = await importInto(docB, zip);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(422);
      const detail = res.json<ErrorBody>().detail;
      expect(Array.isArray(detail) ? detail[0]!.loc : detail, what).toEqual(loc);
    }
    const noFile = multipart({ note: 'x' }, []);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v0/documents/${docB}/schematic/archive`, headers: { ...alice.auth, ...noFile.headers }, payload: noFile.payload })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v0/documents/${docB}/schematic/archive`, headers: alice.auth, payload: { file: 'x' } })).statusCode).toBe(415);
    expect(await regionCount(docB)).toBe(regionsBefore);
    expect((await t.ctx.storage.list(`documents/${docB}/`)).sort()).toEqual(blobsBefore);
  });

  it('exports the schematic pages and their COCO annotations, rendering a missing page first', async () => {
    await t.ctx.database.db.updateTable('pages').set({ image_key: null }).where('document_id', '=', docA).where('page_number', '=', 2).execute();
    const res = await t.app.inject({ url: `/api/v0/documents/${docA}/schematic/coco-export`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['_annotations.coco.json', 'page-0001.png', 'page-0002.png']);
    const page2 = await t.ctx.database.db.selectFrom('pages').select('image_key').where('document_id', '=', docA).where('page_number', '=', 2).executeTakeFirstOrThrow();
    expect(page2.image_key).not.toBeNull();

    const coco = readCoco(strFromU8(files['_annotations.coco.json']!));
    for (const image of coco.images) {
      const meta = await sharp(Buffer.from(files[image.file_name]!)).metadata();
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    }
    // The document's own schematics plus the archive imported onto it earlier: every graph's
    // nodes and arrows, moved by their region's corner, in page and reading order.
    const listed = (await t.app.inject({ url: `/api/v0/documents/${docA}/visual-components?types=schematic`, headers: alice.auth })).json<Region[]>();
    const expected: Array<[string, Box]> = [];
    for (const r of listed) {
      const g = await schematicOf(r);
      const file = `page-${String(r.page_number).padStart(4, '0')}.png`;
      const move = (b: Box): Box => [b[0] + r.bbox[0], b[1] + r.bbox[1], b[2] + r.bbox[0], b[3] + r.bbox[1]];
      for (const n of g.network.nodes) expected.push([file, move(n.bbox)]);
      for (const a of g.arrows) expected.push([file, move(a.bbox)]);
    }
    const fileOf = new Map(coco.images.map((i) => [i.id, i.file_name]));
    const got = coco.annotations.map((a): [string, Box] => [fileOf.get(a.image_id)!, [a.bbox[0]!, a.bbox[1]!, a.bbox[0]! + a.bbox[2]!, a.bbox[1]! + a.bbox[3]!]]);
    expect(listed.length).toBe(4);
    expect(got).toEqual(expected);
    const names = new Map(coco.categories.map((c) => [c.id, c.name]));
    expect(coco.annotations.slice(0, 6).map((a) => names.get(a.category_id))).toEqual(['gate_valve', 'control_valve', 'instrument_circle', 'junction', 'arrow', 'arrow']);
    expect(coco.categories.map((c) => c.name)).toEqual([...new Set(coco.categories.map((c) => c.name))].sort());

    if (hasPycocotools()) {
      const dir = mkdtempSync(path.join(tmpdir(), 'coco-'));
      try {
        writeFileSync(path.join(dir, 'a.json'), Buffer.from(files['_annotations.coco.json']!));
        const out = spawnSync('python3', ['-c', 'import sys; from pycocotools.coco import COCO; c = COCO(sys.argv[1]); print(len(c.getAnnIds()))', path.join(dir, 'a.json')], { encoding: 'utf8' });
        expect(out.stdout.trim().split('\n').pop()).toBe(String(coco.annotations.length));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else console.log('pycocotools is not installed here: the COCO export was read back by the reader in this test only');
  }, 60_000);

  it('shows bundles only to readers of the document', async () => {
    for (const user of [bob, eve]) {
      expect((await archiveOf(docA, user)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/v0/documents/${docA}/schematic/coco-export`, headers: user.auth })).statusCode).toBe(404);
      expect((await importInto(docA, Buffer.from(zipSync(exported)), user)).statusCode).toBe(404);
    }
    expect((await archiveOf('not-a-uuid')).statusCode).toBe(422);
  });
});
