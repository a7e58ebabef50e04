// Wire shapes for creating a component from an image and uploading its image directly to storage,
// named as the spec names them (their fields are ours: the spec does not show them).
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, StringEnum, Timestamp, UploadFields, UploadMethod, Uuid } from '../http/schemas.js';
import { BASELINE_PROVIDERS } from '../extractors/options.js';
import { COMPONENT_TYPES } from './model.js';
import { ComponentGetResponse } from './schemas.js';

export const GenerateComponentQuery = Type.Object({
  component_type: StringEnum(COMPONENT_TYPES, {
    default: 'flowchart',
    description:
      'what the image shows; types without an extractor on this server are a 422 naming the supported ones, unless baseline_provider=vlm reads them',
  }),
  include_description: Type.Boolean({ default: false, description: 'flowcharts only: add a natural-language description' }),
  // A plain string as the contract has it; the values are checked by the route (a 422 naming them).
  baseline_provider: Type.Optional(
    Type.String({
      description:
        `also read the image with this provider (${BASELINE_PROVIDERS.join(', ')}; vlm is the configured vision model), kept in grounding.baseline; its output becomes the result where the offline extractor has none. Not configured: 422 naming the setting`,
    }),
  ),
  fix_text_with_vlm: Type.Boolean({
    default: true,
    description: "let the configured vision model correct the recognised table text; recorded in grounding.text_fix (a no-op, recorded as skipped, without one)",
  }),
  detect: Type.Boolean({ default: false, description: 'schematics only: run symbol detection on the image' }),
});
export type GenerateComponentParams = Static<typeof GenerateComponentQuery>;

export const Body_generate_component_from_image = named(
  'Body_generate_component_from_image',
  Type.Object({
    image: Type.Optional(
      Type.String({ format: 'binary', description: 'PNG, JPEG, WebP or GIF; omit for an empty record to upload into later (GET /components/{id}/upload-url)' }),
    ),
  }),
);

export const ComponentPostResponse = named(
  'ComponentPostResponse',
  Type.Object({
    component_id: Uuid(),
    job_status_id: Nullable(
      Uuid('the extraction job to poll (GET /job-statuses/{id}); null when there is no image yet. GET /components/{id} shows the result'),
    ),
    component: ComponentGetResponse,
  }),
);

export const ComponentUploadUrlResponse = named(
  'ComponentUploadUrlResponse',
  Type.Object({
    component_id: Uuid(),
    upload_url: Type.String({ description: 'upload the image here (see method) before expires_at' }),
    method: UploadMethod,
    fields: UploadFields,
    file_path: Type.String({ description: 'pass back in PUT /components/{id}/upload-url' }),
    expires_at: Timestamp,
    max_bytes: Type.Integer(),
  }),
);

export const UpdateComponentUrlRequest = named(
  'UpdateComponentUrlRequest',
  Type.Object({
    file_path: Type.String({ minLength: 1, maxLength: 1024, description: 'the file_path GET /components/{id}/upload-url gave' }),
    file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  }),
);
export type UpdateComponentUrl = Static<typeof UpdateComponentUrlRequest>;
