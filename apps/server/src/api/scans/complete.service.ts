import {
  BATCH_STATUS_WORDS,
  completeButtonEnabled,
  documentAuditAction,
  heldBatchCompletion,
  message,
  type Registry,
} from '@pharma/domain';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import { documentLines } from '../inventory/document-view.ts';
import * as units from '../inventory/units.repository.ts';
import { recordMovement } from '../integration/movements.service.ts';
import { heldBatchesCounted } from './counts.repository.ts';
import type { CompletionHook } from './completion-hook.ts';
import { takeOut } from './disaggregation.ts';
import { besidesVerificationHolds, heldBatchesAmong, packsOfBatches, unitsBesidesBatches } from './scans.repository.ts';
import { familyFor, openDocument, type Actor } from './scans.service.ts';

/**
 * Completing a document of any family: every unit scanned on it takes the family's completed state
 * (moved into the document's warehouse where the family says so; out of a parent not on the document
 * where the family takes units out of their parents, decision 0063), expected units never scanned take
 * its unscanned state (a receipt's shortage), each line records its shortage, and the document is
 * Completed: one transaction, set-based, audited; the movement is kept as an EPCIS event (decision 0017).
 */
export class CompleteService {
  constructor(
    private readonly db: Db,
    /** The families it runs (decision 0085): the server's, given to buildApp. */
    private readonly registry: Registry,
    /** What a completion tells outside (issue 28: packs decommissioned in the national system); none: nothing. */
    private readonly hook?: CompletionHook,
  ) {}

  async complete(
    actor: Actor,
    type: string,
    number: string,
  ): Promise<{ message: string; document: { status: 'Completed' }; data: DocumentLine[] }> {
    const family = familyFor(this.registry, type);
    const answer = await this.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const doc = await openDocument(trx, family, number, actor.area);
      const lines = await docs.lines(trx, doc.id);
      const scanned = lines.reduce((n, l) => n + l.scanned_quantity, 0);
      if (!completeButtonEnabled(doc.status, 'complete', scanned)) throw new AppError(422, family.complete.error);

      const audit = { opId: newId(), actorId: actor.userId, at, action: documentAuditAction('complete', doc.type, doc.number), why: null };
      const { intoWarehouse, ...done } = family.completed;
      // Units handed over to a receiving document leave the warehouse: in transit, they are in none.
      const warehouseNo = intoWarehouse ? doc.warehouse_no : family.handOver ? null : undefined;
      // A reopened document's units changed since its first completion (dispatched) stay as they are.
      const onDocument = docs.unitsOnDocument(doc.id, family.reopen ? family.scanned : undefined);
      // Packs of a batch on hold or recalled (decision 0071): a refusing family's document is not completed
      // (nothing changed yet); receiving puts them into quarantine instead of its completed state. A counted
      // family's packs are counts on its lines, not units (decision 0072): the same rule over its counted scans.
      const held = heldBatchCompletion(
        family.heldBatch,
        family.heldBatch === 'accept'
          ? []
          : family.counted
            ? await heldBatchesCounted(trx, doc.id)
            : await heldBatchesAmong(trx, onDocument),
      );
      if (!held.ok) throw new AppError(held.refusal.status, held.refusal.code, held.refusal.params);
      // Units scanned without their parent leave it (decision 0063): read while they are still in the scanned state.
      const leaving = family.disaggregates ? await units.unitsLeavingParents(trx, doc.id, onDocument) : [];
      // A pack its national system has not verified (issue 28) keeps its quarantine: the answer moves it.
      const taking = besidesVerificationHolds(unitsBesidesBatches(onDocument, held.quarantine));
      await units.setStateOf(trx, taking, { ...done, warehouseNo }, audit);
      for (const q of held.quarantine) {
        const why = `batch ${q.batchNo} of material ${q.materialNo} ${BATCH_STATUS_WORDS[q.status]}`;
        await units.setStateOf(trx, packsOfBatches(onDocument, [q]), { ...q.state, warehouseNo }, { ...audit, why });
      }
      await takeOut(trx, leaving, audit);
      if (family.handOver) await docs.handOver(trx, doc.id);
      if (family.unscanned && family.announced) {
        const never = docs.expectedUnitsIn(doc.id, family.announced);
        await units.setStateOf(trx, never, family.unscanned, { ...audit, opId: newId(), why: 'not scanned' });
      }

      // Written with the completion, sent once it commits (an outbox): a completion rolled back asked nothing.
      await this.hook?.completed(trx, family, doc, actor);
      const shortages = new Map(lines.map((l) => [l.line_no, Math.max(0, l.quantity - l.scanned_quantity)]));
      await docs.setLineCounts(trx, doc.id, shortages, 'shortage_quantity');
      await docs.setStatus(trx, doc.id, 'Completed', at);
      await recordMovement(trx, {
        document: { id: doc.id, type: doc.type, number: doc.number, warehouseNo: doc.warehouse_no },
        cbv: family.cbv,
        at,
      });
      const shortage = [...shortages.values()].reduce((a, b) => a + b, 0);
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: doc.id,
            action: 'complete',
            before: { status: doc.status },
            after: { status: 'Completed', shortage },
          },
        ],
        at,
      );
      return {
        message: message(family.complete.ok, {}, actor.locale),
        document: { status: 'Completed' as const },
        data: await documentLines(trx, doc.id),
      };
    });
    this.hook?.committed();
    return answer;
  }
}
