// The answering job's payload and its one builder (used where a question is asked).
import { Type, type Static } from 'typebox';
import type { Caller } from '../auth/caller.js';
import type { NewJob } from '../jobs/create.js';

export const ANSWER_JOB_KIND = 'answer_question';

export const AnswerPayload = Type.Object({ question_id: Type.Integer({ minimum: 1 }) });
export type AnswerPayloadT = Static<typeof AnswerPayload>;

export function answerQuestionJob(caller: Caller, question: { id: number; question_text: string }): NewJob<AnswerPayloadT> {
  return {
    kind: ANSWER_JOB_KIND,
    documentId: null,
    organizationId: caller.organizationId,
    ownerId: caller.userId,
    // Job statuses are searched by document name: the question text makes the job findable.
    documentName: `Question: ${question.question_text}`.slice(0, 500),
    payload: { question_id: question.id },
  };
}
