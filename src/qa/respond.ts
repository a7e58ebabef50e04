// Direct (synchronous) answers about one page, one component or one visual component, with the
// same engines as questions: the passages are the page description, the page's text lines and
// the components' labels and grounding; evidence ids are their sequence numbers.
import type { AppContext } from '../context.js';
import type { Db } from '../db/types.js';
import { validationError } from '../http/errors.js';
import type { BBox } from '../pipeline/types.js';
import { createAnswerEngine, defaultProvider, providerAvailable, type AnswerMode, type AnswerProvider, type CitedEvidence, type Passage, type PassageLine } from '../providers/answer/index.js';
import { chunkLines, recordUsage, textChunksFirst } from './answering.js';
import { componentLines } from './component-lines.js';
import type { ResponseWire } from './response-schemas.js';

export { componentLines, graphLines, groundingLines, tableLines } from './component-lines.js';

/** A page's passages: its description, its text lines, and each visual component on it. */
export async function pagePassages(db: Db, documentId: string, pageNumber: number): Promise<Passage[]> {
  const desc = await db.selectFrom('page_descriptions').select('description').where('document_id', '=', documentId).where('page_number', '=', pageNumber).executeTakeFirst();
  const chunks = await db.selectFrom('chunks').select(['kind', 'seq', 'text', 'bboxes']).where('document_id', '=', documentId).where('page_number', '=', pageNumber).orderBy('seq').execute();
  const text = textChunksFirst(chunks).flatMap((c) => chunkLines(c.text, JSON.parse(c.bboxes) as BBox[]));
  const visuals = await db
    .selectFrom('visual_components')
    .innerJoin('components', 'components.id', 'visual_components.component_id')
    .select(['visual_components.label', 'visual_components.bbox', 'visual_components.grounding_data', 'components.description', 'components.grounding'])
    .where('visual_components.document_id', '=', documentId)
    .where('visual_components.page_number', '=', pageNumber)
    .execute();
  const passage = (lines: PassageLine[]): Passage => ({ documentId, pageNumber, kind: 'page', lines, pageLines: text });
  const out: Passage[] = [];
  if (desc) out.push(passage([{ text: desc.description, bbox: null }]));
  if (text.length) out.push(passage(text));
  for (const v of visuals) {
    const bbox = JSON.parse(v.bbox) as BBox;
    out.push(passage(componentLines(v.label, v.description, [v.grounding_data, v.grounding], bbox)));
  }
  return out;
}

export interface RespondInput {
  question: string;
  llm_provider?: AnswerProvider;
  answer_mode?: AnswerMode;
}

export async function respond(
  ctx: AppContext,
  input: RespondInput,
  passages: Passage[],
  usageTarget: { organizationId: string; documentId: string | null; purpose: string },
): Promise<ResponseWire> {
  const provider = input.llm_provider ?? defaultProvider(ctx.config.llm);
  if (!providerAvailable(ctx.config.llm, provider)) {
    throw validationError(['body', 'llm_provider'], `llm_provider ${provider} is not configured on this server (PAGELENS_LLM_PROVIDER=${ctx.config.llm.kind})`);
  }
  const question = input.question.trim();
  if (question === '') throw validationError(['body', 'question'], 'String should have at least 1 character', 'string_too_short');
  const engine = createAnswerEngine(ctx.config.llm, provider);
  const { db } = ctx.database;
  const record = (u: Parameters<typeof recordUsage>[2]) => recordUsage(db, ctx.config.llm.prices, u, { ...usageTarget, questionId: null });
  const plan = await engine.plan(question);
  await record(plan.usage);
  const evidences: CitedEvidence[] = [];
  for (const p of passages) {
    const read = await engine.read(question, plan.value, p);
    await record(read.usage);
    for (const e of read.value) evidences.push({ ...e, id: evidences.length + 1 });
  }
  const answered = await engine.answer(question, evidences, input.answer_mode ?? 'concise');
  await record(answered.usage);
  const a = answered.value;
  return {
    question,
    answer: a.text,
    not_found: a.not_found,
    supported: a.supported,
    citations: a.citations,
    evidences: evidences.map((e) => ({ id: e.id, evidence: e.evidence, reasoning: e.reasoning, page_number: e.pageNumber, bboxes: e.bboxes })),
    llm_provider: provider,
    model: a.model,
  };
}
