import { documentTotals, mergeLines, type ScannedRoot } from '@pharma/domain';
import type { DocumentLine, DocumentSummary } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import type { DocumentRow } from './documents.repository.ts';
import * as docs from './documents.repository.ts';

/** A document's lines as clients see them: merged per material and batch, with every scanned unit as details. */
export async function documentLines(db: Db, documentId: string): Promise<DocumentLine[]> {
  const [lines, roots] = await Promise.all([docs.lines(db, documentId), docs.scannedRoots(db, documentId)]);
  return viewLines(lines, roots);
}

/**
 * Lines merged per material and batch, with `roots` (scanned units and the material and batch they
 * counted on) as details. A scan's answer passes only the unit it scanned: clients keep the details
 * they already had (decision 0014), so an answer stays small however large the document.
 */
export function viewLines(lines: readonly docs.LineWithMaterial[], roots: readonly ScannedRoot[]): DocumentLine[] {
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

/**
 * A document's summary with its totals added up from its lines (documentTotals, issue 14): the numbers
 * its details and scan page show, and the same sums its list card shows.
 */
export function summaryOfLines(row: DocumentRow, lines: readonly DocumentLine[]): DocumentSummary {
  const { expected, scanned } = documentTotals(lines);
  return documentSummary(row, expected, scanned);
}

export function documentSummary(row: DocumentRow, quantity: number, scannedQuantity: number): DocumentSummary {
  return {
    number: row.number,
    type: row.type,
    status: row.status,
    warehouseNo: row.warehouse_no,
    date: row.doc_date,
    quantity,
    scannedQuantity,
    updatedAt: row.updated_at,
    destinationWarehouseNo: row.destination_warehouse_no,
    bprNo: row.bpr_no,
  };
}
