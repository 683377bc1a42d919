/**
 * The stock take (issue 31, decision 0079) on SQLite (and PostgreSQL when TEST_DATABASE_URL or
 * BENCH_DATABASE_URL is set, scan-server.ts), over real HTTP as the regional operator:
 * - the snapshot of a count of a warehouse of UNITS units (POST /api/stockTakes), the median of three counts;
 * - a pallet of 48 cartons x 100 packs counted in one scan (POST /api/scanForOperation, docType COUNT),
 *   beside the same pallet scan in a dispatch (OBD), each the median of three pallets;
 * - the variance of the count (GET /api/stockTakes/{no}, the full view), the median of five calls, once the
 *   warehouse is counted but about one unit in ten (ids ending in 7: missing), the counted rows written as scans leave them.
 * The stock is written straight into the database as a completed receipt leaves it (ACTIVE / WAREHOUSE
 * RECEIVED in W2010): pallets of 48 x 100, then loose packs up to UNITS. `BENCH_STOCK_UNITS` sets UNITS
 * (100,000 by default; a smaller figure proves the bench runs).
 */
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import type { HandlingUnitsTable } from '../../apps/server/src/db/schema.ts';
import { CodeMaker, type PackSpec, type PalletSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor } from '../../apps/server/src/seed/stock-builder.ts';
import { PALLETS, onEachDatabase, palletFigure, percentile, round, type BenchServer } from './scan-server.ts';

const UNITS = Number(process.env.BENCH_STOCK_UNITS ?? 100_000);
const SNAPSHOT_LIMIT_MS = 2000;
const VARIANCE_LIMIT_MS = 1000;
/** A count's pallet scan may take this much longer than a dispatch's and still be 'as fast'. */
const PALLET_SLACK = 1.25;

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(bench);
}

