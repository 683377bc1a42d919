import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../../db/schema.ts';
import type { NewUnit } from '../inventory/units.repository.ts';

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

/** The place of each warehouse with one of these GLNs (an EPCIS event's destination, decision 0083). */
export async function placesWithGln(db: Db, glns: readonly string[]): Promise<Place[]> {
  if (glns.length === 0) return [];
  const rows = await db
    .selectFrom('warehouses')
    .select(['warehouse_no', 'area'])
    .where('gln', 'in', [...glns])
    .orderBy('warehouse_no')
    .execute();
  return rows.map((r) => ({ warehouseNo: r.warehouse_no, area: r.area }));
}

/** Units asked about at once: well under the bound parameters of both databases. */
const TREES_AT_ONCE = 500;

/**
 * For each unit, the warehouses its tree belongs to (decision 0056): every unit above it, itself and
 * every unit under it, each in its warehouse, or, in none (announced), in the warehouses of the
 * documents it is named or scanned on (decision 0019) and of the warehouse an EPCIS event addressed it to
 * (decision 0083). A unit of none of them is in no map entry.
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
        UNION
        SELECT tree.root, a.warehouse_no FROM tree
          JOIN handling_units h ON h.id = tree.id AND h.warehouse_no IS NULL
          JOIN epcis_announced_units au ON au.unit_id = tree.id
          JOIN epcis_announcements a ON a.id = au.announcement_id
          WHERE a.warehouse_no IS NOT NULL
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

/** Rows a statement reads or writes at once: 15 bound parameters a unit row, well under both databases' limit. */
const UNITS_AT_ONCE = 500;

function slices<T>(all: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < all.length; at += UNITS_AT_ONCE) out.push(all.slice(at, at + UNITS_AT_ONCE));
  return out;
}

/** A unit's key in the maps below: an SSCC (18 digits), or a pack's GTIN and serial with a '/' between. */
export type EpcKey = { sscc: string } | { gtin: string; serial: string };
export const epcKey = (key: EpcKey): string => ('sscc' in key ? key.sscc : `${key.gtin}/${key.serial}`);

/**
 * The units of `keys` that exist, by `epcKey`: a few statements for the EPCs of one part of an event
 * (decision 0082) instead of one a unit.
 */
export async function findUnits(db: Db, keys: readonly EpcKey[]): Promise<Map<string, UnitRow>> {
  const found = new Map<string, UnitRow>();
  const ssccs = new Set<string>();
  const serialsOf = new Map<string, Set<string>>();
  for (const key of keys) {
    if ('sscc' in key) ssccs.add(key.sscc);
    else serialsOf.set(key.gtin, (serialsOf.get(key.gtin) ?? new Set()).add(key.serial));
  }
  for (const part of slices([...ssccs])) {
    for (const row of await db.selectFrom('handling_units').selectAll().where('sscc', 'in', part).execute()) found.set(row.sscc!, row);
  }
  for (const [gtin, serials] of serialsOf) {
    for (const part of slices([...serials])) {
      const rows = await db.selectFrom('handling_units').selectAll().where('serial', 'in', part).where('gtin', '=', gtin).execute();
      for (const row of rows) found.set(epcKey({ gtin, serial: row.serial! }), row);
    }
  }
  return found;
}

/** Units a notice announces: under no parent and in no warehouse yet, a multi-row INSERT a slice. */
export async function insertUnits(db: Db, units: readonly NewUnit[]): Promise<void> {
  for (const part of slices(units)) {
    await db
      .insertInto('handling_units')
      .values(
        part.map((u) => ({
          id: u.id,
          type: u.type,
          sscc: u.sscc,
          gtin: u.gtin,
          serial: u.serial,
          parent_id: null,
          material_no: u.materialNo,
          batch_no: u.batchNo,
          expiry: u.expiry,
          status: u.status,
          reason: u.reason,
          warehouse_no: null,
          created_at: u.at,
          updated_at: u.at,
        })),
      )
      .execute();
  }
}

/** The units expected on the document (a desadv); returns how many were not expected on it before. */
export async function expectUnits(db: Db, documentId: string, unitIds: readonly string[]): Promise<number> {
  let added = 0;
  for (const part of slices([...new Set(unitIds)])) {
    const r = await db
      .insertInto('document_units')
      .values(part.map((unitId) => ({ document_id: documentId, unit_id: unitId })))
      .onConflict((oc) => oc.columns(['document_id', 'unit_id']).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
