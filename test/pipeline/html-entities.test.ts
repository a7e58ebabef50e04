// Character references: the tolerant reading of page text and the strict one of hand-typed tables
// know the same HTML5 names; only the strict one reports mistakes.
import { describe, expect, it } from 'vitest';
import { htmlBlocks } from '../../src/pipeline/html-blocks.js';
import { decodeEntities, decodeReference } from '../../src/pipeline/html-entities.js';
import { HtmlTableError, parseHtmlTable } from '../../src/pipeline/tables/html.js';

const cellText = (html: string): string => parseHtmlTable(`<table><tr><td>${html}</td></tr></table>`).cells[0]!.text;

describe('decodeEntities (page text)', () => {
  it('knows the HTML5 names beyond Latin-1', () => {
    expect(decodeEntities('&alpha; &hearts; &notin; &Eacute;&eacute; &NotEqualTilde; &fjlig;')).toBe('α ♥ ∉ Éé ≂̸ fj');
  });

  it('reads numbers as browsers do and leaves unknown names as written', () => {
    expect(decodeEntities('&#8364; &#x20AC; &#150; &#xD800; &#0; &#x110000;')).toBe('€ € – \uFFFD \uFFFD \uFFFD');
    expect(decodeEntities('&zzname; AT&T & more')).toBe('&zzname; AT&T & more');
    // Legacy names without a semicolon, as in old pages.
    expect(decodeEntities('&copy 2024 &eacute')).toBe('© 2024 é');
  });

  it('reaches the text of HTML documents', () => {
    expect(htmlBlocks('<p>&alpha; &hearts; &notin;</p>')[0]!.text).toBe('α ♥ ∉');
  });
});

describe('strict references (table HTML)', () => {
  it('accepts every HTML5 name the tolerant path accepts', () => {
    expect(cellText('caf&eacute;&nbsp;&alpha;&beta; &hearts; &notin; &AMP; &lt;x&gt;')).toBe('café\u00a0αβ ♥ ∉ & <x>');
    expect(cellText('&#233; &#xE9; &#X1F600;')).toBe('é é 😀');
  });

  it('rejects lone surrogates, zero and numbers past U+10FFFF', () => {
    for (const ref of ['&#xD800;', '&#56320;', '&#0;', '&#x110000;', '&#;', '&#xZZ;']) {
      expect(decodeReference(ref), ref).toBeNull();
      expect(() => cellText(ref), ref).toThrow(`bad character reference ${ref} at offset 15`);
    }
  });

  it('rejects unknown names and bare ampersands', () => {
    expect(() => cellText('&nosuchname;')).toThrow('unknown entity &nosuchname; at offset 15');
    expect(() => cellText('&NBSP;')).toThrow(HtmlTableError); // names are case-sensitive
    expect(() => cellText('caf&eacute')).toThrow("bare '&' at offset 15 (write &amp;)");
  });
});
