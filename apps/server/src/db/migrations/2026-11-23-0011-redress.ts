import type { Kysely } from 'kysely';

// Frozen in time. Redress (RRD, decision 0036):
// - documents.bpr_no: the BPR No. a redress production order is recorded against.
// - redress_cartons: the carton labels scanned on a PO (the carton's SSCC, the material, batch and count it holds).
// - redress_carton_packs: which carton each serialised pack was scanned into (the pack's scan item says whether it is still on the PO).
// - counted_packs: packs counted without a unit (NON_SERIES), per document and carton; the lines count them with the scanned packs.
// - redress_replacements: a pack swapped for another on a PO, both named.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('bpr_no', 'text').execute();
  await db.schema
    .createTable('redress_cartons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('carton_code', 'text', (c) => c.notNull())
    .addColumn('material_no', 'text', (c) => c.notNull().references('materials.material_no'))
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('bpr_no', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('redress_cartons_code', ['document_id', 'carton_code'])
    .execute();
  await db.schema
    .createTable('redress_carton_packs')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('carton_id', 'text', (c) => c.notNull().references('redress_cartons.id'))
    .addPrimaryKeyConstraint('redress_carton_packs_pk', ['document_id', 'unit_id'])
    .execute();
  await db.schema.createIndex('redress_carton_packs_carton').on('redress_carton_packs').column('carton_id').execute();
  await db.schema
    .createTable('counted_packs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('carton_id', 'text', (c) => c.references('redress_cartons.id'))
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text')
    .addColumn('packs', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counted_packs_document').on('counted_packs').column('document_id').execute();
  await db.schema
    .createTable('redress_replacements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('carton_id', 'text', (c) => c.notNull().references('redress_cartons.id'))
    .addColumn('from_unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('to_unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The redress migration is not reversible.');
}
