import { createHash } from 'node:crypto';
import {
  allocate,
  decodeScan,
  documentAuditAction,
  heldCount,
  message,
  quantityExceeded,
  readCartonLabel,
  sameSerialFormat,
  unitId,
  validateBprNo,
  type Family,
  type Registry,
  type MessageCode,
} from '@pharma/domain';
import type { CartonLabel, CartonsResponse, RedressScanResponse, ScanSeriesRequest } from '@pharma/domain/contract/redress';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import type { RedressCartonRow } from './redress.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isoToday } from '../../lib/today.ts';
import { batchStatus } from '../batches/batches.repository.ts';
import * as docs from '../inventory/documents.repository.ts';
import { documentLines } from '../inventory/document-view.ts';
import * as materials from '../inventory/materials.repository.ts';
import * as units from '../inventory/units.repository.ts';
import * as scans from '../scans/scans.repository.ts';
import { openDocument, ScanService, type Actor } from '../scans/scans.service.ts';
import * as cartons from './carton-units.ts';
import * as redress from './redress.repository.ts';
import { replayed } from '../../lib/replay.ts';

/**
 * Redress POs (decision 0036): the BPR No., carton labels, packs scanned into cartons by serial
 * (SERIES) or counted (NON_SERIES), and replacing a pack. A pack's scan, its reverse and the
 * completion are the engine's (the redress family's entry in the registry); this service adds the
 * carton around them, in the same transaction, so a refusal changes nothing.
 */
export class RedressService {
  constructor(
    private readonly db: Db,
    /** The families it serves: its documents are those of the family scanning into labelled cartons (decision 0085). */
    private readonly registry: Registry,
  ) {}

  /** The family of the registry that scans packs into labelled cartons (`labelledCartons`). */
  private get family(): Family {
    const family = this.registry.cartonFamily;
    if (!family) throw new AppError(404, 'DOC_TYPE_NOT_SUPPORTED', { type: '-' });
    return family;
  }

  /** The engine, running inside this service's transaction. */
  private engine(trx: Db): ScanService {
    return new ScanService(trx, this.registry, (work) => work(trx));
  }

