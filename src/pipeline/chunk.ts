// Splits a page's lines into search chunks of about `target` characters, never splitting a line,
// each with the boxes of the lines it holds (so answers can point at the page region).
import type { BBox, TextLine } from './types.js';

export interface Chunk {
  seq: number;
  text: string;
  bboxes: BBox[];
}

export function chunkLines(lines: TextLine[], target = 800): Chunk[] {
  const chunks: Chunk[] = [];
  let text = '';
  let boxes: BBox[] = [];
  const flush = (): void => {
    if (text.trim() === '') return;
    chunks.push({ seq: chunks.length, text: text.trim(), bboxes: boxes });
    text = '';
    boxes = [];
  };
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '') continue;
    if (text.length > 0 && text.length + t.length + 1 > target) flush();
    text += (text ? '\n' : '') + t;
    boxes.push(line.bbox);
  }
  flush();
  return chunks;
}
