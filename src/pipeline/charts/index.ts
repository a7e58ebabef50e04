// Charts into data: the extractor, the data table as HTML and the chart re-rendered from its data.
export { extractChart } from './extract.js';
export { chartTableHtml } from './table.js';
export { chartSpec, renderChartPng } from './render.js';
export * from './types.js';
