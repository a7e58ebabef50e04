// Plain text, Markdown and HTML to PDF: the PDF opens in PDFium and reads back in order.
import { describe, expect, it } from 'vitest';
import { htmlBlocks } from '../../src/pipeline/html-blocks.js';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { inline, markdownBlocks } from '../../src/pipeline/text-blocks.js';
import { textToPdf, type TextFormat } from '../../src/pipeline/text-pdf.js';
import { PipelineError } from '../../src/pipeline/types.js';

/** Page count and the text of every page as lines. */
async function render(text: string, format: TextFormat, maxPages?: number): Promise<{ pages: number; lines: string[] }> {
  const pdf = await textToPdf(text, format, maxPages === undefined ? {} : { maxPages });
  expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const doc = await openPdf(pdf);
  try {
    const lines: string[] = [];
    for (let n = 1; n <= doc.pageCount; n++) {
      expect(doc.pageSize(n)).toEqual({ width: 612, height: 792 });
      lines.push(...doc.text(n, 72).lines.map((l) => l.text));
    }
    return { pages: doc.pageCount, lines };
  } finally {
    doc.close();
  }
}

function expectInOrder(haystack: string, needles: string[]): void {
  let at = -1;
  for (const needle of needles) {
    const next = haystack.indexOf(needle, at + 1);
    expect(next, `"${needle}" after position ${at} in: ${haystack}`).toBeGreaterThan(at);
    at = next;
  }
}

const sentence = (i: number): string => `Sentence number ${i} talks about the migration of pelicans across the northern lakes.`;

describe('textToPdf: plain text', () => {
  it('keeps every word in order and adds pages as the text grows', async () => {
    const counts: number[] = [];
    for (const n of [1, 60, 200]) {
      const text = Array.from({ length: n }, (_, i) => sentence(i)).join('\n');
      const { pages, lines } = await render(text, 'text');
      counts.push(pages);
      expectInOrder(lines.join(' '), Array.from({ length: n }, (_, i) => `Sentence number ${i} talks`));
    }
    expect(counts[0]).toBe(1);
    expect(counts[1]).toBeGreaterThan(counts[0]!);
    expect(counts[2]).toBeGreaterThan(counts[1]!);
  });

  it('wraps long lines inside the margins and cuts words longer than a line', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const { lines } = await render(`${long}\n${'x'.repeat(300)}`, 'text');
    expect(lines.length).toBeGreaterThan(4);
    expectInOrder(lines.join(' '), ['word0', 'word20', 'word39', 'xxxxxxxx']);
    expect(lines.filter((l) => /^x+$/.test(l)).join('')).toBe('x'.repeat(300));
  });

  it('makes one blank page from empty text', async () => {
    expect(await render('', 'text')).toEqual({ pages: 1, lines: [] });
  });

  it('stops at the page limit', async () => {
    const text = Array.from({ length: 400 }, (_, i) => sentence(i)).join('\n');
    const err = await textToPdf(text, 'text', { maxPages: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as PipelineError).code).toBe('too_many_pages');
    expect((err as PipelineError).message).toBe('The document needs more than 3 pages; at most 3 are allowed');
  });

  it('draws WinAnsi characters and replaces the rest instead of failing', async () => {
    const { lines } = await render('Café “quoted” – 5 € • naïve\nŁódź ő 漢字 😀 Ωmega\u200b\u00adend\tTab', 'text');
    expect(lines[0]).toBe('Café “quoted” – 5 € • naïve');
    // Ł and the CJK/emoji/Greek have no WinAnsi form; ó is WinAnsi, ź and ő fall back to their letters.
    expect(lines[1]).toMatch(/^\?ódz o \?\? \? \?mega ?end +Tab$/);
  });
});

