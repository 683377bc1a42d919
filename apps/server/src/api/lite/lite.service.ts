import {
  decodeCode,
  documentTotals,
  message,
  parseLiteQuantity,
  validateLiteBatch,
  validateLiteNumber,
  validateMaterialNo,
  type AuditAction,
  type LiteFamily,
  type Locale,
} from '@pharma/domain';
import type { ScanResponse } from '@pharma/domain/contract/inventory';
import type {
  LiteCreateRequest,
  LiteDeleteItemRequest,
  LiteDocument,
  LiteDocumentResponse,
  LiteLineRequest,
  LiteLineResponse,
  LiteMaterialResponse,
  LiteScanRequest,
} from '@pharma/domain/contract/lite';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isoToday } from '../../lib/today.ts';
import * as docs from '../inventory/documents.repository.ts';
import { documentLines, documentSummary } from '../inventory/document-view.ts';
import * as materials from '../inventory/materials.repository.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { CompleteService } from '../scans/complete.service.ts';
import { openDocument, type ScanService } from '../scans/scans.service.ts';
import { LiteCounts } from './lite-counts.service.ts';
import * as lite from './lite.repository.ts';

export interface LiteActor {
  userId: string;
  /** The language of the answer's messages (decision 0090); English when not given. */
  locale?: Locale;
}

const AREA = 'LDC' as const;

/**
 * The lite families (decision 0039): documents created by users, lines by material and batch, and the
 * engine's scan, delete and completion run on them as on any family (a Dispatch+ scan dispatches).
 * Everything a user changes is audited; a completed document refuses every change.
 */
export class LiteService {
  constructor(
    private readonly db: Db,
    private readonly scans: ScanService,
    private readonly completion: CompleteService,
    private readonly documents: DocumentsService,
  ) {}

  private liteCounts?: LiteCounts;
  /** Each line's scans, scan by scan, and their removal before completion (issue 27, decision 0066). */
  get counts(): LiteCounts {
    return (this.liteCounts ??= new LiteCounts(this.db, this.scans));
  }

