// Job kinds are typed handlers registered once: a name, a queue, a payload parser and either a
// single `run` step or the fan-out trio prepare -> page (one task run per page) -> finalize.
import type { AppContext } from '../context.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';

export type QueueName = 'cpu' | 'models';

/** What a step may do besides computing: write its outputs atomically, or notice a cancel. */
export interface StepContext {
  app: AppContext;
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

export interface SingleKind<P> {
  name: string;
  queue: QueueName;
  mode: 'single';
  parse(payload: unknown): P;
  run(ctx: StepContext, payload: P): Promise<void>;
}

export interface FanOutKind<P> {
  name: string;
  queue: QueueName;
  mode: 'fanout';
  parse(payload: unknown): P;
  /** Returns how many pages to fan out to (0 goes straight to finalize). */
  prepare(ctx: StepContext, payload: P): Promise<{ pages: number }>;
  page(ctx: StepContext, payload: P, pageNumber: number): Promise<void>;
  finalize(ctx: StepContext, payload: P, failedPages: number[]): Promise<void>;
}

export type JobKind<P = unknown> = SingleKind<P> | FanOutKind<P>;

/** Thrown at a step boundary when the job was cancelled or the task run's lease was lost. */
export class StepStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'lost') {
    super(reason === 'cancelled' ? 'job cancelled' : 'task run no longer owned by this worker');
  }
}

export class JobKindRegistry {
  private readonly kinds = new Map<string, JobKind>();

  register<P>(kind: JobKind<P>): void {
    if (this.kinds.has(kind.name)) throw new Error(`job kind registered twice: ${kind.name}`);
    this.kinds.set(kind.name, kind);
  }

  get(name: string): JobKind | undefined {
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
