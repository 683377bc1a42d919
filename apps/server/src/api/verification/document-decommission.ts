import {
  completionDecommission,
  VERIFICATION_FAILED,
  VERIFICATION_OPERATION_WORDS,
  type CompletionDecommission,
  type Family,
} from '@pharma/domain';
import type { VerificationPurpose, VerificationSystem } from '@pharma/domain/contract/verification';
import { NMVS_MAX_BULK_PACKS } from '@pharma/national-systems/nmvs';
import type { Db } from '../../db/database.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import type { VerificationRequestRow } from './verification.repository.ts';
import { AppError } from '../../lib/errors.ts';
import type { CompletionHook } from '../scans/completion-hook.ts';
import type { Actor } from '../scans/scans.service.ts';
import * as repo from './document-decommission.repository.ts';
import { hasUndo, RECORDS_DECOMMISSIONS, type PackAnswer, type Product } from './national-system.ts';
import { findSettings } from './verification.repository.ts';
import { yymmdd, type NewRequest, type VerificationService } from './verification.service.ts';

/**
 * Packs decommissioned in the national system when their document completes (issue 28, decision 0081),
 * as the family's entry says (`verification.onComplete`: a scrapping destroys, a dispatch marked as an
 * export exports), where the document's warehouse has a system set.
 *
 * - Completion: in its transaction, one request per product, batch and expiry of the packs that took the
 *   completed state (a pallet's and a carton's packs included) is written to the outbox, a bulk request
 *   for more than one pack (a 4,800-pack pallet of one batch is one G135), split only past the NMVS's
 *   100,000 packs a request; sent once the completion commits. A VRS takes no decommission: its requests
 *   are answered "recorded here only" by the sender, without a call (vrs-client.ts).
 * - A pack the system refused to verify before it was scanned (VERIFICATION FAILED) is not decommissioned:
 *   the system holds it inactive or unknown already, and a decommission would only raise another alert.
 * - Reopen: a decommission the system cannot undo (a destruction in the NMVS), recorded or queued, refuses
 *   it. One it can (an export) is undone first, sent at once with the scan's short wait: undone, the
 *   reopen goes on; refused (after 10 days, NMVS_NC_PCK_20) or not answered in time, the reopen is
 *   refused and nothing changes here. A later reopen uses the undo already asked (queued or answered)
 *   rather than send another; only an undo that could not be sent at all (failed) is asked again.
 */

/** Why a completion's requests are sent: the contract's purpose for each decommission a family may ask. */
const PURPOSE: Record<CompletionDecommission['operation'], VerificationPurpose> = { destroy: 'scrap', export: 'export' };
/** The purpose of an undo; only an export's is ever sent (a destruction has none). */
const UNDO_PURPOSE: VerificationPurpose = 'export-undo';

export class DocumentDecommission implements CompletionHook {
  constructor(
    private readonly db: Db,
    private readonly verification: VerificationService,
  ) {}

  async completed(trx: Db, family: Family, document: DocumentRow, actor: Actor): Promise<void> {
    const operation = completionDecommission(family, document.export === 1);
    if (!operation) return;
    const settings = await findSettings(trx, document.warehouse_no);
    if (!settings) return;
    const { intoWarehouse: _, ...completed } = family.completed;
    const packs = await repo.packsInState(trx, document.id, completed, VERIFICATION_FAILED);
    for (const group of byProduct(packs, settings.system)) {
      for (let start = 0; start < group.serials.length; start += NMVS_MAX_BULK_PACKS) {
        const serials = group.serials.slice(start, start + NMVS_MAX_BULK_PACKS);
        await this.verification.enqueue(trx, {
          warehouseNo: document.warehouse_no,
          system: settings.system,
          operation,
          kind: serials.length === 1 ? 'single' : 'bulk',
          purpose: PURPOSE[operation],
          product: group.product,
          serials,
          unitId: null,
          documentId: document.id,
          refRequestId: null,
          requestedBy: actor.userId,
        });
      }
    }
  }

  committed(): void {
    this.verification.outbox.wake();
  }

