import { hasValidCheckDigit, type DocumentType } from '@pharma/domain';
import type { z } from 'zod';
import type { DocumentBody, MaterialBody } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

type MaterialInput = z.infer<typeof MaterialBody>;
type DocumentInput = z.infer<typeof DocumentBody>;

/**
 * The ERP side: materials and documents arrive by PUT (create or update, idempotent).
 * A Completed document refuses changes (409); every change is audited.
 */
export class IntakeService {
  constructor(private readonly db: Db) {}

  async putMaterial(actorId: string, materialNo: string, body: MaterialInput): Promise<{ created: boolean }> {
    const gtin = body.gtin ? body.gtin.padStart(14, '0') : null;
    if (gtin && !hasValidCheckDigit(gtin))
      throw new AppError(400, 'GS1_BAD_CHECK_DIGIT', { ai: '01', expected: '-', found: gtin.slice(-1) });
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('materials').selectAll().where('material_no', '=', materialNo).executeTakeFirst();
      if (gtin) {
        const owner = await trx
          .selectFrom('materials')
          .select('material_no')
          .where('gtin', '=', gtin)
          .where('material_no', '!=', materialNo)
          .executeTakeFirst();
        if (owner) throw new AppError(409, 'GTIN_TAKEN', { gtin, materialNo: owner.material_no });
      }
      const at = new Date().toISOString();
      const row = { name: body.name, gtin, batch_type: body.batchType, updated_at: at };
      if (before) await trx.updateTable('materials').set(row).where('material_no', '=', materialNo).execute();
      else
        await trx
          .insertInto('materials')
          .values({ ...row, material_no: materialNo, created_at: at })
          .execute();
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
      const warehouse = await trx
        .selectFrom('warehouses')
        .select('warehouse_no')
        .where('warehouse_no', '=', body.warehouseNo)
        .executeTakeFirst();
      if (!warehouse) throw new AppError(422, 'UNKNOWN_WAREHOUSE', { warehouseNo: body.warehouseNo });
      const materialNos = [...new Set(body.lines.map((l) => l.materialNo))];
      const known = await trx.selectFrom('materials').select('material_no').where('material_no', 'in', materialNos).execute();
      const missing = materialNos.find((m) => !known.some((k) => k.material_no === m));
      if (missing) throw new AppError(422, 'UNKNOWN_MATERIAL', { materialNo: missing });
      const lineNos = body.lines.map((l) => l.lineNo);
      if (new Set(lineNos).size !== lineNos.length) throw new AppError(400, 'BAD_REQUEST', { detail: 'line numbers must be unique' });

      const existing = await trx
        .selectFrom('documents')
        .selectAll()
        .where('type', '=', type)
        .where('number', '=', number)
        .executeTakeFirst();
      if (existing?.status === 'Completed') throw new AppError(409, 'DOCUMENT_COMPLETED', { type, number });
      const at = new Date().toISOString();
      const id = existing?.id ?? newId();
      const beforeLines = existing ? await trx.selectFrom('document_lines').selectAll().where('document_id', '=', id).execute() : [];
      if (existing) {
        await trx
          .updateTable('documents')
          .set({ warehouse_no: body.warehouseNo, doc_date: body.date, updated_at: at })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('document_lines').where('document_id', '=', id).execute();
      } else {
        await trx
          .insertInto('documents')
          .values({
            id,
            type,
            number,
            warehouse_no: body.warehouseNo,
            status: 'Open',
            doc_date: body.date,
            created_at: at,
            updated_at: at,
            completed_at: null,
          })
          .execute();
      }
      const scannedBefore = new Map(beforeLines.map((l) => [l.line_no, l.scanned_quantity]));
      await trx
        .insertInto('document_lines')
        .values(
          body.lines.map((l) => ({
            document_id: id,
            line_no: l.lineNo,
            material_no: l.materialNo,
            batch_no: l.batchNo ?? null,
            quantity: l.quantity,
            scanned_quantity: scannedBefore.get(l.lineNo) ?? 0,
            shortage_quantity: 0,
          })),
        )
        .execute();
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
