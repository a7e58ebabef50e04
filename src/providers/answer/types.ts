// The answering interface: plan -> read passages for evidence -> answer from evidence. The offline
// engine and the model-backed engines implement it, so the answering job never cares which runs.
import type { BBox } from '../../pipeline/types.js';

/** One line of a page with its box (page pixels); a chunk's lines or a component's cells. */
export interface PassageLine {
  text: string;
  bbox: BBox | null;
}

/** What the reader reads: a retrieved chunk, plus the lines of its whole page as context. */
export interface Passage {
  documentId: string;
  pageNumber: number;
  kind: string;
  lines: PassageLine[];
  /** Every line of the page (tables and charts spread over chunks need headers and labels). */
  pageLines: PassageLine[];
  /** The asset named last on the page before (an "It ..." sentence atop a page continues it), if known. */
  carriedSubject?: string | null;
}

export interface Plan {
  sub_questions: string[];
  search_terms: string[];
}

export interface EvidenceDraft {
  evidence: string;
  reasoning: string;
  documentId: string;
  pageNumber: number;
  bboxes: BBox[];
  /** How strongly the text supports answering (0..1); the offline answerer's ranking. */
  score: number;
  /** The span that answers, when the reader could tell (offline: a cell value or the unmatched part of a sentence). */
  span: string | null;
  /** Which part of a multi-part question it answers (plan.sub_questions index; 0 when one part). */
  part?: number;
  /**
   * Offline engine: a span of the expected type in a text that names everything the question
   * names but matched too little of its wording to answer on its own. The answerer takes it only
   * when it is the one best such span (see ExtractiveEngine.answer).
   */
  typedSpan?: string;
  /** 1: the typed span is a table value read by its row and column only; taken when no statement offers one. */
  typedTier?: 1;
  /** Offline engine, a table value: how many question words its own row and column labels say, label by label (ties between values go to the higher). */
  ownLabels?: number;
}

export interface CitedEvidence extends EvidenceDraft {
  id: number;
}

export type AnswerMode = 'concise' | 'detailed';

/** final_answer as stored and served. */
export interface FinalAnswer {
  text: string;
  /** Evidence ids the answer rests on. */
  citations: number[];
  /** The cited evidence contains what the answer says (always true for the offline engine's answers). */
  supported: boolean;
  /** The documents do not contain the answer. */
  not_found: boolean;
  engine: string;
  model: string | null;
}

export interface Usage {
  provider: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
}

export interface Step<T> {
  value: T;
  usage: Usage | null;
}

export interface AnswerEngine {
  /** 'offline', 'openai' or 'anthropic': the question's llm_provider. */
  readonly provider: string;
  plan(question: string, signal?: AbortSignal): Promise<Step<Plan>>;
  read(question: string, plan: Plan, passage: Passage, signal?: AbortSignal): Promise<Step<EvidenceDraft[]>>;
  answer(question: string, evidences: CitedEvidence[], mode: AnswerMode, signal?: AbortSignal): Promise<Step<FinalAnswer>>;
}
