import type { Application, DocumentType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { DocumentRow } from '../../db/schema.ts';

/** The lite documents' own writes: their lines by hand, and removal. SQL only (decision 0039). */

/** The area of a warehouse, or undefined when there is no such warehouse. */
export async function warehouseArea(db: Db, warehouseNo: string): Promise<Application | undefined> {
  return (await db.selectFrom('warehouses').select('area').where('warehouse_no', '=', warehouseNo).executeTakeFirst())?.area;
}

/** A document of the type with this number, in any warehouse. */
export function documentNumbered(db: Db, type: DocumentType, number: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('type', '=', type).where('number', '=', number).executeTakeFirst();
}

/** The next free line number (lines are numbered 10, 20, … as ERP lines are). */
export async function nextLineNo(db: Db, documentId: string): Promise<number> {
  const row = await db
    .selectFrom('document_lines')
    .select((eb) => eb.fn.max('line_no').as('last'))
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return (Number(row?.last ?? 0) || 0) + 10;
}

export async function setLineQuantity(db: Db, documentId: string, lineNo: number, quantity: number): Promise<void> {
  await db.updateTable('document_lines').set({ quantity }).where('document_id', '=', documentId).where('line_no', '=', lineNo).execute();
}

export async function deleteLine(db: Db, documentId: string, lineNo: number): Promise<void> {
  await db.deleteFrom('document_lines').where('document_id', '=', documentId).where('line_no', '=', lineNo).execute();
}

/** Packs on the document now (scan_items counted). */
export async function packsOnDocument(db: Db, documentId: string): Promise<number> {
  const row = await db
    .selectFrom('scan_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('document_id', '=', documentId)
    .where('counted', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes a document with nothing on it: its scan history (scans and deletes, all undone), its lines, itself. */
export async function removeDocument(db: Db, documentId: string): Promise<void> {
  await db.deleteFrom('scan_items').where('document_id', '=', documentId).execute();
  await db.deleteFrom('scans').where('document_id', '=', documentId).execute();
  await db.deleteFrom('document_lines').where('document_id', '=', documentId).execute();
  await db.deleteFrom('documents').where('id', '=', documentId).execute();
}
