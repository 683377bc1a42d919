import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { auditRestore, auditUnits, auditUnitStates, historyEntry, type UnitAudit, type UnitState } from '../../db/audit.ts';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { prepared } from '../../db/prepared.ts';
import type { Application, BatchStatus, ItemReason, UnitStatus, UnitType } from '@pharma/domain';
import type { UnitRow } from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { UnitRow };

/**
 * A pack in stock: on hand in a warehouse in any condition, or picked on a document of its warehouse
 * not completed yet; not in transit, dispatched, destroyed, short or still arriving (on a receipt or a
 * return not completed). The one rule: the answer of a change (the warehouses it names), the
 * whereabouts' `inStock` and the batch status's EPCIS events (decision 0073) all read `in_stock`; the
 * reports (decision 0077) count the stock with it. A condition on the units under the alias `h`.
 */
export const IN_STOCK = sql`(h.warehouse_no IS NOT NULL AND (
  h.status IN ('ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED')
  OR (h.status = 'PENDING' AND h.reason IN ('DISPATCHED', 'REDRESSED', 'OTHER'))))`;

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

/**
 * A unit row as the scan path reads it: with the status of its batch (`BATCH_STATUS`; null or
 * absent when the batch was never held). Issue 30, decision 0071.
 */
export type UnitRowWithBatch = UnitRow & { batch_status?: BatchStatus | null };

export interface UnitWithParent extends UnitRowWithBatch {
  parent_type: UnitRow['type'] | null;
  parent_sscc: string | null;
  parent_gtin: string | null;
  parent_serial: string | null;
}

/**
 * The status of the batch of unit `h` (issue 30, decision 0071), a column of the scan path's unit reads
 * (`BATCH_STATUS`, null for a batch never held) from its row joined (`BATCH_STATUS_JOIN`): read in the
 * same statement as the unit, so a scan sends no statement more, and a scan reads the batch as it was
 * when its statement began (a hold committed later refuses the next scan, never half of one). A join,
 * not a scalar subquery in the select list: PostgreSQL plans that as a probe a row, which costed a
 * pallet's tree of 4,849 units past its JIT threshold (about 110 ms more a pallet scan); the join is
 * hashed or probed as the planner finds cheaper.
 */
export const BATCH_STATUS = 'bs.status AS batch_status';
export const BATCH_STATUS_JOIN = 'LEFT JOIN batch_statuses bs ON bs.material_no = h.material_no AND bs.batch_no = h.batch_no';

const withParent = `SELECT h.*, p.type AS parent_type, p.sscc AS parent_sscc, p.gtin AS parent_gtin, p.serial AS parent_serial,
    ${BATCH_STATUS}
  FROM handling_units h LEFT JOIN handling_units p ON p.id = h.parent_id ${BATCH_STATUS_JOIN}`;
const scanUnitBy = {
  sscc: prepared<UnitWithParent, [string]>(`${withParent} WHERE h.sscc = ? FOR UPDATE OF h`),
  gtinSerial: prepared<UnitWithParent, [string, string]>(`${withParent} WHERE h.gtin = ? AND h.serial = ? FOR UPDATE OF h`),
};

/**
 * The unit a scan names, with its parent's type and identity (a pack inside a bundle), locked for the
 * transaction on PostgreSQL: two scans of one unit through two documents take turns, and the second
 * sees the state the first left.
 */
export async function findUnitForScan(
  db: Db,
  key: { sscc: string } | { gtin: string; serial: string },
): Promise<UnitWithParent | undefined> {
  const rows = 'sscc' in key ? await scanUnitBy.sscc(db, key.sscc) : await scanUnitBy.gtinSerial(db, key.gtin, key.serial);
  return rows[0];
}

/**
 * The units `where` selects (as `target`) that belong to an area (decision 0019): a unit in a
 * warehouse belongs to its warehouse's area; a unit in no warehouse (announced by a supplier's notice)
 * to the area of each document it, or a unit it is in, is named or scanned on, and of the warehouse an
 * EPCIS event sent it, or a unit it is in, to (decision 0083). The area is a condition of the query, so a
 * unit of another area is never read.
 */
