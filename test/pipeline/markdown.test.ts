// Markdown read as CommonMark (with GFM tables and strikethrough) into layout blocks: what the
// writer meant, literal characters kept, long documents parsed in bounded pieces.
import { describe, expect, it } from 'vitest';
import { inline, markdownBlocks, PIECE_CHARS, pieces, type Block } from '../../src/pipeline/text-blocks.js';

const texts = (blocks: Block[]): string[] => blocks.map((b) => b.text);

describe('markdownBlocks: CommonMark', () => {
  it('keeps an unpaired asterisk, decodes every HTML5 entity and keeps indented code as code', () => {
    expect(inline('The tank serves unit x*y on line 4.')).toBe('The tank serves unit x*y on line 4.');
    expect(inline('&alpha; &hearts; &notin; &#x1F600;')).toBe('α ♥ ∉ 😀');
    expect(markdownBlocks('Setup:\n\n    npm ci\n    make test\n\nDone.')).toEqual([
      { kind: 'paragraph', text: 'Setup:', indent: 0 },
      { kind: 'code', text: 'npm ci\nmake test', indent: 0 },
      { kind: 'paragraph', text: 'Done.', indent: 0 },
    ]);
  });

  it('follows the emphasis rules people write against', () => {
    expect(inline('*a*b **bold**text snake_case_name _em_ 2 * 3 * 4 **unclosed')).toBe('ab boldtext snake_case_name em 2 * 3 * 4 **unclosed');
    expect(inline('`` a ` b `` ~~struck~~ \\*escaped\\* <span class="x">html</span>')).toBe('a ` b struck *escaped* html');
  });

  it('resolves reference links and keeps the text of links, autolinks and images', () => {
    const blocks = markdownBlocks('See [the guide][g], <https://a.example/x> and ![a *diagram*](d.png).\n\n[g]: https://example.com/guide "Guide"');
    expect(texts(blocks)).toEqual(['See the guide, https://a.example/x and a diagram.']);
  });

  it('reads lists with their numbers, nesting, loose paragraphs and code', () => {
    const blocks = markdownBlocks(['3. third', '4. fourth', '', '   more about four', '', '   - inner', '     > quoted', '', '- next list', '', '```js', 'x = 1;', '```'].join('\n'));
    expect(blocks.map((b) => [b.kind, b.bullet, b.indent, b.text])).toEqual([
      ['item', '3.', 1, 'third'],
      ['item', '4.', 1, 'fourth'],
      ['paragraph', undefined, 1, 'more about four'],
      ['item', '•', 2, 'inner'],
      ['paragraph', undefined, 3, 'quoted'],
      ['item', '•', 1, 'next list'],
      ['code', undefined, 0, 'x = 1;'],
    ]);
  });

  it('reads GFM tables with escaped pipes and inline markup in cells, and hard line breaks', () => {
    const blocks = markdownBlocks('| Name | Note |\n|:-----|-----:|\n| `a\\|b` | **bold** |\n| c | |\n\nline one  \nline two\\\nline three');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Name\tNote', indent: 0, tight: true },
      { kind: 'paragraph', text: 'a|b\tbold', indent: 0, tight: true },
      { kind: 'paragraph', text: 'c\t', indent: 0, tight: false },
      { kind: 'paragraph', text: 'line one\nline two\nline three', indent: 0 },
    ]);
  });

  it('reads raw HTML blocks as the HTML path does and skips scripts and comments', () => {
    const blocks = markdownBlocks('<div class="note">\n<p>Raw &amp; <b>bold</b></p>\n<script>alert(1)</script>\n<!-- hidden -->\n</div>\n\nAfter.');
    expect(texts(blocks)).toEqual(['Raw & bold', 'After.']);
  });
});

describe('markdownBlocks: size and time bounds', () => {
  it('cuts long documents only between top-level blocks, and reads them as one', () => {
    const section = (i: number): string => `## Part ${i}\n\n- item [link][r] ${i}\n- item two\n\n    code ${i}\n\n| a | b |\n|---|---|\n| ${i} | x |\n\n`;
    const doc = `[r]: https://example.com\n\n${Array.from({ length: 6000 }, (_, i) => section(i)).join('')}`;
    const parts = [...pieces(doc)];
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(doc);
    for (const p of parts.slice(1)) expect(p).toMatch(/^(## Part|- item|\| a)/);
    for (const p of parts.slice(0, -1)) expect(p.length).toBeLessThan(PIECE_CHARS + 1000);
    const blocks = markdownBlocks(doc);
    expect(blocks.length).toBe(6000 * 6);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(Array.from({ length: 6000 }, (_, i) => `Part ${i}`));
    expect(blocks.filter((b) => b.kind === 'item' && b.text.startsWith('item link')).length).toBe(6000); // references carry over
  });

  it('keeps a fenced block longer than a piece as code, and cuts a line longer than a piece', () => {
    const code = Array.from({ length: 120_000 }, (_, i) => `line ${i} *not emphasis*`);
    const blocks = markdownBlocks(`intro\n\n~~~\n${code.join('\n')}\n~~~\n\nafter`);
    expect(blocks[0]).toEqual({ kind: 'paragraph', text: 'intro', indent: 0 });
    expect(blocks.at(-1)).toEqual({ kind: 'paragraph', text: 'after', indent: 0 });
    const codeBlocks = blocks.slice(1, -1);
    expect(codeBlocks.length).toBeGreaterThan(1);
    expect(codeBlocks.every((b) => b.kind === 'code')).toBe(true);
    expect(codeBlocks.map((b) => b.text).join('\n')).toBe(code.join('\n'));
    const words = 'word '.repeat(2 * PIECE_CHARS);
    expect(texts(markdownBlocks(words)).join(' ')).toBe(words.trim());
    // One 40 MB line without a space or a line end: cut into pieces without rescanning the rest each time.
    const line = 'x'.repeat(40 * 1024 * 1024);
    const cut = [...pieces(line)];
    expect(cut.length).toBe(line.length / (4 * PIECE_CHARS));
    expect(cut.join('')).toBe(line);
  });

  it('reads hostile markup in time linear in its length (the test times out otherwise)', () => {
    const hostile = [
      '*'.repeat(100_000),
      '_a '.repeat(50_000),
      '[x]('.repeat(50_000),
      '['.repeat(100_000),
      '<'.repeat(100_000),
      '<!--'.repeat(50_000),
      '`a'.repeat(50_000) + '``'.repeat(20_000),
      '*a **a '.repeat(30_000),
      '**a '.repeat(20_000) + 'b' + ' a**'.repeat(20_000),
      '['.repeat(20_000) + 'a' + '](b)'.repeat(20_000),
      '>'.repeat(100_000) + ' deep',
      '- '.repeat(50_000) + 'deep',
      '|a|b|\n|-|-|\n' + '|1|2|\n'.repeat(50_000),
      '[a]: b\n'.repeat(30_000) + '[a] '.repeat(30_000),
    ];
    for (const text of hostile) expect(Array.isArray(markdownBlocks(text))).toBe(true);
    // Nesting deeper than any document needs still shows its text.
    expect(texts(markdownBlocks(`${'>'.repeat(150)} deep text`))).toEqual(['deep text']);
  });
});
