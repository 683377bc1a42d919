import { BATCH_STATUS_CBV, movementEvent, type BatchStatus } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { NewEpcisBatchEventRow } from '../../db/schema.ts';
import * as repo from './batch-status-events.repository.ts';
import { offsetAt, sha256Hex } from './movements.service.ts';

/** A batch's status change as the batches service makes it (issue 30). */
export interface BatchStatusChange {
  materialNo: string;
  batchNo: string;
  status: BatchStatus;
  previous: BatchStatus;
  reason: string;
  /** When the change was made: the `changed_at` written, ISO 8601. */
  at: string;
  actorId: string;
}

/**
 * Records, inside the caller's transaction, what partners learn of a batch's new status through the
 * EPCIS export (decision 0073): per warehouse holding units of the batch, one ObjectEvent (action
 * OBSERVE) of every SGTIN of its packs there and every SSCC of the pallets and cartons holding them, at
 * the warehouse's SGLN, business step `holding`, disposition `non_sellable_other` (on hold), `recalled`
 * or `sellable_not_accessible` (released). The batch itself is named by its SGTINs, whose lot their
 * commissioning gave (EPCIS 2.0 allows ilmd on an ADD only). A warehouse with no such units gets no event;
 * a warehouse GLN or time zone that is not one throws (the change rolls back). Two statements and one
 * insert whatever the batch's size: the units are read in one query, the events written in one.
 */
export async function recordBatchStatusEvent(trx: Db, change: BatchStatusChange): Promise<void> {
  const byWarehouse = await repo.batchUnitsByWarehouse(trx, change.materialNo, change.batchNo);
  const places = await repo.warehousePlaces(trx, [...byWarehouse.keys()]);
  const cbv = BATCH_STATUS_CBV[change.status];
  const rows: NewEpcisBatchEventRow[] = [];
  for (const [warehouseNo, units] of [...byWarehouse].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const place = places.get(warehouseNo);
    const built = movementEvent(
      { cbv, at: change.at, timeZoneOffset: offsetAt(place?.timeZone ?? null, change.at), gln: place?.gln ?? null, units },
      sha256Hex,
    );
    if (!built.ok) {
      if (built.error === 'NO_UNITS') continue;
      throw new Error(`EPCIS event of batch ${change.materialNo}/${change.batchNo} in ${warehouseNo}: ${built.error}`);
    }
    const { event } = built;
    rows.push({
      id: event.eventID!,
      material_no: change.materialNo,
      batch_no: change.batchNo,
      status: change.status,
      warehouse_no: warehouseNo,
      event_time: event.eventTime,
      body_json: JSON.stringify(event),
      created_at: new Date().toISOString(),
    });
  }
  await repo.insertBatchEvents(trx, rows);
}
