/**
 * Receiving throughput on SQLite (and PostgreSQL when TEST_DATABASE_URL or BENCH_DATABASE_URL is
 * set), over real HTTP with a load generator in its own thread:
 * - single-pack scans per second and p99 latency with 50 concurrent clients, beside the raw
 *   database's own single-row insert rate in one transaction (the ceiling);
 * - the time to receive a pallet of 48 cartons x 100 packs, beside the raw time to insert 4,800 rows;
 * - serial search p99 in a warehouse of 1,000,000 units, beside the raw indexed lookup p99.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import pg from 'pg';
import { createPostgresDatabase } from '../../apps/server/test/harness.ts';
import type { BenchRow } from './bench-row.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from '../../apps/server/src/seed/demo.ts';
import { CodeMaker, epcisDocument, packScan, ssccScan } from '../../apps/server/src/seed/epcis-builder.ts';

const SCANS = Number(process.env.BENCH_SCANS ?? 10_000);
const CLIENTS = 50;
/** Not measured: V8 keeps optimising the request path over the first second or two of load. */
const WARM_UP = 2000;
const WAREHOUSE_UNITS = 1_000_000;
const SEARCHES = 2000;

export async function run(): Promise<BenchRow[]> {
  const rows = await benchOn('sqlite');
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) rows.push(...(await benchOn('postgres', pgUrl)));
  return rows;
}

async function benchOn(kind: 'sqlite' | 'postgres', pgUrl?: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharma-bench-'));
  const pgDb = pgUrl ? await createPostgresDatabase(pgUrl, 'pharma_bench') : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const rows: BenchRow[] = [];
  const raw = await openRaw(config);
  try {
    const admin = await login(address, DEMO_USERS.admin);
    const rdc = await login(address, DEMO_USERS.rdc);
    const materials = await database.db.selectFrom('materials').selectAll().orderBy('material_no').execute();
    const product = { gtin: materials[0]!.gtin!, batch: 'BENCH01', expiry: '2028-12-31' };
    const codes = new CodeMaker(99, '2');

    // 1. Single-pack scans with 50 concurrent clients.
    const all = codes.packs(WARM_UP + SCANS, product);
    await stage(
      address,
      admin,
      '1990000001',
      materials[0]!.material_no,
      'BENCH01',
      all.length,
      epcisDocument({ ibdNo: '1990000001', packs: all }),
    );
    const scanRequests = (packs: typeof all) =>
      packs.map((p) => ({
        path: '/api/scanForOperation',
        body: { docType: 'IBD', docNo: '1990000001', code: packScan(p), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      }));
    // Warm-up (not measured): compiled code paths, prepared statements, connections.
    await loadTest(address, rdc, CLIENTS, scanRequests(all.slice(0, WARM_UP)));
    const load = await loadTest(address, rdc, CLIENTS, scanRequests(all.slice(WARM_UP)));
    if ((load.statuses['200'] ?? 0) !== SCANS) throw new Error(`scan statuses ${JSON.stringify(load.statuses)}`);
    const scansPerSecond = SCANS / (load.elapsedMs / 1000);
    const insertRate = await rawInsertRate(raw);
    rows.push({
      name: `${kind}: single-pack scans/s, ${CLIENTS} clients over HTTP`,
      value: Math.round(scansPerSecond),
      unit: 'scans/s',
      baseline: { name: 'raw driver single-row inserts/s', value: Math.round(insertRate) },
      ratio: scansPerSecond / insertRate,
      target: kind === 'sqlite' ? '>= 2,000' : 'for information',
      pass: kind === 'sqlite' ? scansPerSecond >= 2000 : undefined,
    });
    const p99 = percentile(load.latencies, 0.99);
    const rawCommit = await rawCommitP99(raw);
    rows.push({
      name: `${kind}: scan latency p99, ${CLIENTS} clients (p50 ${round(percentile(load.latencies, 0.5))} ms)`,
      value: round(p99),
      unit: 'ms',
      baseline: { name: 'raw one-row durable commit p99 ms', value: round(rawCommit) },
      ratio: p99 / rawCommit,
      target: kind === 'sqlite' ? '< 50 ms' : 'for information',
      pass: kind === 'sqlite' ? p99 < 50 : undefined,
    });

    // 2. One pallet of 48 cartons x 100 packs.
    const pallet = codes.pallet(48, 100, product);
    await stage(
      address,
      admin,
      '1990000002',
      materials[0]!.material_no,
      'BENCH01',
      4800,
      epcisDocument({ ibdNo: '1990000002', pallets: [pallet] }),
    );
    const started = performance.now();
    const res = await fetch(`${address}/api/scanForOperation`, {
      method: 'POST',
      headers: json(rdc),
      body: JSON.stringify({
        docType: 'IBD',
        docNo: '1990000002',
        code: ssccScan(pallet.sscc),
        unit: 'PLT',
        idType: 'GS1',
        scanId: randomUUID(),
      }),
    });
    const palletMs = performance.now() - started;
    const body = await res.json();
    if (res.status !== 200 || body.packs !== 4800) throw new Error(`pallet scan ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    const raw4800 = (4800 / insertRate) * 1000;
    rows.push({
      name: `${kind}: receive a pallet of 4,800 packs (one scan)`,
      value: round(palletMs),
      unit: 'ms',
      baseline: { name: 'raw insert of 4,800 rows ms', value: round(raw4800) },
      ratio: palletMs / raw4800,
      target: kind === 'sqlite' ? '< 1,000 ms' : 'for information',
      pass: kind === 'sqlite' ? palletMs < 1000 : undefined,
    });

    // 3. Serial search among 1,000,000 units.
    await fillWarehouse(
      database,
      materials.map((m) => ({ materialNo: m.material_no, gtin: m.gtin! })),
    );
    const serials = Array.from({ length: SEARCHES }, (_, i) => `W${String((i * 7919) % WAREHOUSE_UNITS).padStart(9, '0')}`);
    const search = await loadTest(
      address,
      rdc,
      1,
      serials.map((s) => ({ path: `/api/serialSearch/${s}` })),
      'GET',
    );
    if ((search.statuses['200'] ?? 0) !== SEARCHES) throw new Error(`search statuses ${JSON.stringify(search.statuses)}`);
    const rawP99 = await rawLookupP99(raw, serials);
    const searchP99 = percentile(search.latencies, 0.99);
    rows.push({
      name: `${kind}: serial search p99 among 1,000,000 units (HTTP)`,
      value: round(searchP99),
      unit: 'ms',
      baseline: { name: 'raw indexed lookup p99 ms', value: round(rawP99) },
      ratio: searchP99 / rawP99,
      target: kind === 'sqlite' ? '< 5 ms' : 'for information',
      pass: kind === 'sqlite' ? searchP99 < 5 : undefined,
    });
  } finally {
    await raw.close();
    await app.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function login(address: string, email: string): Promise<string> {
  const res = await fetch(`${address}/api/auth-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: DEMO_PASSWORD }),
  });
  return (await res.json()).jwt;
}

