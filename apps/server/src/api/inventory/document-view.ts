import { mergeLines, type DocumentStatus, type DocumentType } from '@pharma/domain';
import type { DocumentLine, DocumentSummary } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import type { DocumentRow } from '../../db/schema.ts';
import * as docs from './documents.repository.ts';

/**
 * A document's lines as clients see them: merged per material and batch, with scanned details
 * (all of them, or for scan answers only the most recent `recentDetails` units, newest first).
 */
export async function documentLines(db: Db, documentId: string, recentDetails?: number, loaded?: docs.LineWithMaterial[]): Promise<DocumentLine[]> {
  const [lines, roots] = await Promise.all([
    loaded ?? docs.lines(db, documentId),
    recentDetails === undefined ? docs.scannedRoots(db, documentId) : docs.recentRoots(db, documentId, recentDetails),
  ]);
  return mergeLines(
    lines.map((l) => ({
      lineNo: l.line_no,
      materialNo: l.material_no,
      materialName: l.material_name,
      batchNo: l.batch_no,
      eanGtinNo: l.gtin,
      quantity: l.quantity,
      scannedQuantity: l.scanned_quantity,
      shortageQuantity: l.shortage_quantity,
    })),
    roots,
  );
}

export function documentSummary(row: DocumentRow, quantity: number, scannedQuantity: number): DocumentSummary {
  return {
    number: row.number,
    type: row.type as DocumentType,
    status: row.status as DocumentStatus,
    warehouseNo: row.warehouse_no,
    date: row.doc_date,
    quantity,
    scannedQuantity,
    updatedAt: row.updated_at,
  };
}
