// Wire shapes for retention policies and their links to documents.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { pageQuery, StringEnum, Timestamp, Uuid } from '../http/schemas.js';

export const RETENTION_ACTIONS = ['delete'] as const;
export type RetentionAction = (typeof RETENTION_ACTIONS)[number];

const actionEnum = (options: { default?: RetentionAction } = {}) =>
  StringEnum(RETENTION_ACTIONS, {
    description: "what happens when a document's retention expires; 'delete' removes it with its blobs",
    ...options,
  });
const PolicyName = Type.String({ minLength: 1, maxLength: 200 });
const RetainDays = Type.Integer({
  minimum: 1,
  maximum: 36500,
  description: 'days after the document was created until it expires',
});

export const RetentionPolicy = named(
  'RetentionPolicy',
  Type.Object({
    id: Uuid(),
    name: Type.String(),
    retain_days: Type.Integer(),
    action: Type.String(),
    owner_id: Uuid(),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type RetentionPolicyWire = Static<typeof RetentionPolicy>;

export const RetentionPolicyCreateRequest = named(
  'RetentionPolicyCreateRequest',
  Type.Object({
    name: PolicyName,
    retain_days: RetainDays,
    action: Type.Optional(actionEnum({ default: 'delete' })),
  }),
);
export type RetentionPolicyCreate = Static<typeof RetentionPolicyCreateRequest>;

export const RetentionPolicyUpdateRequest = named(
  'RetentionPolicyUpdateRequest',
  Type.Object({
    name: Type.Optional(PolicyName),
    retain_days: Type.Optional(RetainDays),
    action: Type.Optional(actionEnum()),
  }),
);
export type RetentionPolicyUpdate = Static<typeof RetentionPolicyUpdateRequest>;

export const RetentionPolicyListResponse = named(
  'RetentionPolicyListResponse',
  Type.Object({
    retention_policies: Type.Array(RetentionPolicy),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
);

export const RetentionPolicyDeleteResponse = named(
  'RetentionPolicyDeleteResponse',
  Type.Object({ id: Uuid(), deleted: Type.Boolean() }),
);

export const ListRetentionPoliciesQuery = Type.Object({ ...pageQuery });
export type ListRetentionPolicies = Static<typeof ListRetentionPoliciesQuery>;

export const RetentionPolicyIdParams = Type.Object({ retention_policy_id: Uuid() });

export const DocumentRetentionPolicyAssociationGetResponse = named(
  'DocumentRetentionPolicyAssociationGetResponse',
  Type.Object({
    id: Uuid(),
    document_id: Uuid(),
    retention_policy_id: Uuid(),
    retention_policy: RetentionPolicy,
    created_at: Timestamp,
    expires_at: Type.String({
      format: 'date-time',
      description: "the document's created_at plus this policy's retain_days; the shortest attached policy wins",
    }),
  }),
);
export type AssociationWire = Static<typeof DocumentRetentionPolicyAssociationGetResponse>;

export const AttachRetentionPolicyQuery = Type.Object({ retention_policy_id: Uuid() });

export const DocumentRetentionPolicyParams = Type.Object({ document_id: Uuid(), retention_policy_id: Uuid() });
