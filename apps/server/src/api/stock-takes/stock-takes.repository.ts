import { sql } from 'kysely';
import type { Application, ItemReason, UnitStatus, UnitType } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/prepared.ts';
import type { StockTakeRow } from '../../db/schema.ts';
import { IN_STOCK } from '../inventory/units.repository.ts';

/** The stock take's reads and writes (migration 0033, decision 0079). SQL only. */

/** Rows a multi-row insert takes at most (far below either database's limit on bound values). */
const ROWS_A_STATEMENT = 1000;
const IDS_A_STATEMENT = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A warehouse of the area, or undefined. */
export async function warehouseInArea(db: Db, warehouseNo: string, area: Application): Promise<boolean> {
  const row = await db
    .selectFrom('warehouses')
    .select('warehouse_no')
    .where('warehouse_no', '=', warehouseNo)
    .where('area', '=', area)
    .executeTakeFirst();
  return row !== undefined;
}

export async function materialExists(db: Db, materialNo: string): Promise<boolean> {
  return (await db.selectFrom('materials').select('material_no').where('material_no', '=', materialNo).executeTakeFirst()) !== undefined;
}

/** A pallet or carton in stock of the warehouse, by SSCC. */
export async function containerInStock(db: Db, sscc: string, warehouseNo: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`SELECT h.id FROM handling_units h
    WHERE h.sscc = ${sscc} AND h.type IN ('PLT', 'CTN') AND h.warehouse_no = ${warehouseNo} AND ${IN_STOCK}`.execute(db);
  return rows[0]?.id;
}

/**
 * Takes the snapshot: every unit in scope in stock of the warehouse (IN_STOCK, the reports' rule), every
 * level, with its state now, in one INSERT … SELECT. A scope by material takes its packs only; a scope by
 * SSCC the pallet or carton and everything under it. Answers how many units it holds.
 */
