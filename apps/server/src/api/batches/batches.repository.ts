import { sql } from 'kysely';
import type { Application, BatchStatus, DocumentStatus, DocumentType, ItemReason, UnitStatus, UnitType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/prepared.ts';
import type { BatchStatusRow } from '../../db/schema.ts';
import { IN_STOCK } from '../inventory/units.repository.ts';

/**
 * Batch statuses (issue 30, decision 0070): a row per batch ever put on hold or recalled; a batch
 * without one is RELEASED. And the batch's units and their documents, read a range at a time
 * (`batch-units.ts` puts the ranges together, letting scans run in between).
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

/** A unit of the batch: a pack, or a pallet, carton or bundle above one. */
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

const UNIT_COLUMNS = sql`h.id, h.type, h.sscc, h.gtin, h.serial, h.parent_id, h.status, h.reason, h.warehouse_no`;

/**
 * The batch's next `limit` packs after the pack `afterId`, in id order: a range of the index
 * (material_no, batch_no, id) of migration 0026, so each read costs the same however far it has come.
 */
export async function batchPacksAfter(
  db: Db,
  materialNo: string,
  batchNo: string,
  afterId: string,
  limit: number,
): Promise<BatchUnitRow[]> {
  const { rows } = await sql<BatchUnitRow>`
    SELECT ${UNIT_COLUMNS}, CASE WHEN ${IN_STOCK} THEN 1 ELSE 0 END AS in_stock
    FROM handling_units h
    WHERE h.material_no = ${materialNo} AND h.batch_no = ${batchNo} AND h.id > ${afterId} AND h.type = 'EA'
    ORDER BY h.id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The units of these ids (pallets, cartons and bundles above a batch's packs: `in_stock` 0). */
export async function unitsWithIds(db: Db, ids: readonly string[]): Promise<BatchUnitRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<BatchUnitRow>`
    SELECT ${UNIT_COLUMNS}, 0 AS in_stock FROM handling_units h WHERE h.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}

/** The documents expecting these units (a notice's or a transfer's units, on an IBD), by the index on document_units(unit_id). */
export async function documentUnitsOf(db: Db, unitIds: readonly string[]): Promise<{ unit_id: string; document_id: string }[]> {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('document_units')
    .select(['unit_id', 'document_id'])
    .where('unit_id', 'in', [...unitIds])
    .execute();
}

/** A unit on a document through a scan. */
export interface ScanItemKey {
  document_id: string;
  unit_id: string;
}

/**
 * The next `limit` units on documents through their scans after `after`, in the order of scan_items'
 * primary key (document, unit), read from that key alone (a covering index on SQLite: about 1 us a
 * row). scan_items has no index on its unit (decision 0017: fewer index writes on the scan path), so
 * the units of a batch are found by walking it whole, a range at a time.
 */
export async function scanItemsAfter(db: Db, after: ScanItemKey, limit: number): Promise<ScanItemKey[]> {
  const { rows } = await sql<ScanItemKey>`
    SELECT document_id, unit_id FROM scan_items
    WHERE (document_id, unit_id) > (${after.document_id}, ${after.unit_id})
    ORDER BY document_id, unit_id LIMIT ${limit}`.execute(db);
  return rows;
}

/** When these units were scanned onto the document, by scan_items' primary key. */
export async function scannedAt(db: Db, documentId: string, unitIds: readonly string[]): Promise<{ unit_id: string; at: string }[]> {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('scan_items as s')
    .innerJoin('scans as sc', 'sc.id', 's.scan_id')
    .select(['s.unit_id', 'sc.at'])
    .where('s.document_id', '=', documentId)
    .where('s.unit_id', 'in', [...unitIds])
    .execute();
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

export type BatchDocument = Omit<BatchDocumentRow, 'unit_id' | 'document_id' | 'at'> & { id: string };

/** The documents of these ids, as the whereabouts name them. */
export async function documentsWithIds(db: Db, ids: readonly string[]): Promise<BatchDocument[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'type', 'number', 'status', 'warehouse_no', 'destination_warehouse_no', 'completed_at'])
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The open documents holding packs of the batch counted without serials (ScanLite: no unit is on the
 * document, decision 0027), with the packs still counted (counts less reverses and removals).
 */
export async function countedOnOpenDocuments(
  db: Db,
  materialNo: string,
  batchNo: string,
): Promise<{ docType: string; docNo: string; units: number }[]> {
  const { rows } = await sql<{ type: string; number: string; packs: number | string }>`
    SELECT d.type, d.number, SUM(CASE WHEN c.kind = 'scan' THEN 1 ELSE -1 END) AS packs
    FROM counted_scans c JOIN documents d ON d.id = c.document_id
    WHERE c.material_no = ${materialNo} AND c.batch_no = ${batchNo} AND d.status <> 'Completed'
    GROUP BY d.type, d.number
    HAVING SUM(CASE WHEN c.kind = 'scan' THEN 1 ELSE -1 END) > 0`.execute(db);
  return rows.map((r) => ({ docType: r.type, docNo: r.number, units: Number(r.packs) }));
}

/**
 * PostgreSQL: `work` in one read-only REPEATABLE READ transaction (one snapshot, on a connection of the
 * pool others do not wait for). SQLite: statement by statement, since a transaction would hold its one
 * connection, every scan waiting, for as long as the work lasts.
 */
export function inSnapshot<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
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