function inArea(where: string, tail = ''): string {
  return `WITH RECURSIVE target AS (SELECT * FROM handling_units WHERE ${where}),
    up(root, id, parent_id) AS (
      SELECT id, id, parent_id FROM target
      UNION ALL SELECT up.root, h.id, h.parent_id FROM handling_units h JOIN up ON h.id = up.parent_id
    )
    SELECT t.* FROM target t
    WHERE t.warehouse_no IN (SELECT warehouse_no FROM warehouses WHERE area = ?)
      OR (t.warehouse_no IS NULL AND EXISTS (
        SELECT 1 FROM up
        JOIN (SELECT unit_id, document_id FROM document_units UNION ALL SELECT unit_id, document_id FROM scan_items) du ON du.unit_id = up.id
        JOIN documents d ON d.id = du.document_id
        JOIN warehouses w ON w.warehouse_no = d.warehouse_no
        WHERE up.root = t.id AND w.area = ?))
      OR (t.warehouse_no IS NULL AND EXISTS (
        SELECT 1 FROM up
        JOIN epcis_announced_units au ON au.unit_id = up.id
        JOIN epcis_announcements a ON a.id = au.announcement_id
        JOIN warehouses w ON w.warehouse_no = a.warehouse_no
        WHERE up.root = t.id AND w.area = ?))
    ${tail}`;
}

const unitInAreaBy = {
  id: prepared<UnitRow, [string, Application, Application, Application]>(inArea('id = ?')),
  sscc: prepared<UnitRow, [string, Application, Application, Application]>(inArea('sscc = ?')),
  gtinSerial: prepared<UnitRow, [string, string, Application, Application, Application]>(inArea('gtin = ? AND serial = ?')),
};

/** A unit by its key, if it belongs to `area`. */
export async function findUnitInArea(db: Db, key: UnitKey, area: Application): Promise<UnitRow | undefined> {
  const rows =
    'id' in key
      ? await unitInAreaBy.id(db, key.id, area, area, area)
      : 'sscc' in key
        ? await unitInAreaBy.sscc(db, key.sscc, area, area, area)
        : await unitInAreaBy.gtinSerial(db, key.gtin, key.serial, area, area, area);
  return rows[0];
}

/** A unit as search shows it (issue 34): its row with its parent's identity, its batch's status and its material's name, and its trail. */
export interface UnitForView {
  unit: UnitWithParent & { material_name: string | null };
  history: UnitView['history'];
}

type ViewRow = UnitWithParent & {
  material_name: string | null;
  history_at: string | null;
  history_action: string | null;
  history_before: string | null;
  history_after: string | null;
  history_reason: string | null;
  history_by: string | null;
};

/**
 * The units `found` yields (a query of whole unit rows, its own parameters first) with what search shows
 * of each, in one statement: the parent (a unit's nearest ancestor), the batch's status (as
 * `BATCH_STATUS`), the material's name, and one row per audit row of the unit, oldest first (none: one
 * row, its history columns null). Ordered by GTIN, as the serial search's limit is taken.
 */
function forView(found: string): string {
  return `SELECT f.*, p.type AS parent_type, p.sscc AS parent_sscc, p.gtin AS parent_gtin, p.serial AS parent_serial,
      bs.status AS batch_status, m.name AS material_name,
      a.at AS history_at, a.action AS history_action, a.before_json AS history_before, a.after_json AS history_after,
      a.reason AS history_reason, u.email AS history_by
    FROM (${found}) f
    LEFT JOIN handling_units p ON p.id = f.parent_id
    LEFT JOIN batch_statuses bs ON bs.material_no = f.material_no AND bs.batch_no = f.batch_no
    LEFT JOIN materials m ON m.material_no = f.material_no
    LEFT JOIN audit_log a ON a.entity = 'unit' AND a.entity_id = f.id
    LEFT JOIN users u ON u.id = a.actor_id
    ORDER BY f.gtin, f.id, a.id`;
}

