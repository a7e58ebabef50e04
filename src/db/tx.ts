// Boundaries own the transaction: a route or job opens one, services write through it,
// and side effects that must not happen for a rolled-back write wait in AfterCommit.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.js';

export class AfterCommit {
  private readonly actions: Array<() => Promise<void>> = [];

  add(action: () => Promise<void>): void {
    this.actions.push(action);
  }

  async run(onError: (err: unknown) => void): Promise<void> {
    for (const action of this.actions) {
      try {
        await action();
      } catch (err) {
        onError(err);
      }
    }
  }
}

export interface UnitOfWork {
  trx: Transaction<Database>;
  after: AfterCommit;
}

/** Runs fn in one transaction; its after-commit actions run only once the commit succeeded. */
export async function inTransaction<T>(
  db: Kysely<Database>,
  fn: (uow: UnitOfWork) => Promise<T>,
  onAfterError: (err: unknown) => void = () => undefined,
): Promise<T> {
  const after = new AfterCommit();
  const result = await db.transaction().execute((trx) => fn({ trx, after }));
  await after.run(onAfterError);
  return result;
}
