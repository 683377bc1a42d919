import { sql } from 'kysely';
import { PAGE_SIZE, type DocumentStatus, type DocumentType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { DocumentRow, LineRow } from '../../db/schema.ts';

/** Documents, their lines and the packs scanned against them. SQL only. */
export function findDocument(db: Db, type: DocumentType, number: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('type', '=', type).where('number', '=', number).executeTakeFirst();
}

/**
 * Takes the document's row lock for the rest of the transaction (PostgreSQL), so scans of one
 * document run one after another; on SQLite the transaction already holds the write lock.
 */
export async function lockDocument(db: Db, id: string): Promise<void> {
  await db.updateTable('documents').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
}

export interface LineWithMaterial extends LineRow {
  material_name: string;
  gtin: string | null;
}

export function lines(db: Db, documentId: string): Promise<LineWithMaterial[]> {
  return db
    .selectFrom('document_lines as l')
    .innerJoin('materials as m', 'm.material_no', 'l.material_no')
    .selectAll('l')
    .select(['m.name as material_name', 'm.gtin'])
    .where('l.document_id', '=', documentId)
    .orderBy('l.line_no')
    .execute();
}

/** Packs counted on the document, grouped by material and batch. */
export async function scannedGroups(db: Db, documentId: string): Promise<{ materialNo: string; batchNo: string | null; count: number }[]> {
  const rows = await db
    .selectFrom('scan_items as s')
    .innerJoin('handling_units as u', 'u.id', 's.unit_id')
    .select(['u.material_no', 'u.batch_no', (eb) => eb.fn.countAll().as('n')])
    .where('s.document_id', '=', documentId)
    .groupBy(['u.material_no', 'u.batch_no'])
    .execute();
  return rows.map((r) => ({ materialNo: r.material_no ?? '', batchNo: r.batch_no, count: Number(r.n) }));
}

/** The scanned units (roots of scans) per material and batch: the lines' scanned details. */
export async function scannedRoots(db: Db, documentId: string): Promise<{ materialNo: string; batchNo: string | null; label: string }[]> {
  const rows = await sql<{ material_no: string; batch_no: string | null; sscc: string | null; gtin: string | null; serial: string | null }>`
    SELECT DISTINCT u.material_no, u.batch_no, r.sscc, r.gtin, r.serial
    FROM scan_items s
    JOIN handling_units u ON u.id = s.unit_id
    JOIN handling_units r ON r.id = s.root_id
    WHERE s.document_id = ${documentId}
    ORDER BY r.sscc, r.gtin, r.serial`.execute(db);
  return rows.rows.map((r) => ({
    materialNo: r.material_no,
    batchNo: r.batch_no,
    label: r.sscc ?? `${r.gtin ?? ''}/${r.serial ?? ''}`,
  }));
}

export async function setLineCounts(db: Db, documentId: string, counts: Map<number, number>, field: 'scanned_quantity' | 'shortage_quantity'): Promise<void> {
  for (const [lineNo, n] of counts) {
    await db.updateTable('document_lines').set({ [field]: n }).where('document_id', '=', documentId).where('line_no', '=', lineNo).execute();
  }
}

export async function setStatus(db: Db, id: string, status: DocumentStatus, at: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status, updated_at: at, ...(status === 'Completed' ? { completed_at: at } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Whether the document names expected units (an advance shipping notice), and if so whether any of `ids` is one. */
export async function expectation(db: Db, documentId: string, ids: string[]): Promise<{ hasList: boolean; expected: boolean }> {
  const any = await db.selectFrom('document_units').select('unit_id').where('document_id', '=', documentId).limit(1).executeTakeFirst();
  if (!any) return { hasList: false, expected: false };
  const hit = ids.length
    ? await db.selectFrom('document_units').select('unit_id').where('document_id', '=', documentId).where('unit_id', 'in', ids).limit(1).executeTakeFirst()
    : undefined;
  return { hasList: true, expected: !!hit };
}

export async function alreadyOnDocument(db: Db, documentId: string, ids: string[]): Promise<boolean> {
  if (!ids.length) return false;
  const row = await db.selectFrom('scan_items').select('unit_id').where('document_id', '=', documentId).where('unit_id', 'in', ids).limit(1).executeTakeFirst();
  return !!row;
}

export interface ListFilter {
  type: DocumentType;
  warehouseArea?: string;
  statuses?: DocumentStatus[];
  search?: string;
  from?: string;
  to?: string;
  sort: 'recent' | 'number';
  page: number;
}

export async function listDocuments(db: Db, f: ListFilter): Promise<{ rows: (DocumentRow & { quantity: number; scanned: number })[]; total: number }> {
  let q = db.selectFrom('documents as d').innerJoin('warehouses as w', 'w.warehouse_no', 'd.warehouse_no').where('d.type', '=', f.type);
  if (f.warehouseArea) q = q.where('w.area', '=', f.warehouseArea);
  if (f.statuses?.length) q = q.where('d.status', 'in', f.statuses);
  if (f.search) q = q.where('d.number', 'like', `%${f.search.replace(/[%_\\]/g, '')}%`);
  if (f.from) q = q.where('d.doc_date', '>=', f.from);
  if (f.to) q = q.where('d.doc_date', '<=', f.to);
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('d')
    .select((eb) => [
      eb.selectFrom('document_lines as l').whereRef('l.document_id', '=', 'd.id').select((e) => e.fn.coalesce(e.fn.sum<number>('l.quantity'), e.lit(0)).as('q')).as('quantity'),
      eb.selectFrom('document_lines as l').whereRef('l.document_id', '=', 'd.id').select((e) => e.fn.coalesce(e.fn.sum<number>('l.scanned_quantity'), e.lit(0)).as('s')).as('scanned'),
    ])
    .orderBy(f.sort === 'number' ? 'd.number' : 'd.updated_at', f.sort === 'number' ? 'asc' : 'desc')
    .orderBy('d.number')
    .limit(PAGE_SIZE)
    .offset((f.page - 1) * PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, quantity: Number(r.quantity ?? 0), scanned: Number(r.scanned ?? 0) })),
    total: Number(total.n),
  };
}
