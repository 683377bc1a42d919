import type { Kysely } from 'kysely';

// Frozen in time. Refused scans (issue 32, decision 0077): a scan the rules refused (409 or 422) changes
// nothing, so until now it left no row anywhere; the productivity report counts them beside the accepted
// ones. One row per refused scan, keyed by its scanId, so that the offline queue resending the same refused
// scan counts once. The document's type and number as the request named them, its warehouse when the
// document exists (null otherwise: such a refusal is in no warehouse's report), the code answered, and
// when (ISO-8601 UTC text, so text order is time order). Read by time, in the report's period.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_refusals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('doc_no', 'text', (c) => c.notNull())
    .addColumn('warehouse_no', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scan_refusals_at').on('scan_refusals').columns(['at', 'warehouse_no']).execute();
}

export async function down(): Promise<void> {
  throw new Error('The scan refusals migration is not reversible.');
}
