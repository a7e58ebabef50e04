// Mermaid's own parser, offline in Node: mermaid.parse() runs the real grammar (jison for
// flowcharts and mind maps). The only browser piece it touches is DOMPurify, which has no window
// here; label sanitising is a rendering concern, so it is passed through unchanged.
import DOMPurify from 'dompurify';

type Parse = (text: string) => Promise<unknown>;
let parser: Promise<Parse> | undefined;

async function load(): Promise<Parse> {
  const purify = DOMPurify as unknown as { addHook: () => void; sanitize: (s: string) => string };
  if (typeof purify.addHook !== 'function') purify.addHook = () => undefined;
  if (typeof purify.sanitize !== 'function') purify.sanitize = (s: string) => s;
  const { default: mermaid } = await import('mermaid');
  return (text) => mermaid.parse(text);
}

/** Undefined when Mermaid accepts the text, else its parse error message. */
export async function mermaidError(text: string): Promise<string | undefined> {
  parser ??= load();
  const parse = await parser;
  try {
    await parse(text);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
