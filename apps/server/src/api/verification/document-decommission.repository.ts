import type { UnitState } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { VerificationRequestRow } from '../../db/schema.ts';

/** What a document's decommission reads besides the outbox's own writes (document-decommission.ts). SQL only. */

/** A serialised pack on the document, its product as on record. */
export interface DocumentPack {
  gtin: string;
  serial: string;
  batch_no: string | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
}

/**
 * The serialised packs on the document that are in `state` (the completion just gave them it), but those
 * that were in `besides` when they were scanned, in product and serial order.
 */
export function packsInState(db: Db, documentId: string, state: UnitState, besides: UnitState): Promise<DocumentPack[]> {
  return db
    .selectFrom('scan_items as s')
    .innerJoin('handling_units as h', 'h.id', 's.unit_id')
    .select(['h.gtin', 'h.serial', 'h.batch_no', 'h.expiry'])
    .where('s.document_id', '=', documentId)
    .where('h.type', '=', 'EA')
    .where('h.gtin', 'is not', null)
    .where('h.serial', 'is not', null)
    .where('h.status', '=', state.status)
    .where((eb) => (state.reason === null ? eb('h.reason', 'is', null) : eb('h.reason', '=', state.reason)))
    .where((eb) =>
      eb.or([eb('s.before_status', '!=', besides.status), eb(eb.fn.coalesce('s.before_reason', eb.val('')), '!=', besides.reason ?? '')]),
    )
    .orderBy('h.gtin')
    .orderBy('h.serial')
    .execute() as Promise<DocumentPack[]>;
}

/** The document's decommissions (never an undo), oldest first. */
export function decommissionsOf(db: Db, documentId: string): Promise<VerificationRequestRow[]> {
  return db
    .selectFrom('verification_requests')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('operation', '!=', 'verify')
    .where('kind', 'in', ['single', 'bulk'])
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

/** The undos of the document's decommissions, newest first. */
export function undosOf(db: Db, documentId: string): Promise<VerificationRequestRow[]> {
  return db
    .selectFrom('verification_requests')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('kind', 'in', ['undo', 'bulkUndo'])
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
