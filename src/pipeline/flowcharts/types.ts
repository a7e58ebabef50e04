// The graph a flowchart or diagram becomes (the component's `intermediate_json`), and the tree a
// mind map becomes. Coordinates are pixels of the figure handed in.
import type { BBox, PageText, Word } from '../types.js';

export const NODE_SHAPES = ['process', 'decision', 'terminator', 'io', 'connector', 'subroutine', 'text'] as const;
/** `text`: a node drawn as text alone (no outline), as in mind maps and sketches. */
export type NodeShape = (typeof NODE_SHAPES)[number];

export interface FlowNode {
  id: string;
  shape: NodeShape;
  text: string;
  bbox: BBox;
}

export interface FlowEdge {
  source: string;
  target: string;
  label: string | null;
  /** False for a line without arrowheads (its source is then the upper or left end). Default true. */
  directed?: boolean;
  bbox?: BBox;
}

export type FlowDirection = 'TD' | 'LR' | 'BT' | 'RL';

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
  direction?: FlowDirection;
  /** Mind maps: the id of the central topic (found from the figure; without it, guessed from the layout). */
  root?: string;
}

export interface MindmapNode {
  text: string;
  shape?: NodeShape;
  bbox?: BBox;
  children: MindmapNode[];
}

export interface MindmapTree {
  root: MindmapNode;
}

export interface FigureInput {
  /** The figure's pixels (a page crop or an uploaded image). */
  png: Buffer;
  width: number;
  height: number;
  /** Text already known (a PDF text layer), in these pixels' coordinates; skips OCR. */
  words?: Word[];
  /** The OCR port (the pipeline imports no providers). Without it and without words, text stays empty. */
  ocr?: (png: Buffer) => Promise<PageText>;
  /**
   * Reads a prepared sheet of text lines stacked one under another as one block (tesseract's
   * single-block mode); when given, the figure's text is read by both ports and each text block
   * keeps the surer reading.
   */
  ocrBlock?: (png: Buffer) => Promise<PageText>;
}
