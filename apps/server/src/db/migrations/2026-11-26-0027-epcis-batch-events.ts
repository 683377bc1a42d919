import type { Kysely } from 'kysely';

// Frozen in time. A batch's status in the EPCIS export (issue 30, decision 0073):
// - epcis_batch_events: the EPCIS 2.0 ObjectEvents of a batch put on hold, recalled or released, one per
//   warehouse holding units of the batch, its id the event's hash ID, beside epcis_movements' ObjectEvents
//   (which always belong to a document: a status change belongs to none). Queried by event time (ISO-8601
//   UTC text, so text order is time order) and found by batch.
// - epcis_batch_changes: a change whose events are owed, written in the change's own transaction; its
//   events are built after the commit, a slice at a time, and `built_at` set when they are kept. One still
//   unbuilt (a server stopped in between) is built by the export before it answers.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('epcis_batch_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('built_at', 'text')
    .execute();
  await db.schema.createIndex('epcis_batch_changes_built').on('epcis_batch_changes').column('built_at').execute();
  await db.schema
    .createTable('epcis_batch_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('body_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('epcis_batch_events_time').on('epcis_batch_events').column('event_time').execute();
  await db.schema
    .createIndex('epcis_batch_events_batch')
    .on('epcis_batch_events')
    .columns(['material_no', 'batch_no', 'event_time'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The EPCIS batch events migration is not reversible.');
}
