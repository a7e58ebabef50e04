// Azure AI Document Intelligence, the REST protocol of API version 2024-11-30 (the layout model by
// default): POST {endpoint}/documentintelligence/documentModels/{model}:analyze with the image as
// base64Source and the key in Ocp-Apim-Subscription-Key; the 202 answer's Operation-Location is
// polled (GET, same key, honouring Retry-After) until status is succeeded or failed. The result's
// first page gives words and lines (polygons in pixels for images) and its tables the cell grids.
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from '../llm/errors.js';
import { isRecord } from '../llm/http.js';
import type { TextLine, Word } from '../../pipeline/types.js';
import { boxOfPolygon, pngSize } from './geometry.js';
import { exchange, retryAfterMs, safeUrl } from './http.js';
import type { AnalysisTimeouts } from './settings.js';
import type { AnalyzeOptions, AnalyzedCell, AnalyzedTable, DocumentAnalysis, DocumentAnalyzer } from './types.js';

export const AZURE_PROVIDER = 'azure_document_intelligence';

export interface AzureOptions extends AnalysisTimeouts {
  endpoint: string;
  apiKey: string;
  model: string;
  apiVersion: string;
  /** Polling interval when the service sends no Retry-After. Default 1000 ms. */
  pollIntervalMs?: number;
  retryDelayMs?: number;
}

const HEADER_KINDS = new Set(['columnHeader', 'rowHeader', 'stubHead']);
const FINAL_FAILURES = new Set(['failed', 'canceled', 'skipped']);

interface Span {
  offset: number;
  length: number;
}

const spanOf = (v: unknown): Span | null =>
  isRecord(v) && typeof v.offset === 'number' && typeof v.length === 'number' ? { offset: v.offset, length: v.length } : null;

export class AzureDocumentIntelligence implements DocumentAnalyzer {
  readonly provider = AZURE_PROVIDER;
  readonly #o: AzureOptions;

  constructor(options: AzureOptions) {
    this.#o = { ...options, endpoint: options.endpoint.replace(/\/+$/, '') };
  }

  get model(): string {
    return this.#o.model;
  }

  async analyze(png: Buffer, options: AnalyzeOptions = {}): Promise<DocumentAnalysis> {
    const o = this.#o;
    const deadline = Date.now() + o.timeoutMs;
    const common = {
      provider: this.provider,
      headers: { 'Ocp-Apim-Subscription-Key': o.apiKey },
      maxResponseBytes: o.maxResponseBytes,
      secrets: [o.apiKey],
      retryDelayMs: o.retryDelayMs,
      signal: options.signal,
    };
    const url = `${o.endpoint}/documentintelligence/documentModels/${encodeURIComponent(o.model)}:analyze?api-version=${encodeURIComponent(o.apiVersion)}`;
    const started = await exchange({ ...common, method: 'POST', url, body: { base64Source: png.toString('base64') }, timeoutMs: remaining(deadline, o, url) });
    const location = started.headers.get('operation-location');
    if (started.status !== 202 || !location) {
      throw new ProviderError(this.provider, 'bad_response', `${safeUrl(url)} answered ${started.status} without an Operation-Location to poll`, started.status);
    }
    // The key is only ever sent back to the configured service.
    if (!sameOrigin(location, o.endpoint)) {
      throw new ProviderError(this.provider, 'bad_response', `the Operation-Location ${safeUrl(location)} is not on the configured endpoint`);
    }
    let wait = retryAfterMs(started.headers.get('retry-after')) ?? o.pollIntervalMs ?? 1000;
    for (;;) {
      try {
        await sleep(Math.min(wait, Math.max(0, deadline - Date.now())), undefined, { signal: options.signal });
      } catch {
        throw new ProviderError(this.provider, 'aborted', 'the analysis was cancelled');
      }
      const polled = await exchange({ ...common, method: 'GET', url: location, timeoutMs: remaining(deadline, o, url) });
      const body = isRecord(polled.json) ? polled.json : {};
      const status = typeof body.status === 'string' ? body.status : null;
      if (status === null) throw new ProviderError(this.provider, 'bad_response', 'the analysis status has no status field');
      if (status === 'succeeded') return this.#result(body, png);
      if (FINAL_FAILURES.has(status)) {
        const error = isRecord(body.error) ? body.error : {};
        const message = [error.code, error.message].filter((s) => typeof s === 'string').join(': ') || 'no reason given';
        throw new ProviderError(this.provider, 'http', `the analysis ${status}: ${message}`);
      }
      wait = retryAfterMs(polled.headers.get('retry-after')) ?? o.pollIntervalMs ?? 1000;
    }
  }