export async function takeSnapshot(
  db: Db,
  stockTakeId: string,
  warehouseNo: string,
  scope: { materialNo: string | null; batchNo: string | null; rootId: string | null },
): Promise<number> {
  const material = scope.materialNo === null ? sql`` : sql`AND h.type = 'EA' AND h.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND h.batch_no = ${scope.batchNo}`;
  const columns = sql`${stockTakeId}, h.id, h.type, h.material_no, h.batch_no, h.parent_id, h.status, h.reason, h.warehouse_no`;
  const where = sql`h.warehouse_no = ${warehouseNo} AND ${IN_STOCK} ${material} ${batch}`;
  const insert = sql`INSERT INTO stock_take_snapshot (stock_take_id, unit_id, type, material_no, batch_no, parent_id, status, reason, warehouse_no)`;
  const result =
    scope.rootId === null
      ? await sql`${insert} SELECT ${columns} FROM handling_units h WHERE ${where}`.execute(db)
      : await sql`${insert}
          WITH RECURSIVE tree(id) AS (
            SELECT id FROM handling_units WHERE id = ${scope.rootId}
            UNION ALL SELECT c.id FROM handling_units c JOIN tree t ON c.parent_id = t.id
          )
          SELECT ${columns} FROM handling_units h WHERE h.id IN (SELECT id FROM tree) AND ${where}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function insertStockTake(db: Db, row: StockTakeRow): Promise<void> {
  await db.insertInto('stock_takes').values(row).execute();
}

/** A stock take with its document, by number, in a warehouse of the area. */
export interface StockTakeWithDocument extends StockTakeRow {
  status: 'Open' | 'In Progress' | 'Completed';
  area: Application;
}

export async function findStockTake(db: Db, number: string, area: Application): Promise<StockTakeWithDocument | undefined> {
  return db
    .selectFrom('stock_takes as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('warehouses as w', 'w.warehouse_no', 's.warehouse_no')
    .selectAll('s')
    .select(['d.status', 'w.area'])
    .where('s.number', '=', number)
    .where('w.area', '=', area)
    .executeTakeFirst();
}

export async function setState(db: Db, documentId: string, set: Partial<StockTakeRow>): Promise<void> {
  await db.updateTable('stock_takes').set(set).where('document_id', '=', documentId).execute();
}

/** The emails of users, by id (who created, completed, approved). */
export async function emails(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The lines of the count that were recounted, each with its last round (batch '' for a line without one). */
export interface LineRound {
  material_no: string;
  batch_no: string;
  round: number;
}

export async function roundList(db: Db, stockTakeId: string): Promise<LineRound[]> {
  const rows = await db
    .selectFrom('stock_take_recounts')
    .select(['material_no', 'batch_no', sql<number>`MAX(round)`.as('round')])
    .where('stock_take_id', '=', stockTakeId)
    .groupBy(['material_no', 'batch_no'])
    .execute();
  return rows.map((r) => ({ material_no: r.material_no, batch_no: r.batch_no, round: Number(r.round) }));
}

/** The rounds of the count's lines that were recounted: 'material\u0000batch' → round. */
export async function rounds(db: Db, stockTakeId: string): Promise<Map<string, number>> {
  return new Map((await roundList(db, stockTakeId)).map((r) => [lineKey(r.material_no, r.batch_no === '' ? null : r.batch_no), r.round]));
}

/**
 * The live round of the unit under `alias`, as an expression of constants: its line's last recount for a
 * pack of a recounted line, else 0 (a pallet or carton is never recounted). Constants, not a subquery a
 * row: every read below joins on keys, which either database plans well even before it has statistics.
 */
function liveRound(alias: string, lines: readonly LineRound[]) {
  if (lines.length === 0) return sql`0`;
  const a = sql.raw(alias);
  const cases = lines.map(
    (l) =>
      sql`WHEN ${a}.type = 'EA' AND ${a}.material_no = ${l.material_no} AND COALESCE(${a}.batch_no, '') = ${l.batch_no} THEN ${l.round}`,
  );
  return sql`CAST(CASE ${sql.join(cases, sql` `)} ELSE 0 END AS integer)`;
}

export function lineKey(materialNo: string | null, batchNo: string | null): string {
  return `${materialNo ?? ''}\u0000${batchNo ?? ''}`;
}

export async function insertRecount(
  db: Db,
  r: { stockTakeId: string; materialNo: string; batchNo: string; round: number; userId: string; at: string },
) {
  await db
    .insertInto('stock_take_recounts')
    .values({ stock_take_id: r.stockTakeId, material_no: r.materialNo, batch_no: r.batchNo, round: r.round, user_id: r.userId, at: r.at })
    .execute();
}

/** The units of `ids` already counted on the count in the round given for each (the live rounds). */
export async function countedAmong(db: Db, stockTakeId: string, ids: readonly string[]): Promise<{ unit_id: string; round: number }[]> {
  const out: { unit_id: string; round: number }[] = [];
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    const rows = await db
      .selectFrom('stock_take_counted')
      .select(['unit_id', 'round'])
      .where('stock_take_id', '=', stockTakeId)
      .where('unit_id', 'in', part)
      .execute();
    out.push(...rows.map((r) => ({ unit_id: r.unit_id, round: Number(r.round) })));
  }
  return out;
}

/**
 * Counts the unit and everything under it, set-based: one INSERT … SELECT over its tree, each unit in the
 * live round of its line (a pack's line's last recount; 0 for a pallet or carton), with the state the
 * system has for it now; a unit already counted in that round is left as it is (the key). Answers the
 * types of the units counted now, and how many units the tree holds.
 */
export async function countTree(
  db: Db,
  c: { stockTakeId: string; rootId: string; rootParentId: string | null; scanId: string; userId: string; at: string },
): Promise<{ counted: UnitType[]; tree: number }> {
  const tree = sql`WITH RECURSIVE tree(id) AS (
      SELECT id FROM handling_units WHERE id = ${c.rootId}
      UNION ALL SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
    )`;
  const round = sql`CASE WHEN h.type = 'EA' THEN COALESCE((SELECT MAX(r.round) FROM stock_take_recounts r
      WHERE r.stock_take_id = ${c.stockTakeId} AND r.material_no = h.material_no AND r.batch_no = COALESCE(h.batch_no, '')), 0) ELSE 0 END`;
  const { rows } = await sql<{ type: UnitType }>`
    INSERT INTO stock_take_counted (stock_take_id, unit_id, round, scan_id, counted_parent_id, user_id, at, type, material_no, batch_no,
      was_warehouse_no, was_status, was_reason)
    ${tree}
    SELECT ${c.stockTakeId}, h.id, ${round}, ${c.scanId},
      CASE WHEN h.id = ${c.rootId} THEN CAST(${c.rootParentId} AS text) ELSE h.parent_id END,
      ${c.userId}, ${c.at}, h.type, h.material_no, h.batch_no, h.warehouse_no, h.status, h.reason
    FROM handling_units h WHERE h.id IN (SELECT id FROM tree)
    ON CONFLICT DO NOTHING
    RETURNING type`.execute(db);
  const size = await sql<{ n: number | string }>`${tree} SELECT COUNT(*) AS n FROM tree`.execute(db);
  return { counted: rows.map((r) => r.type), tree: Number(size.rows[0]!.n) };
}

/** The scan row's answer (what a resent scanId gets) and how many units it counted, once they are known. */
export async function setScanAnswer(db: Db, scanId: string, units: number, responseJson: string): Promise<void> {
  await db.updateTable('stock_take_scans').set({ units, response_json: responseJson }).where('id', '=', scanId).execute();
}

export async function insertScan(
  db: Db,
  r: {
    id: string;
    stockTakeId: string;
    unitId: string;
    code: string;
    units: number;
    userId: string;
    device: string | null;
    at: string;
    requestHash: string;
    responseJson: string;
  },
): Promise<void> {
  await db
    .insertInto('stock_take_scans')
    .values({
      id: r.id,
      stock_take_id: r.stockTakeId,
      unit_id: r.unitId,
      code: r.code,
      units: r.units,
      user_id: r.userId,
      device: r.device,
      at: r.at,
      request_hash: r.requestHash,
      response_json: r.responseJson,
    })
    .execute();
}

export function storedScan(db: Db, scanId: string) {
  return db.selectFrom('stock_take_scans').select(['request_hash', 'response_json']).where('id', '=', scanId).executeTakeFirst();
}

/**
 * A transaction whose reads all see one moment: REPEATABLE READ on PostgreSQL (READ COMMITTED gives each
 * statement its own); on SQLite any transaction, its one connection serialising every writer.
 */
export function oneMoment(db: Db) {
  return isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
}

/**
 * The variance's reads, in the caller's transaction. Each reads one count's rows through its key and
 * joins the units, the snapshot and the counted units on theirs. On PostgreSQL the planner is told to
 * use those keys (`SET LOCAL enable_seqscan = off`, then on again): the snapshot and the counted units
 * are written in bulk moments before they are read, before any statistics say how many rows a count
 * has, and the planner then took a count's 35,000 counted units for one and scanned them all once for
 * each unit of the snapshot (45 s in the bench); by their keys it takes 0.2 s (decision 0079).
 */
export async function keyedReads<T>(db: Db, read: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return read();
  await sql`SET LOCAL enable_seqscan = off`.execute(db);
  const out = await read();
  await sql`SET LOCAL enable_seqscan = on`.execute(db);
  return out;
}

/** The packs of the snapshot per material and batch: one pass over the snapshot's key, no unit read. */
export async function lineTotals(
  db: Db,
  stockTakeId: string,
): Promise<{ material_no: string | null; batch_no: string | null; packs: number | string }[]> {
  const { rows } = await sql<{ material_no: string | null; batch_no: string | null; packs: number | string }>`
    SELECT material_no, batch_no, COUNT(*) AS packs FROM stock_take_snapshot
    WHERE stock_take_id = ${stockTakeId} AND type = 'EA' GROUP BY material_no, batch_no`.execute(db);
  return rows;
}

/** A unit of the snapshot that is not simply counted, with its label's parts and what changed. */
export interface SnapshotExceptionRow {
  unit_id: string;
  type: UnitType;
  material_no: string | null;
  batch_no: string | null;
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
  outcome: string | null;
  moved_doc_type: string | null;
  moved_doc_no: string | null;
  now_warehouse_no: string | null;
  snap_warehouse_no: string | null;
  /** 1 when counted in its line's live round. */
  live: number | string;
  /** 1 when its status, reason or warehouse is not the snapshot's any more. */
  changed: number | string;
}

/**
 * The units of the snapshot not counted in their line's live round, changed since the snapshot (status,
 * reason or warehouse), or given an outcome at approval: one statement, few rows answered.
 */
export async function snapshotExceptions(db: Db, stockTakeId: string, lines: readonly LineRound[]): Promise<SnapshotExceptionRow[]> {
  const changed = sql`(h.status <> s.status OR COALESCE(h.reason, '') <> COALESCE(s.reason, '')
    OR COALESCE(h.warehouse_no, '') <> COALESCE(s.warehouse_no, ''))`;
  // The counted unit is probed by its whole key (count, unit, round), once a unit of the snapshot: as a
  // join, PostgreSQL read the count's counted units once and filtered them again for each unit of the
  // snapshot (45 s for 35,000); LATERAL probes each by the key. SQLite plans the EXISTS as that probe.
  const round = liveRound('s', lines);
  const probe = isPostgres(db)
    ? sql`LEFT JOIN LATERAL (SELECT 1 AS hit FROM stock_take_counted c
        WHERE c.stock_take_id = s.stock_take_id AND c.unit_id = s.unit_id AND c.round = ${round} LIMIT 1) l ON true`
    : sql``;
  const live = isPostgres(db)
    ? sql`CASE WHEN l.hit IS NULL THEN 0 ELSE 1 END`
    : sql`CASE WHEN EXISTS (SELECT 1 FROM stock_take_counted c
        WHERE c.stock_take_id = s.stock_take_id AND c.unit_id = s.unit_id AND c.round = ${round}) THEN 1 ELSE 0 END`;
  const { rows } = await sql<SnapshotExceptionRow>`
    SELECT * FROM (
      SELECT s.unit_id, s.type, s.material_no, s.batch_no, h.sscc, h.gtin, h.serial, s.outcome, s.moved_doc_type, s.moved_doc_no,
        h.warehouse_no AS now_warehouse_no, s.warehouse_no AS snap_warehouse_no,
        ${live} AS live, CASE WHEN ${changed} THEN 1 ELSE 0 END AS changed
      FROM stock_take_snapshot s
      JOIN handling_units h ON h.id = s.unit_id
      ${probe}
      WHERE s.stock_take_id = ${stockTakeId}
    ) x WHERE x.live = 0 OR x.changed = 1 OR x.outcome IS NOT NULL`.execute(db);
  return rows;
}

export interface CountedRead {
  unit_id: string;
  type: UnitType;
  material_no: string | null;
  batch_no: string | null;
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
  counted_parent_id: string | null;
  was_warehouse_no: string | null;
  was_status: UnitStatus;
  was_reason: ItemReason | null;
  outcome: string | null;
  moved_doc_type: string | null;
  moved_doc_no: string | null;
}

/** The units counted in their line's live round that the snapshot does not hold (found, or come in during the count). */
export async function extraCounted(db: Db, stockTakeId: string, lines: readonly LineRound[]): Promise<CountedRead[]> {
  const { rows } = await sql<CountedRead>`
    SELECT c.unit_id, c.type, c.material_no, c.batch_no, h.sscc, h.gtin, h.serial, c.counted_parent_id,
      c.was_warehouse_no, c.was_status, c.was_reason, c.outcome, c.moved_doc_type, c.moved_doc_no
    FROM stock_take_counted c
    LEFT JOIN stock_take_snapshot s ON s.stock_take_id = c.stock_take_id AND s.unit_id = c.unit_id
    JOIN handling_units h ON h.id = c.unit_id
    WHERE c.stock_take_id = ${stockTakeId} AND c.round = ${liveRound('c', lines)} AND s.unit_id IS NULL`.execute(db);
  return rows;
}

/** The packs counted in their line's live round per material and batch (a blind counter's view), in the scope. */
export async function countedLines(
  db: Db,
  stockTakeId: string,
  scope: { materialNo: string | null; batchNo: string | null },
  lines: readonly LineRound[],
): Promise<{ material_no: string | null; batch_no: string | null; packs: number | string }[]> {
  const material = scope.materialNo === null ? sql`` : sql`AND c.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND c.batch_no = ${scope.batchNo}`;
  const { rows } = await sql<{ material_no: string | null; batch_no: string | null; packs: number | string }>`
    SELECT c.material_no, c.batch_no, COUNT(*) AS packs FROM stock_take_counted c
    WHERE c.stock_take_id = ${stockTakeId} AND c.type = 'EA' AND c.round = ${liveRound('c', lines)} ${material} ${batch}
    GROUP BY c.material_no, c.batch_no`.execute(db);
  return rows;
}

/** How many packs of one line are counted in a round. */
export async function countedOnLine(
  db: Db,
  stockTakeId: string,
  materialNo: string,
  batchNo: string | null,
  round: number,
): Promise<number> {
  const batch = batchNo === null ? sql`c.batch_no IS NULL` : sql`c.batch_no = ${batchNo}`;
  const { rows } = await sql<{ n: number | string }>`
    SELECT COUNT(*) AS n FROM stock_take_counted c
    WHERE c.stock_take_id = ${stockTakeId} AND c.type = 'EA' AND c.material_no = ${materialNo} AND ${batch} AND c.round = ${round}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

/**
 * The document that last changed each unit since `since` (a scan, completion or reopening: the audit
 * trail's action 'scan OBD 8000000101'), read through audit_log_entity (entity, entity_id, at).
 */
export async function documentActionsSince(
  db: Db,
  ids: readonly string[],
  since: string,
): Promise<{ entity_id: string; action: string; at: string }[]> {
  if (ids.length === 0) return [];
  // PostgreSQL takes every id in one array parameter (one statement); SQLite, in process, a statement a chunk.
  const parts = isPostgres(db) ? [ids] : chunks(ids, IDS_A_STATEMENT);
  const out: { entity_id: string; action: string; at: string }[] = [];
  for (const part of parts) {
    const which = isPostgres(db) ? sql`a.entity_id = ANY(${[...part]})` : sql`a.entity_id IN (${sql.join(part)})`;
    const { rows } = await sql<{ entity_id: string; action: string; at: string }>`
      SELECT a.entity_id, a.action, a.at FROM audit_log a
      WHERE a.entity = 'unit' AND ${which} AND a.at >= ${since}
      ORDER BY a.at, a.id`.execute(db);
    out.push(...rows);
  }
  return out;
}

export async function reasons(db: Db, stockTakeId: string) {
  return db
    .selectFrom('stock_take_reasons')
    .select(['material_no', 'batch_no', 'reason', 'text'])
    .where('stock_take_id', '=', stockTakeId)
    .execute();
}

export async function replaceReasons(
  db: Db,
  stockTakeId: string,
  rows: readonly { materialNo: string; batchNo: string; reason: string; text: string | null }[],
): Promise<void> {
  await db.deleteFrom('stock_take_reasons').where('stock_take_id', '=', stockTakeId).execute();
  for (const part of chunks(rows, ROWS_A_STATEMENT)) {
    await db
      .insertInto('stock_take_reasons')
      .values(
        part.map((r) => ({
          stock_take_id: stockTakeId,
          material_no: r.materialNo,
          batch_no: r.batchNo,
          reason: r.reason as never,
          text: r.text,
        })),
      )
      .execute();
  }
}

export async function materialNames(db: Db, materialNos: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(materialNos)].filter((m) => m !== '');
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('materials').select(['material_no', 'name']).where('material_no', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.material_no, r.name]));
}

