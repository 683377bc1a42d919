import { CompiledQuery, ControlledTransaction, sql } from 'kysely';
import { nameStatement, SqliteStatements, type Db } from './database.ts';

type Placeholders = 'positional' | 'numbered';

/** Placeholder style by Kysely instance or transaction: SQLite takes `?`, PostgreSQL `$1`. */
const styles = new WeakMap<Db, Placeholders>();

function placeholdersOf(db: Db): Placeholders {
  let style = styles.get(db);
  if (!style) {
    style = sql`${0}`.compile(db).sql === '?' ? 'positional' : 'numbered';
    styles.set(db, style);
  }
  return style;
}

/** Whether `db` (an instance or a transaction) runs on PostgreSQL: for a repository's dialect-specific statement. */
export function isPostgres(db: Db): boolean {
  return placeholdersOf(db) === 'numbered';
}

/** `?` placeholders outside quoted literals become `$1`, `$2`, … */
function numbered(text: string): string {
  let n = 0;
  let quoted = false;
  let out = '';
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? `$${++n}` : ch;
  }
  return out;
}

/** A trailing row lock: PostgreSQL needs it to serialise scans of one document; SQLite has one writer and no such clause. */
const ROW_LOCK = /\s+FOR (?:UPDATE|NO KEY UPDATE|SHARE|KEY SHARE)(?: OF [\w, ]+)?\s*$/i;

/**
 * SQLite, inside a transaction that holds the connection (the group commit's, and a savepoint of it): the
 * connection's statements, to run a statement at once. Elsewhere (PostgreSQL, or the handle itself, whose
 * statements wait for the connection) undefined: Kysely runs it.
 */
const direct = new WeakMap<Db, SqliteStatements | null>();

function directOf(db: Db): SqliteStatements | undefined {
  const trx: unknown = db;
  if (!(trx instanceof ControlledTransaction) || trx.isCommitted || trx.isRolledBack) return undefined;
  let statements = direct.get(db);
  if (statements === undefined) {
    statements = db.getExecutor().plugins.find((p): p is SqliteStatements => p instanceof SqliteStatements) ?? null;
    direct.set(db, statements);
  }
  return statements ?? undefined;
}

/**
 * A statement of the scan path, written once with `?` placeholders and compiled once for each
 * database: numbered placeholders for PostgreSQL; for SQLite without a trailing row lock. Kysely
 * builds and compiles every query anew, and on SQLite that costs about as much as running a
 * short statement; a scan runs about ten (decision 0014). Kysely executes it, but on SQLite inside a
 * transaction, where it runs on the transaction's connection at once (`SqliteStatements`, decision 0091):
 * connections, transactions and group commits are unchanged. PostgreSQL receives it as a named prepared statement
 * (`nameStatement`), parsed and planned once a connection (decision 0050).
 */
export function prepared<Row, Params extends unknown[] = unknown[]>(text: string): (db: Db, ...params: Params) => Promise<Row[]> {
  const compiled = { positional: text.replace(ROW_LOCK, ''), numbered: numbered(text) };
  nameStatement(compiled.numbered);
  return async (db, ...params) => {
    const statements = directOf(db);
    if (statements) return statements.run<Row>(compiled.positional, params);
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled[placeholdersOf(db)], params))).rows;
  };
}
