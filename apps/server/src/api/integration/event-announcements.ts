import { createHash } from 'node:crypto';
import { destinationGlns } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import * as announcements from '../inventory/announcements.repository.ts';
import { placesWithGln, type Place } from './epcis.repository.ts';

/**
 * Units announced by EPCIS, found before they are received (issue 34, decision 0083): an event the intake
 * acts on is recorded as the announcement of the units it names at its top while they are in no
 * warehouse, with the warehouse it sends them to (its destination location, or the IBD of its desadv).
 */

type Json = Record<string, unknown>;

/** What the parts of one event (decision 0043) share about its announcement: made by the first that announces a unit. */
export interface AnnouncementPart {
  id: string;
  /** Its event is known by the hash of its first part, which is the whole event's only if no part follows. */
  hashed: boolean;
}

/** The warehouses of ours an event's destination list sends its goods to. */
export function destinationPlaces(db: Db, event: Json): Promise<Place[]> {
  return placesWithGln(db, destinationGlns(event));
}

/**
 * The units take the event as their announcement; `places` is where it sends them (one warehouse at
 * most). An event that sends them nowhere of ours leaves a unit already announced with the announcement
 * it had: packing the goods of a shipping notice does not take away where they were sent.
 */
export async function announce(
  db: Db,
  at: string,
  event: Json,
  from: number,
  parts: { announcement?: AnnouncementPart },
  places: readonly Place[],
  unitIds: readonly string[],
): Promise<void> {
  const known = parts.announcement;
  // A later part of an event without eventID: its first part's hash is not the key the event is kept by.
  if (known?.hashed && from > 0) {
    await announcements.forgetEventId(db, known.id);
    known.hashed = false;
  }
  if (unitIds.length === 0) return;
  const id = known?.id ?? (await record(db, at, event, from, parts, places));
  await announcements.announceUnits(db, id, unitIds, places.length > 0);
}

/** The event's announcement, made by its first part that announces a unit. */
async function record(
  db: Db,
  at: string,
  event: Json,
  from: number,
  parts: { announcement?: AnnouncementPart },
  places: readonly Place[],
): Promise<string> {
  const eventId = typeof event.eventID === 'string' ? event.eventID : null;
  const made: AnnouncementPart = { id: newId(), hashed: eventId === null && from === 0 };
  await announcements.insertAnnouncement(db, {
    id: made.id,
    event_id: eventId ?? (made.hashed ? hashKey(event) : null),
    event_type: String(event.type),
    biz_step: typeof event.bizStep === 'string' ? event.bizStep : null,
    event_time: String(event.eventTime),
    warehouse_no: places[0]?.warehouseNo ?? null,
    received_at: at,
  });
  parts.announcement = made;
  return made.id;
}

/** The key the intake keeps an event without eventID by (epcis.service.ts, applyItems): the SHA-256 of its JSON. */
function hashKey(event: Json): string {
  return 'sha256:' + createHash('sha256').update(JSON.stringify(event)).digest('hex');
}
