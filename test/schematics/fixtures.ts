// One small P&ID graph written in every accepted wire format (v0, bare legacy, v1) and the v2
// envelope each must normalise to; a fuller v2 graph with every member set (subgraphs, arrows,
// legend with crops, a draft) for the round trips; and helpers shared by the schematic tests.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { SchematicGraphV2 } from '../../src/schematics/graph.js';

/** A tiny PNG as a data URL (a few hundred bytes). */
export async function smallPngDataUrl(shade = 120): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: shade, b: shade } } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A PNG of noise whose data URL is about 33 KB: over the 32 KB a legend crop may have. */
export async function bigPngDataUrl(): Promise<string> {
  const side = 91;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export function expectedSmall(crop: string): SchematicGraphV2 {
  return {
    version: 'v2',
    network: {
      nodes: [
        { id: 'n1', class: 'gate_valve', subtype: null, bbox: [100, 100, 140, 130], rotation: 0, transcription: 'V-101', confidence: 1, legend_id: null },
        { id: 'n2', class: 'centrifugal_pump', subtype: null, bbox: [300, 90, 360, 150], rotation: 90, transcription: 'P-101', confidence: 0.9, legend_id: null },
        { id: 'n3', class: 'junction', subtype: null, bbox: [200, 110, 204, 114], rotation: 0, transcription: null, confidence: 1, legend_id: null },
      ],
      edges: [
        { id: 'e1', source: 'n1', target: 'n2', points: [[140, 115], [202, 112], [300, 120]], directed: true, class: 'pipe', label: null },
        // Given without a polyline: the centres of its two nodes.
        { id: 'e2', source: 'n3', target: 'n2', points: [[202, 112], [330, 120]], directed: false, class: 'signal', label: null },
      ],
    },
    subgraphs: [],
    arrows: [],
    legend: [
      { id: 'l1', class: 'gate_valve', subtype: null, label: 'Gate valve', source_crop_url: null, bbox: null },
      { id: 'l2', class: 'centrifugal_pump', subtype: null, label: 'Pump', source_crop_url: crop, bbox: null },
    ],
    legend_draft: null,
    image_width: 800,
    image_height: 600,
    total_pages: 1,
    non_flow_classes: [],
  };
}

const v0Members = (crop: string) => ({
  schematic: {
    symbols: [
      { id: 'n1', class: 'gate_valve', bbox: [100, 100, 140, 130], tag: 'V-101' },
      { id: 'n2', class: 'centrifugal_pump', bbox: [300, 90, 360, 150], tag: 'P-101', rotation: 90, confidence: 0.9 },
      { id: 'n3', class: 'junction', bbox: [200, 110, 204, 114] },
    ],
    lines: [
      { from: 'n1', to: 'n2', points: [[140, 115], [202, 112], [300, 120]], arrow: true },
      { from: 'n3', to: 'n2', type: 'signal' },
    ],
  },
  pid: {
    width: 800,
    height: 600,
    legend: [
      { class: 'gate_valve', label: 'Gate valve' },
      { class: 'centrifugal_pump', label: 'Pump', crop },
    ],
  },
});

export const v0Small = (crop: string) => ({ version: 'v0', ...v0Members(crop) });
export const legacySmall = (crop: string) => v0Members(crop);

export const v1Small = (crop: string) => ({
  version: 'v1',
  network: {
    nodes: [
      { id: 'n1', type: 'gate_valve', bbox: [100, 100, 140, 130], text: 'V-101' },
      { id: 'n2', type: 'centrifugal_pump', bbox: [300, 90, 360, 150], text: 'P-101', angle: 90, score: 0.9 },
      { id: 'n3', type: 'junction', bbox: [200, 110, 204, 114], subtype: null },
    ],
    edges: [
      { id: 'e1', from: 'n1', to: 'n2', path: [[140, 115], [202, 112], [300, 120]], arrow: true },
      { id: 'e2', from: 'n3', to: 'n2', kind: 'signal' },
    ],
  },
  annotations: [],
  image: { width: 800, height: 600 },
  legend: [
    { id: 'l1', class: 'gate_valve', label: 'Gate valve' },
    { id: 'l2', class: 'centrifugal_pump', label: 'Pump', source_crop_url: crop },
  ],
});

/** Every member set: subgraphs, arrows, subtypes, legend links, a legend with crops and a draft. */
export function fullGraph(crops: { data: string; storage: string }, shift = 0): SchematicGraphV2 {
  const s = shift;
  return {
    version: 'v2',
    network: {
      nodes: [
        { id: 'n1', class: 'gate_valve', subtype: 'flanged', bbox: [10 + s, 20, 50 + s, 44], rotation: 0, transcription: 'V-101', confidence: 0.97, legend_id: 'L1' },
        { id: 'n2', class: 'control_valve', subtype: null, bbox: [120 + s, 18, 160 + s, 50], rotation: 270, transcription: 'FV-102', confidence: 0.88, legend_id: 'L2' },
        { id: 'n3', class: 'instrument_circle', subtype: 'field', bbox: [125 + s, 70, 155 + s, 100], rotation: 0, transcription: 'FT 102', confidence: 0.5, legend_id: null },
        { id: 'n4', class: 'junction', subtype: null, bbox: [88 + s, 30, 92 + s, 34], rotation: 0, transcription: null, confidence: 1, legend_id: null },
      ],
      edges: [
        { id: 'p1', source: 'n1', target: 'n4', points: [[50 + s, 32], [90 + s, 32]], directed: true, class: 'pipe', label: '2"-P-101' },
        { id: 'p2', source: 'n4', target: 'n2', points: [[90 + s, 32], [105.5 + s, 32], [120 + s, 34]], directed: false, class: 'pipe', label: null },
        { id: 's1', source: 'n3', target: 'n2', points: [[140 + s, 70], [140 + s, 50]], directed: true, class: 'signal', label: 'a, "quoted"\nlabel' },
      ],
    },
    subgraphs: [{ id: 'unit-100', label: 'Feed skid', node_ids: ['n1', 'n4'], bbox: [5 + s, 10, 95 + s, 55] }],
    arrows: [
      { id: 'a1', bbox: [70 + s, 28, 78 + s, 36], direction: 0, edge_id: 'p1' },
      { id: 'a2', bbox: [136 + s, 56, 144 + s, 64], direction: 270, edge_id: null },
    ],
    legend: [
      { id: 'L1', class: 'gate_valve', subtype: 'flanged', label: 'Gate valve', source_crop_url: crops.data, bbox: [600, 40, 640, 70] },
      { id: 'L2', class: 'control_valve', subtype: null, label: '=Control valve', source_crop_url: crops.storage, bbox: null },
    ],
    legend_draft: [{ id: 'D1', class: 'check_valve', subtype: null, label: 'Check valve', source_crop_url: crops.storage, bbox: [600, 80, 640, 110] }],
    image_width: 400,
    image_height: 300,
    total_pages: 1,
    non_flow_classes: ['instrument_circle'],
  };
}

export interface ErrorBody {
  detail: Array<{ loc: Array<string | number>; msg: string; type: string }> | string;
}
