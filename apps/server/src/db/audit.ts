import { sql, type RawBuilder } from 'kysely';
import type { AuditAction, ItemReason, UnitStatus } from '@pharma/domain';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { newId } from '../lib/ids.ts';
import { auditKeyOf, SIGNED, type SignedRow } from './audit-key.ts';
import type { Db } from './database.ts';
import { isPostgres, prepared } from './prepared.ts';

/**
 * The audit trail's writer: every statement that appends to audit_log, on both databases, is written
 * here (append-only: the migrations refuse updates other than sealing, deletes, REPLACE and TRUNCATE),
 * and test/audit-writer.test.ts fails when another module of the server holds one (decision 0088). The
 * scan path's statements keep their count: on PostgreSQL a scan's one statement appends its rows through
 * `APPEND_SIGNED_PG`, a CTE whose text and signed values come from here, and a carton's or pallet's units
 * follow in `auditTreePg`. Every writer is called with the transaction of the change it records, so the
 * two are written together or not at all. Each row carries its MAC, made here with the handle's audit key
 * (audit-key.ts, decision 0059). Rows are chained after they commit by the sealer (`sealAudit`, whose
 * UPDATE of seq and hash is the only other write), and `verifyAuditChain` checks the chain, the MACs and
 * the heads written outside the database (audit-chain.ts, decisions 0025 and 0059). `npm run db:copy`
 * (copy.ts) copies the rows as they are, MACs and chain included, into an empty database. Reports read
 * the trail with their own queries (reports/ledger.repository.ts, discrepancies, stock takes).
 */

