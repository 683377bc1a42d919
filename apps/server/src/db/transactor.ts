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
 * On PostgreSQL the next group begins once a group has sent its COMMIT, not once it is answered (`COMMITS_IN_FLIGHT`).
 * docs/decisions/0008-group-commit.md, 0014-scan-path-cost.md, 0033-postgres-scan-path.md and 0091 have the reasoning.
 */
export type Transactor = <T>(work: (trx: Db) => Promise<T>, options?: UnitOptions) => Promise<T>;

export interface UnitOptions {
  /**
   * The unit shares the group's memo (`groupMemo`) and may leave writes to its end (`atGroupEnd`).
   * Before any other unit runs, the pending writes are made and the memo is emptied.
   */
  shared?: boolean;
  /** What the unit will read, for the group's units sharing the memo to read it together (`groupHints`). */
  hint?: unknown;
}

export function createTransactor(handle: DatabaseHandle): Transactor {
  return handle.kind === 'sqlite'
    ? groupCommit(handle.db, sqliteUnit(handle.native), 0)
    : groupCommit(handle.db, postgresUnit(handle.activity), COMMITS_IN_FLIGHT);
}

/**
 * PostgreSQL: groups whose COMMIT has been sent and not yet answered while the next group runs (decision
 * 0091). A group that has sent its COMMIT holds every lock it will take and waits for nothing but the
 * log's flush, so the next group may wait on its locks (a scan of the same document waits on the
 * document's row) but it never waits on the next: no deadlock between them. The next group's BEGIN, its
 * wait for the document and its first reads overlap the commit instead of following it. SQLite has one
 * connection: a group begins once the one before has committed.
 */
const COMMITS_IN_FLIGHT = 2;

interface Memo {
  values: Map<string, unknown>;
  /** The hints of the group's units that share the memo. */
  hints: unknown[];
  /** Writes left to the group's end, by key. */
  pending: Map<string, () => Promise<void>>;
  /** Whether the running unit shares the memo. */
  shared: boolean;
}

const memos = new WeakMap<Db, Memo>();

/**
 * What the units of one group share while the group's transaction runs (for the scans: the
 * documents they locked, and their lines as the group's scans left them). Undefined outside a group,
 * when the group runs again unit by unit, and for a unit not run with `shared`. The memo is emptied
 * around every unit that does not share it, so a unit that knows nothing of it (a reverse, another
 * writer) cannot leave it stale; a unit that shares it must keep it true to what it wrote (or left
 * pending), and must not change it before it can no longer fail.
 */
export function groupMemo(trx: Db): Map<string, unknown> | undefined {
  const memo = memos.get(trx);
  return memo?.shared ? memo.values : undefined;
}

/** The hints of every unit of the group that shares the memo (empty outside a group). */
export function groupHints(trx: Db): readonly unknown[] {
  const memo = memos.get(trx);
  return memo?.shared ? memo.hints : [];
}

/**
 * Leaves a write to the end of the group (once per key; the unit keeps what it writes in the memo):
 * it runs before the group commits and before any unit that does not share the memo. When it fails,
 * the group runs again unit by unit, without a memo. Answers false (write now) when there is no group.
 */
export function atGroupEnd(trx: Db, key: string, write: () => Promise<void>): boolean {
  const memo = memos.get(trx);
  if (!memo?.shared) return false;
  if (!memo.pending.has(key)) memo.pending.set(key, write);
  return true;
}

/** Makes the writes left to the group's end now (before a read that must see them). */
export async function flushGroup(trx: Db): Promise<void> {
  const memo = memos.get(trx);
  if (memo) await flush(memo);
}

async function flush(memo: Memo): Promise<void> {
  while (memo.pending.size > 0) {
    const [key, write] = memo.pending.entries().next().value!;
    memo.pending.delete(key);
    await write();
  }
}

interface Job {
  work: (trx: Db) => Promise<unknown>;
  shared: boolean;
  hint: unknown;
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

function groupCommit(db: Db, runUnit: UnitRunner, commitsInFlight: number): Transactor {
  const queue: Job[] = [];
  let running = false;
  /** Groups whose COMMIT is sent and not answered yet: each settles its units when it is. */
  const committing = new Set<Promise<void>>();

  async function runUnits(group: Job[], trx: ControlledTransaction<Database>, isolated: boolean): Promise<Outcome[] | undefined> {
    const outcomes: Outcome[] = [];
    const memo: Memo | undefined = isolated
      ? undefined
      : {
          values: new Map(),
          hints: group.filter((j) => j.shared && j.hint !== undefined).map((j) => j.hint),
          pending: new Map(),
          shared: false,
        };
    if (memo) memos.set(trx, memo);
    try {
      for (const job of group) {
        if (memo && !job.shared) {
          if (!(await flushed(memo))) return undefined;
          memo.values.clear();
        }
        if (memo) memo.shared = job.shared;
        const outcome = await runUnit(trx, job, isolated);
        if (!outcome) return undefined;
        outcomes.push(outcome);
        if (memo && !job.shared) memo.values.clear();
      }
      if (memo && !(await flushed(memo))) return undefined;
      return outcomes;
    } finally {
      memos.delete(trx);
    }
  }

  /** The pending writes made; false when one failed (the group must run again unit by unit). */
  async function flushed(memo: Memo): Promise<boolean> {
    memo.shared = false;
    try {
      await flush(memo);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Runs the group's units and starts its COMMIT. Answers then, with the commit: it settles every unit of
   * the group once PostgreSQL or SQLite has made it durable (or failed it), never before.
   */
  async function runGroup(group: Job[]): Promise<{ committed: Promise<void> }> {
    let trx = await db.startTransaction().execute();
    let outcomes: Outcome[] | undefined;
    const fail = (error: unknown) => {
      for (const job of group) job.reject(error);
    };
    try {
      outcomes = await runUnits(group, trx, false);
      if (!outcomes) {
        await trx.rollback().execute();
        trx = await db.startTransaction().execute();
        outcomes = await runUnits(group, trx, true);
      }
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      fail(error);
      return { committed: Promise.resolve() };
    }
    // Run isolated, every unit has its outcome.
    const done = outcomes!;
    const rollBack = (error: unknown) =>
      trx
        .rollback()
        .execute()
        .catch(() => undefined)
        .then(() => fail(error));
    const committed = trx
      .commit()
      .execute()
      .then(() => {
        group.forEach((job, i) => {
          const outcome = done[i]!;
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        });
      }, rollBack);
    return { committed };
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const { committed: commit } = await runGroup(queue.splice(0, MAX_GROUP));
        committing.add(commit);
        void commit.finally(() => committing.delete(commit));
        while (committing.size > commitsInFlight) await Promise.race(committing);
      }
    } finally {
      running = false;
    }
  }

  return <T>(work: (trx: Db) => Promise<T>, options?: UnitOptions) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, shared: options?.shared === true, hint: options?.hint, resolve: resolve as (v: unknown) => void, reject });
      if (!running) {
        // Start on the next turn of the event loop, so every request already read joins this group.
        running = true;
        setImmediate(() => void drain());
      }
    });
}
