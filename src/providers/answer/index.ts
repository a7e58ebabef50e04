// Answering engines: the offline extractive one (always there) and the configured chat model.
import type { LlmSettings } from '../llm/settings.js';
import { createChatModel } from '../llm/index.js';
import { ChatAnswerEngine } from './chat.js';
import { ExtractiveEngine } from './extractive.js';
import type { AnswerEngine } from './types.js';

export { ChatAnswerEngine } from './chat.js';
export { ExtractiveEngine, NOT_FOUND_TEXT, PART_NOT_FOUND } from './extractive.js';
export { tokenF1 } from './text.js';
export type * from './types.js';

export const ANSWER_PROVIDERS = ['offline', 'openai', 'anthropic'] as const;
export type AnswerProvider = (typeof ANSWER_PROVIDERS)[number];

/** The provider a question gets when it names none: the configured model, else offline. */
export const defaultProvider = (llm: LlmSettings): AnswerProvider => (llm.kind === 'none' ? 'offline' : llm.kind);

/** Whether `provider` can run with these settings (a model provider must be the configured one). */
export const providerAvailable = (llm: LlmSettings, provider: AnswerProvider): boolean => provider === 'offline' || provider === llm.kind;

export function createAnswerEngine(llm: LlmSettings, provider: AnswerProvider): AnswerEngine {
  if (provider === 'offline') return new ExtractiveEngine();
  if (provider !== llm.kind) throw new Error(`answer provider ${provider} is not configured (PAGELENS_LLM_PROVIDER=${llm.kind})`);
  const model = createChatModel(llm);
  if (!model) throw new Error('no chat model configured');
  return new ChatAnswerEngine(model);
}
