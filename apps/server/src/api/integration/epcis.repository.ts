import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** EPCIS events received, kept by eventID so that a document sent again changes nothing. SQL only. */

export async function eventReceived(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('epcis_events').select('id').where('id', '=', id).executeTakeFirst());
}

export async function insertEvent(
  db: Db,
  e: { id: string; eventType: string; action: string | null; applied: boolean; bodyJson: string; receivedAt: string },
): Promise<void> {
  await db
    .insertInto('epcis_events')
    .values({
      id: e.id,
      event_type: e.eventType,
      action: e.action,
      applied: e.applied ? 1 : 0,
      body_json: e.bodyJson,
      received_at: e.receivedAt,
    })
    .execute();
}

/** A warehouse and its area: where a unit belongs (decision 0019). */
export interface Place {
  warehouseNo: string;
  area: string;
}

/** The place of each warehouse named. */
export async function placesOf(db: Db, warehouseNos: readonly string[]): Promise<Place[]> {
  if (warehouseNos.length === 0) return [];
  const rows = await db
    .selectFrom('warehouses')
    .select(['warehouse_no', 'area'])
    .where('warehouse_no', 'in', [...warehouseNos])
    .orderBy('warehouse_no')
    .execute();
  return rows.map((r) => ({ warehouseNo: r.warehouse_no, area: r.area }));
}

/** Units asked about at once: well under the bound parameters of both databases. */
const TREES_AT_ONCE = 500;

/**
 * For each unit, the warehouses its tree belongs to (decision 0056): every unit above it, itself and
 * every unit under it, each in its warehouse, or, in none (announced), in the warehouses of the
 * documents it is named or scanned on (decision 0019). A unit of none of them is in no map entry.
 */
export async function treePlaces(db: Db, unitIds: readonly string[]): Promise<Map<string, Place[]>> {
  const places = new Map<string, Place[]>();
  for (let at = 0; at < unitIds.length; at += TREES_AT_ONCE) {
    const ids = sql.join(unitIds.slice(at, at + TREES_AT_ONCE));
    const rows = await sql<{ root: string; warehouse_no: string; area: string }>`
      WITH RECURSIVE down(root, id) AS (
        SELECT id, id FROM handling_units WHERE id IN (${ids})
        UNION ALL SELECT down.root, h.id FROM handling_units h JOIN down ON h.parent_id = down.id
      ), up(root, id, parent_id) AS (
        SELECT id, id, parent_id FROM handling_units WHERE id IN (${ids})
        UNION ALL SELECT up.root, h.id, h.parent_id FROM handling_units h JOIN up ON h.id = up.parent_id
      ), tree(root, id) AS (
        SELECT root, id FROM down UNION SELECT root, id FROM up
      ), homes(root, warehouse_no) AS (
        SELECT tree.root, h.warehouse_no FROM tree JOIN handling_units h ON h.id = tree.id WHERE h.warehouse_no IS NOT NULL
        UNION
        SELECT tree.root, d.warehouse_no FROM tree
          JOIN handling_units h ON h.id = tree.id AND h.warehouse_no IS NULL
          JOIN (SELECT unit_id, document_id FROM document_units UNION ALL SELECT unit_id, document_id FROM scan_items) du ON du.unit_id = tree.id
          JOIN documents d ON d.id = du.document_id
      )
      SELECT homes.root, homes.warehouse_no, w.area FROM homes JOIN warehouses w ON w.warehouse_no = homes.warehouse_no
      ORDER BY homes.root, homes.warehouse_no`.execute(db);
    for (const r of rows.rows) {
      const list = places.get(r.root) ?? [];
      list.push({ warehouseNo: r.warehouse_no, area: r.area });
      places.set(r.root, list);
    }
  }
  return places;
}