  async create(actor: LiteActor, f: LiteFamily, req: LiteCreateRequest): Promise<LiteDocumentResponse> {
    const number = validateLiteNumber(req.docNo);
    if (!number.ok) throw new AppError(400, number.code);
    const warehouseNo = req.warehouseNo.trim();
    return this.db.transaction().execute(async (trx) => {
      const area = await lite.warehouseArea(trx, warehouseNo);
      if (!area) throw new AppError(422, 'UNKNOWN_WAREHOUSE', { warehouseNo });
      if (area !== AREA) throw new AppError(422, 'LITE_NOT_LOCAL_WAREHOUSE', { warehouseNo });
      // Pages and paths name a lite document by module and number alone: a number is unique per family.
      const taken = await lite.documentNumbered(trx, f.family.type, number.value);
      if (taken) {
        const code = taken.warehouse_no === warehouseNo ? 'LITE_NUMBER_TAKEN' : 'LITE_NUMBER_TAKEN_ELSEWHERE';
        throw new AppError(409, code, { number: number.value, warehouseNo: taken.warehouse_no });
      }
      const at = new Date().toISOString();
      const id = newId();
      await docs.insertDocument(trx, {
        id,
        type: f.family.type,
        number: number.value,
        status: 'Open',
        warehouseNo,
        date: isoToday(),
        destinationWarehouseNo: null,
        sourceDocumentId: null,
        at,
      });
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: id,
            action: 'create',
            after: { type: f.family.type, number: number.value, warehouseNo, status: 'Open' },
          },
        ],
        at,
      );
      const doc = (await docs.documentById(trx, id))!;
      return {
        message: message('LITE_DOCUMENT_CREATED', { number: number.value }, actor.locale),
        document: liteDocument(f, doc, 0, 0),
        data: [],
      };
    });
  }

  /** Removal is refused while packs are on the document: their scans must be deleted first, each audited (decision 0039). */
  async remove(actor: LiteActor, f: LiteFamily, docNo: string): Promise<{ message: string }> {
    return this.db.transaction().execute(async (trx) => {
      const doc = await openDocument(trx, f.family, docNo, AREA);
      const packs = await lite.packsOnDocument(trx, doc.id);
      if (packs > 0) throw new AppError(409, 'LITE_HAS_SCANS', { number: doc.number, count: packs });
      const lines = await docs.lines(trx, doc.id);
      const at = new Date().toISOString();
      await lite.removeDocument(trx, doc.id);
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: doc.id,
            action: 'remove',
            before: {
              type: doc.type,
              number: doc.number,
              warehouseNo: doc.warehouse_no,
              status: doc.status,
              lines: lines.map((l) => ({ materialNo: l.material_no, batchNo: l.batch_no, quantity: l.quantity })),
            },
            after: null,
          },
        ],
        at,
      );
      return { message: message('LITE_DOCUMENT_REMOVED', { number: doc.number }, actor.locale) };
    });
  }

  /** Adds a material and batch line, or sets the quantity of the line of that material and batch. */
  async putLine(actor: LiteActor, f: LiteFamily, req: LiteLineRequest): Promise<LiteDocumentResponse> {
    const materialNo = validateMaterialNo(req.materialNo);
    if (!materialNo.ok) throw new AppError(400, materialNo.code);
    const quantity = parseLiteQuantity(req.quantity);
    if (!quantity.ok) throw new AppError(400, quantity.code);
    return this.db.transaction().execute(async (trx) => {
      const material = await materials.findMaterial(trx, materialNo.value);
      if (!material) throw new AppError(422, 'UNKNOWN_MATERIAL', { materialNo: materialNo.value });
      const batch = validateLiteBatch(req.batchNo, material.batch_type);
      if (!batch.ok) throw new AppError(400, batch.code);
      const doc = await openDocument(trx, f.family, req.docNo, AREA);
      const lines = await docs.lines(trx, doc.id);
      const line = lines.find((l) => l.material_no === material.material_no && l.batch_no === batch.value);
      const at = new Date().toISOString();
      const key = { materialNo: material.material_no, batchNo: batch.value };
      if (line) {
        if (quantity.value < line.scanned_quantity) {
          throw new AppError(422, 'LITE_QUANTITY_BELOW_SCANNED', { scanned: line.scanned_quantity });
        }
        await lite.setLineQuantity(trx, doc.id, line.line_no, quantity.value);
        await audit(trx, actor, doc, 'line quantity', { ...key, quantity: line.quantity }, { ...key, quantity: quantity.value }, at);
      } else {
        const lineNo = await lite.nextLineNo(trx, doc.id);
        await docs.insertLines(trx, doc.id, [{ lineNo, ...key, quantity: quantity.value, scannedQuantity: 0 }]);
        await audit(trx, actor, doc, 'line added', null, { lineNo, ...key, quantity: quantity.value }, at);
      }
      await docs.touchDocument(trx, doc.id, at);
      return { message: message('ITEM_ADDED', {}, actor.locale), ...(await view(trx, f, doc)) };
    });
  }

  /** Deletes a scanned unit (the engine's reverse: its state before the scan comes back) or a line with nothing scanned. */
  async deleteItem(actor: LiteActor, f: LiteFamily, req: LiteDeleteItemRequest): Promise<LiteDocumentResponse> {
    if (req.code) {
      await this.scans.reverse(
        { userId: actor.userId, area: AREA },
        { docType: f.family.type, docNo: req.docNo, code: req.code, unit: req.unit, scanId: req.scanId },
      );
    } else {
      await this.db.transaction().execute(async (trx) => {
        const doc = await docs.lockDocument(trx, f.family.type, req.docNo, AREA);
        if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: f.family.type, number: req.docNo });
        if (doc.status === 'Completed') throw new AppError(422, f.family.deleteCompleted ?? 'ITEM_CANNOT_BE_DELETED');
        const line = (await docs.lines(trx, doc.id)).find((l) => l.material_no === req.materialNo && l.batch_no === (req.batchNo ?? null));
        if (!line)
          throw new AppError(404, 'LITE_LINE_NOT_FOUND', {
            materialNo: req.materialNo ?? '',
            batchNo: req.batchNo ?? '-',
            number: doc.number,
          });
        if (line.scanned_quantity > 0) throw new AppError(409, 'LITE_LINE_HAS_SCANS');
        const at = new Date().toISOString();
        await lite.deleteLine(trx, doc.id, line.line_no);
        await audit(
          trx,
          actor,
          doc,
          'line removed',
          { lineNo: line.line_no, materialNo: line.material_no, batchNo: line.batch_no, quantity: line.quantity },
          null,
          at,
        );
        await docs.touchDocument(trx, doc.id, at);
      });
    }
    return { message: message('ITEM_REMOVED', {}, actor.locale), ...(await this.details(f, req.docNo)) };
  }

  async scan(actor: LiteActor, f: LiteFamily, req: LiteScanRequest): Promise<ScanResponse> {
    return this.scans.scan({ userId: actor.userId, area: AREA, locale: actor.locale }, { ...req, docType: f.family.type });
  }

  async complete(actor: LiteActor, f: LiteFamily, docNo: string) {
    return this.completion.complete({ userId: actor.userId, area: AREA, locale: actor.locale }, f.family.type, docNo);
  }

  list(f: LiteFamily, query: Parameters<DocumentsService['list']>[2]) {
    return this.documents.list(f.family.type, AREA, query);
  }

  async details(f: LiteFamily, docNo: string): Promise<LiteDocumentResponse> {
    const doc = await docs.findDocument(this.db, f.family.type, docNo, AREA);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: f.family.type, number: docNo });
    return view(this.db, f, doc);
  }

  /** One line (a material and batch) of the document, with the units scanned on it. */
  async line(f: LiteFamily, docNo: string, materialNo: string, batchNo: string): Promise<LiteLineResponse> {
    const { document, data } = await this.details(f, docNo);
    const line = data.find((l) => l.materialNo === materialNo && (l.batchNo ?? '') === batchNo);
    if (!line) throw new AppError(404, 'LITE_LINE_NOT_FOUND', { materialNo, batchNo: batchNo || '-', number: docNo });
    return { document, line };
  }

  /** A material by number, or by a scanned pack code: its GTIN names the material, its batch (10) comes along. */
  async material(query: { materialNo?: string; code?: string }): Promise<LiteMaterialResponse> {
    let materialNo = query.materialNo;
    let batchNo: string | null = null;
    if (query.code) {
      const decoded = decodeCode(query.code, { today: isoToday() });
      if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
      if (decoded.sscc) throw new AppError(400, 'GS1_SSCC_IN_BATCH_SCAN');
      if (!decoded.gtin) throw new AppError(400, 'LITE_NOT_A_PACK_CODE');
      materialNo = await materials.materialWithGtin(this.db, decoded.gtin);
      if (!materialNo) throw new AppError(422, 'LITE_NO_MATERIAL_FOR_GTIN', { gtin: decoded.gtin });
      batchNo = decoded.batch;
    } else {
      const valid = validateMaterialNo(materialNo);
      if (!valid.ok) throw new AppError(400, valid.code);
      materialNo = valid.value;
    }
    const m = await materials.findMaterial(this.db, materialNo);
    if (!m) throw new AppError(422, 'UNKNOWN_MATERIAL', { materialNo });
    return { materialNo: m.material_no, name: m.name, gtin: m.gtin, batchType: m.batch_type, batchNo };
  }
}

function liteDocument(f: LiteFamily, doc: DocumentRow, quantity: number, scanned: number): LiteDocument {
  return { ...documentSummary(doc, quantity, scanned), moduleType: f.module, completedAt: doc.completed_at };
}

async function view(db: Db, f: LiteFamily, doc: DocumentRow): Promise<LiteDocumentResponse> {
  const data = await documentLines(db, doc.id);
  const { expected, scanned } = documentTotals(data);
  return { document: liteDocument(f, doc, expected, scanned), data };
}

function audit(
  trx: Db,
  actor: LiteActor,
  doc: DocumentRow,
  action: AuditAction,
  before: unknown,
  after: unknown,
  at: string,
): Promise<void> {
  return writeAudit(trx, [{ actorId: actor.userId, entity: 'document', entityId: doc.id, action, before, after }], at);
}
