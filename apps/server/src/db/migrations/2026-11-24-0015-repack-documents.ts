import { sql, type Kysely } from 'kysely';

// Frozen in time. Repack as a document (issue 18, decision 0048):
// - document_counters: the next number of each kind of document the server issues itself ('RP' for
//   repacks), taken with one UPDATE ... RETURNING as the SSCC counters are (decision 0030).
// - repack_documents: one repack, 'RP' + 8 digits: its destination pallet or carton, REPACK_PENDING then
//   REPACK_COMPLETE, the document it is made for (or null), who made and completed it and when. At most
//   one pending repack per destination (a partial unique index); a unit may be repacked again later.
// - repack_moves: one row per move recorded on a repack, numbered in order (seq): the scanId, the unit, its parent before and
//   after, who and when, and the answer a repeated scanId gets (null for a move made by remapHU).
// - epcis_aggregations: the EPCIS 2.0 AggregationEvents of completed repacks and of remapHU moves made
//   outside a repack, beside epcis_movements' ObjectEvents (which always belong to a document).
// The rows of `repacks` (migration 0009: one per pallet or carton made by createPallet, keyed by unit)
// become repacks numbered RP00000001, ... in the order they were made, with no moves (their moves stay
// in the audit trail); then `repacks` is dropped.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_value', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('repack_documents')
    .addColumn('repack_no', 'text', (c) => c.primaryKey())
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('destination_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reference_no', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_by', 'text')
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('repack_documents_destination').on('repack_documents').columns(['destination_id', 'created_at']).execute();
  await db.schema
    .createIndex('repack_documents_one_pending')
    .on('repack_documents')
    .column('destination_id')
    .unique()
    .where(sql.ref('state'), '=', 'REPACK_PENDING')
    .execute();

  await db.schema
    .createTable('repack_moves')
    .addColumn('repack_no', 'text', (c) => c.notNull().references('repack_documents.repack_no'))
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('from_id', 'text')
    .addColumn('to_id', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addPrimaryKeyConstraint('repack_moves_pk', ['repack_no', 'scan_id'])
    .execute();
  await db.schema.createIndex('repack_moves_scan').on('repack_moves').column('scan_id').execute();

  await db.schema
    .createTable('epcis_aggregations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('repack_no', 'text')
    .addColumn('warehouse_no', 'text', (c) => c.notNull())
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('body_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('epcis_aggregations_repack').on('epcis_aggregations').columns(['repack_no', 'event_time']).execute();
  await db.schema.createIndex('epcis_aggregations_time').on('epcis_aggregations').column('event_time').execute();

  const old = await db
    .selectFrom('repacks')
    .select(['unit_id', 'warehouse_no', 'state', 'created_by', 'created_at', 'completed_at'])
    .orderBy('created_at')
    .orderBy('unit_id')
    .execute();
  let n = 0;
  for (const r of old) {
    n += 1;
    await db
      .insertInto('repack_documents')
      .values({
        repack_no: `RP${String(n).padStart(8, '0')}`,
        warehouse_no: r.warehouse_no,
        destination_id: r.unit_id,
        state: r.state,
        reference_no: null,
        created_by: r.created_by,
        created_at: r.created_at,
        // Who completed an old repack was kept in the audit trail only.
        completed_by: null,
        completed_at: r.completed_at,
      })
      .execute();
  }
  await db
    .insertInto('document_counters')
    .values({ name: 'RP', next_value: n + 1 })
    .execute();
  await db.schema.dropTable('repacks').execute();
}

export async function down(): Promise<void> {
  throw new Error('The repack documents migration is not reversible.');
}
