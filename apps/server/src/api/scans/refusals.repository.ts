import type { DocumentType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';

export interface Refusal {
  scanId: string;
  userId: string;
  docType: string;
  docNo: string;
  code: string;
  at: string;
}

/**
 * One refused scan, with its document's warehouse read in the same statement (null when no document of
 * that type and number exists). A resend of the same scanId keeps the first row: a refused scan counts once.
 */
export async function insertRefusal(db: Db, r: Refusal): Promise<void> {
  await db
    .insertInto('scan_refusals')
    .values((eb) => ({
      id: r.scanId,
      user_id: r.userId,
      doc_type: r.docType,
      doc_no: r.docNo,
      warehouse_no: eb
        .selectFrom('documents')
        .select('warehouse_no')
        .where('type', '=', r.docType as DocumentType)
        .where('number', '=', r.docNo),
      code: r.code,
      at: r.at,
    }))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
