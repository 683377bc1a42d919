import type { DatabaseHandle, Db } from './database.ts';

/**
 * Runs a unit of work in a transaction and resolves only once it is durably committed.
 *
 * PostgreSQL: one transaction per unit, concurrent on the pool. SQLite has one writer and pays an
 * fsync per commit (synchronous=FULL), so units that arrive while a commit is under way are
 * grouped: each runs inside its own savepoint of one transaction (a refusal rolls back only its own
 * changes), then one commit makes the whole group durable before any of them is answered.
 * docs/decisions/0008-group-commit.md has the reasoning.
 */
export type Transactor = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

export function createTransactor(handle: DatabaseHandle): Transactor {
  if (handle.kind === 'postgres') return (work) => handle.db.transaction().execute(work);
  return groupCommit(handle.db);
}

interface Job {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const MAX_GROUP = 256;

function groupCommit(db: Db): Transactor {
  const queue: Job[] = [];
  let running = false;

  async function runGroup(group: Job[]): Promise<void> {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    const trx = await db.startTransaction().execute();
    try {
      for (const [i, job] of group.entries()) {
        const name = `unit${i}`;
        const inner = await trx.savepoint(name).execute();
        try {
          const value = await job.work(inner);
          await inner.releaseSavepoint(name).execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          await inner.rollbackToSavepoint(name).execute();
          await inner.releaseSavepoint(name).execute();
          outcomes.push({ ok: false, value: error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      for (const job of group) job.reject(error);
      return;
    }
    group.forEach((job, i) => (outcomes[i]!.ok ? job.resolve(outcomes[i]!.value) : job.reject(outcomes[i]!.value)));
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await runGroup(queue.splice(0, MAX_GROUP));
    } finally {
      running = false;
    }
  }

  return <T>(work: (trx: Db) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!running) {
        // Start on the next turn of the event loop, so every request already read joins this group.
        running = true;
        setImmediate(() => void drain());
      }
    });
}