const viewBy = {
  id: prepared<ViewRow, [string]>(forView('SELECT * FROM handling_units WHERE id = ?')),
  sscc: prepared<ViewRow, [string]>(forView('SELECT * FROM handling_units WHERE sscc = ?')),
  gtinSerial: prepared<ViewRow, [string, string]>(forView('SELECT * FROM handling_units WHERE gtin = ? AND serial = ?')),
  serial: prepared<ViewRow, [string]>(forView('SELECT * FROM handling_units WHERE serial = ? ORDER BY gtin LIMIT 50')),
};
const viewInAreaBy = {
  id: prepared<ViewRow, [string, Application, Application, Application]>(forView(inArea('id = ?'))),
  sscc: prepared<ViewRow, [string, Application, Application, Application]>(forView(inArea('sscc = ?'))),
  gtinSerial: prepared<ViewRow, [string, string, Application, Application, Application]>(forView(inArea('gtin = ? AND serial = ?'))),
  serial: prepared<ViewRow, [string, Application, Application, Application]>(forView(inArea('serial = ?', 'ORDER BY t.gtin LIMIT 50'))),
};

/**
 * What search shows of the units a key names (`findUnit`; a serial: its packs, several GTINs may carry
 * it, at most 50), of `area` only when one is given (the condition of `findUnitInArea`; without, the
 * INTEGRATION right's search, decision 0083): one statement however long the trail.
 */
export async function findForView(db: Db, key: UnitKey | { serial: string }, area: Application | undefined): Promise<UnitForView[]> {
  const rows = area
    ? 'id' in key
      ? await viewInAreaBy.id(db, key.id, area, area, area)
      : 'sscc' in key
        ? await viewInAreaBy.sscc(db, key.sscc, area, area, area)
        : 'gtin' in key
          ? await viewInAreaBy.gtinSerial(db, key.gtin, key.serial, area, area, area)
          : await viewInAreaBy.serial(db, key.serial, area, area, area)
    : 'id' in key
      ? await viewBy.id(db, key.id)
      : 'sscc' in key
        ? await viewBy.sscc(db, key.sscc)
        : 'gtin' in key
          ? await viewBy.gtinSerial(db, key.gtin, key.serial)
          : await viewBy.serial(db, key.serial);
  const found: UnitForView[] = [];
  for (const row of rows) {
    const { history_at, history_action, history_before, history_after, history_reason, history_by, ...unit } = row;
    if (found.at(-1)?.unit.id !== unit.id) found.push({ unit, history: [] });
    if (history_at !== null && history_action !== null) {
      found.at(-1)!.history.push(
        historyEntry({
          at: history_at,
          action: history_action,
          email: history_by,
          before_json: history_before,
          after_json: history_after,
          reason: history_reason,
        }),
      );
    }
  }
  return found;
}

/** `WITH RECURSIVE tree(id)`: the unit and everything under it. */
export function treeCte(rootId: string): RawBuilder<unknown> {
  return sql`tree(id) AS (
    SELECT id FROM handling_units WHERE id = ${rootId}
    UNION ALL
    SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
  )`;
}

/**
 * The unit and everything under it. With `lock`, its rows are locked for the transaction on
 * PostgreSQL (SQLite has one writer), so concurrent scans of one tree take turns.
 */
export async function subtree(db: Db, rootId: string, lock = false): Promise<UnitRowWithBatch[]> {
  return lock ? subtreeLocked(db, rootId) : subtreeOf(db, rootId);
}

/** The tree's rows, each with its batch's status (`BATCH_STATUS`), in one statement. */
const SUBTREE = `WITH RECURSIVE tree(id) AS (
    SELECT id FROM handling_units WHERE id = ?
    UNION ALL SELECT h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
  )
  SELECT h.*, ${BATCH_STATUS} FROM handling_units h ${BATCH_STATUS_JOIN} WHERE h.id IN (SELECT id FROM tree)`;
const subtreeOf = prepared<UnitRowWithBatch, [string]>(SUBTREE);
const subtreeLocked = prepared<UnitRowWithBatch, [string]>(`${SUBTREE} FOR UPDATE OF h`);

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

