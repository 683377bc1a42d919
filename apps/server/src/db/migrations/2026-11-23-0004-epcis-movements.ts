import type { Kysely } from 'kysely';

// Frozen in time. Every completed movement kept as an EPCIS 2.0 ObjectEvent for integrators (decision 0017):
// - epcis_movements: one event per completed document, its id the event's hash ID (so recording it twice
//   records it once), queried by document and by event time (ISO-8601 UTC text, so text order is time order).
// - warehouses.gln: the GLN-13 the events name as readPoint, bizLocation and business transaction issuer;
//   warehouses.time_zone: the IANA zone whose UTC offset the events carry. Both optional.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('warehouses').addColumn('gln', 'text').execute();
  await db.schema.alterTable('warehouses').addColumn('time_zone', 'text').execute();

  await db.schema
    .createTable('epcis_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('doc_no', 'text', (c) => c.notNull())
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('body_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A query names a document number, a document type, or only a time range.
  await db.schema.createIndex('epcis_movements_doc_no').on('epcis_movements').columns(['doc_no', 'event_time']).execute();
  await db.schema.createIndex('epcis_movements_doc_type').on('epcis_movements').columns(['doc_type', 'event_time']).execute();
  await db.schema.createIndex('epcis_movements_time').on('epcis_movements').column('event_time').execute();
}

export async function down(): Promise<void> {
  throw new Error('The EPCIS movements migration is not reversible.');
}
