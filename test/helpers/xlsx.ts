// Reads an XLSX workbook back into its sheets' cell values, written from the SpreadsheetML parts
// of ECMA-376 (workbook, its relationships, shared strings, worksheets), for tests where Debian's
// python3-openpyxl is not installed; and, where it is, the same read done by openpyxl itself.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

export type XlsxValue = string | number | boolean | null;
export type Workbook = Record<string, XlsxValue[][]>;

const decode = (s: string): string =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Concatenated <t> texts of one <si> or <is> (rich text runs included). */
const texts = (xml: string): string => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => decode(m[1] ?? '')).join('');

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  return [...letters].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0) - 1;
}

export function readXlsx(buffer: Buffer | Uint8Array): Workbook {
  const files = unzipSync(new Uint8Array(buffer));
  const text = (name: string): string => {
    const f = files[name];
    if (!f) throw new Error(`the workbook has no ${name}`);
    return strFromU8(f);
  };
  const shared = files['xl/sharedStrings.xml'] ? [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1] ?? '')) : [];
  const targets = new Map([...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\s[^>]*>/g)].map((m) => [attr(m[0], 'Id'), attr(m[0], 'Target')]));
  const out: Workbook = {};
  for (const m of text('xl/workbook.xml').matchAll(/<sheet\s[^>]*>/g)) {
    const name = decode(attr(m[0], 'name') ?? '');
    const target = targets.get(attr(m[0], 'r:id'));
    if (!target) throw new Error(`sheet ${name} has no part`);
    const rows: XlsxValue[][] = [];
    for (const row of text(`xl/${target.replace(/^\/?xl\//, '')}`).matchAll(/<row\s([^>]*)>([\s\S]*?)<\/row>/g)) {
      const r = Number(attr(` ${row[1] ?? ''}`, 'r')) - 1;
      const cells: XlsxValue[] = [];
      for (const c of (row[2] ?? '').matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const head = ` ${c[1] ?? ''}`;
        const body = c[2] ?? '';
        const type = attr(head, 't');
        const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        let value: XlsxValue = null;
        if (type === 's') value = shared[Number(v)] ?? null;
        else if (type === 'b') value = v === '1';
        else if (type === 'inlineStr') value = texts(body);
        else if (type === 'str') value = v === undefined ? null : decode(v);
        else if (v !== undefined) value = Number(v);
        const col = columnIndex(attr(head, 'r') ?? 'A1');
        while (cells.length < col) cells.push(null);
        cells[col] = value;
      }
      while (rows.length < r) rows.push([]);
      rows[r] = cells;
    }
    out[name] = rows;
  }
  return out;
}

export const hasOpenpyxl = (): boolean => spawnSync('python3', ['-c', 'import openpyxl'], { stdio: 'ignore' }).status === 0;

/** The workbook as openpyxl reads it (values only, trailing empty cells dropped as readXlsx does). */
export function readXlsxWithOpenpyxl(buffer: Buffer): Workbook {
  const dir = mkdtempSync(path.join(tmpdir(), 'xlsx-'));
  try {
    const file = path.join(dir, 'book.xlsx');
    writeFileSync(file, buffer);
    const script = [
      'import json, sys, openpyxl',
      'wb = openpyxl.load_workbook(sys.argv[1])',
      'out = {}',
      'for ws in wb.worksheets:',
      '    rows = [list(r) for r in ws.iter_rows(values_only=True)]',
      '    for r in rows:',
      '        while r and r[-1] is None: r.pop()',
      '    out[ws.title] = rows',
      'print(json.dumps(out))',
    ].join('\n');
    return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as Workbook;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
