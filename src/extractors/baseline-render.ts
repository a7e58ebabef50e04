// Groundings from a baseline's checked readings: HTML tables, chart data tables, graph JSON and
// Mermaid code, written here from validated values only (every text escaped), in the shapes the
// offline extractors use (html_table/rows/cols/header_rows; data; intermediate_json; mermaid).
import type { JsonObject } from '../components/model.js';
import type { AnalyzedTable } from '../providers/document-analysis/index.js';
import type { ChartReading, ComponentReading, FlowShape, GraphReading, TableReading, TreeNode } from '../providers/llm/index.js';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface HtmlCell {
  text: string;
  header: boolean;
  rowSpan?: number;
  colSpan?: number;
}

/** <table> with a <thead> of the first `headerRows` rows, in the form the table extractor writes. */
export function htmlTable(rows: HtmlCell[][], headerRows: number): string {
  const tr = (cells: HtmlCell[]): string =>
    `<tr>${cells
      .map((c) => {
        const tag = c.header ? 'th' : 'td';
        const spans = `${(c.rowSpan ?? 1) > 1 ? ` rowspan="${c.rowSpan}"` : ''}${(c.colSpan ?? 1) > 1 ? ` colspan="${c.colSpan}"` : ''}`;
        return `<${tag}${spans}>${escapeHtml(c.text)}</${tag}>`;
      })
      .join('')}</tr>`;
  const head = rows.slice(0, headerRows);
  const body = rows.slice(headerRows);
  return `<table>${head.length ? `<thead>${head.map(tr).join('')}</thead>` : ''}<tbody>${body.map(tr).join('')}</tbody></table>`;
}

function tableGroundingOf(r: TableReading): JsonObject {
  const rows = r.rows.map((row, i) => row.map((text) => ({ text, header: i < r.headerRows })));
  return { html_table: htmlTable(rows, r.headerRows), rows: r.rows.length, cols: r.rows[0]?.length ?? 0, header_rows: r.headerRows };
}

/** A service's table (cells with spans) as table grounding. */
export function analyzedTableGrounding(t: AnalyzedTable): JsonObject {
  const byRow: HtmlCell[][] = Array.from({ length: t.rows }, () => []);
  const sorted = [...t.cells].sort((a, b) => a.row - b.row || a.col - b.col);
  for (const c of sorted) byRow[c.row]?.push({ text: c.text.replace(/\s+/g, ' ').trim(), header: c.header, rowSpan: c.rowSpan, colSpan: c.colSpan });
  let headerRows = 0;
  while (headerRows < t.rows && byRow[headerRows]!.length > 0 && byRow[headerRows]!.every((c) => c.header)) headerRows++;
  // Header cells below the head (row headers) stay <th> in the body.
  return { html_table: htmlTable(byRow, headerRows), rows: t.rows, cols: t.cols, header_rows: headerRows };
}

function chartGroundingOf(r: ChartReading): JsonObject {
  const show = (v: string | number | null): string => (v === null ? '' : String(v));
  const rows: HtmlCell[][] = [r.columns.map((text) => ({ text, header: true })), ...r.rows.map((row) => row.map((v) => ({ text: show(v), header: false })))];
  return {
    chart_type: r.chartType,
    title: r.title,
    data: { columns: r.columns, rows: r.rows },
    html_table: htmlTable(rows, 1),
  };
}

/** Text for inside a quoted Mermaid label: quotes, entity starts and angle brackets as entity codes. */
export function mermaidText(s: string): string {
  return s.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;').replace(/\|/g, '#124;');
}

const SHAPES: Record<FlowShape, [string, string]> = {
  process: ['[', ']'],
  decision: ['{', '}'],
  terminator: ['([', '])'],
  input_output: ['[/', '/]'],
  connector: ['((', '))'],
  subroutine: ['[[', ']]'],
  other: ['(', ')'],
};

/** Graph JSON with stable ids n1, n2, ... in the model's order, and its Mermaid flowchart. */
function graphGroundingOf(r: GraphReading): JsonObject {
  const idOf = new Map(r.nodes.map((n, i) => [n.id, `n${i + 1}`]));
  const nodes = r.nodes.map((n) => ({ id: idOf.get(n.id)!, text: n.text, shape: n.shape }));
  const edges = r.edges.map((e) => ({ source: idOf.get(e.source)!, target: idOf.get(e.target)!, label: e.label, directed: e.directed }));
  const lines = [`flowchart ${r.direction}`];
  for (const n of nodes) {
    const [open, close] = SHAPES[n.shape];
    lines.push(`    ${n.id}${open}"${mermaidText(n.text)}"${close}`);
  }
  for (const e of edges) {
    const arrow = e.directed ? '-->' : '---';
    lines.push(`    ${e.source} ${arrow}${e.label ? `|"${mermaidText(e.label)}"|` : ''} ${e.target}`);
  }
  return { intermediate_json: { direction: r.direction, nodes, edges }, mermaid: lines.join('\n') };
}

function treeGroundingOf(root: TreeNode): JsonObject {
  const lines = ['mindmap'];
  let next = 1;
  const walk = (node: TreeNode, depth: number): JsonObject => {
    const id = `n${next++}`;
    const [open, close] = depth === 0 ? ['((', '))'] : ['[', ']'];
    lines.push(`${'  '.repeat(depth + 1)}${id}${open}"${mermaidText(node.text)}"${close}`);
    return { id, text: node.text, children: node.children.map((c) => walk(c, depth + 1)) };
  };
  const tree = walk(root, 0);
  return { intermediate_json: { root: tree }, mermaid: lines.join('\n') };
}

/** The grounding fields of a vision model's reading. */
export function readingGrounding(r: ComponentReading): JsonObject {
  switch (r.kind) {
    case 'table':
      return tableGroundingOf(r);
    case 'chart':
      return chartGroundingOf(r);
    case 'graph':
      return graphGroundingOf(r);
    case 'tree':
      return treeGroundingOf(r.root);
  }
}
