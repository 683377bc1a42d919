/**
 * Dispatch throughput, measured as receiving is (scan-server.ts) and on the same targets: on SQLite
 * (and PostgreSQL when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, for information), over real HTTP:
 * - single-pack scans per second and p99 latency with 50 concurrent clients onto one OBD;
 * - the time to dispatch a pallet of 48 cartons x 100 packs in one scan (the median of three).
 * The stock is written straight into the database as a completed receipt leaves it (ACTIVE /
 * WAREHOUSE RECEIVED in W2010), with an older batch of the same material beside it, so every scan
 * runs the first-expiry-first-out query and answers with its warning; the OBDs' lines fit the stock
 * (stock-builder.ts).
 */
import { sql, type Insertable } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import type { HandlingUnitsTable } from '../../apps/server/src/db/schema.ts';
import { CodeMaker, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { packsOf, putDocumentFor, type StockUnit } from '../../apps/server/src/seed/stock-builder.ts';
import { PALLETS, SCANS, WARM_UP, onEachDatabase, palletFigure, scanFigures, type BenchServer } from './scan-server.ts';

/** Packs of an older-expiring batch of the dispatched material in stock: each scan's FEFO query finds them. */
const OLDER_PACKS = Number(process.env.BENCH_OLDER_PACKS ?? 2000);

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(bench);
}

async function bench(s: BenchServer): Promise<BenchRow[]> {
  const material = s.materials[0]!;
  const product = { ...material, batch: 'DISP02', expiry: '2028-12-31' };
  // Extension digit 3: SSCCs apart from the receive bench's (2).
  const codes = new CodeMaker(98, '3');
  const packs = codes.packs(WARM_UP + SCANS, product);
  const pallets = Array.from({ length: PALLETS }, () => codes.pallet(48, 100, product));
  const older = codes.packs(OLDER_PACKS, { ...material, batch: 'DISP01', expiry: '2028-06-30' });
  await putInStock(s.database, [...packs, ...pallets, ...older]);

  // 1. Single-pack scans with 50 concurrent clients.
  await putDocumentFor(s.port, 'OBD', '8990000001', packs, s.materials);
  const rows = await scanFigures(s, 'OBD', '8990000001', packs);

  // 2. Pallets of 48 cartons x 100 packs, each in one scan.
  await putDocumentFor(s.port, 'OBD', '8990000002', pallets, s.materials);
  rows.push(await palletFigure(s, 'OBD', '8990000002', pallets, { name: 'dispatch a pallet of 4,800 packs (one scan)', limitMs: 150 }));
  return rows;
}

/** The units and everything under them, ACTIVE / WAREHOUSE RECEIVED in W2010: as receiving leaves them, without the receiving. */
async function putInStock(database: DatabaseHandle, units: StockUnit[]): Promise<void> {
  const { db } = database;
  const at = '2026-11-22T00:00:00.000Z';
  const rows: Insertable<HandlingUnitsTable>[] = [];
  const material = await db.selectFrom('materials').select(['material_no', 'gtin']).execute();
  const materialOf = (gtin: string) => material.find((m) => m.gtin === gtin)!.material_no;
  const add = (
    type: HandlingUnitsTable['type'],
    key: { sscc: string | null; gtin: string | null; serial: string | null },
    parentId: string | null,
    of: StockUnit,
  ) => {
    const pack = packsOf([of])[0]!;
    const id = `stock${rows.length}`;
    rows.push({
      id,
      type,
      ...key,
      parent_id: parentId,
      material_no: materialOf(pack.gtin),
      batch_no: pack.batch,
      expiry: pack.expiry,
      status: 'ACTIVE',
      reason: 'WAREHOUSE RECEIVED',
      warehouse_no: 'W2010',
      created_at: at,
      updated_at: at,
    });
    return id;
  };
  const addPack = (p: PackSpec, parentId: string | null) => add('EA', { sscc: null, gtin: p.gtin, serial: p.serial }, parentId, p);
  for (const unit of units) {
    if ('cartons' in unit) {
      const palletId = add('PLT', { sscc: unit.sscc, gtin: null, serial: null }, null, unit);
      for (const carton of unit.cartons) {
        const cartonId = add('CTN', { sscc: carton.sscc, gtin: null, serial: null }, palletId, carton);
        for (const p of carton.packs) addPack(p, cartonId);
      }
    } else if ('packs' in unit) {
      const cartonId = add('CTN', { sscc: unit.sscc, gtin: null, serial: null }, null, unit);
      for (const p of unit.packs) addPack(p, cartonId);
    } else addPack(unit, null);
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('handling_units')
      .values(rows.slice(i, i + 1000))
      .execute();
  if (database.kind === 'postgres') await sql`ANALYZE handling_units`.execute(db);
}
