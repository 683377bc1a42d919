import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type ControlledTransaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { atGroupEnd, createTransactor, groupMemo, type Transactor } from '../src/db/transactor.ts';
import { createPostgresDatabase, DATABASES } from './harness.ts';

/** The group commit: units that arrive together share one transaction and one commit. */
describe.each(DATABASES)('group commit on %s', (kind) => {
  let dir: string;
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let handle: DatabaseHandle;
  let transact: Transactor;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pharma-transactor-'));
    pgDb = kind === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_transactor') : undefined;
    handle = openDatabase(pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: join(dir, 'test.sqlite') }, randomBytes(32));
    await sql`CREATE TABLE items (id text PRIMARY KEY, n integer NOT NULL)`.execute(handle.db);
    transact = createTransactor(handle);
  });
  afterEach(async () => {
    await handle.close();
    await pgDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (db: Db, id: string) => sql`INSERT INTO items (id, n) VALUES (${id}, 1)`.execute(db);
  const ids = async () => (await sql<{ id: string }>`SELECT id FROM items ORDER BY id`.execute(handle.db)).rows.map((r) => r.id);

  it('a unit refused before writing drops out; the others commit together', async () => {
    const results = await Promise.allSettled([
      transact((db) => insert(db, 'a')),
      transact(async () => {
        throw new Error('refused');
      }),
      transact((db) => insert(db, 'b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('a unit failing after it wrote loses only its own rows (the group runs again, each unit in a savepoint)', async () => {
    const runs = { a: 0, bad: 0, c: 0 };
    const results = await Promise.allSettled([
      transact(async (db) => {
        runs.a += 1;
        await insert(db, 'a');
      }),
      transact(async (db) => {
        runs.bad += 1;
        await insert(db, 'half-done');
        throw new Error('failed after writing');
      }),
      transact(async (db) => {
        runs.c += 1;
        await insert(db, 'c');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('failed after writing');
    expect(await ids()).toEqual(['a', 'c']);
    expect(runs).toEqual({ a: 2, bad: 2, c: 1 });
  });

  it('a statement that fails on a constraint loses only its unit (SQLite: it changed nothing, so no second run; PostgreSQL: the failure aborted the transaction, so the group runs again)', async () => {
    await transact((db) => insert(db, 'taken'));
    let runs = 0;
    const results = await Promise.allSettled([
      transact(async (db) => {
        runs += 1;
        await insert(db, 'first');
      }),
      transact((db) => insert(db, 'taken')),
      transact((db) => insert(db, 'last')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ids()).toEqual(['first', 'last', 'taken']);
    expect(runs).toBe(kind === 'sqlite' ? 1 : 2);
  });

  it('units run with shared share the group memo; a unit that does not share it empties it; a unit run again alone has none', async () => {
    const seen: (string | undefined)[] = [];
    const remember = (value: string) => (db: Db) => {
      const memo = groupMemo(db);
      seen.push(memo?.get('k') as string | undefined);
      memo?.set('k', value);
      return insert(db, value);
    };
    await Promise.all([
      transact(remember('one'), { shared: true }),
      transact(remember('two'), { shared: true }),
      transact((db) => insert(db, 'other')),
      transact(remember('three'), { shared: true }),
    ]);
    expect(seen).toEqual([undefined, 'one', undefined]);
    expect(await ids()).toEqual(['one', 'other', 'three', 'two']);

    seen.length = 0;
    const results = await Promise.allSettled([
      transact(remember('four'), { shared: true }),
      transact(async (db) => {
        await insert(db, 'half-done');
        throw new Error('failed after writing');
      }),
      transact(remember('five'), { shared: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // First run: 'four' sees nothing, then the failure sends the group round again without a memo.
    expect(seen).toEqual([undefined, undefined, undefined]);
  });

  it('writes left to the group end are made before a unit that does not share the memo, and at the end', async () => {
    const later = (id: string) => async (db: Db) => {
      if (!atGroupEnd(db, id, async () => void (await insert(db, id)))) await insert(db, id);
    };
    const seenByOther: string[][] = [];
    await Promise.all([
      transact(later('p1'), { shared: true }),
      transact(async (db) => {
        seenByOther.push((await sql<{ id: string }>`SELECT id FROM items ORDER BY id`.execute(db)).rows.map((r) => r.id));
        await insert(db, 'other');
      }),
      transact(later('p2'), { shared: true }),
    ]);
    expect(seenByOther).toEqual([['p1']]);
    expect(await ids()).toEqual(['other', 'p1', 'p2']);
  });

  it('a write left to the group end that fails sends the group round again, each unit writing at once', async () => {
    await transact((db) => insert(db, 'taken'));
    const runs = { a: 0, b: 0 };
    const results = await Promise.allSettled([
      transact(
        async (db) => {
          runs.a += 1;
          if (!atGroupEnd(db, 'a', async () => void (await insert(db, 'a')))) await insert(db, 'a');
        },
        { shared: true },
      ),
      transact(
        async (db) => {
          runs.b += 1;
          if (!atGroupEnd(db, 'b', async () => void (await insert(db, 'taken')))) await insert(db, 'taken');
        },
        { shared: true },
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(runs).toEqual({ a: 2, b: 2 });
    expect(await ids()).toEqual(['a', 'taken']);
  });

  it('groups that follow one another on one row lose no change, and each unit is answered once its group has committed', async () => {
    // Each unit locks the row and counts on it, as scans of one document do. On PostgreSQL the next group
    // begins while the group before it commits (decision 0091): it waits on the row until that commit ends.
    await sql`INSERT INTO items (id, n) VALUES ('count', 0)`.execute(handle.db);
    // SQLite has one writer: no row lock to take.
    const lock = kind === 'postgres' ? sql`FOR UPDATE` : sql``;
    const bump = (i: number, ran: Db[]) => async (db: Db) => {
      ran.push(db);
      const [row] = (await sql<{ n: number }>`SELECT n FROM items WHERE id = 'count' ${lock}`.execute(db)).rows;
      await sql`UPDATE items SET n = ${row!.n + 1} WHERE id = 'count'`.execute(db);
      await insert(db, `u${i}`);
    };
    // The transaction a unit ran in, as its answer arrives: committed, never still committing.
    const answers: Promise<boolean>[] = [];
    for (let burst = 0; burst < 8; burst++) {
      for (let i = burst * 25; i < (burst + 1) * 25; i++) {
        const ran: Db[] = [];
        answers.push(transact(bump(i, ran)).then(() => ran.every((trx) => (trx as ControlledTransaction<Database>).isCommitted)));
      }
      // The next burst arrives while this one is being written: a group of its own.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(answers)).toEqual(answers.map(() => true));
    const [count] = (await sql<{ n: number }>`SELECT n FROM items WHERE id = 'count'`.execute(handle.db)).rows;
    expect(Number(count!.n)).toBe(200);
    expect(await ids()).toHaveLength(201);
  });
});
