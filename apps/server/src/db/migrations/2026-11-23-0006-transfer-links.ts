import type { Kysely } from 'kysely';

// Frozen in time. Transfers between plants (docs/inventory-states.md, "Transfer"):
// - documents.destination_warehouse_no: where a transfer (STO) sends its stock; null for other documents.
// - documents.source_document_id: the document whose stock this one receives (an IBD naming its STO);
//   completing the STO makes its units the IBD's expected units (document_units).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('destination_warehouse_no', 'text', (c) => c.references('warehouses.warehouse_no'))
    .execute();
  await db.schema
    .alterTable('documents')
    .addColumn('source_document_id', 'text', (c) => c.references('documents.id'))
    .execute();
  await db.schema.createIndex('documents_source').on('documents').column('source_document_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('The transfer links migration is not reversible.');
}
