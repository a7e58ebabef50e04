// Embeddings registry: the configured OpenAI-compatible endpoint, or null when none is (search is
// then full text only).
import { OpenAiEmbeddings } from './openai.js';
import type { EmbeddingsSettings } from './settings.js';

export { OpenAiEmbeddings, type EmbeddingResult, type EmbedOptions } from './openai.js';
export { describeEmbeddingsSettings, embeddingsSettingsFromEnv, type EmbeddingsSettings } from './settings.js';
export { decodeVector, dotBytes, encodeVector, normalize } from './vectors.js';

export type Embedder = OpenAiEmbeddings;

export function createEmbedder(settings: EmbeddingsSettings): Embedder | null {
  return settings.enabled ? new OpenAiEmbeddings(settings) : null;
}

/** The token_usage purpose of every embeddings call. */
export const EMBEDDING_PURPOSE = 'embedding';
