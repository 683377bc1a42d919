import type { DocumentStatus, DocumentType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';

/** The dashboard's one read of its own (decision 0077): the rest are the reports' reads. SQL only. */

/**
 * Documents of these warehouses and types in these statuses. One count over `documents`: no index serves
 * status (the lists read by type and time), and a scan of 100,000 rows is a few milliseconds; an index on
 * `(status, warehouse_no)` would cost every status change a write for one figure.
 */
export async function documentCount(
  db: Db,
  q: { warehouseNos: readonly string[]; types: readonly DocumentType[]; statuses: readonly DocumentStatus[] },
): Promise<number> {
  // `in ()` is no SQL: an area with no warehouse has no documents.
  if (q.warehouseNos.length === 0 || q.types.length === 0 || q.statuses.length === 0) return 0;
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('warehouse_no', 'in', q.warehouseNos)
    .where('type', 'in', q.types)
    .where('status', 'in', q.statuses)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a string.
  return Number(row.n);
}
