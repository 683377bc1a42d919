import type { Announcement } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import { announcementOf, documentsOf } from '../inventory/announcements.repository.ts';

/**
 * A unit announced by EPCIS and not yet received (decision 0083): in no warehouse, announced (itself or a
 * unit it is in), and on no completed document. A completed one received it (an IBD), counted it short,
 * or sent it on (a transfer's units are in no warehouse until received): none of these is an announcement
 * still waiting. Null for any other unit.
 */
export async function announcedView(db: Db, unit: UnitRow): Promise<Announcement | null> {
  if (unit.warehouse_no !== null) return null;
  const [announcement, documents] = await Promise.all([announcementOf(db, unit.id), documentsOf(db, unit.id)]);
  if (!announcement || documents.some((d) => d.status === 'Completed')) return null;
  return {
    event: { id: announcement.event_id, type: announcement.event_type, bizStep: announcement.biz_step, time: announcement.event_time },
    warehouseNo: announcement.warehouse_no,
    expectedOn: documents.map(({ type, number }) => ({ type, number })),
  };
}
