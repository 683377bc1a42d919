import { expectedCheckDigit, hasValidCheckDigit, takesExportMark, type DocumentType, type Registry } from '@pharma/domain';
import type { z } from 'zod';
import type { DocumentBody, MaterialBody } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import * as materials from '../inventory/materials.repository.ts';
import { warehouseExists, warehousesOfPlant } from '../reference/reference.repository.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';

type MaterialInput = z.infer<typeof MaterialBody>;
type DocumentInput = z.infer<typeof DocumentBody>;

/**
 * The ERP side: materials and documents arrive by PUT (create or update, idempotent).
 * A Completed document refuses changes (409); every change is audited.
 */
export class IntakeService {
  constructor(
    private readonly db: Db,
    /** The families whose documents it takes (decision 0085). */
    private readonly registry: Registry,
  ) {}

  async putMaterial(actorId: string, materialNo: string, body: MaterialInput): Promise<{ created: boolean }> {
    const gtin = body.gtin ? body.gtin.padStart(14, '0') : null;
    if (gtin && !hasValidCheckDigit(gtin))
      // GenSpecs 7.9.1: the message names the digit the GTIN's other digits call for.
      throw new AppError(400, 'GS1_BAD_CHECK_DIGIT', {
        ai: '01',
        expected: String(expectedCheckDigit(gtin, 0, 14)),
        found: gtin.slice(-1),
      });
    return this.db.transaction().execute(async (trx) => {
      const before = await materials.findMaterial(trx, materialNo);
      if (gtin) {
        const owner = await materials.materialWithGtin(trx, gtin, materialNo);
        if (owner) throw new AppError(409, 'GTIN_TAKEN', { gtin, materialNo: owner });
      }
      const at = new Date().toISOString();
      const row = { name: body.name, gtin, batch_type: body.batchType, updated_at: at };
      if (before) await materials.updateMaterial(trx, materialNo, row);
      else await materials.insertMaterial(trx, materialNo, row);
      await writeAudit(
        trx,
        [
          {
            actorId,
            entity: 'material',
            entityId: materialNo,
            action: before ? 'update' : 'create',
            before,
            after: { material_no: materialNo, ...row },
          },
        ],
        at,
      );
      return { created: !before };
    });
  }

  async putDocument(actorId: string, type: DocumentType, number: string, body: DocumentInput): Promise<{ created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await warehouseExists(trx, body.warehouseNo))) throw new AppError(422, 'UNKNOWN_WAREHOUSE', { warehouseNo: body.warehouseNo });
      const materialNos = [...new Set(body.lines.map((l) => l.materialNo))];
      const known = await materials.knownMaterialNos(trx, materialNos);
      const missing = materialNos.find((m) => !known.includes(m));
      if (missing) throw new AppError(422, 'UNKNOWN_MATERIAL', { materialNo: missing });
      // Only a family that exports takes the mark; anything else marked one is the ERP's mistake, said, not ignored.
      if (body.export && !takesExportMark(this.registry.familyOf(type))) throw new AppError(422, 'EXPORT_NOT_ALLOWED', { type });
      const lineNos = body.lines.map((l) => l.lineNo);
      if (new Set(lineNos).size !== lineNos.length) throw new AppError(400, 'BAD_REQUEST', { detail: 'line numbers must be unique' });

      const existing = await docs.findDocument(trx, type, number);
      if (existing?.status === 'Completed') throw new AppError(409, 'DOCUMENT_COMPLETED', { type, number });
      const destinationWarehouseNo = await destinationOf(trx, this.registry, type, number, body);
      const source = await sourceOf(trx, this.registry, type, body);
      const at = new Date().toISOString();
      const id = existing?.id ?? newId();
      const beforeLines = existing ? await docs.lineRows(trx, id) : [];
      const header = {
        warehouseNo: body.warehouseNo,
        date: body.date,
        destinationWarehouseNo,
        sourceDocumentId: source?.id ?? null,
        export: body.export ?? false,
        at,
      };
      if (existing) {
        await docs.updateHeader(trx, id, header);
        await docs.deleteLines(trx, id);
      } else {
        await docs.insertDocument(trx, { ...header, id, type, number, status: 'Open' });
      }
      // A transfer completed before its receipt was announced: its units are expected here now.
      if (source?.status === 'Completed') await docs.handOver(trx, source.id, id);
      const scannedBefore = new Map(beforeLines.map((l) => [l.line_no, l.scanned_quantity]));
      await docs.insertLines(
        trx,
        id,
        body.lines.map((l) => ({
          lineNo: l.lineNo,
          materialNo: l.materialNo,
          batchNo: l.batchNo ?? null,
          quantity: l.quantity,
          scannedQuantity: scannedBefore.get(l.lineNo) ?? 0,
        })),
      );
      await writeAudit(
        trx,
        [
          {
            actorId,
            entity: 'document',
            entityId: id,
            action: existing ? 'update' : 'create',
            before: existing ? { ...existing, lines: beforeLines } : undefined,
            after: { type, number, ...body },
          },
        ],
        at,
      );
      return { created: !existing };
    });
  }
}

/**
 * The warehouse a transfer sends its stock to: named, or the one warehouse of the named plant; another
 * warehouse than its own. Only families that hand their units over have a destination, and must.
 */
async function destinationOf(db: Db, registry: Registry, type: DocumentType, number: string, body: DocumentInput): Promise<string | null> {
  const handsOver = !!registry.familyOf(type)?.handOver;
  if (!body.destination) {
    if (handsOver) throw new AppError(422, 'DESTINATION_REQUIRED', { type, number });
    return null;
  }
  if (!handsOver) throw new AppError(422, 'DESTINATION_NOT_ALLOWED', { type });
  const { warehouseNo, plant } = body.destination;
  let destination = warehouseNo;
  if (plant) {
    const found = await warehousesOfPlant(db, plant);
    if (found.length !== 1) throw new AppError(422, 'UNKNOWN_PLANT', { plant });
    destination = found[0];
  }
  if (!destination || !(await warehouseExists(db, destination)))
    throw new AppError(422, 'UNKNOWN_WAREHOUSE', { warehouseNo: destination ?? '-' });
  if (destination === body.warehouseNo) throw new AppError(422, 'SAME_DESTINATION', { warehouseNo: destination });
  return destination;
}

/** The document this one receives (an IBD's STO): of a family handing its units over to this type, going to this warehouse. */
async function sourceOf(db: Db, registry: Registry, type: DocumentType, body: DocumentInput): Promise<DocumentRow | undefined> {
  if (!body.receives) return undefined;
  const { type: sourceType, number: sourceNo } = body.receives;
  if (registry.familyOf(sourceType)?.handOver?.to !== type) throw new AppError(422, 'CANNOT_RECEIVE', { type, source: sourceType });
  const source = await docs.findDocument(db, sourceType, sourceNo);
  if (!source) throw new AppError(422, 'DOCUMENT_NOT_FOUND', { type: sourceType, number: sourceNo });
  if (source.destination_warehouse_no !== body.warehouseNo)
    throw new AppError(422, 'WRONG_DESTINATION', {
      source: sourceType,
      sourceNo,
      destination: source.destination_warehouse_no ?? '-',
      warehouseNo: body.warehouseNo,
    });
  return source;
}
