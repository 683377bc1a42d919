import { sql } from 'kysely';
import type { MovementUnit } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { NewEpcisBatchEventRow } from '../../db/schema.ts';

/**
 * The units a batch's status event names (decision 0073), per warehouse: every pack of the batch still
 * in a warehouse (on hand in any condition, or scanned on a document not completed yet) and every
 * pallet, carton and bundle above one. Stock that left (in transit, dispatched, handed over), was destroyed, was
 * short or is still arriving (scanned on a receipt or a return not completed) is in no warehouse's event.
 */
const IN_WAREHOUSE = `h.warehouse_no IS NOT NULL AND (
  h.status IN ('ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED')
  OR (h.status = 'PENDING' AND h.reason IN ('DISPATCHED', 'REDRESSED', 'OTHER')))`;

/** One statement, set-based: the batch's packs in warehouses and the units holding them (each once per warehouse). */
export async function batchUnitsByWarehouse(db: Db, materialNo: string, batchNo: string): Promise<Map<string, MovementUnit[]>> {
  const rows = await sql<{ warehouse_no: string; sscc: string | null; gtin: string | null; serial: string | null }>`
    WITH RECURSIVE packs AS (
      SELECT h.id, h.parent_id, h.warehouse_no, h.sscc, h.gtin, h.serial FROM handling_units h
      WHERE h.material_no = ${materialNo} AND h.batch_no = ${batchNo} AND h.type = 'EA' AND ${sql.raw(IN_WAREHOUSE)}
    ), up(id, warehouse_no) AS (
      SELECT parent_id, warehouse_no FROM packs WHERE parent_id IS NOT NULL
      UNION SELECT h.parent_id, up.warehouse_no FROM up JOIN handling_units h ON h.id = up.id WHERE h.parent_id IS NOT NULL
    )
    SELECT warehouse_no, sscc, gtin, serial FROM packs
    UNION ALL SELECT up.warehouse_no, h.sscc, h.gtin, h.serial FROM up JOIN handling_units h ON h.id = up.id`.execute(db);
  const byWarehouse = new Map<string, MovementUnit[]>();
  for (const r of rows.rows) {
    let units = byWarehouse.get(r.warehouse_no);
    if (!units) byWarehouse.set(r.warehouse_no, (units = []));
    units.push({ sscc: r.sscc, gtin: r.gtin, serial: r.serial });
  }
  return byWarehouse;
}

/** The GLN and time zone of each of the warehouses. */
export async function warehousePlaces(
  db: Db,
  warehouseNos: readonly string[],
): Promise<Map<string, { gln: string | null; timeZone: string | null }>> {
  if (warehouseNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('warehouses')
    .select(['warehouse_no', 'gln', 'time_zone'])
    .where('warehouse_no', 'in', [...warehouseNos])
    .execute();
  return new Map(rows.map((r) => [r.warehouse_no, { gln: r.gln, timeZone: r.time_zone }]));
}

/** Keeps the events; one already kept (the same eventID) is left as it is. */
export async function insertBatchEvents(db: Db, rows: readonly NewEpcisBatchEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('epcis_batch_events')
    .values([...rows])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
