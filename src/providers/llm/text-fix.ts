// Correction of OCR text by a vision model (fix_text_with_vlm): the model sees the image and the
// strings OCR read from it, and answers only the ones it reads differently. The answer is checked:
// unknown ids, non-strings and rewrites far longer than what was read are refused, so the model
// can fix misread characters but cannot add content.
import { answerObject } from './answer-json.js';
import { ProviderError } from './errors.js';
import { isRecord } from './http.js';
import type { ChatModel } from './types.js';

export interface TextCorrection {
  /** The texts in the order given, corrected where the model read them differently. */
  texts: string[];
  /** How many texts changed. */
  corrected: number;
  tokensIn: number;
  tokensOut: number;
}

const MAX_TEXTS = 600;

const SYSTEM = [
  'You proofread text that OCR read from the image you are shown.',
  'For each numbered string, compare it with what the image shows at that place and correct misread characters, digits, punctuation and spacing.',
  'Never translate, reword, complete or add text; keep a string unchanged when it is right or when you cannot see it. Answer with a JSON object only.',
].join(' ');

/** The corrections of the model's answer, strictly: a map of index to corrected text. */
export function parseCorrections(model: ChatModel, raw: string, texts: readonly string[]): Map<number, string> {
  const fail = (why: string): ProviderError => new ProviderError(model.provider, 'bad_response', `model ${model.model} answered with unusable corrections: ${why}`);
  const obj = answerObject(raw);
  if (!obj || !Array.isArray(obj.corrections)) throw fail('no "corrections" array');
  const out = new Map<number, string>();
  for (const c of obj.corrections) {
    if (!isRecord(c) || typeof c.id !== 'number' || !Number.isInteger(c.id) || typeof c.text !== 'string') throw fail('an entry is not {"id": integer, "text": string}');
    const original = texts[c.id];
    if (original === undefined) throw fail(`id ${c.id} was not asked about`);
    const fixed = c.text.replace(/\s+/g, ' ').trim();
    // A fix of misread characters stays about as long as what was read.
    if (fixed.length > original.length * 2 + 8) throw fail(`the correction of id ${c.id} is much longer than the text read`);
    if (fixed !== original) out.set(c.id, fixed);
  }
  return out;
}

export async function correctTextsWithModel(model: ChatModel, png: Buffer, texts: readonly string[], options: { signal?: AbortSignal } = {}): Promise<TextCorrection> {
  if (texts.length === 0) return { texts: [], corrected: 0, tokensIn: 0, tokensOut: 0 };
  if (!model.vision) throw new ProviderError(model.provider, 'unsupported', `model ${model.model} is configured without vision (PAGELENS_LLM_VISION=false)`);
  if (texts.length > MAX_TEXTS) throw new ProviderError(model.provider, 'unsupported', `${texts.length} texts are more than the ${MAX_TEXTS} one correction request takes`);
  const items = texts.map((text, id) => ({ id, text }));
  const prompt = [
    'OCR read these strings from the image:',
    JSON.stringify(items),
    '',
    'Return exactly {"corrections": [{"id": number, "text": string}]} listing only the strings you would correct, with their corrected text; [] if all are right.',
  ].join('\n');
  const answer = await model.complete({ system: SYSTEM, prompt, images: [png], maxTokens: 2048, temperature: 0, json: true, signal: options.signal });
  const fixes = parseCorrections(model, answer.text, texts);
  return { texts: texts.map((t, i) => fixes.get(i) ?? t), corrected: fixes.size, tokensIn: answer.tokensIn, tokensOut: answer.tokensOut };
}
