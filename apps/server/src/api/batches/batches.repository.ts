import type { BatchStatus } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { BatchStatusRow } from '../../db/schema.ts';

/**
 * Batch statuses (issue 30, decision 0070): a row per batch ever put on hold or recalled; a batch
 * without one is RELEASED.
 */

/** The batch's status row, or undefined for a batch never held. */
export async function findBatchStatus(db: Db, materialNo: string, batchNo: string): Promise<BatchStatusRow | undefined> {
  return db
    .selectFrom('batch_statuses')
    .selectAll()
    .where('material_no', '=', materialNo)
    .where('batch_no', '=', batchNo)
    .executeTakeFirst();
}

/** The batch's status: RELEASED when it was never held. */
export async function batchStatus(db: Db, materialNo: string, batchNo: string): Promise<BatchStatus> {
  return (await findBatchStatus(db, materialNo, batchNo))?.status ?? 'RELEASED';
}
