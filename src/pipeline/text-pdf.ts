// Plain text, Markdown and HTML as a simple PDF (pdf-lib, standard fonts), so they go through the
// same page pipeline as every other document: US Letter, 72 pt margins, Helvetica 11 pt body,
// Helvetica-Bold headings, Courier for code, word-wrapped with hanging indents for list items.
//
// The standard fonts only encode WinAnsi (Windows-1252). Other characters are first reduced to
// their base letter where one exists (ő → o), else replaced by '?': showing Greek, Cyrillic, CJK
// or emoji would need an embedded Unicode font (pdf-lib + fontkit and a font file).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { htmlBlocks } from './html-blocks.js';
import { markdownBlocks, textBlocks, type Block } from './text-blocks.js';
import { PipelineError } from './types.js';

export type TextFormat = 'text' | 'markdown' | 'html';

/** Default page limit for text documents; callers pass their own (the pipeline's page setting). */
export const MAX_TEXT_PAGES = 1000;

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 72;
const INDENT = 18;
const BODY = 11;
const HEADING_SIZES = [20, 16, 13, 11, 11, 11];
const CODE = 10;
const TAB = '    ';
/** Lines on a page at the tightest leading (code), for the early page-limit check. */
const MAX_LINES_PER_PAGE = Math.floor((PAGE_H - 2 * MARGIN) / Math.round(CODE * 1.3));

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
  /** Code points the fonts can encode (WinAnsi; the same for all three). */
  charset: Set<number>;
}

export async function textToPdf(text: string, format: TextFormat, options: { maxPages?: number } = {}): Promise<Uint8Array> {
  const blocks = format === 'html' ? htmlBlocks(text) : format === 'markdown' ? markdownBlocks(text) : textBlocks(text);
  const doc = await PDFDocument.create();
  doc.setProducer('PageLens');
  doc.setCreator('PageLens');
  const regular = doc.embedStandardFont(StandardFonts.Helvetica);
  const fonts: Fonts = {
    regular,
    bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
    mono: doc.embedStandardFont(StandardFonts.Courier),
    charset: new Set(regular.getCharacterSet()),
  };
  const maxPages = options.maxPages ?? MAX_TEXT_PAGES;
  // Forced line breaks alone can show the text will not fit, before any layout work.
  let lines = 0;
  for (const block of blocks) lines += 1 + count(block.text, '\n');
  if (lines > maxPages * MAX_LINES_PER_PAGE) throw tooManyPages(maxPages);
  const writer = new Writer(doc, fonts, maxPages);
  for (const block of blocks) writer.block(block);
  writer.finish();
  return doc.save();
}

const tooManyPages = (max: number): PipelineError =>
  new PipelineError(`The document needs more than ${max} pages; at most ${max} are allowed`, 'too_many_pages');

