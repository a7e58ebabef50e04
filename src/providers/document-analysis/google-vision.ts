// Google Cloud Vision, the REST protocol of images:annotate (v1) with DOCUMENT_TEXT_DETECTION:
// POST {base}/v1/images:annotate with the image as base64 content and the API key in the
// x-goog-api-key header (kept out of URLs and logs). The answer's fullTextAnnotation gives
// pages -> blocks -> paragraphs -> words -> symbols; a word's text is its symbols, and a line
// ends where a symbol carries an EOL_SURE_SPACE, LINE_BREAK or HYPHEN break. Vision finds no
// tables: a table is built from its words by PageLens's own structure step.
import { ProviderError } from '../llm/errors.js';
import { isRecord } from '../llm/http.js';
import type { BBox, TextLine, Word } from '../../pipeline/types.js';
import { lineOfWords, pngSize, roundBox } from './geometry.js';
import { exchange } from './http.js';
import type { AnalysisTimeouts } from './settings.js';
import type { AnalyzeOptions, DocumentAnalysis, DocumentAnalyzer } from './types.js';

export const GOOGLE_PROVIDER = 'google_cloud_vision';
export const GOOGLE_FEATURE = 'DOCUMENT_TEXT_DETECTION';

export interface GoogleVisionOptions extends AnalysisTimeouts {
  baseUrl: string;
  apiKey: string;
  retryDelayMs?: number;
}

const LINE_ENDS = new Set(['EOL_SURE_SPACE', 'LINE_BREAK', 'HYPHEN']);

/** Vertices omit a coordinate that is 0. */
function boxOfVertices(box: unknown): BBox | null {
  if (!isRecord(box) || !Array.isArray(box.vertices) || box.vertices.length === 0) return null;
  const pts = box.vertices.map((v: unknown) => (isRecord(v) ? [num(v.x), num(v.y)] : [0, 0]));
  const xs = pts.map((p) => p[0]!);
  const ys = pts.map((p) => p[1]!);
  const b: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return b[2] > b[0] && b[3] > b[1] ? roundBox(b) : null;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export class GoogleCloudVision implements DocumentAnalyzer {
  readonly provider = GOOGLE_PROVIDER;
  readonly model = GOOGLE_FEATURE;
  readonly #o: GoogleVisionOptions;

  constructor(options: GoogleVisionOptions) {
    this.#o = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '') };
  }

  async analyze(png: Buffer, options: AnalyzeOptions = {}): Promise<DocumentAnalysis> {
    const o = this.#o;
    const answer = await exchange({
      provider: this.provider,
      method: 'POST',
      url: `${o.baseUrl}/v1/images:annotate`,
      headers: { 'x-goog-api-key': o.apiKey },
      body: { requests: [{ image: { content: png.toString('base64') }, features: [{ type: GOOGLE_FEATURE }] }] },
      timeoutMs: o.timeoutMs,
      maxResponseBytes: o.maxResponseBytes,
      secrets: [o.apiKey],
      retryDelayMs: o.retryDelayMs,
      signal: options.signal,
    });
    const response = isRecord(answer.json) && Array.isArray(answer.json.responses) ? (answer.json.responses[0] as unknown) : undefined;
    if (!isRecord(response)) throw new ProviderError(this.provider, 'bad_response', 'the answer has no responses[0]');
    // A per-image error comes back inside a 200 answer.
    if (isRecord(response.error) && typeof response.error.message === 'string') {
      const code = typeof response.error.code === 'number' ? ` (code ${response.error.code})` : '';
      throw new ProviderError(this.provider, 'http', `the image was not analysed${code}: ${response.error.message}`);
    }
    const size = pngSize(png);
    // No fullTextAnnotation means no text was found: an empty result, not an error.
    const pages = isRecord(response.fullTextAnnotation) ? list(response.fullTextAnnotation.pages) : [];
    const first = isRecord(pages[0]) ? pages[0] : {};
    const lines: TextLine[] = [];
    for (const block of list(first.blocks)) {
      for (const paragraph of isRecord(block) ? list(block.paragraphs) : []) {
        let current: Word[] = [];
        const flush = (): void => {
          const line = lineOfWords(current);
          if (line) lines.push(line);
          current = [];
        };
        for (const w of isRecord(paragraph) ? list(paragraph.words) : []) {
          if (!isRecord(w)) continue;
          const symbols = list(w.symbols).filter(isRecord);
          const text = symbols.map((s) => (typeof s.text === 'string' ? s.text : '')).join('');
          const bbox = boxOfVertices(w.boundingBox);
          if (text.trim() !== '' && bbox) current.push({ text, bbox, confidence: typeof w.confidence === 'number' ? w.confidence : 1 });
          const last = symbols[symbols.length - 1];
          const breakType = last && isRecord(last.property) && isRecord(last.property.detectedBreak) ? last.property.detectedBreak.type : null;
          if (typeof breakType === 'string' && LINE_ENDS.has(breakType)) flush();
        }
        flush();
      }
    }
    return {
      provider: this.provider,
      model: GOOGLE_FEATURE,
      width: size?.width ?? num(first.width),
      height: size?.height ?? num(first.height),
      lines,
      words: lines.flatMap((l) => l.words),
      tables: [],
    };
  }
}
