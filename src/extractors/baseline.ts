// The options of POST /components around an extractor: a baseline provider (a vision model or an
// external document-analysis service) and the vision model's text correction (fix_text_with_vlm).
//
// The rule: the offline extractor of the type always runs when there is one, and its result stays
// the component's; the baseline runs beside it and its output is kept under grounding.baseline,
// for comparison. The baseline's output becomes the component's own (grounding.source names the
// provider) only where the offline side has nothing: no extractor for the type (vlm only), or an
// extraction that degraded. A baseline that fails is recorded (baseline.status 'error') and never
// fails an extraction that worked. Text correction then runs on the component's table text
// (html_table cells), or is recorded as skipped with the reason.
import type { ComponentType, JsonObject } from '../components/model.js';
import {
  AZURE_PROVIDER,
  AZURE_REQUIRED,
  GOOGLE_PROVIDER,
  GOOGLE_REQUIRED,
  type DocumentAnalysis,
  type DocumentAnalyzers,
} from '../providers/document-analysis/index.js';
import { correctTextsWithModel, isVlmBaselineType, ProviderError, readComponentWithModel, VLM_BASELINE_TYPES, type ChatModel } from '../providers/llm/index.js';
import { errorMessage } from '../util.js';
import { analyzedTableGrounding, readingGrounding } from './baseline-render.js';
import { extractTableGrounding } from './table.js';
import type { BaselineProvider, ExtractionOptions } from './options.js';
import type { Extractor, ExtractorInput } from './types.js';

// The wire names of the services are their providers' names.
AZURE_PROVIDER satisfies BaselineProvider;
GOOGLE_PROVIDER satisfies BaselineProvider;

export interface BaselineEngines {
  chatModel: ChatModel | null;
  documentAnalyzers: DocumentAnalyzers;
}

/** One model call, for token_usage. */
export interface ModelCall {
  provider: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  purpose: 'component_baseline' | 'component_text_fix';
}

export interface OptionedExtraction {
  grounding: JsonObject;
  status: 'done' | 'degraded';
  error: string | null;
  calls: ModelCall[];
}

/**
 * Why `provider` cannot serve a `type` component on this server (the message of a 422 that names
 * the missing setting), or null when it can. `hasExtractor`: the type has an offline extractor.
 */
export function baselineUnavailable(engines: BaselineEngines, provider: BaselineProvider, type: ComponentType, hasExtractor: boolean): string | null {
  if (provider === 'vlm') {
    if (!isVlmBaselineType(type)) return `baseline_provider=vlm reads ${VLM_BASELINE_TYPES.join(', ')} components, not ${type}`;
    const model = engines.chatModel;
    if (!model) return 'baseline_provider=vlm needs a vision model, and none is configured: set PAGELENS_LLM_PROVIDER (openai or anthropic) and PAGELENS_LLM_MODEL';
    if (!model.vision) return `baseline_provider=vlm needs a vision model, but ${model.model} is configured without vision: set PAGELENS_LLM_VISION=true`;
    return null;
  }
  const [analyzer, required] = provider === AZURE_PROVIDER ? [engines.documentAnalyzers.azure, AZURE_REQUIRED] : [engines.documentAnalyzers.google, GOOGLE_REQUIRED];
  if (!analyzer) return `baseline_provider=${provider} is not configured on this server: set ${required.join(' and ')}`;
  // Document-analysis services read text (and tables); other types need their offline extractor.
  if (!hasExtractor) return `baseline_provider=${provider} reads text and tables only; ${type} components need this server's own extractor, which it does not have yet`;
  return null;
}

interface Baseline {
  /** What grounding.baseline records. */
  record: JsonObject;
  /** The type's output, when the provider produced one (the fields a promotion copies). */
  output: JsonObject | null;
}

function analysisText(a: DocumentAnalysis): JsonObject {
  return {
    text: a.lines.map((l) => l.text).join('\n'),
    lines: a.lines.map((l) => ({ text: l.text, bbox: l.bbox })),
  };
}

