import type { Kysely } from 'kysely';

// Frozen in time. The engine runs every document family (decision 0015):
// - scan_items holds every unit of a scanned tree, not only its packs: `counted` marks the packs a
//   document counts, `before_status` and `before_reason` the state each unit had, which a reverse restores.
// - saleable stock by warehouse, material and expiry, for first-expiry-first-out advice on dispatch.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scan_items')
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('scan_items').addColumn('before_status', 'text').execute();
  await db.schema.alterTable('scan_items').addColumn('before_reason', 'text').execute();
  // Until now only receiving scanned, always from TRANSIT / PENDING GR: that is the state its packs had.
  await db
    .updateTable('scan_items')
    .set({ before_status: 'TRANSIT', before_reason: 'PENDING GR' })
    .where('before_status', 'is', null)
    .execute();
  await db.schema
    .createIndex('handling_units_stock')
    .on('handling_units')
    .columns(['material_no', 'warehouse_no', 'status', 'expiry'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The family engine migration is not reversible.');
}
