// A model-written page description: the page image (when the model has vision), its text and
// its detected components go in; {description, headings} comes out. The prompt asks for
// faithfulness over fluency, and a malformed answer still yields a description.
import { ProviderError } from './errors.js';
import { answerObject, withoutFences } from './answer-json.js';
import type { ChatModel } from './types.js';

export interface PageForModel {
  pageNumber: number;
  /** The rendered page. */
  png: Buffer;
  /** The page's text (text layer or OCR). */
  text: string;
  components: Array<{ type: string; label: string }>;
}

export interface ModelPageDescription {
  description: string;
  headings: string[];
  tokensIn: number;
  tokensOut: number;
  /** False when the answer was not the requested JSON and its raw text became the description. */
  structured: boolean;
}

export interface DescribeOptions {
  /** Page text beyond this is cut (long pages cost tokens, and the image carries the rest). */
  maxTextChars?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

const MAX_HEADINGS = 12;
const MAX_HEADING_CHARS = 200;

const SYSTEM = [
  'You describe one page of a document so that people can find it and understand it without opening it.',
  'Be faithful: state only what the page shows. Never invent names, numbers, dates or conclusions; if something is unreadable, say so.',
  'Answer with a JSON object only.',
].join(' ');

function prompt(page: PageForModel, seesImage: boolean, maxTextChars: number): string {
  const text = page.text.trim();
  const cut = text.length > maxTextChars ? `${text.slice(0, maxTextChars)}\n[… text cut …]` : text;
  const components = page.components.map((c) => `- ${c.type}${c.label ? `: ${c.label}` : ''}`);
  return [
    `Describe page ${page.pageNumber} of a document.`,
    seesImage
      ? 'You see the page image; the text below was read from it and may contain OCR errors.'
      : 'You cannot see the page; describe it from the text below only.',
    '',
    'Return exactly this JSON: {"description": string, "headings": string[]}.',
    '- description: 2 to 5 sentences saying what the page is about, its main headings, and what its visual components (tables, charts, diagrams, flowcharts, mind maps, schematics, images) show.',
    '- headings: the page\'s titles and headings verbatim, in reading order; [] if it has none.',
    '',
    'Page text:',
    '"""',
    cut === '' ? '(no text found)' : cut,
    '"""',
    '',
    components.length > 0 ? `Visual components detected on the page:\n${components.join('\n')}` : 'No visual components were detected on the page.',
  ].join('\n');
}

/** The description string out of a truncated or otherwise broken JSON answer. */
function salvageDescription(text: string): string | null {
  const m = /"description"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text);
  if (!m) return null;
  try {
    const value: unknown = JSON.parse(`"${m[1]}"`);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function headingsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const h of value) {
    if (typeof h !== 'string') continue;
    const text = h.replace(/\s+/g, ' ').trim().slice(0, MAX_HEADING_CHARS);
    if (text !== '' && !out.includes(text)) out.push(text);
    if (out.length >= MAX_HEADINGS) break;
  }
  return out;
}

/** The model's answer as {description, headings}; the raw answer as description when it is not the JSON asked for. */
export function parseDescription(raw: string): { description: string; headings: string[]; structured: boolean } {
  const text = withoutFences(raw);
  const obj = answerObject(text);
  if (obj && typeof obj.description === 'string' && obj.description.trim() !== '') {
    return { description: obj.description.trim(), headings: headingsOf(obj.headings), structured: true };
  }
  const salvaged = salvageDescription(text)?.trim();
  if (salvaged) return { description: salvaged, headings: [], structured: false };
  return { description: text, headings: [], structured: false };
}

export async function describePageWithModel(model: ChatModel, page: PageForModel, options: DescribeOptions = {}): Promise<ModelPageDescription> {
  const seesImage = model.vision;
  const answer = await model.complete({
    system: SYSTEM,
    prompt: prompt(page, seesImage, options.maxTextChars ?? 12_000),
    images: seesImage ? [page.png] : [],
    maxTokens: options.maxTokens ?? 1024,
    temperature: 0,
    json: true,
    signal: options.signal,
  });
  const parsed = parseDescription(answer.text);
  if (parsed.description === '') {
    throw new ProviderError(model.provider, 'bad_response', `model ${model.model} returned an empty description for page ${page.pageNumber}`);
  }
  return { ...parsed, tokensIn: answer.tokensIn, tokensOut: answer.tokensOut };
}
