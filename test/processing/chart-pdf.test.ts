// A chart drawn as vector graphics in a born-digital PDF (filled bars, axis and tick rules, tick
// labels and categories in the text layer): processing finds it as a chart component and reads
// its values from the drawing itself (the bars' rectangles against the drawn ticks), exactly as
// printed, with the exact words of the text layer for its axis and categories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { buildPdf, helveticaWidth, line, textAt } from '../fixtures/pdf-builder.js';
import { getJob, silentLog, waitFor } from '../jobs/helpers.js';

const VALUES: Array<[string, number]> = [['North', 12.5], ['South', 17.25], ['East', 9.75], ['West', 21]];

/** A caption, a bar chart of VALUES on a 0-25 axis (plot 100-500 pt wide, 300-600 pt high), a paragraph. */
function chartPage(): string {
  const [x0, x1, y0, y1, max] = [100, 500, 300, 600, 25];
  const yOf = (v: number): number => y0 + ((y1 - y0) * v) / max;
  let c = textAt(72, 700, 12, 'Figure 2: Sales by region (kEUR)');
  c += line(x0, y0, x1, y0) + line(x0, y0, x0, y1);
  for (let v = 0; v <= max; v += 5) {
    c += line(x0 - 5, yOf(v), x0, yOf(v));
    const label = String(v);
    c += textAt(x0 - 8 - helveticaWidth(label, 9), yOf(v) - 3, 9, label);
  }
  const step = (x1 - x0) / VALUES.length;
  VALUES.forEach(([name, v], i) => {
    const bx = x0 + i * step + step * 0.2;
    c += `0.30 0.47 0.66 rg ${bx} ${y0} ${step * 0.6} ${yOf(v) - y0} re f 0 g\n`;
    c += textAt(bx + step * 0.3 - helveticaWidth(name, 9) / 2, y0 - 14, 9, name);
  });
  c += textAt(72, 250, 11, 'Sales rose in the south and the west; the east fell behind its target.');
  return c;
}

describe('a vector-drawn chart in a PDF (sqlite)', () => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('chart-pdf@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('becomes a chart component whose values are read exactly from the drawing', async () => {
    const body = multipart({}, [{ filename: 'sales.pdf', content: buildPdf([{ content: chartPage() }]) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
    const { document_id: id, job_status_id: job } = res.json<{ document_id: string; job_status_id: string }>();
    expect((await waitFor(() => getJob(t, user, job), (j) => j.status === 'done' || j.status === 'failed', 60_000)).status).toBe('done');
    const list = (await t.app.inject({ url: `/api/v0/documents/${id}/components`, headers: user.auth })).json<Array<{ component_type: string; grounding: { data?: { rows: Array<Array<string | number | null>> } } }>>();
    const charts = list.filter((c) => c.component_type === 'chart');
    expect(charts).toHaveLength(1);
    const rows = charts[0]!.grounding.data!.rows;
    expect(rows.map((r) => r[0])).toEqual(VALUES.map(([name]) => name));
    rows.forEach((r, i) => expect(Math.abs(Number(r[1]) - VALUES[i]![1])).toBeLessThanOrEqual(1e-6 * VALUES[i]![1]));
  }, 90_000);
});
