import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { AuditKey } from './audit-key.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DatabaseKind = Config['database']['kind'];

export type DatabaseHandle =
  | (HandleBase & {
      kind: 'sqlite';
      /** The connection under Kysely, for the group commit (db/transactor.ts). */
      native: NativeSqlite;
    })
  | (HandleBase & {
      kind: 'postgres';
      /** What every pooled connection sent, for the group commit (db/transactor.ts) and the statement-count test. */
      activity: PostgresActivity;
    });

interface HandleBase {
  db: Db;
  close(): Promise<void>;
}

export interface NativeSqlite {
  /** Runs a statement without results on the connection Kysely uses, bypassing Kysely. */
  exec(text: string): void;
  /** Rows changed by completed statements since the connection opened (a failed statement counts none). */
  totalChanges(): number;
}

/**
 * Counters over every statement the pool's connections send (the driver's `query` is wrapped when a
 * connection opens). `changes` counts statements that may have written (INSERT, UPDATE, DELETE, DDL)
 * and statements that failed: the group commit drops a refused scan without a savepoint only when
 * neither moved while it ran (decision 0033). Process-wide, so other connections' work makes it
 * err on the safe side (the group runs again, each unit in a savepoint).
 */
export interface PostgresActivity {
  statements: number;
  changes: number;
}

/** A statement that may change something; a row lock (`FOR UPDATE`) is a read's. */
const WRITES = /\b(?:INSERT|UPDATE|DELETE|MERGE|TRUNCATE|CREATE|ALTER|DROP|CALL|DO)\b/i;
const ROW_LOCKS = /\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b/gi;

export function mayWrite(text: string): boolean {
  return WRITES.test(text.replace(ROW_LOCKS, ''));
}

/** The scan path's statements (db/prepared.ts) by their PostgreSQL text, each with its statement name. */
const named = new Map<string, string>();

/**
 * Sends `text` (numbered placeholders) as a named prepared statement on every pooled connection:
 * PostgreSQL parses and plans it once a connection instead of at every call (decision 0050).
 */
export function nameStatement(text: string): void {
  if (!named.has(text)) named.set(text, `app_${named.size + 1}`);
}

function counted(client: pg.PoolClient, activity: PostgresActivity): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    activity.statements += 1;
    if (mayWrite(text)) activity.changes += 1;
    const name = typeof first === 'string' ? named.get(first) : undefined;
    const result = name && args.length === 2 ? query({ name, text, values: args[1] }) : query(...args);
    if (result instanceof Promise) {
      result.catch(() => {
        activity.changes += 1;
      });
    }
    return result;
  };
}

/**
 * Opens the database. SQLite: WAL with synchronous=FULL so an acknowledged write survives a
 * power cut, foreign keys on. PostgreSQL: synchronous commit (its default, pinned here).
 * `auditKey` (config.audit.key) signs every audit row written through the handle and checks them
 * (db/audit-key.ts, decision 0059); it is never written to the database. A second handle on the same
 * database (a worker thread's, decision 0076) leaves checkpoints to the first (`checkpointer: false`) and
 * may keep fewer PostgreSQL connections (`connections`, 10 by default).
 */
