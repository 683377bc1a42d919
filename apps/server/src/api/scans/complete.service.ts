import { sql } from 'kysely';
import { completeButtonEnabled, message, RECEIVE_STATES } from '@pharma/domain';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import { documentLines } from '../inventory/document-view.ts';
import { auditTree } from '../inventory/units.repository.ts';
import { openDocument, type Actor } from './scans.service.ts';

const { received: RECEIVED, short: SHORT } = RECEIVE_STATES;

/**
 * Completing a receipt: every scanned unit becomes ACTIVE / WAREHOUSE RECEIVED in the document's
 * warehouse, every expected unit never scanned becomes SHORTAGE, each line records its shortage,
 * and the document is Completed: one transaction, set-based, audited.
 */
export class CompleteService {
  constructor(private readonly db: Db) {}

  async completeReceive(
    actor: Actor,
    ibdNo: string,
  ): Promise<{ message: string; document: { status: 'Completed' }; data: DocumentLine[] }> {
    return this.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const doc = await openDocument(trx, 'IBD', ibdNo, actor.area);
      const lines = await docs.lines(trx, doc.id);
      const scanned = lines.reduce((n, l) => n + l.scanned_quantity, 0);
      if (!completeButtonEnabled(doc.status, 'complete', scanned)) throw new AppError(422, 'ERROR_COMPLETING_RECEIVE');

      const audit = { opId: newId(), actorId: actor.userId, at, action: `complete IBD ${doc.number}`, why: null };
      const received = sql`
        WITH RECURSIVE tree(id) AS (
          SELECT DISTINCT root_id FROM scan_items WHERE document_id = ${doc.id}
          UNION ALL SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
        ) SELECT id FROM tree`;
      await auditTree(trx, received, RECEIVED, audit);
      await sql`UPDATE handling_units SET status = ${RECEIVED.status}, reason = ${RECEIVED.reason},
        warehouse_no = ${doc.warehouse_no}, updated_at = ${at} WHERE id IN (${received})`.execute(trx);

      const short = sql`
        WITH RECURSIVE tree(id) AS (
          SELECT unit_id FROM document_units WHERE document_id = ${doc.id}
          UNION ALL SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
        ) SELECT h.id FROM handling_units h JOIN tree t ON t.id = h.id WHERE h.status = 'TRANSIT'`;
      await auditTree(trx, short, SHORT, { ...audit, opId: newId(), why: 'not received' });
      await sql`UPDATE handling_units SET status = ${SHORT.status}, reason = ${SHORT.reason}, updated_at = ${at}
        WHERE id IN (${short})`.execute(trx);

      const shortages = new Map(lines.map((l) => [l.line_no, Math.max(0, l.quantity - l.scanned_quantity)]));
      await docs.setLineCounts(trx, doc.id, shortages, 'shortage_quantity');
      await docs.setStatus(trx, doc.id, 'Completed', at);
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: doc.id,
            action: 'complete',
            before: { status: doc.status },
            after: { status: 'Completed', shortage: [...shortages.values()].reduce((a, b) => a + b, 0) },
          },
        ],
        at,
      );
      return { message: message('RECEIVE_SAVED'), document: { status: 'Completed' as const }, data: await documentLines(trx, doc.id) };
    });
  }
}
