// Wire shapes of the documents domain, named as the spec names them.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, pageQuery, StringEnum, Timestamp, UploadFields, UploadMethod, Uuid } from '../http/schemas.js';
import { VISIBILITIES } from './access.js';

const VisibilityEnum = StringEnum(VISIBILITIES, {
  description: "'private': only the owner; 'organization': every member of the owner's organization",
});

const documentProps = {
  id: Uuid(),
  name: Type.String(),
  folder_id: Nullable(Uuid()),
  file_path: Nullable(Type.String({ description: 'storage key of the current file' })),
  file_type: Type.String({ description: 'detected format, one of GET /documents/formats file_type values' }),
  file_url: Nullable(Type.String({ description: 'signed, expiring download URL of the current file' })),
  summary: Type.String(),
  visibility: Type.String(),
  version: Type.Integer(),
  owner_id: Uuid(),
  created_at: Timestamp,
  updated_at: Timestamp,
  mime_type: Type.String(),
  file_size: Type.Integer(),
  knowledge_base_ids: Type.Array(Uuid()),
};

export const Document = named('Document', Type.Object(documentProps));
export type DocumentWire = Static<typeof Document>;

export const DocumentGetResponse = named(
  'DocumentGetResponse',
  Type.Object({ ...documentProps, tags: Type.Array(Type.String()) }),
);
export type DocumentGetWire = Static<typeof DocumentGetResponse>;

export const DocumentListResponse = named(
  'DocumentListResponse',
  Type.Object({
    documents: Type.Array(Document),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
);

export const DocumentPostResponse = named(
  'DocumentPostResponse',
  Type.Object({
    document_id: Uuid(),
    job_status_id: Uuid(),
    document: Document,
  }),
);

export const DocumentDeleteResponse = named(
  'DocumentDeleteResponse',
  Type.Object({ id: Uuid(), deleted: Type.Boolean() }),
);

export const Body_process_document_post = named(
  'Body_process_document_post',
  Type.Object({
    file: Type.String({ format: 'binary' }),
    name: Type.Optional(Type.String({ description: 'display name; defaults to the file name' })),
    folder_id: Type.Optional(Uuid()),
    knowledge_base_id: Type.Optional(Uuid()),
    visibility: Type.Optional(VisibilityEnum),
    tags: Type.Optional(Type.String({ description: 'comma-separated tag names; the field may also repeat' })),
  }),
);

export const Body_update_document_file = named(
  'Body_update_document_file',
  Type.Object({ file: Type.String({ format: 'binary' }) }),
);

export const ListDocumentsQuery = Type.Object({
  ...pageQuery,
  folder_id: Type.Optional(Uuid()),
  tag_name: Type.Optional(Type.String()),
  owner_id: Type.Optional(Uuid()),
  knowledge_base_id: Type.Optional(Uuid()),
});
export type ListDocumentsFilters = Static<typeof ListDocumentsQuery>;

export const DocumentUpdateRequest = named(
  'DocumentUpdateRequest',
  Type.Object({
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    folder_id: Type.Optional(Nullable(Uuid())),
    visibility: Type.Optional(VisibilityEnum),
    summary: Type.Optional(Type.String({ maxLength: 100_000 })),
  }),
);
export type DocumentUpdate = Static<typeof DocumentUpdateRequest>;

export const DocumentUploadUrlResponse = named(
  'DocumentUploadUrlResponse',
  Type.Object({
    document_id: Uuid(),
    upload_url: Type.String(),
    method: UploadMethod,
    fields: UploadFields,
    file_path: Type.String({ description: 'pass back in PUT /documents/{id}/upload-url' }),
    expires_at: Timestamp,
    max_bytes: Type.Integer(),
  }),
);

export const UpdateDocumentUrlRequest = named(
  'UpdateDocumentUrlRequest',
  Type.Object({
    file_path: Type.String({ minLength: 1, maxLength: 1024 }),
    file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  }),
);

export const FormatEntry = named(
  'SupportedFormat',
  Type.Object({
    file_type: Type.String(),
    mime_type: Type.String(),
    extensions: Type.Array(Type.String()),
    kind: Type.String(),
  }),
);

export const SupportedFormatsResponse = named(
  'SupportedFormatsResponse',
  Type.Object({
    formats: Type.Array(FormatEntry),
    extensions: Type.Array(Type.String()),
    mime_types: Type.Array(Type.String()),
    max_upload_bytes: Type.Integer(),
  }),
);
