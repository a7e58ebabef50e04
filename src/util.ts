// Small helpers used across domains.
import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

export const nowIso = (): string => new Date().toISOString();

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
