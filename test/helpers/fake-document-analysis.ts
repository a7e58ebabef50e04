// Local HTTP servers speaking the REST protocols of Azure AI Document Intelligence (analyze, then
// poll the Operation-Location) and Google Cloud Vision (images:annotate), answering from words
// and tables the test gives. They check what the real services check (the key header, the body
// shape) and can be told to misbehave: fail the analysis, hang, answer too much, point the
// operation elsewhere, answer 503 a number of times.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWord {
  text: string;
  /** [x0, y0, x1, y1] in image pixels. */
  box: [number, number, number, number];
}

export interface FakeTable {
  rowCount: number;
  columnCount: number;
  cells: Array<{ rowIndex: number; columnIndex: number; content: string; kind?: string; rowSpan?: number; columnSpan?: number }>;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Misbehaviour = 'none' | 'fail' | 'hang' | 'huge' | 'foreign-location' | 'not-json';

export interface FakeService {
  url: string;
  readonly requests: FakeRequest[];
  /** The lines of words to answer with (each inner array one line). */
  lines: FakeWord[][];
  tables: FakeTable[];
  /** How many polls answer "running" before the result (Azure). */
  pollsBeforeDone: number;
  /** Answer 503 to this many requests first. */
  unavailable: number;
  misbehave: Misbehaviour;
  close(): Promise<void>;
}

const polygon = (b: FakeWord['box']): number[] => [b[0], b[1], b[2], b[1], b[2], b[3], b[0], b[3]];
const vertices = (b: FakeWord['box']) => ({ vertices: [{ x: b[0], y: b[1] }, { x: b[2], y: b[1] }, { x: b[2], y: b[3] }, { x: b[0], y: b[3] }] });

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : null);
      } catch {
        resolve(text);
      }
    });
  });
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

