// Table grids to HTML (`<table>` with `<thead>`, rowspan and colspan) and back: a small strict
// parser for tables people correct (PUT /components/{id} with html_table). Only table markup,
// `<br>` and a few inline tags are accepted; anything else is an error with its position.
import { decodeReference } from '../html-entities.js';
import { isExponent, marksOf, superscript } from './note-marks.js';
import type { TableCell } from './types.js';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ESC[c]!);

export interface HtmlGrid {
  rows: number;
  cols: number;
  headerRows: number;
  cells: Array<Pick<TableCell, 'row' | 'col' | 'rowspan' | 'colspan' | 'text' | 'header' | 'notes'>>;
}

/** HTML of a grid: header rows in `<thead>` as `<th>`, positions no cell covers as empty `<td>`. */
export function tableToHtml(grid: HtmlGrid): string {
  const covered = new Set<string>();
  const at = new Map<string, HtmlGrid['cells'][number]>();
  for (const c of grid.cells) {
    at.set(`${c.row}:${c.col}`, c);
    for (let r = c.row; r < c.row + c.rowspan; r++) for (let k = c.col; k < c.col + c.colspan; k++) covered.add(`${r}:${k}`);
  }
  const rowHtml = (r: number, tag: 'td' | 'th'): string => {
    let s = '<tr>';
    for (let k = 0; k < grid.cols; k++) {
      const c = at.get(`${r}:${k}`);
      if (c) {
        const span = (c.rowspan > 1 ? ` rowspan="${c.rowspan}"` : '') + (c.colspan > 1 ? ` colspan="${c.colspan}"` : '');
        const notes = c.notes?.length ? `<sup>${escapeHtml(c.notes.join(','))}</sup>` : '';
        s += `<${tag}${span}>${c.text.split('\n').map(escapeHtml).join('<br>')}${notes}</${tag}>`;
      } else if (!covered.has(`${r}:${k}`)) s += `<${tag}></${tag}>`;
    }
    return `${s}</tr>`;
  };
  const head = Array.from({ length: grid.headerRows }, (_, r) => rowHtml(r, 'th')).join('');
  const body = Array.from({ length: grid.rows - grid.headerRows }, (_, i) => rowHtml(grid.headerRows + i, 'td')).join('');
  return `<table>${head ? `<thead>${head}</thead>` : ''}<tbody>${body}</tbody></table>`;
}

export class HtmlTableError extends Error {}

/** Tags allowed inside a cell (formatting only). */
const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 'sup', 'sub', 'span', 'small']);
const SECTIONS = new Set(['thead', 'tbody', 'tfoot']);
const MAX_CELLS = 100_000;
const MAX_SPAN = 1000;

/** Character references read strictly (every HTML5 name, as the page-text path knows them). */
function decode(s: string, pos: number): string {
  return s.replace(/&([^;\s&]*);?/g, (m, e: string) => {
    if (!m.endsWith(';')) throw new HtmlTableError(`bare '&' at offset ${pos} (write &amp;)`);
    const text = decodeReference(m);
    if (text !== null) return text;
    throw new HtmlTableError(`${e.startsWith('#') ? 'bad character reference' : 'unknown entity'} ${m} at offset ${pos}`);
  });
}

function spanOf(attrs: Map<string, string>, name: string, pos: number): number {
  const v = attrs.get(name);
  if (v === undefined) return 1;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_SPAN) throw new HtmlTableError(`${name}="${v}" at offset ${pos}: a whole number from 1 to ${MAX_SPAN}`);
  return Number(v);
}

/**
 * Parses one `<table>` (thead/tbody/tfoot, tr, th/td with rowspan/colspan; `<br>` and inline
 * formatting in cells). Throws HtmlTableError for anything else: unknown or unclosed tags, text
 * outside cells, cells outside rows, overlapping spans, an empty table.
 */
