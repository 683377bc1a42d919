import type { Application, DocumentType } from '@pharma/domain';
import type { VerificationPurpose } from '@pharma/domain/contract/verification';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/prepared.ts';
import type { UnitRow, VerificationRequestRow } from '../../db/schema.ts';

/** What a scan's verification reads and writes besides the outbox (scan-verification.ts). SQL only. */

/** A document, with the national system of its warehouse: none when the document is unknown (in the area) or its warehouse has no system set. */
export interface ScanContext {
  id: string;
  type: DocumentType;
  number: string;
  status: string;
  warehouse_no: string;
  system: VerificationRequestRow['system'];
}

/** One read: the document, and its warehouse's national system if one is set (else nothing). */
export function scanContext(db: Db, type: DocumentType, number: string, area?: Application): Promise<ScanContext | undefined> {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('verification_settings as s', 's.warehouse_no', 'd.warehouse_no')
    .select(['d.id', 'd.type', 'd.number', 'd.status', 'd.warehouse_no', 's.system'])
    .where('d.type', '=', type)
    .where('d.number', '=', number);
  if (area) query = query.where('d.warehouse_no', 'in', db.selectFrom('warehouses').select('warehouse_no').where('area', '=', area));
  return query.executeTakeFirst();
}

/** A request's pack as its answer acts on it: its state, and whether the request's document holds it. */
export type RequestPack = Pick<UnitRow, 'id' | 'serial' | 'status' | 'reason'> & { on_document: number };

/** The packs of a request (one product: its GTIN and serials), each with whether `documentId` holds it. */
export function packsOf(db: Db, gtin: string, serials: readonly string[], documentId: string): Promise<RequestPack[]> {
  if (serials.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('handling_units as h')
    .select(['h.id', 'h.serial', 'h.status', 'h.reason'])
    .select((eb) =>
      eb
        .case()
        .when(
          eb.exists(
            eb.selectFrom('scan_items as s').select('s.unit_id').where('s.document_id', '=', documentId).whereRef('s.unit_id', '=', 'h.id'),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('on_document'),
    )
    .where('h.type', '=', 'EA')
    .where('h.gtin', '=', gtin)
    .where('h.serial', 'in', serials)
    .execute() as Promise<RequestPack[]>;
}

/** The units of `ids`, as the unit writers take them. */
export function unitsWithIds(ids: readonly string[]): RawBuilder<unknown> {
  return sql`SELECT id FROM handling_units WHERE id IN (${sql.join(ids)})`;
}

/**
 * The request, its row locked for the caller's transaction on PostgreSQL: a sender writing its answer
 * holds the row until its transaction commits, so this waits for that answer, and a sender that writes
 * later sees what the caller committed. SQLite has one writer: its transactions never interleave.
 */
export function lockRequest(db: Db, id: string): Promise<VerificationRequestRow | undefined> {
  const query = db.selectFrom('verification_requests').selectAll().where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** The requests a scan of `unitId` on the document made that the system answered without verifying every pack. */
export function refusedRequests(
  db: Db,
  purpose: VerificationPurpose,
  unitId: string,
  documentId: string,
): Promise<VerificationRequestRow[]> {
  return db
    .selectFrom('verification_requests')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('unit_id', '=', unitId)
    .where('document_id', '=', documentId)
    .where('state', '=', 'answered')
    .where('outcome', 'in', ['alert', 'refused'])
    .execute();
}

/**
 * The requests of `purpose` with a final answer (answered, or failed) on a document that still holds a
 * pack in `held`: an answer whose handler could not see the pack (written while its scan's transaction
 * was open) and whose process stopped before the scan's own pass applied it. Read once at start: the
 * units are read by state, with no index to help, so not on every tick.
 */
export function settledWithHeldPacks(
  db: Db,
  purpose: VerificationPurpose,
  held: { status: string; reason: string },
): Promise<VerificationRequestRow[]> {
  return db
    .selectFrom('verification_requests')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('state', 'in', ['answered', 'failed'])
    .where(
      'document_id',
      'in',
      db
        .selectFrom('scan_items as s')
        .innerJoin('handling_units as h', 'h.id', 's.unit_id')
        .select('s.document_id')
        .where('h.status', '=', held.status as UnitRow['status'])
        .where('h.reason', '=', held.reason as UnitRow['reason']),
    )
    .orderBy('requested_at')
    .execute();
}
