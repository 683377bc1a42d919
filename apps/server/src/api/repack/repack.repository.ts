import type { Application, RepackState } from '@pharma/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RepackDocumentRow, RepackMoveRow } from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { RepackDocumentRow };

/** Repack documents, their moves and the AggregationEvents of repacking (migration 0015, decision 0048). SQL only. */

/**
 * Takes the next number of a kind of document, if it is at most `max`: one UPDATE … RETURNING, so the
 * row lock (PostgreSQL) or the write lock (SQLite) hands each number to one transaction only (decision 0030).
 */
export async function takeNumber(db: Db, name: string, max: number): Promise<number | undefined> {
  await db
    .insertInto('document_counters')
    .values({ name, next_value: 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('document_counters')
    .set({ next_value: sql<number>`next_value + 1` })
    .where('name', '=', name)
    .where('next_value', '<=', max)
    .returning('next_value')
    .executeTakeFirst();
  return row ? Number(row.next_value) - 1 : undefined;
}

export async function insertRepack(db: Db, r: RepackDocumentRow): Promise<void> {
  await db.insertInto('repack_documents').values(r).execute();
}

/** A repack of a warehouse of the area (decision 0019: another area's is not found). */
export async function findRepack(db: Db, repackNo: string, area: Application): Promise<RepackDocumentRow | undefined> {
  return db
    .selectFrom('repack_documents as r')
    .innerJoin('warehouses as w', 'w.warehouse_no', 'r.warehouse_no')
    .selectAll('r')
    .where('r.repack_no', '=', repackNo)
    .where('w.area', '=', area)
    .executeTakeFirst();
}

/** The unit's latest repack (its pending one when it has one), or undefined when it was never repacked. */
export async function latestRepackOf(db: Db, unitId: string): Promise<RepackDocumentRow | undefined> {
  return db
    .selectFrom('repack_documents')
    .selectAll()
    .where('destination_id', '=', unitId)
    .orderBy(sql`CASE WHEN state = 'REPACK_PENDING' THEN 0 ELSE 1 END`)
    .orderBy('created_at', 'desc')
    .orderBy('repack_no', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Holds a pending repack for this transaction (a row lock on PostgreSQL: a completion waits for the
 * move, or the move sees the completion). False when it is not pending (any more).
 */
export async function holdPending(db: Db, repackNo: string): Promise<boolean> {
  const done = await db
    .updateTable('repack_documents')
    .set({ state: sql<RepackState>`state` })
    .where('repack_no', '=', repackNo)
    .where('state', '=', 'REPACK_PENDING')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function setReference(db: Db, repackNo: string, referenceNo: string): Promise<void> {
  await db.updateTable('repack_documents').set({ reference_no: referenceNo }).where('repack_no', '=', repackNo).execute();
}

export async function completeRepack(db: Db, repackNo: string, userId: string, at: string): Promise<boolean> {
  const done = await db
    .updateTable('repack_documents')
    .set({ state: 'REPACK_COMPLETE', completed_by: userId, completed_at: at })
    .where('repack_no', '=', repackNo)
    .where('state', '=', 'REPACK_PENDING')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function movesOf(db: Db, repackNo: string): Promise<RepackMoveRow[]> {
  return db.selectFrom('repack_moves').selectAll().where('repack_no', '=', repackNo).orderBy('seq').execute();
}

export async function movesByScanId(db: Db, scanId: string): Promise<RepackMoveRow[]> {
  return db.selectFrom('repack_moves').selectAll().where('scan_id', '=', scanId).execute();
}

/** Records a move on a repack, numbered after its last one (the caller holds the repack). False when the scanId is taken on it. */
export async function insertMove(db: Db, m: Omit<RepackMoveRow, 'seq'>): Promise<boolean> {
  const taken = await db
    .selectFrom('repack_moves')
    .select('seq')
    .where('repack_no', '=', m.repack_no)
    .where('scan_id', '=', m.scan_id)
    .executeTakeFirst();
  if (taken) return false;
  const last = await db
    .selectFrom('repack_moves')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('repack_no', '=', m.repack_no)
    .executeTakeFirst();
  await db
    .insertInto('repack_moves')
    .values({ ...m, seq: Number(last?.seq ?? 0) + 1 })
    .execute();
  return true;
}

/**
 * An open (not completed) document holding the tree of a pallet or carton (issue 27): the unit, a unit
 * it stands in, or a unit inside it is scanned on or named by that document. A carton a document is
 * still filling (its packs scanned into it) is held so, and so is a pallet on an open dispatch.
 */
export async function openDocumentOnTree(db: Db, unitId: string): Promise<{ type: string; number: string } | undefined> {
  const result = await sql<{ type: string; number: string }>`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM handling_units WHERE id = ${unitId}
      UNION ALL SELECT h.id, h.parent_id FROM handling_units h JOIN up ON h.id = up.parent_id
    ),
    down(id) AS (
      SELECT id FROM handling_units WHERE id = ${unitId}
      UNION ALL SELECT h.id FROM handling_units h JOIN down ON h.parent_id = down.id
    ),
    tree(id) AS (SELECT id FROM up UNION SELECT id FROM down),
    held(type, number) AS (
      SELECT d.type, d.number FROM tree JOIN scan_items s ON s.unit_id = tree.id
        JOIN documents d ON d.id = s.document_id WHERE d.status != 'Completed'
      UNION ALL
      SELECT d.type, d.number FROM tree JOIN document_units du ON du.unit_id = tree.id
        JOIN documents d ON d.id = du.document_id WHERE d.status != 'Completed'
    )
    SELECT type, number FROM held ORDER BY number
    LIMIT 1`.execute(db);
  return result.rows[0];
}

/** Keeps the answer of a repackScanOperation on its move, for a repeated scanId. */
export async function setMoveAnswer(db: Db, repackNo: string, scanId: string, json: string): Promise<void> {
  await db
    .updateTable('repack_moves')
    .set({ response_json: json })
    .where('repack_no', '=', repackNo)
    .where('scan_id', '=', scanId)
    .execute();
}

/** The materials on the lines of the area's documents numbered `number`, when there is one with lines. */
export async function referenceMaterials(db: Db, number: string, area: Application): Promise<string[] | undefined> {
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('warehouses as w', 'w.warehouse_no', 'd.warehouse_no')
    .innerJoin('document_lines as l', 'l.document_id', 'd.id')
    .select('l.material_no')
    .distinct()
    .where('d.number', '=', number)
    .where('w.area', '=', area)
    .execute();
  return rows.length === 0 ? undefined : rows.map((r) => r.material_no);
}

export async function materialNames(db: Db, materialNos: readonly string[]): Promise<Map<string, string>> {
  if (materialNos.length === 0) return new Map();
  const rows = await db.selectFrom('materials').select(['material_no', 'name']).where('material_no', 'in', materialNos).execute();
  return new Map(rows.map((r) => [r.material_no, r.name]));
}

/** How a user is named on a repack: their email. */
export async function userEmail(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? userId;
}

/** Keeps an AggregationEvent; one already kept (the same eventID) is left as it is. */
export async function insertAggregation(
  db: Db,
  e: { id: string; repackNo: string | null; warehouseNo: string; eventTime: string; body: string; at: string },
): Promise<void> {
  await db
    .insertInto('epcis_aggregations')
    .values({ id: e.id, repack_no: e.repackNo, warehouse_no: e.warehouseNo, event_time: e.eventTime, body_json: e.body, created_at: e.at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
