import type { Kysely } from 'kysely';

// Frozen in time. Decommissioning on completion (issue 28, decision 0081):
// - documents.export: the ERP marked the document as an export (a dispatch leaving the market), so its
//   completion decommissions its packs as exported where its warehouse has an NMVS. 1 or 0; no document
//   before this one was marked.
// - verification_requests_document: a document's requests (its decommissions and their undos), read by
//   its reopen, and a return scan's, without reading the whole outbox.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('export', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('verification_requests_document').on('verification_requests').column('document_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('The decommission on completion migration is not reversible.');
}
