// Wire shapes of threads, questions and evidences. Thread, the question record and Evidence carry
// the spec's fields; creation, listing and the inner shapes of plan and final_answer are ours.
import { Type, type Static } from 'typebox';
import { Document } from '../documents/schemas.js';
import { named } from '../http/openapi.js';
import { Nullable, pageQuery, StringEnum, Timestamp, Uuid } from '../http/schemas.js';
import { ANSWER_PROVIDERS } from '../providers/answer/index.js';

export const ANSWER_MODES = ['concise', 'detailed'] as const;
export const CHUNK_TYPES = ['all', 'text', 'table', 'chart', 'component'] as const;
export const QUESTION_STATES = ['queued', 'planning', 'retrieving', 'reading', 'answering', 'done', 'error', 'cancelled'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

export const ThreadIdParams = Type.Object({ thread_id: Type.Integer() });
export const QuestionIdParams = Type.Object({ question_id: Type.Integer() });

const threadName = Type.String({ minLength: 1, maxLength: 255 });

export const ThreadCreateRequest = named('ThreadCreateRequest', Type.Object({ name: Type.Optional(threadName) }));
export const ThreadUpdateRequest = named('ThreadUpdateRequest', Type.Object({ name: threadName }));
export const ListThreadsQuery = Type.Object(pageQuery);

export const Plan = named(
  'QuestionPlan',
  Type.Object({ sub_questions: Type.Array(Type.String()), search_terms: Type.Array(Type.String()) }),
);

export const FinalAnswer = named(
  'FinalAnswer',
  Type.Object({
    text: Type.String({ description: 'the answer, or a statement that the documents do not contain it' }),
    citations: Type.Array(Type.Integer(), { description: 'ids of the evidences the answer rests on' }),
    supported: Type.Boolean({ description: 'the cited evidence contains the names and numbers the answer states' }),
    not_found: Type.Boolean({ description: 'the documents do not contain the answer' }),
    engine: Type.String({ description: 'offline, openai or anthropic' }),
    model: Nullable(Type.String()),
  }),
);

export const Evidence = named(
  'Evidence',
  Type.Object({
    id: Type.Integer(),
    question_id: Type.Integer(),
    evidence: Type.String(),
    reasoning: Type.String(),
    sequence_number: Type.Integer(),
    document_id: Uuid(),
    page_number: Nullable(Type.Integer()),
    bboxes: Nullable(Type.Array(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }), { description: '[x0, y0, x1, y1] in page-image pixels' })),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type EvidenceWire = Static<typeof Evidence>;

export const Question = named(
  'QuestionAndAnswer',
  Type.Object({
    id: Type.Integer(),
    user_id: Uuid(),
    thread_id: Type.Integer(),
    question_text: Type.String(),
    documents: Type.Array(Document, { description: 'the documents the question is asked over that still exist and are visible' }),
    plan: Nullable(Plan),
    evidences: Type.Array(Evidence),
    final_answer: Nullable(FinalAnswer),
    answer_mode: Type.String(),
    llm_provider: Type.String(),
    chunk_type: Type.String(),
    num_chunks: Type.Integer(),
    num_chunks_processed: Type.Integer(),
    current_state: StringEnum(QUESTION_STATES),
    job_status_id: Nullable(Uuid()),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type QuestionWire = Static<typeof Question>;

const threadProps = {
  thread_id: Type.Integer(),
  name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  question_positions: Type.Array(Type.Integer(), { description: 'question ids in the thread, in order' }),
};

export const Thread = named('Thread', Type.Object({ ...threadProps, questions: Type.Array(Question) }));
export type ThreadWire = Static<typeof Thread>;

export const ThreadSummary = named('ThreadSummary', Type.Object(threadProps));
export type ThreadSummaryWire = Static<typeof ThreadSummary>;

export const ThreadListResponse = named(
  'ThreadListResponse',
  Type.Object({ threads: Type.Array(ThreadSummary), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() }),
);

export const ThreadDeleteResponse = named('ThreadDeleteResponse', Type.Object({ thread_id: Type.Integer(), deleted: Type.Boolean() }));

export const QuestionCreateRequest = named(
  'QuestionCreateRequest',
  Type.Object({
    question_text: Type.String({ minLength: 1, maxLength: 4000 }),
    document_ids: Type.Optional(Type.Array(Uuid(), { minItems: 1, maxItems: 500, uniqueItems: true })),
    knowledge_base_id: Type.Optional(Uuid()),
    folder_id: Type.Optional(Uuid()),
    answer_mode: Type.Optional(StringEnum(ANSWER_MODES, { default: 'concise' })),
    llm_provider: Type.Optional(
      StringEnum(ANSWER_PROVIDERS, { description: 'default: the configured model service, else offline' }),
    ),
    chunk_type: Type.Optional(StringEnum(CHUNK_TYPES, { default: 'all' })),
    num_chunks: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 8 })),
  }),
);
export type QuestionCreate = Static<typeof QuestionCreateRequest>;

export const QuestionPostResponse = named(
  'QuestionPostResponse',
  Type.Object({ question: Question, job_status_id: Uuid() }),
);
