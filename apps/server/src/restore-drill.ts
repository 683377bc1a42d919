import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { prepareDatabase } from './startup.ts';
import { verifyAuditChain, type ChainReport } from './db/audit.ts';
import { readHeads } from './db/audit-heads.ts';
import { openDatabase } from './db/database.ts';

const run = promisify(execFile);

/** True when pg_dump and pg_restore are on the PATH. */
export async function pgToolsInstalled(): Promise<boolean> {
  try {
    await Promise.all(['pg_dump', 'pg_restore'].map((tool) => run(tool, ['--version'])));
    return true;
  } catch {
    return false;
  }
}

export interface DrillReport {
  ok: boolean;
  dumpBytes: number;
  dumpMs: number;
  restoreMs: number;
  /** GET /api/health of a server started on the restored database. */
  health: number;
  /** The audit chain walked on the restored database: its MACs checked with the operator's key, compared with the head file. */
  chain: ChainReport;
  /** The restored chain's head is the same row (seq and hash) in the live database. */
  headInSource: boolean;
  tables: { table: string; rows: number }[];
  /** Where the dump was kept, when asked to keep it. */
  dumpFile?: string;
}

/**
 * The restore drill (docs/deploy.md, decision 0047): dumps the database with `pg_dump -Fc` (what the
 * nightly backup does), restores the dump into a new scratch database beside it with `pg_restore`,
 * starts the server on the restored copy as main.ts does (migrations, then the app) and asks its health
 * check, walks the audit chain of the copy (every row's MAC checked with the operator's AUDIT_KEY, the
 * chain compared with the heads in AUDIT_HEAD_FILE up to the copy's end; decision 0059) and checks
 * that its head is a row of the live chain, then drops the scratch database. `config` is the one the
 * drill is run with (DATABASE_URL names the live database). Needs pg_dump and pg_restore of the
 * server's major version on the PATH, and a role that may create databases.
 */
export async function restoreDrill(options: { config: Config; keepDump?: string; log?: (line: string) => void }): Promise<DrillReport> {
  const { config } = options;
  if (config.database.kind !== 'postgres') throw new Error('The restore drill is for PostgreSQL.');
  const url = config.database.url;
  const log = options.log ?? (() => undefined);
  const workDir = mkdtempSync(join(tmpdir(), 'pharma-drill-'));
  const dumpFile = options.keepDump ?? join(workDir, 'pharma.dump');
  const source = new URL(url);
  const scratchName = `${source.pathname.slice(1) || 'pharma'}_drill_${randomBytes(4).toString('hex')}`;
  const scratch = new URL(source);
  scratch.pathname = `/${scratchName}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let created = false;
  try {
    let started = Date.now();
    log(`pg_dump -Fc into ${dumpFile}`);
    await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${url}`]);
    const dumpMs = Date.now() - started;

    await admin.query(`CREATE DATABASE "${scratchName}"`);
    created = true;
    started = Date.now();
    log(`pg_restore into ${scratchName}`);
    await run('pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${scratch.toString()}`, dumpFile]);
    const restoreMs = Date.now() - started;

    const report = await startOn(config, scratch.toString(), workDir);
    const restoredHead = report.head;
    const inSource =
      restoredHead.seq === '0' ||
      ((await admin.query('SELECT 1 FROM audit_log WHERE seq = $1 AND hash = $2', [restoredHead.seq, restoredHead.hash])).rowCount ?? 0) >
        0;
    return {
      ok: report.health === 200 && report.chain.ok && inSource,
      dumpBytes: statSync(dumpFile).size,
      dumpMs,
      restoreMs,
      health: report.health,
      chain: report.chain,
      headInSource: inSource,
      tables: report.tables,
      dumpFile: options.keepDump,
    };
  } finally {
    if (created) await admin.query(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Starts the server on the restored database as main.ts does, with the operator's settings (its audit
 * key among them) but its own data folder and head file, no demo seed and no first admin; asks its
 * health, walks its chain and counts its rows.
 */
async function startOn(live: Config, url: string, dataDir: string) {
  const config: Config = {
    ...live,
    dataDir,
    database: { kind: 'postgres', url },
    logLevel: 'silent',
    seedDemo: false,
    firstAdmin: undefined,
    audit: { key: live.audit.key, headFile: join(dataDir, 'audit-heads.log') },
  };
  const database = openDatabase(config.database, config.audit.key);
  await prepareDatabase(config, database);
  const app = await buildApp({ config, database });
  try {
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const head = (await client.query<{ seq: string; hash: string }>('SELECT seq::text AS seq, hash FROM audit_chain_head WHERE id = 1'))
        .rows[0]!;
      // The live chain has gone on since the dump: only the heads written up to the copy's end are its.
      const written = readHeads(live.audit.headFile)?.heads.filter((h) => h.seq <= Number(head.seq));
      const chain = await verifyAuditChain(database.db, { heads: written });
      const names = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
      );
      const tables: { table: string; rows: number }[] = [];
      for (const { name } of names.rows) {
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
        tables.push({ table: name, rows: Number(rows[0]!.n) });
      }
      return { health, chain, head, tables };
    } finally {
      await client.end();
    }
  } finally {
    await app.close();
  }
}
