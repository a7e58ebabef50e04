// The data table as HTML (the chart's html_table grounding).
import type { ChartCell, ChartTable } from './types.js';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const cell = (v: ChartCell): string => (v === null ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : escapeHtml(v));

export function chartTableHtml(table: ChartTable): string {
  const head = `<thead><tr>${table.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead>`;
  const body = table.rows.map((r) => `<tr>${r.map((v, i) => (i === 0 && typeof v === 'string' ? `<th scope="row">${cell(v)}</th>` : `<td>${cell(v)}</td>`)).join('')}</tr>`).join('');
  return `<table>${head}<tbody>${body}</tbody></table>`;
}
