// The document-analysis protocol clients against local servers speaking Azure AI Document
// Intelligence (analyze + poll) and Google Cloud Vision (images:annotate): request shapes and
// keys, polling, results mapped to words/lines/tables, errors without the key, timeouts, size
// caps, and the PAGELENS_* settings.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from '../../src/config.js';
import {
  AzureDocumentIntelligence,
  documentAnalysisSettingsFromEnv,
  GoogleCloudVision,
  type DocumentAnalyzer,
} from '../../src/providers/document-analysis/index.js';
import { ProviderError } from '../../src/providers/llm/index.js';
import { AZURE_KEY, GOOGLE_KEY, startFakeAzure, startFakeGoogleVision, type FakeService } from '../helpers/fake-document-analysis.js';

const LINES = [
  [
    { text: 'Pump', box: [10, 10, 60, 30] as [number, number, number, number] },
    { text: 'Hours', box: [200, 10, 260, 30] as [number, number, number, number] },
  ],
  [
    { text: 'P-101', box: [10, 50, 70, 70] as [number, number, number, number] },
    { text: '1,200', box: [200, 50, 260, 70] as [number, number, number, number] },
  ],
];
const LIMITS = { timeoutMs: 5000, maxResponseBytes: 1024 * 1024 };
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).png().toBuffer();
});

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('Azure AI Document Intelligence (prebuilt-layout, 2024-11-30)', () => {
  let svc: FakeService;
  const azure = (over: Partial<ConstructorParameters<typeof AzureDocumentIntelligence>[0]> = {}): DocumentAnalyzer =>
    new AzureDocumentIntelligence({ endpoint: svc.url, apiKey: AZURE_KEY, model: 'prebuilt-layout', apiVersion: '2024-11-30', pollIntervalMs: 5, retryDelayMs: 1, ...LIMITS, ...over });

  beforeAll(async () => {
    svc = await startFakeAzure();
  });
  afterAll(() => svc.close());
  beforeEach(() => {
    svc.requests.length = 0;
    svc.lines = LINES;
    svc.tables = [];
    svc.pollsBeforeDone = 2;
    svc.unavailable = 0;
    svc.misbehave = 'none';
  });

  it('posts the image as base64Source with the key header, polls the Operation-Location and maps words, lines and tables', async () => {
    svc.tables = [
      {
        rowCount: 2,
        columnCount: 2,
        cells: [
          { rowIndex: 0, columnIndex: 0, content: 'Pump', kind: 'columnHeader' },
          { rowIndex: 0, columnIndex: 1, content: 'Hours', kind: 'columnHeader' },
          { rowIndex: 1, columnIndex: 0, content: 'P-101' },
          { rowIndex: 1, columnIndex: 1, content: '1,200' },
        ],
      },
    ];
    const out = await azure().analyze(png);
    const [post, ...polls] = svc.requests;
    expect(post!.method).toBe('POST');
    expect(post!.path).toBe('/documentintelligence/documentModels/prebuilt-layout:analyze?api-version=2024-11-30');
    expect(post!.headers['ocp-apim-subscription-key']).toBe(AZURE_KEY);
    expect(post!.headers['content-type']).toBe('application/json');
    expect(Buffer.from((post!.body as { base64Source: string }).base64Source, 'base64').equals(png)).toBe(true);
    // notStarted, running, then succeeded: three polls of the same result, with the key.
    expect(polls.map((r) => [r.method, r.path.replace(/\?.*/, '')])).toEqual(new Array(3).fill(['GET', '/documentintelligence/documentModels/prebuilt-layout/analyzeResults/result-1']));
    expect(polls.every((r) => r.headers['ocp-apim-subscription-key'] === AZURE_KEY)).toBe(true);
    expect(out).toMatchObject({ provider: 'azure_document_intelligence', model: 'prebuilt-layout', width: 800, height: 600 });
    expect(out.lines.map((l) => [l.text, l.bbox, l.words.map((w) => w.text)])).toEqual([
      ['Pump Hours', [10, 10, 260, 30], ['Pump', 'Hours']],
      ['P-101 1,200', [10, 50, 260, 70], ['P-101', '1,200']],
    ]);
    expect(out.words[3]).toEqual({ text: '1,200', bbox: [200, 50, 260, 70], confidence: 0.99 });
    expect(out.tables).toEqual([
      {
        rows: 2,
        cols: 2,
        cells: [
          { row: 0, col: 0, rowSpan: 1, colSpan: 1, text: 'Pump', header: true },
          { row: 0, col: 1, rowSpan: 1, colSpan: 1, text: 'Hours', header: true },
          { row: 1, col: 0, rowSpan: 1, colSpan: 1, text: 'P-101', header: false },
          { row: 1, col: 1, rowSpan: 1, colSpan: 1, text: '1,200', header: false },
        ],
      },
    ]);
  });

  it('retries a 503, and reports a failed analysis with its reason', async () => {
    svc.unavailable = 1;
    expect((await azure().analyze(png)).words).toHaveLength(4);
    svc.misbehave = 'fail';
    const err = await failure(azure().analyze(png));
    expect(err.message).toContain('the analysis failed: InternalServerError: An unexpected error occurred.');
  });

  it('maps a wrong key to an http error that never contains the key', async () => {
    const err = await failure(azure({ apiKey: 'wrong-key-abcdef' }).analyze(png));
    expect(err).toMatchObject({ code: 'http', status: 401 });
    expect(err.message).toContain('Access denied');
    expect(err.message).not.toContain('wrong-key-abcdef');
    expect(err.transient).toBe(false);
  });

  it('never sends the key to an Operation-Location on another host', async () => {
    svc.misbehave = 'foreign-location';
    const err = await failure(azure().analyze(png));
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain('not on the configured endpoint');
    expect(svc.requests).toHaveLength(1);
  });

  it('gives up when the whole analysis outlasts its timeout, and when the answer is too large or not JSON', async () => {
    svc.pollsBeforeDone = 1_000_000;
    const slow = await failure(azure({ timeoutMs: 300 }).analyze(png));
    expect(slow.code).toBe('timeout');
    svc.pollsBeforeDone = 0;
    svc.misbehave = 'hang';
    expect((await failure(azure({ timeoutMs: 300 }).analyze(png))).code).toBe('timeout');
    svc.misbehave = 'huge';
    const big = await failure(azure({ maxResponseBytes: 10_000 }).analyze(png));
    expect(big.code).toBe('bad_response');
    expect(big.message).toContain('10000 bytes');
    svc.misbehave = 'not-json';
    expect((await failure(azure().analyze(png))).code).toBe('bad_response');
  });

  it('is cancelled by the caller', async () => {
    svc.pollsBeforeDone = 1_000_000;
    const abort = new AbortController();
    const running = azure({ pollIntervalMs: 20 }).analyze(png, { signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    expect((await failure(running)).code).toBe('aborted');
  });

  it('reports an unreachable endpoint as a network error after its retries', async () => {
    const err = await failure(azure({ endpoint: 'http://127.0.0.1:9' }).analyze(png));
    expect(err.code).toBe('network');
    expect(err.message).toContain('after 3 attempts');
  });
});

describe('Google Cloud Vision (images:annotate, DOCUMENT_TEXT_DETECTION)', () => {
  let svc: FakeService;
  const google = (over: Partial<ConstructorParameters<typeof GoogleCloudVision>[0]> = {}): DocumentAnalyzer =>
    new GoogleCloudVision({ baseUrl: svc.url, apiKey: GOOGLE_KEY, retryDelayMs: 1, ...LIMITS, ...over });

  beforeAll(async () => {
    svc = await startFakeGoogleVision();
  });
  afterAll(() => svc.close());
  beforeEach(() => {
    svc.requests.length = 0;
    svc.lines = LINES;
    svc.unavailable = 0;
    svc.misbehave = 'none';
  });

  it('sends one annotate request with the key header (not in the URL) and maps symbols to words and breaks to lines', async () => {
    const out = await google({ baseUrl: `${svc.url}/v1/` }).analyze(png);
    expect(svc.requests).toHaveLength(1);
    const [req] = svc.requests;
    expect(req!.path).toBe('/v1/images:annotate');
    expect(req!.headers['x-goog-api-key']).toBe(GOOGLE_KEY);
    const body = req!.body as { requests: Array<{ image: { content: string }; features: Array<{ type: string }> }> };
    expect(body.requests[0]!.features).toEqual([{ type: 'DOCUMENT_TEXT_DETECTION' }]);
    expect(Buffer.from(body.requests[0]!.image.content, 'base64').equals(png)).toBe(true);
    expect(out).toMatchObject({ provider: 'google_cloud_vision', model: 'DOCUMENT_TEXT_DETECTION', width: 800, height: 600, tables: [] });
    expect(out.lines.map((l) => [l.text, l.bbox])).toEqual([
      ['Pump Hours', [10, 10, 260, 30]],
      ['P-101 1,200', [10, 50, 260, 70]],
    ]);
    expect(out.words.map((w) => w.text)).toEqual(['Pump', 'Hours', 'P-101', '1,200']);
  });

  it('reads an image without text as empty, and a per-image error as a failure', async () => {
    svc.lines = [];
    expect((await google().analyze(png)).lines).toEqual([]);
    svc.misbehave = 'fail';
    const err = await failure(google().analyze(png));
    expect(err.message).toContain('Bad image data.');
  });

  it('maps a bad key, a 503 storm and a hang to ProviderErrors without the key', async () => {
    const bad = await failure(google({ apiKey: 'wrong-google-key-123' }).analyze(png));
    expect(bad).toMatchObject({ code: 'http', status: 400 });
    expect(bad.message).toContain('API key not valid');
    expect(bad.message).not.toContain('wrong-google-key-123');
    svc.unavailable = 5;
    const down = await failure(google().analyze(png));
    expect(down).toMatchObject({ code: 'http', status: 503 });
    expect(down.transient).toBe(true);
    svc.unavailable = 0;
    svc.misbehave = 'hang';
    expect((await failure(google({ timeoutMs: 200 }).analyze(png))).code).toBe('timeout');
  });
});

describe('document-analysis settings', () => {
  it('are off by default and on with their variables', () => {
    expect(documentAnalysisSettingsFromEnv({})).toEqual({ azure: null, google: null });
    const s = documentAnalysisSettingsFromEnv({
      PAGELENS_AZURE_DI_ENDPOINT: 'https://pl.cognitiveservices.azure.com/',
      PAGELENS_AZURE_DI_KEY: 'azure-secret',
      PAGELENS_GOOGLE_VISION_API_KEY: 'google-secret',
      PAGELENS_GOOGLE_VISION_TIMEOUT_S: '5',
    });
    expect(s.azure).toMatchObject({ endpoint: 'https://pl.cognitiveservices.azure.com', apiKey: 'azure-secret', model: 'prebuilt-layout', apiVersion: '2024-11-30', timeoutMs: 120_000 });
    expect(s.google).toMatchObject({ baseUrl: 'https://vision.googleapis.com', apiKey: 'google-secret', timeoutMs: 5000 });
  });

  it('name the variable that is missing or wrong', () => {
    expect(() => documentAnalysisSettingsFromEnv({ PAGELENS_AZURE_DI_KEY: 'k' })).toThrow(new ConfigError('PAGELENS_AZURE_DI_ENDPOINT is required when PAGELENS_AZURE_DI_KEY is set'));
    expect(() => documentAnalysisSettingsFromEnv({ PAGELENS_AZURE_DI_ENDPOINT: 'https://x.example' })).toThrow(/PAGELENS_AZURE_DI_KEY is required/);
    expect(() => documentAnalysisSettingsFromEnv({ PAGELENS_AZURE_DI_ENDPOINT: 'ftp://x', PAGELENS_AZURE_DI_KEY: 'k' })).toThrow(/PAGELENS_AZURE_DI_ENDPOINT must be an http\(s\) URL/);
    expect(() => documentAnalysisSettingsFromEnv({ PAGELENS_AZURE_DI_ENDPOINT: 'https://x.example', PAGELENS_AZURE_DI_KEY: 'k', PAGELENS_AZURE_DI_API_VERSION: 'latest' })).toThrow(/PAGELENS_AZURE_DI_API_VERSION/);
    expect(() => documentAnalysisSettingsFromEnv({ PAGELENS_GOOGLE_VISION_BASE_URL: 'http://localhost:1' })).toThrow(/PAGELENS_GOOGLE_VISION_API_KEY is required/);
    expect(() => documentAnalysisSettingsFromEnv({ PAGELENS_GOOGLE_VISION_API_KEY: 'k', PAGELENS_GOOGLE_VISION_TIMEOUT_S: '0' })).toThrow(/PAGELENS_GOOGLE_VISION_TIMEOUT_S/);
  });

  it('are part of the config, with the keys masked in `pagelens config`', () => {
    const config = loadConfig({ PAGELENS_DATA_DIR: '/tmp/x', PAGELENS_AZURE_DI_ENDPOINT: 'https://x.example', PAGELENS_AZURE_DI_KEY: 'azure-secret', PAGELENS_GOOGLE_VISION_API_KEY: 'google-secret' });
    const shown = JSON.stringify(describeConfig(config));
    expect(shown).not.toContain('azure-secret');
    expect(shown).not.toContain('google-secret');
    expect(describeConfig(config).documentAnalysis).toMatchObject({ azure: { apiKey: '***', endpoint: 'https://x.example' }, google: { apiKey: '***' } });
  });
});
