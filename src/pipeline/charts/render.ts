// The chart drawn again from its data table: a Vega-Lite spec, rendered to SVG by vega in Node
// (no canvas: text is measured by estimate) and rasterised by sharp.
import sharp from 'sharp';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ChartExtraction, ChartTable, ChartType } from './types.js';

export interface RenderInput {
  chart_type: ChartType;
  table: ChartTable;
  title?: string | null;
  axes?: ChartExtraction['axes'];
  series?: ChartExtraction['series'];
  bar_layout?: ChartExtraction['bar_layout'];
}

export interface RenderOptions {
  /** Size of the PNG in pixels (before `scale`). Default 640 × 400. */
  width?: number;
  height?: number;
  scale?: number;
}

type Datum = Record<string, string | number | null>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** Long-form rows (category, series, value) of a category table. */
function longForm(table: ChartTable): Datum[] {
  const out: Datum[] = [];
  table.rows.forEach((r, i) => {
    for (let j = 1; j < table.columns.length; j++) out.push({ category: String(r[0] ?? `#${i + 1}`), series: table.columns[j]!, value: num(r[j]), order: i });
  });
  return out;
}

/** The Vega-Lite spec that draws the extraction. */
export function chartSpec(input: RenderInput, opts: RenderOptions = {}): TopLevelSpec {
  const width = opts.width ?? 640, height = opts.height ?? 400;
  const colours = input.series?.map((s) => s.colour);
  const multi = input.table.columns.length > 2;
  const log = (axis: 'x' | 'y'): { type: 'log' } | { zero: boolean } => (input.axes?.[axis]?.scale === 'log' ? { type: 'log' } : { zero: true });
  const colourScale = colours && colours.length ? { range: colours } : {};
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width,
    height,
    autosize: { type: 'fit', contains: 'padding' },
    background: 'white',
    ...(input.title ? { title: input.title } : {}),
  } as const;
  const seriesColour = { field: 'series', type: 'nominal', sort: null, scale: colourScale, title: null } as const;
  const category = { field: 'category', type: 'nominal', sort: null, title: null, axis: { labelAngle: 0 } } as const;
  switch (input.chart_type) {
    case 'pie': {
      const values = input.table.rows.map((r, i) => ({ label: String(r[0] ?? `slice ${i + 1}`), share: num(r[1]) ?? 0, order: i }));
      const range = colours && colours.length === values.length ? { range: colours } : {};
      return { ...base, data: { values }, mark: 'arc', encoding: { theta: { field: 'share', type: 'quantitative', stack: true }, order: { field: 'order' }, color: { field: 'label', type: 'nominal', sort: null, scale: range, title: null } } };
    }
    case 'scatter': {
      const hasSeries = input.table.columns.length > 2;
      const values = input.table.rows.map((r) => (hasSeries ? { series: String(r[0]), x: num(r[1]), y: num(r[2]) } : { series: 'value', x: num(r[0]), y: num(r[1]) }));
      return {
        ...base,
        data: { values },
        mark: { type: 'point', filled: true },
        encoding: {
          x: { field: 'x', type: 'quantitative', scale: log('x'), title: input.axes?.x?.label ?? null },
          y: { field: 'y', type: 'quantitative', scale: log('y'), title: input.axes?.y?.label ?? null },
          ...(hasSeries ? { color: seriesColour } : {}),
        },
      };
    }
    case 'line':
      return {
        ...base,
        data: { values: longForm(input.table) },
        mark: { type: 'line', point: true },
        encoding: { x: { ...category, type: 'ordinal' }, y: { field: 'value', type: 'quantitative', scale: log('y'), title: input.axes?.y?.label ?? null }, ...(multi ? { color: seriesColour } : {}) },
      };
    case 'horizontal_bar': {
      const grouped = multi && input.bar_layout !== 'stacked';
      return {
        ...base,
        data: { values: longForm(input.table) },
        mark: 'bar',
        encoding: {
          y: { ...category, axis: {} },
          x: { field: 'value', type: 'quantitative', scale: log('x'), title: input.axes?.x?.label ?? null, stack: multi && !grouped ? 'zero' : null },
          ...(multi ? { color: seriesColour } : {}),
          ...(grouped ? { yOffset: { field: 'series', sort: null } } : {}),
        },
      };
    }
    case 'bar':
    case 'grouped_bar':
    case 'stacked_bar': {
      const grouped = multi && input.chart_type !== 'stacked_bar';
      return {
        ...base,
        data: { values: longForm(input.table) },
        mark: 'bar',
        encoding: {
          x: category,
          y: { field: 'value', type: 'quantitative', scale: log('y'), title: input.axes?.y?.label ?? null, stack: multi && !grouped ? 'zero' : null },
          ...(multi ? { color: seriesColour } : {}),
          ...(grouped ? { xOffset: { field: 'series', sort: null } } : {}),
        },
      };
    }
  }
}

/** SVG text of a Vega-Lite spec (vega headless, no network: data is inline). */
export async function specToSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The chart drawn from its data as a PNG of width × height (× scale) pixels. */
export async function renderChartPng(input: RenderInput, opts: RenderOptions = {}): Promise<Buffer> {
  const width = opts.width ?? 640, height = opts.height ?? 400, scale = opts.scale ?? 1;
  const svg = await specToSvg(chartSpec(input, { width, height }));
  // Vega may round its size by a pixel; the PNG is always exactly the size asked for.
  return sharp(Buffer.from(svg), { density: 72 * scale })
    .resize(Math.round(width * scale), Math.round(height * scale), { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}
