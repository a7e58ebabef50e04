// Plain text and Markdown into a flat list of blocks for text-pdf.ts to lay out. Markdown is read
// by markdown-it (CommonMark, plus GFM tables and strikethrough): its tokens map onto headings,
// paragraphs, list items (nested), block quotes, code, table rows (cells spaced apart) and rules;
// emphasis, links, images and inline HTML are reduced to their text, entities decoded.
import MarkdownIt, { type Token } from 'markdown-it';
import { BULLET, type Block } from './blocks.js';
import { htmlBlocks } from './html-blocks.js';

export { BULLET, type Block };

/** Each line is its own paragraph, so the text keeps its line breaks; blank lines stay blank. */
export function textBlocks(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => ({ kind: 'paragraph', text: line.trimEnd(), indent: 0, tight: true }));
}

/**
 * markdown-it runs in linear time on hostile input (its delimiter and link scans are bounded).
 * `maxNesting` caps quotes and lists inside each other far beyond what documents use.
 */
const md = new MarkdownIt('commonmark', { html: true, maxNesting: 200 }).enable(['table', 'strikethrough']);

/**
 * markdown-it's tokens take about 50 bytes per byte of input, so long documents are parsed in
 * pieces of about this many characters (see `pieces`); memory then stays bounded by the piece.
 */
export const PIECE_CHARS = 256 * 1024;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The document cut into pieces parsed one after another. A piece ends, once it holds PIECE_CHARS,
 * before a line that starts at the margin after a blank line (a new top-level block, outside any
 * fence); failing that, at the first line end past 4 × PIECE_CHARS, and a fenced code block cut
 * there is closed and reopened so its lines stay code. A line longer than a piece is cut at a space.
 */
export function* pieces(text: string): Generator<string> {
  const hard = 4 * PIECE_CHARS;
  let start = 0;
  let pos = 0;
  let blank = false;
  /** The open fence: its opening line and the marker run that closes it. */
  let fence: { open: string; marker: string } | undefined;
  let reopen = '';
  /** The next line end at or after pos (text.length when none): searched once, not per cut. */
  let newline = -1;
  while (pos < text.length) {
    const size = pos - start;
    if (size >= PIECE_CHARS && ((!fence && blank && /^\S/.test(text.slice(pos, pos + 1))) || size >= hard)) {
      yield reopen + text.slice(start, pos) + (fence ? `${fence.marker}\n` : '');
      reopen = fence ? `${fence.open}\n` : '';
      start = pos;
    }
    if (newline < pos) {
      newline = text.indexOf('\n', pos);
      if (newline < 0) newline = text.length;
    }
    let end = Math.min(text.length, newline + 1);
    if (end - pos > PIECE_CHARS) {
      // A line longer than a piece: cut it, at a space where there is one.
      const limit = pos + PIECE_CHARS;
      const space = text.slice(pos, limit).lastIndexOf(' ');
      end = space > 0 ? pos + space + 1 : limit;
    }
    const line = text.slice(pos, end);
    const mark = FENCE.exec(line)?.[1];
    if (fence) {
      if (mark && mark[0] === fence.marker[0] && mark.length >= fence.marker.length && line.trim() === mark) fence = undefined;
    } else if (mark) fence = { open: line.replace(/\r?\n$/, ''), marker: mark };
    blank = line.trim() === '';
    pos = end;
  }
  if (start < text.length || start === 0) yield reopen + text.slice(start);
}

/** Deepest indentation the layout draws; deeper nesting is drawn at this depth. */
const MAX_INDENT = 10;

interface ListState {
  ordered: boolean;
  next: number;
}

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  // One environment for all pieces: link reference definitions carry over to later pieces.
  const env = {};
  for (const piece of pieces(markdown)) addBlocks(md.parse(piece, env), blocks);
  // The last row of a table gets the usual paragraph spacing.
  return blocks.map((b, i) => (b.tight && blocks[i + 1]?.tight !== true ? { ...b, tight: false } : b));
}

function addBlocks(tokens: Token[], blocks: Block[]): void {
  const lists: ListState[] = [];
  let quotes = 0;
  /** The list item whose marker is not yet placed: its first paragraph becomes its text. */
  let pendingItem: Block | undefined;
  let row: string[] | undefined;
  const depth = (): number => Math.min(MAX_INDENT, quotes + lists.length);
  const placeItem = (): void => {
    if (pendingItem) blocks.push(pendingItem);
    pendingItem = undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'blockquote_open':
        placeItem();
        quotes++;
        break;
      case 'blockquote_close':
        quotes--;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        placeItem();
        lists.push({ ordered: t.type === 'ordered_list_open', next: Number(t.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        placeItem();
        lists.pop();
        break;
      case 'list_item_open': {
        placeItem();
        const list = lists.at(-1);
        const bullet = list?.ordered ? `${list.next++}.` : BULLET;
        pendingItem = { kind: 'item', bullet, text: '', indent: depth() };
        break;
      }
      case 'heading_open':
        placeItem();
        blocks.push({ kind: 'heading', level: Number(t.tag.slice(1)), text: inlineText(tokens[i + 1]), indent: 0 });
        break;
      case 'paragraph_open': {
        const text = inlineText(tokens[i + 1]);
        if (pendingItem) {
          pendingItem.text = text;
          placeItem();
        } else blocks.push({ kind: 'paragraph', text, indent: depth() });
        break;
      }
      case 'fence':
      case 'code_block':
        placeItem();
        blocks.push({ kind: 'code', text: t.content.replace(/\n$/, ''), indent: depth() });
        break;
      case 'hr':
        placeItem();
        blocks.push({ kind: 'rule', text: '', indent: depth() });
        break;
      case 'html_block':
        // Raw HTML reads as the HTML path reads it: tags, comments and scripts leave their text only.
        placeItem();
        for (const b of htmlBlocks(t.content)) blocks.push({ ...b, indent: Math.min(MAX_INDENT, b.indent + depth()) });
        break;
      case 'table_open':
        placeItem();
        break;
      case 'tr_open':
        row = [];
        break;
      case 'th_open':
      case 'td_open':
        row?.push(inlineText(tokens[i + 1]));
        break;
      case 'tr_close':
        blocks.push({ kind: 'paragraph', text: (row ?? []).join('\t'), indent: depth(), tight: true });
        row = undefined;
        break;
      default:
        break;
    }
  }
  placeItem();
}

/** The text of an inline token: emphasis, links and HTML tags dropped, breaks kept. */
function inlineText(token: Token | undefined): string {
  return token?.type === 'inline' ? childrenText(token.children ?? []).trim() : '';
}

function childrenText(children: Token[]): string {
  const parts: string[] = [];
  for (const c of children) {
    if (c.type === 'text' || c.type === 'text_special' || c.type === 'code_inline') parts.push(c.content);
    else if (c.type === 'softbreak') parts.push(' ');
    else if (c.type === 'hardbreak') parts.push('\n');
    else if (c.type === 'image') parts.push(childrenText(c.children ?? [])); // its alt text
  }
  return parts.join('');
}

/** Markdown inline syntax reduced to its text (one line or paragraph). */
export function inline(text: string): string {
  return inlineText(md.parseInline(text, {})[0]);
}