  async cartons(actor: Actor, poNo: string): Promise<CartonsResponse> {
    const doc = await docs.findDocument(this.db, this.family.type, poNo, actor.area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: this.family.type, number: poNo });
    const all = await redress.cartonsOf(this.db, doc.id);
    return { data: all.map((c) => ({ ...cartonView(c), packs: c.packs, counted: c.counted })) };
  }

  /** Validates and saves the BPR No.; changing one already saved needs EditBprNo (`mayEdit`). Audited with before and after. */
  async saveBpr(actor: Actor, req: { poNo: string; bprNo: string }, mayEdit: boolean) {
    const valid = validateBprNo(req.bprNo);
    if (!valid.ok) throw new AppError(422, valid.code);
    return this.db.transaction().execute(async (trx) => {
      const doc = await openDocument(trx, this.family, req.poNo, actor.area);
      const before = doc.bpr_no;
      if (before !== null && before !== valid.value && !mayEdit) throw new AppError(403, 'FEATURE_NOT_AUTHORIZED');
      if (before !== valid.value) {
        const at = new Date().toISOString();
        await redress.setBprNo(trx, doc.id, valid.value, at);
        await writeAudit(
          trx,
          [
            {
              actorId: actor.userId,
              entity: 'document',
              entityId: doc.id,
              action: 'bprNo',
              before: { bprNo: before },
              after: { bprNo: valid.value },
            },
          ],
          at,
        );
      }
      return { message: message('BPR_SAVED', {}, actor.locale), document: { number: doc.number, status: doc.status, bprNo: valid.value } };
    });
  }

  /** Reads a scanned carton label and records it on the PO; the same label again answers the carton as recorded. */
  async validateLabel(actor: Actor, req: { poNo: string; code: string }, today = isoToday()): Promise<CartonLabel> {
    const read = readCartonLabel(req.code, today);
    if (!read.ok) throw new AppError(read.code === 'CARTON_LABEL_INVALID' ? 422 : 400, read.code, read.params);
    const { label } = read;
    return this.db.transaction().execute(async (trx) => {
      const doc = await openDocument(trx, this.family, req.poNo, actor.area);
      if (!doc.bpr_no) throw new AppError(422, 'BPR_REQUIRED', { number: doc.number });
      const materialNo = await materials.materialWithGtin(trx, label.gtin);
      const where = { type: this.family.type, number: doc.number, materialNo: materialNo ?? `GTIN ${label.gtin}`, batchNo: label.batchNo };
      const existing = await redress.cartonByCode(trx, doc.id, label.cartonCode);
      if (existing) {
        if (existing.material_no === materialNo && existing.batch_no === label.batchNo && existing.qty === label.qty) {
          const [content] = await redress.cartonsOf(trx, doc.id, existing.id);
          return cartonView(content!);
        }
        throw new AppError(422, 'CARTON_LABEL_OTHER_CONTENT', {
          cartonCode: existing.carton_code,
          number: doc.number,
          materialNo: existing.material_no,
          batchNo: existing.batch_no,
          qty: existing.qty,
        });
      }
      if (!materialNo) throw new AppError(422, 'NOT_ON_DOCUMENT', where);
      const lines = (await docs.lines(trx, doc.id)).filter(
        (l) => l.material_no === materialNo && (l.batch_no === null || l.batch_no === label.batchNo),
      );
      if (lines.length === 0) throw new AppError(422, 'NOT_ON_DOCUMENT', where);
      const ordered = lines.reduce((n, l) => n + l.quantity, 0);
      const labelled = await redress.labelledQty(trx, doc.id, materialNo, label.batchNo);
      if (labelled + label.qty > ordered) {
        const left = Math.max(0, ordered - labelled);
        throw new AppError(422, 'CARTON_LABEL_OVERFLOW', { ...where, materialNo, qty: label.qty, left, ordered });
      }

      // The label's SSCC becomes the carton's unit (decision 0061): an SSCC names one unit only.
      if (await units.findUnit(trx, { sscc: label.cartonCode })) {
        throw new AppError(422, 'CARTON_SSCC_TAKEN', { cartonCode: label.cartonCode });
      }

      const at = new Date().toISOString();
      const move = { actorId: actor.userId, at, document: doc };
      const cartonUnitId = await cartons.createCartonUnit(
        trx,
        { sscc: label.cartonCode, materialNo, batchNo: label.batchNo, warehouseNo: doc.warehouse_no },
        move,
      );
      const carton = {
        id: newId(),
        document_id: doc.id,
        carton_code: label.cartonCode,
        material_no: materialNo,
        batch_no: label.batchNo,
        qty: label.qty,
        bpr_no: doc.bpr_no,
        code: req.code,
        user_id: actor.userId,
        created_at: at,
        unit_id: cartonUnitId,
      };
      await redress.insertCarton(trx, carton);
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: doc.id,
            action: 'carton label',
            after: { cartonCode: label.cartonCode, materialNo, batchNo: label.batchNo, qty: label.qty, bprNo: doc.bpr_no },
          },
        ],
        at,
      );
      await markActivity(trx, doc, actor, at);
      return cartonView({ carton, packs: [], counted: 0 });
    });
  }

  /** A pack's serial into a carton (SERIES), or a count of packs without serials (NON_SERIES). */
  async scanSeries(actor: Actor, req: ScanSeriesRequest, today = isoToday()): Promise<RedressScanResponse> {
    return req.scanType === 'SERIES' ? this.scanPack(actor, req, today) : this.countPacks(actor, req);
  }

  private async scanPack(actor: Actor, req: ScanSeriesRequest, today: string): Promise<RedressScanResponse> {
    if (!req.code) throw new AppError(400, 'BAD_REQUEST', { detail: 'code is required for a SERIES scan' });
    const code = req.code;
    const repeat = await this.repeated<RedressScanResponse>(
      req.scanId,
      (r) => r.carton?.cartonCode === req.cartonCode && !('replaced' in r),
    );
    if (repeat) return repeat;
    const key = packKey(code, today);
    return this.db.transaction().execute(async (trx) => {
      const doc = await openDocument(trx, this.family, req.poNo, actor.area);
      const content = await cartonContent(trx, doc, req.cartonCode);
      const pack = await findPack(trx, key);
      if (pack.material_no !== content.carton.material_no || pack.batch_no !== content.carton.batch_no) {
        throw new AppError(422, 'PACK_NOT_FOR_CARTON', {
          materialNo: pack.material_no ?? '-',
          batchNo: pack.batch_no ?? '-',
          cartonCode: content.carton.carton_code,
          cartonMaterial: content.carton.material_no,
          cartonBatch: content.carton.batch_no,
        });
      }
      if (held(content) + 1 > content.carton.qty) throw new AppError(422, 'CARTON_QUANTITY_EXCEEDED');
      const scanned = await this.engine(trx).scan(
        actor,
        { docType: this.family.type, docNo: req.poNo, code, unit: 'EA', idType: 'GS1', scanId: req.scanId },
        today,
      );
      await redress.linkPack(trx, doc.id, pack.id, content.carton.id);
      await intoCarton(trx, pack, content.carton, { actorId: actor.userId, at: new Date().toISOString(), document: doc });
      const response: RedressScanResponse = {
        scanId: req.scanId,
        accepted: true,
        packs: scanned.packs,
        unit: unitId(pack),
        carton: cartonView({ ...content, packs: [...content.packs, unitId(pack)] }),
        document: { status: 'In Progress' },
        data: await documentLines(trx, doc.id),
      };
      await scans.setStoredAnswer(trx, req.scanId, JSON.stringify(response));
      return response;
    });
  }

  private async countPacks(actor: Actor, req: ScanSeriesRequest): Promise<RedressScanResponse> {
    const quantity = req.quantity;
    if (quantity === undefined || !Number.isSafeInteger(quantity) || quantity < 1) throw new AppError(422, 'COUNT_INVALID');
    const hash = createHash('sha256')
      .update(JSON.stringify(['count', req.poNo, req.cartonCode, quantity]))
      .digest('base64url');
    const stored = replayed<RedressScanResponse>(await redress.storedCount(this.db, req.scanId), hash);
    if (stored) return stored;
    return this.db.transaction().execute(async (trx) => {
      const doc = await openDocument(trx, this.family, req.poNo, actor.area);
      const content = await cartonContent(trx, doc, req.cartonCode);
      const { material_no: materialNo, batch_no: batchNo } = content.carton;
      // Packs counted without serials are of the carton's batch: refused while it is on hold or recalled (issue 30).
      const onHold = heldCount(this.family.heldBatch, { materialNo, batchNo, batchStatus: await batchStatus(trx, materialNo, batchNo) });
      if (onHold && 'refusal' in onHold) throw new AppError(onHold.refusal.status, onHold.refusal.code, onHold.refusal.params);
      if (held(content) + quantity > content.carton.qty) throw new AppError(422, 'CARTON_QUANTITY_EXCEEDED');
      const lines = await docs.lines(trx, doc.id);
      const result = allocate(
        lines.map((l) => ({
          lineNo: l.line_no,
          materialNo: l.material_no,
          batchNo: l.batch_no,
          quantity: l.quantity - l.scanned_quantity,
        })),
        [{ materialNo, batchNo, count: quantity }],
      );
      if (!result.ok) {
        const figures = lines.map((l) => ({
          materialNo: l.material_no,
          batchNo: l.batch_no,
          quantity: l.quantity,
          scanned: l.scanned_quantity,
        }));
        throw new AppError(422, 'QUANTITY_EXCEEDED', quantityExceeded(figures, { materialNo, batchNo, count: quantity }));
      }
      const counts = new Map(
        lines.filter((l) => result.scanned.has(l.line_no)).map((l) => [l.line_no, l.scanned_quantity + result.scanned.get(l.line_no)!]),
      );
      const at = new Date().toISOString();
      await docs.setLineCounts(trx, doc.id, counts, 'scanned_quantity');
      const response: RedressScanResponse = {
        scanId: req.scanId,
        accepted: true,
        packs: quantity,
        unit: null,
        carton: cartonView({ ...content, counted: content.counted + quantity }),
        document: { status: 'In Progress' },
        data: await documentLines(trx, doc.id),
      };
      await redress.insertCount(trx, {
        id: req.scanId,
        documentId: doc.id,
        cartonId: content.carton.id,
        materialNo,
        batchNo,
        packs: quantity,
        userId: actor.userId,
        at,
        requestHash: hash,
        responseJson: JSON.stringify(response),
      });
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: doc.id,
            action: 'count',
            after: { cartonCode: content.carton.carton_code, materialNo, batchNo, packs: quantity },
          },
        ],
        at,
      );
      await markActivity(trx, doc, actor, at);
      return response;
    });
  }

  /**
   * Swaps a pack of a carton for another of the same material, batch and serial format: the pack
   * taken out leaves the PO (back to the state it had, then DAMAGED), the one put in is scanned
   * into its carton; both are audited and the replacement recorded.
   */
  async replacePack(actor: Actor, req: { poNo: string; from: string; to: string; scanId: string }, today = isoToday()) {
    const repeat = await this.repeated<RedressScanResponse & { replaced: string }>(req.scanId, (r) => 'replaced' in r);
    if (repeat) return repeat;
    const fromKey = packKey(req.from, today);
    const toKey = packKey(req.to, today);
    return this.db.transaction().execute(async (trx) => {
      const doc = await openDocument(trx, this.family, req.poNo, actor.area);
      const from = await findPack(trx, fromKey);
      const carton = await redress.cartonOfPack(trx, doc.id, from.id);
      if (!carton) throw new AppError(422, 'PACK_NOT_IN_CARTON', { id: unitId(from), number: doc.number });
      const to = await findPack(trx, toKey);
      if (to.material_no !== from.material_no || to.batch_no !== from.batch_no) {
        throw new AppError(422, 'REPLACEMENT_OTHER_PRODUCT', { materialNo: from.material_no ?? '-', batchNo: from.batch_no ?? '-' });
      }
      if (!sameSerialFormat(from.serial ?? '', to.serial ?? '')) throw new AppError(422, 'DESTINATION_SERIAL_FORMAT');

      const engine = this.engine(trx);
      await engine.reverse(
        actor,
        { docType: this.family.type, docNo: req.poNo, code: req.from, unit: 'EA', scanId: `${req.scanId}-out` },
        today,
      );
      const at = new Date().toISOString();
      // Off the PO, out of its carton (the engine's reverse does it too: a second call finds nothing).
      await cartons.leaveCartonsOffDocument(trx, doc, { actorId: actor.userId, at });
      const restored = (await units.findUnit(trx, { id: from.id }))!;
      await units.setTreeState(
        trx,
        from.id,
        { status: 'DAMAGED', reason: restored.reason },
        {
          opId: newId(),
          actorId: actor.userId,
          at,
          action: documentAuditAction('replace', this.family.type, doc.number),
          why: `replaced by ${unitId(to)}`,
        },
        restored,
      );
      const scanned = await engine.scan(
        actor,
        { docType: this.family.type, docNo: req.poNo, code: req.to, unit: 'EA', idType: 'GS1', scanId: req.scanId },
        today,
      );
      await redress.linkPack(trx, doc.id, to.id, carton.id);
      // The pack put in takes its place in the carton.
      await intoCarton(trx, to, carton, { actorId: actor.userId, at, document: doc });
      await redress.insertReplacement(trx, {
        id: req.scanId,
        documentId: doc.id,
        cartonId: carton.id,
        fromUnitId: from.id,
        toUnitId: to.id,
        userId: actor.userId,
        at,
      });
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: doc.id,
            action: 'replace pack',
            before: { cartonCode: carton.carton_code, pack: unitId(from) },
            after: { cartonCode: carton.carton_code, pack: unitId(to) },
          },
        ],
        at,
      );
      const [content] = await redress.cartonsOf(trx, doc.id, carton.id);
      const response = {
        scanId: req.scanId,
        accepted: true as const,
        packs: scanned.packs,
        unit: unitId(to),
        replaced: unitId(from),
        carton: cartonView(content!),
        document: { status: 'In Progress' as const },
        data: await documentLines(trx, doc.id),
      };
      await scans.setStoredAnswer(trx, req.scanId, JSON.stringify(response));
      return response;
    });
  }

  /** The answer stored for a scan id this service answered before; another use of the id is refused. */
  private async repeated<T>(scanId: string, same: (stored: T & { carton?: { cartonCode: string } }) => boolean): Promise<T | undefined> {
    const row = await scans.storedAnswer(this.db, scanId);
    if (!row) return undefined;
    const stored = JSON.parse(row.response_json) as T & { carton?: { cartonCode: string } };
    if (!stored.carton || !same(stored)) throw new AppError(409, 'SCAN_ID_REUSED');
    return stored;
  }
}

