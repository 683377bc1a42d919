import type { ControlledTransaction } from 'kysely';
import type { DatabaseHandle, Db, NativeSqlite, PostgresActivity } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Runs a unit of work in a transaction and resolves only once it is durably committed.
 *
 * Every commit waits for an fsync (SQLite synchronous=FULL, PostgreSQL synchronous_commit), and
 * scans of one document take turns anyway (SQLite has one writer; PostgreSQL's row lock is held
 * until the commit's fsync), so units that arrive while a group is being written are grouped into
 * one transaction, and one commit makes the whole group durable before any of them is answered.
 * A failing unit must roll back only its own changes. A unit that fails having changed nothing (a
 * refusal: units check before they write) simply drops out; one that fails after changing rows
 * (SQLite: `total_changes()` moved; PostgreSQL: a statement that may write, or one that failed and
 * so aborted the transaction, went through the driver) makes the group roll back and run again with
 * each unit in its own savepoint. Savepoints for every unit cost about 90 µs a scan on SQLite and
 * two round trips a scan on PostgreSQL.
 * A group also keeps a memo (`groupMemo`) that units may share, cleared after any unit that did not ask for it.
 * docs/decisions/0008-group-commit.md, 0014-scan-path-cost.md and 0033-postgres-scan-path.md have the reasoning.
 */
export type Transactor = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

export function createTransactor(handle: DatabaseHandle): Transactor {
  return groupCommit(handle.db, handle.kind === 'sqlite' ? sqliteUnit(handle.native) : postgresUnit(handle.activity));
}

interface Memo {
  values: Map<string, unknown>;
  /** Whether the running unit asked for the memo. */
  used: boolean;
}

const memos = new WeakMap<Db, Memo>();

/**
 * What the units of one group share while the group's transaction runs (for the scans: the
 * documents they locked, and their lines as the group's scans left them). Undefined outside a group,
 * and when the group runs again unit by unit. The memo is cleared after every unit that did not ask
 * for it, so a unit that knows nothing of it (a reverse, another writer) cannot leave it stale; a
 * unit that asks must keep it true to what it wrote, and must not change it before its writes succeed.
 */
export function groupMemo(trx: Db): Map<string, unknown> | undefined {
  const memo = memos.get(trx);
  if (!memo) return undefined;
  memo.used = true;
  return memo.values;
}

interface Job {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const MAX_GROUP = 256;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Runs one unit inside the group's open transaction, alone in a savepoint when `isolated`.
 * Answers undefined when the group must run again isolated.
 */
type UnitRunner = (trx: ControlledTransaction<Database>, job: Job, isolated: boolean) => Promise<Outcome | undefined>;

function sqliteUnit(native: NativeSqlite): UnitRunner {
  return async (trx, job, isolated) => {
    // Kysely holds the connection for the transaction and units run one at a time, so these
    // statements go straight to the connection.
    if (isolated) native.exec('SAVEPOINT unit');
    const changesBefore = isolated ? 0 : native.totalChanges();
    try {
      const value = await job.work(trx);
      if (isolated) native.exec('RELEASE unit');
      return { ok: true, value };
    } catch (error) {
      if (isolated) {
        native.exec('ROLLBACK TO unit');
        native.exec('RELEASE unit');
      } else if (native.totalChanges() !== changesBefore) {
        return undefined;
      }
      return { ok: false, error };
    }
  };
}

function postgresUnit(activity: PostgresActivity): UnitRunner {
  return async (trx, job, isolated) => {
    if (!isolated) {
      const changesBefore = activity.changes;
      try {
        return { ok: true, value: await job.work(trx) };
      } catch (error) {
        // Wrote something, or a statement failed (the transaction now refuses everything): run again isolated.
        return activity.changes === changesBefore ? { ok: false, error } : undefined;
      }
    }
    const unit = await trx.savepoint('unit').execute();
    try {
      const value = await job.work(unit);
      await unit.releaseSavepoint('unit').execute();
      return { ok: true, value };
    } catch (error) {
      await unit.rollbackToSavepoint('unit').execute();
      await unit.releaseSavepoint('unit').execute();
      return { ok: false, error };
    }
  };
}

function groupCommit(db: Db, runUnit: UnitRunner): Transactor {
  const queue: Job[] = [];
  let running = false;

  async function runUnits(group: Job[], trx: ControlledTransaction<Database>, isolated: boolean): Promise<Outcome[] | undefined> {
    const outcomes: Outcome[] = [];
    const memo: Memo | undefined = isolated ? undefined : { values: new Map(), used: false };
    if (memo) memos.set(trx, memo);
    try {
      for (const job of group) {
        const outcome = await runUnit(trx, job, isolated);
        if (!outcome) return undefined;
        outcomes.push(outcome);
        if (memo && !memo.used) memo.values.clear();
        if (memo) memo.used = false;
      }
      return outcomes;
    } finally {
      memos.delete(trx);
    }
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
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
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
