import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { verifyAuditChain, type ChainReport } from './audit.ts';
import { openDatabase, underStartupLock } from './database.ts';
import { migrateToLatest, migrationNames } from './migrate.ts';

/**
 * `npm run db:copy`: a site's SQLite database copied into an empty PostgreSQL database, every table
 * including the audit trail with its chain (seq, hash, mac and the chain head as they are), then checked
 * table by table: row counts and an order-independent checksum of every row on both sides, and the
 * audit chain walked again on the copy (decision 0046).
 */

/** The copy did not start: the source or the target is not what it must be. Nothing was written. */
export class CopyRefused extends Error {}

export interface TableCheck {
  table: string;
  rows: number;
  copiedRows: number;
  checksum: string;
  copiedChecksum: string;
  ok: boolean;
}

export interface CopyReport {
  ok: boolean;
  tables: TableCheck[];
  /** The audit chain walked on the copy. */
  chain: ChainReport;
  /** Audit rows chained in the source, for comparison with `chain.sealed`. */
  sourceSealed: number;
  copyMs: number;
  checkMs: number;
}

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Tables PostgreSQL alone has, kept by its triggers from the copied rows (stock_packs: migration 0019). */
const POSTGRES_ONLY_TABLES = ['stock_packs'];
/** Rows per INSERT: one JSON parameter each, so no limit on bound parameters applies. */
const BATCH_ROWS = 5_000;

type Value = string | number | bigint | Buffer | null;
type Row = Record<string, Value>;

interface SourceTable {
  name: string;
  columns: string[];
  /** The single self-reference (child column, parent key column), whose rows go parent first. */
  selfReference?: { column: string; key: string };
  /** Tables this one references, which are copied before it. */
  references: string[];
}

/**
 * `auditKey` is the site's (AUDIT_KEY): the copied rows keep their MACs, and the chain walked on the
 * copy checks them with it (decision 0059).
 */
