// HTML into blocks for text-pdf.ts: the text a reader sees, without running or rendering anything.
// Scripts, styles and the head are dropped; block elements break lines; h1-h6 become headings,
// list items keep a bullet or number, table rows become lines with their cells spaced apart,
// <pre> keeps its spacing. A tolerant scanner, not a full HTML5 parser: unclosed tags are fine.
import { decodeEntities } from './html-entities.js';
import { BULLET, type Block } from './blocks.js';

const BLOCK = new Set(
  (
    'address article aside blockquote body center dd details dialog dir div dl dt fieldset figcaption figure footer form ' +
    'header hgroup hr html li main menu nav ol p pre section summary table tbody td tfoot th thead tr ul caption legend'
  ).split(' '),
);
/** Elements whose content is never shown. */
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'template', 'noframes', 'object', 'iframe', 'svg']);
const TAG_NAME = /<(\/?)([A-Za-z][\w:-]*)/y;
/** A quoted attribute value longer than this is taken as an unclosed quote. */
const MAX_QUOTED = 4096;
// Sentinels that survive whitespace collapsing: a <br> and a gap between table cells.
const BR = '\uE001';
const CELL = '\uE002';

interface List {
  ordered: boolean;
  next: number;
}

export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: List[] = [];
  let buf = '';
  let pre = 0;
  let quote = 0;
  let table = 0;
  let heading = 0;
  let bullet: string | undefined;
  let cells = 0;

  const flush = (): void => {
    if (pre) {
      if (buf) blocks.push({ kind: 'code', text: buf.replace(/^\n/, '').trimEnd(), indent: quote });
      buf = '';
      return;
    }
    const text = buf
      .replace(/[ \t\n\r\f]+/g, ' ')
      .replace(/ ?\uE001 ?/g, '\n')
      .replace(/ ?\uE002 ?/g, '\t')
      .trim();
    buf = '';
    if (!text.replace(/\t/g, '').trim()) return;
    if (heading) blocks.push({ kind: 'heading', level: heading, text, indent: 0 });
    else if (bullet !== undefined) blocks.push({ kind: 'item', bullet, text, indent: lists.length || 1 });
    else blocks.push({ kind: 'paragraph', text, indent: quote + lists.length, tight: table > 0 });
    bullet = undefined;
  };

  const unclosed = new Set<string>(); // hidden elements with no end tag left in the document
  for (const token of scan(html)) {
    if (typeof token === 'string') {
      buf += token.replace(/[\uE001\uE002]/g, '');
      continue;
    }
    const { name, closing, attrs } = token;
    if (!closing && HIDDEN.has(name) && !attrs.trimEnd().endsWith('/') && !unclosed.has(name)) {
      // Skip to the matching end tag; with none (a head left open), just drop the tag itself.
      const end = new RegExp(`</${name}\\s*>`, 'gi');
      end.lastIndex = token.end;
      const found = end.exec(html);
      if (!found) unclosed.add(name);
      else if (name !== 'head' || !/<body[\s>]/i.test(html.slice(token.end, found.index))) token.skipTo(end.lastIndex);
      continue;
    }
    if (name === 'br') {
      buf += pre ? '\n' : BR;
      continue;
    }
    if (name === 'td' || name === 'th') {
      if (!closing && cells++ > 0) buf += CELL;
      else if (closing) buf += ' ';
      continue;
    }
    if (/^h[1-6]$/.test(name)) {
      flush();
      heading = closing ? 0 : Number(name[1]);
      continue;
    }
    if (!BLOCK.has(name)) {
      if (name === 'img') buf += ' ';
      continue;
    }
    // Inside a table cell, paragraphs and divs only separate words, so a row stays one line.
    if (table && cells > 0 && !['tr', 'table', 'tbody', 'thead', 'tfoot', 'caption'].includes(name)) {
      buf += ' ';
      continue;
    }
    flush();
    switch (name) {
      case 'pre':
        pre = Math.max(0, pre + (closing ? -1 : 1));
        break;
      case 'blockquote':
        quote = Math.max(0, quote + (closing ? -1 : 1));
        break;
      case 'table':
        table = Math.max(0, table + (closing ? -1 : 1));
        cells = 0;
        break;
      case 'tr':
        cells = 0;
        break;
      case 'ul':
      case 'ol':
      case 'menu':
      case 'dir':
        if (closing) lists.pop();
        else lists.push({ ordered: name === 'ol', next: Number(/\bstart\s*=\s*["']?(-?\d+)/i.exec(attrs)?.[1] ?? 1) });
        break;
      case 'li':
        if (!closing) {
          const list = lists.at(-1);
          bullet = list?.ordered ? `${list.next++}.` : BULLET;
        }
        break;
      case 'hr':
        if (!closing) blocks.push({ kind: 'rule', text: '', indent: 0 });
        break;
      default:
        break;
    }
  }
  flush();
  // The last row of a table gets the usual paragraph spacing.
  return blocks.map((b, i) => (b.tight && blocks[i + 1]?.tight !== true ? { ...b, tight: false } : b));
}

interface Tag {
  name: string;
  closing: boolean;
  attrs: string;
  /** Where the text after the tag starts. */
  end: number;
  /** Resume scanning at `index` (to skip a hidden element's content). */
  skipTo(index: number): void;
}

/**
 * Text (entities decoded) and tags, in order. Linear time whatever the input: no backtracking
 * regular expressions, and an unclosed quote or tag is read as text rather than searched for.
 */
function* scan(html: string): Generator<string | Tag> {
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (lt > i) yield decodeEntities(html.slice(i, lt));
    i = lt;
    if (html.startsWith('<!--', lt)) {
      const e = html.indexOf('-->', lt + 4);
      i = e < 0 ? html.length : e + 3;
      continue;
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const e = html.indexOf(']]>', lt + 9);
      yield html.slice(lt + 9, e < 0 ? html.length : e);
      i = e < 0 ? html.length : e + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const e = html.indexOf('>', lt);
      i = e < 0 ? html.length : e + 1;
      continue;
    }
    TAG_NAME.lastIndex = lt;
    const m = TAG_NAME.exec(html);
    const close = m ? tagEnd(html, TAG_NAME.lastIndex) : -1;
    if (!m) {
      yield '<';
      i = lt + 1;
      continue;
    }
    if (close < 0) break; // a tag never closed: the rest is text
    let next = close + 1;
    yield {
      name: m[2]!.toLowerCase(),
      closing: m[1] === '/',
      attrs: html.slice(TAG_NAME.lastIndex, close),
      end: next,
      skipTo: (index: number) => {
        next = index;
      },
    };
    i = next;
  }
  if (i < html.length) yield decodeEntities(html.slice(i));
}

/** The index of the '>' that ends a tag, honouring quoted attribute values; -1 when there is none. */
function tagEnd(html: string, from: number): number {
  for (let j = from; j < html.length; j++) {
    const c = html[j];
    if (c === '>') return j;
    if (c === '"' || c === "'") {
      const q = html.indexOf(c, j + 1);
      if (q < 0 || q - j > MAX_QUOTED) return html.indexOf('>', j);
      j = q;
    }
  }
  return -1;
}
