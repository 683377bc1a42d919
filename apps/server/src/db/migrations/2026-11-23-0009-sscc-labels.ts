import type { Kysely } from 'kysely';

// Frozen in time. SSCC allocation, label printing and repacking (issue 18, decisions 0030-0032):
// - warehouses.gs1_company_prefix / sscc_extension_digit: the issuer of the warehouse's new SSCCs.
// - warehouse_printers: the network label printers of a warehouse (raw TCP, usually port 9100).
// - sscc_counters: the next serial reference of each issuer (extension digit + company prefix), taken
//   with one UPDATE ... RETURNING so two server instances never take the same one.
// - sscc_issued: every SSCC issued, its primary key a last guard against issuing one twice.
// - repacks: a pallet or carton made by repacking, REPACK_PENDING until its repack is completed.
// - label_prints: every label printed or reprinted (a reprint is a copy).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('warehouses').addColumn('gs1_company_prefix', 'text').execute();
  await db.schema.alterTable('warehouses').addColumn('sscc_extension_digit', 'text').execute();

  await db.schema
    .createTable('warehouse_printers')
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_printers_pk', ['warehouse_no', 'name'])
    .execute();

  await db.schema
    .createTable('sscc_counters')
    .addColumn('issuer', 'text', (c) => c.primaryKey())
    .addColumn('next_serial', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sscc_issued')
    .addColumn('sscc', 'text', (c) => c.primaryKey())
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('issued_by', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('repacks')
    .addColumn('unit_id', 'text', (c) => c.primaryKey().references('handling_units.id'))
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();

  await db.schema
    .createTable('label_prints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sscc', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('printer', 'text')
    .addColumn('copy', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('label_prints_sscc').on('label_prints').column('sscc').execute();
}

export async function down(): Promise<void> {
  throw new Error('The SSCC and labels migration is not reversible.');
}
