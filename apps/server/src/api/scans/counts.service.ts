import { createHash } from 'node:crypto';
import { decideCount, decodeScan, message, statusAfterRemoval, type Family, type Registry } from '@pharma/domain';
import type { ScanRequest, ScanResponse } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { ScanKind } from './scans.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { isoToday } from '../../lib/today.ts';
import * as docs from '../inventory/documents.repository.ts';
import { viewLines } from '../inventory/document-view.ts';
import * as counts from './counts.repository.ts';
import { familyFor, type Actor } from './scans.service.ts';
import { replayed } from '../../lib/replay.ts';

/**
 * Scanning against a document of a counted family (ScanLite, decision 0027): the raw code is decoded
 * again, then in one transaction the document and its lines are read, the family's pure rule
 * (`decideCount`) answers, and the scan row, the line's count, the document's status and the audit
 * trail are written. No handling unit is read or changed. A repeated scanId answers the first answer.
 */
export class CountService {
  constructor(
    private readonly db: Db,
    /** The families it runs (decision 0085): the server's, given to buildApp. */
    private readonly registry: Registry,
  ) {}

  /** One pack of the code's material and batch counted on the document. */
  scan(actor: Actor, req: Omit<ScanRequest, 'unit' | 'idType'>, today = isoToday()): Promise<ScanResponse> {
    if (req.userId !== undefined && req.userId !== actor.userId) throw new AppError(409, 'SCAN_OF_ANOTHER_USER');
    return this.count('scan', actor, req, today);
  }

  /** One pack of the code's material and batch taken off the document again. */
  reverse(actor: Actor, req: { docType: string; docNo: string; code: string; scanId: string }, today = isoToday()): Promise<ScanResponse> {
    return this.count('reverse', actor, { ...req, device: undefined }, today);
  }

  private async count(
    kind: ScanKind,
    actor: Actor,
    req: { docType: string; docNo: string; code: string; scanId: string; device?: string },
    today: string,
  ): Promise<ScanResponse> {
    const family = familyFor(this.registry, req.docType);
    if (!family.counted) throw new AppError(422, 'DOC_TYPE_NOT_SUPPORTED', { type: family.type });
    const decoded = decodeScan(req.code, { idType: 'GS1', purpose: 'batch', today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    const requestHash = createHash('sha256').update(['count', kind, req.docType, req.docNo, req.code].join('\u0000')).digest('base64url');
    try {
      return await this.db.transaction().execute((trx) => this.write(trx, family, kind, actor, req, decoded, requestHash, today));
    } catch (error) {
      // A repeated scanId: its row's key refused the insert; answer what the first submission answered.
      const stored = replayed<ScanResponse>(await counts.storedCountedAnswer(this.db, req.scanId), requestHash);
      if (!stored) throw error;
      return stored;
    }
  }

  private async write(
    trx: Db,
    family: Family,
    kind: ScanKind,
    actor: Actor,
    req: { docNo: string; code: string; scanId: string; device?: string },
    decoded: { gtin: string | null; batch: string | null; expiry: string | null; serial: string | null },
    requestHash: string,
    today: string,
  ): Promise<ScanResponse> {
    const doc = await docs.lockDocument(trx, family.type, req.docNo, actor.area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number: req.docNo });
    if (kind === 'reverse' && doc.status === 'Completed') throw new AppError(422, 'ITEM_CANNOT_BE_DELETED');
    const lines = await docs.lines(trx, doc.id);
    // The material and its batch's status in one read (issue 30): a held batch is refused, or warned of, as the family says.
    const material = decoded.gtin ? await counts.materialWithBatchStatus(trx, decoded.gtin, decoded.batch ?? '') : undefined;
    const materialNo = material?.material_no ?? null;
    const decision = decideCount({
      document: { type: doc.type, number: doc.number, status: doc.status, warehouseNo: doc.warehouse_no },
      code: { gtin: decoded.gtin, batchNo: decoded.batch, expiry: decoded.expiry, serial: decoded.serial },
      materialNo,
      countedOn:
        kind === 'reverse' && materialNo && decoded.batch ? await counts.countedOnLines(trx, doc.id, materialNo, decoded.batch) : undefined,
      lines: lines.map((l) => ({
        lineNo: l.line_no,
        materialNo: l.material_no,
        batchNo: l.batch_no,
        quantity: l.quantity,
        scanned: l.scanned_quantity,
      })),
      kind,
      today,
      heldBatch: family.heldBatch,
      batchStatus: material?.batch_status ?? 'RELEASED',
    });
    if (!decision.ok) throw new AppError(decision.refusal.status, decision.refusal.code, decision.refusal.params);

    const at = new Date().toISOString();
    const line = lines.find((l) => l.line_no === decision.lineNo)!;
    const before = line.scanned_quantity;
    const counted = lines.map((l) => (l.line_no === decision.lineNo ? { ...l, scanned_quantity: decision.count } : l));
    // A scan moves an Open document to In Progress; taking off its last pack puts it back to Open (issue 27).
    const left = counted.reduce((n, l) => n + l.scanned_quantity, 0);
    const status = kind === 'reverse' ? statusAfterRemoval(doc.status, left) : doc.status === 'Open' ? 'In Progress' : doc.status;
    const response: ScanResponse = {
      scanId: req.scanId,
      accepted: true,
      packs: 1,
      // No unit moves: the answer names the material and batch counted, as GS1 element strings in brackets.
      unit: { type: 'EA', id: `(01)${decoded.gtin}(10)${decision.batchNo}` },
      document: { status },
      warnings: decision.warnings.map((w) => message(w.code, w.params, actor.locale)),
      data: viewLines(counted, []),
    };
    // The scan row first: a repeated scanId stops here, on its key, before anything else is written.
    await counts.insertCountedScan(trx, {
      id: req.scanId,
      documentId: doc.id,
      kind,
      code: req.code,
      materialNo: decision.materialNo,
      batchNo: decision.batchNo,
      lineNo: decision.lineNo,
      userId: actor.userId,
      device: req.device ?? null,
      at,
      requestHash,
      responseJson: JSON.stringify(response),
    });
    await docs.setLineCounts(trx, doc.id, new Map([[decision.lineNo, decision.count]]), 'scanned_quantity');
    await docs.touchDocument(trx, doc.id, at, status !== doc.status ? status : undefined);
    const audit: AuditEntry[] = [
      {
        actorId: actor.userId,
        entity: 'document_line',
        entityId: `${doc.id}/${decision.lineNo}`,
        action: kind === 'scan' ? 'count' : 'uncount',
        before: { scannedQuantity: before },
        after: { scannedQuantity: decision.count, materialNo: decision.materialNo, batchNo: decision.batchNo },
        ...(kind === 'reverse' ? { reason: 'counted pack deleted' } : {}),
      },
    ];
    if (status !== doc.status) {
      audit.push({
        actorId: actor.userId,
        entity: 'document',
        entityId: doc.id,
        action: 'status',
        before: { status: doc.status },
        after: { status },
        ...(kind === 'reverse' ? { reason: 'last counted pack deleted' } : {}),
      });
    }
    await writeAudit(trx, audit, at);
    return response;
  }
}