export interface NewUnit {
  id: string;
  type: UnitType;
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
  materialNo: string | null;
  batchNo: string | null;
  expiry: string | null;
  status: UnitStatus;
  reason: ItemReason | null;
  at: string;
}

export async function setType(db: Db, id: string, type: UnitType): Promise<void> {
  await db.updateTable('handling_units').set({ type }).where('id', '=', id).execute();
}

/** The material, batch and expiry an SSCC shows: its packs' when they are all alike. */
export async function setProduct(
  db: Db,
  id: string,
  p: { materialNo: string | null; batchNo: string | null; expiry: string | null },
): Promise<void> {
  await db
    .updateTable('handling_units')
    .set({ material_no: p.materialNo, batch_no: p.batchNo, expiry: p.expiry })
    .where('id', '=', id)
    .execute();
}

const setOneState = prepared<never, [string, string | null, string, string]>(
  'UPDATE handling_units SET status = ?, reason = ?, updated_at = ? WHERE id = ?',
);
const setOneStateIn = prepared<never, [string, string | null, string | null, string, string]>(
  'UPDATE handling_units SET status = ?, reason = ?, warehouse_no = ?, updated_at = ? WHERE id = ?',
);

/**
 * Sets status and reason on a unit and everything under it, and audits each change: set-based.
 * `known` is the unit and everything under it as the caller read them in this transaction (a pack
 * alone, or the tree a scan read and locked): their states before are known, so the audit reads
 * nothing again, and a unit with nothing under it takes plain statements instead of the recursive walk.
 */
