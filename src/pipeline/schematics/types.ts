// The shapes detection works with. The graph mirrors the canonical v2 schematic graph
// (src/schematics/graph.ts) member for member: the pipeline imports nothing outside itself, and
// the extractor that hands the graph on checks at compile time that the two agree.
import type { BBox, TextLine, Word } from '../types.js';
import type { GreyPixels } from './raster.js';

export type Box = [number, number, number, number];
export type Point = [number, number];

export interface SchematicNode {
  id: string;
  class: string;
  subtype: string | null;
  bbox: Box;
  rotation: number;
  transcription: string | null;
  confidence: number;
  legend_id: string | null;
}

export interface SchematicEdge {
  id: string;
  source: string;
  target: string;
  points: Point[];
  directed: boolean;
  class: string;
  label: string | null;
}

export interface SchematicSubgraph {
  id: string;
  label: string;
  node_ids: string[];
  bbox: Box | null;
}

export interface SchematicArrow {
  id: string;
  bbox: Box;
  direction: number;
  edge_id: string | null;
}

export interface LegendEntry {
  id: string;
  class: string;
  subtype: string | null;
  label: string;
  source_crop_url: string | null;
  bbox: Box | null;
}

export interface SchematicGraph {
  version: 'v2';
  network: { nodes: SchematicNode[]; edges: SchematicEdge[] };
  subgraphs: SchematicSubgraph[];
  arrows: SchematicArrow[];
  legend: LegendEntry[];
  legend_draft: LegendEntry[] | null;
  image_width: number;
  image_height: number;
  total_pages: number;
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
