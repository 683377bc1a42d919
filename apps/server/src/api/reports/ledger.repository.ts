import type { ItemReason, UnitStatus } from '@pharma/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StockScope } from './stock.repository.ts';

/**
 * The ledger's reads (decision 0077). SQL only: the movements since an instant, aggregated, each group
 * with what the caller needs to tell whether its packs entered or left the stock. The stock now is the
 * expiry report's own statement (`packsByExpiry`).
 */

/** Packs of completed documents of one type, warehouse, material, batch and completion day, by their state before the scan. */
export interface PacksGroupRow {
  doc_type: string;
  /** 1 when the document receives another's stock (an IBD naming its STO). */
  receives: number | string;
  warehouse_no: string;
  material_no: string;
  batch_no: string | null;
  day: string;
  before_status: UnitStatus | null;
  before_reason: ItemReason | null;
  packs: number | string;
}

export interface CompletedPacksRow extends PacksGroupRow {
  /** Of the packs, those an item status edit changed before the completion (`editedPacks` reads them): a string on PostgreSQL. */
  edited: number | string;
}

/** Packs an item status edit changed before the completion, with their state right before it. */
export interface EditedPacksRow extends PacksGroupRow {
  /** The pack's state right before the completion, as the completion's audit row of it says ({"status","reason"}); null when none. */
  completion_before_json: string | null;
}

/**
 * The conditions on the completed documents (`d`) of the warehouses since an instant and their packs'
 * scan items (`s`), read `FROM documents d CROSS JOIN scan_items s`: that order, which `CROSS JOIN` holds
 * SQLite to, is the completed documents of the period through documents_completed (status, completed_at),
 * then each one's scan items by the primary key (document_id, unit_id). The items carry the pack's
 * material and batch and mark the packs (`counted`; migration 0032), so no unit is read.
 */
function completedSince(scope: StockScope, since: string) {
  const material = scope.materialNo === null ? sql`` : sql`AND s.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND s.batch_no = ${scope.batchNo}`;
  return sql`d.status = 'Completed' AND d.completed_at >= ${since} AND d.warehouse_no IN (${sql.join(scope.warehouseNos)})
    AND s.document_id = d.id AND s.counted = 1 ${material} ${batch}`;
}

/** The columns a group of completed packs is told by (`CompletedPacksRow` less its count). */
const GROUP_COLUMNS = sql`d.type AS doc_type, CASE WHEN d.source_document_id IS NULL THEN 0 ELSE 1 END AS receives, d.warehouse_no,
  s.material_no, s.batch_no, substr(d.completed_at, 1, 10) AS day, s.before_status, s.before_reason`;

/** An item status edit of the scan item's unit (`s`) at or before its document's (`d`) completion. */
const EDITED_BEFORE_COMPLETION = sql`EXISTS (
  SELECT 1 FROM audit_log e
  WHERE e.entity = 'unit' AND e.action = 'status' AND e.entity_id = s.unit_id AND e.at <= d.completed_at)`;

/**
 * The packs on documents of the warehouses completed at or after `since`, grouped by document type, its
 * receiving another's stock, warehouse, material, batch, completion day and each pack's state before its
 * scan. Completion stamps `completed_at` in the write that moves the packs, so the day is the movement's.
 * Each group also counts its packs that an item status edit changed before the completion: a probe of
 * the edits alone per pack (audit_log_unit_edits, migrations 0032 and 0034), so that `editedPacks` is read only
 * when there are some.
 */
export async function completedPacks(db: Db, scope: StockScope, since: string): Promise<CompletedPacksRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const { rows } = await sql<CompletedPacksRow>`
    SELECT ${GROUP_COLUMNS}, COUNT(*) AS packs, SUM(CASE WHEN ${EDITED_BEFORE_COMPLETION} THEN 1 ELSE 0 END) AS edited
    FROM documents d CROSS JOIN scan_items s
    WHERE ${completedSince(scope, since)}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
  return rows;
}

/**
 * Of `completedPacks`, those whose state right before the completion may differ from the one their scan
 * gave them: an item status edit changed them meanwhile (decision 0077). For them that state is the
 * completion's own row of the pack in the audit trail (same time, action `complete TYPE NUMBER`:
 * `documentAuditAction`, found by audit_log_entity (entity, entity_id, at)). Whether a pack had an edit at
 * or before the completion is a probe of the edits alone (audit_log_unit_edits, migrations 0032 and 0034), so the
 * trail is read only for a pack that had one: a few, where `completedPacks` counts them all.
 */
export async function editedPacks(db: Db, scope: StockScope, since: string): Promise<EditedPacksRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const { rows } = await sql<EditedPacksRow>`
    SELECT ${GROUP_COLUMNS}, a.before_json AS completion_before_json, COUNT(*) AS packs
    FROM documents d CROSS JOIN scan_items s
    LEFT JOIN audit_log a ON a.entity = 'unit' AND a.entity_id = s.unit_id AND a.at = d.completed_at
      AND a.action = 'complete ' || d.type || ' ' || d.number
    WHERE ${completedSince(scope, since)} AND ${EDITED_BEFORE_COMPLETION}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db);
  return rows;
}

/** Packs whose status an item status edit changed, per warehouse, material, batch, day and change (the audit's JSON states). */
export interface StatusEditRow {
  /** The pack's warehouse now: null when it is in none. */
  warehouse_no: string | null;
  material_no: string;
  batch_no: string | null;
  day: string;
  before_json: string | null;
  after_json: string | null;
  packs: number | string;
}

/**
 * The status changes of packs outside a completion at or after `since`: item status edits
 * (`/api/itemStatus`) and a stock take's approval (decision 0079), both audit rows of entity 'unit' and
 * action 'status', one per unit with its state before and after. A stock take's rows name the warehouse
 * before and after too (a unit found in another warehouse moves into the counted one); an item status
 * edit keeps the unit's warehouse and names none, so its warehouse is the pack's now (decision 0077 names
 * the case where the pack has moved since). Every area's changes are read (the caller places each in
 * its warehouses): a move out of this area's warehouse is this area's movement, whichever warehouse the
 * pack is in now. Read through the partial index audit_log_status_edits (entity, action, at) of those
 * rows alone (migration 0032): its condition is written here as it is there, in literals, which is how
 * both databases know the index holds every row asked.
 */
export async function statusEdits(db: Db, scope: StockScope, since: string): Promise<StatusEditRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const material = scope.materialNo === null ? sql`` : sql`AND h.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND h.batch_no = ${scope.batchNo}`;
  const day = sql`substr(a.at, 1, 10)`;
  const { rows } = await sql<StatusEditRow>`
    SELECT h.warehouse_no, h.material_no, h.batch_no, ${day} AS day, a.before_json, a.after_json, COUNT(*) AS packs
    FROM audit_log a
    JOIN handling_units h ON h.id = a.entity_id
    WHERE a.entity = 'unit' AND a.action = 'status' AND a.at >= ${since} AND h.type = 'EA' ${material} ${batch}
    GROUP BY h.warehouse_no, h.material_no, h.batch_no, ${day}, a.before_json, a.after_json`.execute(db);
  return rows;
}
