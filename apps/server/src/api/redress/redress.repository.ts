import { sql } from 'kysely';
import { unitId, type UnitStatus } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { RedressCartonRow } from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { RedressCartonRow };

/** Redress POs: BPR No., carton labels, packs in cartons, counts and replacements (decision 0036). SQL only. */

export async function setBprNo(db: Db, documentId: string, bprNo: string, at: string): Promise<void> {
  await db.updateTable('documents').set({ bpr_no: bprNo, updated_at: at }).where('id', '=', documentId).execute();
}

export function cartonByCode(db: Db, documentId: string, cartonCode: string): Promise<RedressCartonRow | undefined> {
  return db
    .selectFrom('redress_cartons')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('carton_code', '=', cartonCode)
    .executeTakeFirst();
}

export async function insertCarton(db: Db, row: RedressCartonRow): Promise<void> {
  await db.insertInto('redress_cartons').values(row).execute();
}

/** The packs the PO's carton labels of a material and batch announce. */
export async function labelledQty(db: Db, documentId: string, materialNo: string, batchNo: string): Promise<number> {
  const row = await db
    .selectFrom('redress_cartons')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('qty'), eb.lit(0)).as('n'))
    .where('document_id', '=', documentId)
    .where('material_no', '=', materialNo)
    .where('batch_no', '=', batchNo)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CartonContent {
  carton: RedressCartonRow;
  /** GTIN/serial of the packs in the carton that are still on the PO. */
  packs: string[];
  /** Packs counted into it without serials. */
  counted: number;
}

/** The PO's cartons with what each holds; the packs of a carton are those still scanned on the PO. */
export async function cartonsOf(db: Db, documentId: string, only?: string): Promise<CartonContent[]> {
  let q = db.selectFrom('redress_cartons').selectAll().where('document_id', '=', documentId);
  if (only) q = q.where('id', '=', only);
  const cartons = await q.orderBy('created_at').orderBy('carton_code').execute();
  if (cartons.length === 0) return [];
  const ids = cartons.map((c) => c.id);
  const packs = await db
    .selectFrom('redress_carton_packs as cp')
    .innerJoin('scan_items as s', (j) => j.onRef('s.document_id', '=', 'cp.document_id').onRef('s.unit_id', '=', 'cp.unit_id'))
    .innerJoin('handling_units as u', 'u.id', 'cp.unit_id')
    .select(['cp.carton_id', 'u.sscc', 'u.gtin', 'u.serial'])
    .where('cp.carton_id', 'in', ids)
    .orderBy('u.gtin')
    .orderBy('u.serial')
    .execute();
  const counts = await db
    .selectFrom('counted_packs')
    .select(['carton_id', (eb) => eb.fn.sum<number>('packs').as('n')])
    .where('carton_id', 'in', ids)
    .groupBy('carton_id')
    .execute();
  return cartons.map((carton) => ({
    carton,
    packs: packs.filter((p) => p.carton_id === carton.id).map((p) => unitId(p)),
    counted: Number(counts.find((c) => c.carton_id === carton.id)?.n ?? 0),
  }));
}

/** Puts a pack in a carton of the PO (out of any other carton of it). */
export async function linkPack(db: Db, documentId: string, unitId: string, cartonId: string): Promise<void> {
  await db.deleteFrom('redress_carton_packs').where('document_id', '=', documentId).where('unit_id', '=', unitId).execute();
  await db.insertInto('redress_carton_packs').values({ document_id: documentId, unit_id: unitId, carton_id: cartonId }).execute();
}

/** A carton label's carton as a handling unit (decision 0061): a carton of the PO's warehouse, under no parent. */
export async function insertCartonUnit(
  db: Db,
  u: { id: string; sscc: string; materialNo: string; batchNo: string; expiry: string | null; warehouseNo: string; at: string },
): Promise<void> {
  await db
    .insertInto('handling_units')
    .values({
      id: u.id,
      type: 'CTN',
      sscc: u.sscc,
      gtin: null,
      serial: null,
      parent_id: null,
      material_no: u.materialNo,
      batch_no: u.batchNo,
      expiry: u.expiry,
      status: CARTON_STATE.status,
      reason: CARTON_STATE.reason,
      warehouse_no: u.warehouseNo,
      created_at: u.at,
      updated_at: u.at,
    })
    .execute();
}

/** The state a redress carton is made in: stock of the warehouse, redressed (its packs say whether it may leave). */
export const CARTON_STATE = { status: 'ACTIVE', reason: 'REDRESSED' } as const;