export function parseHtmlTable(html: string): HtmlGrid {
  const stack: string[] = [];
  const cells: HtmlGrid['cells'] = [];
  const occupied = new Set<string>();
  let row = -1;
  let col = 0;
  let tables = 0;
  let headerRows = 0;
  let bodySeen = false;
  let cell: { row: number; col: number; rowspan: number; colspan: number; header: boolean; text: string; notes: string[] } | undefined;
  /** Where the open `<sup>`'s text starts in the cell's text. */
  let supFrom = -1;
  const re = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|<|[^<]+/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const tok = m[0];
    const pos = m.index;
    if (tok.startsWith('<!--')) continue;
    if (tok === '<') throw new HtmlTableError(`malformed tag at offset ${pos}`);
    if (!m[1]) {
      // Text.
      if (cell) cell.text += decode(tok, pos).replace(/[ \t\r\n\f]+/g, ' ');
      else if (tok.trim()) throw new HtmlTableError(`text outside a cell at offset ${pos}`);
      else decode(tok, pos);
      continue;
    }
    const name = m[1].toLowerCase();
    const closing = tok.startsWith('</');
    const top = stack[stack.length - 1];
    if (closing) {
      if (top !== name) throw new HtmlTableError(`</${name}> at offset ${pos} closes ${top ? `<${top}>` : 'nothing'}`);
      stack.pop();
      if ((name === 'td' || name === 'th') && cell) {
        const { notes, ...rest } = cell;
        cells.push({ ...rest, text: cell.text.split('\n').map((l) => l.trim()).join('\n').trim(), ...(notes.length ? { notes } : {}) });
        cell = undefined;
      }
      if (name === 'sup' && cell && supFrom >= 0) {
        // A note mark after the text is the cell's note; an exponent stays in the text ("km²").
        const before = cell.text.slice(0, supFrom);
        const mark = cell.text.slice(supFrom).trim();
        const exponent = isExponent(before.trimEnd().split(/\s/).pop() ?? '', mark);
        const marks = exponent ? undefined : marksOf(mark);
        if (marks) {
          cell.notes.push(...marks);
          cell.text = before;
        } else if (exponent) cell.text = before + superscript(mark);
        supFrom = -1;
      }
      continue;
    }
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    }
    const selfClosing = m[3] === '/';
    if (name === 'br') {
      if (!cell) throw new HtmlTableError(`<br> outside a cell at offset ${pos}`);
      cell.text += '\n';
      continue;
    }
    if (selfClosing) throw new HtmlTableError(`<${name}/> at offset ${pos}: only <br> may be self-closing`);
    if (name === 'table') {
      if (stack.length || tables) throw new HtmlTableError(`nested or second <table> at offset ${pos}`);
      tables++;
    } else if (SECTIONS.has(name)) {
      if (top !== 'table') throw new HtmlTableError(`<${name}> at offset ${pos} outside <table>`);
      if (name !== 'thead') bodySeen = true;
    } else if (name === 'tr') {
      if (top !== 'table' && !SECTIONS.has(top ?? '')) throw new HtmlTableError(`<tr> at offset ${pos} outside <table>`);
      row++;
      col = 0;
      if (top === 'thead' && !bodySeen && headerRows === row) headerRows = row + 1;
    } else if (name === 'td' || name === 'th') {
      if (top !== 'tr') throw new HtmlTableError(`<${name}> at offset ${pos} outside <tr>`);
      const rowspan = spanOf(attrs, 'rowspan', pos);
      const colspan = spanOf(attrs, 'colspan', pos);
      while (occupied.has(`${row}:${col}`)) col++;
      for (let r = row; r < row + rowspan; r++)
        for (let k = col; k < col + colspan; k++) {
          if (occupied.has(`${r}:${k}`)) throw new HtmlTableError(`cell at offset ${pos} overlaps a spanning cell (row ${r + 1}, column ${k + 1})`);
          occupied.add(`${r}:${k}`);
        }
      if (occupied.size > MAX_CELLS) throw new HtmlTableError(`more than ${MAX_CELLS} cells`);
      cell = { row, col, rowspan, colspan, header: name === 'th' || stack.includes('thead'), text: '', notes: [] };
      col += colspan;
    } else if (INLINE.has(name)) {
      if (!cell) throw new HtmlTableError(`<${name}> outside a cell at offset ${pos}`);
      if (name === 'sup' && supFrom < 0) supFrom = cell.text.length;
    } else if (name === 'caption') {
      throw new HtmlTableError(`<caption> at offset ${pos}: put the caption in the component's label`);
    } else {
      throw new HtmlTableError(`<${name}> at offset ${pos} is not allowed in a table`);
    }
    stack.push(name);
  }
  if (stack.length) throw new HtmlTableError(`<${stack[stack.length - 1]}> is never closed`);
  if (!tables) throw new HtmlTableError('no <table> element');
  if (row < 0) throw new HtmlTableError('the table has no rows');
  let rows = row + 1;
  let cols = 0;
  for (const c of cells) {
    rows = Math.max(rows, c.row + c.rowspan);
    cols = Math.max(cols, c.col + c.colspan);
  }
  if (!cols) throw new HtmlTableError('the table has no cells');
  return { rows, cols, headerRows, cells };
}
