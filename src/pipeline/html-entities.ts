// HTML character references, decoded by the `entities` package: all 2,231 HTML5 names, numeric
// references with the browsers' Windows-1252 reading of C1 codes, and the legacy names browsers
// accept without a semicolon. Two readings: tolerant (page text, as a browser shows it) and
// strict (tables people type by hand, where a mistake is reported rather than guessed).
import { decodeHTML, decodeHTMLStrict } from 'entities';

/** As a browser reads text: unknown names stay as written, bad numbers become U+FFFD. */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

/**
 * One whole reference, `&name;`, `&#123;` or `&#x7B;`, read strictly: its text, or null when the
 * name is unknown or the number is not a Unicode scalar value (0, a lone surrogate, past U+10FFFF).
 */
export function decodeReference(ref: string): string | null {
  const m = /^&(?:#([0-9]{1,10})|#[xX]([0-9a-fA-F]{1,8})|[A-Za-z][A-Za-z0-9]{0,40});$/.exec(ref);
  if (!m) return null;
  if (m[1] !== undefined || m[2] !== undefined) {
    const n = m[1] !== undefined ? parseInt(m[1], 10) : parseInt(m[2]!, 16);
    if (!(n > 0 && n <= 0x10ffff) || (n >= 0xd800 && n <= 0xdfff)) return null;
  }
  const text = decodeHTMLStrict(ref);
  return text === ref ? null : text;
}