export interface AuditEntry {
  actorId: string | null;
  entity: string;
  entityId: string;
  /** One of the list (AUDIT_ACTIONS in @pharma/domain): each has its words on screen (decision 0069). */
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** The row an entry makes: its content, which the row's MAC covers. */
export function auditRow(e: AuditEntry, at: string, id: string = newId()): SignedRow {
  return {
    id,
    at,
    actor_id: e.actorId,
    entity: e.entity,
    entity_id: e.entityId,
    action: e.action,
    before_json: e.before === undefined ? null : JSON.stringify(e.before),
    after_json: e.after === undefined ? null : JSON.stringify(e.after),
    reason: e.reason ?? null,
  };
}

/** Each row's MAC with the handle's audit key. */
export function auditMacs(db: Db, rows: readonly SignedRow[]): string[] {
  const key = auditKeyOf(db);
  return rows.map((r) => key.mac(r));
}

/** The rows as ten columns (the nine signed fields, then each row's MAC): for a statement that inserts them from arrays. */
export function signedColumns(db: Db, rows: readonly SignedRow[]): (string | null)[][] {
  return [...SIGNED.map((c) => rows.map((r) => r[c])), auditMacs(db, rows)];
}

/** Rows a statement writes on SQLite, largest first: a pallet's 4,849 rows take 46 statements, one row one. */
const SQLITE_BATCHES = [500, 25, 1];
/** SQLite: ten values a row, the nine signed fields in `SIGNED` order, then the MAC. */
const insertSqlite = new Map(
  SQLITE_BATCHES.map((n) => [
    n,
    prepared<never, (string | null)[]>(
      `INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason, mac)
      VALUES ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    ),
  ]),
);
/**
 * PostgreSQL: the INSERT that appends any number of rows in one statement, from the ten arrays of
 * `signedColumns`. `insertAuditRows` runs it alone; a statement that writes a change and its audit rows at
 * once (a scan's, scans.repository.ts) holds it as a data-modifying CTE (`WITH audit AS (…)`), its ten
 * parameters the arrays `signedColumns` makes, so the rows cost no statement of their own.
 */
export const APPEND_SIGNED_PG = `INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason, mac)
  SELECT * FROM unnest(${Array.from({ length: 10 }, () => 'CAST(? AS text[])').join(', ')})`;
const insertPg = prepared<never, (string | null)[][]>(APPEND_SIGNED_PG);

/**
 * Appends rows, each signed with the handle's audit key (its MAC in the row's `mac`). PostgreSQL: one
 * statement. SQLite: multi-row statements prepared once (one call each through the driver, where a
 * row's statement would cost a call a row).
 */
export async function insertAuditRows(db: Db, rows: readonly SignedRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgres(db)) {
    await insertPg(db, ...signedColumns(db, rows));
    return;
  }
  const key = auditKeyOf(db);
  const values = rows.flatMap((r) => [...SIGNED.map((c) => r[c]), key.mac(r)]);
  let i = 0;
  for (const n of SQLITE_BATCHES) {
    for (; i + n <= rows.length; i += n) await insertSqlite.get(n)!(db, ...values.slice(i * 10, (i + n) * 10));
  }
}

/** Appends audit rows: who, when, what, before, after, why. */
export async function writeAudit(db: Db, entries: readonly AuditEntry[], at: string = new Date().toISOString()): Promise<void> {
  await insertAuditRows(
    db,
    entries.map((e) => auditRow(e, at)),
  );
}

/** A unit's state as the audit trail records it. */
export interface UnitState {
  status: UnitStatus;
  reason: ItemReason | null;
}

/**
 * One operation on units: ids are the operation's UUIDv7 plus the unit id, so rows sort by
 * operation and stay unique; `why` is the row's reason.
 */
export interface UnitAudit {
  opId: string;
  actorId: string;
  at: string;
  action: AuditAction;
  why: string | null;
}

/** A state as the audit trail writes it: {"status":"…","reason":"…" or null}. */
export function stateJson(state: UnitState): string {
  return JSON.stringify({ status: state.status, reason: state.reason });
}

/** The row of one unit's change of state in an operation. */
export function unitAuditRow(audit: UnitAudit, unitId: string, before: UnitState, after: UnitState): SignedRow {
  return unitAuditRows(audit, [{ id: unitId, ...before }], after)[0]!;
}

/** The rows of units' changes of state in one operation, to one state. */
export function unitAuditRows(audit: UnitAudit, units: readonly ({ id: string } & UnitState)[], after: UnitState): SignedRow[] {
  const afterJson = stateJson(after);
  return units.map((u) => ({
    id: `${audit.opId}/${u.id}`,
    at: audit.at,
    actor_id: audit.actorId,
    entity: 'unit',
    entity_id: u.id,
    action: audit.action,
    before_json: stateJson(u),
    after_json: afterJson,
    reason: audit.why,
  }));
}

/**
 * One row per unit whose state before the caller read in this transaction (a scanned pack, a scanned
 * carton's or pallet's tree), to `after`: nothing is read again.
 */
export async function auditUnitStates(
  db: Db,
  units: readonly ({ id: string } & UnitState)[],
  after: UnitState,
  audit: UnitAudit,
): Promise<void> {
  await insertAuditRows(db, unitAuditRows(audit, units, after));
}

/**
 * PostgreSQL: the audit rows of a tree's units in one operation, each with its state before and its MAC.
 * The operation's fields come once; the units' ids and MACs as arrays; their states before (a tree has
 * one or a few) as a short list and each unit's place in it.
 */
const treeAuditPg = prepared<never, unknown[]>(`
  INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason, mac)
  SELECT CAST(? AS text) || '/' || t.id, CAST(? AS text), CAST(? AS text), 'unit', t.id, CAST(? AS text),
    (CAST(? AS text[]))[t.state], CAST(? AS text), CAST(? AS text), t.mac
  FROM unnest(CAST(? AS text[]), CAST(? AS integer[]), CAST(? AS text[])) AS t(id, state, mac)`);

/**
 * PostgreSQL: one row per unit of a tree (a scanned carton or pallet) to `after`, each from the state
 * the caller read and locked, in one statement. `written` is the statement that changes the units, sent
 * by the caller and not awaited: the rows are signed while PostgreSQL runs it (a pallet's 4,849 MACs take
 * about 15 ms, decision 0059), then appended after it on the same connection. Its failure is the caller's
 * to see again: awaited here, it fails this call.
 */
export async function auditTreePg(
  db: Db,
  written: Promise<unknown>,
  units: readonly ({ id: string } & UnitState)[],
  after: UnitState,
  audit: UnitAudit,
): Promise<void> {
  // Its failure is met by the `await` below; meanwhile it must not count as unhandled.
  written.catch(() => undefined);
  // Let the statement go out (the driver sends it a few promise turns later), then sign while PostgreSQL writes.
  await new Promise((resolve) => setImmediate(resolve));
  const rows = unitAuditRows(audit, units, after);
  const macs = auditMacs(db, rows);
  await written;
  const states = [...new Set(rows.map((r) => r.before_json!))];
  const place = new Map(states.map((json, i) => [json, i + 1]));
  await treeAuditPg(
    db,
    audit.opId,
    audit.at,
    audit.actorId,
    audit.action,
    states,
    stateJson(after),
    audit.why,
    units.map((u) => u.id),
    rows.map((r) => place.get(r.before_json!)),
    macs,
  );
}

/**
 * One row per unit selected by `ids` (a query yielding a column `id` or `unit_id`), from the status
 * and reason it has now to `after`: read first (the server signs what it writes), before the units change.
 */
export async function auditUnits(db: Db, ids: RawBuilder<unknown>, after: UnitState, audit: UnitAudit): Promise<void> {
  const { rows } = await sql<
    { id: string } & UnitState
  >`SELECT h.id, h.status, h.reason FROM handling_units h WHERE h.id IN (${ids})`.execute(db);
  await auditUnitStates(db, rows, after, audit);
}

/**
 * One row per unit that `targets` names (a query yielding `id`, `status` and `reason`: the state
 * each unit goes back to), from the state it has now: read first, before the units change.
 */
export async function auditRestore(db: Db, targets: RawBuilder<unknown>, audit: UnitAudit): Promise<void> {
  const { rows } = await sql<{ id: string; to_status: UnitStatus; to_reason: ItemReason | null } & UnitState>`
    SELECT h.id, h.status, h.reason, t.status AS to_status, t.reason AS to_reason
    FROM handling_units h JOIN (${targets}) t ON t.id = h.id`.execute(db);
  await insertAuditRows(
    db,
    rows.map((u) => unitAuditRow(audit, u.id, u, { status: u.to_status, reason: u.to_reason })),
  );
}

/**
 * An entry of a unit's trail from its audit row and the email of who did it. Search reads a unit's
 * trail, oldest first, in the statement that finds the unit (units.repository.ts, `findForView`).
 */
export function historyEntry(h: {
  at: string;
  action: string;
  email: string | null;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
}): UnitView['history'][number] {
  return {
    at: h.at,
    action: h.action,
    by: h.email,
    before: h.before_json ? JSON.parse(h.before_json) : null,
    after: h.after_json ? JSON.parse(h.after_json) : null,
    reason: h.reason,
  };
}

// Sealing and checking the chain live in audit-chain.ts; callers find the whole trail here.
export { sealAudit, startAuditSealer, verifyAuditChain, type ChainReport } from './audit-chain.ts';