export function openDatabase(
  database: Config['database'],
  auditKey: Uint8Array,
  options: { checkpointer?: boolean; connections?: number } = {},
): DatabaseHandle {
  const plugins = [new AuditKey(auditKey)];
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Savepoint journals (one per scan in a group commit) stay in memory instead of temp files.
    sqlite.pragma('temp_store = MEMORY');
    // A 64 MiB page cache and memory-mapped reads keep the indexes of a large warehouse in memory.
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('mmap_size = 268435456');
    // Checkpoints run in a worker thread (checkpointer.mjs); this limit is only the safety net.
    sqlite.pragma('wal_autocheckpoint = 25000');
    const statements = withStatementCache(sqlite);
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: statements }),
      plugins: [...plugins, new SqliteStatements((text) => statements.prepare(text) as unknown as SQLite.Statement)],
    });
    const changes = sqlite.prepare('SELECT total_changes()').pluck();
    const checkpointer =
      database.file === ':memory:' || options.checkpointer === false
        ? undefined
        : new Worker(new URL('./checkpointer.mjs', import.meta.url), { workerData: { file: database.file } });
    checkpointer?.unref();
    // A checkpointer that fails only leaves checkpoints to the safety net above; it never stops the server.
    checkpointer?.on('error', () => undefined);
    // Not events.once: it would reject on the worker's 'error', before anyone awaits it.
    const checkpointerExited = checkpointer && new Promise<void>((resolve) => checkpointer.once('exit', () => resolve()));
    return {
      db,
      kind: 'sqlite',
      native: { exec: (text) => void statements.prepare(text).run([]), totalChanges: () => changes.get() as number },
      close: async () => {
        // Wait for the worker to let go of the file: one still starting would open it after we return.
        // Referenced again so the process lives until it has: an unreferenced worker's exit never arrives
        // when nothing else keeps the event loop alive (a script's last `await`).
        checkpointer?.ref();
        checkpointer?.postMessage('stop');
        await checkpointerExited;
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: options.connections ?? 10 });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', () => undefined);
  const activity: PostgresActivity = { statements: 0, changes: 0 };
  pool.on('connect', (client) => {
    // No JIT: the scan path's statements are far below its threshold, and a report's aggregate over a
    // million units spent 70 ms of each call compiling code it then ran once (decision 0077). One query:
    // the driver queues a second one sent before the first has answered, and warns that it will not.
    // A connection dropped meanwhile (a restart, a database dropped) fails its next query too; this one's
    // failure must not be an unhandled rejection, which ends the process.
    client.query('SET synchronous_commit = on; SET jit = off').catch(() => undefined);
    counted(client, activity);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { db, kind: 'postgres', activity, close: () => db.destroy() };
}

/**
 * SQLite: the connection's statements, carried into every transaction of the handle as a plugin that
 * changes no query (as the audit key is, audit-key.ts). `prepared` (db/prepared.ts) runs its statements
 * through it inside a transaction, which holds the one connection: Kysely's way to the same call took
 * about 8% of a single-pack scan's main thread (decision 0091).
 */
export class SqliteStatements implements KyselyPlugin {
  constructor(private readonly prepare: (text: string) => SQLite.Statement) {}

  /** Runs `text` now on the connection: its rows, or none for a statement that returns none. */
  run<Row>(text: string, params: readonly unknown[]): Row[] {
    const statement = this.prepare(text);
    if (statement.reader) return statement.all(params) as Row[];
    statement.run(params);
    return [];
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Kysely prepares every query anew; on SQLite preparing costs as much as running. Statements are
 * kept by their SQL text (the app's queries are a small fixed set, so the cache stays small).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= 2000) cache.clear();
        cache.set(text, statement);
      }
      return statement;
    },
  } as SqliteDatabase;
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL: the name of the role the handle connects as when it is a superuser (which can drop the
 * audit trail's triggers and rewrite it), else undefined. SQLite has no roles.
 */
export async function superuserRole(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.kind !== 'postgres') return undefined;
  const { rows } = await sql<{ name: string; rolsuper: boolean }>`
    SELECT rolname AS name, rolsuper FROM pg_roles WHERE rolname = current_user`.execute(handle.db);
  return rows[0]?.rolsuper ? rows[0].name : undefined;
}

/** The advisory lock key app instances take around their start's database work ('phar'). */
const STARTUP_LOCK = 0x70686172;

/**
 * Runs `work` while holding PostgreSQL's session advisory lock for starting, on a connection of its own:
 * instances started together migrate, seed and create the first admin one after another, so each step
 * happens once (decision 0045). The lock ends with its session, so a start that dies releases it.
 * SQLite serves one process (decision 0001): the work simply runs.
 */
export async function underStartupLock<T>(database: Config['database'], work: () => Promise<T>): Promise<T> {
  if (database.kind === 'sqlite') return work();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}
