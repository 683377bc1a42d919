import { createHash } from 'node:crypto';
import { liveCounts, message, statusAfterRemoval, unitId, type Family, type Locale, type ModuleCode } from '@pharma/domain';
import type {
  CountEntry,
  CountedLine,
  LiteCountsResponse,
  LiteRemoveCountRequest,
  LiteRemoveCountResponse,
} from '@pharma/domain/contract/lite-counts';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import { AppError } from '../../lib/errors.ts';
import * as docs from '../inventory/documents.repository.ts';
import { summaryOfLines, viewLines } from '../inventory/document-view.ts';
import { storedCountedAnswer } from '../scans/counts.repository.ts';
import type { ScanService } from '../scans/scans.service.ts';
import * as repo from './lite-counts.repository.ts';
import { replayed } from '../../lib/replay.ts';

const AREA = 'LDC' as const;

export interface CountsActor {
  userId: string;
  /** The language of the answer's messages (decision 0090); English when not given. */
  locale?: Locale;
}

/**
 * What was scanned on each line, scan by scan (who, when, how many packs), and the removal of one scan
 * before completion (issue 27, decision 0066). Family-neutral: a counted family (ScanLite) keeps its
 * scans in counted_scans, and a removal is a reverse row naming the scan it undoes, written here with the
 * line's new figure and an audit row of the line before and after; a unit family (the lite '+' families)
 * keeps its scans in scans and scan_items, and a removal is the engine's reverse of the unit scanned
 * (its units back to their state before, each audited). A completed document refuses removals.
 */
export class LiteCounts {
  constructor(
    private readonly db: Db,
    private readonly scans: ScanService,
  ) {}

  async list(family: Family, module: ModuleCode, docNo: string): Promise<LiteCountsResponse> {
    const doc = await docs.findDocument(this.db, family.type, docNo, AREA);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number: docNo });
    const { document, lines } = await view(this.db, family, module, doc);
    return { document, lines };
  }

  remove(actor: CountsActor, family: Family, module: ModuleCode, req: LiteRemoveCountRequest): Promise<LiteRemoveCountResponse> {
    return family.counted ? this.removeCounted(actor, family, module, req) : this.removeUnitScan(actor, family, module, req);
  }

  /** One counted pack off its line: the reverse row names the scan, the line's figure follows, the audit says before and after. */
  private async removeCounted(
    actor: CountsActor,
    family: Family,
    module: ModuleCode,
    req: LiteRemoveCountRequest,
  ): Promise<LiteRemoveCountResponse> {
    const requestHash = createHash('sha256')
      .update(['removeCount', family.type, req.docNo, req.countId].join('\u0000'))
      .digest('base64url');
    try {
      return await this.db.transaction().execute(async (trx) => {
        const doc = await openForRemoval(trx, family, req.docNo);
        const live = liveCounts((await repo.countedScans(trx, doc.id)).map(asCountRow));
        const count = live.find((c) => c.id === req.countId);
        if (!count) throw new AppError(404, 'COUNT_NOT_FOUND', { document: documentName(family, doc) });
        const lines = await docs.lines(trx, doc.id);
        const line = lines.find((l) => l.line_no === count.line_no)!;
        const at = new Date().toISOString();
        const before = line.scanned_quantity;
        // Its last pack taken off, the document is Open again, as after a reverse (issue 27).
        const status = statusAfterRemoval(doc.status, lines.reduce((n, l) => n + l.scanned_quantity, 0) - 1);
        const entry = countedEntry(count, line.gtin);
        await repo.insertRemoval(trx, {
          id: req.scanId,
          documentId: doc.id,
          code: entry.code,
          materialNo: count.material_no,
          batchNo: count.batch_no,
          lineNo: count.line_no,
          reverses: count.id,
          userId: actor.userId,
          at,
          requestHash,
          responseJson: '{}',
        });
        await docs.setLineCounts(trx, doc.id, new Map([[line.line_no, before - 1]]), 'scanned_quantity');
        await docs.touchDocument(trx, doc.id, at, status !== doc.status ? status : undefined);
        await writeAudit(
          trx,
          [
            {
              actorId: actor.userId,
              entity: 'document_line',
              entityId: `${doc.id}/${line.line_no}`,
              action: 'remove count',
              before: {
                scannedQuantity: before,
                count: {
                  id: entry.id,
                  code: entry.code,
                  materialNo: entry.materialNo,
                  batchNo: entry.batchNo,
                  userId: count.user_id,
                  at: entry.at,
                },
              },
              after: { scannedQuantity: before - 1, materialNo: count.material_no, batchNo: count.batch_no },
              reason: 'counted pack removed',
            },
            ...(status !== doc.status
              ? [
                  {
                    actorId: actor.userId,
                    entity: 'document',
                    entityId: doc.id,
                    action: 'status' as const,
                    before: { status: doc.status },
                    after: { status },
                    reason: 'last counted pack removed',
                  },
                ]
              : []),
          ],
          at,
        );
        const now = { ...doc, status, updated_at: at };
        const answer: LiteRemoveCountResponse = {
          message: message('ITEM_REMOVED', {}, actor.locale),
          ...(await view(trx, family, module, now)),
        };
        await repo.setRemovalAnswer(trx, req.scanId, JSON.stringify(answer));
        return answer;
      });
    } catch (error) {
      // A repeated scanId: answer what the first removal answered.
      const stored = replayed<LiteRemoveCountResponse>(await storedCountedAnswer(this.db, req.scanId), requestHash);
      if (!stored) throw error;
      return stored;
    }
  }

  /** A unit scan off the document: the engine's reverse of the unit it scanned (idempotent by scanId, audited unit by unit). */
  private async removeUnitScan(
    actor: CountsActor,
    family: Family,
    module: ModuleCode,
    req: LiteRemoveCountRequest,
  ): Promise<LiteRemoveCountResponse> {
    // A repeated scanId is sent again with the code it was sent with: the engine answers its first answer.
    let code = await repo.unitScanCode(this.db, req.scanId);
    const doc = await docs.findDocument(this.db, family.type, req.docNo, AREA);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number: req.docNo });
    if (code === undefined) {
      if (doc.status === 'Completed') throw completedRefusal(family, doc);
      const root = await repo.scannedRoot(this.db, doc.id, req.countId);
      if (!root) throw new AppError(404, 'COUNT_NOT_FOUND', { document: documentName(family, doc) });
      // The code a scanner types for the unit: (00) SSCC, or (01) GTIN then (21) serial.
      code = root.sscc ? `00${root.sscc}` : `01${root.gtin ?? ''}21${root.serial ?? ''}`;
    }
    await this.scans.reverse(
      { userId: actor.userId, area: AREA, locale: actor.locale },
      { docType: family.type, docNo: req.docNo, code, scanId: req.scanId },
    );
    const now = (await docs.findDocument(this.db, family.type, req.docNo, AREA)) ?? doc;
    return { message: message('ITEM_REMOVED', {}, actor.locale), ...(await view(this.db, family, module, now)) };
  }
}

