/**
 * Receiving throughput on SQLite (and PostgreSQL when TEST_DATABASE_URL or BENCH_DATABASE_URL is
 * set), over real HTTP with a load generator in its own thread (scan-server.ts):
 * - single-pack scans per second and p99 latency with 50 concurrent clients, beside the raw
 *   database's own single-row insert rate in one transaction (the ceiling);
 * - the time to receive a pallet of 48 cartons x 100 packs (the median of three), beside the raw time to insert 4,800 rows;
 * - serial search p99 in a warehouse of 1,000,000 units, beside the raw indexed lookup p99.
 * The IBDs and their advance shipping notices come in through the integration API (stock-builder.ts).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { CodeMaker } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import {
  PALLETS,
  SCANS,
  WARM_UP,
  loadTest,
  onEachDatabase,
  palletFigure,
  percentile,
  round,
  scanFigures,
  type BenchServer,
  type Raw,
} from './scan-server.ts';

const WAREHOUSE_UNITS = 1_000_000;
const SEARCHES = 2000;
/** A search over HTTP may take at most this many times the raw indexed lookup's p99 (issue 34). */
const SEARCH_TIMES_RAW = 10;

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(bench);
}

async function bench(s: BenchServer): Promise<BenchRow[]> {
  const product = { ...s.materials[0]!, batch: 'BENCH01', expiry: '2028-12-31' };
  const codes = new CodeMaker(99, '2');

  // 1. Single-pack scans with 50 concurrent clients.
  const packs = codes.packs(WARM_UP + SCANS, product);
  await stageIbd(s.port, '1990000001', { packs }, s.materials);
  const rows = await scanFigures(s, 'IBD', '1990000001', packs);

  // 2. Pallets of 48 cartons x 100 packs, each in one scan.
  const pallets = Array.from({ length: PALLETS }, () => codes.pallet(48, 100, product));
  await stageIbd(s.port, '1990000002', { pallets }, s.materials);
  rows.push(
    await palletFigure(s, 'IBD', '1990000002', pallets, {
      name: 'receive a pallet of 4,800 packs (one scan)',
      limitMs: s.kind === 'sqlite' ? 1000 : 150,
    }),
  );

  // 3. Serial search among 1,000,000 units.
  await fillWarehouse(s.database, s.materials);
  const serials = Array.from({ length: SEARCHES }, (_, i) => `W${String((i * 7919) % WAREHOUSE_UNITS).padStart(9, '0')}`);
  const search = await loadTest(
    s.address,
    s.rdc,
    1,
    serials.map((serial) => ({ path: `/api/serialSearch/${serial}` })),
    'GET',
  );
  if ((search.statuses['200'] ?? 0) !== SEARCHES) throw new Error(`search statuses ${JSON.stringify(search.statuses)}`);
  const rawP99 = await rawLookupP99(s.raw, serials);
  const searchP99 = percentile(search.latencies, 0.99);
  rows.push({
    name: `${s.kind}: serial search p99 among 1,000,000 units (HTTP)`,
    value: round(searchP99),
    unit: 'ms',
    baseline: { name: 'raw indexed lookup p99 ms', value: round(rawP99) },
    ratio: searchP99 / rawP99,
    target: `< 5 ms, < ${SEARCH_TIMES_RAW}x raw`,
    pass: searchP99 < 5 && searchP99 < SEARCH_TIMES_RAW * rawP99,
  });
  return rows;
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
  for (const serial of serials) {
    const started = performance.now();
    await raw.lookup(serial);
    times.push(performance.now() - started);
  }
  return percentile(times, 0.99);
}