/** A table from the service's own tables (the largest), else from its words by PageLens's structure step. */
function analysisTable(a: DocumentAnalysis, input: ExtractorInput): JsonObject | null {
  const best = [...a.tables].sort((x, y) => y.cells.length - x.cells.length)[0];
  if (best && best.cells.length > 0) return { ...analyzedTableGrounding(best), table_source: 'provider' };
  if (a.words.length === 0) return null;
  const table = extractTableGrounding(input.bbox, a.words, []).grounding;
  return { html_table: table.html_table, rows: table.rows, cols: table.cols, header_rows: table.header_rows, table_source: 'pagelens_structure' };
}

async function runBaseline(provider: BaselineProvider, type: ComponentType, input: ExtractorInput, engines: BaselineEngines, calls: ModelCall[]): Promise<Baseline> {
  const started = Date.now();
  try {
    if (provider === 'vlm') {
      const model = engines.chatModel;
      if (!model || !isVlmBaselineType(type)) throw new Error(baselineUnavailable(engines, provider, type, true) ?? 'no vision model');
      const read = await readComponentWithModel(model, type, input.page.png);
      calls.push({ provider: model.provider, model: model.model, tokensIn: read.tokensIn, tokensOut: read.tokensOut, purpose: 'component_baseline' });
      const output = readingGrounding(read.reading);
      return {
        record: { provider, model: `${model.provider}/${model.model}`, status: 'done', ...output, tokens_in: read.tokensIn, tokens_out: read.tokensOut, duration_ms: Date.now() - started },
        output,
      };
    }
    const analyzer = provider === AZURE_PROVIDER ? engines.documentAnalyzers.azure : engines.documentAnalyzers.google;
    if (!analyzer) throw new Error(baselineUnavailable(engines, provider, type, true) ?? 'not configured');
    const analysis = await analyzer.analyze(input.page.png);
    const table = type === 'table' ? analysisTable(analysis, input) : null;
    return {
      record: { provider, model: analysis.model, status: 'done', ...analysisText(analysis), ...(table ?? {}), duration_ms: Date.now() - started },
      output: table,
    };
  } catch (err) {
    const message = err instanceof ProviderError ? err.message : errorMessage(err);
    return { record: { provider, status: 'error', error: message, duration_ms: Date.now() - started }, output: null };
  }
}

const unescapeHtml = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const CELL = /<(t[dh])(\s[^>]*)?>([\s\S]*?)<\/\1>/g;

/** The distinct texts of a table grounding: its html_table cells and, when present, its cells[].text. */
function tableTexts(g: JsonObject): string[] {
  const seen = new Set<string>();
  if (typeof g.html_table === 'string') for (const m of g.html_table.matchAll(CELL)) seen.add(unescapeHtml(m[3]!));
  if (Array.isArray(g.cells)) for (const c of g.cells) if (isTextCell(c)) seen.add(c.text);
  seen.delete('');
  return [...seen];
}

const isTextCell = (c: unknown): c is { text: string } => typeof c === 'object' && c !== null && typeof (c as { text?: unknown }).text === 'string';

function withTableTexts(g: JsonObject, fixes: Map<string, string>): JsonObject {
  const out: JsonObject = { ...g };
  if (typeof g.html_table === 'string') {
    out.html_table = g.html_table.replace(CELL, (whole, tag: string, attrs: string | undefined, inner: string) => {
      const fixed = fixes.get(unescapeHtml(inner));
      return fixed === undefined ? whole : `<${tag}${attrs ?? ''}>${escapeHtml(fixed)}</${tag}>`;
    });
  }
  if (Array.isArray(g.cells)) out.cells = g.cells.map((c: unknown) => (isTextCell(c) && fixes.has(c.text) ? { ...c, text: fixes.get(c.text) } : c));
  return out;
}

