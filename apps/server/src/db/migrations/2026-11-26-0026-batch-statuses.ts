import type { Kysely } from 'kysely';

// Frozen in time. A batch's status (issue 30, decision 0070): a row per batch (material + batch number)
// ever put on hold or recalled; a batch without a row is RELEASED. The scan path reads the status of
// each pack's batch with the pack, and the batch's units are found by their material and batch, in id
// order (keyset pagination: a batch of 100,000 packs is read a slice at a time, decision 0070).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batch_statuses')
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_statuses_pk', ['material_no', 'batch_no'])
    .execute();
  await db.schema.createIndex('handling_units_batch').on('handling_units').columns(['material_no', 'batch_no', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('The batch statuses migration is not reversible.');
}
