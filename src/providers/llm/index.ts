// Chat model registry: the configured kind (PAGELENS_LLM_PROVIDER) to its adapter.
import { AnthropicChatModel } from './anthropic.js';
import type { RetryOptions } from './http.js';
import { OpenAiChatModel } from './openai.js';
import type { LlmSettings } from './settings.js';
import type { ChatModel } from './types.js';

export { AnthropicChatModel, OpenAiChatModel };
export {
  FLOW_SHAPES,
  isVlmBaselineType,
  parseComponentReading,
  readComponentWithModel,
  VLM_BASELINE_TYPES,
  type ChartReading,
  type ComponentReading,
  type FlowShape,
  type GraphReading,
  type ModelReading,
  type TableReading,
  type TreeNode,
  type TreeReading,
  type VlmBaselineType,
} from './component-baseline.js';
export { correctTextsWithModel, parseCorrections, type TextCorrection } from './text-fix.js';
export { describePageWithModel, type ModelPageDescription, type PageForModel } from './describe.js';
export { ProviderError, type ProviderErrorCode } from './errors.js';
export { costOf, PriceTable, sumCosts, type ModelPrice } from './prices.js';
export { describeLlmSettings, LLM_KINDS, llmSettingsFromEnv, type LlmKind, type LlmSettings } from './settings.js';
export type { ChatModel, ChatRequest, ChatResult } from './types.js';

export type ChatModelSettings = Pick<LlmSettings, 'kind' | 'baseUrl' | 'apiKey' | 'model' | 'vision' | 'timeoutMs'>;

/** The configured model, or null when none is (kind none): callers then use their offline path. */
export function createChatModel(settings: ChatModelSettings, retry: RetryOptions = {}): ChatModel | null {
  if (settings.kind === 'none') return null;
  if (!settings.model) throw new Error(`a model name is required for the ${settings.kind} provider`);
  const options = {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    vision: settings.vision,
    timeoutMs: settings.timeoutMs,
    ...retry,
  };
  switch (settings.kind) {
    case 'openai':
      return new OpenAiChatModel(options);
    case 'anthropic':
      return new AnthropicChatModel(options);
  }
}