  #result(body: Record<string, unknown>, png: Buffer): DocumentAnalysis {
    const result = isRecord(body.analyzeResult) ? body.analyzeResult : null;
    const page = result && Array.isArray(result.pages) && isRecord(result.pages[0]) ? result.pages[0] : null;
    if (!result || !page) throw new ProviderError(this.provider, 'bad_response', 'the analysis succeeded without analyzeResult.pages[0]');
    const size = pngSize(png);
    const pageWidth = typeof page.width === 'number' && page.width > 0 ? page.width : null;
    // Images come back in pixels; any other unit (inch for PDFs) is scaled to the image's pixels.
    const scale = page.unit === 'pixel' || !size || !pageWidth ? 1 : size.width / pageWidth;

    const words: Array<Word & { span: Span | null }> = [];
    for (const w of Array.isArray(page.words) ? page.words : []) {
      if (!isRecord(w) || typeof w.content !== 'string') continue;
      const bbox = boxOfPolygon(w.polygon, scale);
      if (!bbox || w.content.trim() === '') continue;
      words.push({ text: w.content, bbox, confidence: typeof w.confidence === 'number' ? w.confidence : 1, span: spanOf(w.span) });
    }
    const lines: TextLine[] = [];
    for (const l of Array.isArray(page.lines) ? page.lines : []) {
      if (!isRecord(l) || typeof l.content !== 'string') continue;
      const bbox = boxOfPolygon(l.polygon, scale);
      if (!bbox) continue;
      const spans = (Array.isArray(l.spans) ? l.spans : []).map(spanOf).filter((s): s is Span => s !== null);
      const inLine = words.filter((w) => w.span && spans.some((s) => w.span!.offset >= s.offset && w.span!.offset < s.offset + s.length));
      lines.push({ text: l.content, bbox, words: inLine.map(plainWord) });
    }
    return {
      provider: this.provider,
      model: this.#o.model,
      width: size?.width ?? Math.round((pageWidth ?? 0) * scale),
      height: size?.height ?? Math.round((typeof page.height === 'number' ? page.height : 0) * scale),
      lines,
      words: words.map(plainWord),
      tables: (Array.isArray(result.tables) ? result.tables : []).map(tableOf).filter((t): t is AnalyzedTable => t !== null),
    };
  }
}

const plainWord = (w: Word & { span: Span | null }): Word => ({ text: w.text, bbox: w.bbox, confidence: w.confidence });

function tableOf(t: unknown): AnalyzedTable | null {
  if (!isRecord(t) || typeof t.rowCount !== 'number' || typeof t.columnCount !== 'number' || !Array.isArray(t.cells)) return null;
  const cells: AnalyzedCell[] = [];
  for (const c of t.cells) {
    if (!isRecord(c) || typeof c.rowIndex !== 'number' || typeof c.columnIndex !== 'number') continue;
    cells.push({
      row: c.rowIndex,
      col: c.columnIndex,
      rowSpan: typeof c.rowSpan === 'number' ? c.rowSpan : 1,
      colSpan: typeof c.columnSpan === 'number' ? c.columnSpan : 1,
      text: typeof c.content === 'string' ? c.content : '',
      header: typeof c.kind === 'string' && HEADER_KINDS.has(c.kind),
    });
  }
  return { rows: t.rowCount, cols: t.columnCount, cells };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function remaining(deadline: number, o: AzureOptions, url: string): number {
  const left = deadline - Date.now();
  if (left <= 0) throw new ProviderError(AZURE_PROVIDER, 'timeout', `the analysis at ${safeUrl(url)} did not finish within ${o.timeoutMs} ms`);
  return left;
}