function count(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** Puts lines on pages top to bottom, starting a page when the next line does not fit. */
class Writer {
  private page: PDFPage | undefined;
  private y = 0;
  private pages = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly maxPages: number,
  ) {}

  block(b: Block): void {
    const text = sanitize(b.text, this.fonts.charset);
    const left = MARGIN + Math.min(b.indent, 10) * INDENT;
    switch (b.kind) {
      case 'heading': {
        const size = HEADING_SIZES[(b.level ?? 1) - 1] ?? BODY;
        if (this.page && this.y < PAGE_H - MARGIN) this.y -= size * 0.6; // space above, except at a page top
        this.lines(wrap(text, this.fonts.bold, size, PAGE_W - MARGIN - left), this.fonts.bold, size, left);
        this.y -= 4;
        break;
      }
      case 'item': {
        const bullet = sanitize(b.bullet ?? '', this.fonts.charset);
        const bulletX = left - INDENT;
        const textX = Math.max(left, bulletX + this.fonts.regular.widthOfTextAtSize(bullet, BODY) + 5);
        const lines = wrap(text, this.fonts.regular, BODY, PAGE_W - MARGIN - textX);
        this.lines(lines, this.fonts.regular, BODY, textX, { text: bullet, x: bulletX });
        this.y -= 3;
        break;
      }
      case 'code': {
        const lines = wrap(text, this.fonts.mono, CODE, PAGE_W - MARGIN - left);
        this.lines(lines, this.fonts.mono, CODE, left);
        this.y -= 6;
        break;
      }
      case 'rule':
        this.y -= 6;
        this.room(BODY);
        this.page!.drawLine({ start: { x: left, y: this.y }, end: { x: PAGE_W - MARGIN, y: this.y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
        this.y -= 8;
        break;
      case 'paragraph':
        this.lines(wrap(text, this.fonts.regular, BODY, PAGE_W - MARGIN - left), this.fonts.regular, BODY, left);
        if (!b.tight) this.y -= 6;
        break;
    }
  }

  /** A PDF needs at least one page, even for an empty document. */
  finish(): void {
    if (!this.page) this.newPage();
  }

  private lines(lines: string[], font: PDFFont, size: number, x: number, bullet?: { text: string; x: number }): void {
    const leading = Math.round(size * 1.3);
    lines.forEach((line, i) => {
      this.room(leading);
      this.y -= leading;
      // Baseline: the line box's bottom plus the descent, so ascenders stay inside the box.
      const baseline = this.y + size * 0.25;
      if (line) this.page!.drawText(line, { x, y: baseline, size, font });
      if (bullet && i === 0 && bullet.text) this.page!.drawText(bullet.text, { x: bullet.x, y: baseline, size, font: this.fonts.regular });
    });
  }

  private room(height: number): void {
    if (!this.page || this.y - height < MARGIN) this.newPage();
  }

  private newPage(): void {
    if (this.pages >= this.maxPages) throw tooManyPages(this.maxPages);
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pages++;
    this.y = PAGE_H - MARGIN;
  }
}

/**
 * Lines that fit `width`: words move to the next line whole, and a word longer than a line is
 * cut. '\n' forces a break. Runs of spaces are kept (indentation, columns in plain text and
 * code) except where a line breaks.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  const measure = (s: string): number => font.widthOfTextAtSize(s, size);
  for (const para of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const token of para.split(/( +)/)) {
      if (!token) continue;
      const w = measure(token);
      if (lineWidth + w <= width) {
        line += token;
        lineWidth += w;
        continue;
      }
      if (token.startsWith(' ')) {
        // The line breaks here and the spaces vanish with it.
        out.push(line);
        line = '';
        lineWidth = 0;
        continue;
      }
      if (line.trim()) {
        out.push(line.trimEnd());
        line = '';
        lineWidth = 0;
      }
      if (lineWidth + w <= width) {
        line += token;
        lineWidth += w;
        continue;
      }
      // Too long for any line: cut it where it overflows.
      for (const ch of token) {
        const cw = measure(ch);
        if (lineWidth + cw > width && line.trim()) {
          out.push(line);
          line = '';
          lineWidth = 0;
        }
        line += ch;
        lineWidth += cw;
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}

/**
 * Text the standard fonts can draw: tabs become spaces, invisible and control characters go,
 * other characters outside WinAnsi become their base letter or '?'.
 */
export function sanitize(text: string, charset: Set<number>): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\t/g, TAB)) {
    const code = ch.codePointAt(0)!;
    if (code === 0x0a) {
      out += '\n';
    } else if (/[\p{Cc}\p{Cf}\p{Mn}\p{Me}]/u.test(ch)) {
      // control, format (soft hyphen, zero-width, BOM, bidi marks) and combining marks: nothing to draw
    } else if (charset.has(code)) {
      out += ch;
    } else if (/\p{Zs}/u.test(ch)) {
      out += ' ';
    } else if (/[\u2010\u2011\u2212]/.test(ch)) {
      out += '-';
    } else {
      const base = ch.normalize('NFD').codePointAt(0)!;
      out += base !== code && charset.has(base) ? String.fromCodePoint(base) : '?';
    }
  }
  return out;
}