/** The label's fields (spec point 3), `visibleQty` being what the carton holds so far. */
function cartonView(c: redress.CartonContent): CartonLabel {
  return {
    id: c.carton.id,
    cartonCode: c.carton.carton_code,
    materialNo: c.carton.material_no,
    batchNo: c.carton.batch_no,
    qty: c.carton.qty,
    visibleQty: held(c),
    bprNo: c.carton.bpr_no,
  };
}

/** A pack scanned into a carton becomes its child, where the carton is a unit (decision 0061). */
async function intoCarton(trx: Db, pack: UnitRow, carton: RedressCartonRow, move: cartons.Move): Promise<void> {
  if (carton.unit_id) await cartons.putInCarton(trx, pack, { unitId: carton.unit_id, sscc: carton.carton_code }, move);
}

function held(c: redress.CartonContent): number {
  return c.packs.length + c.counted;
}

async function cartonContent(trx: Db, doc: DocumentRow, cartonCode: string): Promise<redress.CartonContent> {
  const carton = await redress.cartonByCode(trx, doc.id, cartonCode);
  if (!carton) throw new AppError(422, 'CARTON_NOT_LABELLED', { cartonCode, number: doc.number });
  return (await redress.cartonsOf(trx, doc.id, carton.id))[0]!;
}

/** A pack's GTIN and serial from its raw scan (decoded again: the browser is not trusted). */
function packKey(code: string, today: string): { gtin: string; serial: string } {
  const decoded = decodeScan(code, { unit: 'EA', idType: 'GS1', today });
  if (!decoded.ok) throw new AppError(400, decoded.code as MessageCode, decoded.params);
  if (!decoded.gtin || !decoded.serial) throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
  return { gtin: decoded.gtin, serial: decoded.serial };
}

async function findPack(trx: Db, key: { gtin: string; serial: string }): Promise<UnitRow> {
  const pack = await units.findUnit(trx, key);
  if (!pack || pack.type !== 'EA') throw new AppError(422, 'SERIAL_NOT_RECOGNIZED');
  return pack;
}

/** Activity on the PO: touched, and In Progress from Open (audited). */
async function markActivity(trx: Db, doc: DocumentRow, actor: Actor, at: string): Promise<void> {
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
