import { sql, type Kysely } from 'kysely';

// Frozen in time. Counted scans (ScanLite, decision 0027): a scan of a counted family names a material
// and batch, not a handling unit, so it has a table of its own beside `scans` (whose unit_id is a
// unit's). One row per scan or reverse, keyed by its scanId (a repeat answers the stored response).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counted_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('scan', 'reverse')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('material_no', 'text', (c) => c.notNull().references('materials.material_no'))
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counted_scans_document').on('counted_scans').columns(['document_id', 'at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('The counted scans migration is not reversible.');
}