async function bench(s: BenchServer): Promise<BenchRow[]> {
  const material = s.materials[0]!;
  const product = { ...material, batch: 'COUNT01', expiry: '2028-12-31' };
  // Extension digit 5: SSCCs apart from the other benches'.
  const codes = new CodeMaker(31, '5');
  const counted = Array.from({ length: PALLETS }, () => codes.pallet(48, 100, product));
  const dispatched = Array.from({ length: PALLETS }, () => codes.pallet(48, 100, product));
  const palletUnits = (counted.length + dispatched.length) * (1 + 48 + 4800);
  const loose = codes.packs(Math.max(0, UNITS - palletUnits), product);
  const units = await putInStock(s.database, [...counted, ...dispatched], loose);

  const rows: BenchRow[] = [];
  // 1. The snapshot: three counts of the whole warehouse.
  const times: number[] = [];
  let number = '';
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await post(s, '/api/stockTakes', { warehouseNo: 'W2010', scope: {}, blind: false });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`stock take ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    number = res.body.number ?? '';
    if ((res.body.snapshotUnits ?? 0) < units) throw new Error(`snapshot of ${res.body.snapshotUnits} units, ${units} in stock`);
  }
  const snapshotMs = percentile(times, 0.5);
  rows.push({
    name: `${s.kind}: snapshot of a count of ${units.toLocaleString('en')} units, median of 3 (slowest ${round(Math.max(...times))} ms)`,
    value: round(snapshotMs),
    unit: 'ms',
    target: `< ${SNAPSHOT_LIMIT_MS.toLocaleString('en')} ms`,
    pass: snapshotMs < SNAPSHOT_LIMIT_MS,
  });

  // 2. A pallet of 4,800 packs in one scan: on a dispatch, then on the last count.
  await putDocumentFor(s.port, 'OBD', '8990003101', dispatched, s.materials, { warehouseNo: 'W2010' });
  const dispatch = await palletFigure(s, 'OBD', '8990003101', dispatched, {
    name: 'dispatch a pallet of 4,800 packs (one scan)',
    limitMs: 150,
  });
  const count = await palletFigure(s, 'COUNT', number, counted, {
    name: 'count a pallet of 4,800 packs (one scan)',
    limitMs: dispatch.value * PALLET_SLACK,
  });
  // The dispatch's own target is the dispatch bench's: here it is the figure the count's is held to.
  rows.push(
    { ...dispatch, target: 'for comparison', pass: undefined },
    {
      ...count,
      baseline: { name: 'dispatch ms', value: dispatch.value },
      ratio: count.value / dispatch.value,
      target: `< ${PALLET_SLACK}x the dispatch's`,
    },
  );

  // 3. The variance of the count: every unit of the snapshot against those counted. The rest of the
  // warehouse counted as the scans leave it (rows of stock_take_counted), but about one unit in ten (ids ending in 7): missing.
  const take = await s.database.db.selectFrom('stock_takes').select('document_id').where('number', '=', number).executeTakeFirstOrThrow();
  await sql`INSERT INTO stock_take_counted (stock_take_id, unit_id, round, scan_id, counted_parent_id, user_id, at, type, material_no,
      batch_no, was_warehouse_no, was_status, was_reason)
    SELECT s.stock_take_id, s.unit_id, 0, 'bench', s.parent_id, 'bench', '2026-11-22T00:00:00.000Z', s.type, s.material_no, s.batch_no,
      s.warehouse_no, s.status, s.reason
    FROM stock_take_snapshot s
    WHERE s.stock_take_id = ${take.document_id} AND s.unit_id NOT LIKE '%7'
      AND NOT EXISTS (SELECT 1 FROM stock_take_counted c WHERE c.stock_take_id = s.stock_take_id AND c.unit_id = s.unit_id)`.execute(
    s.database.db,
  );
  const calls: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const res = await fetch(`${s.address}/api/stockTakes/${number}?area=RDC`, { headers: { authorization: `Bearer ${s.rdc}` } });
    const body = await res.json();
    if (i >= 2) calls.push(performance.now() - started);
    if (res.status !== 200 || body.view !== 'full') throw new Error(`variance ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  const varianceMs = percentile(calls, 0.5);
  rows.push({
    name: `${s.kind}: variance of ${units.toLocaleString('en')} units (GET /api/stockTakes/{no}), median of 5`,
    value: round(varianceMs),
    unit: 'ms',
    target: `< ${VARIANCE_LIMIT_MS.toLocaleString('en')} ms`,
    pass: varianceMs < VARIANCE_LIMIT_MS,
  });
  return rows;
}

async function post(
  s: BenchServer,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { number?: string; snapshotUnits?: number } }> {
  const res = await fetch(`${s.address}${path}?area=RDC`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.rdc}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { number?: string; snapshotUnits?: number } };
}

/** Pallets and loose packs, ACTIVE / WAREHOUSE RECEIVED in W2010, as receiving leaves them; answers how many units. */
async function putInStock(database: DatabaseHandle, pallets: PalletSpec[], loose: PackSpec[]): Promise<number> {
  const { db } = database;
  const at = '2026-11-22T00:00:00.000Z';
  const materials = await db.selectFrom('materials').select(['material_no', 'gtin']).execute();
  const materialOf = (gtin: string) => materials.find((m) => m.gtin === gtin)!.material_no;
  const rows: Insertable<HandlingUnitsTable>[] = [];
  const add = (
    type: HandlingUnitsTable['type'],
    key: { sscc: string | null; gtin: string | null; serial: string | null },
    parentId: string | null,
    p: PackSpec,
  ) => {
    const id = `count${rows.length}`;
    rows.push({
      id,
      type,
      ...key,
      parent_id: parentId,
      material_no: materialOf(p.gtin),
      batch_no: p.batch,
      expiry: p.expiry,
      status: 'ACTIVE',
      reason: 'WAREHOUSE RECEIVED',
      warehouse_no: 'W2010',
      created_at: at,
      updated_at: at,
    });
    return id;
  };
  for (const pallet of pallets) {
    const first = pallet.cartons[0]!.packs[0]!;
    const palletId = add('PLT', { sscc: pallet.sscc, gtin: null, serial: null }, null, first);
    for (const carton of pallet.cartons) {
      const cartonId = add('CTN', { sscc: carton.sscc, gtin: null, serial: null }, palletId, first);
      for (const p of carton.packs) add('EA', { sscc: null, gtin: p.gtin, serial: p.serial }, cartonId, p);
    }
  }
  for (const p of loose) add('EA', { sscc: null, gtin: p.gtin, serial: p.serial }, null, p);
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('handling_units')
      .values(rows.slice(i, i + 1000))
      .execute();
  if (database.kind === 'postgres') await sql`ANALYZE handling_units`.execute(db);
  return rows.length;
}
