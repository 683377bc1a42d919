import type { DocumentStatus, DocumentType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { EpcisAnnouncementsTable } from '../../db/schema.ts';

/**
 * Units announced by EPCIS events (decision 0083): the event that announced each unit an event named at
 * its top while in no warehouse, and where it sent it. Written by the intake, read by search. SQL only.
 */

export type AnnouncementRow = EpcisAnnouncementsTable;

/** Units linked in one statement: two parameters each, well under the bound parameters of both databases. */
const UNITS_AT_ONCE = 500;

export async function insertAnnouncement(db: Db, row: AnnouncementRow): Promise<void> {
  await db.insertInto('epcis_announcements').values(row).execute();
}

/** The event of an announcement is no longer known by its hash (an event without eventID taken in parts). */
export async function forgetEventId(db: Db, id: string): Promise<void> {
  await db.updateTable('epcis_announcements').set({ event_id: null }).where('id', '=', id).execute();
}

/**
 * The units take the announcement. With `replace` (it addresses a warehouse) it replaces the one a unit
 * had; without, a unit keeps the one it had.
 */
export async function announceUnits(db: Db, announcementId: string, unitIds: readonly string[], replace: boolean): Promise<void> {
  for (let at = 0; at < unitIds.length; at += UNITS_AT_ONCE) {
    const rows = unitIds.slice(at, at + UNITS_AT_ONCE).map((unit_id) => ({ unit_id, announcement_id: announcementId }));
    await db
      .insertInto('epcis_announced_units')
      .values(rows)
      .onConflict((oc) =>
        replace
          ? oc.column('unit_id').doUpdateSet({ announcement_id: (eb) => eb.ref('excluded.announcement_id') })
          : oc.column('unit_id').doNothing(),
      )
      .execute();
  }
}

/** The unit and every unit above it, by depth (the unit itself 0). */
const UP = `WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT id, parent_id, 0 FROM handling_units WHERE id = ?
    UNION ALL SELECT h.id, h.parent_id, up.depth + 1 FROM handling_units h JOIN up ON h.id = up.parent_id
  )`;

const nearestAnnouncement = prepared<AnnouncementRow, [string]>(`${UP}
  SELECT a.* FROM up
  JOIN epcis_announced_units au ON au.unit_id = up.id
  JOIN epcis_announcements a ON a.id = au.announcement_id
  ORDER BY CASE WHEN a.warehouse_no IS NULL THEN 1 ELSE 0 END, up.depth
  LIMIT 1`);

/**
 * The announcement of a unit: of the unit and the units above it, the nearest whose event addressed a
 * warehouse, else the nearest (a pack commissioned by one event and sent inside its pallet by another).
 */
export async function announcementOf(db: Db, unitId: string): Promise<AnnouncementRow | undefined> {
  return (await nearestAnnouncement(db, unitId))[0];
}

export interface NamingDocument {
  type: DocumentType;
  number: string;
  status: DocumentStatus;
  created_at: string;
}

const documentsNaming = prepared<NamingDocument, [string]>(`${UP}
  SELECT DISTINCT d.type, d.number, d.status, d.created_at FROM up
  JOIN (SELECT unit_id, document_id FROM document_units UNION ALL SELECT unit_id, document_id FROM scan_items) du ON du.unit_id = up.id
  JOIN documents d ON d.id = du.document_id
  ORDER BY d.created_at, d.number`);

/** The documents that name or scanned the unit or a unit above it, oldest first. */
export function documentsOf(db: Db, unitId: string): Promise<NamingDocument[]> {
  return documentsNaming(db, unitId);
}
