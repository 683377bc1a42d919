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
