import type { Application } from '@pharma/domain';
import type { VerificationOutcome } from '@pharma/domain/contract/verification';
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/prepared.ts';
import type {
  Database,
  VerificationRequestRow,
  VerificationRequestsTable,
  VerificationSettingsRow,
  VerificationSettingsTable,
} from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { VerificationRequestRow, VerificationSettingsRow };

/** A warehouse's national system and the outbox of requests to it (migration 0035). SQL only. */

export function findSettings(db: Db, warehouseNo: string): Promise<VerificationSettingsRow | undefined> {
  return db.selectFrom('verification_settings').selectAll().where('warehouse_no', '=', warehouseNo).executeTakeFirst();
}

export async function saveSettings(db: Db, row: Insertable<VerificationSettingsTable>): Promise<void> {
  const { warehouse_no: _key, ...changes } = row;
  await db
    .insertInto('verification_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('warehouse_no').doUpdateSet(changes))
    .execute();
}

export async function removeSettings(db: Db, warehouseNo: string): Promise<void> {
  await db.deleteFrom('verification_settings').where('warehouse_no', '=', warehouseNo).execute();
}

export async function insertRequest(db: Db, row: Insertable<VerificationRequestsTable>): Promise<void> {
  await db.insertInto('verification_requests').values(row).execute();
}

/**
 * PostgreSQL: the caller's transaction commits without waiting for its WAL to reach the disk
 * (synchronous_commit off for this transaction only; an fsync, 2 ms and more under load, saved). The
 * WAL is written in order, so any later durable commit (a scan's, for one) takes it to the disk too, and
 * the WAL writer does within 3 x wal_writer_delay (600 ms by default). SQLite: nothing, its commits stay
 * durable (it has no such setting per transaction).
 */
export async function commitWithoutWaitingForDisk(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`SET LOCAL synchronous_commit TO OFF`.execute(trx);
}

export function findRequest(db: Db, id: string): Promise<VerificationRequestRow | undefined> {
  return db.selectFrom('verification_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Due: queued and its time come, or being sent under a lease that ran out (its sender stopped). */
function due(now: string) {
  return (eb: ExpressionBuilder<Database, 'verification_requests'>) =>
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', now)]),
    ]);
}

/**
 * Takes up to `limit` due requests for `owner` until `leaseUntil`, counting the attempt. PostgreSQL: rows
 * another instance is taking are skipped (FOR UPDATE SKIP LOCKED), so each request has one sender. SQLite
 * has one writer: the statement is the guard. A request taken again keeps its id (its ClientTrxId).
 */
export function claimDue(db: Db, owner: string, now: string, leaseUntil: string, limit: number): Promise<VerificationRequestRow[]> {
  const candidates = db.selectFrom('verification_requests').select('id').where(due(now)).orderBy('next_attempt_at').limit(limit);
  return db
    .updateTable('verification_requests')
    .set((eb) => ({ state: 'sending', lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? candidates.forUpdate().skipLocked() : candidates)
    .where(due(now))
    .returningAll()
    .execute();
}

export type RequestChanges = Updateable<VerificationRequestsTable>;

/** Writes what a send came to, if `owner` still holds the request's lease; false when it does not (another sender took it). */
export async function settle(db: Db, id: string, owner: string, changes: RequestChanges): Promise<boolean> {
  const result = await db
    .updateTable('verification_requests')
    .set({ ...changes, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RequestFilter {
  area: Application;
  outcome?: VerificationOutcome;
  /** ISO instants: requested at or after `since`, before `before`. */
  since?: string;
  before?: string;
  limit: number;
}

/** The area's requests (their warehouse's area), newest first, with the requester's name. */
export function listRequests(db: Db, filter: RequestFilter) {
  let query = db
    .selectFrom('verification_requests as r')
    .innerJoin('warehouses as w', 'w.warehouse_no', 'r.warehouse_no')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .selectAll('r')
    .select(['u.first_name', 'u.last_name'])
    .where('w.area', '=', filter.area);
  // Never tried yet (no outcome) is pending too.
  if (filter.outcome === 'pending') query = query.where((eb) => eb.or([eb('r.outcome', '=', 'pending'), eb('r.outcome', 'is', null)]));
  else if (filter.outcome !== undefined) query = query.where('r.outcome', '=', filter.outcome);
  if (filter.since !== undefined) query = query.where('r.requested_at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('r.requested_at', '<', filter.before);
  return query.orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').limit(filter.limit).execute();
}
