import type { Db } from '../../db/database.ts';
import type { EpcisBatchChangeRow, NewEpcisBatchEventRow } from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { NewEpcisBatchEventRow };

/**
 * A batch status's EPCIS events (decision 0073): the change whose events are owed, written in the
 * change's transaction (migration 0027, `epcis_batch_changes`), and the events, kept with the change
 * marked built in one short transaction once they are made. The units they name are read by
 * `api/batches/batch-units.ts`, whose `in_stock` is the one rule of a pack in the warehouse.
 */

/** Owes the events of a change: the row a server stopped before building them leaves for the export to build. */
export async function insertOwed(db: Db, row: EpcisBatchChangeRow): Promise<void> {
  await db.insertInto('epcis_batch_changes').values(row).execute();
}

/** The changes whose events are still owed, oldest first. */
export async function owedChanges(db: Db): Promise<EpcisBatchChangeRow[]> {
  return db.selectFrom('epcis_batch_changes').selectAll().where('built_at', 'is', null).orderBy('changed_at').orderBy('id').execute();
}

/** The GLN and time zone of each of the warehouses. */
export async function warehousePlaces(
  db: Db,
  warehouseNos: readonly string[],
): Promise<Map<string, { gln: string | null; timeZone: string | null }>> {
  if (warehouseNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('warehouses')
    .select(['warehouse_no', 'gln', 'time_zone'])
    .where('warehouse_no', 'in', [...warehouseNos])
    .execute();
  return new Map(rows.map((r) => [r.warehouse_no, { gln: r.gln, timeZone: r.time_zone }]));
}

/**
 * Keeps a change's events and marks it built, in one transaction, if no one built it meanwhile (the
 * export and the change's own build may meet; the first to commit wins, the other writes nothing). An
 * event already kept (the same eventID: the same units at the same time) is left as it is.
 */
export async function keepBuiltEvents(db: Db, changeId: string, rows: readonly NewEpcisBatchEventRow[], builtAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('epcis_batch_changes')
      .set({ built_at: builtAt })
      .where('id', '=', changeId)
      .where('built_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0 || rows.length === 0) return;
    await trx
      .insertInto('epcis_batch_events')
      .values([...rows])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}
