import type { Kysely } from 'kysely';

// Frozen in time. Units announced by EPCIS, found before they are received (issue 34, decision 0083):
// - epcis_announcements: one row an announcing event the intake acted on (commissioning, packing, a
//   shipping notice): its eventID (or the hash the intake keeps it by), type, CBV business step, eventTime
//   as sent, the warehouse it addresses its goods to (its destination location or the IBD of its desadv;
//   null when none of ours), when it was received.
// - epcis_announced_units: the announcement of each unit an event named at its top (an ObjectEvent's EPCs,
//   an AggregationEvent's parent) while in no warehouse; one a unit, the newest that addresses it. Units
//   inside are found through it. Read by unit (its key) in search and by the area rule's walk up a tree.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('epcis_announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('biz_step', 'text')
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('warehouse_no', 'text', (c) => c.references('warehouses.warehouse_no'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('epcis_announced_units')
    .addColumn('unit_id', 'text', (c) => c.primaryKey().references('handling_units.id'))
    .addColumn('announcement_id', 'text', (c) => c.notNull().references('epcis_announcements.id'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The EPCIS announcements migration is not reversible.');
}
