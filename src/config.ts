// One typed, validated settings object built from PAGELENS_* variables.
// Parsed once at start-up; a bad value stops the process with a message that names the variable.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describeLlmSettings, llmSettingsFromEnv, type LlmSettings } from './providers/llm/settings.js';
import { describeEmbeddingsSettings, embeddingsSettingsFromEnv, type EmbeddingsSettings } from './providers/embeddings/settings.js';
import {
  describeDocumentAnalysisSettings,
  documentAnalysisSettingsFromEnv,
  type DocumentAnalysisSettings,
} from './providers/document-analysis/settings.js';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import type { OcrSetting } from './providers/engines.js';

export type QueueKind = 'local' | 'bullmq';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  storageUrl: string;
  publicUrl: string;
  maxUploadMb: number;
  signedUrlTtlSeconds: number;
  secretKey: string | null;
  bootstrapToken: string | null;
  logLevel: string;
  retentionSweepIntervalSeconds: number;
  queue: QueueKind;
  redisUrl: string;
  libreofficePath: string | null;
  workerConcurrency: number;
  workerPollMs: number;
  workerHeartbeatSeconds: number;
  workerStaleSeconds: number;
  taskMaxRetries: number;
  taskRunRetentionDays: number;
  bullmqPrefix: string;
  bullmqLockMs: number;
  /** Seconds a run handed to Redis may stay queued before the reconciler hands it over again. */
  redispatchAfterSeconds: number;
  /** Milliseconds any one Redis command (or connection attempt) may take before it fails. */
  redisTimeoutMs: number;
  /** Seconds after which crash leftovers (partial uploads, temp blobs) are swept. */
  leftoverAgeSeconds: number;
  ocr: OcrSetting;
  renderDpi: number;
  maxPages: number;
  maxPagePixels: number;
  ocrMinTextQuality: number;
  /** Seconds the native tesseract CLI may spend on one image before the page fails. */
  ocrTimeoutSeconds: number;
  convertTimeoutSeconds: number;
  convertMemoryMb: number;
  llm: LlmSettings;
  embeddings: EmbeddingsSettings;
  /** External document-analysis services (baseline_provider of POST /components). */
  documentAnalysis: DocumentAnalysisSettings;
}

export type { OcrSetting };

export { ConfigError };

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[`PAGELENS_${name}`];
  return v === undefined || v === '' ? fallback : v;
}