async function start(handler: (svc: FakeService, req: FakeRequest, res: ServerResponse, base: string) => void): Promise<FakeService> {
  const requests: FakeRequest[] = [];
  let server: Server | null = null;
  const svc: FakeService = {
    url: '',
    requests,
    lines: [],
    tables: [],
    pollsBeforeDone: 1,
    unavailable: 0,
    misbehave: 'none',
    close: () =>
      new Promise<void>((resolve) => {
        server!.closeAllConnections();
        server!.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const r = { method: req.method ?? 'GET', path: req.url ?? '', headers: req.headers, body };
      requests.push(r);
      if (svc.unavailable > 0) {
        svc.unavailable--;
        json(res, 503, { error: { code: 'ServiceUnavailable', message: 'try again' } }, { 'retry-after': '0' });
        return;
      }
      if (svc.misbehave === 'hang') return;
      if (svc.misbehave === 'huge') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"pad": "${'x'.repeat(64 * 1024)}"}`);
        return;
      }
      if (svc.misbehave === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy error</html>');
        return;
      }
      handler(svc, r, res, svc.url);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  svc.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return svc;
}

export const AZURE_KEY = 'azure-test-key-0123456789';
export const GOOGLE_KEY = 'google-test-key-0123456789';

/** Azure AI Document Intelligence, API 2024-11-30: POST ...:analyze -> 202 + Operation-Location; GET it until succeeded. */
export function startFakeAzure(): Promise<FakeService> {
  const polls = new Map<string, number>();
  let next = 0;
  return start((svc, req, res, base) => {
    if (req.headers['ocp-apim-subscription-key'] !== AZURE_KEY) {
      json(res, 401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } });
      return;
    }
    const analyze = /^\/documentintelligence\/documentModels\/([^/:]+):analyze\?api-version=(\d{4}-\d{2}-\d{2})$/.exec(req.path);
    if (req.method === 'POST' && analyze) {
      const body = req.body as { base64Source?: unknown } | null;
      if (!body || typeof body.base64Source !== 'string' || body.base64Source.length === 0) {
        json(res, 400, { error: { code: 'InvalidRequest', message: 'Invalid request.', innererror: { code: 'InvalidContent', message: 'base64Source is required' } } });
        return;
      }
      const id = `result-${++next}`;
      polls.set(id, 0);
      const host = svc.misbehave === 'foreign-location' ? 'http://203.0.113.9' : base;
      res
        .writeHead(202, { 'operation-location': `${host}/documentintelligence/documentModels/${analyze[1]}/analyzeResults/${id}?api-version=${analyze[2]}`, 'retry-after': '0' })
        .end();
      return;
    }
    const poll = /^\/documentintelligence\/documentModels\/[^/]+\/analyzeResults\/([^?]+)\?api-version=/.exec(req.path);
    if (req.method === 'GET' && poll && polls.has(poll[1]!)) {
      const n = polls.get(poll[1]!)!;
      polls.set(poll[1]!, n + 1);
      if (n < svc.pollsBeforeDone) {
        json(res, 200, { status: n === 0 ? 'notStarted' : 'running', createdDateTime: new Date().toISOString() }, { 'retry-after': '0' });
        return;
      }
      if (svc.misbehave === 'fail') {
        json(res, 200, { status: 'failed', error: { code: 'InternalServerError', message: 'An unexpected error occurred.' } });
        return;
      }
      let offset = 0;
      const content: string[] = [];
      const words: unknown[] = [];
      const lines = svc.lines.map((line) => {
        const start = offset;
        for (const w of line) {
          words.push({ content: w.text, polygon: polygon(w.box), confidence: 0.99, span: { offset, length: w.text.length } });
          content.push(w.text);
          offset += w.text.length + 1;
        }
        const box: FakeWord['box'] = [Math.min(...line.map((w) => w.box[0])), Math.min(...line.map((w) => w.box[1])), Math.max(...line.map((w) => w.box[2])), Math.max(...line.map((w) => w.box[3]))];
        return { content: line.map((w) => w.text).join(' '), polygon: polygon(box), spans: [{ offset: start, length: offset - start - 1 }] };
      });
      json(res, 200, {
        status: 'succeeded',
        analyzeResult: {
          apiVersion: '2024-11-30',
          modelId: 'prebuilt-layout',
          content: content.join(' '),
          pages: [{ pageNumber: 1, angle: 0, width: 800, height: 600, unit: 'pixel', words, lines, spans: [{ offset: 0, length: offset }] }],
          tables: svc.tables.map((t) => ({ ...t, boundingRegions: [{ pageNumber: 1, polygon: [0, 0, 800, 0, 800, 600, 0, 600] }] })),
        },
      });
      return;
    }
    json(res, 404, { error: { code: 'NotFound', message: `no route ${req.method} ${req.path}` } });
  });
}

/** Google Cloud Vision v1 images:annotate with DOCUMENT_TEXT_DETECTION. */
export function startFakeGoogleVision(): Promise<FakeService> {
  return start((svc, req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/images:annotate') {
      json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
      return;
    }
    if (req.headers['x-goog-api-key'] !== GOOGLE_KEY) {
      json(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
      return;
    }
    const body = req.body as { requests?: Array<{ image?: { content?: unknown }; features?: Array<{ type?: string }> }> } | null;
    const request = body?.requests?.[0];
    if (typeof request?.image?.content !== 'string' || request.features?.[0]?.type !== 'DOCUMENT_TEXT_DETECTION') {
      json(res, 400, { error: { code: 400, message: 'Invalid request', status: 'INVALID_ARGUMENT' } });
      return;
    }
    if (svc.misbehave === 'fail') {
      json(res, 200, { responses: [{ error: { code: 3, message: 'Bad image data.' } }] });
      return;
    }
    if (svc.lines.length === 0) {
      json(res, 200, { responses: [{}] });
      return;
    }
    // One block and paragraph per line, as Vision does for table cells; the last symbol of a line carries its break.
    const blocks = svc.lines.map((line) => ({
      blockType: 'TEXT',
      paragraphs: [
        {
          words: line.map((w, i) => ({
            boundingBox: vertices(w.box),
            confidence: 0.98,
            symbols: [...w.text].map((ch, k) => ({
              text: ch,
              ...(k === w.text.length - 1 ? { property: { detectedBreak: { type: i === line.length - 1 ? 'LINE_BREAK' : 'SPACE' } } } : {}),
            })),
          })),
        },
      ],
    }));
    const text = svc.lines.map((l) => l.map((w) => w.text).join(' ')).join('\n');
    json(res, 200, { responses: [{ textAnnotations: [{ description: text }], fullTextAnnotation: { text, pages: [{ width: 800, height: 600, blocks }] } }] });
  });
}