/** The document locked for a removal: not found, or completed, is refused. */
async function openForRemoval(trx: Db, family: Family, docNo: string): Promise<DocumentRow> {
  const doc = await docs.lockDocument(trx, family.type, docNo, AREA);
  if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number: docNo });
  if (doc.status === 'Completed') throw completedRefusal(family, doc);
  return doc;
}

function completedRefusal(family: Family, doc: DocumentRow): AppError {
  // Redress keeps the spec's own sentence for this; the others the spec's status sentence with the document named.
  return new AppError(409, family.deleteCompleted ?? 'COUNT_DOCUMENT_COMPLETED', { document: documentName(family, doc) });
}

/** How an operator knows the document: its number under the family's label ('OBD No. 9100005252'). */
function documentName(family: Family, doc: DocumentRow): string {
  return `${family.labels.number} ${doc.number}`;
}

function asCountRow(r: repo.CountedScanRow) {
  return { ...r, lineNo: r.line_no, materialNo: r.material_no, batchNo: r.batch_no };
}

function who(r: { first_name: string | null; last_name: string | null; email: string | null }): string {
  return [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || '-';
}

function countedEntry(r: repo.CountedScanRow, gtin: string | null): CountEntry {
  return {
    id: r.id,
    kind: 'pack',
    // As a scan's answer names it: the GS1 element strings in brackets.
    code: `(01)${gtin ?? ''}(10)${r.batch_no}`,
    materialNo: r.material_no,
    batchNo: r.batch_no,
    packs: 1,
    user: who(r),
    at: r.at,
    device: r.device,
  };
}

/** The document, its lines as the details show them, and each line's scans, newest first. */
async function view(db: Db, family: Family, module: ModuleCode, doc: DocumentRow) {
  const raw = await docs.lines(db, doc.id);
  const data = viewLines(raw, family.counted ? [] : await docs.scannedRoots(db, doc.id));
  const document = { ...summaryOfLines(doc, data), moduleType: module, completedAt: doc.completed_at };
  const key = (materialNo: string, batchNo: string | null) => `${materialNo}\u0000${batchNo ?? ''}`;
  const lines = new Map<string, CountedLine>(
    data.map((l) => [
      key(l.materialNo, l.batchNo),
      {
        lineNo: l.lineNo,
        materialNo: l.materialNo,
        materialName: l.materialName,
        batchNo: l.batchNo,
        quantity: l.quantity,
        scannedQuantity: l.scannedQuantity,
        counts: [],
      },
    ]),
  );
  if (family.counted) {
    const byNo = new Map(raw.map((l) => [l.line_no, l]));
    for (const c of liveCounts((await repo.countedScans(db, doc.id)).map(asCountRow))) {
      const line = byNo.get(c.line_no);
      if (line) lines.get(key(line.material_no, line.batch_no))?.counts.push(countedEntry(c, line.gtin));
    }
  } else {
    for (const s of await repo.unitScans(db, doc.id)) {
      // Its packs count on the line of their batch, else on the line of their material without a batch.
      const line = lines.get(key(s.material_no ?? '', s.batch_no)) ?? lines.get(key(s.material_no ?? '', null));
      line?.counts.push({
        id: s.id,
        kind: 'unit',
        code: unitId(s),
        materialNo: s.material_no ?? '',
        batchNo: s.batch_no,
        packs: s.packs,
        user: who(s),
        at: s.at,
        device: s.device,
      });
    }
  }
  // Read oldest first, shown newest first.
  for (const line of lines.values()) line.counts.reverse();
  return { document, data, lines: [...lines.values()] };
}