function optional(env: Env, name: string): string | null {
  const v = env[`PAGELENS_${name}`];
  return v === undefined || v === '' ? null : v;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[`PAGELENS_${name}`];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`PAGELENS_${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = str(env, name, fallback);
  const hit = values.find((v) => v === raw);
  if (hit === undefined) throw new ConfigError(`PAGELENS_${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return hit;
}

/** Finds LibreOffice's soffice on PATH or where Debian installs it. */
export function findLibreOffice(env: Env): string | null {
  const configured = env.PAGELENS_LIBREOFFICE;
  if (configured) return existsSync(configured) ? configured : null;
  const dirs = (env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/lib/libreoffice/program']);
  for (const dir of dirs) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * One page already keeps more than one core busy (rendering, OCR threads, sharp's pool), so one
 * worker per two cores uses the machine without the processes fighting for it.
 */
export function defaultWorkerConcurrency(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

// Settings an operator may set without the PAGELENS_ prefix by habit; they are never read.
const UNPREFIXED = ['DATABASE_URL', 'REDIS_URL', 'STORAGE_URL', 'DATA_DIR', 'PORT', 'HOST', 'QUEUE'];

/** Warnings about settings that are present but ignored: printed at start-up by the CLI. */
export function configWarnings(env: Env = process.env): string[] {
  return UNPREFIXED.filter((name) => env[name] !== undefined && env[name] !== '' && env[`PAGELENS_${name}`] === undefined).map(
    (name) => `${name} is set but PageLens reads only PAGELENS_${name}; ${name} is ignored`,
  );
}

/**
 * Refuses a combination that cannot work when processes run apart: BullMQ hands work to workers
 * on other machines, which can only run it from the same database, and a SQLite file is one
 * machine's own. (Tests run BullMQ over SQLite in one process; the CLI never does.)
 */
export function checkTopology(config: Pick<Config, 'queue' | 'databaseUrl'>): void {
  if (config.queue === 'bullmq' && config.databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError(
      'PAGELENS_QUEUE=bullmq needs the database every process shares: set PAGELENS_DATABASE_URL=postgres://... ' +
        '(a SQLite file is private to one machine; on one machine use PAGELENS_QUEUE=local)',
    );
  }
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(str(env, 'DATA_DIR', './data'));
  const host = str(env, 'HOST', '127.0.0.1');
  const port = int(env, 'PORT', 8000, 0, 65535);
  const databaseUrl = str(env, 'DATABASE_URL', `sqlite:${path.join(dataDir, 'pagelens.db')}`);
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('PAGELENS_DATABASE_URL must start with sqlite: or postgres://');
  }
  const storageUrl = str(env, 'STORAGE_URL', `file:${path.join(dataDir, 'blobs')}`);
  if (!/^(file:|s3:\/\/)/.test(storageUrl)) {
    throw new ConfigError('PAGELENS_STORAGE_URL must start with file: or s3://');
  }
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    storageUrl,
    publicUrl: str(env, 'PUBLIC_URL', `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, ''),
    maxUploadMb: int(env, 'MAX_UPLOAD_MB', 200, 1, 1_000_000),
    signedUrlTtlSeconds: int(env, 'SIGNED_URL_TTL_S', 900, 1, 7 * 24 * 3600),
    secretKey: optional(env, 'SECRET_KEY'),
    bootstrapToken: optional(env, 'BOOTSTRAP_TOKEN'),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    retentionSweepIntervalSeconds: int(env, 'RETENTION_SWEEP_INTERVAL_S', 3600, 1, 30 * 24 * 3600),
    queue: oneOf(env, 'QUEUE', ['local', 'bullmq'] as const, 'local'),
    redisUrl: str(env, 'REDIS_URL', 'redis://127.0.0.1:6379'),
    libreofficePath: findLibreOffice(env),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', defaultWorkerConcurrency(), 1, 256),
    workerPollMs: int(env, 'WORKER_POLL_MS', 250, 10, 60_000),
    workerHeartbeatSeconds: int(env, 'WORKER_HEARTBEAT_S', 2, 1, 600),
    workerStaleSeconds: int(env, 'WORKER_STALE_S', 15, 2, 3600),
    taskMaxRetries: int(env, 'TASK_MAX_RETRIES', 2, 0, 100),
    taskRunRetentionDays: int(env, 'TASK_RUN_RETENTION_DAYS', 30, 1, 3650),
    bullmqPrefix: str(env, 'BULLMQ_PREFIX', 'pagelens'),
    bullmqLockMs: int(env, 'BULLMQ_LOCK_MS', 30_000, 1000, 3_600_000),
    redispatchAfterSeconds: int(env, 'REDISPATCH_AFTER_S', 300, 5, 7 * 24 * 3600),
    redisTimeoutMs: int(env, 'REDIS_TIMEOUT_MS', 5000, 100, 600_000),
    leftoverAgeSeconds: int(env, 'LEFTOVER_AGE_S', 24 * 3600, 60, 365 * 24 * 3600),
    ocr: oneOf(env, 'OCR', ['auto', 'tesseract', 'tesseract-native', 'ppocr'] as const, 'auto'),
    renderDpi: int(env, 'RENDER_DPI', 150, 36, 600),
    maxPages: int(env, 'MAX_PAGES', 5000, 1, 1_000_000),
    maxPagePixels: int(env, 'MAX_PAGE_PIXELS', 50_000_000, 10_000, 1_000_000_000),
    ocrMinTextQuality: int(env, 'OCR_MIN_TEXT_QUALITY', 50, 0, 100) / 100,
    // A dense 300-dpi page costs up to ~15 s of CPU; under load it can take several times that.
    ocrTimeoutSeconds: int(env, 'OCR_TIMEOUT_S', 120, 5, 3600),
    convertTimeoutSeconds: int(env, 'CONVERT_TIMEOUT_S', 180, 1, 3600),
    convertMemoryMb: int(env, 'CONVERT_MEMORY_MB', 2048, 64, 65_536),
    llm: llmSettingsFromEnv(env),
    embeddings: embeddingsSettingsFromEnv(env),
    documentAnalysis: documentAnalysisSettingsFromEnv(env),
  };
}

const SECRET_FIELDS: ReadonlySet<keyof Config> = new Set(['secretKey', 'bootstrapToken']);

/** The effective settings with secrets and URL passwords masked, for `pagelens config`. */
export function describeConfig(config: Config): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (SECRET_FIELDS.has(key as keyof Config)) out[key] = value === null ? null : '***';
    else if (key === 'llm') out[key] = describeLlmSettings(config.llm);
    else if (key === 'embeddings') out[key] = describeEmbeddingsSettings(config.embeddings);
    else if (key === 'documentAnalysis') out[key] = describeDocumentAnalysisSettings(config.documentAnalysis);
    // The user part may be empty, as in redis://:password@host.
    else if (typeof value === 'string') out[key] = value.replace(/(\/\/[^:/@]*:)[^@/]+@/, '$1***@');
    else out[key] = value;
  }
  return out;
}
