import { unitId } from '@pharma/domain';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import { newId } from '../../lib/ids.ts';
import * as units from '../inventory/units.repository.ts';
import * as redress from './redress.repository.ts';

/**
 * A redress carton as a handling unit (decision 0061): the carton a label names is a carton (CTN) of
 * the PO's warehouse under its SSCC, the packs scanned into it are its children, and a pack taken off
 * the PO (deleted, or replaced) leaves it. Each change is audited on the unit it changes, as the other
 * unit moves are, so search, the item details and their history show it.
 */

export interface Move {
  actorId: string;
  at: string;
  document: Pick<DocumentRow, 'type' | 'number'>;
}

/** The carton a new label names, created ACTIVE / REDRESSED in the PO's warehouse: its unit id. */
export async function createCartonUnit(
  trx: Db,
  c: { sscc: string; materialNo: string; batchNo: string; warehouseNo: string },
  move: Move,
): Promise<string> {
  const id = newId();
  const expiry = await redress.batchExpiry(trx, c.materialNo, c.batchNo);
  await redress.insertCartonUnit(trx, { id, ...c, expiry, at: move.at });
  await writeAudit(
    trx,
    [
      {
        actorId: move.actorId,
        entity: 'unit',
        entityId: id,
        action: 'create',
        after: {
          type: 'CTN',
          sscc: c.sscc,
          warehouseNo: c.warehouseNo,
          ...redress.CARTON_STATE,
          materialNo: c.materialNo,
          batchNo: c.batchNo,
          expiry,
        },
        reason: `carton label on ${move.document.type} ${move.document.number}`,
      },
    ],
    move.at,
  );
  return id;
}

/** Puts a pack in a carton (out of any parent it had), audited on the pack with its parent before and after. */
export async function putInCarton(trx: Db, pack: UnitRow, carton: { unitId: string; sscc: string }, move: Move): Promise<void> {
  const current = (await units.findUnit(trx, { id: pack.id }))!;
  if (current.parent_id === carton.unitId) return;
  const before = current.parent_id ? await units.findUnit(trx, { id: current.parent_id }) : undefined;
  await units.setParent(trx, [pack.id], carton.unitId, move.at);
  await writeAudit(
    trx,
    [
      {
        actorId: move.actorId,
        entity: 'unit',
        entityId: pack.id,
        action: 'redress-add',
        before: { parent: before ? unitId(before) : null },
        after: { parent: carton.sscc },
        reason: `put in carton ${carton.sscc} on ${move.document.type} ${move.document.number}`,
      },
    ],
    move.at,
  );
}

/**
 * After units were taken off a document: the packs of its redress cartons that are no longer on it
 * (a scan deleted, a pack replaced) leave their carton and stand on their own, audited. Nothing for a
 * document that labels no cartons.
 */
export async function leaveCartonsOffDocument(
  trx: Db,
  document: Pick<DocumentRow, 'id' | 'type' | 'number'>,
  op: { actorId: string; at: string },
): Promise<void> {
  const leaving = await redress.packsOffDocumentInCartons(trx, document.id);
  if (leaving.length === 0) return;
  await units.setParent(
    trx,
    leaving.map((p) => p.unit_id),
    null,
    op.at,
  );
  await writeAudit(
    trx,
    leaving.map((p) => ({
      actorId: op.actorId,
      entity: 'unit',
      entityId: p.unit_id,
      action: 'redress-remove',
      before: { parent: p.carton_code },
      after: { parent: null },
      reason: `taken out of carton ${p.carton_code}: off ${document.type} ${document.number}`,
    })),
    op.at,
  );
}
