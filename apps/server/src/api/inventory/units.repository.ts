import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { UnitRow } from '../../db/schema.ts';

/**
 * Handling units: pallets and cartons by SSCC, packs by GTIN + serial, one parent each.
 * A unit's whole tree is one recursive query over the parent index, on both databases.
 */
export type UnitKey = { sscc: string } | { gtin: string; serial: string } | { id: string };

const unitBy = {
  id: prepared<UnitRow, [string]>('SELECT * FROM handling_units WHERE id = ?'),
  sscc: prepared<UnitRow, [string]>('SELECT * FROM handling_units WHERE sscc = ?'),
  gtinSerial: prepared<UnitRow, [string, string]>('SELECT * FROM handling_units WHERE gtin = ? AND serial = ?'),
};

export async function findUnit(db: Db, key: UnitKey): Promise<UnitRow | undefined> {
  const rows =
    'id' in key
      ? await unitBy.id(db, key.id)
      : 'sscc' in key
        ? await unitBy.sscc(db, key.sscc)
        : await unitBy.gtinSerial(db, key.gtin, key.serial);
  return rows[0];
}

export function findBySerial(db: Db, serial: string): Promise<UnitRow[]> {
  return db.selectFrom('handling_units').selectAll().where('serial', '=', serial).orderBy('gtin').limit(50).execute();
}

/** `WITH RECURSIVE tree(id)`: the unit and everything under it. */
export function treeCte(rootId: string): RawBuilder<unknown> {
  return sql`tree(id) AS (
    SELECT id FROM handling_units WHERE id = ${rootId}
    UNION ALL
    SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
  )`;
}

/** The unit and everything under it, parents before children. */
export async function subtree(db: Db, rootId: string): Promise<UnitRow[]> {
  const result = await sql<UnitRow>`
    WITH RECURSIVE ${treeCte(rootId)}
    SELECT h.* FROM handling_units h WHERE h.id IN (SELECT id FROM tree)`.execute(db);
  return result.rows;
}

/** The unit's ancestors, nearest first. */
export async function ancestors(db: Db, unitId: string): Promise<UnitRow[]> {
  const result = await sql<{ id: string; depth: number }>`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM handling_units WHERE id = ${unitId}
      UNION ALL
      SELECT h.id, h.parent_id, up.depth + 1 FROM handling_units h JOIN up ON h.id = up.parent_id
    )
    SELECT id, depth FROM up WHERE depth > 0`.execute(db);
  if (result.rows.length === 0) return [];
  const rows = await db
    .selectFrom('handling_units')
    .selectAll()
    .where(
      'id',
      'in',
      result.rows.map((r) => r.id),
    )
    .execute();
  const depth = new Map(result.rows.map((r) => [r.id, Number(r.depth)]));
  return rows.sort((a, b) => depth.get(a.id)! - depth.get(b.id)!);
}

export function children(db: Db, unitId: string): Promise<UnitRow[]> {
  return db.selectFrom('handling_units').selectAll().where('parent_id', '=', unitId).orderBy('sscc').orderBy('serial').execute();
}

const auditOne = prepared<never, [string, string, string, string, string, string, string, string | null]>(
  "INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason) VALUES (?, ?, ?, 'unit', ?, ?, ?, ?, ?)",
);
const setOneState = prepared<never, [string, string | null, string, string]>(
  'UPDATE handling_units SET status = ?, reason = ?, updated_at = ? WHERE id = ?',
);
const setOneStateIn = prepared<never, [string, string | null, string | null, string, string]>(
  'UPDATE handling_units SET status = ?, reason = ?, warehouse_no = ?, updated_at = ? WHERE id = ?',
);

/**
 * Sets status and reason on a unit and everything under it, and audits each change: set-based.
 * `leaf` is the unit itself when it has nothing under it (a pack): its before state is known, so
 * plain statements replace the recursive walk.
 */
export async function setTreeState(
  db: Db,
  rootId: string,
  state: { status: string; reason: string | null; warehouseNo?: string | null },
  audit: { opId: string; actorId: string; at: string; action: string; why: string | null },
  leaf?: UnitRow,
): Promise<number> {
  if (leaf) {
    await auditOne(
      db,
      `${audit.opId}/${leaf.id}`,
      audit.at,
      audit.actorId,
      leaf.id,
      audit.action,
      JSON.stringify({ status: leaf.status, reason: leaf.reason }),
      JSON.stringify({ status: state.status, reason: state.reason }),
      audit.why,
    );
    await (state.warehouseNo === undefined
      ? setOneState(db, state.status, state.reason, audit.at, rootId)
      : setOneStateIn(db, state.status, state.reason, state.warehouseNo, audit.at, rootId));
    return 1;
  }
  await auditTree(db, sql`WITH RECURSIVE ${treeCte(rootId)} SELECT id FROM tree`, state, audit);
  const result = await sql`
    WITH RECURSIVE ${treeCte(rootId)}
    UPDATE handling_units SET status = CAST(${state.status} AS text), reason = CAST(${state.reason} AS text),
      warehouse_no = ${state.warehouseNo === undefined ? sql`warehouse_no` : sql`CAST(${state.warehouseNo} AS text)`},
      updated_at = CAST(${audit.at} AS text)
    WHERE id IN (SELECT id FROM tree)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Appends one audit row per unit selected by `ids` (a query yielding a column `id`), recording its
 * status and reason before and after. Ids are the operation's UUIDv7 plus the unit id, so rows sort
 * by operation and stay unique.
 */
export async function auditTree(
  db: Db,
  ids: RawBuilder<unknown>,
  state: { status: string; reason: string | null },
  audit: { opId: string; actorId: string; at: string; action: string; why: string | null },
): Promise<void> {
  const after = JSON.stringify({ status: state.status, reason: state.reason });
  await sql`
    INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason)
    SELECT CAST(${audit.opId} AS text) || '/' || h.id, CAST(${audit.at} AS text), CAST(${audit.actorId} AS text), 'unit', h.id,
      CAST(${audit.action} AS text),
      '{"status":"' || h.status || '","reason":' || CASE WHEN h.reason IS NULL THEN 'null' ELSE '"' || h.reason || '"' END || '}',
      CAST(${after} AS text), CAST(${audit.why} AS text)
    FROM handling_units h WHERE h.id IN (${ids})`.execute(db);
}
