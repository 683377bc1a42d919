import type { Kysely, Transaction } from 'kysely';
import { newId } from '../lib/ids.ts';
import type { Database } from './schema.ts';

export interface AuditEntry {
  actorId: string | null;
  entity: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/**
 * Appends audit rows: who, when, what, before, after, why. Called with the transaction of
 * the change it records, so the two are written together or not at all.
 */
export async function writeAudit(
  trx: Kysely<Database> | Transaction<Database>,
  entries: AuditEntry[],
  at: string = new Date().toISOString(),
): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(
      entries.map((e) => ({
        id: newId(),
        at,
        actor_id: e.actorId,
        entity: e.entity,
        entity_id: e.entityId,
        action: e.action,
        before_json: e.before === undefined ? null : JSON.stringify(e.before),
        after_json: e.after === undefined ? null : JSON.stringify(e.after),
        reason: e.reason ?? null,
      })),
    )
    .execute();
}