export async function copySqliteToPostgres(options: {
  from: string;
  to: string;
  auditKey: Uint8Array;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const log = options.log ?? (() => undefined);
  let source: SQLite.Database;
  try {
    source = new SQLite(options.from, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyRefused(`cannot open the SQLite database ${options.from}: ${(error as Error).message}`);
  }
  const target = new pg.Client({ connectionString: options.to });
  try {
    // One read transaction: the copy and the check see the same snapshot, even if the site still runs.
    source.exec('BEGIN');
    const tables = readSource(source);
    await target.connect();
    await refuseUnlessEmpty(target, new Set([...tables.map((t) => t.name), ...POSTGRES_ONLY_TABLES]));

    log('migrating the target');
    const handle = openDatabase({ kind: 'postgres', url: options.to }, options.auditKey);
    try {
      await underStartupLock({ kind: 'postgres', url: options.to }, () => migrateToLatest(handle.db));
    } finally {
      await handle.close();
    }
    const targetColumns = await columnsOf(target);
    for (const table of tables) {
      const columns = targetColumns.get(table.name)?.sort().join(', ');
      if (columns !== [...table.columns].sort().join(', '))
        throw new CopyRefused(
          `table ${table.name} has columns (${columns ?? 'none'}) in PostgreSQL but (${table.columns.join(', ')}) in SQLite`,
        );
    }

    const copyStarted = Date.now();
    await target.query('BEGIN');
    try {
      for (const table of inReferenceOrder(tables)) {
        // Rows a migration put there (the audit chain's genesis head) make way for the site's own.
        await target.query(`DELETE FROM ${quote(table.name)}`);
        const started = Date.now();
        let copied = 0;
        for (const batch of batches(sourceRows(source, table))) {
          await target.query(
            `INSERT INTO ${quote(table.name)} SELECT * FROM json_populate_recordset(NULL::${quote(table.name)}, $1::json)`,
            [JSON.stringify(batch, asJson)],
          );
          copied += batch.length;
        }
        log(`copied ${table.name}: ${copied} rows in ${Date.now() - started} ms`);
      }
      await resetSequences(target);
      await target.query('COMMIT');
    } catch (error) {
      await target.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    const copyMs = Date.now() - copyStarted;
    await target.query('ANALYZE');

    const checkStarted = Date.now();
    const checks: TableCheck[] = [];
    for (const table of tables) {
      const started = Date.now();
      const [mine, theirs] = [
        digest(
          source
            .prepare(`SELECT * FROM ${quote(table.name)}`)
            .safeIntegers(true)
            .iterate() as Iterable<Row>,
        ),
        await digestTarget(target, table.name),
      ];
      checks.push({
        table: table.name,
        rows: mine.rows,
        copiedRows: theirs.rows,
        checksum: mine.checksum,
        copiedChecksum: theirs.checksum,
        ok: mine.rows === theirs.rows && mine.checksum === theirs.checksum,
      });
      log(`checked ${table.name} in ${Date.now() - started} ms`);
    }
    const copied = openDatabase({ kind: 'postgres', url: options.to }, options.auditKey);
    let chain: ChainReport;
    try {
      chain = await verifyAuditChain(copied.db);
    } finally {
      await copied.close();
    }
    const sourceSealed = Number((source.prepare('SELECT count(*) AS n FROM audit_log WHERE seq IS NOT NULL').get() as { n: number }).n);
    return {
      ok: checks.every((c) => c.ok) && chain.ok && chain.sealed === sourceSealed,
      tables: checks,
      chain,
      sourceSealed,
      copyMs,
      checkMs: Date.now() - checkStarted,
    };
  } finally {
    if (source.inTransaction) source.exec('COMMIT');
    source.close();
    await target.end().catch(() => undefined);
  }
}

/** The source's tables, columns and references; refused unless its migrations are exactly this version's. */
function readSource(source: SQLite.Database): SourceTable[] {
  const hasMigrations = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  if (!hasMigrations) throw new CopyRefused('the SQLite file is not a database of this app (it has no kysely_migration table)');
  const applied = (source.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name);
  const expected = migrationNames();
  if (applied.join() !== expected.join()) {
    const missing = expected.filter((m) => !applied.includes(m));
    const unknown = applied.filter((m) => !expected.includes(m));
    throw new CopyRefused(
      missing.length > 0
        ? `the SQLite database lacks migrations ${missing.join(', ')}: start the site once with this version (it migrates), stop it, then copy`
        : `the SQLite database has migrations this version does not know (${unknown.join(', ')}): copy with the version the site runs`,
    );
  }
  const names = (
    source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .filter((n) => !MIGRATION_TABLES.has(n));
  return names.map((name) => {
    const columns = (source.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string }[]).map((c) => c.name);
    const keys = source.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all() as { table: string; from: string; to: string }[];
    const self = keys.filter((k) => k.table === name);
    if (self.length > 1) throw new CopyRefused(`table ${name} references itself through more than one column`);
    return {
      name,
      columns,
      selfReference: self[0] && { column: self[0].from, key: self[0].to },
      references: [...new Set(keys.filter((k) => k.table !== name).map((k) => k.table))],
    };
  });
}

/**
 * Refuses a target that holds anything: a table that is not this app's, or any row (a database this
 * app migrated but never used is empty: only its migration bookkeeping and the chain's genesis head).
 */
async function refuseUnlessEmpty(target: pg.Client, ours: Set<string>): Promise<void> {
  const { rows } = await target.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const foreign = rows.map((r) => r.name).filter((n) => !ours.has(n) && !MIGRATION_TABLES.has(n));
  if (foreign.length > 0) throw new CopyRefused(`the target is not empty: it holds tables this app does not have (${foreign.join(', ')})`);
  const filled: string[] = [];
  for (const { name } of rows) {
    if (MIGRATION_TABLES.has(name)) continue;
    const condition = name === 'audit_chain_head' ? ' WHERE seq <> 0' : '';
    const found = await target.query(`SELECT 1 FROM ${quote(name)}${condition} LIMIT 1`);
    if (found.rowCount) filled.push(name);
  }
  if (filled.length > 0) throw new CopyRefused(`the target is not empty: ${filled.join(', ')} already hold rows`);
}

async function columnsOf(target: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await target.query<{ table_name: string; column_name: string }>(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const columns = new Map<string, string[]>();
  for (const r of rows) columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
  return columns;
}

/** Referenced tables before the tables that reference them. */
function inReferenceOrder(tables: SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: SourceTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: SourceTable) => {
    if (state.get(t.name) === 'done') return;
    if (state.get(t.name) === 'visiting') throw new CopyRefused(`tables reference each other in a circle through ${t.name}`);
    state.set(t.name, 'visiting');
    for (const r of t.references) {
      const referenced = byName.get(r);
      if (referenced) visit(referenced);
    }
    state.set(t.name, 'done');
    ordered.push(t);
  };
  for (const t of tables) visit(t);
  return ordered;
}

/** A table's rows; for a table that references itself, each parent before its children (depth order). */
function sourceRows(source: SQLite.Database, table: SourceTable): Iterable<Row> {
  const name = quote(table.name);
  if (!table.selfReference) return source.prepare(`SELECT * FROM ${name}`).safeIntegers(true).iterate() as Iterable<Row>;
  const { column, key } = table.selfReference;
  const [c, k] = [quote(column), quote(key)];
  return source
    .prepare(
      `WITH RECURSIVE depth(k, d) AS (
         SELECT ${k}, 0 FROM ${name} WHERE ${c} IS NULL
         UNION ALL SELECT t.${k}, depth.d + 1 FROM ${name} t JOIN depth ON t.${c} = depth.k)
       SELECT t.* FROM ${name} t JOIN depth ON t.${k} = depth.k ORDER BY depth.d`,
    )
    .safeIntegers(true)
    .iterate() as Iterable<Row>;
}

function* batches(rows: Iterable<Row>): Generator<Row[]> {
  let batch: Row[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Identity and serial columns continue after the copied rows. */
async function resetSequences(target: pg.Client): Promise<void> {
  const { rows } = await target.query<{ sequence: string; table: string; column: string }>(`
    SELECT s.oid::regclass::text AS sequence, t.relname AS table, a.attname AS column
    FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND t.relnamespace = current_schema()::regnamespace`);
  for (const r of rows) {
    await target.query(`SELECT setval($1, COALESCE((SELECT max(${quote(r.column)}) FROM ${quote(r.table)}), 0) + 1, false)`, [r.sequence]);
  }
}

/**
 * Rows and a checksum of a table's rows that does not depend on their order: the sum, modulo 2^128,
 * of sha256 over each row's values in column-name order, each as text (numbers of either database
 * as their decimal digits) or null.
 */
function digest(rows: Iterable<Row>): { rows: number; checksum: string } {
  let count = 0;
  let sum = 0n;
  let columns: string[] | undefined;
  for (const row of rows) {
    count += 1;
    columns ??= Object.keys(row).sort();
    const values = columns.map((c) => canonical(row[c]!));
    sum += BigInt(`0x${createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 32)}`);
  }
  return { rows: count, checksum: (sum % MODULUS).toString(16).padStart(32, '0') };
}

const MODULUS = 2n ** 128n;

/**
 * A row's value as JSON for json_populate_recordset: a bigint as its digits, a blob (a Buffer, which
 * JSON.stringify has already turned into `{type, data}`: its original is read from the holder) in
 * bytea's hex input format.
 */
function asJson(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  if (Buffer.isBuffer(original)) return `\\x${original.toString('hex')}`;
  return typeof value === 'bigint' ? value.toString() : value;
}

function canonical(value: Value): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return String(value);
}

/** The copy's side of the check, read through a cursor (a table of a million rows is not held in memory). */
async function digestTarget(target: pg.Client, table: string): Promise<{ rows: number; checksum: string }> {
  await target.query('BEGIN READ ONLY');
  try {
    await target.query(`DECLARE copy_check NO SCROLL CURSOR FOR SELECT * FROM ${quote(table)}`);
    const pages = async function* () {
      for (;;) {
        const page = await target.query<Row>(`FETCH ${BATCH_ROWS} FROM copy_check`);
        if (page.rows.length === 0) return;
        yield page.rows;
      }
    };
    let rows = 0;
    let sum = 0n;
    for await (const page of pages()) {
      const part = digest(page);
      rows += part.rows;
      sum += BigInt(`0x${part.checksum}`);
    }
    return { rows, checksum: (sum % MODULUS).toString(16).padStart(32, '0') };
  } finally {
    await target.query('COMMIT');
  }
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
