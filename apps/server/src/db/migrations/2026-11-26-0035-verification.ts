import type { Kysely } from 'kysely';

// Frozen in time. Pack verification against the national systems (issue 28, decision 0081):
// - verification_settings: a warehouse's system (NMVS or VRS), its address, the NMVS client id and user,
//   the secret sealed with AES-256-GCM (a key derived from the audit key; never stored in clear), the GLN
//   a VRS request names as its requester, who set it and when.
// - verification_requests: the outbox. Every request to a system is a row, committed before it is sent:
//   its id is the NMVS ClientTrxId (as 32 hex digits) and the VRS corrUUID, so a request sent again after
//   a restart is the same request to the system. What it asks (operation, kind: single, bulk, undo or bulk
//   undo; purpose: the workflow that asked), the product, batch, expiry (YYMMDD as sent) and serials, the
//   unit or document it is for, the request it undoes. Its delivery: state (queued, sending, answered,
//   failed), attempts, when it is next due, the lease of the sender sending it (a lease run out is a
//   sender that died: the request is claimed and sent again), the NMVS transaction id of a bulk request's
//   acknowledgement (its result is fetched, the request never sent twice). Its answer: the outcome
//   (verified, alert, refused, pending, failed), return code, message, alert id, the answer per pack, when.
//   The sender finds due requests by (state, next_attempt_at); the Verification page lists the newest.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_settings')
    .addColumn('warehouse_no', 'text', (c) => c.primaryKey().references('warehouses.warehouse_no'))
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('user_name', 'text')
    .addColumn('secret_sealed', 'text')
    .addColumn('gln', 'text')
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('warehouse_no', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('gtin', 'text', (c) => c.notNull())
    .addColumn('batch', 'text', (c) => c.notNull())
    .addColumn('expiry', 'text', (c) => c.notNull())
    .addColumn('serials_json', 'text', (c) => c.notNull())
    .addColumn('pack_count', 'integer', (c) => c.notNull())
    .addColumn('unit_id', 'text')
    .addColumn('document_id', 'text')
    .addColumn('ref_request_id', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('nmvs_trx_id', 'text')
    .addColumn('outcome', 'text')
    .addColumn('return_code', 'text')
    .addColumn('message', 'text')
    .addColumn('alert_id', 'text')
    .addColumn('answer_json', 'text')
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema.createIndex('verification_requests_due').on('verification_requests').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('verification_requests_requested').on('verification_requests').columns(['requested_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('The verification migration is not reversible.');
}
