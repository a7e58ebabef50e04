// Table types shared by SQLite and PostgreSQL. Timestamps are ISO 8601 UTC strings,
// booleans are 0/1 integers and JSON is text, so one migration set serves both dialects.
import type { Generated, Kysely, Transaction } from 'kysely';

export interface OrganizationsTable {
  id: string;
  name: string;
  name_key: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  email: string;
  is_admin: number;
  created_at: string;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface FoldersTable {
  id: string;
  organization_id: string;
  owner_id: string;
  parent_id: string | null;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface KnowledgeBasesTable {
  id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface DocumentsTable {
  id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  folder_id: string | null;
  file_path: string | null;
  file_type: string;
  mime_type: string;
  file_size: number;
  sha256: string;
  original_filename: string;
  summary: string;
  visibility: string;
  version: number;
  created_at: string;
  updated_at: string;
  page_count: number;
  /** The file version whose processing last finished (0: never). */
  processed_version: number;
}

export interface DocumentKnowledgeBasesTable {
  document_id: string;
  knowledge_base_id: string;
  created_at: string;
}

export interface TagsTable {
  id: string;
  organization_id: string;
  name: string;
  name_key: string;
  created_at: string;
}

export interface DocumentTagsTable {
  document_id: string;
  tag_id: string;
  created_at: string;
}

export interface RetentionPoliciesTable {
  id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  retain_days: number;
  action: string;
  created_at: string;
  updated_at: string;
}

export interface DocumentRetentionPoliciesTable {
  id: string;
  document_id: string;
  retention_policy_id: string;
  created_at: string;
}

export interface PendingUploadsTable {
  id: string;
  document_id: string;
  storage_key: string;
  expires_at: string;
  created_at: string;
}

/** A signed upload URL issued for a standalone component's image, until adopted or expired. */
export interface ComponentUploadsTable {
  id: string;
  component_id: string;
  storage_key: string;
  expires_at: string;
  created_at: string;
}

/** Blob prefixes whose deletion was committed but not yet carried out (an outbox for storage). */
export interface BlobDeletionsTable {
  id: string;
  prefix: string;
  created_at: string;
}

export interface JobStatusesTable {
  id: string;
  kind: string;
  document_id: string | null;
  organization_id: string;
  owner_id: string;
  document_name: string;
  status: string;
  progress: number;
  error_message: string | null;
  payload: string;
  attempts: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  total_pages: number;
  finished_pages: number;
  failed_pages: number;
}

export interface TaskRunsTable {
  id: string;
  job_id: string;
  task: string;
  page_number: number | null;
  page_key: number;
  queue: string;
  status: string;
  worker_id: string | null;
  attempts: number;
  retry_count: number;
  available_at: string;
  dispatched_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
}

export interface WorkersTable {
  id: string;
  host: string;
  pid: number;
  backend: string;
  queues: string;
  concurrency: number;
  current_task: string | null;
  started_at: string;
  last_heartbeat_at: string;
  stopped_at: string | null;
}

export interface PageFailuresTable {
  id: string;
  job_id: string;
  page_number: number;
  message: string;
  created_at: string;
}

export interface PagesTable {
  id: string;
  document_id: string;
  page_number: number;
  document_version: number;
  width: number;
  height: number;
  dpi: number;
  image_key: string | null;
  thumbnail_key: string | null;
  text_source: string;
  text: string;
  words_key: string | null;
  layout: string;
  created_at: string;
  updated_at: string;
}

export interface PageDescriptionsTable {
  id: string;
  document_id: string;
  page_number: number;
  description: string;
  headings: string;
  source: string;
  edited: number;
  model: string | null;
  created_at: string;
  updated_at: string;
}

export interface ComponentsTable {
  id: string;
  organization_id: string;
  owner_id: string;
  document_id: string | null;
  component_type: string;
  status: string;
  image_key: string | null;
  grounding: string;
  description: string | null;
  error: string | null;
  tokens_in: number;
  tokens_out: number;
  created_at: string;
  updated_at: string;
}

export interface VisualComponentsTable {
  id: string;
  document_id: string;
  component_id: string;
  page_number: number;
  component_type: string;
  label: string;
  bbox: string;
  confidence: number;
  origin: string;
  grounding_data: string;
  metadata: string;
  created_at: string;
  updated_at: string;
}

/** One kept state of a component's grounding (see migration 0800). */
export interface GroundingRevisionsTable {
  id: string;
  component_id: string;
  /** 1, 2, ... per component, in write order. */
  seq: number;
  /** 'pipeline' | 'edit' | 'reextract' | 'restore' */
  source: string;
  /** Who wrote it; null for the processing pipeline. */
  user_id: string | null;
  job_status_id: string | null;
  /** The revision a restore brought back. */
  restored_from: string | null;
  component_type: string;
  status: string;
  error: string | null;
  grounding: string;
  /** The visual component's grounding_data; null for a component without a region. */
  grounding_data: string | null;
  created_at: string;
}

export interface ChunksTable {
  id: string;
  document_id: string;
  page_number: number;
  seq: number;
  kind: string;
  text: string;
  bboxes: string;
  created_at: string;
}

export interface ChunkEmbeddingsTable {
  chunk_id: string;
  document_id: string;
  model: string;
  dimensions: number;
  /** Little-endian float32, unit length. */
  vector: Buffer;
  created_at: string;
}

export interface TokenUsageTable {
  id: string;
  organization_id: string;
  document_id: string | null;
  question_id: number | null;
  purpose: string;
  provider: string;
  model: string;
  tokens_in: number;
  tokens_out: number;
  cost: string;
  created_at: string;
}

export interface ThreadsTable {
  id: Generated<number>;
  organization_id: string;
  owner_id: string;
  name: string;
  /** JSON array of question ids in display order. */
  question_positions: string;
  created_at: string;
  updated_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  thread_id: number;
  organization_id: string;
  user_id: string;
  question_text: string;
  scope: string;
  document_ids: string;
  plan: string | null;
  final_answer: string | null;
  answer_mode: string;
  llm_provider: string;
  chunk_type: string;
  num_chunks: number;
  num_chunks_processed: number;
  current_state: string;
  job_status_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EvidencesTable {
  id: Generated<number>;
  question_id: number;
  evidence: string;
  reasoning: string;
  sequence_number: number;
  document_id: string;
  page_number: number | null;
  bboxes: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentSearchesTable {
  id: string;
  organization_id: string;
  user_id: string;
  query: string;
  /** JSON of the request's filters, as given. */
  filters: string;
  /** 'done' or 'error' (searches run within the POST). */
  status: string;
  error_message: string | null;
  created_at: string;
}

export interface DocumentSearchResultsTable {
  search_id: string;
  document_id: string;
  rank: number;
  score: number;
  /** JSON array of SearchMatch: the document's best chunks (page, kind, snippet, boxes). */
  matches: string;
}

export interface MaintenanceLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  endpoint: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  folders: FoldersTable;
  knowledge_bases: KnowledgeBasesTable;
  documents: DocumentsTable;
  document_knowledge_bases: DocumentKnowledgeBasesTable;
  tags: TagsTable;
  document_tags: DocumentTagsTable;
  retention_policies: RetentionPoliciesTable;
  document_retention_policies: DocumentRetentionPoliciesTable;
  pending_uploads: PendingUploadsTable;
  component_uploads: ComponentUploadsTable;
  blob_deletions: BlobDeletionsTable;
  job_statuses: JobStatusesTable;
  task_runs: TaskRunsTable;
  workers: WorkersTable;
  page_failures: PageFailuresTable;
  pages: PagesTable;
  page_descriptions: PageDescriptionsTable;
  components: ComponentsTable;
  visual_components: VisualComponentsTable;
  grounding_revisions: GroundingRevisionsTable;
  chunks: ChunksTable;
  chunk_embeddings: ChunkEmbeddingsTable;
  token_usage: TokenUsageTable;
  threads: ThreadsTable;
  questions: QuestionsTable;
  evidences: EvidencesTable;
  document_searches: DocumentSearchesTable;
  document_search_results: DocumentSearchResultsTable;
  maintenance_leases: MaintenanceLeasesTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** A connection or an open transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;
