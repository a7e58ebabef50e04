// Plain text and Markdown into a flat list of blocks for text-pdf.ts to lay out. Markdown support
// is what documents need to read well, not CommonMark: headings, paragraphs, lists (nested by
// indentation), block quotes, fenced code, tables (cells spaced apart), rules; emphasis, links,
// images and inline HTML are reduced to their text.
import { decodeEntities } from './html-entities.js';

export interface Block {
  kind: 'paragraph' | 'heading' | 'item' | 'code' | 'rule';
  /** '\n' is a forced line break, '\t' a table cell gap. */
  text: string;
  /** Nesting depth (lists, quotes). */
  indent: number;
  /** Heading level 1..6. */
  level?: number;
  /** List marker: '•' or '3.'. */
  bullet?: string;
  /** No space after the block (plain text lines, table rows). */
  tight?: boolean;
}

export const BULLET = '\u2022';

/** Each line is its own paragraph, so the text keeps its line breaks; blank lines stay blank. */
export function textBlocks(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => ({ kind: 'paragraph', text: line.trimEnd(), indent: 0, tight: true }));
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])(?:\s+(.*))?$/;
const QUOTE = /^(?: {0,3}>[ \t]?)+/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{1,}:?\s*(?:\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const REFERENCE = /^ {0,3}\[[^\]]+\]:\s*\S+/;

export function markdownBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  let paraIndent = 0;
  let item: Block | undefined;

  const flush = (): void => {
    if (item) {
      item.text = joinLines([item.text, ...para]);
      blocks.push(item);
    } else if (para.length) {
      blocks.push({ kind: 'paragraph', text: joinLines(para), indent: paraIndent });
    }
    item = undefined;
    para = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const quote = QUOTE.exec(lines[i]!)?.[0] ?? '';
    const line = lines[i]!.slice(quote.length);
    const indent = Math.min(10, count(quote, '>'));
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      const close = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}\\s*$`);
      for (i++; i < lines.length && !close.test(unquote(lines[i]!)); i++) code.push(unquote(lines[i]!));
      blocks.push({ kind: 'code', text: code.join('\n'), indent });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      flush();
      blocks.push({ kind: 'heading', level: atx[1]!.length, text: inline(withoutClosingHashes(atx[2] ?? '')), indent: 0 });
      continue;
    }
    // Setext: a paragraph line underlined with === or ---.
    if (para.length && !item && /^ {0,3}(=+|-+)\s*$/.test(line)) {
      blocks.push({ kind: 'heading', level: line.trim().startsWith('=') ? 1 : 2, text: joinLines(para), indent: 0 });
      para = [];
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ kind: 'rule', text: '', indent });
      continue;
    }
    if (REFERENCE.test(line) && !para.length) continue;
    const li = ITEM.exec(line);
    if (li) {
      flush();
      const marker = li[2]!;
      const depth = indent + Math.min(6, Math.floor(li[1]!.replace(/\t/g, '    ').length / 2));
      item = { kind: 'item', bullet: /\d/.test(marker) ? `${marker.slice(0, -1)}.` : BULLET, text: li[3] ?? '', indent: depth + 1 };
      continue;
    }
    if (line.includes('|') && (TABLE_SEPARATOR.test(lines[i + 1] ?? '') || isTableRow(line, blocks, para))) {
      flush();
      if (TABLE_SEPARATOR.test(line)) continue;
      const cells = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/);
      blocks.push({ kind: 'paragraph', text: cells.map((c) => inline(c.trim())).join('\t'), indent, tight: true });
      continue;
    }
    if (!item && !para.length) paraIndent = indent;
    para.push(line);
  }
  flush();
  // The last row of a table gets the usual paragraph spacing.
  return blocks.map((b, i) => (b.tight && blocks[i + 1]?.tight !== true ? { ...b, tight: false } : b));
}

function unquote(line: string): string {
  return line.slice(QUOTE.exec(line)?.[0].length ?? 0);
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** "Title ##" → "Title" (trailing whitespace trimmed without a backtracking pattern). */
function withoutClosingHashes(text: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  const bare = trimmed.slice(0, end);
  return bare === '' || /\s$/.test(bare) ? bare.trimEnd() : trimmed;
}

/** A row of a table already started (the separator line was seen before). */
function isTableRow(line: string, blocks: Block[], para: string[]): boolean {
  return !para.length && blocks.at(-1)?.tight === true && /^\s*\|/.test(line);
}

/** Paragraph lines join with spaces; two trailing spaces or a backslash force a break. */
function joinLines(lines: string[]): string {
  const parts: string[] = []; // joined once at the end: appending to one string is quadratic here
  for (const raw of lines) {
    const hard = raw.endsWith('  ') || raw.endsWith('\\');
    const text = inline(raw.trim().replace(/\\$/, ''));
    if (!text) continue;
    const last = parts.at(-1);
    if (last !== undefined && last !== '\n') parts.push(' ');
    parts.push(text);
    if (hard) parts.push('\n');
  }
  if (parts.at(-1) === '\n') parts.pop();
  return parts.join('');
}

/**
 * Markdown inline syntax reduced to its text, in linear time whatever the input: no pattern can
 * scan past the next bracket, backtick or '<', and emphasis markers are dropped where they touch
 * a word rather than paired up (pairing is a search a line of unclosed markers makes quadratic).
 */
export function inline(text: string): string {
  const kept: string[] = [];
  const keep = (s: string): string => `\uE000${kept.push(s) - 1}\uE000`;
  const s = text
    .replace(/\uE000/g, '')
    .replace(/\\([!-/:-@[-`{-~])/g, (_m, c: string) => keep(c)) // backslash escapes
    .replace(/(`{1,16})([^`]{1,2000}?)\1(?!`)/g, (_m, _t, code: string) => keep(code.trim())) // code spans
    .replace(/!?\[([^[\]]{0,1000})\](?:\((?:[^()]|\([^()]{0,500}\)){0,2000}\)|\[[^[\]]{0,1000}\])/g, '$1') // links, images: their text
    .replace(/<((?:https?|mailto|ftp):[^<>\s]{1,2000})>/gi, '$1') // autolinks
    .replace(/<\/?[A-Za-z][^<>]{0,1000}>/g, '') // inline HTML tags
    .replace(/(?:\*{1,3}|~~)(?=[^\s*~])|(?<=[^\s*~])(?:\*{1,3}|~~)/g, '') // * ** *** ~~ next to a word
    .replace(/(?<![\p{L}\p{N}_])_{1,3}(?=[^\s_])|(?<=[^\s_])_{1,3}(?![\p{L}\p{N}_])/gu, ''); // _ __ at word edges only
  return decodeEntities(s).replace(/\uE000(\d+)\uE000/g, (_m, n: string) => kept[Number(n)] ?? '');
}
