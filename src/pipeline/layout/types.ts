// Page layout: regions found on one page from its text lines, drawn segments and (optionally) a
// small greyscale bitmap of the page. Coordinates are page pixels like the rest of the pipeline.
import type { BBox, Segment, TextLine } from '../types.js';

export type RegionKind = 'title' | 'text' | 'list' | 'table' | 'figure' | 'header' | 'footer';

export type FigureType = 'flowchart' | 'diagram' | 'mindmap' | 'chart' | 'table' | 'schematic';

export interface LayoutRegion {
  kind: RegionKind;
  bbox: BBox;
  /** 0..1: how sure the detector is of `kind` (and of `figure_type` for figures). */
  confidence: number;
  figure_type?: FigureType;
  /** Indexes into the input's `lines` of the text lines inside the region. */
  lines?: number[];
}

/** A downscaled greyscale page: one byte per pixel, 0 = black … 255 = white, rows top to bottom. */
export interface InkMap {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface LayoutInput {
  /** Page size in pixels (the same space as the lines' and segments' boxes). */
  width: number;
  height: number;
  lines: TextLine[];
  segments: Segment[];
  /** The page at a low resolution, for graphics that are neither text nor drawn segments (images, scans). */
  ink?: InkMap;
}