function json(token: string) {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function stage(address: string, token: string, ibdNo: string, materialNo: string, batchNo: string, quantity: number, epcis: unknown) {
  const doc = await fetch(`${address}/api/integration/documents/IBD/${ibdNo}`, {
    method: 'PUT',
    headers: json(token),
    body: JSON.stringify({ warehouseNo: 'W2010', date: '2026-11-22', lines: [{ lineNo: 1, materialNo, batchNo, quantity }] }),
  });
  if (doc.status !== 200) throw new Error(`stage document ${await doc.text()}`);
  const res = await fetch(`${address}/api/integration/epcis`, { method: 'POST', headers: json(token), body: JSON.stringify(epcis) });
  if (res.status !== 200) throw new Error(`stage epcis ${await res.text()}`);
}

function loadTest(address: string, token: string, concurrency: number, requests: { path: string; body?: unknown }[], method = 'POST') {
  return new Promise<{ elapsedMs: number; latencies: number[]; statuses: Record<string, number> }>((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url: address, token, concurrency, requests, method },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The raw driver, beside the app: better-sqlite3 or a plain pg client on the same database. */
interface Raw {
  exec(text: string): Promise<void>;
  insertMany(n: number): Promise<number>;
  /** One row inserted in its own transaction, committed durably (the fsync a scan's answer waits for). */
  commitOne(i: number): Promise<void>;
  lookup(serial: string): Promise<void>;
  close(): Promise<void>;
}

async function openRaw(config: ReturnType<typeof loadConfig>): Promise<Raw> {
  if (config.database.kind === 'sqlite') {
    const SQLite = (await import('better-sqlite3')).default;
    const db = new SQLite(config.database.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const find = () => db.prepare('SELECT * FROM handling_units WHERE serial = ?');
    let lookup: ReturnType<typeof find> | undefined;
    let commit: ReturnType<typeof find> | undefined;
    return {
      exec: async (text) => void db.exec(text),
      insertMany: async (n) => {
        const insert = db.prepare('INSERT INTO bench_raw VALUES (?, ?, ?)');
        const started = performance.now();
        db.transaction(() => {
          for (let i = 0; i < n; i++) insert.run(`r${i}`, 'x', i);
        })();
        return performance.now() - started;
      },
      // Prepared on the first call, so the timings are of the commit, as PostgreSQL's named statement.
      commitOne: async (i) => void (commit ??= db.prepare('INSERT INTO bench_raw VALUES (?, ?, ?)')).run(`c${i}`, 'x', i),
      lookup: async (serial) => void (lookup ??= find()).all(serial),
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    insertMany: async (n) => {
      const started = performance.now();
      await client.query('BEGIN');
      for (let i = 0; i < n; i++)
        await client.query({ name: 'raw-insert', text: 'INSERT INTO bench_raw VALUES ($1, $2, $3)', values: [`r${i}`, 'x', i] });
      await client.query('COMMIT');
      return performance.now() - started;
    },
    commitOne: async (i) =>
      void (await client.query({ name: 'raw-commit', text: 'INSERT INTO bench_raw VALUES ($1, $2, $3)', values: [`c${i}`, 'x', i] })),
    lookup: async (serial) =>
      void (await client.query({ name: 'raw-lookup', text: 'SELECT * FROM handling_units WHERE serial = $1', values: [serial] })),
    close: () => client.end(),
  };
}

/** The raw database's own rate: single-row inserts of a prepared statement inside one transaction. */
async function rawInsertRate(raw: Raw): Promise<number> {
  const n = 20_000;
  await raw.exec('CREATE TABLE bench_raw (id text primary key, a text, b integer)');
  const ms = await raw.insertMany(n);
  await raw.exec('DROP TABLE bench_raw');
  return n / (ms / 1000);
}

/** The raw database's p99 for one durable commit of one row (autocommit: a transaction and an fsync each). */
async function rawCommitP99(raw: Raw): Promise<number> {
  await raw.exec('CREATE TABLE bench_raw (id text primary key, a text, b integer)');
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const started = performance.now();
    await raw.commitOne(i);
    times.push(performance.now() - started);
  }
  await raw.exec('DROP TABLE bench_raw');
  return percentile(times, 0.99);
}

/** A warehouse of 1,000,000 packs, made by the database itself (a recursive row generator). */
async function fillWarehouse(database: DatabaseHandle, materials: { materialNo: string; gtin: string }[]) {
  for (const [i, m] of materials.entries()) {
    const from = Math.floor((WAREHOUSE_UNITS * i) / materials.length);
    const to = Math.floor((WAREHOUSE_UNITS * (i + 1)) / materials.length) - 1;
    await sql`
      INSERT INTO handling_units (id, type, sscc, gtin, serial, parent_id, material_no, batch_no, expiry, status, reason, warehouse_no, created_at, updated_at)
      WITH RECURSIVE n(x) AS (SELECT CAST(${from} AS integer) UNION ALL SELECT x + 1 FROM n WHERE x < CAST(${to} AS integer))
      SELECT 'w' || x, 'EA', NULL, ${m.gtin}, 'W' || substr('000000000' || x, length('000000000' || x) - 8, 9), NULL, ${m.materialNo}, 'LOT1', '2028-12-31',
        'ACTIVE', 'WAREHOUSE RECEIVED', 'W2010', '2026-11-22T00:00:00.000Z', '2026-11-22T00:00:00.000Z' FROM n`.execute(database.db);
  }
  if (database.kind === 'postgres') await sql`ANALYZE handling_units`.execute(database.db);
}

async function rawLookupP99(raw: Raw, serials: string[]): Promise<number> {
  const times: number[] = [];
  for (const s of serials) {
    const started = performance.now();
    await raw.lookup(s);
    times.push(performance.now() - started);
  }
  return percentile(times, 0.99);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
