import type { Kysely } from 'kysely';

// Frozen in time. Reader settings of spec point 5 (decision 0042), held by the warehouse:
// one row per warehouse and reader; reader '' is the warehouse's own row, applying to every reader.
// - prefix: what such readers put before a code (Non-GS1 mode removes it), or null;
// - strip00: a 20-character code starting with '00' loses those two characters (Non-GS1 mode);
// - bare_sscc: an 18-digit SSCC typed without its AI (00) is accepted in carton and pallet mode.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reader_settings')
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('reader', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text')
    .addColumn('strip00', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bare_sscc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reader_settings_pk', ['warehouse_no', 'reader'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The reader settings migration is not reversible.');
}
