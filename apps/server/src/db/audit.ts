import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { ItemReason, UnitStatus } from '@pharma/domain';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { every } from '../lib/every.ts';
import { newId } from '../lib/ids.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import type { NewAuditRow } from './schema.ts';

/**
 * The audit trail: the one module that writes audit_log (append-only: the migrations refuse updates
 * other than sealing, deletes, REPLACE and TRUNCATE) and reads it back. Every writer is called with
 * the transaction of the change it records, so the two are written together or not at all. Rows are
 * chained after they commit by the sealer (`sealAudit`), and `verifyAuditChain` checks the chain
 * (decision 0025).
 */

export interface AuditEntry {
  actorId: string | null;
  entity: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Rows per INSERT: 9 parameters a row keeps a statement far below both databases' limits on bound parameters. */
const ROWS_PER_INSERT = 500;

/** Appends audit rows: who, when, what, before, after, why; many entries in batches of multi-row INSERTs. */
export async function writeAudit(db: Db, entries: readonly AuditEntry[], at: string = new Date().toISOString()): Promise<void> {
  const rows = entries.map((e): NewAuditRow => ({
    id: newId(),
    at,
    actor_id: e.actorId,
    entity: e.entity,
    entity_id: e.entityId,
    action: e.action,
    before_json: e.before === undefined ? null : JSON.stringify(e.before),
    after_json: e.after === undefined ? null : JSON.stringify(e.after),
    reason: e.reason ?? null,
  }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('audit_log')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
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
  action: string;
  why: string | null;
}

const insertUnitRow = prepared<never, [string, string, string, string, string, string, string, string | null]>(
  "INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason) VALUES (?, ?, ?, 'unit', ?, ?, ?, ?, ?)",
);

/** One unit whose state before is known (a scanned pack): one prepared statement, the scan path's cost. */
export async function auditUnit(db: Db, unit: { id: string } & UnitState, after: UnitState, audit: UnitAudit): Promise<void> {
  await insertUnitRow(
    db,
    `${audit.opId}/${unit.id}`,
    audit.at,
    audit.actorId,
    unit.id,
    audit.action,
    JSON.stringify({ status: unit.status, reason: unit.reason }),
    JSON.stringify({ status: after.status, reason: after.reason }),
    audit.why,
  );
}

/**
 * One row per unit selected by `ids` (a query yielding a column `id` or `unit_id`), from the status
 * and reason it has now to `after`: set-based, before the units change.
 */
export async function auditUnits(db: Db, ids: RawBuilder<unknown>, after: UnitState, audit: UnitAudit): Promise<void> {
  const afterJson = JSON.stringify({ status: after.status, reason: after.reason });
  await sql`
    INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason)
    SELECT CAST(${audit.opId} AS text) || '/' || h.id, CAST(${audit.at} AS text), CAST(${audit.actorId} AS text), 'unit', h.id,
      CAST(${audit.action} AS text),
      ${stateJson(sql.ref('h.status'), sql.ref('h.reason'))},
      CAST(${afterJson} AS text), CAST(${audit.why} AS text)
    FROM handling_units h WHERE h.id IN (${ids})`.execute(db);
}

/**
 * One row per unit that `targets` names (a query yielding `id`, `status` and `reason`: the state
 * each unit goes back to), from the state it has now: set-based, before the units change.
 */
export async function auditRestore(db: Db, targets: RawBuilder<unknown>, audit: UnitAudit): Promise<void> {
  await sql`
    INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason)
    SELECT CAST(${audit.opId} AS text) || '/' || h.id, CAST(${audit.at} AS text), CAST(${audit.actorId} AS text), 'unit', h.id,
      CAST(${audit.action} AS text), ${stateJson(sql.ref('h.status'), sql.ref('h.reason'))}, ${stateJson(sql.ref('t.status'), sql.ref('t.reason'))},
      CAST(${audit.why} AS text)
    FROM handling_units h JOIN (${targets}) t ON t.id = h.id`.execute(db);
}

/** A state as the audit trail writes it: {"status":"…","reason":"…" or null}. */
function stateJson(status: RawBuilder<unknown>, reason: RawBuilder<unknown>): RawBuilder<string> {
  return sql`'{"status":"' || ${status} || '","reason":' || CASE WHEN ${reason} IS NULL THEN 'null' ELSE '"' || ${reason} || '"' END || '}'`;
}

/** A unit's trail, oldest first, with the email of who did each. */
export async function unitHistory(db: Db, unitId: string): Promise<UnitView['history']> {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.at', 'a.action', 'a.before_json', 'a.after_json', 'a.reason', 'u.email'])
    .where('a.entity', '=', 'unit')
    .where('a.entity_id', '=', unitId)
    .orderBy('a.id')
    .execute();
  return rows.map((h) => ({
    at: h.at,
    action: h.action,
    by: h.email,
    before: h.before_json ? JSON.parse(h.before_json) : null,
    after: h.after_json ? JSON.parse(h.after_json) : null,
    reason: h.reason,
  }));
}

/** The fields a row's hash covers, in this order, after the previous hash and the row's seq. */
const CHAINED = ['id', 'at', 'actor_id', 'entity', 'entity_id', 'action', 'before_json', 'after_json', 'reason'] as const;
type ChainedRow = Record<(typeof CHAINED)[number], string | null>;

/** sha256 of the previous row's hash, this row's place and its fields: hex. */
export function chainHash(previous: string, seq: number, row: ChainedRow): string {
  return createHash('sha256')
    .update(JSON.stringify([previous, seq, ...CHAINED.map((c) => row[c] ?? null)]))
    .digest('hex');
}

/** The chain's head, locked (PostgreSQL) so sealers of several app instances take turns: one chain, no fork. */
const lockHead = prepared<{ seq: number | string; hash: string }, []>('SELECT seq, hash FROM audit_chain_head WHERE id = 1 FOR UPDATE');
const setHead = prepared<never, [number, string]>('UPDATE audit_chain_head SET seq = ?, hash = ? WHERE id = 1');
const unsealed = prepared<ChainedRow, [number]>(`SELECT ${CHAINED.join(', ')} FROM audit_log WHERE seq IS NULL ORDER BY id LIMIT ?`);

/**
 * Rows per sealing transaction: small, so that on SQLite (one writer, one connection) a scan waiting
 * behind a batch waits about a millisecond, not the whole second's backlog (decision 0025).
 */
const SEAL_BATCH = 250;

/** One statement seals a whole batch: a statement a row went through the driver, and held the SQLite writer, once a row. */
const sealRows = prepared<never, (string | number)[]>(`
  UPDATE audit_log SET seq = CAST(v.column2 AS bigint), hash = v.column3
  FROM (VALUES ${Array.from({ length: SEAL_BATCH }, () => '(?, ?, ?)').join(', ')}) AS v
  WHERE audit_log.id = v.column1 AND audit_log.seq IS NULL`);

/**
 * Chains every committed, unsealed row: each gets the next seq and its hash, in id order (UUIDv7:
 * time of writing) within a batch. Runs off the request path (the app's timer, every second), in
 * batches of their own short transactions, letting other work in between. Answers how many rows it sealed.
 */
export async function sealAudit(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await db.transaction().execute(async (trx) => {
      const [head] = await lockHead(trx);
      const rows = await unsealed(trx, SEAL_BATCH);
      if (rows.length === 0) return 0;
      let seq = Number(head!.seq);
      let hash = head!.hash;
      const values: (string | number)[] = [];
      for (const row of rows) {
        seq += 1;
        hash = chainHash(hash, seq, row);
        values.push(row.id!, seq, hash);
      }
      // The statement takes a full batch: a short one is padded with its last row (sealing it twice is a no-op).
      while (values.length < SEAL_BATCH * 3) values.push(...values.slice(-3));
      await sealRows(trx, ...values);
      await setHead(trx, seq, hash);
      return rows.length;
    });
    total += sealed;
    if (sealed < SEAL_BATCH) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface ChainReport {
  ok: boolean;
  /** Rows checked in the chain. */
  sealed: number;
  /** Rows written but not chained yet (the sealer runs every second). */
  unsealed: number;
  /** The first row where the chain breaks, and how. */
  broken?: { seq: number; id: string | null; problem: string };
}

const chainPage = prepared<ChainedRow & { seq: number | string; hash: string }, [number, number]>(
  `SELECT seq, hash, ${CHAINED.join(', ')} FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?`,
);

/**
 * Walks the whole chain in seq order and recomputes every hash: names the first row that was changed,
 * the first seq missing (a deleted row), or a head the rows no longer reach (rows cut off the end).
 */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const [{ n }] = (await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM audit_log WHERE seq IS NULL`.execute(db)).rows as [
    { n: number | string },
  ];
  const report = (sealed: number, broken?: ChainReport['broken']): ChainReport => ({ ok: !broken, sealed, unsealed: Number(n), broken });
  let seq = 0;
  let hash = '';
  for (;;) {
    const rows = await chainPage(db, seq, 5_000);
    for (const row of rows) {
      const at = Number(row.seq);
      if (at !== seq + 1)
        return report(seq, { seq: seq + 1, id: null, problem: `row ${seq + 1} is missing (the next is ${at}, ${row.id})` });
      const expected = chainHash(hash, at, row);
      if (row.hash !== expected) return report(seq, { seq: at, id: row.id, problem: `row ${at} (${row.id}) was changed` });
      seq = at;
      hash = expected;
    }
    if (rows.length < 5_000) break;
  }
  const head = (await sql<{ seq: number | string; hash: string }>`SELECT seq, hash FROM audit_chain_head WHERE id = 1`.execute(db)).rows[0];
  if (!head || Number(head.seq) !== seq || head.hash !== hash) {
    return report(seq, {
      seq: seq + 1,
      id: null,
      problem: `the chain ends at row ${seq} but its head says ${head ? Number(head.seq) : 'nothing'}`,
    });
  }
  return report(seq);
}

/** Seals every second until stopped; a failed run is logged and retried on the next tick. */
export function startAuditSealer(db: Db, onError: (error: unknown) => void, intervalMs = 1_000): { stop(): Promise<void> } {
  return every(intervalMs, () => sealAudit(db), onError);
}
