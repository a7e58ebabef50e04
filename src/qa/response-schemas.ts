// Wire shapes of the page, component and visual-component responses (names from the spec; the
// fields are ours): a question in, an answer with the evidence it cites out.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, StringEnum, Uuid } from '../http/schemas.js';
import { ANSWER_PROVIDERS } from '../providers/answer/index.js';
import { ANSWER_MODES } from './schemas.js';

const requestProps = {
  question: Type.String({ minLength: 1, maxLength: 4000 }),
  llm_provider: Type.Optional(StringEnum(ANSWER_PROVIDERS, { description: 'default: the configured model service, else offline' })),
  answer_mode: Type.Optional(StringEnum(ANSWER_MODES, { default: 'concise' })),
};

const ResponseEvidence = named(
  'ResponseEvidence',
  Type.Object({
    id: Type.Integer(),
    evidence: Type.String(),
    reasoning: Type.String(),
    page_number: Nullable(Type.Integer()),
    bboxes: Type.Array(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 })),
  }),
);

const responseProps = {
  question: Type.String(),
  answer: Type.String({ description: 'the answer, or a statement that the content does not contain it' }),
  not_found: Type.Boolean(),
  supported: Type.Boolean({ description: 'the cited evidence contains the names and numbers the answer states' }),
  citations: Type.Array(Type.Integer(), { description: 'ids of the evidences below' }),
  evidences: Type.Array(ResponseEvidence),
  llm_provider: Type.String(),
  model: Nullable(Type.String()),
};
/** The engine-side part shared by the three responses. */
export const ResponseBody = Type.Object(responseProps);
export type ResponseWire = Static<typeof ResponseBody>;

export const PageResponseRequest = named('PageResponseRequest', Type.Object(requestProps));
export const PageResponseResponse = named(
  'PageResponseResponse',
  Type.Object({ document_id: Uuid(), page_number: Type.Integer(), ...responseProps }),
);
export const ComponentResponseRequest = named('ComponentResponseRequest', Type.Object(requestProps));
export const ComponentResponseResponse = named('ComponentResponseResponse', Type.Object({ component_id: Type.String(), ...responseProps }));
export const DocumentVisualComponentResponseRequest = named('DocumentVisualComponentResponseRequest', Type.Object(requestProps));
export const DocumentVisualComponentResponseResponse = named(
  'DocumentVisualComponentResponseResponse',
  Type.Object({ document_id: Uuid(), component_id: Type.String(), ...responseProps }),
);