/** The current rows of units, for approval's changes and their audit. */
export async function unitsByIds(db: Db, ids: readonly string[]) {
  const out: {
    id: string;
    type: UnitType;
    status: UnitStatus;
    reason: ItemReason | null;
    warehouse_no: string | null;
    parent_id: string | null;
    sscc: string | null;
    gtin: string | null;
    serial: string | null;
  }[] = [];
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    out.push(
      ...(await db
        .selectFrom('handling_units')
        .select(['id', 'type', 'status', 'reason', 'warehouse_no', 'parent_id', 'sscc', 'gtin', 'serial'])
        .where('id', 'in', part)
        .execute()),
    );
  }
  return out;
}

/** Sets the status of the units (keeping their reasons and warehouse). */
export async function setStatus(db: Db, ids: readonly string[], status: UnitStatus, at: string): Promise<void> {
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    await db.updateTable('handling_units').set({ status, updated_at: at }).where('id', 'in', part).execute();
  }
}

/** Takes the units out of their parents. */
export async function clearParent(db: Db, ids: readonly string[], at: string): Promise<void> {
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    await db.updateTable('handling_units').set({ parent_id: null, updated_at: at }).where('id', 'in', part).execute();
  }
}

/** A found unit into the warehouse: its new state and parent. */
export async function placeUnit(
  db: Db,
  u: { id: string; status: UnitStatus; reason: ItemReason | null; warehouseNo: string; parentId: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('handling_units')
    .set({ status: u.status, reason: u.reason, warehouse_no: u.warehouseNo, parent_id: u.parentId, updated_at: u.at })
    .where('id', '=', u.id)
    .execute();
}

/**
 * The outcomes of approval, kept on the rows of the snapshot ('missing', 'moved') and of the counted
 * units ('found', 'moved'), a statement per IDS_A_STATEMENT units.
 */
export async function markOutcome(
  db: Db,
  table: 'stock_take_snapshot' | 'stock_take_counted',
  stockTakeId: string,
  ids: readonly string[],
  outcome: 'missing' | 'found' | 'moved',
  doc?: { type: string | null; number: string | null },
): Promise<void> {
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    await db
      .updateTable(table)
      .set({ outcome, moved_doc_type: doc?.type ?? null, moved_doc_no: doc?.number ?? null })
      .where('stock_take_id', '=', stockTakeId)
      .where('unit_id', 'in', part)
      .execute();
  }
}
