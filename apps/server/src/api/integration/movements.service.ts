import { createHash } from 'node:crypto';
import { EPCIS_CONTEXT, movementEvent, utcMillis, type BizTransactionType, type DocumentType, type Registry } from '@pharma/domain';
import type { EpcisEventsQuery, MovementEventsDocument } from '@pharma/domain/contract/epcis';
import type { Db } from '../../db/database.ts';
import { offsetAt } from './epcis-offset.ts';
import * as repo from './movements.repository.ts';

/**
 * Every completed movement kept as an EPCIS 2.0 ObjectEvent (decision 0017): the completion records it
 * in its own transaction, integrators read it back as an EPCISDocument.
 */

export interface CompletedMovement {
  document: { id: string; type: DocumentType; number: string; warehouseNo: string };
  /** The family's `cbv` (packages/domain/src/families/registry.ts). */
  cbv: { bizStep: string; disposition: string; bizTransactionType?: BizTransactionType };
  /** When the document completed: the `completed_at` the completion writes, ISO 8601. */
  at: string;
}

/**
 * Records the ObjectEvent of a completed document: every unit its scans moved (SSCCs of pallets and
 * cartons, SGTINs of packs), at the warehouse's SGLN, under the document as business transaction, and
 * for a document naming a destination warehouse (a transfer) its source and destination locations.
 * Call it at the end of the completion, inside its transaction, after the units took their new state.
 * Nothing scanned, nothing recorded. Its eventID is the event's hash: recording the same completion
 * again records nothing new. A warehouse GLN or time zone that is not one throws (the completion rolls back).
 */
export async function recordMovement(trx: Db, m: CompletedMovement): Promise<void> {
  const place = await repo.warehousePlace(trx, m.document.warehouseNo);
  const units = await repo.movedUnits(trx, m.document.id);
  const built = movementEvent(
    {
      document: { number: m.document.number },
      cbv: m.cbv,
      at: m.at,
      timeZoneOffset: offsetAt(place?.timeZone ?? null, m.at),
      gln: place?.gln ?? null,
      destinationGln: await repo.destinationGln(trx, m.document.id),
      units,
      quantities: await repo.countedQuantities(trx, m.document.id),
    },
    sha256Hex,
  );
  if (!built.ok) {
    if (built.error === 'NO_UNITS') return;
    throw new Error(`EPCIS event of ${m.document.type} ${m.document.number}: ${built.error}`);
  }
  const { event } = built;
  await repo.insertMovement(trx, {
    id: event.eventID!,
    document_id: m.document.id,
    doc_type: m.document.type,
    doc_no: m.document.number,
    event_time: event.eventTime,
    body_json: JSON.stringify(event),
    created_at: new Date().toISOString(),
  });
}

/** The kept events as an EPCIS 2.0 EPCISDocument (EPCIS 2.0 section 12.1). */
export class MovementsService {
  constructor(
    private readonly db: Db,
    /** The families the server runs (decision 0085): a repack's events are those of its aggregating family. */
    private readonly registry: Registry,
  ) {}

  async events(q: EpcisEventsQuery, now = new Date()): Promise<MovementEventsDocument> {
    const bodies = await repo.findMovements(this.db, {
      aggregations: q.docType === undefined || this.registry.familyOf(q.docType)?.aggregates !== undefined,
      docType: q.docType,
      docNo: q.docNo,
      from: q.from === undefined ? undefined : (utcMillis(q.from) ?? undefined),
      to: q.to === undefined ? undefined : (utcMillis(q.to) ?? undefined),
    });
    return {
      '@context': [EPCIS_CONTEXT],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: now.toISOString(),
      epcisBody: { eventList: bodies.map((b) => JSON.parse(b) as MovementEventsDocument['epcisBody']['eventList'][number]) },
    };
  }
}

/** SHA-256 of UTF-8 text, lower-case hex: the digest of the event hash ID (CBV 2.0 section 8.9). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Repacking's events import it from here (epcis-offset.ts has it). */
export { offsetAt };
