import { sql, type RawBuilder } from 'kysely';
import type { Application, BatchStatus, DocumentStatus, DocumentType, ItemReason, UnitStatus, UnitType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/prepared.ts';
import type { BatchStatusRow } from '../../db/schema.ts';

/**
 * Batch statuses (issue 30, decision 0070): a row per batch ever put on hold or recalled; a batch
 * without one is RELEASED. And the batch's units, read set-based: its packs (material and batch, the
 * index of migration 0026) and the pallets, cartons and bundles above them, whatever their number.
 */

/** The batch's status row, or undefined for a batch never held. */
export async function findBatchStatus(db: Db, materialNo: string, batchNo: string): Promise<BatchStatusRow | undefined> {
  return db
    .selectFrom('batch_statuses')
    .selectAll()
    .where('material_no', '=', materialNo)
    .where('batch_no', '=', batchNo)
    .executeTakeFirst();
}

/** The batch's status row with the email of whoever made the last change, or undefined for a batch never held. */
export async function findBatchStatusChange(
  db: Db,
  materialNo: string,
  batchNo: string,
): Promise<(BatchStatusRow & { changed_by_email: string | null }) | undefined> {
  return db
    .selectFrom('batch_statuses as bs')
    .leftJoin('users as u', 'u.id', 'bs.changed_by')
    .selectAll('bs')
    .select('u.email as changed_by_email')
    .where('bs.material_no', '=', materialNo)
    .where('bs.batch_no', '=', batchNo)
    .executeTakeFirst();
}

/** The batch's status: RELEASED when it was never held. */
export async function batchStatus(db: Db, materialNo: string, batchNo: string): Promise<BatchStatus> {
  return (await findBatchStatus(db, materialNo, batchNo))?.status ?? 'RELEASED';
}

/**
 * Writes the batch's new status, if its status is still `previous` (none written yet counts as
 * RELEASED): an insert, or an update of the row that still holds `previous`. False when a change
 * committed meanwhile moved it on (the caller reads it again); the one statement decides.
 */
export async function saveBatchStatus(db: Db, row: BatchStatusRow, previous: BatchStatus): Promise<boolean> {
  const result = await db
    .insertInto('batch_statuses')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['material_no', 'batch_no'])
        .doUpdateSet({ status: row.status, reason: row.reason, changed_by: row.changed_by, changed_at: row.changed_at })
        .where('batch_statuses.status', '=', previous),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Whether the batch is known: a unit of it anywhere, the batch in the materials' master data, or a
 * document line naming it (stock counted without serials, as ScanLite's, has no unit).
 */
export async function isKnownBatch(db: Db, materialNo: string, batchNo: string): Promise<boolean> {
  const { rows } = await sql<{ known: number }>`
    SELECT 1 AS known WHERE EXISTS (SELECT 1 FROM handling_units WHERE material_no = ${materialNo} AND batch_no = ${batchNo})
      OR EXISTS (SELECT 1 FROM batches WHERE material_no = ${materialNo} AND batch_no = ${batchNo})
      OR EXISTS (SELECT 1 FROM document_lines WHERE material_no = ${materialNo} AND batch_no = ${batchNo})`.execute(db);
  return rows.length > 0;
}

/**
 * A pack in stock: on hand in a warehouse in any condition, or picked on a document of its warehouse
 * not completed yet; not in transit, dispatched, destroyed, short or still arriving (on a receipt or a
 * return not completed). The same units as the batch status's EPCIS event names (decision 0073).
 */
const IN_STOCK = sql`(h.warehouse_no IS NOT NULL AND (
  h.status IN ('ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED')
  OR (h.status = 'PENDING' AND h.reason IN ('DISPATCHED', 'REDRESSED', 'OTHER'))))`;

/** `packs(id, parent_id)` the batch's packs, `up(id)` every unit above one (each once), `batch_units(id)` both. */
function batchUnitsCte(materialNo: string, batchNo: string): RawBuilder<unknown> {
  return sql`packs(id, parent_id) AS (
      SELECT id, parent_id FROM handling_units WHERE material_no = ${materialNo} AND batch_no = ${batchNo} AND type = 'EA'
    ), up(id) AS (
      SELECT parent_id FROM packs WHERE parent_id IS NOT NULL
      UNION SELECT h.parent_id FROM up JOIN handling_units h ON h.id = up.id WHERE h.parent_id IS NOT NULL
    ), batch_units(id) AS (SELECT id FROM packs UNION ALL SELECT id FROM up)`;
}

/**
 * What a change of the batch's status covers, in one statement whatever the batch's size: its packs
 * and the pallets, cartons and bundles holding them, and the warehouses where its packs are in stock.
 */
export async function coveredUnits(db: Db, materialNo: string, batchNo: string): Promise<{ units: number; warehouses: string[] }> {
  const { rows } = await sql<{ packs: number | string; holders: number | string; warehouse_no: string | null }>`
    WITH RECURSIVE packs(id, parent_id, stock_warehouse) AS (
      SELECT h.id, h.parent_id, CASE WHEN ${IN_STOCK} THEN h.warehouse_no END FROM handling_units h
      WHERE h.material_no = ${materialNo} AND h.batch_no = ${batchNo} AND h.type = 'EA'
    ), up(id) AS (
      SELECT parent_id FROM packs WHERE parent_id IS NOT NULL
      UNION SELECT h.parent_id FROM up JOIN handling_units h ON h.id = up.id WHERE h.parent_id IS NOT NULL
    )
    SELECT c.packs, c.holders, w.warehouse_no
    FROM (SELECT count(*) AS packs, (SELECT count(*) FROM up) AS holders FROM packs) c
    LEFT JOIN (SELECT DISTINCT stock_warehouse AS warehouse_no FROM packs WHERE stock_warehouse IS NOT NULL) w ON 1 = 1
    ORDER BY w.warehouse_no`.execute(db);
  const counts = rows[0];
  return {
    units: Number(counts?.packs ?? 0) + Number(counts?.holders ?? 0),
    warehouses: rows.flatMap((r) => (r.warehouse_no === null ? [] : [r.warehouse_no])),
  };
}

/**
 * PostgreSQL: no JIT compilation for the rest of the transaction. A recursive statement over a batch's
 * units is estimated at millions of rows (the recursion's guess), so PostgreSQL would spend more time
 * compiling it than running it (0.3 to 0.4 s of a 0.5 s count of 100,000 packs). SQLite has no JIT.
 */
export async function withoutJit(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`SET LOCAL jit = off`.execute(db);
}

/** A unit of the batch as the whereabouts read it: a pack, or a pallet, carton or bundle above one. */
export interface BatchUnitRow {
  id: string;
  type: UnitType;
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
  parent_id: string | null;
  status: UnitStatus;
  reason: ItemReason | null;
  warehouse_no: string | null;
  /** 1 for a pack in stock (`IN_STOCK`), else 0. */
  in_stock: number | string;
}

/** Every unit of the batch: its packs (read straight from the batch's index) and every unit above one, in one statement. */
export async function batchUnits(db: Db, materialNo: string, batchNo: string): Promise<BatchUnitRow[]> {
  const { rows } = await sql<BatchUnitRow>`
    WITH RECURSIVE ${batchUnitsCte(materialNo, batchNo)}
    SELECT h.id, h.type, h.sscc, h.gtin, h.serial, h.parent_id, h.status, h.reason, h.warehouse_no,
      CASE WHEN ${IN_STOCK} THEN 1 ELSE 0 END AS in_stock
    FROM handling_units h WHERE h.material_no = ${materialNo} AND h.batch_no = ${batchNo} AND h.type = 'EA'
    UNION ALL
    SELECT h.id, h.type, h.sscc, h.gtin, h.serial, h.parent_id, h.status, h.reason, h.warehouse_no, 0
    FROM up JOIN handling_units h ON h.id = up.id`.execute(db);
  return rows;
}

/** A document a unit of the batch is on: scanned on it (`at` the scan's time) or expected by it (`at` null). */
export interface BatchDocumentRow {
  unit_id: string;
  document_id: string;
  type: DocumentType;
  number: string;
  status: DocumentStatus;
  warehouse_no: string;
  destination_warehouse_no: string | null;
  completed_at: string | null;
  at: string | null;
}

/** Every document any unit of the batch is on (scanned, or expected by a notice or a transfer), in one statement. */
export async function batchDocuments(db: Db, materialNo: string, batchNo: string): Promise<BatchDocumentRow[]> {
  const { rows } = await sql<BatchDocumentRow>`
    WITH RECURSIVE ${batchUnitsCte(materialNo, batchNo)}
    SELECT s.unit_id, d.id AS document_id, d.type, d.number, d.status, d.warehouse_no, d.destination_warehouse_no,
      d.completed_at, sc.at
    FROM scan_items s JOIN scans sc ON sc.id = s.scan_id JOIN documents d ON d.id = s.document_id
    WHERE s.unit_id IN (SELECT id FROM batch_units)
    UNION ALL
    SELECT du.unit_id, d.id, d.type, d.number, d.status, d.warehouse_no, d.destination_warehouse_no, d.completed_at, NULL
    FROM document_units du JOIN documents d ON d.id = du.document_id
    WHERE du.unit_id IN (SELECT id FROM batch_units)`.execute(db);
  return rows;
}

/** The warehouses with their area and name, and their business partners: the whereabouts name them. */
export async function places(db: Db): Promise<{
  warehouses: { warehouse_no: string; name: string; area: Application }[];
  partners: { warehouse_no: string; partner_id: string; role: string; name: string }[];
}> {
  const [warehouses, partners] = await Promise.all([
    db.selectFrom('warehouses').select(['warehouse_no', 'name', 'area']).orderBy('warehouse_no').execute(),
    db.selectFrom('warehouse_partners').select(['warehouse_no', 'partner_id', 'role', 'name']).orderBy('partner_id').execute(),
  ]);
  return { warehouses, partners };
}
