// The configured chat model (PAGELENS_LLM_*), built once per process; null when none is set.
import type { AppContext } from '../context.js';
import { createChatModel, type ChatModel } from '../providers/llm/index.js';

let cached: { key: AppContext['config']['llm']; model: ChatModel | null } | null = null;

export function chatModel(app: AppContext): ChatModel | null {
  if (cached?.key !== app.config.llm) cached = { key: app.config.llm, model: createChatModel(app.config.llm) };
  return cached.model;
}
