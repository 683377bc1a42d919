import { sql } from 'kysely';
import type { BatchStatus, HeldOnDocument } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { ScanKind } from '../../db/schema.ts';

/** Scans of counted families (ScanLite, migration 0008): a pack of a material and batch on a line. SQL only. */

export interface NewCountedScan {
  id: string;
  documentId: string;
  kind: ScanKind;
  code: string;
  materialNo: string;
  batchNo: string;
  lineNo: number;
  userId: string;
  device: string | null;
  at: string;
  requestHash: string;
  /** The answer a repeat of the scanId gets. */
  responseJson: string;
}

/** Fails on the scanId's key when that id was used before. */
export async function insertCountedScan(db: Db, s: NewCountedScan): Promise<void> {
  await db
    .insertInto('counted_scans')
    .values({
      id: s.id,
      document_id: s.documentId,
      kind: s.kind,
      code: s.code,
      material_no: s.materialNo,
      batch_no: s.batchNo,
      line_no: s.lineNo,
      user_id: s.userId,
      device: s.device,
      at: s.at,
      request_hash: s.requestHash,
      response_json: s.responseJson,
    })
    .execute();
}

export function storedCountedAnswer(db: Db, scanId: string): Promise<{ request_hash: string; response_json: string } | undefined> {
  return db.selectFrom('counted_scans').select(['request_hash', 'response_json']).where('id', '=', scanId).executeTakeFirst();
}

/**
 * The material whose GTIN a counted pack carries, with the status of its batch `batchNo` (null: never
 * held), in one statement (issue 30, decision 0072): a counted scan reads its batch's status with its
 * material, and sends no statement more for it.
 */
export function materialWithBatchStatus(
  db: Db,
  gtin: string,
  batchNo: string,
): Promise<{ material_no: string; batch_status: BatchStatus | null } | undefined> {
  return db
    .selectFrom('materials as m')
    .select((eb) => [
      'm.material_no',
      eb
        .selectFrom('batch_statuses as bs')
        .select('bs.status')
        .whereRef('bs.material_no', '=', 'm.material_no')
        .where('bs.batch_no', '=', batchNo)
        .as('batch_status'),
    ])
    .where('m.gtin', '=', gtin)
    .executeTakeFirst();
}

/** The packs of a material and batch counted on each line of a document: its scans less its reverses. */
export async function countedOnLines(db: Db, documentId: string, materialNo: string, batchNo: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('counted_scans')
    .select(['line_no', sql<number>`SUM(CASE WHEN kind = 'scan' THEN 1 ELSE -1 END)`.as('n')])
    .where('document_id', '=', documentId)
    .where('material_no', '=', materialNo)
    .where('batch_no', '=', batchNo)
    .groupBy('line_no')
    .execute();
  return new Map(rows.map((r) => [Number(r.line_no), Number(r.n)]));
}

/**
 * The packs of each batch on hold or recalled still counted on a counted document (its scans less its
 * reverses and removals), with the batch's status, in one statement (issue 30, decision 0072): what a
 * counted document's completion gives `heldBatchCompletion`, as `heldBatchesAmong` does for units.
 */
export async function heldBatchesCounted(db: Db, documentId: string): Promise<HeldOnDocument[]> {
  const { rows } = await sql<{ material_no: string; batch_no: string; status: HeldOnDocument['status']; packs: number | string }>`
    SELECT c.material_no, c.batch_no, bs.status, SUM(CASE WHEN c.kind = 'scan' THEN 1 ELSE -1 END) AS packs
    FROM counted_scans c JOIN batch_statuses bs ON bs.material_no = c.material_no AND bs.batch_no = c.batch_no
    WHERE c.document_id = ${documentId} AND bs.status <> 'RELEASED'
    GROUP BY c.material_no, c.batch_no, bs.status
    HAVING SUM(CASE WHEN c.kind = 'scan' THEN 1 ELSE -1 END) > 0`.execute(db);
  return rows.map((r) => ({ materialNo: r.material_no, batchNo: r.batch_no, status: r.status, packs: Number(r.packs) }));
}

/**
 * What is still on a document after something was taken off it (issue 27): the packs its lines count
 * (units and counted packs alike, as the list card and the details add them up), the units scanned
 * on it and the cartons labelled on it (redress). Nothing left: the document is Open again.
 */
export async function leftOnDocument(db: Db, documentId: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT (SELECT COALESCE(SUM(scanned_quantity), 0) FROM document_lines WHERE document_id = ${documentId})
      + (SELECT COUNT(*) FROM scan_items WHERE document_id = ${documentId})
      + (SELECT COUNT(*) FROM redress_cartons WHERE document_id = ${documentId}) AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
