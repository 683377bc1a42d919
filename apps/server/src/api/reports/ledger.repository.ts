import type { ItemReason, UnitStatus } from '@pharma/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StockScope } from './stock.repository.ts';

/**
 * The ledger's reads (decision 0077). SQL only: the movements since an instant, aggregated, each group
 * with what the caller needs to tell whether its packs entered or left the stock. The stock now is the
 * stock report's own statement (`stockByStatus`).
 */

/** Packs of completed documents of one type, warehouse, material, batch and completion day, by their state before the scan. */
export interface CompletedPacksRow {
  doc_type: string;
  /** 1 when the document receives another's stock (an IBD naming its STO). */
  receives: number | string;
  warehouse_no: string;
  material_no: string;
  batch_no: string | null;
  day: string;
  before_status: UnitStatus | null;
  before_reason: ItemReason | null;
  /** The pack's state right before the completion, as the completion's audit row of it says ({"status","reason"}); null when none. */
  completion_before_json: string | null;
  packs: number | string;
}

/**
 * The packs (EA) on documents of the warehouses completed at or after `since`: one statement, grouped by
 * document type, its receiving another's stock, warehouse, material, batch, completion day and each
 * pack's state before its scan (`scan_items`). Completion stamps `completed_at` in the write that moves
 * the packs, so the day is the movement's. Read through the documents, then each one's scan items by the
 * primary key (document_id, unit_id), then the units by id. No index on `completed_at` (see 0077's 'Left').
 * Each pack's state right before the completion is its row of the completion in the audit trail (same
 * time, action `complete TYPE NUMBER`: `documentAuditAction`), found by audit_log_entity (entity,
 * entity_id, at): an item status edit made while the pack was on the document is its own movement.
 */
export async function completedPacks(db: Db, scope: StockScope, since: string): Promise<CompletedPacksRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const material = scope.materialNo === null ? sql`` : sql`AND h.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND h.batch_no = ${scope.batchNo}`;
  const day = sql`substr(d.completed_at, 1, 10)`;
  const receives = sql`CASE WHEN d.source_document_id IS NULL THEN 0 ELSE 1 END`;
  const { rows } = await sql<CompletedPacksRow>`
    SELECT d.type AS doc_type, ${receives} AS receives, d.warehouse_no, h.material_no, h.batch_no, ${day} AS day,
      s.before_status, s.before_reason, a.before_json AS completion_before_json, COUNT(*) AS packs
    FROM documents d
    JOIN scan_items s ON s.document_id = d.id
    JOIN handling_units h ON h.id = s.unit_id
    LEFT JOIN audit_log a ON a.entity = 'unit' AND a.entity_id = s.unit_id AND a.at = d.completed_at
      AND a.action = 'complete ' || d.type || ' ' || d.number
    WHERE d.status = 'Completed' AND d.completed_at >= ${since} AND d.warehouse_no IN (${sql.join(scope.warehouseNos)})
      AND h.type = 'EA' ${material} ${batch}
    GROUP BY d.type, ${receives}, d.warehouse_no, h.material_no, h.batch_no, ${day}, s.before_status, s.before_reason, a.before_json`.execute(
    db,
  );
  return rows;
}

/** Packs whose status an item status edit changed, per warehouse, material, batch, day and change (the audit's JSON states). */
export interface StatusEditRow {
  warehouse_no: string;
  material_no: string;
  batch_no: string | null;
  day: string;
  before_json: string | null;
  after_json: string | null;
  packs: number | string;
}

/**
 * The item status edits (`/api/itemStatus`: audit rows of entity 'unit', action 'status', one per unit
 * of the edited tree with its state before and after) at or after `since`, on packs now in the
 * warehouses. An edit keeps the unit's warehouse; the warehouse read is the pack's now (decision 0077
 * names the case where the pack has moved since). Read through audit_log_entity's entity prefix: every
 * unit row is looked at, no index leads by action or time (see 0077's 'Left').
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
    WHERE a.entity = 'unit' AND a.action = 'status' AND a.at >= ${since}
      AND h.type = 'EA' AND h.warehouse_no IN (${sql.join(scope.warehouseNos)}) ${material} ${batch}
    GROUP BY h.warehouse_no, h.material_no, h.batch_no, ${day}, a.before_json, a.after_json`.execute(db);
  return rows;
}
