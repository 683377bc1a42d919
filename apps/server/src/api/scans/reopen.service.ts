import { documentAuditAction, message, type Registry } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import * as units from '../inventory/units.repository.ts';
import * as reopening from '../redress/redress.repository.ts';
import type { CompletionHook } from './completion-hook.ts';
import { familyFor, type Actor } from './scans.service.ts';

/**
 * Reopening a completed document of a family that allows it (its entry's `reopen`, spec point 4):
 * the units still in the completed state go back to the scanned state, those changed since (a pack
 * dispatched, a status edited) stay as they are and the answer names them; the document is In
 * Progress again. One transaction, audited. What the completion told outside (packs decommissioned in
 * the national system, issue 28) is taken back first, outside the transaction; a refusal there leaves
 * the document as it is.
 */
export class ReopenService {
  constructor(
    private readonly db: Db,
    /** The families it runs (decision 0085): the server's, given to buildApp. */
    private readonly registry: Registry,
    /** Takes back what a completion told outside; none: nothing was told. */
    private readonly hook?: CompletionHook,
  ) {}

  async reopen(actor: Actor, type: string, number: string) {
    const family = familyFor(this.registry, type);
    if (!family.reopen) throw new AppError(422, 'DOC_TYPE_NOT_SUPPORTED', { type });
    const { reopen } = family;
    try {
      const found = await docs.findDocument(this.db, family.type, number, actor.area);
      if (!found) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number });
      if (found.status !== 'Completed') throw new AppError(409, 'NOT_REOPENABLE', { type: family.type, number });
      const undone = (await this.hook?.beforeReopen(found, actor)) ?? [];
      return await this.db.transaction().execute(async (trx) => {
        const doc = await docs.lockDocument(trx, family.type, number, actor.area);
        if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number });
        if (doc.status !== 'Completed') throw new AppError(409, 'NOT_REOPENABLE', { type: family.type, number });
        const at = new Date().toISOString();
        const { intoWarehouse: _, ...completed } = family.completed;
        const kept = await reopening.unitsOnDocumentNotIn(trx, doc.id, completed);
        await units.setStateOf(trx, docs.unitsOnDocument(doc.id, completed), family.scanned, {
          opId: newId(),
          actorId: actor.userId,
          at,
          action: documentAuditAction('reopen', doc.type, doc.number),
          why: 'document reopened',
        });
        await reopening.reopenDocument(trx, doc.id, at);
        const labels = kept.map((k) => k.label);
        await writeAudit(
          trx,
          [
            {
              actorId: actor.userId,
              entity: 'document',
              entityId: doc.id,
              action: 'reopen',
              before: { status: 'Completed' },
              // The undo requests sent to the national system (their rows hold the requests and answers).
              after: { status: 'In Progress', kept: labels, ...(undone.length > 0 ? { undone } : {}) },
            },
          ],
          at,
        );
        return {
          message: message(reopen.ok, {}, actor.locale),
          document: { status: 'In Progress' as const },
          kept: labels,
          note: labels.length > 0 ? message('REOPEN_KEPT', { items: labels.join(', ') }, actor.locale) : null,
        };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(500, reopen.error);
    }
  }
}
