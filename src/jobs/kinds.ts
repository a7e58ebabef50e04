// Job kinds are typed handlers registered once: a name, a queue, a payload parser and either a
// single `run` step or the fan-out trio prepare -> page (one task run per page) -> finalize.
// The engine is generic over the ports a step gets (database, storage, engines, settings): the
// composition root (src/job-kinds.ts) registers the kinds, so src/jobs knows none of them.
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';

export type QueueName = 'cpu' | 'models';

/** What a step may do besides computing: write its outputs atomically, or notice a cancel. */
export interface StepContext<Ports = unknown> {
  /** What the step may use besides the job: settings, database, storage, engines. */
  ports: Ports;
  jobId: string;
  documentId: string | null;
  /**
   * Runs fn in a transaction that commits only while this task run still belongs to this
   * worker and the job is not cancelled; otherwise it rolls back and the step stops.
   * Page outputs must be written through it, replacing what an earlier attempt wrote.
   */
  commit<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Throws StepStopped when the job was cancelled or the task run was taken away. */
  checkpoint(): Promise<void>;
}

/** What creating a job needs to know of its kind. */
export interface KindInfo {
  name: string;
  queue: QueueName;
  mode: 'single' | 'fanout';
  /** Throws on a payload the handler would reject, so such a job is never queued. */
  parse(payload: unknown): unknown;
}

export interface SingleKind<P, Ports = unknown> extends KindInfo {
  mode: 'single';
  parse(payload: unknown): P;
  run(ctx: StepContext<Ports>, payload: P): Promise<void>;
}

export interface FanOutKind<P, Ports = unknown> extends KindInfo {
  mode: 'fanout';
  parse(payload: unknown): P;
  /** Returns how many pages to fan out to (0 goes straight to finalize). */
  prepare(ctx: StepContext<Ports>, payload: P): Promise<{ pages: number }>;
  page(ctx: StepContext<Ports>, payload: P, pageNumber: number): Promise<void>;
  finalize(ctx: StepContext<Ports>, payload: P, failedPages: number[]): Promise<void>;
}

export type JobKind<P = unknown, Ports = unknown> = SingleKind<P, Ports> | FanOutKind<P, Ports>;

/** The kinds a process knows, looked up by name (creating a job needs no more). */
export interface KindCatalog {
  get(name: string): KindInfo | undefined;
}

/** Thrown at a step boundary when the job was cancelled or the task run's lease was lost. */
export class StepStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'lost') {
    super(reason === 'cancelled' ? 'job cancelled' : 'task run no longer owned by this worker');
  }
}

export class JobKindRegistry<Ports = unknown> implements KindCatalog {
  private readonly kinds = new Map<string, JobKind<unknown, Ports>>();

  register<P>(kind: JobKind<P, Ports>): void {
    if (this.kinds.has(kind.name)) throw new Error(`job kind registered twice: ${kind.name}`);
    this.kinds.set(kind.name, kind);
  }

  get(name: string): JobKind<unknown, Ports> | undefined {
    return this.kinds.get(name);
  }

  names(): string[] {
    return [...this.kinds.keys()].sort();
  }

  /** Start-up check: every kind that can be created has exactly one handler. */
  assertHandles(names: readonly string[]): void {
    const missing = names.filter((n) => !this.kinds.has(n));
    if (missing.length > 0) throw new Error(`no handler for job kind(s): ${missing.join(', ')}`);
  }
}