async function fixText(grounding: JsonObject, input: ExtractorInput, model: ChatModel | null, calls: ModelCall[]): Promise<{ grounding: JsonObject; record: JsonObject }> {
  if (!model) return { grounding, record: { status: 'skipped', reason: 'no vision model is configured (PAGELENS_LLM_PROVIDER=none); the OCR text is kept as read' } };
  if (!model.vision) return { grounding, record: { status: 'skipped', reason: `${model.model} is configured without vision (PAGELENS_LLM_VISION=false)` } };
  if (grounding.source === 'vlm') return { grounding, record: { status: 'skipped', reason: 'the text was read by the vision model itself' } };
  if (typeof grounding.html_table !== 'string') return { grounding, record: { status: 'skipped', reason: 'text correction covers table text (html_table cells); this grounding has none' } };
  const texts = tableTexts(grounding);
  if (texts.length === 0) return { grounding, record: { status: 'skipped', reason: 'no text was recognised' } };
  try {
    const fix = await correctTextsWithModel(model, input.page.png, texts);
    calls.push({ provider: model.provider, model: model.model, tokensIn: fix.tokensIn, tokensOut: fix.tokensOut, purpose: 'component_text_fix' });
    const fixes = new Map<string, string>();
    const changes: JsonObject[] = [];
    texts.forEach((t, i) => {
      if (fix.texts[i] !== t) {
        fixes.set(t, fix.texts[i]!);
        changes.push({ from: t, to: fix.texts[i] });
      }
    });
    return {
      grounding: fixes.size ? withTableTexts(grounding, fixes) : grounding,
      record: { status: 'applied', model: `${model.provider}/${model.model}`, checked: texts.length, corrected: fixes.size, changes, tokens_in: fix.tokensIn, tokens_out: fix.tokensOut },
    };
  } catch (err) {
    return { grounding, record: { status: 'error', model: `${model.provider}/${model.model}`, error: err instanceof ProviderError ? err.message : errorMessage(err) } };
  }
}

/**
 * Runs the offline extractor (when the type has one) and the requested options over one image.
 * Throws only what the offline extractor throws, or when nothing at all could be produced.
 */
export async function extractWithOptions(args: {
  extractor: Extractor | null;
  type: ComponentType;
  input: ExtractorInput;
  options: ExtractionOptions;
  engines: BaselineEngines;
}): Promise<OptionedExtraction> {
  const { extractor, type, input, options, engines } = args;
  const calls: ModelCall[] = [];
  const offline = extractor ? await extractor.extract(input) : null;
  const baseline = options.baselineProvider ? await runBaseline(options.baselineProvider, type, input, engines, calls) : null;

  let grounding: JsonObject;
  let status: 'done' | 'degraded';
  let error: string | null;
  if (baseline?.output && (!offline || offline.status === 'degraded')) {
    grounding = { ...baseline.output, source: options.baselineProvider };
    if (offline?.error) grounding.offline_error = offline.error;
    status = 'done';
    error = null;
  } else if (offline) {
    // A standalone component has no visual component: its record keeps the full detail (cells, graph).
    // A standalone component keeps the full detail and the type's outputs (a chart's drawing).
    grounding = { ...offline.grounding, ...offline.groundingData };
    ({ status, error } = offline);
  } else {
    // No extractor and the baseline failed: nothing to show.
    const why = typeof baseline?.record.error === 'string' ? baseline.record.error : 'it produced no output';
    throw new Error(`The ${options.baselineProvider ?? 'baseline'} reading failed: ${why}`);
  }
  if (baseline) grounding.baseline = baseline.record;
  if (options.fixTextWithVlm) {
    const fixed = await fixText(grounding, input, engines.chatModel, calls);
    grounding = { ...fixed.grounding, text_fix: fixed.record };
  } else {
    grounding.text_fix = { status: 'off' };
  }
  return { grounding, status, error, calls };
}
