// The vocabulary of components: their types, where a region came from, extraction states,
// and the bounding box as stored (page pixels of the rendered page image).
export const COMPONENT_TYPES = ['flowchart', 'diagram', 'mindmap', 'chart', 'table', 'schematic'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const ORIGINS = ['pipeline', 'manual'] as const;
export type Origin = (typeof ORIGINS)[number];

/** 'pending' until an extractor runs; 'degraded' when it failed but the region stays usable. */
export const COMPONENT_STATUSES = ['pending', 'processing', 'done', 'degraded', 'error'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** [x0, y0, x1, y1] in pixels of the rendered page image, x0 < x1 and y0 < y1. */
export type Bbox = [number, number, number, number];

export type JsonObject = Record<string, unknown>;

export function parseJsonObject(text: string): JsonObject {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
}

export function parseBbox(text: string): Bbox {
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value) && value.length === 4 && value.every((v) => typeof v === 'number')) {
    return [value[0] as number, value[1] as number, value[2] as number, value[3] as number];
  }
  throw new Error(`stored bbox is not [x0, y0, x1, y1]: ${text}`);
}

export function isComponentType(value: string): value is ComponentType {
  return (COMPONENT_TYPES as readonly string[]).includes(value);
}

/** Stored types are written only through the validated API and the pipeline. */
export function storedComponentType(value: string): ComponentType {
  if (!isComponentType(value)) throw new Error(`stored component type is unknown: ${value}`);
  return value;
}
