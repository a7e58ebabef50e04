// The chart extractor: plot area, axes and scales, tick labels, legend and series colours, values
// in data units (src/pipeline/charts). Grounding: the data table as JSON (`data`), as
// `html_table` and as a cell grid (so questions read it as named cells), and the spec's output, a
// PNG drawn again from the recovered data (`image_base64`). A corrected table (PUT html_table)
// is stored and drawn again.
import type { JsonObject } from '../components/model.js';
import { chartTableHtml, CHART_TYPES, extractChart, renderChartPng, type ChartCell, type ChartExtraction, type ChartTable, type ChartType } from '../pipeline/charts/index.js';
import { readVectorChart } from '../pipeline/charts/vector/index.js';
import type { HtmlGrid } from '../pipeline/tables/index.js';
import type { DrawnShape } from '../pipeline/pdf/shapes.js';
import type { Word } from '../pipeline/types.js';
import { figureOf, toPage, type Figure } from './figure.js';
import { parseTableEdit } from './table.js';
import { EditRejected, type Extraction, type Extractor, type ExtractorInput, type GroundingEdit, type GroundingEditRequest } from './types.js';

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?%?$/;

/** A printed value as a number when it is one ("1,200", "-3.5", "12%"), else the text. */
function cellValue(text: string): ChartCell {
  const t = text.trim();
  if (t === '') return null;
  if (!NUMBER.test(t) || !/\d/.test(t)) return t;
  const n = Number(t.replace(/[,%]/g, ''));
  return Number.isFinite(n) ? n : t;
}

/** The data table as a cell grid: the header row, then one row per category or point. */
export function chartCells(table: ChartTable): JsonObject[] {
  const text = (v: ChartCell): string => (v === null ? '' : String(v));
  return [
    ...table.columns.map((c, col) => ({ row: 0, col, row_span: 1, col_span: 1, text: c, bbox: null, header: true })),
    ...table.rows.flatMap((r, i) => r.map((v, col) => ({ row: i + 1, col, row_span: 1, col_span: 1, text: text(v), bbox: null, header: false }))),
  ];
}

async function chartGrounding(chart: Pick<ChartExtraction, 'chart_type' | 'table' | 'title' | 'axes' | 'series' | 'bar_layout'>): Promise<{ grounding: JsonObject; data: JsonObject }> {
  const png = await renderChartPng(chart);
  const data = {
    chart_type: chart.chart_type,
    title: chart.title ?? null,
    data: chart.table,
    html_table: chartTableHtml(chart.table),
    cells: chartCells(chart.table),
    axes: chart.axes ?? { x: null, y: null },
    series: chart.series ?? [],
    ...(chart.bar_layout ? { bar_layout: chart.bar_layout } : {}),
  };
  return { data, grounding: { ...data, image_base64: png.toString('base64'), image_mime_type: 'image/png' } };
}

/** A corrected HTML table as the chart's data table: the first row names the columns. */
function tableOfGrid(grid: HtmlGrid): ChartTable {
  const rows: string[][] = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => ''));
  for (const c of grid.cells) if (rows[c.row]) rows[c.row]![c.col] = c.text;
  const [head, ...body] = rows;
  if (!head || body.length === 0) throw new EditRejected(['html_table'], 'a chart table needs a header row and at least one data row');
  return { columns: head.map((h) => h.trim()), rows: body.map((r) => r.map(cellValue)) };
}

const chartTypeOf = (data: JsonObject): ChartType => {
  const t = data.chart_type;
  return typeof t === 'string' && (CHART_TYPES as readonly string[]).includes(t) ? (t as ChartType) : 'bar';
};

async function editChart(request: GroundingEditRequest): Promise<GroundingEdit> {
  if (request.intermediate_json !== undefined) throw new EditRejected(['intermediate_json'], 'chart components take html_table (the data table), not intermediate_json');
  const table = tableOfGrid(parseTableEdit(request.html_table));
  // Drawn once per chart type (the component and its regions show the same chart).
  const drawn = new Map<ChartType, Promise<Buffer>>();
  return {
    async apply(data) {
      const chartType = chartTypeOf(data);
      const out: JsonObject = { ...data, data: table, html_table: chartTableHtml(table), cells: chartCells(table), source: 'manual' };
      // Only a grounding that carried the drawing gets it again (regions keep theirs small).
      if ('image_base64' in data) {
        if (!drawn.has(chartType)) drawn.set(chartType, renderChartPng({ chart_type: chartType, table, title: typeof data.title === 'string' ? data.title : null }));
        out.image_base64 = (await drawn.get(chartType)!).toString('base64');
      }
      return out;
    },
  };
}

/** The chart read from the page's drawing; null (the pixels are read instead) when it does not read or PDFium fails. */
function vectorChart(shapes: () => DrawnShape[], words: Word[], figure: Figure): ChartExtraction | null {
  try {
    return readVectorChart({ shapes: shapes(), words, x0: figure.x0, y0: figure.y0, width: figure.width, height: figure.height });
  } catch {
    return null;
  }
}

export const chartExtractor: Extractor = {
  type: 'chart',
  async extract(input: ExtractorInput): Promise<Extraction> {
    const figure = await figureOf(input);
    // A chart drawn as vector graphics is read from the drawing (exact); else from its pixels.
    const vector = input.shapes && figure.words ? vectorChart(input.shapes, figure.words, figure) : null;
    const chart = vector ?? (await extractChart(figure));
    const { data, grounding } = await chartGrounding(chart);
    const meta = { confidence: chart.confidence, warnings: chart.warnings, source: 'pipeline', ...(chart.plot_area ? { plot_area: toPage(figure, chart.plot_area) } : {}) };
    const empty = chart.table.rows.length === 0;
    return {
      grounding: { ...grounding, ...meta },
      groundingData: { ...data, ...meta },
      status: empty ? 'degraded' : 'done',
      error: empty ? 'No chart values were recovered from the figure' : null,
    };
  },
  edit: editChart,
};