/** The expiry recorded for a material's batch, if any. */
export async function batchExpiry(db: Db, materialNo: string, batchNo: string): Promise<string | null> {
  const row = await db
    .selectFrom('batches')
    .select('expiry')
    .where('material_no', '=', materialNo)
    .where('batch_no', '=', batchNo)
    .executeTakeFirst();
  return row?.expiry ?? null;
}

/**
 * Packs still inside a carton of the document that are no longer on it (taken off by a delete or a
 * replacement): one row each, with the carton's SSCC. None for a document that labels no cartons.
 */
export function packsOffDocumentInCartons(db: Db, documentId: string): Promise<{ unit_id: string; carton_code: string }[]> {
  return db
    .selectFrom('redress_carton_packs as cp')
    .innerJoin('redress_cartons as c', 'c.id', 'cp.carton_id')
    .innerJoin('handling_units as h', (j) => j.onRef('h.id', '=', 'cp.unit_id').onRef('h.parent_id', '=', 'c.unit_id'))
    .select(['cp.unit_id', 'c.carton_code'])
    .where('cp.document_id', '=', documentId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('scan_items as s')
            .select('s.unit_id')
            .whereRef('s.document_id', '=', 'cp.document_id')
            .whereRef('s.unit_id', '=', 'cp.unit_id'),
        ),
      ),
    )
    .execute();
}

/** The carton a pack still on the PO was scanned into. */
export async function cartonOfPack(db: Db, documentId: string, unitId: string): Promise<RedressCartonRow | undefined> {
  return db
    .selectFrom('redress_carton_packs as cp')
    .innerJoin('scan_items as s', (j) => j.onRef('s.document_id', '=', 'cp.document_id').onRef('s.unit_id', '=', 'cp.unit_id'))
    .innerJoin('redress_cartons as c', 'c.id', 'cp.carton_id')
    .selectAll('c')
    .where('cp.document_id', '=', documentId)
    .where('cp.unit_id', '=', unitId)
    .executeTakeFirst();
}

export interface NewCount {
  id: string;
  documentId: string;
  cartonId: string;
  materialNo: string;
  batchNo: string;
  packs: number;
  userId: string;
  at: string;
  requestHash: string;
  responseJson: string;
}

/** Fails on the scan id's key when that id was used before. */
export async function insertCount(db: Db, c: NewCount): Promise<void> {
  await db
    .insertInto('counted_packs')
    .values({
      id: c.id,
      document_id: c.documentId,
      carton_id: c.cartonId,
      material_no: c.materialNo,
      batch_no: c.batchNo,
      packs: c.packs,
      user_id: c.userId,
      at: c.at,
      request_hash: c.requestHash,
      response_json: c.responseJson,
    })
    .execute();
}

export function storedCount(db: Db, id: string): Promise<{ request_hash: string; response_json: string } | undefined> {
  return db.selectFrom('counted_packs').select(['request_hash', 'response_json']).where('id', '=', id).executeTakeFirst();
}

export async function insertReplacement(
  db: Db,
  r: { id: string; documentId: string; cartonId: string; fromUnitId: string; toUnitId: string; userId: string; at: string },
): Promise<void> {
  await db
    .insertInto('redress_replacements')
    .values({
      id: r.id,
      document_id: r.documentId,
      carton_id: r.cartonId,
      from_unit_id: r.fromUnitId,
      to_unit_id: r.toUnitId,
      user_id: r.userId,
      at: r.at,
    })
    .execute();
}

/** The units on the document not in `state` (changed since completion): their ids and how to name them. */
export async function unitsOnDocumentNotIn(
  db: Db,
  documentId: string,
  state: { status: UnitStatus; reason: string | null },
): Promise<{ id: string; label: string }[]> {
  const rows = await sql<{ id: string; sscc: string | null; gtin: string | null; serial: string | null }>`
    SELECT h.id, h.sscc, h.gtin, h.serial FROM scan_items s JOIN handling_units h ON h.id = s.unit_id
    WHERE s.document_id = ${documentId} AND NOT (h.status = CAST(${state.status} AS text) AND h.reason = CAST(${state.reason} AS text))
    ORDER BY h.sscc, h.gtin, h.serial`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, label: unitId(r) }));
}

/** A reopened document: In Progress again, no longer completed, its shortages cleared. */
export async function reopenDocument(db: Db, documentId: string, at: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status: 'In Progress', completed_at: null, updated_at: at })
    .where('id', '=', documentId)
    .execute();
  await db.updateTable('document_lines').set({ shortage_quantity: 0 }).where('document_id', '=', documentId).execute();
}