describe('textToPdf: Markdown', () => {
  const md = [
    '# Annual Report',
    '',
    'The **board** met *twice* and read `config_file` with [the notes](http://example.com) and snake_case_names.',
    '',
    '## Results',
    '',
    '- revenue grew',
    '- costs fell',
    '  - nested detail',
    '1. first step',
    '2. second step',
    '',
    '| Region | Sales |',
    '|--------|------:|',
    '| North  | 42    |',
    '',
    '```',
    'let x = 1;',
    '```',
    '',
    'Closing line &amp; thanks',
  ].join('\n');

  it('reads back headings, bullets, table rows and code without Markdown syntax', async () => {
    const { lines } = await render(md, 'markdown');
    const text = lines.join('\n');
    expectInOrder(text, ['Annual Report', 'The board met twice', 'config_file with the notes and snake_case_names', 'Results']);
    expectInOrder(text, ['• revenue grew', '• costs fell', '• nested detail', '1. first step', '2. second step']);
    expectInOrder(text, ['Region', 'Sales', 'North', '42', 'let x = 1;', 'Closing line & thanks']);
    expect(text).not.toMatch(/[*`#|]|\]\(/);
  });

  it('parses structure into blocks', () => {
    const blocks = markdownBlocks(md);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, 'Annual Report'],
      [2, 'Results'],
    ]);
    expect(blocks.filter((b) => b.kind === 'item').map((b) => [b.bullet, b.indent, b.text])).toEqual([
      ['•', 1, 'revenue grew'],
      ['•', 1, 'costs fell'],
      ['•', 2, 'nested detail'],
      ['1.', 1, 'first step'],
      ['2.', 1, 'second step'],
    ]);
    expect(blocks.find((b) => b.text.startsWith('Region'))?.text).toBe('Region\tSales');
    expect(markdownBlocks('Title\n=====\n\ntext\n\n***')).toEqual([
      { kind: 'heading', level: 1, text: 'Title', indent: 0 },
      { kind: 'paragraph', text: 'text', indent: 0 },
      { kind: 'rule', text: '', indent: 0 },
    ]);
  });

  it('strips inline syntax but keeps literal characters', () => {
    expect(inline('**bold** __also__ *it* _em_ ~~gone~~ ***both***')).toBe('bold also it em gone both');
    expect(inline('2 * 3 * 4, a_b_c, \\*not emphasis\\*, `*code*`')).toBe('2 * 3 * 4, a_b_c, *not emphasis*, *code*');
    expect(inline('![logo](x.png) <https://a.b/c> <span>html</span> &copy; &#8364;')).toBe('logo https://a.b/c html © €');
  });
});

describe('textToPdf: HTML', () => {
  const html = `<!DOCTYPE html><html><head><title>Hidden title</title><style>p { color: red }</style>
    <script>document.write("<p>never shown</p>")</script></head><body>
    <h1>Quarterly &amp; Annual</h1><p>First&nbsp;paragraph with <b>bold</b> and &ldquo;quotes&rdquo;<br>after a break</p>
    <div>A div block</div><ul><li>apple</li><li>banana<ol><li>inner one</li><li>inner two</ol></li></ul>
    <table><tr><th>Name</th><th>Count</th></tr><tr><td>zebra</td><td><p>42</p></td></tr></table>
    <pre>  indented
    code</pre><!-- a comment <p>not shown</p> --><p>Math: 3 &lt; 4 and 5 > 2</p></body></html>`;

  it('reads back the visible text with headings, bullets and rows', async () => {
    const { lines } = await render(html, 'html');
    const text = lines.join('\n');
    expectInOrder(text, ['Quarterly & Annual', 'First paragraph with bold and “quotes”', 'after a break', 'A div block']);
    expectInOrder(text, ['• apple', '• banana', '1. inner one', '2. inner two', 'Name', 'Count', 'zebra', '42', 'indented', 'code']);
    expect(text).toContain('Math: 3 < 4 and 5 > 2');
    expect(text).not.toMatch(/Hidden title|color|never shown|not shown/);
  });

  it('parses structure into blocks', () => {
    const blocks = htmlBlocks(html);
    expect(blocks.find((b) => b.kind === 'heading')).toEqual({ kind: 'heading', level: 1, text: 'Quarterly & Annual', indent: 0 });
    expect(blocks.find((b) => b.text.startsWith('First'))?.text).toBe('First\u00a0paragraph with bold and “quotes”\nafter a break');
    expect(blocks.filter((b) => b.kind === 'item').map((b) => `${b.indent}${b.bullet} ${b.text}`)).toEqual(['1• apple', '1• banana', '21. inner one', '22. inner two']);
    expect(blocks.filter((b) => b.text.includes('\t')).map((b) => b.text)).toEqual(['Name\tCount', 'zebra\t42']);
    expect(blocks.find((b) => b.kind === 'code')?.text).toBe('  indented\n    code');
  });

  it('stays fast on hostile markup', () => {
    const started = Date.now();
    htmlBlocks('<a title="x>'.repeat(50_000));
    htmlBlocks("<a b='".repeat(50_000));
    htmlBlocks('<'.repeat(500_000) + '<p'.repeat(100_000));
    htmlBlocks('<script>'.repeat(50_000));
    markdownBlocks('*'.repeat(100_000) + '\n' + '_a '.repeat(50_000) + '\n' + '[x]('.repeat(50_000));
    // Each takes well under a second; the quadratic versions these guard against took minutes.
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