  async beforeReopen(document: DocumentRow, actor: Actor): Promise<string[]> {
    const decommissions = await repo.decommissionsOf(this.db, document.id);
    if (decommissions.length === 0) return [];
    const named = { type: document.type, number: document.number };
    refuseFinal(
      decommissions.filter((row) => !hasUndo(row.operation) && RECORDS_DECOMMISSIONS[row.system]),
      named,
    );
    const undoable = decommissions.filter((row) => hasUndo(row.operation));
    const unanswered = undoable.find(isWaiting);
    if (unanswered) throw new AppError(409, 'REOPEN_DECOMMISSION_PENDING', { ...named, ...words(unanswered) });
    const applied = undoable.filter((row) => appliedSerials(row).length > 0);
    if (applied.length === 0) return [];
    const undos = await repo.undosOf(this.db, document.id);
    const rows = await Promise.all(
      applied.map((row) => {
        const asked = undos.find((undo) => undo.ref_request_id === row.id);
        return asked && asked.state !== 'failed' ? asked : this.verification.submit(undoOf(row, actor));
      }),
    );
    const refused = rows.find((row) => row.state === 'failed' || (row.state === 'answered' && row.outcome !== 'verified'));
    if (refused) throw new AppError(409, 'REOPEN_UNDO_REFUSED', { ...named, answer: refused.message ?? '' });
    const queued = rows.find(isWaiting);
    if (queued) throw new AppError(409, 'REOPEN_UNDO_QUEUED', { ...named, answer: queued.message ?? '', system: queued.system });
    return rows.map((row) => row.id);
  }
}

/** A decommission no system undoes refuses the reopen once the system applied it to a pack, or while it is queued. */
function refuseFinal(rows: readonly VerificationRequestRow[], named: { type: string; number: string }): void {
  const recorded = rows.filter((row) => appliedSerials(row).length > 0);
  if (recorded.length > 0) {
    const packs = recorded.reduce((n, row) => n + appliedSerials(row).length, 0);
    throw new AppError(409, 'REOPEN_NOT_UNDOABLE', { ...named, ...words(recorded[0]!), packs });
  }
  const queued = rows.filter(isWaiting);
  if (queued.length > 0) {
    const packs = queued.reduce((n, row) => n + row.pack_count, 0);
    throw new AppError(409, 'REOPEN_NOT_UNDOABLE_QUEUED', { ...named, ...words(queued[0]!), packs });
  }
}

function words(row: VerificationRequestRow): { system: VerificationSystem; operation: string } {
  return { system: row.system, operation: VERIFICATION_OPERATION_WORDS[row.operation] };
}

function isWaiting(row: VerificationRequestRow): boolean {
  return row.state === 'queued' || row.state === 'sending';
}

/** The serials the system applied the request to: none until it answered. */
function appliedSerials(row: VerificationRequestRow): string[] {
  if (row.state !== 'answered' || row.answer_json === null) return [];
  const { packs } = JSON.parse(row.answer_json) as { packs: PackAnswer[] };
  return packs.filter((pack) => pack.ok).map((pack) => pack.serial);
}

/** The undo of a decommission, of the packs it was applied to, naming it (RefClientTrxId). */
function undoOf(row: VerificationRequestRow, actor: Actor): NewRequest {
  const serials = appliedSerials(row);
  return {
    warehouseNo: row.warehouse_no,
    system: row.system,
    operation: row.operation,
    kind: serials.length === 1 ? 'undo' : 'bulkUndo',
    purpose: UNDO_PURPOSE,
    product: { gtin: row.gtin, batch: row.batch, expiry: row.expiry },
    serials,
    unitId: null,
    documentId: row.document_id,
    refRequestId: row.id,
    requestedBy: actor.userId,
  };
}

/** The packs by product, batch and expiry as on record (the packs come in product order); one without batch or expiry cannot be sent. */
function byProduct(packs: readonly repo.DocumentPack[], system: VerificationSystem): { product: Product; serials: string[] }[] {
  const groups = new Map<string, { product: Product; serials: string[] }>();
  for (const pack of packs) {
    if (pack.batch_no === null || pack.expiry === null) {
      throw new AppError(422, 'VERIFICATION_PACK_INCOMPLETE', { gtin: pack.gtin, serial: pack.serial, system });
    }
    const product = { gtin: pack.gtin, batch: pack.batch_no, expiry: yymmdd(pack.expiry) };
    const key = [product.gtin, product.batch, product.expiry].join('\u0000');
    const group = groups.get(key);
    if (group) group.serials.push(pack.serial);
    else groups.set(key, { product, serials: [pack.serial] });
  }
  return [...groups.values()];
}
