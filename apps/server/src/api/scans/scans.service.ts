import { createHash } from 'node:crypto';
import {
  allocate,
  decodeScan,
  RECEIVE_STATES,
  UNIT_LABELS,
  unitId,
  type DocumentType,
  type ScannedRoot,
  type UnitType,
} from '@pharma/domain';
import type { ScanRequest, ScanResponse } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import type { Transactor } from '../../db/transactor.ts';
import type { DocumentRow, UnitRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import { viewLines } from '../inventory/document-view.ts';
import * as units from '../inventory/units.repository.ts';
import * as scans from './scans.repository.ts';
import { isoToday } from '../../lib/today.ts';

const { expected: EXPECTED, scanned: SCANNED } = RECEIVE_STATES;

export interface Actor {
  userId: string;
  /** The area the request came from: only documents of that area's warehouses are seen. */
  area?: 'RDC' | 'LDC';
}

/**
 * Scanning against a document: decode the raw code again, then in one transaction check the unit
 * and the document, count every pack under the unit, move their state and write the audit trail.
 * A repeated scanId answers the first answer and changes nothing.
 */
export class ScanService {
  constructor(
    private readonly db: Db,
    private readonly transact: Transactor = (work) => db.transaction().execute(work),
  ) {}

  async scan(actor: Actor, req: ScanRequest, today = isoToday()): Promise<ScanResponse> {
    if (req.docType !== 'IBD') throw new AppError(422, 'DOC_TYPE_NOT_SUPPORTED', { type: req.docType });
    const key = this.decode(req.code, req.unit, req.idType, today);
    const requestHash = hashRequest(['scan', req.docType, req.docNo, req.code, req.unit]);
    return this.once(req.scanId, requestHash, async (trx) => {
      // Checks first, reading only: a refusal changes nothing (and in a group commit needs no savepoint).
      const doc = await openDocument(trx, req.docType, req.docNo, actor.area);
      const unit = await this.findUnit(trx, key, req.unit);
      const leaf = unit.type === 'EA';
      const tree = leaf ? [unit] : await units.subtree(trx, unit.id);
      const where = { type: doc.type, number: doc.number };
      const blocking = tree.find((u) => u.status !== EXPECTED.status);
      if (blocking) {
        if (
          await docs.alreadyOnDocument(
            trx,
            doc.id,
            tree.map((u) => u.id),
          )
        )
          throw new AppError(409, 'ALREADY_SCANNED', where);
        throw new AppError(409, 'ALREADY_RECEIVED', { status: `${blocking.status} / ${blocking.reason ?? ''}` });
      }
      if (!(await docs.isExpected(trx, doc.id, unit.id))) throw new AppError(422, 'NOT_EXPECTED', where);
      const packs = tree.filter((u) => u.type === 'EA');
      const lines = await docs.lines(trx, doc.id);
      const groups = packGroups(packs);
      const counts = allocateAdding(doc, lines, groups);
      const response: ScanResponse = {
        scanId: req.scanId,
        accepted: true,
        packs: packs.length,
        unit: { type: unit.type as UnitType, id: unitId(unit) },
        document: { status: 'In Progress' },
        data: viewLines(lines, scannedRoots(unit, groups)),
      };

      const at = new Date().toISOString();
      // The scan row first: a repeated scanId stops here, on its key, before anything else is written.
      await insertScan(trx, {
        id: req.scanId,
        doc,
        unit,
        kind: 'scan',
        code: req.code,
        packs: packs.length,
        actor,
        device: req.device,
        at,
        requestHash,
        response,
      });
      await docs.setLineCounts(trx, doc.id, counts, 'scanned_quantity');
      await scans.putOnDocument(trx, doc.id, req.scanId, unit);
      await units.setTreeState(
        trx,
        unit.id,
        SCANNED,
        { opId: newId(), actorId: actor.userId, at, action: `scan ${doc.type} ${doc.number}`, why: null },
        leaf ? unit : undefined,
      );
      await touchAndMoveToInProgress(trx, doc, actor, at);
      return response;
    });
  }

  /** Takes a scanned unit (and everything under it) off the document, where its status allows. */
  async reverse(actor: Actor, req: { docType: string; docNo: string; code: string; unit?: UnitType; scanId: string }, today = isoToday()) {
    if (req.docType !== 'IBD') throw new AppError(422, 'DOC_TYPE_NOT_SUPPORTED', { type: req.docType });
    const key = this.decodeAny(req.code, req.unit, today);
    const requestHash = hashRequest(['reverse', req.docType, req.docNo, req.code, req.unit ?? '']);
    return this.once(req.scanId, requestHash, async (trx) => {
      const doc = await docs.lockDocument(trx, 'IBD', req.docNo, actor.area);
      if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: req.docType, number: req.docNo });
      if (doc.status === 'Completed') throw new AppError(422, 'ITEM_CANNOT_BE_DELETED');
      const unit = await this.findUnit(trx, key, req.unit);
      const tree = await units.subtree(trx, unit.id);
      const ids = tree.map((u) => u.id);
      if (!(await docs.alreadyOnDocument(trx, doc.id, ids)))
        throw new AppError(422, 'NOT_SCANNED_ON_DOCUMENT', { type: doc.type, number: doc.number });
      if (tree.some((u) => u.status !== SCANNED.status)) throw new AppError(422, 'ITEM_CANNOT_BE_DELETED');
      const packs = tree.filter((u) => u.type === 'EA').length;
      const at = new Date().toISOString();
      await scans.takeOffDocument(trx, doc.id, ids);
      await units.setTreeState(trx, unit.id, EXPECTED, {
        opId: newId(),
        actorId: actor.userId,
        at,
        action: `reverse ${doc.type} ${doc.number}`,
        why: 'scanned item deleted',
      });
      const response: ScanResponse = {
        scanId: req.scanId,
        accepted: true,
        packs,
        unit: { type: unit.type as UnitType, id: unitId(unit) },
        document: { status: doc.status as ScanResponse['document']['status'] },
        // Like a scan's answer, no details: the client drops the deleted unit from those it has.
        data: viewLines(await this.recount(trx, doc), []),
      };
      await insertScan(trx, {
        id: req.scanId,
        doc,
        unit,
        kind: 'reverse',
        code: req.code,
        packs,
        actor,
        device: undefined,
        at,
        requestHash,
        response,
      });
      await docs.touchDocument(trx, doc.id, at);
      return response;
    });
  }

  /** Re-spreads every pack still counted on the document over its lines (after a delete). */
  private async recount(trx: Db, doc: DocumentRow): Promise<docs.LineWithMaterial[]> {
    const lines = await docs.lines(trx, doc.id);
    const result = allocate(
      lines.map((l) => ({ lineNo: l.line_no, materialNo: l.material_no, batchNo: l.batch_no, quantity: l.quantity })),
      await docs.scannedGroups(trx, doc.id),
    );
    if (!result.ok) throw refusal(doc, result);
    await docs.setLineCounts(trx, doc.id, changedCounts(lines, result.scanned), 'scanned_quantity');
    return lines.map((l) => ({ ...l, scanned_quantity: result.scanned.get(l.line_no) ?? 0 }));
  }

  /**
   * Runs `work` once per scanId: a repeat returns the stored answer; a different request with the
   * same id is refused. The stored answer is looked for only when the work fails: a repeat always
   * does (its unit has moved on, or the scan row's key is taken), so first submissions pay no read.
   */
  private async once<T>(scanId: string, requestHash: string, work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.transact(work);
    } catch (error) {
      let stored: T | undefined;
      try {
        stored = await this.storedAnswer<T>(this.db, scanId, requestHash);
      } catch (lookup) {
        if (lookup instanceof AppError) throw lookup;
      }
      if (stored) return stored;
      throw error;
    }
  }

  private async storedAnswer<T>(db: Db, scanId: string, requestHash: string): Promise<T | undefined> {
    const row = await scans.storedAnswer(db, scanId);
    if (!row) return undefined;
    if (row.request_hash !== requestHash) throw new AppError(409, 'SCAN_ID_REUSED');
    return JSON.parse(row.response_json) as T;
  }

  private decode(code: string, unit: UnitType, idType: 'GS1' | 'NON_GS1', today: string): units.UnitKey {
    const decoded = decodeScan(code, { unit, idType, today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    if (unit === 'PLT' || unit === 'CTN') {
      if (decoded.sscc) return { sscc: decoded.sscc };
      throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
    }
    if (decoded.gtin && decoded.serial) return { gtin: decoded.gtin, serial: decoded.serial };
    throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
  }

  /** For deleting: the unit type is optional; an SSCC names a pallet or carton, GTIN + serial a pack. */
  private decodeAny(code: string, unit: UnitType | undefined, today: string): units.UnitKey {
    if (unit) return this.decode(code, unit, 'GS1', today);
    try {
      return this.decode(code, 'PLT', 'GS1', today);
    } catch {
      return this.decode(code, 'EA', 'GS1', today);
    }
  }

  private async findUnit(trx: Db, key: units.UnitKey, expected: UnitType | undefined): Promise<UnitRow> {
    const unit = await units.findUnit(trx, key);
    if (!unit) {
      if ('sscc' in key) throw new AppError(422, 'SSCC_NOT_RECOGNIZED', { sscc: key.sscc });
      throw new AppError(422, 'SERIAL_NOT_RECOGNIZED');
    }
    if (expected && unit.type !== expected && !(expected === 'EA' && unit.type === 'BUN')) {
      throw new AppError(422, 'UNIT_TYPE_MISMATCH', {
        actual: UNIT_LABELS[unit.type as UnitType].toLowerCase(),
        expected: UNIT_LABELS[expected].toLowerCase(),
      });
    }
    return unit;
  }
}

interface PackGroup {
  materialNo: string;
  batchNo: string | null;
  count: number;
}

/** The scanned packs counted per material and batch. */
function packGroups(packs: UnitRow[]): PackGroup[] {
  const groups = new Map<string, PackGroup>();
  for (const p of packs) {
    const key = `${p.material_no ?? ''}\u0000${p.batch_no ?? ''}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { materialNo: p.material_no ?? '', batchNo: p.batch_no, count: 1 });
  }
  return [...groups.values()];
}

/** The scanned unit as the answer's details: its label on each material and batch its packs counted on. */
function scannedRoots(unit: UnitRow, groups: PackGroup[]): ScannedRoot[] {
  const label = unitId(unit);
  return groups.map((g) => ({ materialNo: g.materialNo, batchNo: g.batchNo, label }));
}

/** Spreads newly scanned packs over the room left on the lines; refuses what does not fit. Returns the new counts. */
function allocateAdding(doc: DocumentRow, lines: docs.LineWithMaterial[], groups: PackGroup[]): Map<number, number> {
  const result = allocate(
    lines.map((l) => ({ lineNo: l.line_no, materialNo: l.material_no, batchNo: l.batch_no, quantity: l.quantity - l.scanned_quantity })),
    groups,
  );
  if (!result.ok) throw refusal(doc, result);
  for (const l of lines) l.scanned_quantity += result.scanned.get(l.line_no) ?? 0;
  return new Map(
    [...result.scanned].filter(([, n]) => n > 0).map(([lineNo]) => [lineNo, lines.find((l) => l.line_no === lineNo)!.scanned_quantity]),
  );
}

function changedCounts(lines: docs.LineWithMaterial[], scanned: Map<number, number>): Map<number, number> {
  return new Map([...scanned].filter(([lineNo, n]) => lines.find((l) => l.line_no === lineNo)!.scanned_quantity !== n));
}

function refusal(
  doc: DocumentRow,
  result: { code: 'NOT_ON_DOCUMENT' | 'QUANTITY_EXCEEDED'; materialNo: string; batchNo: string | null },
): AppError {
  if (result.code === 'QUANTITY_EXCEEDED') return new AppError(422, 'QUANTITY_EXCEEDED');
  return new AppError(422, 'NOT_ON_DOCUMENT', {
    materialNo: result.materialNo,
    batchNo: result.batchNo ?? '-',
    type: doc.type,
    number: doc.number,
  });
}

function hashRequest(parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

/** The document, locked for this transaction; refused when unknown or Completed. */
export async function openDocument(trx: Db, type: string, number: string, area?: 'RDC' | 'LDC'): Promise<DocumentRow> {
  const doc = await docs.lockDocument(trx, type as DocumentType, number, area);
  if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type, number });
  if (doc.status === 'Completed') throw new AppError(409, 'DOCUMENT_COMPLETED', { type, number });
  return doc;
}

/** Marks the scan's activity on the document; the first scan moves it to In Progress (audited). */
async function touchAndMoveToInProgress(trx: Db, doc: DocumentRow, actor: Actor, at: string): Promise<void> {
  if (doc.status !== 'Open') return docs.touchDocument(trx, doc.id, at);
  await docs.touchDocument(trx, doc.id, at, 'In Progress');
  await writeAudit(
    trx,
    [
      {
        actorId: actor.userId,
        entity: 'document',
        entityId: doc.id,
        action: 'status',
        before: { status: 'Open' },
        after: { status: 'In Progress' },
      },
    ],
    at,
  );
}

/** The scan's row, with the answer a repeat of its scanId gets. */
function insertScan(
  trx: Db,
  s: {
    id: string;
    doc: DocumentRow;
    unit: UnitRow;
    kind: 'scan' | 'reverse';
    code: string;
    packs: number;
    actor: Actor;
    device: string | undefined;
    at: string;
    requestHash: string;
    response: ScanResponse;
  },
): Promise<void> {
  return scans.insertScan(trx, {
    id: s.id,
    documentId: s.doc.id,
    unitId: s.unit.id,
    kind: s.kind,
    code: s.code,
    packs: s.packs,
    userId: s.actor.userId,
    device: s.device ?? null,
    at: s.at,
    requestHash: s.requestHash,
    responseJson: JSON.stringify(s.response),
  });
}
