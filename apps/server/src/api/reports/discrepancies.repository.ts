import type { DocumentType } from '@pharma/domain';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The discrepancies report's reads (decision 0077). SQL only. Two statements whatever the number of
 * documents: the documents with the e-mail of who completed each, then their lines; both read the same
 * documents through `completedWithDifference`, so neither needs the other's ids.
 */

/** Which completed documents, and which of their lines, the report reads. */
export interface DiscrepancyQuery {
  types: readonly DocumentType[];
  warehouseNos: readonly string[];
  /** ISO instants: completed at or after `since`, before `before`; null: no bound. */
  since: string | null;
  before: string | null;
  materialNo: string | null;
  batchNo: string | null;
}

export interface DiscrepancyDocumentRow {
  id: string;
  type: DocumentType;
  number: string;
  warehouse_no: string;
  completed_at: string;
  completed_by: string | null;
}

export interface DiscrepancyLineRow {
  document_id: string;
  line_no: number;
  material_no: string;
  batch_no: string | null;
  quantity: number;
  scanned_quantity: number;
}

type Scope = ExpressionBuilder<Database & { d: Database['documents'] }, 'd'>;
type Lines<O> = SelectQueryBuilder<Database & { l: Database['document_lines'] }, 'l', O>;

/** The material and batch filters on lines under alias `l`. */
function ofMaterialAndBatch<O>(q: Lines<O>, f: DiscrepancyQuery): Lines<O> {
  let out = q;
  if (f.materialNo !== null) out = out.where('l.material_no', '=', f.materialNo);
  if (f.batchNo !== null) out = out.where('l.batch_no', '=', f.batchNo);
  return out;
}

/**
 * Documents (alias `d`) of the types and warehouses, completed in the period, with a line of the material
 * and batch whose scanned quantity is not the expected one (a probe of the lines' primary key per document).
 */
function completedWithDifference(eb: Scope, f: DiscrepancyQuery) {
  const differing = ofMaterialAndBatch(
    eb
      .selectFrom('document_lines as l')
      .select('l.line_no')
      .whereRef('l.document_id', '=', 'd.id')
      .whereRef('l.scanned_quantity', '<>', 'l.quantity'),
    f,
  );
  return eb.and([
    eb('d.type', 'in', [...f.types]),
    eb('d.warehouse_no', 'in', [...f.warehouseNos]),
    eb('d.status', '=', 'Completed'),
    ...(f.since !== null ? [eb('d.completed_at', '>=', f.since)] : []),
    ...(f.before !== null ? [eb('d.completed_at', '<', f.before)] : []),
    eb.exists(differing),
  ]);
}

/**
 * The documents, most recently completed first, each with the e-mail of the user whose completion the
 * audit trail records (the completion's row, entity 'document' and action 'complete'; the latest should
 * a document ever be completed twice), read through the index audit_log_entity (entity, entity_id, at).
 */
export async function discrepancyDocuments(db: Db, f: DiscrepancyQuery): Promise<DiscrepancyDocumentRow[]> {
  if (f.types.length === 0 || f.warehouseNos.length === 0) return [];
  const rows = await db
    .selectFrom('documents as d')
    .where((eb) => completedWithDifference(eb, f))
    .select(['d.id', 'd.type', 'd.number', 'd.warehouse_no', 'd.completed_at'])
    .select((eb) =>
      eb
        .selectFrom('audit_log as a')
        .innerJoin('users as u', 'u.id', 'a.actor_id')
        .select('u.email')
        .where('a.entity', '=', 'document')
        .whereRef('a.entity_id', '=', 'd.id')
        .where('a.action', '=', 'complete')
        .orderBy('a.at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('completed_by'),
    )
    .orderBy('d.completed_at', 'desc')
    .orderBy('d.type')
    .orderBy('d.number')
    .execute();
  return rows.map((r) => ({ ...r, completed_at: r.completed_at!, completed_by: r.completed_by ?? null }));
}

/**
 * Every line of the material and batch of those documents, differing or not: lines of one material and
 * batch are shown merged on the details page, so the caller merges them the same way before comparing.
 */
export async function discrepancyLines(db: Db, f: DiscrepancyQuery): Promise<DiscrepancyLineRow[]> {
  if (f.types.length === 0 || f.warehouseNos.length === 0) return [];
  return ofMaterialAndBatch(
    db
      .selectFrom('document_lines as l')
      .select(['l.document_id', 'l.line_no', 'l.material_no', 'l.batch_no', 'l.quantity', 'l.scanned_quantity'])
      .where(
        'l.document_id',
        'in',
        db
          .selectFrom('documents as d')
          .select('d.id')
          .where((eb) => completedWithDifference(eb, f)),
      ),
    f,
  )
    .orderBy('l.document_id')
    .orderBy('l.line_no')
    .execute();
}
