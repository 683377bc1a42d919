import { sql } from 'kysely';
import type { DocumentType, MovementUnit } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { NewEpcisMovementRow } from '../../db/schema.ts';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { buildOwedBatchEvents } from './batch-status-events.ts';

/** The GLN and time zone of a warehouse, as its EPCIS events name it. */
export async function warehousePlace(db: Db, warehouseNo: string): Promise<{ gln: string | null; timeZone: string | null } | undefined> {
  const row = await db.selectFrom('warehouses').select(['gln', 'time_zone']).where('warehouse_no', '=', warehouseNo).executeTakeFirst();
  return row && { gln: row.gln, timeZone: row.time_zone };
}

/** The GLN of the warehouse a document sends its stock to (a transfer's destination), if it names one with a GLN. */
export async function destinationGln(db: Db, documentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('warehouses as w', 'w.warehouse_no', 'd.destination_warehouse_no')
    .select('w.gln')
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  return row?.gln ?? null;
}

/** The packs a counted document took (ScanLite, migration 0008), per GTIN and batch: its scans less its reverses. */
export async function countedQuantities(db: Db, documentId: string): Promise<{ gtin: string; lot: string; quantity: number }[]> {
  const rows = await db
    .selectFrom('counted_scans as c')
    .innerJoin('materials as m', 'm.material_no', 'c.material_no')
    .select(['m.gtin', 'c.batch_no', sql<number>`SUM(CASE WHEN c.kind = 'scan' THEN 1 ELSE -1 END)`.as('n')])
    .where('c.document_id', '=', documentId)
    .groupBy(['m.gtin', 'c.batch_no'])
    .execute();
  return rows.filter((r) => r.gtin !== null).map((r) => ({ gtin: r.gtin!, lot: r.batch_no, quantity: Number(r.n) }));
}

/** Every unit a document's scans put on it: each scanned root and every unit under it (migration 0003). */
export async function movedUnits(db: Db, documentId: string): Promise<MovementUnit[]> {
  return db
    .selectFrom('scan_items as s')
    .innerJoin('handling_units as h', 'h.id', 's.unit_id')
    .select(['h.sscc', 'h.gtin', 'h.serial'])
    .where('s.document_id', '=', documentId)
    .execute();
}

/** Keeps an event; one already kept (the same eventID) is left as it is. */
export async function insertMovement(db: Db, row: NewEpcisMovementRow): Promise<void> {
  await db
    .insertInto('epcis_movements')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

const gunzipped = promisify(gunzip);

export interface MovementFilter {
  docType?: DocumentType;
  docNo?: string;
  /** ISO-8601 UTC with milliseconds, as event_time holds it: inclusive. */
  from?: string;
  /** Exclusive. */
  to?: string;
  /**
   * Whether repacking's AggregationEvents (migration 0015) are read: a repack's under its number, a move
   * made outside any repack under none. The service says so: no type named, or the aggregating family's.
   */
  aggregations: boolean;
}

/** The kept events matching the filter, oldest first, as their JSON text. */
export async function findMovements(db: Db, f: MovementFilter): Promise<string[]> {
  const batchEvents = f.docType === undefined && f.docNo === undefined;
  // A batch status change whose events are still owed (being built, or a server stopped before it built them) is built first.
  if (batchEvents) await buildOwedBatchEvents(db);
  let q = db.selectFrom('epcis_movements').select('body_json');
  if (f.docType !== undefined) q = q.where('doc_type', '=', f.docType);
  if (f.docNo !== undefined) q = q.where('doc_no', '=', f.docNo);
  if (f.from !== undefined) q = q.where('event_time', '>=', f.from);
  if (f.to !== undefined) q = q.where('event_time', '<', f.to);
  const rows = await q.select(['event_time', 'id']).execute();
  // Repacking's AggregationEvents: a move made outside any repack belongs to no document, so a query
  // naming a type or a number leaves it out.
  if (f.aggregations) {
    let a = db.selectFrom('epcis_aggregations').select(['body_json', 'event_time', 'id']);
    if (f.docType !== undefined) a = a.where('repack_no', 'is not', null);
    if (f.docNo !== undefined) a = a.where('repack_no', '=', f.docNo);
    if (f.from !== undefined) a = a.where('event_time', '>=', f.from);
    if (f.to !== undefined) a = a.where('event_time', '<', f.to);
    rows.push(...(await a.execute()));
  }
  // A batch put on hold, recalled or released (migration 0027, decision 0073): no document's, so a query
  // naming a type or a number leaves it out.
  // Their JSON is kept gzipped (migration 0028), unzipped off the event loop.
  if (batchEvents) {
    let b = db.selectFrom('epcis_batch_events').select(['body_gzip', 'event_time', 'id']);
    if (f.from !== undefined) b = b.where('event_time', '>=', f.from);
    if (f.to !== undefined) b = b.where('event_time', '<', f.to);
    for (const { body_gzip, ...row } of await b.execute()) rows.push({ ...row, body_json: (await gunzipped(body_gzip)).toString('utf8') });
  }
  const order = (x: { event_time: string; id: string }, y: { event_time: string; id: string }) =>
    x.event_time === y.event_time ? (x.id < y.id ? -1 : x.id > y.id ? 1 : 0) : x.event_time < y.event_time ? -1 : 1;
  return rows.sort(order).map((r) => r.body_json);
}
