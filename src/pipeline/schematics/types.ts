// The shapes detection works with, and the canonical v2 schematic graph itself (the spec's "v2
// envelope"; src/schematics/graph.ts re-exports it for the routes). Coordinates are pixels of the
// component's image, origin top left, boxes [x0, y0, x1, y1]. The spec fixes the top-level keys;
// the members below them are PageLens's design, documented in docs/schematic-v2.md.
import type { BBox, TextLine, Word } from '../types.js';
import type { GreyPixels } from './raster.js';

export type Box = [number, number, number, number];
export type Point = [number, number];

/** A detected or drawn element: a symbol, a pipe junction, or a free text tag. */
export interface SchematicNode {
  /** Stable within the graph ("n1", "n2", …); edges and subgraphs refer to it. */
  id: string;
  /** Symbol class ("gate_valve", "centrifugal_pump", …); "junction" for a pipe junction. */
  class: string;
  subtype: string | null;
  bbox: Box;
  /** Clockwise degrees the symbol is drawn turned from its legend picture (0, 90, 180, 270). */
  rotation: number;
  /** The tag read next to or inside the symbol ("FV-101"), null when there is none. */
  transcription: string | null;
  /** 0–1; 1 for elements a person drew or corrected. */
  confidence: number;
  /** The legend entry the symbol was matched to, null for generic shapes and junctions. */
  legend_id: string | null;
}

/** A line or pipe between two nodes, drawn as a polyline through its bends. */
export interface SchematicEdge {
  id: string;
  source: string;
  target: string;
  /** The polyline from source to target, bends included. */
  points: Point[];
  /** True when an arrow on the line says flow goes from source to target. */
  directed: boolean;
  /** "pipe" (process line), "signal" (dashed instrument line) or another drawn line style. */
  class: string;
  label: string | null;
}

export interface SchematicNetwork {
  nodes: SchematicNode[];
  edges: SchematicEdge[];
}

/** A named group of nodes (a unit, a skid, a boxed area of the sheet). */
export interface SchematicSubgraph {
  id: string;
  label: string;
  node_ids: string[];
  bbox: Box | null;
}

/** A flow arrow head found on a line. */
export interface SchematicArrow {
  id: string;
  bbox: Box;
  /** Clockwise degrees the arrow points, 0 = right, 90 = down. */
  direction: number;
  edge_id: string | null;
}

export interface LegendEntry {
  id: string;
  class: string;
  subtype: string | null;
  /** The legend's own text for the symbol ("Gate valve"). */
  label: string;
  /** A data URL of at most 32 KB, or a storage URL under this document's legend_crops/ prefix. */
  source_crop_url: string | null;
  /** Where the symbol's picture is on the legend image or sheet, when known. */
  bbox: Box | null;
}

export interface SchematicGraph {
  version: 'v2';
  network: SchematicNetwork;
  subgraphs: SchematicSubgraph[];
  arrows: SchematicArrow[];
  legend: LegendEntry[];
  /** Entries extracted from a legend image, waiting for the client to review and clear them. */
  legend_draft: LegendEntry[] | null;
  image_width: number;
  image_height: number;
  total_pages: number;
  /** Node classes that carry no flow (instruments' signal ends, notes): connection checks skip them. */
  non_flow_classes: string[];
}

/** The OCR port: any engine that reads a prepared image as one block of text (OcrEngine does). */
export interface SchematicOcr {
  readBlock(img: GreyPixels): Promise<TextLine[]>;
}

/** The vision model port (ChatModel fits it). */
export interface VisionModel {
  readonly vision: boolean;
  complete(req: { system?: string; prompt: string; images?: Buffer[]; maxTokens?: number; temperature?: number; json?: boolean }): Promise<{ text: string }>;
}

/** A legend entry known beforehand (extracted from a legend image, or edited), with its picture. */
export interface KnownLegendEntry {
  entry: LegendEntry;
  crop: GreyPixels;
}

export interface DetectInput {
  /** The sheet's greyscale pixels (its width and height are the graph's image size). */
  image: GreyPixels;
  /** Words already known (a PDF text layer), in the image's pixels; OCR is skipped when given. */
  words?: Word[];
  /** Reads tags and legend labels; without it (and without words) text stays empty. */
  ocr: SchematicOcr | null;
  /** Legend entries to detect with; without them the legend is looked for on the sheet. */
  legend?: KnownLegendEntry[];
}

/** Text found on the sheet, in working pixels. */
export interface TextItem {
  box: BBox;
  text: string;
  confidence: number;
  /** Connected components (working mask labels) of its characters. */
  members: number[];
}
