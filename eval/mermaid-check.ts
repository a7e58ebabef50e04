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

export interface ParsedFlowchart {
  vertices: { id: string; text: string; type: string }[];
  edges: { start: string; end: string; text: string }[];
}

interface FlowDb {
  getVertices(): Map<string, { id: string; text?: string; type?: string }>;
  getEdges(): { start: string; end: string; text?: string }[];
}

/** Mermaid's own reading of a flowchart: its vertices and edges, labels with entity codes decoded. */
export async function mermaidFlowchart(text: string): Promise<ParsedFlowchart> {
  parser ??= load();
  await parser;
  const { default: mermaid } = await import('mermaid');
  const diagram = (await mermaid.mermaidAPI.getDiagramFromText(text)) as unknown as { db: FlowDb };
  // Mermaid keeps "#34;" style codes as private placeholders until rendering.
  const decode = (s: string | undefined): string => (s ?? '').replace(/ﬂ°°(\d+)¶ß/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/ﬂ°(\w+)¶ß/g, (_, n: string) => `&${n};`);
  return {
    vertices: [...diagram.db.getVertices().values()].map((v) => ({ id: v.id, text: decode(v.text), type: v.type ?? '' })),
    edges: diagram.db.getEdges().map((e) => ({ start: e.start, end: e.end, text: decode(e.text) })),
  };
}
