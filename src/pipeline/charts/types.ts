// What a chart extraction returns: the chart's kind, its axes and series, and the data table.
import type { BBox, PageText, Word } from '../types.js';

export interface FigureInput {
  /** The figure's pixels: a crop of a page or an uploaded image (PNG). */
  png: Buffer;
  width: number;
  height: number;
  /** Text already known (PDF text layer), in these pixels' coordinates. */
  words?: Word[];
  /** Recognises text when words are not given (an OCR port; the pipeline imports no provider). */
  ocr?: (png: Buffer) => Promise<PageText>;
}

export const CHART_TYPES = ['bar', 'grouped_bar', 'stacked_bar', 'horizontal_bar', 'line', 'scatter', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartAxis {
  /** The axis title when read. */
  label: string | null;
  scale: 'linear' | 'log';
  /** Lowest and highest tick values read (data units). */
  min: number | null;
  max: number | null;
}

export interface ChartSeries {
  name: string;
  /** The series' colour as drawn, #rrggbb. */
  colour: string;
}

export type ChartCell = string | number | null;

export interface ChartTable {
  columns: string[];
  rows: ChartCell[][];
}

export interface ChartExtraction {
  chart_type: ChartType;
  title: string | null;
  /** x is the horizontal axis and y the vertical one, as drawn (for horizontal bars x carries the values). */
  axes: { x: ChartAxis | null; y: ChartAxis | null };
  series: ChartSeries[];
  /**
   * Bars and lines: one row per category, the category first, then one column per series.
   * Scatter: [series,] x, y per point. Pie: label, share in percent.
   */
  table: ChartTable;
  /** 0..1: how sure the reading is (axes fitted, labels read, marks found). */
  confidence: number;
  warnings: string[];
  /** How bars of several series are laid out. */
  bar_layout?: 'single' | 'grouped' | 'stacked';
  /** The plot's frame in the figure's pixels, when found. */
  plot_area?: BBox;
}
