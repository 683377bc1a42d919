import type { Kysely } from 'kysely';

// Frozen in time. The stock take (issue 31, decision 0079). A count is a row of `documents` (type COUNT,
// its number 'ST' + 8 digits from document_counters 'ST', its warehouse, Open / In Progress / Completed),
// so the engine's list and the open documents read it as any document; beside it:
// - stock_takes: one per count (keyed by its document): scope (material, batch, SSCC), blind or not,
//   its own state COUNTING / COMPLETED / APPROVED, when its snapshot was taken, who created, completed
//   and approved it and when.
// - stock_take_snapshot: the units in scope in stock of the warehouse when the count was created, every
//   level, with their type, material, batch, parent, status, reason and warehouse at that moment; at
//   approval each row's outcome ('counted', 'missing' or 'moved', and for moved the document).
// - stock_take_counted: each unit counted, in the round of its line (a recount starts the next round and
//   keeps the earlier rows), with the scan that counted it, the parent it was counted in, who and when,
//   and where and in what state the system had it then (a found unit's 'where it was thought to be');
//   its outcome at approval ('found', 'moved' or null).
// - stock_take_scans: one per scanId (a resent scan answers the same and records nothing twice).
// - stock_take_recounts: each recount of a line (material, batch; '' for none), its round, who and when.
// - stock_take_reasons: the reason given at completion for each line with a difference.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_takes')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('scope_material_no', 'text')
    .addColumn('scope_batch_no', 'text')
    .addColumn('scope_sscc', 'text')
    .addColumn('blind', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('snapshot_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('completed_by', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'text')
    .execute();

  await db.schema
    .createTable('stock_take_snapshot')
    .addColumn('stock_take_id', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('material_no', 'text')
    .addColumn('batch_no', 'text')
    .addColumn('parent_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('warehouse_no', 'text')
    .addColumn('outcome', 'text')
    .addColumn('moved_doc_type', 'text')
    .addColumn('moved_doc_no', 'text')
    .addPrimaryKeyConstraint('stock_take_snapshot_pk', ['stock_take_id', 'unit_id'])
    .execute();

  await db.schema
    .createTable('stock_take_counted')
    .addColumn('stock_take_id', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('counted_parent_id', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('material_no', 'text')
    .addColumn('batch_no', 'text')
    .addColumn('was_warehouse_no', 'text')
    .addColumn('was_status', 'text', (c) => c.notNull())
    .addColumn('was_reason', 'text')
    .addColumn('outcome', 'text')
    .addColumn('moved_doc_type', 'text')
    .addColumn('moved_doc_no', 'text')
    .addPrimaryKeyConstraint('stock_take_counted_pk', ['stock_take_id', 'unit_id', 'round'])
    .execute();

  await db.schema
    .createTable('stock_take_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('stock_take_id', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_take_scans_count').on('stock_take_scans').columns(['stock_take_id', 'at']).execute();

  await db.schema
    .createTable('stock_take_recounts')
    .addColumn('stock_take_id', 'text', (c) => c.notNull())
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_take_recounts_pk', ['stock_take_id', 'material_no', 'batch_no', 'round'])
    .execute();

  await db.schema
    .createTable('stock_take_reasons')
    .addColumn('stock_take_id', 'text', (c) => c.notNull())
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addPrimaryKeyConstraint('stock_take_reasons_pk', ['stock_take_id', 'material_no', 'batch_no'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The stock take migration is not reversible.');
}
