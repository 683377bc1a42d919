import { sql, type RawBuilder } from 'kysely';
import { PAGE_SIZE, unitId, type Application, type DocumentStatus, type DocumentType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { DocumentRow, LineRow } from '../../db/schema.ts';
import { treeCte } from './units.repository.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { DocumentRow };

/**
 * Documents, their lines and the packs scanned against them. SQL only.
 *
 * The statements a scan runs are `prepared` (compiled once): a query builder costs more to
 * assemble than SQLite takes to run the statement (docs/decisions/0014-scan-path-cost.md).
 */

const documentForUpdate = prepared<DocumentRow, [string, string]>(`
  SELECT * FROM documents d WHERE d.type = ? AND d.number = ? FOR UPDATE OF d`);
const documentInAreaForUpdate = prepared<DocumentRow, [string, string, Application]>(`
  SELECT d.* FROM documents d
  WHERE d.type = ? AND d.number = ? AND d.warehouse_no IN (SELECT warehouse_no FROM warehouses WHERE area = ?)
  FOR UPDATE OF d`);

/**
 * The document, locked for the rest of the transaction: on PostgreSQL `FOR UPDATE` serialises
 * scans of one document (SQLite has one writer; its text leaves the clause out). With
 * `area`, a document of another area's warehouse is not found (nor locked): the area is a condition
 * of the query. Reads only: a refusal that follows has changed nothing.
 */
export async function lockDocument(db: Db, type: DocumentType, number: string, area?: Application): Promise<DocumentRow | undefined> {
  const [row] = area ? await documentInAreaForUpdate(db, type, number, area) : await documentForUpdate(db, type, number);
  return row;
}

const touch = prepared<never, [string, string | null, string]>(
  'UPDATE documents SET updated_at = ?, status = COALESCE(CAST(? AS text), status) WHERE id = ?',
);

/** Marks activity on the document (the lists' Most Recent order), with its new status if it changes. */
export async function touchDocument(db: Db, id: string, at: string, status?: DocumentStatus): Promise<void> {
  await touch(db, at, status ?? null, id);
}

/** A document by type and number; with `area`, only if its warehouse is in that area. */
export function findDocument(db: Db, type: DocumentType, number: string, area?: Application): Promise<DocumentRow | undefined> {
  let q = db.selectFrom('documents').selectAll().where('type', '=', type).where('number', '=', number);
  if (area) q = q.where('warehouse_no', 'in', db.selectFrom('warehouses').select('warehouse_no').where('area', '=', area));
  return q.executeTakeFirst();
}

export interface LineWithMaterial extends LineRow {
  material_name: string;
  gtin: string | null;
}

const linesOf = prepared<LineWithMaterial, [string]>(
  'SELECT l.*, m.name AS material_name, m.gtin FROM document_lines l JOIN materials m ON m.material_no = l.material_no WHERE l.document_id = ? ORDER BY l.line_no',
);

export function lines(db: Db, documentId: string): Promise<LineWithMaterial[]> {
  return linesOf(db, documentId);
}

/** The lines as stored, in no particular order. */
export function lineRows(db: Db, documentId: string): Promise<LineRow[]> {
  return db.selectFrom('document_lines').selectAll().where('document_id', '=', documentId).execute();
}

/** What the ERP says of a document besides its lines: its warehouse, date, destination and the document it receives. */
export interface DocumentHeader {
  warehouseNo: string;
  date: string;
  destinationWarehouseNo: string | null;
  sourceDocumentId: string | null;
  /** Marked by the ERP as an export (issue 28); none: not one. */
  export?: boolean;
  at: string;
}

export async function insertDocument(
  db: Db,
  d: DocumentHeader & { id: string; type: DocumentType; number: string; status: DocumentStatus },
): Promise<void> {
  await db
    .insertInto('documents')
    .values({
      id: d.id,
      type: d.type,
      number: d.number,
      warehouse_no: d.warehouseNo,
      status: d.status,
      doc_date: d.date,
      created_at: d.at,
      updated_at: d.at,
      completed_at: null,
      destination_warehouse_no: d.destinationWarehouseNo,
      source_document_id: d.sourceDocumentId,
      export: d.export ? 1 : 0,
    })
    .execute();
}

/** The document's header, as the ERP sends it again. */
export async function updateHeader(db: Db, id: string, h: DocumentHeader): Promise<void> {
  await db
    .updateTable('documents')
    .set({
      warehouse_no: h.warehouseNo,
      doc_date: h.date,
      destination_warehouse_no: h.destinationWarehouseNo,
      source_document_id: h.sourceDocumentId,
      export: h.export ? 1 : 0,
      updated_at: h.at,
    })
    .where('id', '=', id)
    .execute();
}

export function documentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Hands the units a completed document moved over to the documents receiving it: each unit its scans
 * took (the roots; what is under them follows) becomes an expected unit of every document naming it
 * as its source, or only of `receiverId`. Idempotent.
 */
export async function handOver(db: Db, sourceId: string, receiverId?: string): Promise<void> {
  await sql`
    INSERT INTO document_units (document_id, unit_id)
    SELECT DISTINCT d.id, s.root_id FROM documents d, scan_items s
    WHERE d.source_document_id = ${sourceId} AND s.document_id = ${sourceId}
      ${receiverId ? sql`AND d.id = ${receiverId}` : sql``}
    ON CONFLICT (document_id, unit_id) DO NOTHING`.execute(db);
}

export async function deleteLines(db: Db, documentId: string): Promise<void> {
  await db.deleteFrom('document_lines').where('document_id', '=', documentId).execute();
}

/** New lines, no shortage yet. */
export async function insertLines(
  db: Db,
  documentId: string,
  lines: readonly { lineNo: number; materialNo: string; batchNo: string | null; quantity: number; scannedQuantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('document_lines')
    .values(
      lines.map((l) => ({
        document_id: documentId,
        line_no: l.lineNo,
        material_no: l.materialNo,
        batch_no: l.batchNo,
        quantity: l.quantity,
        scanned_quantity: l.scannedQuantity,
        shortage_quantity: 0,
      })),
    )
    .execute();
}

/** Packs counted on the document, grouped by material and batch: scanned packs and packs counted without a unit (NON_SERIES). */
export async function scannedGroups(db: Db, documentId: string): Promise<{ materialNo: string; batchNo: string | null; count: number }[]> {
  const rows = await db
    .selectFrom('scan_items as s')
    .innerJoin('handling_units as u', 'u.id', 's.unit_id')
    .select(['u.material_no', 'u.batch_no', (eb) => eb.fn.countAll().as('n')])
    .where('s.document_id', '=', documentId)
    .where('s.counted', '=', 1)
    .groupBy(['u.material_no', 'u.batch_no'])
    .execute();
  const counted = await db
    .selectFrom('counted_packs')
    .select(['material_no', 'batch_no', (eb) => eb.fn.sum<number>('packs').as('n')])
    .where('document_id', '=', documentId)
    .groupBy(['material_no', 'batch_no'])
    .execute();
  const groups = new Map<string, { materialNo: string; batchNo: string | null; count: number }>();
  for (const r of [...rows, ...counted]) {
    const key = `${r.material_no ?? ''}\u0000${r.batch_no ?? ''}`;
    const group = groups.get(key) ?? { materialNo: r.material_no ?? '', batchNo: r.batch_no, count: 0 };
    group.count += Number(r.n);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The scanned units (roots of scans) per material and batch: the lines' scanned details. */
export async function scannedRoots(db: Db, documentId: string): Promise<{ materialNo: string; batchNo: string | null; label: string }[]> {
  const rows = await sql<{ material_no: string; batch_no: string | null; sscc: string | null; gtin: string | null; serial: string | null }>`
    SELECT DISTINCT u.material_no, u.batch_no, r.sscc, r.gtin, r.serial
    FROM scan_items s
    JOIN handling_units u ON u.id = s.unit_id
    JOIN handling_units r ON r.id = s.root_id
    WHERE s.document_id = ${documentId} AND s.counted = 1
    ORDER BY r.sscc, r.gtin, r.serial`.execute(db);
  return rows.rows.map((r) => ({
    materialNo: r.material_no,
    batchNo: r.batch_no,
    label: unitId(r),
  }));
}

const setCount = {
  scanned_quantity: prepared<never, [number, string, number]>(
    'UPDATE document_lines SET scanned_quantity = ? WHERE document_id = ? AND line_no = ?',
  ),
  shortage_quantity: prepared<never, [number, string, number]>(
    'UPDATE document_lines SET shortage_quantity = ? WHERE document_id = ? AND line_no = ?',
  ),
};

export async function setLineCounts(
  db: Db,
  documentId: string,
  counts: Map<number, number>,
  field: 'scanned_quantity' | 'shortage_quantity',
): Promise<void> {
  for (const [lineNo, n] of counts) await setCount[field](db, n, documentId, lineNo);
}

export async function setStatus(db: Db, id: string, status: DocumentStatus, at: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status, updated_at: at, ...(status === 'Completed' ? { completed_at: at } : {}) })
    .where('id', '=', id)
    .execute();
}

/**
 * Whether the unit is expected on the document: true when the document names no expected units
 * (no advance shipping notice), or when the unit, one of its ancestors or one of its descendants is named.
 * Each unit of the walk probes the document's list by its key (a correlated EXISTS): an `IN (walk)`
 * made SQLite read the whole list instead, and a document of 6,500 units took 60 µs, not 6.
 */
const namedOrAncestorNamed = prepared<{ has_list: number | boolean; hit: number | boolean }, [string, string, string, string]>(`
  WITH RECURSIVE up(id, parent_id) AS (
    SELECT id, parent_id FROM handling_units WHERE id = ?
    UNION ALL SELECT h.id, h.parent_id FROM handling_units h JOIN up ON h.id = up.parent_id
  )
  SELECT (EXISTS (SELECT 1 FROM document_units WHERE document_id = ?)
      OR EXISTS (SELECT 1 FROM documents WHERE id = ? AND source_document_id IS NOT NULL)) AS has_list,
    EXISTS (SELECT 1 FROM up WHERE EXISTS (SELECT 1 FROM document_units du WHERE du.document_id = ? AND du.unit_id = up.id)) AS hit`);

/**
 * A document naming the document it receives (an IBD's STO) has a list even while it is empty: it
 * expects only what that document hands over, nothing before it completes.
 */
export async function isExpected(db: Db, documentId: string, unitId: string): Promise<boolean> {
  const [row] = await namedOrAncestorNamed(db, unitId, documentId, documentId, documentId);
  if (!row!.has_list || row!.hit) return true;
  const down = await sql<{ hit: number | boolean }>`
    WITH RECURSIVE ${treeCte(unitId)}
    SELECT EXISTS (SELECT 1 FROM tree WHERE EXISTS (SELECT 1 FROM document_units du WHERE du.document_id = ${documentId} AND du.unit_id = tree.id)) AS hit`.execute(
    db,
  );
  return !!down.rows[0]!.hit;
}

export async function alreadyOnDocument(db: Db, documentId: string, ids: string[]): Promise<boolean> {
  if (!ids.length) return false;
  const row = await db
    .selectFrom('scan_items')
    .select('unit_id')
    .where('document_id', '=', documentId)
    .where('unit_id', 'in', ids)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Which of `ids` are on the document (scanned on it, alone or inside a scanned unit). */
export async function unitsAlreadyOnDocument(db: Db, documentId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('scan_items')
    .select('unit_id')
    .where('document_id', '=', documentId)
    .where('unit_id', 'in', ids)
    .execute();
  return rows.map((r) => r.unit_id);
}

/** The units on the document (every unit of every scanned tree); with `state`, only those still in it. */
export function unitsOnDocument(documentId: string, state?: { status: string; reason: string | null }): RawBuilder<unknown> {
  if (!state) return sql`SELECT unit_id FROM scan_items WHERE document_id = ${documentId}`;
  return sql`SELECT s.unit_id FROM scan_items s JOIN handling_units h ON h.id = s.unit_id
    WHERE s.document_id = ${documentId} AND h.status = CAST(${state.status} AS text) AND h.reason = CAST(${state.reason} AS text)`;
}

/** The units the document's advance shipping notice names, and everything under them, that are still in `state`. */
export function expectedUnitsIn(documentId: string, state: { status: string; reason: string | null }): RawBuilder<unknown> {
  return sql`
    WITH RECURSIVE tree(id) AS (
      SELECT unit_id FROM document_units WHERE document_id = ${documentId}
      UNION ALL SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
    ) SELECT h.id FROM handling_units h JOIN tree t ON t.id = h.id
    WHERE h.status = CAST(${state.status} AS text) AND h.reason = CAST(${state.reason} AS text)`;
}

export interface ListFilter {
  type: DocumentType;
  warehouseArea?: Application;
  statuses?: DocumentStatus[];
  search?: string;
  from?: string;
  to?: string;
  sort: 'recent' | 'number';
  page: number;
}

export async function listDocuments(
  db: Db,
  f: ListFilter,
): Promise<{ rows: (DocumentRow & { quantity: number; scanned: number })[]; total: number }> {
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
      eb
        .selectFrom('document_lines as l')
        .whereRef('l.document_id', '=', 'd.id')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('l.quantity'), e.lit(0)).as('q'))
        .as('quantity'),
      eb
        .selectFrom('document_lines as l')
        .whereRef('l.document_id', '=', 'd.id')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('l.scanned_quantity'), e.lit(0)).as('s'))
        .as('scanned'),
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
