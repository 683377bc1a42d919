import type { DatabaseHandle, Db, NativeSqlite } from './database.ts';

/**
 * Runs a unit of work in a transaction and resolves only once it is durably committed.
 *
 * PostgreSQL: one transaction per unit, concurrent on the pool. SQLite has one writer and pays an
 * fsync per commit (synchronous=FULL), so units that arrive while a commit is under way are
 * grouped into one transaction, and one commit makes the whole group durable before any of them
 * is answered. A unit that fails having changed nothing (a refusal: units check before they
 * write) simply drops out of the group. One that fails after changing rows leaves them mixed with
 * the others': the group is rolled back and run again with each unit in its own savepoint, so a
 * failure rolls back only its own changes. Savepoints for every unit cost about 90 µs a scan here.
 * docs/decisions/0008-group-commit.md and 0014-scan-path-cost.md have the reasoning.
 */
export type Transactor = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

export function createTransactor(handle: DatabaseHandle): Transactor {
  if (handle.kind === 'postgres' || !handle.native) return (work) => handle.db.transaction().execute(work);
  return groupCommit(handle.db, handle.native);
}

interface Job {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const MAX_GROUP = 256;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function groupCommit(db: Db, native: NativeSqlite): Transactor {
  const queue: Job[] = [];
  let running = false;

  /**
   * Runs each unit in the open transaction; `isolated` puts each in its own savepoint. Without,
   * answers undefined as soon as a unit fails after changing rows.
   */
  async function runUnits(group: Job[], trx: Db, isolated: boolean): Promise<Outcome[] | undefined> {
    const outcomes: Outcome[] = [];
    for (const job of group) {
      // Kysely holds the connection for the transaction and units run one at a time, so these
      // statements go straight to the connection.
      if (isolated) native.exec('SAVEPOINT unit');
      const changesBefore = isolated ? 0 : native.totalChanges();
      try {
        const value = await job.work(trx);
        if (isolated) native.exec('RELEASE unit');
        outcomes.push({ ok: true, value });
      } catch (error) {
        if (isolated) {
          native.exec('ROLLBACK TO unit');
          native.exec('RELEASE unit');
        } else if (native.totalChanges() !== changesBefore) {
          return undefined;
        }
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  async function runGroup(group: Job[]): Promise<void> {
    let trx = await db.startTransaction().execute();
    let outcomes: Outcome[] | undefined;
    try {
      outcomes = await runUnits(group, trx, false);
      if (!outcomes) {
        await trx.rollback().execute();
        trx = await db.startTransaction().execute();
        outcomes = await runUnits(group, trx, true);
      }
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      for (const job of group) job.reject(error);
      return;
    }
    group.forEach((job, i) => {
      const outcome = outcomes![i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
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