export async function setTreeState(
  db: Db,
  rootId: string,
  state: UnitState & { warehouseNo?: string | null },
  audit: UnitAudit,
  known?: UnitRow | readonly UnitRow[],
): Promise<number> {
  const tree = known === undefined || isUnitList(known) ? known : [known];
  if (tree) await auditUnitStates(db, tree, state, audit);
  else await auditUnits(db, sql`WITH RECURSIVE ${treeCte(rootId)} SELECT id FROM tree`, state, audit);
  if (tree?.length === 1 && tree[0]!.id === rootId) {
    await (state.warehouseNo === undefined
      ? setOneState(db, state.status, state.reason, audit.at, rootId)
      : setOneStateIn(db, state.status, state.reason, state.warehouseNo, audit.at, rootId));
    return 1;
  }
  const result = await sql`
    WITH RECURSIVE ${treeCte(rootId)}
    UPDATE handling_units SET status = CAST(${state.status} AS text), reason = CAST(${state.reason} AS text),
      warehouse_no = ${state.warehouseNo === undefined ? sql`warehouse_no` : sql`CAST(${state.warehouseNo} AS text)`},
      updated_at = CAST(${audit.at} AS text)
    WHERE id IN (SELECT id FROM tree)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

function isUnitList(known: UnitRow | readonly UnitRow[]): known is readonly UnitRow[] {
  return Array.isArray(known);
}

/**
 * Gives every unit selected by `ids` (a query yielding a column `id` or `unit_id`) one state,
 * optionally moving it into a warehouse (or out of any, with null), and audits each change: set-based, for completions.
 */
export async function setStateOf(
  db: Db,
  ids: RawBuilder<unknown>,
  state: UnitState & { warehouseNo?: string | null },
  audit: UnitAudit,
): Promise<void> {
  await auditUnits(db, ids, state, audit);
  await sql`UPDATE handling_units SET status = CAST(${state.status} AS text), reason = CAST(${state.reason} AS text),
    warehouse_no = ${state.warehouseNo === undefined ? sql`warehouse_no` : sql`CAST(${state.warehouseNo} AS text)`},
    updated_at = CAST(${audit.at} AS text)
    WHERE id IN (${ids})`.execute(db);
}

/**
 * Puts back the state each unit of `ids` had before it was scanned on the document (kept on its
 * scan item), audited unit by unit. The scan items are still there: the caller takes them off after.
 */
export async function restoreScannedState(db: Db, documentId: string, ids: string[], audit: UnitAudit): Promise<void> {
  if (ids.length === 0) return;
  const onDocument = sql`SELECT unit_id FROM scan_items WHERE document_id = ${documentId} AND unit_id IN (${sql.join(ids)})`;
  await auditRestore(
    db,
    sql`SELECT unit_id AS id, before_status AS status, before_reason AS reason FROM scan_items WHERE document_id = ${documentId} AND unit_id IN (${sql.join(ids)})`,
    audit,
  );
  await sql`
    UPDATE handling_units SET
      status = (SELECT s.before_status FROM scan_items s WHERE s.document_id = ${documentId} AND s.unit_id = handling_units.id),
      reason = (SELECT s.before_reason FROM scan_items s WHERE s.document_id = ${documentId} AND s.unit_id = handling_units.id),
      updated_at = CAST(${audit.at} AS text)
    WHERE id IN (${onDocument})`.execute(db);
}

/** A unit leaving its parent, with its parent's type and identity. */
export interface LeavingUnit extends Pick<UnitRow, 'id' | 'type' | 'sscc' | 'gtin' | 'serial'> {
  parent_id: string;
  parent_type: UnitType;
  parent_sscc: string | null;
  parent_gtin: string | null;
  parent_serial: string | null;
}

/**
 * The units `ids` selects (a query yielding one unit id a row) that stand in a parent not on the
 * document: the units scanned on it without their parent (a pack alone out of its carton). The units
 * under a scanned carton are on the document with it, so they stay in it.
 */
export async function unitsLeavingParents(db: Db, documentId: string, ids: RawBuilder<unknown>): Promise<LeavingUnit[]> {
  const { rows } = await sql<LeavingUnit>`
    SELECT h.id, h.type, h.sscc, h.gtin, h.serial, h.parent_id,
      p.type AS parent_type, p.sscc AS parent_sscc, p.gtin AS parent_gtin, p.serial AS parent_serial
    FROM handling_units h JOIN handling_units p ON p.id = h.parent_id
    WHERE h.id IN (${ids})
      AND NOT EXISTS (SELECT 1 FROM scan_items s WHERE s.document_id = ${documentId} AND s.unit_id = h.parent_id)
    ORDER BY p.id, h.sscc, h.gtin, h.serial`.execute(db);
  return rows;
}

/** Ids a statement names at most (SQLite's and PostgreSQL's limits on bound values are far above). */
const IDS_A_STATEMENT = 500;

function chunks<T>(all: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += IDS_A_STATEMENT) out.push(all.slice(i, i + IDS_A_STATEMENT));
  return out;
}

/** Puts the units under `parentId`, or with null takes them out of their parents so each stands on its own. */
export async function setParent(db: Db, ids: readonly string[], parentId: string | null, at: string): Promise<void> {
  for (const part of chunks(ids)) {
    await db.updateTable('handling_units').set({ parent_id: parentId, updated_at: at }).where('id', 'in', part).execute();
  }
}

/** What a pallet or carton holds: the packs of its tree (as search counts them) and its children. */
interface Contents {
  packs: number;
  children: number;
}

/** The contents of each unit of `ids`, read now. */
export async function contentsOf(db: Db, ids: readonly string[]): Promise<Map<string, Contents>> {
  const found = new Map<string, Contents>();
  for (const part of chunks(ids)) {
    const { rows } = await sql<{ root: string; packs: number | string; children: number | string }>`
      WITH RECURSIVE down(root, id, type, depth) AS (
        SELECT id, id, type, 0 FROM handling_units WHERE id IN (${sql.join(part)})
        UNION ALL SELECT d.root, h.id, h.type, d.depth + 1 FROM handling_units h JOIN down d ON h.parent_id = d.id
      )
      SELECT root, SUM(CASE WHEN type = 'EA' THEN 1 ELSE 0 END) AS packs, SUM(CASE WHEN depth = 1 THEN 1 ELSE 0 END) AS children
      FROM down GROUP BY root`.execute(db);
    for (const r of rows) found.set(r.root, { packs: Number(r.packs), children: Number(r.children) });
  }
  return found;
}
